"""A word's forms folded to one, so that the words search matches "отпуска"
with "отпуском" and "Überstunden" with "Überstunde".

FTS5's "porter" and PostgreSQL's English configuration stem English only:
a Russian, German or Spanish word had to appear in the very form the
question used. Here each word of a text in such a language is replaced by
its Snowball stem (the same algorithms PostgreSQL's own snowball
dictionaries run), lower case, and everything between words is kept, so
the lexical index's own tokenizer cuts it into the same tokens at the same
positions (a compound like "pg_hba.conf" still matches as a phrase). Both
stores index these forms; a question's words are folded the same way, once
for each language the index holds, so the text and the question meet
whatever language the question is in.
"""
from __future__ import annotations

import re
import threading

# The languages detect() names that Snowball has a stemmer for. English is
# left to the lexical index's own stemmer (FTS5's porter, PostgreSQL's
# english snowball): its figures are the product's reference point.
SNOWBALL = {"ru": "russian", "de": "german", "es": "spanish", "fr": "french",
            "it": "italian", "pt": "portuguese", "nl": "dutch"}
# Letters and digits, as FTS5's unicode61 reads a token ("_" separates).
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)

# Words that carry no content, dropped from a question's search words as
# the English ones are (app/search/retrieval.py); negations stay, since
# "nicht" or "не" can be the point of a question.
STOPWORDS = {
    "ru": "и в во на с со к ко по о об от до из у за для как что это ли же бы "
          "а но или то так где когда какой какая какие каком сколько чем мне я мы "
          "вы он она они его её их есть был была были будет можно нужно ли",
    "de": "der die das den dem des ein eine einen einem einer und oder in im an am auf "
          "für mit von vom zu zum zur ist sind wird werden kann können wie was wo wann "
          "welche welcher welches ich wir sie es man bei aus als",
    "es": "el la los las un una unos unas de del al y o en con por para que qué es son "
          "se como cómo cuál cuáles dónde cuándo cuánto cuántos mi mis su sus lo le me "
          "puedo puede hay",
}
_STOPWORDS = {language: frozenset(words.split()) for language, words in STOPWORDS.items()}


def stemmed(language: str | None) -> bool:
    """Whether texts in `language` are indexed as word forms here."""
    return language in SNOWBALL


def forms_of_text(text: str, language: str | None) -> str | None:
    """`text` with every word replaced by its stem in `language`; None when
    the lexical index reads the language as it is (English, undetermined)."""
    if not stemmed(language):
        return None
    stem = _stemmer(language)
    return _TOKEN.sub(lambda word: stem(word.group().lower()), text)


def forms_of_terms(terms: list[str], languages) -> list[str]:
    """A question's search words, each followed by its forms in every
    stemmed language the index holds (duplicates dropped, order kept): the
    word itself still meets the English text and names, the forms meet the
    other languages' text."""
    languages = sorted(language for language in set(languages) if stemmed(language))
    out: list[str] = []
    for term in terms:
        for form in [term, *(forms_of_text(term, language) for language in languages)]:
            if form and form not in out:
                out.append(form)
    return out


def is_stopword(word: str, languages) -> bool:
    """A function word of one of `languages` (lower case)."""
    return any(word in _STOPWORDS.get(language, ()) for language in languages)


def _stemmer(language: str):
    """The Snowball stemmer's stemWord for `language`, one per thread:
    PyStemmer's stemmers keep state and are not to be shared between threads
    (indexing and searching run in workers)."""
    stemmers = _LOCAL.__dict__.setdefault("stemmers", {})
    if language not in stemmers:
        import Stemmer

        stemmers[language] = Stemmer.Stemmer(SNOWBALL[language], 10_000).stemWord
    return stemmers[language]


_LOCAL = threading.local()
