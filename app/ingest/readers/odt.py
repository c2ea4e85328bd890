"""OpenDocument text (.odt: LibreOffice, OpenOffice, Google Docs' export).

An .odt is a zip whose content.xml holds the body; it is read with lxml
(already here for python-docx), after the zip-bomb check, without expanding
entities (package.py). What is kept, in body order:

- headings: `text:h` with its outline level; the "Title" paragraph (or the
  title in meta.xml) names the document;
- paragraphs, with line breaks, tabs and runs of spaces (`text:s`) as written;
- lists (`text:list`), nested, bulleted or numbered by their list style;
- tables, their header rows (or first row) naming the columns;
- code: paragraphs in a preformatted style ("Preformatted Text", "Source Code");
- defined terms: the "List Heading" paragraphs LibreOffice writes for them.

Left out, as the Word reader leaves them out: frames and text boxes, images,
footnotes, comments, deleted tracked changes, the generated table of
contents and indexes.
"""
from __future__ import annotations

import zipfile
from itertools import zip_longest
from pathlib import Path

from app.common.documents import PARAGRAPH, TERM, Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.builder import LINE_BREAK, DocumentBuilder, ListItem, term_like
from app.ingest.readers.package import check_package, is_element, parse_xml, read_member

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "manifest": "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0",
}
_CODE_STYLES = ("preformatted text", "source code", "source text", "code", "html preformatted")
_TERM_STYLES = ("list heading",)
_MAX_REPEAT = 100  # a cell or row "repeated" thousands of times (a spreadsheet habit)
# Generated or out-of-flow parts of the body: not the document's reading order.
_LEFT_OUT = {"table-of-content", "alphabetical-index", "illustration-index", "table-index",
             "object-index", "user-index", "bibliography", "tracked-changes",
             "sequence-decls", "variable-decls", "user-field-decls", "note", "forms",
             "annotation", "frame", "number"}


def _tag(prefix: str, name: str) -> str:
    return f"{{{_NS[prefix]}}}{name}"


def read_odt(path: Path) -> Document:
    path = Path(path)
    names = check_package(path, ".odt", "content.xml")
    try:
        with zipfile.ZipFile(path) as package:
            _refuse_encrypted(package, names)
            content = parse_xml(read_member(package, "content.xml", ".odt"), "content.xml")
            styles = _optional(package, names, "styles.xml")
            meta = _optional(package, names, "meta.xml")
    except (zipfile.BadZipFile, OSError) as error:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "not an OpenDocument text: the .odt package "
                                                       "is damaged ({error})"),
                             error=str(error))) from None
    body = _text_body(content)
    builder = DocumentBuilder(path, "odt")
    try:
        title = _Body(builder, _Styles(content, styles)).read(body)
    except RecursionError:  # lxml itself stops at 256 levels; this is a second guard
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "its structure is nested too deeply to be "
                                                       "read"))) from None
    document = builder.build(title=title or _meta_title(meta))
    if not document.sections:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "no text: the document's body is empty "
                                                       "(frames and text boxes are not read)")))
    return document


def _refuse_encrypted(package: zipfile.ZipFile, names: set[str]) -> None:
    """A password-protected .odt keeps its manifest readable and its content encrypted."""
    if "META-INF/manifest.xml" not in names:
        return
    manifest = parse_xml(read_member(package, "META-INF/manifest.xml", ".odt"),
                         "META-INF/manifest.xml")
    if manifest.find(f".//{_tag('manifest', 'encryption-data')}") is not None:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the document is password-protected: it "
                                                       "cannot be read without its password")))


def _optional(package: zipfile.ZipFile, names: set[str], name: str):
    """styles.xml or meta.xml: a damaged one costs style names or the title,
    not the document."""
    try:
        return parse_xml(read_member(package, name, ".odt"), name) if name in names else None
    except ReadError:
        return None


def _meta_title(meta) -> str | None:
    title = meta.find(f".//{_tag('dc', 'title')}") if meta is not None else None
    return ((title.text or "").strip() or None) if title is not None else None


def _text_body(content):
    body = content.find(_tag("office", "body"))
    text = body.find(_tag("office", "text")) if body is not None else None
    if text is None:
        kinds = [child.tag.rpartition("}")[2] for child in (body if body is not None else [])
                 if is_element(child)]
        if kinds:
            raise ReadError(Said(QT_TRANSLATE_NOOP(
                "Core", "not an OpenDocument text: it holds {kind} (a spreadsheet or a "
                        "presentation renamed .odt?)"), kind=kinds[0]))
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "not an OpenDocument text: it has no body (a spreadsheet or a presentation "
                    "renamed .odt?)")))
    return text


