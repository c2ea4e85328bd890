"""A "yes" the quote denies, a "no" to what it says; a truth value, or first
and last, said otherwise."""
from __future__ import annotations

import re

from app.answers.checks.contradiction.found import POLARITY, VALUE, Contradiction
from app.answers.checks.contradiction.switches import default_switch
from app.answers.evidence.words import STOPWORDS, stem
from app.common.word_forms import forms_of_text, is_stopword


_YES = {"en": ("yes",), "de": ("ja",), "es": ("sí", "si"), "ru": ("да",)}
_NO = {"en": ("no",), "de": ("nein",), "es": ("no",), "ru": ("нет",)}
# Words that deny or restrict what their clause says. "only" is one: "only
# the directory format supports parallel dumps" answers "can the custom
# format?" with a no. A default of false, or a switch off, is a no too; so
# is an exception ("alle außer den letzten K Byte": not the last K bytes).
_NEGATIONS = {
    "en": r"not|no|never|nor|neither|none|nobody|nothing|cannot|can't|won't|\w+n't|without|"
          r"only|false|disabled|forbidden|prohibited|except|excluding",
    "de": r"nicht|nie|niemals|kein\w*|nichts|niemand|ohne|nur|weder|aus|false|off|verboten|"
          r"außer|ausgenommen",
    "es": r"no|nunca|jamás|ni|ningún|ninguna|ninguno|nada|nadie|sin|solo|sólo|solamente|"
          r"tampoco|false|prohibido|salvo|excepto",
    "ru": r"не|нет|ни|никогда|нельзя|ничего|никто|ничто|без|только|запрещ\w*|false|off|кроме",
}
_NEGATION = {language: re.compile(r"(?<![\w'’])(?:" + words + r")(?![\w'’])", re.IGNORECASE)
             for language, words in _NEGATIONS.items()}
_CLAUSE = re.compile(r"[;:.!?]\s+|,\s+(?:and|but|und|aber|y|pero|и|а|но)\s+|\s+but\s+|\s+aber\s+"
                     r"|\s+pero\s+|,\s+а\s+|,\s+но\s+")
_LEAD = re.compile(r"\s*([^\W\d_]+)\s*[,.!:;—–-]", re.UNICODE)


def polarity(answer: str, quote: str, question: str, language: str) -> list[Contradiction]:
    """A "yes" that affirms what the quote denies ("Yes, … can be paid out"
    under "it cannot be paid out"), or a "no" to what the quote says in the
    question's own words, or to a switch's default the quote gives.

    A "no" is held to the quote only so: beside a quote that denies nothing
    it is mostly the answer's own correction ("No, ASCII is a 7-bit code"),
    and flagging it failed 4 times in 28 on the first held-out batch while
    catching nothing; a "no" whose words deny what the quote affirms raised 6
    false alarms in 23 on the first batch (docs/answers.md)."""
    lead = _LEAD.match(answer)
    if not lead or language not in _NEGATION:
        return []
    unasked, _ = _scoped(question, language)   # "…, when there is no reader?"
    denied, _ = _scoped(quote, language)
    _, body_affirmed = _scoped(answer[lead.end():], language)
    said = lead.group(1).lower()
    if said in _YES[language] and (denied & body_affirmed) - unasked:
        return [Contradiction(POLARITY, lead.group(1), lead.start(1), lead.end(1))]
    if said in _NO[language] and _affirms_all(quote, question, language):
        return [Contradiction(POLARITY, lead.group(1), lead.start(1), lead.end(1))]
    switch = default_switch(quote, question)
    if switch is not None and said in _YES[language] + _NO[language] \
            and (said in _YES[language]) != switch:
        return [Contradiction(POLARITY, lead.group(1), lead.start(1), lead.end(1))]
    return []


_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_CONDITIONS = {"if", "wenn", "falls", "si", "если"}   # no stopwords to every stemmer
MIN_ASKED_WORDS = 3   # a question's content words the quote must all affirm for a "no"


def _affirms_all(quote: str, question: str, language: str) -> bool:
    """Whether one sentence of the quote says, unrestricted and in the same
    order, every content word and number the question asks about ("Is
    read-write the kernel default?" under "Read-write is the kernel
    default"): a "no" to that is the quote's opposite. The order tells "Does
    12 ship an older kernel than 11?" from "11 ships an older kernel than
    12"; the question's first word, its verb in a yes/no question in these
    languages ("Benutzt der Treiber …"), may stand anywhere."""
    asked = _ordered(question, language)[1:]
    if _NEGATION[language].search(question) or len(set(asked)) < MIN_ASKED_WORDS:
        return False
    # a sentence that denies anything may deny the question's whole statement
    # ("… are currently not supported", "powers of 1000 not 1024")
    return any(not _NEGATION[language].search(sentence)
               and _in_order(asked, _ordered(sentence, language))
               for sentence in _SENTENCE.split(quote))


def _ordered(text: str, language: str) -> list[str]:
    """The text's content words (stems) and numbers, in their order."""
    return [w if w.isdigit() else _stem(w, language)
            for w in re.findall(r"\d+|[^\W\d_]+", text.lower())
            if w.isdigit() or (len(w) > 1 and w not in STOPWORDS and w not in _CONDITIONS
                               and not is_stopword(w, {language}))]


