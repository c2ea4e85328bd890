"""The default a quote names, and an answer that names another."""
from __future__ import annotations

import re

from app.answers.checks.contradiction.found import VALUE, Contradiction
from app.answers.checks.contradiction.numbers import WORD, Numbers
from app.answers.evidence.words import STOPWORDS, stem
from app.common.word_forms import is_stopword


# An answer that speaks of the default, in each language.
SAYS_DEFAULT = re.compile(r"default|standardmäßig|voreingestellt|vorgabe|por defecto|"
                           r"por omisión|predeterminad|по умолчанию", re.IGNORECASE)
_VALUE = r"(?P<v>[-\w./:$]*\w)"
# A value that begins a pattern starts at a word's start (inside a long
# token every position would be tried, each scanning the rest of it).
_STARTING_VALUE = r"(?<![-\w./:$])" + _VALUE
_QUOTED = r"[»«„“\"'‘]?"   # a value in quotation marks: »wipesync«
# Where a quote names its default: "drop (the default)", "(default: False)",
# "--ff is the default", "defaults to --mixed", "the default is level 2",
# "Die Vorgabe ist 2", "el valor por omisión es 0", "по умолчанию равно 0".
_DEFAULT_IS = [re.compile(pattern, re.IGNORECASE) for pattern in (
    _STARTING_VALUE + r"\s+\((?:the\s+)?default\)",
    # "any (die Vorgabe)", "60 (por defecto)", "none (по умолчанию)"
    _STARTING_VALUE + r"\s+\((?:die\s+)?(?:vorgabe|voreinstellung|standard|por\s+defecto|"
    r"por\s+omisión|predeterminad[oa]|по\s+умолчанию)\)",
    r"\(default:\s*" + _VALUE + r"\)",
    _STARTING_VALUE + r"\s+is\s+the\s+default\b",
    r"\bdefaults?\s+to\s+" + _QUOTED + _VALUE,
    r"\bthe\s+default(?:\s+[\w-]+){0,3}?\s+is\s+(?:the\s+|level\s+)?" + _QUOTED + _VALUE,
    r"\bthe\s+default\s+" + _VALUE + r"\s+being\b",
    r"(?:vorgabe|voreinstellung|standardwert|vorgabewert)\s+ist\s+" + _VALUE,
    r"\bstandardmäßig\s+(?:ist\s+)?" + _VALUE,
    r"por\s+(?:defecto|omisión)\s+(?:es\s+)?" + _VALUE,
    r"по\s+умолчанию\s+(?:равно\s+|используется\s+|является\s+|—\s+|значение\s+)?"
    + _QUOTED + _VALUE,
    # "Der voreingestellte Modus ist »wipesync«", "el valor predeterminado es 0"
    r"voreingestellte\w*\s+(?:\w+\s+)?ist\s+" + _QUOTED + _VALUE,
    r"predeterminad[oa]s?\s+(?:es|son)\s+" + _QUOTED + _VALUE,
    # "By default, Wget will assume a value of 10 seconds"
    r"\bby\s+default,?\s+(?:[\w-]+\s+){0,5}?(?:a\s+value\s+of|is|are|uses?)\s+"
    r"(?P<v>\d[\w.]*)",
    # "the default filesystem type (currently ext2) is used"
    r"\bdefault\b[^.;]{0,40}?\(currently\s+" + _VALUE + r"\)")]
# A word that is a value: an option, a name with a digit or in capitals, a
# CamelCase name, a word in quotation marks (its words, the group).
_VALUE_LIKE = re.compile(r"(?<![\w-])(?:--?[A-Za-z][\w-]*|[^\W\d_]+\d[\w.]*|[A-Z]{2,}[\w]*"
                         r"|[A-Z][a-z]+[A-Z]\w*|[^\W\d_]\w*(?:\.\w+)+)(?![\w-])"
                         r"|[»„“‘]([^»«„“”’]{1,30})[«“”’]")
_RESTATED_CHARS = 25   # characters after the default in which a number restates it
_POINTING = frozenset("this that it which these dies das esto eso это".split())
# What a quote offers as values: options, identifiers with digits, names in
# capitals ("SQL", "CRC32", "MERGE_HEAD"), and the word after "with" ("With
# keep, such commits are kept"). Not every capitalised word: a sentence's
# first, or a German noun, is no value.
_OFFERED = re.compile(r"(?<![\w-])(?:--?[A-Za-z][\w-]*|\w*\d[\w.]*|[A-Z][A-Z_]+\d*)(?![\w-])"
                      r"|(?<=\b[Ww]ith )\w+|(?<=\b[Mm]it )\w+|(?<=\b[Cc]on )\w+")


