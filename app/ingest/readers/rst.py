"""reStructuredText (.rst), read with docutils.

docutils, because it is the format's reference parser (Sphinx uses it too):
sections, lists, grid and simple tables, directives and roles come back as a
doctree we walk, telling a DocumentBuilder what we meet.

Safe and quiet for a file from anywhere: no file insertion (`include`,
`csv-table :file:`), no `raw`, no configuration files, no message printed and
none that stops the parse. Only the parser runs, with one transform
(substitutions, so `|product|` reads as its text): without docutils' title
transform a lone top section stays a section, its title the level-1 heading
that starts every path, as "# Title" does in Markdown; generated parts (the
`contents` table, section numbers) are never built.

Unknown directives (Sphinx's glossary, versionadded, tabs...) are error
messages to docutils, which keep their source: their argument is kept as a
paragraph and their content is parsed again in place. Unknown roles keep
their text (":term:`PTO`" reads "PTO"). Markup docutils cannot parse (a
malformed table) keeps its words as a paragraph. Left out: comments, images,
targets, the file names of `toctree`, and whatever `include` would insert.
"""
from __future__ import annotations

import textwrap
from itertools import zip_longest
from pathlib import Path

from app.common.documents import PARAGRAPH, QUOTE, TERM, Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.builder import LINE_BREAK, DocumentBuilder, ListItem, term_like
from app.ingest.readers.text import read_text_file

_SETTINGS = {
    "file_insertion_enabled": False,  # include, csv-table :file:, raw :file:
    "raw_enabled": False,             # raw HTML/LaTeX is not the handbook's text
    "report_level": 5,                # no message is reported...
    "halt_level": 5,                  # ...and none stops the parse
    "warning_stream": False,          # docutils' own word for "discard": nothing on stderr
    "_disable_config": True,          # no docutils.conf read from the user's folders
    "syntax_highlight": "none",       # code stays text: no Pygments run on it
}
MAX_REPARSE = 3  # unknown directives inside unknown directives: deeper ones stay text
_SILENT = {"comment", "substitution_definition", "target", "pending", "raw", "image",
           "transition", "decoration", "meta"}
_NOT_READ = {"include", "literalinclude", "raw", "toctree", "index", "highlight",
             "currentmodule", "autosummary", "automodule", "autoclass", "autofunction",
             "image", "figure", "contents"}  # directives whose text is not the handbook's
_CODE_DIRECTIVES = {"code", "code-block", "sourcecode"}
_UNPARSED = QT_TRANSLATE_NOOP("Core", "the reStructuredText cannot be parsed ({error})")
_LISTS = {"bullet_list", "enumerated_list"}
_ITEM_TEXT = {"paragraph", "line_block"}


def read_rst(path: Path) -> Document:
    path = Path(path)
    decoded = read_text_file(path)
    builder = DocumentBuilder(path, "rst")
    try:
        doctree = _parse(decoded.text, str(path))
        _Walker(builder).walk(doctree, 0)
        title = doctree.get("title")  # the `.. title::` directive
    except RecursionError:
        # Lists or quotes nested a few hundred deep exhaust docutils' recursion:
        # the file is still read, as plain paragraphs.
        builder, title = _plain(path, decoded.text), None
    document = builder.build(title=title, encoding=decoded.encoding)
    if not document.sections:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "no text: the file holds only comments, "
                                                       "directives or markup")))
    return document


def _parse(text: str, source: str):
    """The doctree of `text`: docutils' parser, then the substitutions."""
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.transforms.references import Substitutions
    from docutils.utils import new_document

    settings = get_default_settings(Parser)
    for name, value in _SETTINGS.items():
        setattr(settings, name, value)
    doctree = new_document(source, settings)
    try:
        Parser().parse(text, doctree)
        doctree.transformer.add_transform(Substitutions)
        doctree.transformer.apply_transforms()
    except RecursionError:
        raise
    except Exception as error:  # noqa: BLE001 - a parser bug on odd markup must stay in words
        # 300 characters at most in all, as before: the parser's own words are cut
        detail = f"{type(error).__name__}: {error}"[:300 - len(_UNPARSED.format(error=""))]
        raise ReadError(Said(_UNPARSED, error=detail)) from None
    return doctree