def _in_order(wanted: list[str], words: list[str]) -> bool:
    """Whether `wanted` is a subsequence of `words`."""
    remaining = iter(words)
    return all(any(w == word for word in remaining) for w in wanted)


# Words that deny their opposite without a negation ("entirely optional" is
# "not required"; "must be refused", "not accepted"), in the four languages.
_OPPOSITE_PAIRS = (
    ("optional voluntary", "required"), ("refused rejected declined", "accepted"),
    ("forbidden prohibited banned", "allowed"), ("disabled", "enabled"),
    ("fails fail", "succeeds succeed"),
    ("dropped removed discontinued", "supported supports support included includes available"),
    ("freiwillig optional", "erforderlich"), ("verboten untersagt", "erlaubt"),
    ("deaktiviert ausgeschaltet", "aktiviert"),
    ("opcional", "obligatorio"), ("prohibido", "permitido"), ("desactivado", "activado"),
    ("необязательно необязательный", "обязательно обязательный"), ("запрещено", "разрешено"),
    ("отключено", "включено"))
_OPPOSITES: dict[str, set[str]] = {}   # a word → the words it denies
for _words, _opposites in _OPPOSITE_PAIRS:
    for _word in _words.split():
        _OPPOSITES.setdefault(_word, set()).update(_opposites.split())
_SCOPE_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")  # "--no-verify" is no "no"
NEGATION_SCOPE = 4   # words after a negation that it denies ("cannot be paid out")
_TRUTH = {"true": True, "false": False, "wahr": True, "falsch": False, "verdadero": True,
          "falso": False, "истина": True, "ложь": False}
_TRUTH_WORD = re.compile(r"(?<![\w-])(" + "|".join(_TRUTH) + r")(?![\w-])", re.IGNORECASE)


def truth(answer: str, quote: str) -> list[Contradiction]:
    """A setting's value said as true where the quote only ever says false,
    or the other way round ("defaults to False" for "The default value … is
    True")."""
    said = {_TRUTH[m.group(1).lower()] for m in _TRUTH_WORD.finditer(quote)}
    if len(said) != 1:
        return []  # none, or both: which is which needs more than a word
    value = said.pop()
    return [Contradiction(VALUE, m.group(1), m.start(1), m.end(1), str(value).lower())
            for m in _TRUTH_WORD.finditer(answer) if _TRUTH[m.group(1).lower()] != value][:1]


def _scoped(text: str, language: str) -> tuple[set[str], set[str]]:
    """The content words of `text` (their stems) that a negation before them
    denies (up to NEGATION_SCOPE words after it, in its clause), or a word
    of opposite meaning denies wherever it stands ("optional": required),
    and the others (a word denied in one clause may be affirmed in another:
    "Stretch supports powerpc, while mips64el was dropped")."""
    denied, opposed, affirmed = set(), set(), set()
    for clause in _CLAUSE.split(text):
        left = 0
        for word in _SCOPE_WORD.findall(clause.lower()):
            if _NEGATION[language].fullmatch(word):
                left = NEGATION_SCOPE
                continue
            opposed |= {_stem(o, language) for o in _OPPOSITES.get(word, ())}
            if len(word) > 1 and not is_stopword(word, {language}) and word not in STOPWORDS:
                (denied if left else affirmed).add(_stem(word, language))
            left = max(0, left - 1)
    return denied | opposed, affirmed - denied


def _stem(word: str, language: str) -> str:
    """A word's stem in its language (Snowball's for German and Spanish: "incluía",
    "incluida"), the answer steps' own for English and Russian."""
    return forms_of_text(word, language) if language in ("de", "es") else stem(word)


# Which of several: "the exit status of the last command" is not the first's.
_ORDINALS = {"first": "first", "last": "last", "erste": "first", "ersten": "first",
             "erster": "first", "letzte": "last", "letzten": "last", "letzter": "last",
             "primer": "first", "primero": "first", "primera": "first", "último": "last",
             "última": "last", "первый": "first", "первая": "first", "первое": "first",
             "первого": "first", "последний": "last", "последняя": "last",
             "последнее": "last", "последнего": "last"}
# not before a number: "the first 18 weeks" and "the last eight" count a stretch
_ORDINAL = re.compile(r"(?<![\w-])(" + "|".join(_ORDINALS) + r")(?![\w-])"
                      r"(?!\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
                      r"eleven|twelve|twenty|thirty|hundred)\b))", re.IGNORECASE)


def ordinal(answer: str, quote: str, question: str) -> list[Contradiction]:
    """"The first" where the quote says "the last" of the same thing, and
    never "the first" (nor does the question)."""
    said = {_ORDINALS[m.group(1).lower()]: m.group(1) for m in _ORDINAL.finditer(quote)}
    asked = {_ORDINALS[m.group(1).lower()] for m in _ORDINAL.finditer(question)}
    if len(said) != 1:
        return []
    written = next(iter(said.values()))
    return [Contradiction(VALUE, m.group(1), m.start(1), m.end(1), written)
            for m in _ORDINAL.finditer(answer)
            if _ORDINALS[m.group(1).lower()] not in set(said) | asked][:1]



def says_yes(answer: str, language: str) -> bool:
    """Whether the answer begins with a yes."""
    lead = _LEAD.match(answer)
    return bool(lead) and lead.group(1).lower() in _YES.get(language, ())
