"""A bound turned round on a count the number reader leaves alone: "at most
one argument" for "at least one", "at least m times" for "at most m times"."""
from __future__ import annotations

import re

from app.answers.checks.contradiction.found import BOUND, Contradiction
from app.answers.checks.contradiction.numbers import AT_LEAST, AT_MOST


# A bound, then what it bounds: a digit run, a count in words ("one" is no
# number to the number reader: "one of the files"), or a letter standing for
# a number ("m times", "N bytes"; not "a", "i", "o", "y": words of their own).
_COUNT = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eins|einen?|zwei|drei|" \
         r"uno|una|dos|tres|один|одна|одного|два|две|три|[b-hj-np-xzB-HJ-NP-XZ])(?![\w-])"
_BOUNDED = {name: re.compile(r"(?<![\w-])(?:" + words + r")\s+" + _COUNT, re.IGNORECASE)
            for name, words in (("least", AT_LEAST), ("most", AT_MOST))}


def bounds(answer: str, quote: str) -> list[Contradiction]:
    """The answer bounds a count one way where the quote bounds the same
    count only the other way."""
    said = {name: {m.group(1).lower() for m in pattern.finditer(quote)}
            for name, pattern in _BOUNDED.items()}
    found = []
    for name, pattern in _BOUNDED.items():
        other = "most" if name == "least" else "least"
        for match in pattern.finditer(answer):
            count = match.group(1).lower()
            if count in said[other] and count not in said[name]:
                found.append(Contradiction(BOUND, match.group(0), match.start(), match.end(),
                                           _written(quote, other, count)))
    return found


def _written(quote: str, name: str, count: str) -> str:
    return next(m.group(0) for m in _BOUNDED[name].finditer(quote) if m.group(1).lower() == count)
