"""HTML pages (.html, .htm): wiki and intranet exports, Sphinx and MkDocs sites.

Parsed with the standard library's HTML parser, as a stream of tags: no tree
is built, so a page nested 100,000 levels deep costs a list, not the
recursion limit, and nothing is ever fetched — images, scripts, frames and
styles are tags we skip, never URLs we open.

What is kept: the page's main content (`<main>`, `role="main"` or, without
one, `<article>`; else the whole body), with headings h1–h6, paragraphs,
lists, tables and `<pre>` code. What is dropped: scripts, styles, forms,
navigation, headers and footers outside the content, and the class/id names
site generators give their menus, sidebars, breadcrumbs and tables of
contents.
"""
from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from app.common.documents import PARAGRAPH, TERM, Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.builder import LINE_BREAK, DocumentBuilder, ListItem, term_like
from app.ingest.readers.encoding import Decoded, decode
from app.ingest.readers.text import read_file_bytes

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
         "source", "track", "wbr", "keygen"}
_NEVER_TEXT = {"script", "style", "noscript", "template", "svg", "math", "canvas", "iframe",
               "object", "video", "audio", "select", "button", "form", "head", "nav", "aside"}
_OUTSIDE_CONTENT = {"header", "footer"}  # a page's banner and footer, not an article's
_BOILERPLATE = {"nav", "navbar", "navigation", "menu", "sidebar", "breadcrumb", "breadcrumbs",
                "footer", "toc", "skip-link", "sphinxsidebar", "related", "mw-navigation",
                "mw-panel", "mw-head", "cookie-banner", "site-header", "site-footer",
                "md-sidebar", "md-header", "md-footer", "md-nav", "headerlink", "pagination",
                "navheader", "navfooter", "list-of-tables", "list-of-examples",
                "list-of-figures"}  # the last five: DocBook (PostgreSQL's manual)
# A heading inside a note box titles the box, not a part of the page.
_ASIDES = {"note", "tip", "warning", "caution", "important", "admonition", "sidebar"}
_BOILERPLATE_ROLES = {"navigation", "banner", "contentinfo", "search", "complementary"}
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BOLD = {"b", "strong"}  # a paragraph wholly inside them is a term (see term_like)
_BLOCKS = {"p", "div", "section", "article", "main", "blockquote", "dd", "dt", "figcaption",
           "address", "center", "details", "summary", "fieldset", "body", "header", "footer",
           "dl", "figure"}


def read_html(path: Path) -> Document:
    decoded = decode_page(read_file_bytes(path))
    if not decoded.text.strip():
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the file is empty")))
    builder = DocumentBuilder(Path(path), "html")
    title = write_page(builder, decoded.text)
    document = builder.build(title=title, encoding=decoded.encoding)
    if not document.sections:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "no text: the page holds only markup, "
                                                       "scripts or navigation")))
    return document


def decode_page(data: bytes) -> Decoded:
    """A page's text, read in the charset it declares when it is not UTF-8."""
    return decode(data, declared=_declared_charset(data))


def write_page(builder: DocumentBuilder, text: str) -> str:
    """Tell `builder` what one page's content holds; returns the page's <title>.
    An EPUB book is its XHTML chapters written one after another this way."""
    finder = _ContentFinder()
    _feed(finder, text)
    page = _Page(builder, finder.content_tags())
    _feed(page, text)
    page.finish()
    return page.title


def _feed(parser: HTMLParser, text: str) -> None:
    try:
        parser.feed(text)
        parser.close()
    except AssertionError as error:  # html.parser's own guard on malformed declarations
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the HTML cannot be parsed: {error}"),
                             error=str(error))) from None


def _declared_charset(data: bytes) -> str | None:
    """The charset a page declares in its first 4 KB (`<meta charset>` or the
    http-equiv Content-Type), as a browser's prescan finds it."""
    finder = _CharsetFinder()
    try:
        finder.feed(data[:4096].decode("latin-1"))  # every byte maps: ASCII names survive
    except AssertionError:
        return None
    return finder.charset


class _CharsetFinder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.charset: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag != "meta" or self.charset:
            return
        attrs = {name: value or "" for name, value in attrs}
        if attrs.get("charset"):
            self.charset = attrs["charset"].strip()
        elif attrs.get("http-equiv", "").lower() == "content-type":
            _, _, charset = attrs.get("content", "").lower().partition("charset=")
            self.charset = charset.strip(" \"';") or None


