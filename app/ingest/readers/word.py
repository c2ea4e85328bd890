"""Word documents (.docx), read with python-docx.

python-docx, because it is the well-kept reader of the format (OOXML parts,
styles, numbering) and parses the XML with lxml without resolving entities.
What it gives us, in body order:

- headings from the heading styles ("Heading 1"…, names Word stores in
  English whatever the UI language) or an outline level set on the paragraph
  or its style; the "Title" paragraph names the document. Some generators
  write no styles part: a paragraph's style id ("Heading1", "Title") is then
  read as the style's name;
- lists from numbering (bullets or numbers, with their depth);
- tables, their first row (or the rows marked as header) naming the columns;
- code from code styles ("Source Code", "HTML Preformatted", ...);
- defined terms ("Definition Term", or a short paragraph wholly in bold).

Text boxes, headers, footers, comments and embedded objects are left out:
they are not part of the body's reading order.
"""
from __future__ import annotations

import re
from pathlib import Path

from app.common.documents import PARAGRAPH, TERM, Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.builder import LINE_BREAK, DocumentBuilder, ListItem, term_like
from app.ingest.readers.package import check_package

_CODE_STYLES = ("source code", "code", "html preformatted", "preformatted", "plain text",
                "macro text")
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_CORE_PROPERTIES = ("http://schemas.openxmlformats.org/package/2006/relationships/metadata/"
                    "core-properties")
_ID_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def read_docx(path: Path) -> Document:
    path = Path(path)
    # A .docx is a zip: a bomb is refused before python-docx reads a byte of it.
    check_package(path, ".docx", "word/document.xml")
    import docx  # python-docx: imported here, only in the reader process

    try:
        word = docx.Document(str(path))
    except Exception as error:  # noqa: BLE001 - python-docx raises many kinds for a bad package
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "not a readable Word document ({error})"),
                             error=_reason(error))) from None
    builder = DocumentBuilder(path, "docx")
    title = _Body(word, builder).read()
    document = builder.build(title=title or _core_title(word))
    if not document.sections:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "no text: the document's body is empty "
                                                       "(text boxes and headers are not read)")))
    return document