def _plain(path: Path, text: str) -> DocumentBuilder:
    builder = DocumentBuilder(path, "rst")
    for paragraph in text.split("\n\n"):
        builder.paragraph(paragraph)
    return builder


class _Walker:
    """Walks a doctree in order, telling the builder what each node is."""

    def __init__(self, builder: DocumentBuilder):
        self.builder = builder
        self.quoting = 0   # open block quotes: their paragraphs are quotes
        self.reparsed = 0  # unknown directives we are inside

    def walk(self, node, depth: int) -> None:
        """`depth`: the sections around `node`; a section's title is a heading one deeper."""
        for child in node.children:
            self.node(child, depth)

    def node(self, node, depth: int) -> None:
        from docutils import nodes

        handler = getattr(self, f"_on_{node.tagname}", None)
        if handler is not None:
            handler(node, depth)
        elif node.tagname in _SILENT:
            pass
        elif isinstance(node, nodes.Admonition):
            label = node.tagname.capitalize()
            if node.children and node[0].tagname == "title":  # `.. admonition:: Its title`
                label, node = _text(node[0]), _without_first(node)
            self._labelled(label, node, depth)
        elif isinstance(node, (nodes.Text, nodes.TextElement)):
            text = _text(node)
            term = not self.quoting and _wholly_strong(node) and term_like(text)
            self.paragraph(text, TERM if term else None)
        else:  # containers (compound, container, legend...): their children are blocks
            self.walk(node, depth)

    def paragraph(self, text: str, kind: str | None = None) -> None:
        self.builder.paragraph(text, kind or (QUOTE if self.quoting else PARAGRAPH))

    def silent(self, node) -> bool:
        """Writes nothing: so a list goes on past it instead of being split."""
        if node.tagname == "system_message":
            return _kept_source(node) is None
        return node.tagname in _SILENT

    # -- structure ------------------------------------------------------------

    def _on_section(self, node, depth: int) -> None:
        if node.children and node[0].tagname == "title":
            self.builder.heading(depth + 1, _text(node[0]))
            node = _without_first(node)
        self.walk(node, depth + 1)

    def _on_title(self, node, depth: int) -> None:  # of a topic, a sidebar, a table
        self.paragraph(_text(node), TERM)

    _on_subtitle = _on_rubric = _on_title  # a rubric is a heading outside the outline

    def _on_topic(self, node, depth: int) -> None:
        if "contents" not in node.get("classes", []):  # the table of contents is not text
            self.walk(node, depth)

    _on_sidebar = _on_topic

    def _on_block_quote(self, node, depth: int) -> None:
        self.quoting += 1
        self.walk(node, depth)
        self.quoting -= 1

    def _on_attribution(self, node, depth: int) -> None:
        self.builder.quote("\u2014 " + _text(node))

    def _on_line_block(self, node, depth: int) -> None:
        self.paragraph(LINE_BREAK.join(_lines(node)))

    def _on_footnote(self, node, depth: int) -> None:
        if node.children and node[0].tagname == "label":
            self._labelled(f"[{_text(node[0])}]", _without_first(node), depth, separator=" ")
        else:
            self.walk(node, depth)

    _on_citation = _on_footnote

    def _labelled(self, label: str, node, depth: int, separator: str = ": ") -> None:
        """A note box or a footnote: its label starts its first paragraph."""
        if node.children and node[0].tagname == "paragraph":
            self.paragraph(label + separator + _text(node[0]))
            node = _without_first(node)
        else:
            self.paragraph(label)
        self.walk(node, depth)

    # -- lists, terms, fields --------------------------------------------------

    def _on_bullet_list(self, node, depth: int) -> None:
        writer = _ListWriter(self, node.tagname == "enumerated_list", depth)
        writer.add(node, 0)
        writer.flush()

    _on_enumerated_list = _on_bullet_list

    def _on_definition_list(self, node, depth: int) -> None:
        for item in node.children:
            terms = [_text(child) for child in item.children
                     if child.tagname in ("term", "classifier")]
            self.paragraph(" : ".join(term for term in terms if term), TERM)
            for child in item.children:
                if child.tagname == "definition":
                    self.walk(child, depth)

    def _on_field_list(self, node, depth: int) -> None:
        for field in node.children:
            name, body = (field[0], field[1]) if len(field.children) == 2 else (field, None)
            self.paragraph(f"{_text(name)}: {_text(body)}" if body is not None else _text(name))

    def _on_option_list(self, node, depth: int) -> None:
        for item in node.children:
            options = [_option(option) for group in item.children
                       if group.tagname == "option_group" for option in group.children]
            description = " ".join(_text(child) for child in item.children
                                   if child.tagname == "description")
            self.paragraph(f"{', '.join(options)}: {description}")

    # -- code and tables ------------------------------------------------------

    def _on_literal_block(self, node, depth: int) -> None:
        classes = node.get("classes", [])
        # `.. code-block:: sql` gives classes ["code", "sql", ...]; `::` gives none
        language = classes[1] if len(classes) > 1 and classes[0] == "code" else None
        self.builder.code(node.astext(), language)

    def _on_doctest_block(self, node, depth: int) -> None:
        self.builder.code(node.astext(), "pycon")

    def _on_math_block(self, node, depth: int) -> None:
        self.builder.code(node.astext(), "latex")

    def _on_table(self, node, depth: int) -> None:
        for child in node.children:
            if child.tagname == "title":
                self.paragraph(_text(child), TERM)
            elif child.tagname == "tgroup":
                header = _grid(_rows(child, "thead"))
                columns = [" ".join(cell for cell in column if cell).strip()
                           for column in zip_longest(*header, fillvalue="")]
                self.builder.table(_grid(_rows(child, "tbody")), columns or None)

    # -- what docutils could not read -------------------------------------------

    def _on_system_message(self, node, depth: int) -> None:
        source = _kept_source(node)
        if source is None:
            return
        message = _text(node[0]) if node.children else ""
        if message.startswith(("Unknown directive type", "Error in \"")):
            self._directive(source, depth)
        else:  # a malformed table, a title out of place: its words, without the rules
            lines = [line for line in source.split("\n") if any(c.isalnum() for c in line)]
            self.paragraph(LINE_BREAK.join(lines))

    def _directive(self, source: str, depth: int) -> None:
        name, argument, content = _directive_parts(source)
        if name in _NOT_READ:
            return
        if name in _CODE_DIRECTIVES:  # a code block with an option docutils refused
            self.builder.code(content, argument.split()[0] if argument.split() else None)
            return
        self.paragraph(argument)
        if not content.strip():
            return
        if self.reparsed >= MAX_REPARSE:
            self.paragraph(content)
            return
        self.reparsed += 1
        self.walk(_parse(content, "<directive content>"), depth)
        self.reparsed -= 1


