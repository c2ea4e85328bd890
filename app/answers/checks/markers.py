"""The `[n]` citation markers small models write, and the numbers inside one.

Read by citations (which keeps the markers that point at a source given), the
fact check (a marker is not a fact) and the repetition guard (nor part of a
sentence said again); below all three, so none imports another for them.
"""
from __future__ import annotations

import re

# [1]  [1, 2]  [1,2,3]  [1-2]  — what small models write.
MARKER = re.compile(r"([ \t]?)\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]")


def numbers_in(marker_body: str) -> list[int]:
    numbers: list[int] = []
    for part in re.split(r"\s*,\s*", marker_body):
        bounds = [int(n) for n in re.split(r"\s*[–-]\s*", part)]
        if len(bounds) == 2 and 0 < bounds[1] - bounds[0] < 10:
            numbers += list(range(bounds[0], bounds[1] + 1))
        else:
            numbers += bounds[:1]
    return numbers
