"""Running headers and footers: page furniture, not content.

Extracted PDF pages repeat the same line at their top or bottom ("Employee
Handbook — Confidential", "Chapter 14 · page 5 of 17"). Embedded, that line
joins whichever child ends a page and can outvote the real text in BM25. A
line is furniture when, with its digits ignored, it is among the first or last
`EDGE_LINES` non-blank lines of at least half the pages (and of three pages or
more). The reader keeps such lines in the document's text (a flat-text
extractor such as Tika keeps them too, and the spring-default profile must see
what Tika sees) but no block, and so no fitted child, contains them.
"""
from __future__ import annotations

import re
from collections import Counter

EDGE_LINES = 2
MIN_PAGES = 3
_DIGITS = re.compile(r"\d+")


def running_keys(pages: list[str]) -> frozenset[str]:
    """The running headers and footers of a document, as `line_key`s."""
    if len(pages) < MIN_PAGES:
        return frozenset()
    seen = Counter(key for page in pages
                   for key in {line_key(page[a:b]) for a, b in _edges(page)})
    needed = max(MIN_PAGES, (len(pages) + 1) // 2)
    return frozenset(key for key, count in seen.items() if key and count >= needed)


def furniture_offsets(pages: list[str], page_starts: list[int]) -> frozenset[int]:
    """Where the running lines start in the joined text (`page_starts[i]` is
    where page i starts): only lines at a page's top or bottom, so a table
    cell that happens to read "25" mid-page is never taken for a page number."""
    keys = running_keys(pages)
    return frozenset(start + a for page, start in zip(pages, page_starts)
                     for a, b in _edges(page) if line_key(page[a:b]) in keys)


def line_key(line: str) -> str:
    """A line as compared across pages: digits ignored, case and spacing folded."""
    return " ".join(_DIGITS.sub("#", line).lower().split())


def _edges(page: str) -> list[tuple[int, int]]:
    """(start, end) of the first and last non-blank lines of a page; on a page
    too short to hold both furniture and content, fewer or none."""
    spans, offset = [], 0
    for line in page.split("\n"):
        if line.strip():
            spans.append((offset, offset + len(line)))
        offset += len(line) + 1
    if len(spans) <= 2 * EDGE_LINES:
        edge = 1 if len(spans) > 2 else 0
    else:
        edge = EDGE_LINES
    return sorted(set(spans[:edge] + spans[len(spans) - edge:]))
