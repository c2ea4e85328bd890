"""A bound turned round on a count the number reader leaves alone: "at most
one argument" for "at least one argument", "at least m times" for "at
most m times". (Digits and the counts it reads, "drei", "dos", "два", are
numbers.py's; an English "one" is no number to it: "one of the files".)"""
from __future__ import annotations

import re

from app.answers.checks.contradiction.found import BOUND, Contradiction
from app.answers.checks.contradiction.numbers import AT_LEAST, AT_MOST
from app.answers.evidence.words import stem


# A bound, a count in English words or a letter standing for a number ("m
# times", "N bytes"; not "a", "i", "o", "y": words of their own), and the
# word it counts, which must be the quote's ("at least one server" says
# nothing of "up to one week").
_COUNT = r"(one|two|three|four|five|six|seven|eight|nine|ten|[b-hj-np-xzB-HJ-NP-XZ])"
_BOUNDED = {name: re.compile(r"(?<![\w-])(?:" + words + r")\s+" + _COUNT + r"\s+([^\W\d_]+)",
                             re.IGNORECASE)
            for name, words in (("least", AT_LEAST), ("most", AT_MOST))}


def bounds(answer: str, quote: str) -> list[Contradiction]:
    """The answer bounds a count of a thing one way where the quote bounds
    the same count of it only the other way."""
    said = {name: {_counted(m): m.group(0) for m in pattern.finditer(quote)}
            for name, pattern in _BOUNDED.items()}
    found = []
    for name, pattern in _BOUNDED.items():
        other = "most" if name == "least" else "least"
        for match in pattern.finditer(answer):
            count = _counted(match)
            if count in said[other] and count not in said[name]:
                found.append(Contradiction(BOUND, match.group(0), match.start(), match.end(),
                                           said[other][count]))
    return found


def _counted(match: re.Match) -> tuple[str, str]:
    return match.group(1).lower(), stem(match.group(2).lower())
