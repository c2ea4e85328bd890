"""Headings of a PDF without an outline, found from how its lines are printed.

A PDF saved from a word processor without bookmarks still shows its headings
the way a reader sees them: larger and usually bold. While pypdf extracts the
text, `LineStyles` notes each line's font size and weight; `detect` then
takes the lines set larger than the body text (or bold at body size, short,
standing alone) as headings, one level per size from the largest down, and
gives them back as outline entries, so the outline's sectioning path does the
rest. Running headers (the same line on many pages), table rows (column gaps)
and sentences are never headings.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

BIGGER = 1.12          # a heading's size against the body's
MAX_HEADING_CHARS = 120
MAX_BOLD_WORDS = 12    # a bold line at body size longer than this is emphasis, not a heading
_COLUMN_GAPS = re.compile(r"\S(?: {2,}|\t)\S")
_SENTENCE = re.compile(r"[.,;:!?]\s*$")
_NUMBERING = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[A-Z]\.|chapter \d+\.?|part [IVX\d]+\.?)\s",
                        re.IGNORECASE)
_BOLD = ("bold", "black", "heavy", "semibold", "demi")


@dataclass(frozen=True)
class StyledLine:
    text: str
    size: float  # the size most of its characters are printed at, in points
    bold: bool   # every visible character bold
    columns: bool = False  # cells apart (runs of spaces or tabs): a table row


class LineStyles:
    """pypdf's `visitor_text` callback: collects one page's lines with their style."""

    def __init__(self):
        self.lines: list[StyledLine] = []
        self._parts: list[tuple[str, float, bool]] = []

    def visit(self, text, cm, tm, font, size) -> None:
        effective = round(float(size or 0) * _scale(tm) * _scale(cm), 1)
        bold = _is_bold(font)
        for index, piece in enumerate(str(text).split("\n")):
            if index:
                self.end_line()
            if piece:
                self._parts.append((piece, effective, bold))

    def end_line(self) -> None:
        parts, self._parts = self._parts, []
        text = "".join(piece for piece, _, _ in parts)
        if not text.strip():
            return
        sizes = Counter()
        for piece, size, _ in parts:
            sizes[size] += len(piece.strip())
        bold = all(is_bold for piece, _, is_bold in parts if piece.strip())
        self.lines.append(StyledLine(" ".join(text.split()), sizes.most_common(1)[0][0], bold,
                                     bool(_COLUMN_GAPS.search(text.strip()))))


def detect(pages: list[list[StyledLine]]) -> list[tuple[str, int, int]]:
    """(title, page index, level) for every heading, in reading order."""
    body = _body_size(pages)
    if body is None:
        return []
    candidates = [(line, page, index) for page, lines in enumerate(pages)
                  for index, line in enumerate(lines) if _looks_like_heading(line, body)]
    repeated = _running(candidates, len(pages))
    candidates = [c for c in candidates if _key(c[0].text) not in repeated]
    levels = _levels(candidates, body)
    return [(line.text, page, levels[_style(line, body)]) for line, page in _joined(candidates)]


def _body_size(pages: list[list[StyledLine]]) -> float | None:
    sizes = Counter()
    for lines in pages:
        for line in lines:
            sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else None


def _looks_like_heading(line: StyledLine, body: float) -> bool:
    text = line.text
    if not 2 <= len(text) <= MAX_HEADING_CHARS or not any(c.isalpha() for c in text):
        return False
    if line.columns or "|" in text:
        return False  # a table row, columns apart
    if _SENTENCE.search(text) and not _NUMBERING.match(text + " ") and not text.endswith(":"):
        return False
    if line.size >= body * BIGGER:
        return True
    return line.bold and line.size >= body * 0.95 and len(text.split()) <= MAX_BOLD_WORDS


def _key(text: str) -> str:
    return re.sub(r"\d+", "#", text.casefold())


def _running(candidates, page_count: int) -> set[str]:
    """Candidate lines on many pages: a running header set large, not a heading."""
    pages_with = Counter()
    for key in {(_key(line.text), page) for line, page, _ in candidates}:
        pages_with[key[0]] += 1
    floor = max(3, page_count // 3)
    return {key for key, count in pages_with.items() if count >= floor}


def _style(line: StyledLine, body: float) -> tuple[float, bool]:
    return (line.size if line.size >= body * BIGGER else body, line.bold)


def _levels(candidates, body: float) -> dict[tuple[float, bool], int]:
    """Level 1 for the largest style, then down: bigger before smaller, bold
    before regular at the same size."""
    styles = sorted({_style(line, body) for line, _, _ in candidates},
                    key=lambda style: (-style[0], not style[1]))
    return {style: level for level, style in enumerate(styles, start=1)}


def _joined(candidates):
    """A heading wrapped over two lines comes back as one: the next line, in
    the same style, after a first line long enough to have wrapped."""
    joined: list[list] = []  # [line, page, index of its last line]
    for line, page, index in candidates:
        if joined:
            last, last_page, last_index = joined[-1]
            if (last_page, last_index + 1) == (page, index) \
                    and (last.size, last.bold) == (line.size, line.bold) \
                    and len(last.text) >= 40 and not _NUMBERING.match(line.text + " "):
                joined[-1] = [StyledLine(f"{last.text} {line.text}", line.size, line.bold),
                              page, index]
                continue
        joined.append([line, page, index])
    return [(line, page) for line, page, _ in joined]


def _scale(matrix) -> float:
    try:
        scale = math.hypot(float(matrix[2]), float(matrix[3]))
    except (TypeError, IndexError, ValueError):
        return 1.0
    return scale if scale > 0 else 1.0


def _is_bold(font) -> bool:
    try:
        name = str(font.get("/BaseFont", "")) if font else ""
    except Exception:  # noqa: BLE001 - a broken font dictionary: regular weight
        return False
    return any(word in name.casefold() for word in _BOLD)
