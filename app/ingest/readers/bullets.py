"""List markers: "•", "-", "*", "+", "1.", "2)", "a)", as people type them or PDFs show them.

Plain text (its lists, a man page's options), the PDF reader (its list
blocks) and the PDF line joiner (a break before a bullet stays) read them
alike; kept here, below all three, so none imports another for them.
"""
from __future__ import annotations

import re

BULLET_RE = re.compile(r"\s*(?:[-*+•‣◦▪●–]|\d{1,3}[.)]|[a-z][)])\s+\S")


def is_bullet(line: str) -> bool:
    return BULLET_RE.match(line) is not None