def default(answer: str, quote: str, language: str, question: str = "") -> list[Contradiction]:
    """An answer that speaks of the default and names another value than the
    one the quote says is the default: another the quote offers ("By default,
    git rebase keeps commits" under "With drop (the default), … With keep,
    …"), the number of another setting ("0620" under "The default is 0600. A
    value of mode=620 …"), or a value of the same shape the quote never names
    ("ext4" under "the default filesystem type (currently ext2)")."""
    if not SAYS_DEFAULT.search(answer):
        return []
    named = {_default_value(match, quote): match for pattern in _DEFAULT_IS
             for match in pattern.finditer(quote)}
    named.pop(None, None)
    if len(named) != 1:
        return []  # none, or several (one per option): which is the answer's is unknown
    value, match = named.popitem()
    if _holds(answer, value, language):
        return []
    found = _offered(answer, quote, value, language)
    if not found and len(SAYS_DEFAULT.findall(quote)) == 1:
        # one default in the quote: any other value the answer gives it is another
        found = _other_number(answer, quote, value, match.start("v"), language) \
            or _unnamed(answer, quote, question, value)
    return found[:1]


def _offered(answer: str, quote: str, value: str, language: str) -> list[Contradiction]:
    offered = {m.group(0).lower() for m in _OFFERED.finditer(quote)} | _listed_with(value, quote)
    offered -= {value.lower()}
    offered = {stem(w) for w in offered if w not in STOPWORDS and not is_stopword(w, {language})}
    return [Contradiction(VALUE, m.group(0), m.start(), m.end(), value)
            for m in WORD.finditer(answer) if stem(m.group(0).lower()) in offered]


# The items of a list ("one of none (the default), main, exec or all",
# "any (die Vorgabe), inet (nur IPv4 verwenden) und inet6"): one word each,
# a remark in brackets after it, a comma or "or" between.
_AND_OR = r"(?:,|\s+(?:or|and|oder|und|o|y|или|и))"
_ITEM = r"[\w.=-]+(?:\s+\([^()]{0,40}\))?"
_LIST = re.compile(r"(?<![\w.=-])" + _ITEM + r"(?:" + _AND_OR + r"\s+" + _ITEM + r"){2,}",
                   re.IGNORECASE)


def _listed_with(value: str, quote: str) -> set[str]:
    """The other items of a list of three or more that holds the default."""
    for found in _LIST.finditer(quote):
        items = [re.sub(r"\s*\(.*", "", item).lower() for item in
                 re.split(_AND_OR + r"\s+", found.group(0), flags=re.IGNORECASE)]
        if value.lower() in items:
            return set(items)
    return set()


def _other_number(answer: str, quote: str, value: str, named_at: int,
                  language: str) -> list[Contradiction]:
    """A number of the answer that is one the quote gives another setting
    (where the default is a number: not the default said again in other
    units just after it, "2 (0,02 segundos)")."""
    if not Numbers(value, language).quantities:
        return []
    numbers = Numbers(quote, language)
    quoted = [q for q, span in zip(numbers.quantities, numbers.spans)
              if span is None or not named_at <= span[0] <= named_at + len(value) + _RESTATED_CHARS]
    said = Numbers(answer, language)
    return [Contradiction(VALUE, said.written(i), *(said.spans[i] or (0, 0)), value)
            for i, q in enumerate(said.quantities) if any(q.same(o) for o in quoted)]


def _unnamed(answer: str, quote: str, question: str, value: str) -> list[Contradiction]:
    """A value-like word (an option, a name with digits or capitals, a word
    in quotation marks) that neither the quote nor the question holds, where
    the quote's default is one of the same kind (or one it quotes, »wipesync«):
    the answer's own default."""
    if not _VALUE_LIKE.fullmatch(value) and not re.search(
            r"[»„“‘']" + re.escape(value) + r"[«“”’']", quote):
        return []
    known = (quote + " " + question).lower()
    start, end = _default_clause(answer)
    return [Contradiction(VALUE, m.group(m.lastindex or 0), m.start(m.lastindex or 0),
                          m.end(m.lastindex or 0), value)
            for m in _VALUE_LIKE.finditer(answer, start, end)
            if m.group(m.lastindex or 0).lower() not in known]


def _default_clause(answer: str) -> tuple[int, int]:
    """Where the answer's clause about the default stands ("By default ext2
    is used; pass -t to choose one": not the option after the semicolon)."""
    said = SAYS_DEFAULT.search(answer)
    starts = [m.end() for m in _CLAUSE_END.finditer(answer, 0, said.start())]
    after = _CLAUSE_END.search(answer, said.end())
    return (starts[-1] if starts else 0), (after.start() if after else len(answer))


_CLAUSE_END = re.compile(r"[,;:]\s|\.\s|\.$")


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