def _reason(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"[:200]


class _Body:
    """Walks the body's paragraphs and tables in order, telling the builder."""

    def __init__(self, word, builder: DocumentBuilder):
        self.word = word
        self.builder = builder
        self.list_items: list[ListItem] = []
        self.list_ordered = False
        self.list_id: str | None = None
        self.code: list[str] = []
        self.formats = _NumberingFormats(word)

    def read(self) -> str | None:
        from docx.table import Table
        from docx.text.paragraph import Paragraph

        title = None
        for element in self.word.element.body.iterchildren():
            if element.tag == f"{_W}p":
                title = self._paragraph(Paragraph(element, self.word), title)
            elif element.tag == f"{_W}tbl":
                self._flush()
                self._table(Table(element, self.word))
        self._flush()
        return title

    def _paragraph(self, paragraph, title: str | None) -> str | None:
        text = paragraph.text.replace("\n", LINE_BREAK)
        style = _style_name(paragraph)
        if style.startswith(_CODE_STYLES):
            self._flush_list()
            self.code.append(paragraph.text)
            return title
        self._flush_code()
        if not text.strip():
            return title
        if style == "title" and title is None:
            self._flush()
            return text
        level = _heading_level(paragraph, style)
        if level:
            self._flush()
            self.builder.heading(level, text)
            return title
        numbering = _numbering(paragraph)
        if numbering is not None:
            num_id, depth = numbering
            depth = max(depth, _style_depth(style))
            if self.list_items and depth == 0 and num_id != self.list_id:
                self._flush_list()  # the next list begins: bullets after numbers, say
            if not self.list_items:
                self.list_id, self.list_ordered = num_id, self.formats.ordered(num_id, depth)
            self.list_items.append(ListItem(text, depth))
            return title
        self._flush()
        is_term = style == "definition term" or _all_bold(paragraph, text)
        self.builder.paragraph(text, TERM if is_term else PARAGRAPH)
        return title

    def _table(self, table) -> None:
        rows, header_rows = [], 0
        for row in table.rows:
            cells, seen = [], set()
            for cell in row.cells:  # a merged cell comes back once per grid column
                if id(cell._tc) not in seen:
                    seen.add(id(cell._tc))
                    cells.append(cell.text)
            rows.append(cells)
            if _is_header_row(row) and header_rows == len(rows) - 1:
                header_rows += 1
        header = [" ".join(cells).strip() for cells in zip(*rows[:header_rows])] or None
        self.builder.table(rows[header_rows:] if header else rows, header)

    def _flush(self) -> None:
        self._flush_list()
        self._flush_code()

    def _flush_list(self) -> None:
        if self.list_items:
            self.builder.items(self.list_items, self.list_ordered)
            self.list_items = []

    def _flush_code(self) -> None:
        if self.code:
            self.builder.code("\n".join(self.code))
            self.code = []


def _core_title(word) -> str | None:
    """The title in the document's properties; none when it has no properties
    part (python-docx then makes up one titled "Word Document")."""
    has_core = any(rel.reltype == _CORE_PROPERTIES for rel in word.part.package.rels.values())
    return (word.core_properties.title or None) if has_core else None


def _style_name(paragraph) -> str:
    """The paragraph's style name, lower case. An id the styles part does not
    define (or a file with no styles part) reads as its words: "Heading1" is
    "heading 1", "ListBullet" "list bullet"."""
    style_id = paragraph._p.style
    try:
        style = paragraph.style
    except (KeyError, ValueError):  # a style id the styles part does not define
        style = None
    if style is not None and (style_id is None or style.style_id == style_id):
        return (style.name or "").lower()
    return _id_words(style_id) if style_id else ""


def _id_words(style_id: str) -> str:
    return " ".join(_ID_WORD.findall(style_id)).lower()


def _heading_level(paragraph, style: str) -> int | None:
    if style.startswith("heading "):
        number = style.removeprefix("heading ").strip()
        if number.isdigit() and 1 <= int(number) <= 9:
            return int(number)
    level = _outline_level(paragraph._p.pPr)
    if level is None and paragraph.style is not None:
        style_element = paragraph.style.element
        while style_element is not None and level is None:  # the style and those it is based on
            level = _outline_level(style_element.pPr)
            based_on = style_element.basedOn_val
            style_element = (paragraph.part.styles.element.get_by_id(based_on)
                             if based_on else None)
    return level


def _outline_level(ppr) -> int | None:
    """w:outlineLvl 0-8 is heading level 1-9; 9 means body text."""
    if ppr is None:
        return None
    element = ppr.find(f"{_W}outlineLvl")
    if element is None:
        return None
    value = element.get(f"{_W}val", "")
    return int(value) + 1 if value.isdigit() and int(value) < 9 else None


def _numbering(paragraph) -> tuple[str, int] | None:
    """(numbering id, depth) of a list paragraph, from the paragraph or its style."""
    for ppr in (paragraph._p.pPr, _style_ppr(paragraph)):
        numpr = ppr.find(f"{_W}numPr") if ppr is not None else None
        if numpr is None:
            continue
        num_id = numpr.find(f"{_W}numId")
        level = numpr.find(f"{_W}ilvl")
        value = num_id.get(f"{_W}val") if num_id is not None else None
        if value and value != "0":  # numId 0 switches numbering off
            depth = level.get(f"{_W}val", "0") if level is not None else "0"
            return value, min(int(depth) if depth.isdigit() else 0, 8)
    return None


def _style_depth(style: str) -> int:
    """Word's "List Bullet 2", "List Number 3" styles nest by style, each with a
    numbering of its own at level 0."""
    for prefix in ("list bullet ", "list number ", "list "):
        number = style.removeprefix(prefix)
        if number != style and number.isdigit():
            return max(int(number) - 1, 0)
    return 0


def _style_ppr(paragraph):
    try:
        return paragraph.style.element.pPr if paragraph.style is not None else None
    except (KeyError, ValueError):
        return None


def _all_bold(paragraph, text: str) -> bool:
    """A short line wholly in bold: a term the next paragraphs define."""
    if not term_like(text):
        return False
    runs = [run for run in paragraph.runs if run.text.strip()]
    return bool(runs) and all(run.bold for run in runs)


def _is_header_row(row) -> bool:
    trpr = row._tr.trPr
    return trpr is not None and trpr.find(f"{_W}tblHeader") is not None


class _NumberingFormats:
    """Whether a list is numbered or bulleted, from the numbering part."""

    def __init__(self, word):
        try:
            self.element = word.part.numbering_part.element
        except (KeyError, NotImplementedError, AttributeError):
            self.element = None

    def ordered(self, num_id: str, depth: int) -> bool:
        if self.element is None:
            return False
        for num in self.element.findall(f"{_W}num"):
            if num.get(f"{_W}numId") != num_id:
                continue
            abstract = num.find(f"{_W}abstractNumId")
            abstract_id = abstract.get(f"{_W}val") if abstract is not None else None
            for definition in self.element.findall(f"{_W}abstractNum"):
                if definition.get(f"{_W}abstractNumId") == abstract_id:
                    for level in definition.findall(f"{_W}lvl"):
                        if level.get(f"{_W}ilvl") == str(depth):
                            fmt = level.find(f"{_W}numFmt")
                            value = fmt.get(f"{_W}val") if fmt is not None else "bullet"
                            return value not in ("bullet", "none")
        return False
