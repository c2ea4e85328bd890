"""Recursive structure-first splitting of a span of text, with offsets.

A span that is too big drops to a finer separator — lines, then sentences, then
words, and only then characters — and only the part that is still too big
drops. Neighbouring units are packed greedily back together while they fit.
Every piece is a stripped `(start, end)` span of the original text, so
`text[start:end]` is exactly the piece, and records the level it needed.

The measure is a parameter (`fits(text) -> bool`), so the same splitter serves
WordPiece budgets, cl100k budgets and tests with a trivial counter.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator

from app.common.documents import strip_span

BLOCK, LINE, SENTENCE, WORD, CHARACTER = "block", "line", "sentence", "word", "character"
LEVELS = (BLOCK, LINE, SENTENCE, WORD, CHARACTER)

_SEPARATORS = {
    LINE: re.compile(r"\n"),
    SENTENCE: re.compile(r"(?<=[.!?;:])\s+"),
    WORD: re.compile(r"\s+"),
}

Fits = Callable[[str], bool]


@dataclass(frozen=True)
class Piece:
    start: int
    end: int
    level: str


def units(text: str, start: int, end: int, level: str) -> list[tuple[int, int]]:
    """Non-empty stripped spans of text[start:end] between `level` separators."""
    spans, cursor = [], start
    for match in _SEPARATORS[level].finditer(text, start, end):
        spans.append(strip_span(text, cursor, match.start()))
        cursor = match.end()
    spans.append(strip_span(text, cursor, end))
    return [(s, e) for s, e in spans if e > s]


def split(text: str, start: int, end: int, fits: Fits, level: str = BLOCK) -> list[Piece]:
    """Pieces of text[start:end], each fitting, split no finer than needed."""
    start, end = strip_span(text, start, end)
    if start == end:
        return []
    if fits(text[start:end]):
        return [Piece(start, end, level)]
    return list(split_at(text, start, end, fits, finer(level)))


def finer(level: str) -> str:
    return LEVELS[min(LEVELS.index(level) + 1, len(LEVELS) - 1)]


def split_at(text: str, start: int, end: int, fits: Fits, level: str) -> Iterator[Piece]:
    """Cut text[start:end] at `level` separators (finer ones where still needed)."""
    if level == CHARACTER:
        yield from _split_characters(text, start, end, fits)
        return
    spans = units(text, start, end, level)
    if len(spans) == 1:
        yield from split_at(text, start, end, fits, finer(level))
        return
    yield from pack(text, spans, fits, level,
                    oversize=lambda s, e: split_at(text, s, e, fits, finer(level)))


def pack(text: str, spans: list[tuple[int, int]], fits: Fits, level: str,
         oversize: Callable[[int, int], Iterator[Piece]]) -> Iterator[Piece]:
    """Greedily merge consecutive spans while the merged text still fits."""
    current: tuple[int, int] | None = None
    for s, e in spans:
        if current and fits(text[current[0]:e]):
            current = (current[0], e)
            continue
        if current:
            yield Piece(current[0], current[1], level)
            current = None
        if fits(text[s:e]):
            current = (s, e)
        else:
            yield from oversize(s, e)
    if current:
        yield Piece(current[0], current[1], level)


def _split_characters(text: str, start: int, end: int, fits: Fits) -> Iterator[Piece]:
    """Last resort for an unbreakable run: the longest prefix that fits, repeatedly.

    The cut is found by galloping then bisecting, so each measurement is on a
    piece about the size of the result — not on the whole (maybe huge) run."""
    while start < end:
        good, step = start + 1, 64  # text[start:good] is the best known cut
        while good < end and fits(text[start:min(start + step, end)]):
            good, step = min(start + step, end), step * 2
        low, high = good, min(start + step, end)
        while low < high:
            middle = (low + high + 1) // 2
            if fits(text[start:middle]):
                low = middle
            else:
                high = middle - 1
        piece_start, piece_end = strip_span(text, start, low)  # one character always goes
        if piece_end > piece_start:
            yield Piece(piece_start, piece_end, CHARACTER)
        start = low