class _ListWriter:
    """One list with its nested lists, as the builder's items. A block inside
    an item (code, a table) ends the list so far, is written, and the list
    goes on after it."""

    def __init__(self, walker: _Walker, ordered: bool, depth: int):
        self.walker = walker
        self.ordered = ordered
        self.depth = depth
        self.items: list[ListItem] = []

    def add(self, node, level: int) -> None:
        for item in node.children:
            parts: list[str] = []
            for child in item.children:
                if child.tagname in _LISTS:
                    self._item(parts, level)
                    self.add(child, level + 1)
                elif child.tagname in _ITEM_TEXT:
                    parts.append(_text(child))
                elif not self.walker.silent(child):
                    self._item(parts, level)
                    self.flush()
                    self.walker.node(child, self.depth)
            self._item(parts, level)

    def _item(self, parts: list[str], level: int) -> None:
        if parts:
            self.items.append(ListItem(" ".join(parts), level))
            parts.clear()

    def flush(self) -> None:
        if self.items:
            self.walker.builder.items(self.items, self.ordered)
            self.items = []


# -- text of nodes ----------------------------------------------------------------

def _text(node) -> str:
    """What a reader sees of a node: inline markup as its text, messages left
    out, blocks inside (a cell's paragraphs) separated by spaces."""
    from docutils import nodes

    if isinstance(node, nodes.Text):
        return node.astext()  # backslash escapes undone
    tag = node.tagname
    if tag in _SILENT or tag == "system_message":
        return ""
    if tag == "problematic":  # markup docutils could not resolve: its source
        return _role_text(node.astext())
    if tag in ("footnote_reference", "citation_reference"):
        return f"[{node.astext()}]" if node.astext() else ""
    parts = [_text(child) for child in node.children]
    if isinstance(node, nodes.TextElement):
        return "".join(parts)
    return " ".join(part for part in parts if part.strip())


