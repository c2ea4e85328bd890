"""Running headers and footers: page furniture, not content.

Extracted PDF pages repeat the same line at their top or bottom ("Employee
Handbook — Confidential", "Chapter 14 · page 5 of 17"). Left in, that line is
embedded into whichever child ends a page, splits a paragraph that runs on to
the next page, and can outvote the real text in BM25. A line is furniture
when, with its digits ignored, it is among the first or last `EDGE_LINES`
non-blank lines of at least half the pages (and of three pages or more).
"""
from __future__ import annotations

import re
from collections import Counter

EDGE_LINES = 2
MIN_PAGES = 3
_DIGITS = re.compile(r"\d+")


def strip_running_lines(pages: list[str]) -> list[str]:
    """The pages without their running headers and footers."""
    if len(pages) < MIN_PAGES:
        return pages
    edges = [_edge_lines(page) for page in pages]
    seen = Counter(key for page_edges in edges for key in {_key(line) for _, line in page_edges})
    needed = max(MIN_PAGES, (len(pages) + 1) // 2)
    running = {key for key, pages_with in seen.items() if key and pages_with >= needed}
    if not running:
        return pages
    return [_without(page, [index for index, line in page_edges if _key(line) in running])
            for page, page_edges in zip(pages, edges)]


def _edge_lines(page: str) -> list[tuple[int, str]]:
    """(line number, line) of the first and last non-blank lines of a page; on a
    page too short to have both furniture and content, none."""
    lines = page.split("\n")
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if len(filled) <= 2 * EDGE_LINES:
        edge = 1 if len(filled) > 2 else 0
    else:
        edge = EDGE_LINES
    chosen = sorted(set(filled[:edge] + filled[len(filled) - edge:]))
    return [(i, lines[i]) for i in chosen]


def _key(line: str) -> str:
    return " ".join(_DIGITS.sub("#", line).lower().split())


def _without(page: str, drop: list[int]) -> str:
    lines = page.split("\n")
    return "\n".join(line for i, line in enumerate(lines) if i not in set(drop))
