"""Which language a text is written in: enough to pick an embedder and a stemmer.

The script decides first (Cyrillic, Greek, CJK …); among the Latin-script
languages the words that carry no content decide ("the", "und", "que"):
every sentence has them, they are few, and no two of these languages share
their most frequent ones. A text too short to tell, or in none of the
languages named here, is "und" (undetermined), and callers treat it as not
English: a multilingual embedder reads English too, MiniLM reads nothing else.
"""
from __future__ import annotations

import re
from collections import Counter

UNDETERMINED = "und"
ENGLISH = "en"
SAMPLE_CHARS = 20_000   # what is read of a long text: its opening says as much
MIN_WORDS = 5           # fewer Latin-script words than this tell nothing
MIN_SHARE = 0.12        # the winning stopwords' share of the words, below which: und
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)

# The most frequent function words of each language (articles, pronouns,
# prepositions, conjunctions, auxiliaries), lower case.
STOPWORDS = {
    "en": "the of and to a in is that for it with as on are be by this or not from you "
          "can if an at which will when all your has have i do does how what where why my "
          "should get there",
    "de": "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als "
          "auch es an werden aus er hat dass sie nach wird bei oder wenn kann",
    "es": "de la que el en y los del se las por un para con no una su al lo como más pero "
          "sus le ya o este sí si porque esta entre cuando muy sin sobre también es puede "
          "cómo qué cuál dónde hay",
    "fr": "de la le et les des en un du une que est pour qui dans par sur pas plus au ne se "
          "ce il sont avec ou être peut",
    "it": "di e il la che è per un in del non una sono le si con da della dei nel gli come "
          "anche più se può",
    "pt": "de a o que e do da em um para é com não uma os no se na por mais as dos como mas "
          "ao pode",
    "nl": "de en van het een in is dat op te zijn voor met die niet aan er als bij ook kan "
          "wordt worden of",
}
_STOPWORDS = {language: frozenset(words.split()) for language, words in STOPWORDS.items()}
# Scripts that name their language (or family) by themselves.
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_SCRIPTS = (
    ("ru", CYRILLIC),   # Cyrillic: Russian unless Ukrainian letters show
    ("el", re.compile(r"[\u0370-\u03FF]")),
    ("ja", re.compile(r"[\u3040-\u30FF]")),   # kana before Han: Japanese writes both
    ("zh", re.compile(r"[\u4E00-\u9FFF]")),
    ("ko", re.compile(r"[\uAC00-\uD7AF]")),
    ("ar", re.compile(r"[\u0600-\u06FF]")),
    ("he", re.compile(r"[\u0590-\u05FF]")),
)
_UKRAINIAN = re.compile(r"[іїєґІЇЄҐ]")
# Letters and marks only one of these languages writes: each counts as a
# stopword of its language (a short question may hold one stopword or none).
_LETTERS = {"es": "ñ¿¡", "de": "ßäöü", "pt": "ãõç", "fr": "çèêëœ", "nl": "ĳ"}


def detect(text: str) -> str:
    """An ISO 639-1 code ("en", "ru", "de" …), or "und". A script tells from
    a few letters; Latin-script languages need MIN_WORDS words or more."""
    sample = text[:SAMPLE_CHARS]
    letters = sum(c.isalpha() for c in sample)
    if letters < 3:
        return UNDETERMINED
    return _by_script(sample, letters) or _by_words(sample.casefold())


def _by_script(sample: str, letters: int) -> str | None:
    """The language a script names, when at least a third of the letters are in it."""
    for language, pattern in _SCRIPTS:
        if len(pattern.findall(sample)) * 3 >= letters:
            if language == "ru" and len(_UKRAINIAN.findall(sample)) * 200 >= letters:
                return "uk"
            return language
    return None


def _by_words(sample: str) -> str:
    words = _WORD.findall(sample)
    if len(words) < MIN_WORDS:
        return UNDETERMINED
    # One-letter words tell little and mislead much: "a", "e", "o", "y" are
    # function words of several languages at once, and a table of letters
    # (ascii(7)) or "e.g." is full of them.
    counts = Counter(word for word in words if len(word) > 1)
    scores = {language: sum(counts[w] for w in stopwords)
              + sum(sample.count(c) for c in _LETTERS.get(language, ""))
              for language, stopwords in _STOPWORDS.items()}
    best = max(scores, key=scores.get)
    return best if scores[best] >= MIN_SHARE * len(words) else UNDETERMINED
