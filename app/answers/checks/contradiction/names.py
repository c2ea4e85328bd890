"""A name or a command the quote states otherwise."""
from __future__ import annotations

import re

from app.answers.checks.contradiction.found import NAME_KIND, Contradiction, overlaps
from app.answers.checks.contradiction.numbers import is_unit
from app.answers.checks.fact_check import CODE, NAME, extract, unsupported


_HYPHENATED_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
_ACRONYMS = re.compile(r"[A-Z]{2,}s")
_PARTS = re.compile(r"[^\W_]+")


def _by_analogy(name: str, quote: str, question: str) -> bool:
    """A name the quote's example gives for the question's own thing:
    "backup.service" for backup.timer under "foo.timer activates
    foo.service" (parts of the question's, the rest the quote's)."""
    parts = set(_PARTS.findall(name.lower()))
    in_quote = set(_PARTS.findall(quote.lower()))
    asked = set(_PARTS.findall(question.lower())) - in_quote
    return bool(parts & asked) and parts <= in_quote | asked


def names(answer: str, quote: str, question: str, language: str,
          found: list) -> list[Contradiction]:
    """A name or a command the quote does not hold, where it says another
    ("/bin/bash" under "the shell defaults to /bin/sh"): the fact check,
    held to the quote alone (what is already found contradicting is left)."""
    # the names the quote says, which the answer could have said instead
    stated = [f.text.lower() for f in extract(quote, language) if f.kind in (NAME, CODE)]
    if not stated:
        return []
    return [Contradiction(NAME_KIND, f.text, f.start, f.end)
            for f in unsupported(answer, [quote], question)
            if f.kind in (NAME, CODE) and not overlaps(f, found)
            and not _by_analogy(f.text, quote, question)
            and not is_unit(f.text, language)                # "KiB"
            and not _HYPHENATED_WORD.fullmatch(f.text)   # "pathname-expanded" is a word
            and not _ACRONYMS.fullmatch(f.text)          # "IDs", "URLs": no name
            and not any(len(s) > 2 and (s in f.text.lower() or f.text.lower() in s)
                        for s in stated)]