class _Styles:
    """Paragraph and list styles by name, from content.xml (automatic styles,
    "P1") and styles.xml (named ones), with what each is based on."""

    def __init__(self, *roots):
        self.parents: dict[str, str] = {}
        self.display: dict[str, str] = {}
        self.numbered: dict[str, bool] = {}
        self.bold: set[str] = set()  # styles that set bold type themselves
        for root in (r for r in roots if r is not None):
            for style in root.iter(_tag("style", "style")):
                name = style.get(_tag("style", "name"), "")
                self.parents[name] = style.get(_tag("style", "parent-style-name"), "")
                self.display[name] = style.get(_tag("style", "display-name"), "")
                properties = style.find(_tag("style", "text-properties"))
                if properties is not None and properties.get(
                        _tag("fo", "font-weight")) in ("bold", "600", "700", "800", "900"):
                    self.bold.add(name)
            for list_style in root.iter(_tag("text", "list-style")):
                first = next((level for level in list_style if is_element(level)), None)
                self.numbered[list_style.get(_tag("style", "name"), "")] = (
                    first is not None and first.tag == _tag("text", "list-level-style-number"))

    def chain(self, name: str) -> list[str]:
        """The style's own name and those of the styles it is based on."""
        found: list[str] = []
        while name and name not in found:  # a style based on itself ends here
            found.append(name)
            name = self.parents.get(name, "")
        return found

    def names(self, name: str) -> list[str]:
        """The style and those it is based on, as people read them ("preformatted text")."""
        return [(self.display.get(n) or n).replace("_20_", " ").lower() for n in self.chain(name)]

    def is_(self, name: str, kinds: tuple[str, ...]) -> bool:
        return any(style.startswith(kinds) for style in self.names(name))

    def is_bold(self, name: str) -> bool:
        """A text style in bold type, itself or by the style it is based on."""
        return any(n in self.bold for n in self.chain(name)) or \
            self.is_(name, ("strong",))  # "Strong Emphasis", LibreOffice's own


class _Body:
    """Walks the body in order, telling the builder."""

    def __init__(self, builder: DocumentBuilder, styles: _Styles):
        self.builder = builder
        self.styles = styles
        self.code: list[str] = []
        self.title: str | None = None

    def read(self, body) -> str | None:
        self.walk(body)
        self._flush_code()
        return self.title

    def walk(self, parent) -> None:
        for child in parent:
            if is_element(child):
                self.element(child)

    def element(self, element) -> None:
        name = element.tag.rpartition("}")[2]
        if element.tag == _tag("text", "p") and self._style_is(element, _CODE_STYLES):
            self.code.append(_inline(element))
            return
        self._flush_code()
        if element.tag == _tag("text", "h"):
            self.builder.heading(_level(element), _inline(element))
        elif element.tag == _tag("text", "p"):
            self._paragraph(element)
        elif element.tag in (_tag("text", "list"), _tag("text", "numbered-paragraph")):
            self._list(element)
        elif element.tag == _tag("table", "table"):
            self._table(element)
        elif name not in _LEFT_OUT:  # text:section, office:text... hold blocks
            self.walk(element)

    def _paragraph(self, element) -> None:
        text = _inline(element)
        if not text.strip():
            return
        if self.title is None and self._style_is(element, ("title",)):
            self.title = text
            return
        term = self._style_is(element, _TERM_STYLES) or \
            (self._wholly_bold(element) and term_like(text))
        self.builder.paragraph(text, TERM if term else PARAGRAPH)

    def _wholly_bold(self, element) -> bool:
        """Only bold spans carry the paragraph's text: a term for what follows."""
        if (element.text or "").strip():
            return False
        bold = False
        for child in element:
            if (child.tail or "").strip():
                return False
            if not is_element(child) or not _inline_child(child).strip():
                continue
            if child.tag != _tag("text", "span") or not self.styles.is_bold(
                    child.get(_tag("text", "style-name"), "")):
                return False
            bold = True
        return bold

    def _list(self, element) -> None:
        numbered = self.styles.numbered.get(element.get(_tag("text", "style-name"), ""), False)
        writer = _ListWriter(self, numbered)
        writer.add(element, 0)
        writer.flush()

    def _table(self, element) -> None:
        header = [_row(row) for row in _rows(element, header=True)]
        rows = [cells for row in _rows(element) for cells in [_row(row)] * _repeat(row, "rows")]
        columns = [" ".join(cell for cell in column if cell).strip()
                   for column in zip_longest(*header, fillvalue="")] if header else None
        self.builder.table(rows, columns)

    def _style_is(self, element, kinds: tuple[str, ...]) -> bool:
        return self.styles.is_(element.get(_tag("text", "style-name"), ""), kinds)

    def _flush_code(self) -> None:
        if self.code:
            self.builder.code("\n".join(self.code))
            self.code = []