def _boilerplate(tag: str, attrs: dict) -> bool:
    names = set((attrs.get("class") or "").split()) | {attrs.get("id") or ""}
    return bool(names & _BOILERPLATE) or (attrs.get("role") or "") in _BOILERPLATE_ROLES


class _ContentFinder(HTMLParser):
    """First pass: does the page mark its main content?"""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.main = self.article = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.main |= tag == "main" or attrs.get("role") == "main"
        self.article |= tag == "article"

    def content_tags(self) -> str | None:
        return "main" if self.main else "article" if self.article else None


class _Page(HTMLParser):
    """Second pass: the text of the content, told to a DocumentBuilder."""

    def __init__(self, builder: DocumentBuilder, content: str | None):
        super().__init__(convert_charrefs=True)
        self.builder = builder
        self.content = content       # "main", "article" or None (the whole body)
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, skipped, is content)
        self.asides: list[bool] = []  # per open element: a note box or a quotation
        self.open_tags: Counter[str] = Counter()  # so a stray end tag costs O(1), not a scan
        self.skipping = 0            # open elements whose text is dropped
        self.in_content = 0          # open content elements (main/article)
        self.title_parts: list[str] | None = None
        self.title = ""
        self.text: list[str] = []    # the inline text of the block being read
        self.heading: int | None = None
        self.term = False            # inside a <dt>
        self.bold = 0                # open <b>/<strong> elements
        self.bold_text = False       # the block's text so far: some in bold,
        self.plain_text = False      # some not (a wholly bold line is a term)
        self.pre: list[str] | None = None
        self.pre_language: str | None = None
        self.lists: list[tuple[bool, list[ListItem]]] = []  # open lists: (ordered, items)
        self.tables: list[_Table] = []

    # -- tags -----------------------------------------------------------------

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if tag == "title" and self.title_parts is None and not self.title:
            self.title_parts = []
        if tag in _VOID:
            if tag == "br":
                self._data(LINE_BREAK)
            return
        content = self._is_content(tag, attrs)
        skipped = (tag in _NEVER_TEXT or _boilerplate(tag, attrs)
                   or (tag in _OUTSIDE_CONTENT and not self.in_content)) and not content
        self.stack.append((tag, skipped, content))
        self.open_tags[tag] += 1
        self.asides.append(tag == "blockquote" or bool(set(attrs.get("class", "").split()) & _ASIDES))
        self.skipping += skipped
        self.in_content += content
        if not self._visible():
            return
        self._start(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "title" and self.title_parts is not None:
            self.title, self.title_parts = "".join(self.title_parts), None
        if not self.open_tags[tag]:
            return  # a stray end tag: browsers ignore it too
        while self.stack:
            open_tag, skipped, content = self.stack.pop()
            self.asides.pop()
            self.open_tags[open_tag] -= 1
            visible = self._visible()
            self.skipping -= skipped
            self.in_content -= content
            if visible or self._visible():
                self._end(open_tag)
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self.title_parts is not None:
            self.title_parts.append(data)
            return
        if self._visible():
            self._data(data)

    def finish(self) -> None:
        self.close()
        while self.stack:  # unclosed tags close at the end of the page
            self.handle_endtag(self.stack[-1][0])
        self._flush()

    # -- what the tags mean -------------------------------------------------------

    def _is_content(self, tag: str, attrs: dict) -> bool:
        if self.content == "main":
            return tag == "main" or attrs.get("role") == "main"
        return self.content == "article" and tag == "article"

    def _visible(self) -> bool:
        return not self.skipping and (self.content is None or self.in_content > 0)

    def _start(self, tag: str, attrs: dict) -> None:
        if tag in _BOLD:
            self.bold += 1
        elif tag in _HEADINGS and not self.tables and not any(self.asides):
            self._flush()
            self.heading = _HEADINGS[tag]
        elif tag == "dt":
            self._flush_text()
            self.term = True
        elif tag == "pre":
            self._flush()
            self.pre, self.pre_language = [], _language(attrs)
        elif tag == "code" and self.pre is not None and not self.pre_language:
            self.pre_language = _language(attrs)
        elif tag in ("ul", "ol", "menu") and not self.tables:
            self._flush_text()
            self.lists.append((tag == "ol", []))
        elif tag == "li" and self.lists:
            self._flush_text()
        elif tag == "table":
            self._flush_text()
            self.tables.append(_Table())
        elif self.tables and tag in ("tr", "td", "th", "thead"):
            self.tables[-1].start(tag)
        elif tag in _BLOCKS or tag in ("hr",):
            self._flush_text()

    def _end(self, tag: str) -> None:
        if tag in _BOLD:
            self.bold = max(self.bold - 1, 0)
        elif tag in _HEADINGS and self.heading is not None:
            self.builder.heading(self.heading, "".join(self.text))
            self.text, self.heading = [], None
            self.bold_text = self.plain_text = False
        elif tag == "pre" and self.pre is not None:
            self.builder.code("".join(self.pre), self.pre_language)
            self.pre = None
        elif tag in ("ul", "ol", "menu") and self.lists:
            self._flush_text()
            ordered, items = self.lists.pop()
            if self.lists:
                self.lists[-1][1].extend(items)  # nested lists come out with their parent
            else:
                self.builder.items(items, ordered)
        elif tag == "li" and self.lists:
            self._flush_text()
        elif tag == "dt":
            self._flush_text()
        elif tag == "table" and self.tables:
            table = self.tables.pop()
            table.end_row()
            if self.tables:  # a table in a cell: its text joins the cell
                self.tables[-1].cell.append(" ".join(" ".join(r) for r in table.rows))
            else:
                # HTML names its header cells (<th>): a table without one is
                # a layout or a term | definition list, every row content.
                self.builder.table(table.rows, table.header, first_row_names=False)
        elif self.tables and tag in ("tr", "td", "th", "thead"):
            self.tables[-1].end(tag)
        elif tag in _BLOCKS:
            self._flush_text()

    def _data(self, data: str) -> None:
        if self.pre is not None:
            self.pre.append(data)
        elif self.tables:
            self.tables[-1].cell.append(data)
        else:
            self.text.append(data)
            if data.strip():
                if self.bold:
                    self.bold_text = True
                else:
                    self.plain_text = True

    def _flush_text(self) -> None:
        """The inline text read so far becomes a paragraph or a list item."""
        text, self.text = "".join(self.text), []
        wholly_bold = self.bold_text and not self.plain_text and term_like(text)
        self.bold_text = self.plain_text = False
        if not text.strip() or self.heading is not None:
            self.text = [text] if self.heading is not None else []
            return
        if self.lists:
            self.lists[-1][1].append(ListItem(text, depth=len(self.lists) - 1))
        else:
            self.builder.paragraph(text, TERM if self.term or wholly_bold else PARAGRAPH)
        self.term = False

    def _flush(self) -> None:
        self._flush_text()
        if self.pre is not None:
            self.builder.code("".join(self.pre), self.pre_language)
            self.pre = None


class _Table:
    def __init__(self):
        self.header: list[str] | None = None
        self.rows: list[list[str]] = []
        self.row: list[str] | None = None
        self.cell: list[str] = []
        self.header_row = False
        self.in_cell = False

    def start(self, tag: str) -> None:
        if tag == "tr":
            self.end_row()
            self.row, self.header_row = [], True
        elif tag in ("td", "th"):
            self.end_cell()
            if self.row is None:
                self.row, self.header_row = [], True
            self.header_row &= tag == "th"
            self.in_cell = True

    def end(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.end_cell()
        elif tag == "tr":
            self.end_row()

    def end_cell(self) -> None:
        if self.in_cell and self.row is not None:
            self.row.append("".join(self.cell))
        self.cell, self.in_cell = [], False

    def end_row(self) -> None:
        self.end_cell()
        if self.row:
            if self.header_row and self.header is None and not self.rows:
                self.header = self.row
            else:
                self.rows.append(self.row)
        self.row = None


def _language(attrs: dict) -> str | None:
    """`class="language-sql"`, `highlight-python` (Sphinx), `lang-js`..."""
    for name in (attrs.get("class") or "").split():
        for prefix in ("language-", "lang-", "highlight-"):
            if name.startswith(prefix) and len(name) > len(prefix):
                language = name[len(prefix):]
                return None if language in ("default", "none", "text") else language
    return None