def _wholly_strong(node) -> bool:
    """A paragraph that is only **bold** text: a term for what follows."""
    if node.tagname != "paragraph":
        return False
    parts = [child for child in node.children if child.astext().strip()]
    return bool(parts) and all(child.tagname == "strong" for child in parts)


def _role_text(source: str) -> str:
    """":term:`PTO`" → "PTO"; ":ref:`Leave <leave>`" → "Leave"; else as written."""
    if source.startswith(":") and source.endswith("`") and ":`" in source:
        inner = source[source.index(":`") + 2:-1]
    elif source.startswith("`") and source.endswith(":") and "`:" in source:
        inner = source[1:source.index("`:")]
    else:
        return source
    title, _, target = inner.rpartition(" <")
    return title if title and target.endswith(">") else inner.lstrip("~!")


def _lines(node) -> list[str]:
    lines = []
    for child in node.children:
        lines += _lines(child) if child.tagname == "line_block" else [_text(child)]
    return lines


def _option(option) -> str:
    return "".join(child.get("delimiter", " ") + _text(child)
                   if child.tagname == "option_argument" else _text(child)
                   for child in option.children)


def _without_first(node):
    """A shallow copy of `node` without its first child (a title, a label)."""
    rest = node.copy()
    rest.children = node.children[1:]
    return rest


def _kept_source(node) -> str | None:
    """The source an error message carries (docutils puts what it could not
    parse in a literal block), when its words belong to the handbook. A
    warning (a disabled `include` or `raw`) keeps nothing."""
    if node.get("level", 0) < 3:
        return None
    blocks = [child for child in node.children if child.tagname == "literal_block"]
    return blocks[0].astext() if blocks else None


def _directive_parts(source: str) -> tuple[str, str, str]:
    """`.. name:: argument` / its options / a blank line / its content."""
    head, *lines = source.split("\n")
    name, _, argument = head.removeprefix("..").partition("::")
    arguments, end = [argument.strip()], 0
    while end < len(lines) and lines[end].strip():  # the head's block: more argument, options
        if not lines[end].strip().startswith(":"):
            arguments.append(lines[end].strip())
        end += 1
    content = textwrap.dedent("\n".join(lines[end:]))
    return name.strip().lower(), " ".join(arguments).strip(), content


def _rows(tgroup, part: str) -> list:
    return [row for child in tgroup.children if child.tagname == part for row in child.children]


def _grid(rows) -> list[list[str]]:
    """Cells by column: a cell spanning rows repeats in each (it is true of
    each), one spanning columns leaves the others empty."""
    grid, spans = [], {}  # spans: column → (text, rows still to fill)
    for row in rows:
        cells, entries, column = [], iter(row.children), 0
        while True:
            if column in spans:
                text, left = spans.pop(column)
                if left > 1:
                    spans[column] = (text, left - 1)
                cells.append(text)
                column += 1
                continue
            entry = next(entries, None)
            if entry is None:
                if any(spanned > column for spanned in spans):  # a span further on
                    cells.append("")
                    column += 1
                    continue
                break
            text = _text(entry)
            extra, below = int(entry.get("morecols", 0)), int(entry.get("morerows", 0))
            cells += [text] + [""] * extra
            for spanned in range(column, column + extra + 1):
                if below:
                    spans[spanned] = (text if spanned == column else "", below)
            column += extra + 1
        while cells and not cells[-1].strip():  # a row ending in a span, or in empty cells
            cells.pop()
        grid.append(cells)
    return grid
