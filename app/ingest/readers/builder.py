"""One way to write a Document for every structured format (HTML, Word, RST...).

A reader walks its format and says what it meets — a heading, a paragraph, a
list, a table, a block of code — and the builder writes the plain text a user
would see (the viewer shows exactly this text) with every section and block
at its offsets. So each format gets the same structure, citations and
highlighting as Markdown without its own offset arithmetic.

The text it writes: a heading on a line of its own, blocks separated by blank
lines, list items as "- item" / "1. item" (nested items indented), table rows
as "cell | cell" lines under their header line, code verbatim.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from app.common.documents import (CELL_SEPARATOR, CODE, LIST, PARAGRAPH, QUOTE, TABLE, Block,
                                  Document, Section, Table, TableRow, clean_text, file_title)

_SPACES = re.compile(r"\s+")
MAX_HEADING = 300  # a "heading" longer than this is a paragraph someone styled as one


# What a reader puts for an explicit line break (HTML <br>, Word's soft return):
# every other run of whitespace, newlines included, is one space.
LINE_BREAK = "\u2028"
# A paragraph wholly in bold, one line of at most this many characters, is a
# term the paragraphs after it define (Markdown's `**FreeBSD**` label line).
MAX_TERM_CHARS = 80


def term_like(text: str) -> bool:
    """Whether a wholly bold paragraph is short enough to be a term."""
    text = text.strip()
    return bool(text) and len(text) <= MAX_TERM_CHARS and LINE_BREAK not in text \
        and "\n" not in text


def inline(text: str) -> str:
    """Text as a browser lays it out: runs of whitespace (no-break spaces too)
    become one space; LINE_BREAK becomes a newline."""
    lines = (_SPACES.sub(" ", line).strip() for line in clean_text(text).split(LINE_BREAK))
    return "\n".join(line for line in lines if line)


def _one_line(text: str) -> str:
    """Headings and table cells: a line break in them is a space."""
    return inline(text.replace(LINE_BREAK, " "))


@dataclass
class ListItem:
    text: str
    depth: int = 0  # 0 for a top-level item, 1 for an item of a nested list...


@dataclass
class _Open:
    """The section being written: its heading path and where its body starts."""

    path: list[str]
    level: int
    body_start: int
    first_part: int  # index in DocumentBuilder._parts where the body starts
    blocks: list[Block] = field(default_factory=list)


class DocumentBuilder:
    def __init__(self, path: Path, format: str):
        self.path = Path(path)
        self.format = format
        self._parts: list[str] = []
        self._length = 0
        self._stack: list[tuple[int, str]] = []  # (level, heading) of the open headings
        self._sections: list[Section] = []
        self._open: _Open | None = None
        self.title = ""

    # -- what a reader says -------------------------------------------------

    def heading(self, level: int, text: str) -> None:
        text = _one_line(text)
        if not text:
            return
        if len(text) > MAX_HEADING:
            self.paragraph(text)
            return
        self._close_section()
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        self._stack.append((level, text))
        self._write(text + "\n\n")
        self._open = _Open([h for _, h in self._stack], level, self._length, len(self._parts))
        if not self.title and level == 1:
            self.title = text

    def paragraph(self, text: str, kind: str = PARAGRAPH) -> None:
        text = inline(text)
        if text:
            self._block(kind, text)

    def quote(self, text: str) -> None:
        self.paragraph(text, QUOTE)

    def items(self, items: list[ListItem], ordered: bool = False) -> None:
        """One list: its items in order, nested ones with their depth."""
        lines, numbers = [], {}
        for item in items:
            text = inline(item.text)
            if not text:
                continue
            numbers[item.depth] = numbers.get(item.depth, 0) + 1
            for deeper in [d for d in numbers if d > item.depth]:
                del numbers[deeper]  # a nested list restarts its numbering
            marker = f"{numbers[item.depth]}." if ordered and item.depth == 0 else "-"
            lines.append((item.depth, f"{marker} {text}"))
        if lines:
            top = min(depth for depth, _ in lines)  # a list may not start deeper than it goes
            lines = ["  " * (depth - top) + line for depth, line in lines]
        if lines:
            self._block(LIST, "\n".join(lines))

    def table(self, rows: list[list[str]], header: list[str] | None = None,
              first_row_names: bool = True) -> None:
        """A table: `header` (or, without one, its first row) names the columns.

        A table of one row has no header: its row is its content (AsciiDoc
        writes every NOTE and WARNING as a one-row table, "Note | ORIG_HEAD is
        not guaranteed…"; taken for a header, it was in no child, and no
        search could find it). `first_row_names=False`: the reader knows the
        table has no header row (HTML without <th>: a layout table, or
        AsciiDoc's term | definition lists), so every row is content."""
        rows = [[_one_line(cell) for cell in row] for row in rows]
        rows = [row for row in rows if any(row)]
        if header:
            header = [_one_line(cell) for cell in header]
        elif first_row_names and len(rows) > 1:
            header = rows.pop(0)
        else:
            header = []
        if not rows and not any(header):
            return
        head = [CELL_SEPARATOR.join(header).strip()] if header else []
        lines = [CELL_SEPARATOR.join(row).strip() for row in rows]
        start = self._begin_block()
        origin = self._origin()
        table_rows, position = [], start + sum(len(line) + 1 for line in head)
        for row, line in zip(rows, lines):
            table_rows.append(TableRow(cells=row, start=position - origin,
                                       end=position + len(line) - origin))
            position += len(line) + 1
        text = "\n".join(head + lines)
        self._write(text)
        self._end_block(TABLE, start, text, table=Table(header=header, rows=table_rows))

    def code(self, text: str, language: str | None = None) -> None:
        text = clean_text(text).replace(LINE_BREAK, "\n").replace("\r\n", "\n").replace("\r", "\n")
        text = text.strip("\n")
        if text.strip():
            text = "\n".join(line.rstrip() for line in text.split("\n"))
            self._block(CODE, text, language=language)

    # -- the result ---------------------------------------------------------

    def build(self, title: str | None = None, **fields) -> Document:
        """The document. Without a level-1 heading (a reference page whose
        headings start at h2, a Word file that starts at Heading 2) the title
        heads every path, so citations say "COPY › Parameters", not "Parameters"."""
        self._close_section()
        text = "".join(self._parts)
        given = _one_line(title or "")
        rooted = bool(given) and not self.title  # a file name is no heading to put on top
        title = given or self.title or file_title(self.path)
        sections = [self._titled(section, title, rooted) for section in self._sections]
        return Document(path=self.path, format=self.format, title=title, text=text,
                        sections=sections, **fields)

    # -- writing ------------------------------------------------------------

    def _block(self, kind: str, text: str, language: str | None = None) -> None:
        start = self._begin_block()
        self._write(text)
        self._end_block(kind, start, text, language=language)

    def _begin_block(self) -> int:
        if self._open is None:  # text before any heading: a section under the title
            self._open = _Open([], 0, self._length, len(self._parts))
        elif self._length > self._open.body_start:
            self._write("\n\n")
        return self._length

    def _end_block(self, kind: str, start: int, text: str, language: str | None = None,
                   table: Table | None = None) -> None:
        """Record the block just written as `text` at `start`, without the
        indentation of its first line (blocks never start or end with spaces)."""
        origin = self._origin()
        lead = len(text) - len(text.lstrip())
        end = start + len(text.rstrip())
        self._open.blocks.append(Block(kind, start + lead - origin, end - origin,
                                       language=language, table=table))

    def _origin(self) -> int:
        return self._open.body_start

    def _write(self, text: str) -> None:
        self._parts.append(text)
        self._length += len(text)

    def _close_section(self) -> None:
        section, self._open = self._open, None
        if section is None or not section.blocks:
            return
        raw = "".join(self._parts[section.first_part:])
        lead = len(raw) - len(raw.lstrip())  # an indented first line of code
        body = raw.strip()
        for block in section.blocks:
            _shift(block, -lead)
        start = section.body_start + lead
        self._sections.append(Section(heading_path=section.path, level=section.level, body=body,
                                      start_char=start, end_char=start + len(body),
                                      blocks=section.blocks))
        self._write("\n\n")

    @staticmethod
    def _titled(section: Section, title: str, rooted: bool) -> Section:
        path = section.heading_path
        if not path or (rooted and path[0] != title):
            section.heading_path = [title] + path  # text before a heading: under the title
        return section


def _shift(block: Block, delta: int) -> None:
    block.start += delta
    block.end += delta
    for row in block.table.rows if block.table else []:
        row.start += delta
        row.end += delta
