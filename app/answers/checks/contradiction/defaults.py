"""The default a quote names, and an answer that names another."""
from __future__ import annotations

import re

from app.answers.checks.contradiction.found import VALUE, Contradiction
from app.answers.checks.contradiction.numbers import WORD, Numbers
from app.answers.evidence.words import STOPWORDS, stem
from app.common.word_forms import is_stopword


# An answer that speaks of the default, in each language.
_SAYS_DEFAULT = re.compile(r"default|standardmäßig|voreingestellt|vorgabe|por defecto|"
                           r"por omisión|predeterminad|по умолчанию", re.IGNORECASE)
_VALUE = r"(?P<v>[-\w./:$]*\w)"
# Where a quote names its default: "drop (the default)", "(default: False)",
# "--ff is the default", "defaults to --mixed", "the default is level 2",
# "Die Vorgabe ist 2", "el valor por omisión es 0", "по умолчанию равно 0".
_DEFAULT_IS = [re.compile(pattern, re.IGNORECASE) for pattern in (
    _VALUE + r"\s+\((?:the\s+)?default\)",
    r"\(default:\s*" + _VALUE + r"\)",
    _VALUE + r"\s+is\s+the\s+default\b",
    r"\bdefaults?\s+to\s+" + _VALUE,
    r"\bthe\s+default(?:\s+[\w-]+){0,3}?\s+is\s+(?:the\s+|level\s+)?" + _VALUE,
    r"\bthe\s+default\s+" + _VALUE + r"\s+being\b",
    r"(?:vorgabe|voreinstellung|standardwert|vorgabewert)\s+ist\s+" + _VALUE,
    r"\bstandardmäßig\s+(?:ist\s+)?" + _VALUE,
    r"por\s+(?:defecto|omisión)\s+(?:es\s+)?" + _VALUE,
    r"по\s+умолчанию\s+(?:равно\s+|используется\s+|—\s+|значение\s+)?" + _VALUE)]
_POINTING = frozenset("this that it which these dies das esto eso это".split())
# What a quote offers as values: options, identifiers with digits, names in
# capitals ("SQL", "CRC32", "MERGE_HEAD"), and the word after "with" ("With
# keep, such commits are kept"). Not every capitalised word: a sentence's
# first, or a German noun, is no value.
_OFFERED = re.compile(r"(?<![\w-])(?:--?[A-Za-z][\w-]*|\w*\d[\w.]*|[A-Z][A-Z_]+\d*)(?![\w-])"
                      r"|(?<=\b[Ww]ith )\w+|(?<=\b[Mm]it )\w+|(?<=\b[Cc]on )\w+")


def default(answer: str, quote: str, language: str) -> list[Contradiction]:
    """An answer that speaks of the default and names another of the values
    the quote offers than the one it says is the default: "By default, git
    rebase keeps commits" under "With drop (the default), … With keep, …"."""
    if not _SAYS_DEFAULT.search(answer):
        return []
    values = {_default_value(match, quote) for pattern in _DEFAULT_IS
              for match in pattern.finditer(quote)} - {None}
    if len(values) != 1:
        return []  # none, or several (one per option): which is the answer's is unknown
    value = values.pop()
    if _holds(answer, value, language):
        return []
    offered = {m.group(0).lower() for m in _OFFERED.finditer(quote)} - {value.lower()}
    offered = {stem(w) for w in offered if w not in STOPWORDS and not is_stopword(w, {language})}
    for match in WORD.finditer(answer):
        if stem(match.group(0).lower()) in offered:
            return [Contradiction(VALUE, match.group(0), match.start(), match.end(), value)]
    return []


def _default_value(match: re.Match, quote: str) -> str | None:
    """The value a default pattern names; for "This is the default", the
    option the quote is about (its first word, as an option list starts)."""
    value = match.group("v")
    if value.lower() in _POINTING:
        first = re.match(r"\s*([-\w./:$]+)", quote)
        return first.group(1) if first else None
    return value


def _holds(answer: str, value: str, language: str) -> bool:
    """Whether the answer says the value: as a word of its own, a number of
    the same quantity ("eight" for 8, "one minute" for 60 seconds), or the
    same word in another form."""
    if re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", answer, re.IGNORECASE):
        return True
    said = Numbers(value, language).quantities
    if said:
        return any(q.same(s) for q in Numbers(answer, language).quantities for s in said)
    return _stemmed_in(value.lower(), {w.lower() for w in WORD.findall(answer)})


def _stemmed_in(word: str, words: set[str]) -> bool:
    return stem(word) in {stem(w) for w in words}

