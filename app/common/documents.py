"""What a reader produces: a document as sections (parents) made of blocks.

Readers turn a file into a `Document`; the chunker turns each `Section` into
children. Offsets are character offsets into `Section.body`, so a child can be
located (and highlighted) inside the parent it belongs to.
"""
from __future__ import annotations

import bisect
import os
from dataclasses import dataclass, field
from pathlib import Path

# Block kinds the chunker knows how to treat.
PARAGRAPH = "paragraph"
LIST = "list"
CODE = "code"
CELL_SEPARATOR = " | "  # between a table row's cells in a section's text
TABLE = "table"
QUOTE = "quote"
TERM = "term"  # a defined term (HTML <dt>, a Word "term" line): names the blocks after it
OTHER = "other"

HEADING_SEPARATOR = " › "


@dataclass
class TableRow:
    cells: list[str]
    start: int  # offsets of the row's source line inside the section body
    end: int


@dataclass
class Table:
    header: list[str]
    rows: list[TableRow]


@dataclass
class Block:
    kind: str
    start: int  # body[start:end] is the block's text (for code: the code alone)
    end: int
    language: str | None = None  # fenced code's info string
    table: Table | None = None


@dataclass
class Section:
    """A parent: stored whole, returned as context, never embedded itself."""

    heading_path: list[str]
    level: int
    body: str
    start_char: int  # offset of body inside Document.text
    end_char: int
    blocks: list[Block] = field(default_factory=list)
    # (offset in body, page number) pairs, sorted; empty for formats without pages.
    page_marks: list[tuple[int, int]] = field(default_factory=list)

    @property
    def heading(self) -> str:
        return HEADING_SEPARATOR.join(self.heading_path)

    @property
    def page_start(self) -> int | None:
        return self.page_marks[0][1] if self.page_marks else None

    @property
    def page_end(self) -> int | None:
        return self.page_marks[-1][1] if self.page_marks else None

    def page_at(self, offset: int) -> int | None:
        """The page on which the body character at `offset` lies."""
        if not self.page_marks:
            return None
        starts = [mark[0] for mark in self.page_marks]
        index = max(bisect.bisect_right(starts, offset) - 1, 0)
        return self.page_marks[index][1]


@dataclass
class Document:
    path: Path
    format: str  # "markdown" | "pdf" | "text"
    title: str
    text: str  # the whole extracted text, as a flat-text extractor would give it
    sections: list[Section]
    metadata: dict = field(default_factory=dict)  # e.g. Markdown front matter
    pages: int | None = None
    encoding: str | None = None  # text formats: as detected ("UTF-8", "Windows-1252"...)
    ocr_pages: int = 0  # PDF pages whose text came from OCR
    ocr_confidence: float | None = None  # the recogniser's mean confidence on them, 0-1


def file_title(path: Path) -> str:
    """A file's name without its extension, as text: bytes that are not UTF-8
    (old Windows zips, Samba shares) shown as \\xNN, the way scan shows its path.
    Python hands such a name over with lone surrogates, which the tokenizer,
    SQLite and JSON all refuse."""
    return os.fsencode(Path(path).stem).decode("utf-8", "backslashreplace")


def clean_text(text: str) -> str:
    """`text` with any lone surrogate (a broken UTF-16 PDF bookmark, an
    undecodable file name) replaced by U+FFFD characters, so it can be
    tokenised and stored."""
    if not _has_surrogate(text):
        return text
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


def strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) so that it neither starts nor ends with whitespace."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


class ReadError(Exception):
    """A file that cannot be turned into a Document; the message says why."""