class _ListWriter:
    """A list and its nested lists as the builder's items; a heading or a
    table inside an item ends the list so far, and it goes on after."""

    def __init__(self, body: _Body, numbered: bool):
        self.body = body
        self.numbered = numbered
        self.items: list[ListItem] = []

    def add(self, element, depth: int) -> None:
        if element.tag == _tag("text", "numbered-paragraph"):  # ODF 1.2's lone list item
            depth += max(int(element.get(_tag("text", "level"), "1") or 1) - 1, 0)
            self._item(element, depth)
            return
        for item in element:
            if is_element(item) and item.tag in (_tag("text", "list-item"),
                                                 _tag("text", "list-header")):
                self._item(item, depth)

    def _item(self, item, depth: int) -> None:
        parts = []
        for child in item:
            if not is_element(child):
                continue
            if child.tag == _tag("text", "p"):
                parts.append(_inline(child))
            elif child.tag == _tag("text", "list"):
                self._add_text(parts, depth)
                self.add(child, depth + 1)
            else:
                self._add_text(parts, depth)
                self.flush()
                self.body.element(child)
        self._add_text(parts, depth)

    def _add_text(self, parts: list[str], depth: int) -> None:
        text = " ".join(part for part in parts if part.strip())
        if text:
            self.items.append(ListItem(text, depth))
        parts.clear()

    def flush(self) -> None:
        if self.items:
            self.body.builder.items(self.items, self.numbered)
            self.items = []


# -- text of elements ---------------------------------------------------------------

def _inline(element) -> str:
    """The text of a paragraph or heading as written: spans, links and fields
    as their text, `text:s` as its spaces, line breaks as LINE_BREAK; frames,
    notes and comments left out."""
    parts = [element.text or ""]
    for child in element:
        if is_element(child):
            parts.append(_inline_child(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _inline_child(child) -> str:
    name = child.tag.rpartition("}")[2]
    if child.tag == _tag("text", "s"):
        count = child.get(_tag("text", "c"), "1")
        return " " * min(int(count) if count.isdigit() else 1, 1000)
    if child.tag == _tag("text", "tab"):
        return "\t"
    if child.tag == _tag("text", "line-break"):
        return LINE_BREAK
    if name in _LEFT_OUT or not child.tag.startswith(f"{{{_NS['text']}}}"):
        return ""  # notes, comments, frames, drawings
    return _inline(child)


def _level(heading) -> int:
    value = heading.get(_tag("text", "outline-level"), "1")
    return min(max(int(value), 1), 10) if value.isdigit() else 1


def _rows(table, header: bool = False):
    """The table's own rows (not those of a table nested in a cell): its
    header rows, or the others, in row groups or not."""
    for child in table:
        if not is_element(child):
            continue
        if child.tag == _tag("table", "table-row") and not header:
            yield child
        elif child.tag == _tag("table", "table-header-rows"):
            if header:
                yield from (row for row in child if is_element(row))
        elif child.tag in (_tag("table", "table-rows"), _tag("table", "table-row-group")):
            yield from _rows(child, header)


def _row(row) -> list[str]:
    cells = []
    for cell in row:
        if not is_element(cell):
            continue
        if cell.tag == _tag("table", "covered-table-cell"):  # merged into the cell before
            cells.append("")
        elif cell.tag == _tag("table", "table-cell"):
            text = " ".join(_block_texts(cell))
            cells += [text] * (_repeat(cell, "columns") if text.strip() else 1)
    while cells and not cells[-1].strip():
        cells.pop()
    return cells


def _block_texts(element) -> list[str]:
    """The text of the paragraphs in a cell, lists and tables in it too."""
    texts = []
    for child in element:
        if not is_element(child) or child.tag.rpartition("}")[2] in _LEFT_OUT:
            continue
        if child.tag in (_tag("text", "p"), _tag("text", "h")):
            texts.append(_inline(child).replace(LINE_BREAK, " "))
        else:
            texts += _block_texts(child)
    return [text for text in texts if text.strip()]


def _repeat(element, what: str) -> int:
    value = element.get(_tag("table", f"number-{what}-repeated"), "1")
    return min(int(value), _MAX_REPEAT) if value.isdigit() and int(value) > 0 else 1
