"""Headings of a PDF without an outline, found from how its lines are printed.

A PDF saved from a word processor without bookmarks still shows its headings
the way a reader sees them: larger and usually bold. While pypdf extracts the
text, `LineStyles` notes each line's font size and weight; `detect` then
takes the lines set larger than the body text (or bold at body size, short,
standing alone) as headings, one level per size from the largest down, and
gives them back as outline entries, so the outline's sectioning path does the
rest. Running headers (the same line on many pages), table rows (column gaps)
and sentences are never headings.

A manual page typeset by groff (and other documents set the same way) prints
its headings at body size in bold, *left of* the body text, and its
definition terms in bold too, at or right of the body's left edge, with the
definition indented under them. Where a document has such outdented
headings, bold lines at body size that are not outdented are terms, not
headings: taken as headings, one of bash's ("history -c") held 3,647 words
of other builtins. `term_lines` gives those terms' lines, which the reader
makes TERM blocks, so the chunker puts each term before the children of its
definition as it does for an HTML <dt>.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

BIGGER = 1.12          # a heading's size against the body's
MAX_HEADING_CHARS = 120
MAX_BOLD_WORDS = 12    # a bold line at body size longer than this is emphasis, not a heading
OUTDENT = 3.0          # points left of the body's left edge that make a line outdented
MIN_OUTDENTED = 3      # outdented bold lines that show a document sets its headings so
LEFT_EDGE_SHARE = 0.15  # of the body text's characters, starting at its left edge
HANG = 18.0            # points a definition is indented under its term, at least
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
    x: float | None = None  # where its first character is printed, in points from the left
    lead_bold: bool = False  # its first word is bold (a definition term may go on in italics)


class LineStyles:
    """pypdf's `visitor_text` callback: collects one page's lines with their style."""

    def __init__(self):
        self.lines: list[StyledLine] = []
        self._parts: list[tuple[str, float, bool]] = []
        self._x: float | None = None

    def visit(self, text, cm, tm, font, size) -> None:
        effective = round(float(size or 0) * _scale(tm) * _scale(cm), 1)
        bold = _is_bold(font)
        for index, piece in enumerate(str(text).split("\n")):
            if index:
                self.end_line()
            if piece:
                if self._x is None and piece.strip():
                    self._x = _x_of(tm, cm)
                self._parts.append((piece, effective, bold))

    def end_line(self) -> None:
        parts, self._parts = self._parts, []
        x, self._x = self._x, None
        text = "".join(piece for piece, _, _ in parts)
        if not text.strip():
            return
        sizes = Counter()
        for piece, size, _ in parts:
            sizes[size] += len(piece.strip())
        visible = [is_bold for piece, _, is_bold in parts if piece.strip()]
        self.lines.append(StyledLine(" ".join(text.split()), sizes.most_common(1)[0][0],
                                     all(visible), bool(_COLUMN_GAPS.search(text.strip())), x,
                                     visible[0]))


class Layout:
    """What headings and terms are read from, worked out once per document:
    the body text's size, the lines that may be headings (running lines left
    out) and, where the document is laid out as a manual page, its text's
    left edge (`left`; None for any other layout)."""

    def __init__(self, pages: list[list[StyledLine]]):
        self.pages = pages
        self.body = _body_size(pages)
        self.candidates = [] if self.body is None else _candidates(pages, self.body)
        self.left = None if self.body is None else \
            _manual_layout(pages, self.candidates, self.body)


def detect(layout: Layout) -> list[tuple[str, int, int]]:
    """(title, page index, level) for every heading, in reading order."""
    body, left, candidates = layout.body, layout.left, layout.candidates
    if body is None:
        return []
    if left is not None:  # bold lines at body size not left of the text are terms
        candidates = [c for c in candidates if c[0].size >= body * BIGGER
                      or _outdented(c[0], left)]
    levels = _levels(candidates, body, by_indent=left is not None)
    return [(line.text, page, levels[_style(line, body, left is not None)])
            for line, page in _joined(candidates)]


def term_lines(layout: Layout) -> list[frozenset[int]]:
    """Per page, the indexes of its lines that are definition terms, in a
    document laid out as a manual page: a short line at or right of the
    text's left edge, starting in bold, with the next line indented under
    it ("cd [-L|-P] [dir]" above "Change the current directory…"). Elsewhere
    none. (Made headings of sections of their own instead, as the HTML
    manuals' entries are, the bash tuning batch lost: docs/retrieval.md.)"""
    if layout.left is None:
        return [frozenset() for _ in layout.pages]
    return [frozenset(index for index, line in enumerate(lines)
                      if _is_term(line, lines[index + 1] if index + 1 < len(lines) else None,
                                  layout.left, layout.body))
            for lines in layout.pages]


def _candidates(pages: list[list[StyledLine]], body: float) -> list:
    """(line, page, index) of the lines that may be headings, running lines left out."""
    candidates = [(line, page, index) for page, lines in enumerate(pages)
                  for index, line in enumerate(lines) if _looks_like_heading(line, body)]
    repeated = _running(candidates, len(pages))
    return [c for c in candidates if _key(c[0].text) not in repeated]


def _manual_layout(pages: list[list[StyledLine]], candidates, body: float) -> float | None:
    """The text's left edge, where the document prints its headings at body
    size left of it, as groff prints a manual page; None for any other layout."""
    left = _left_edge(pages, body)
    if left is None:
        return None
    plain = [line for line, _, _ in candidates if line.size < body * BIGGER]
    return left if sum(_outdented(line, left) for line in plain) >= MIN_OUTDENTED else None


def _outdented(line: StyledLine, left: float) -> bool:
    return line.x is not None and line.x < left - OUTDENT


def _is_term(line: StyledLine, following: StyledLine | None, left: float, body: float) -> bool:
    return (line.lead_bold and line.x is not None and not _outdented(line, left)
            and abs(line.size - body) < 0.5 and len(line.text.split()) <= MAX_BOLD_WORDS
            and following is not None and following.x is not None
            and following.x >= line.x + HANG)


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


def _left_edge(pages: list[list[StyledLine]], body: float) -> float | None:
    """The leftmost place where a good share of the body text starts
    (LEFT_EDGE_SHARE of its characters: a manual's definitions, indented
    under their terms, may hold more text than its paragraphs), or None
    when the reader could not place the lines."""
    starts = Counter()
    for lines in pages:
        for line in lines:
            if line.x is not None and line.size == body and not line.bold:
                starts[round(line.x)] += len(line.text)
    total = sum(starts.values())
    common = [x for x, chars in starts.items() if chars >= LEFT_EDGE_SHARE * total]
    return float(min(common)) if common else None


def _key(text: str) -> str:
    return re.sub(r"\d+", "#", text.casefold())


def _running(candidates, page_count: int) -> set[str]:
    """Candidate lines on many pages: a running header set large, not a heading."""
    pages_with = Counter()
    for key in {(_key(line.text), page) for line, page, _ in candidates}:
        pages_with[key[0]] += 1
    floor = max(3, page_count // 3)
    return {key for key, count in pages_with.items() if count >= floor}


def _style(line: StyledLine, body: float, by_indent: bool = False) -> tuple:
    """What sets a heading's level: its size and weight, and in a manual's
    layout its indent too (groff prints sections at the margin and their
    subsections a little right of it, both bold at body size)."""
    size = line.size if line.size >= body * BIGGER else body
    indent = round(line.x) if by_indent and line.x is not None else 0
    return (size, line.bold, indent)


def _levels(candidates, body: float, by_indent: bool = False) -> dict[tuple, int]:
    """Level 1 for the largest style, then down: bigger before smaller, bold
    before regular at the same size, further left before further right."""
    styles = sorted({_style(line, body, by_indent) for line, _, _ in candidates},
                    key=lambda style: (-style[0], not style[1], style[2]))
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
                joined[-1] = [StyledLine(f"{last.text} {line.text}", line.size, line.bold,
                                         x=last.x), page, index]
                continue
        joined.append([line, page, index])
    return [(line, page) for line, page, _ in joined]


def _x_of(tm, cm) -> float | None:
    """The x of the text matrix's origin on the page (text space through the CTM)."""
    try:
        return round(float(tm[4]) * float(cm[0]) + float(tm[5]) * float(cm[2]) + float(cm[4]), 1)
    except (TypeError, IndexError, ValueError):
        return None


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
