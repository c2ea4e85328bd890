"""Rebuild the development corpus from Debian's PostgreSQL 15 HTML manual.

Input: the HTML manual installed by the Debian package `postgresql-doc-15`
(/usr/share/doc/postgresql-doc-15/html). Output: devset/build/corpus/ (git-ignored),
a folder the app can index:

- most pages as Markdown, converted with the standard library's html.parser:
  h1-h4 -> # .. ####, paragraphs, lists, definition lists (bold term line),
  notes/warnings as block quotes, <pre> -> fenced code (language only when obvious),
  <table> -> GFM tables (header row + rows, cell text flattened, pipes escaped);
  navigation headers/footers and tables of contents are dropped;
- a few whole chapters as PDF with an outline (bookmarks), written with the tiny
  writer tests/pdfgen.py: ASCII text laid out ~95 characters x 50 lines per page,
  every outline title is a line of its own on the page it points to, and each page
  ends with a running footer (like a printed manual).

The output depends only on the installed HTML (sorted inputs, no timestamps), so
the same package version always gives byte-identical files.

Usage: python devset/build.py [--html DIR] [--out DIR]
"""
from __future__ import annotations

import argparse
import html
import re
import shutil
import sys
import textwrap
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))

PACKAGE = "postgresql-doc-15"
HTML_DIR = Path("/usr/share/doc/postgresql-doc-15/html")
OUT_DIR = HERE / "build" / "corpus"

# Markdown files: corpus path -> source HTML page(s). One page per file.
MARKDOWN = {
    "server-admin/runtime-config-resource.md": ["runtime-config-resource.html"],
    "server-admin/runtime-config-wal.md": ["runtime-config-wal.html"],
    "server-admin/runtime-config-logging.md": ["runtime-config-logging.html"],
    "server-admin/auth-pg-hba-conf.md": ["auth-pg-hba-conf.html"],
    "server-admin/kernel-resources.md": ["kernel-resources.html"],
    "server-admin/backup-dump.md": ["backup-dump.html"],
    "server-admin/continuous-archiving.md": ["continuous-archiving.html"],
    "server-admin/hot-standby.md": ["hot-standby.html"],
    "sql/datatype-numeric.md": ["datatype-numeric.html"],
    "sql/datatype-datetime.md": ["datatype-datetime.html"],
    "sql/datatype-json.md": ["datatype-json.html"],
    "sql/functions-string.md": ["functions-string.html"],
    "sql/functions-datetime.md": ["functions-datetime.html"],
    "sql/ddl-partitioning.md": ["ddl-partitioning.html"],
    "sql/queries-with.md": ["queries-with.html"],
    "sql/indexes-types.md": ["indexes-types.html"],
    "sql/plpgsql-control-structures.md": ["plpgsql-control-structures.html"],
    "reference/pg_dump.md": ["app-pgdump.html"],
    "reference/create-index.md": ["sql-createindex.html"],
    "reference/copy.md": ["sql-copy.html"],
}

# PDF files: corpus path -> the chapter page followed by its sections' pages.
PDF = {
    "chapters/ch13-concurrency-control.pdf": [
        "mvcc.html", "mvcc-intro.html", "transaction-iso.html", "explicit-locking.html",
        "applevel-consistency.html", "mvcc-serialization-failure-handling.html",
        "mvcc-caveats.html", "locking-indexes.html",
    ],
    "chapters/ch14-performance-tips.pdf": [
        "performance-tips.html", "using-explain.html", "planner-stats.html",
        "explicit-joins.html", "populate.html", "non-durability.html",
    ],
    "chapters/ch25-routine-maintenance.pdf": [
        "maintenance.html", "routine-vacuuming.html", "routine-reindex.html",
        "logfile-maintenance.html",
    ],
    "chapters/ch30-reliability-and-wal.pdf": [
        "wal.html", "wal-reliability.html", "checksums.html", "wal-intro.html", "wal-async-commit.html",
        "wal-configuration.html", "wal-internals.html",
    ],
}

LINE_WIDTH = 95
LINES_PER_PAGE = 50  # including the blank line and the footer line at the bottom

# ----------------------------------------------------------------- HTML -> tree

VOID = {"br", "hr", "img", "meta", "link", "col", "input", "area", "base", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list = field(default_factory=list)  # Node or str

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v or "") for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, {k: (v or "") for k, v in attrs}))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse_html(path: Path) -> Node:
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    builder.close()
    return builder.root


def find(node: Node, predicate) -> Node | None:
    if predicate(node):
        return node
    for child in node.children:
        if isinstance(child, Node):
            hit = find(child, predicate)
            if hit is not None:
                return hit
    return None


# ------------------------------------------------------------ tree -> blocks

# Inline text keeps code spans as \x01code\x02 so each renderer decides.
CODE_OPEN, CODE_CLOSE = "\x01", "\x02"


@dataclass
class Heading:
    level: int  # HTML level (2 = h2 ...)
    text: str


@dataclass
class Para:
    text: str  # inline, with code markers
    strong: bool = False  # a caption (table/example title) or a term


@dataclass
class Code:
    text: str
    language: str | None


@dataclass
class ListBlock:
    ordered: bool
    items: list[list]  # each item: list of blocks


@dataclass
class TableBlock:
    header: list[str]
    rows: list[list[str]]


@dataclass
class Term:
    terms: list[str]
    blocks: list


@dataclass
class Admonition:
    title: str
    blocks: list


BLOCK_TAGS = {
    "p", "div", "ul", "ol", "li", "dl", "dt", "dd", "pre", "table", "h1", "h2", "h3",
    "h4", "h5", "h6", "blockquote", "hr", "thead", "tbody", "tr", "td", "th", "figure",
}
SKIP_CLASSES = {"navheader", "navfooter", "toc", "list-of-tables", "list-of-examples",
                "list-of-figures"}
ADMONITIONS = {"note", "warning", "tip", "caution", "important"}


def inline_text(node, code_depth: int = 0) -> str:
    """Flattened inline text of a node, code spans marked, whitespace collapsed later."""
    if isinstance(node, str):
        return node
    if node.tag in ("a",) and "indexterm" in node.classes:
        return ""
    if node.tag == "br":
        return " "
    if node.tag in ("img", "hr", "col", "colgroup"):
        return ""
    if node.tag in ("sup", "sub") and not node.classes & {"footnote", "para"}:
        # 2<sup>32</sup> must not become "232".
        return ("^" if node.tag == "sup" else "_") + "".join(
            inline_text(child, code_depth) for child in node.children)
    parts = []
    is_code = node.tag == "code" and code_depth == 0
    for child in node.children:
        parts.append(inline_text(child, code_depth + (1 if node.tag == "code" else 0)))
    text = "".join(parts)
    if is_code:
        inner = text.replace(CODE_OPEN, "").replace(CODE_CLOSE, "")
        return CODE_OPEN + inner + CODE_CLOSE if inner.strip() else inner
    return text


def invisible(text: str) -> str:
    """Drop zero-width spaces, soft hyphens and BOMs (DocBook uses them as break hints)."""
    return re.sub("[\u200b\u00ad\ufeff\u2060]", "", text)


def clean_inline(text: str) -> str:
    text = invisible(text).replace("\xa0", " ")
    text = " ".join(text.split())
    # No spaces just inside code spans; drop empty spans.
    text = re.sub(CODE_OPEN + r"\s*(.*?)\s*" + CODE_CLOSE,
                  lambda m: CODE_OPEN + m.group(1) + CODE_CLOSE if m.group(1) else "", text)
    return text


def plain(text: str) -> str:
    return clean_inline(text).replace(CODE_OPEN, "").replace(CODE_CLOSE, "")


def pre_text(node) -> str:
    if isinstance(node, str):
        return node
    if node.tag == "a" and "indexterm" in node.classes:
        return ""
    if node.tag == "br":
        return "\n"
    return "".join(pre_text(child) for child in node.children)


SQL_START = re.compile(
    r"^(SELECT|CREATE|ALTER|INSERT|UPDATE|DELETE|WITH|EXPLAIN|BEGIN|START TRANSACTION|"
    r"DROP|VACUUM|ANALYZE|SET|RESET|SHOW|GRANT|REVOKE|COPY|DO|PREPARE|EXECUTE|LOCK|COMMIT|"
    r"ROLLBACK|DECLARE|FETCH|TRUNCATE|REINDEX|CLUSTER|CHECKPOINT|COMMENT|IF|LOOP|FOR|WHILE|"
    r"FOREACH|CASE|RETURN|RAISE|PERFORM|EXIT|CONTINUE)\b|^(--|<<\w|\$\$)",
    re.IGNORECASE,
)


SHELL_START = re.compile(
    r"^(# )?(pg_dump|pg_dumpall|pg_restore|psql|pg_basebackup|pg_ctl|initdb|createdb|"
    r"gunzip|gzip|cat|sysctl|echo|export|openssl|tar|rsync|cp|test|ulimit) "
)


def guess_language(text: str, classes: set[str]) -> str | None:
    """Only when obvious: SQL, shell commands with a $ prompt, C, postgresql.conf lines."""
    if "synopsis" in classes:
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    first = lines[0]
    prompts = sum(line.startswith("$ ") for line in lines)
    if first.startswith("#!/bin/") or (first.startswith("$ ") and prompts * 2 >= len(lines)):
        return "shell"
    if SHELL_START.match(first) and len(lines) <= 3:
        return "shell"
    if first.startswith("#include") or re.match(r"^(typedef|struct|static|void|int)\b.*[({;]", first):
        return "c"
    if SQL_START.match(first) and not re.search(r"^\S+=[#>]", text, re.MULTILINE):
        return "sql"
    conf = [line for line in lines if not line.startswith("#")]
    if conf and all(re.match(r"^[a-z_.]+\s*=\s*\S", line) for line in conf):
        return "ini"
    return None


class BlockBuilder:
    """Walks a page's content and produces a flat-ish list of blocks."""

    def blocks(self, node: Node) -> list:
        out: list = []
        buffer: list[str] = []

        def flush() -> None:
            text = clean_inline("".join(buffer))
            buffer.clear()
            if plain(text):
                out.append(Para(text))

        for child in node.children:
            if isinstance(child, str):
                buffer.append(child)
                continue
            if child.tag not in BLOCK_TAGS:
                if child.tag in ("script", "style", "head", "title"):
                    continue
                buffer.append(inline_text(child))
                continue
            flush()
            out.extend(self.block(child))
        flush()
        return out

    def block(self, node: Node) -> list:
        classes = node.classes
        if classes & SKIP_CLASSES or node.tag in ("hr", "figure"):
            return []
        if node.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            text = plain(inline_text(node))
            return [Heading(int(node.tag[1]), text)] if text else []
        if node.tag == "div" and "refnamediv" in classes:
            # The refentry's own name is the file title; keep its one-line purpose.
            return [b for b in self.blocks(node) if not isinstance(b, Heading)]
        if node.tag == "div" and classes & ADMONITIONS:
            title_node = find(node, lambda n: n.tag in ("h3", "h4", "h2") and "title" in n.classes)
            title = plain(inline_text(title_node)) if title_node else sorted(classes & ADMONITIONS)[0].title()
            inner = [b for b in self.blocks(node) if not isinstance(b, Heading)]
            return [Admonition(title, inner)]
        if node.tag == "p" and "title" in classes:
            text = clean_inline(inline_text(node))
            return [Para(text, strong=True)] if plain(text) else []
        if node.tag == "pre":
            text = textwrap.dedent(invisible(pre_text(node)).replace("\xa0", " ").expandtabs(8))
            lines = [line.rstrip() for line in text.split("\n")]
            while lines and not lines[0]:
                lines.pop(0)
            while lines and not lines[-1]:
                lines.pop()
            if not lines:
                return []
            text = "\n".join(lines)
            return [Code(text, guess_language(text, classes))]
        if node.tag in ("ul", "ol"):
            items = [self.blocks(li) for li in node.children if isinstance(li, Node) and li.tag == "li"]
            items = [item for item in items if item]
            return [ListBlock(node.tag == "ol", items)] if items else []
        if node.tag == "dl":
            return self.definition_list(node)
        if node.tag == "table":
            table = self.table(node)
            return [table] if table else []
        return self.blocks(node)

    def definition_list(self, node: Node) -> list:
        out, terms = [], []
        for child in node.children:
            if not isinstance(child, Node):
                continue
            if child.tag == "dt":
                terms.append(clean_inline(inline_text(child)))
            elif child.tag == "dd":
                out.append(Term(terms, self.blocks(child)))
                terms = []
        if terms:
            out.append(Term(terms, []))
        return out

    def table(self, node: Node) -> TableBlock | None:
        head_rows, body_rows = [], []

        def collect(parent: Node, in_head: bool) -> None:
            for child in parent.children:
                if not isinstance(child, Node):
                    continue
                if child.tag == "thead":
                    collect(child, True)
                elif child.tag in ("tbody", "tfoot"):
                    collect(child, False)
                elif child.tag == "tr":
                    cells = []
                    for cell in child.children:
                        if isinstance(cell, Node) and cell.tag in ("td", "th"):
                            text = " ".join(
                                plain(self.cell_text(cell)).split()
                            )
                            cells.append((text, int(cell.attrs.get("colspan") or 1),
                                          int(cell.attrs.get("rowspan") or 1)))
                    (head_rows if in_head else body_rows).append(cells)

        collect(node, False)
        if not head_rows and body_rows:
            head_rows, body_rows = [body_rows[0]], body_rows[1:]
        header_grid = grid(head_rows)
        body_grid = grid(body_rows)
        width = max([len(r) for r in header_grid + body_grid] or [0])
        if width == 0:
            return None
        header = []
        for column in range(width):
            texts = []
            for row in header_grid:
                text = row[column] if column < len(row) else ""
                if text and text not in texts:
                    texts.append(text)
            header.append(" / ".join(texts))
        rows = [row + [""] * (width - len(row)) for row in body_grid]
        return TableBlock(header, rows)

    def cell_text(self, cell: Node) -> str:
        # Paragraphs, lists and code inside a cell flattened into one line.
        parts = []
        for block in self.blocks(cell):
            parts.append(block_plain(block))
        return " ".join(parts)


def grid(rows: list[list[tuple[str, int, int]]]) -> list[list[str]]:
    """Expand colspan (text in the first column, the rest empty) and rowspan (empty below)."""
    out: list[list[str]] = []
    pending: dict[int, int] = {}  # column -> rows still covered by a rowspan above
    for cells in rows:
        row: list[str] = []
        column = 0
        queue = list(cells)
        while queue or any(c >= column and n > 0 for c, n in pending.items()):
            if pending.get(column, 0) > 0:
                row.append("")
                pending[column] -= 1
                column += 1
                continue
            if not queue:
                break
            text, colspan, rowspan = queue.pop(0)
            for offset in range(colspan):
                row.append(text if offset == 0 else "")
                if rowspan > 1:
                    pending[column + offset] = rowspan - 1
            column += colspan
        out.append(row)
    return out


def block_plain(block) -> str:
    if isinstance(block, Para):
        return plain(block.text)
    if isinstance(block, Code):
        return " ".join(block.text.split())
    if isinstance(block, ListBlock):
        return " ".join(block_plain(b) for item in block.items for b in item)
    if isinstance(block, TableBlock):
        return " ".join(" ".join(row) for row in [block.header] + block.rows)
    if isinstance(block, Term):
        return " ".join([plain(t) for t in block.terms] + [block_plain(b) for b in block.blocks])
    if isinstance(block, Admonition):
        return " ".join([block.title] + [block_plain(b) for b in block.blocks])
    if isinstance(block, Heading):
        return block.text
    return ""


def page_blocks(path: Path) -> list:
    root = parse_html(path)
    body = find(root, lambda n: n.tag == "body") or root
    return BlockBuilder().blocks(body)


def normalise_levels(blocks: list, top_level: int) -> list:
    """Map HTML heading levels so the first heading becomes `top_level`; clamp to 1..4."""
    headings = [b for b in blocks if isinstance(b, Heading)]
    if not headings:
        return blocks
    shift = headings[0].level - top_level
    for heading in headings:
        heading.level = min(4, max(1, heading.level - shift))
    return blocks


def page_title(path: Path) -> str:
    match = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.S)
    return " ".join(html.unescape(match.group(1)).replace("\xa0", " ").split()) if match else path.stem


def document_blocks(pages: list[Path]) -> list:
    """One page, or a chapter page followed by its sections (chapter h2 -> #, section h2 -> ##)."""
    out = []
    for index, page in enumerate(pages):
        blocks = page_blocks(page)
        if not any(isinstance(b, Heading) for b in blocks[:1]):
            # Reference pages (refentry) have no title heading: use the page title.
            blocks.insert(0, Heading(0, page_title(page)))
            headings = [b for b in blocks[1:] if isinstance(b, Heading)]
            for heading in headings:
                heading.level = max(heading.level, 1)
            top = min(h.level for h in headings) if headings else 1
            blocks[0].level = top - 1
        out.extend(normalise_levels(blocks, 1 if index == 0 else 2))
    return out


# ----------------------------------------------------------------- Markdown

MD_ESCAPE = re.compile(r"^(#{1,6}(?=\s|$)|[>+*-](?=\s)|=+\s*$|```|~~~|\|)")
MD_ORDERED = re.compile(r"^(\d{1,9})([.)])(?=\s)")


def md_inline(text: str) -> str:
    def code(match: re.Match) -> str:
        inner = match.group(1)
        fence = "``" if "`" in inner else "`"
        pad = " " if fence == "``" else ""
        return f"{fence}{pad}{inner}{pad}{fence}"

    return re.sub(CODE_OPEN + r"(.*?)" + CODE_CLOSE, code, text)


def md_paragraph(text: str) -> str:
    line = md_inline(text)
    if MD_ESCAPE.match(line):
        line = "\\" + line
    line = MD_ORDERED.sub(lambda m: m.group(1) + "\\" + m.group(2), line)
    return line


def md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def md_blocks(blocks: list) -> list[str]:
    """Each block as a chunk of lines; chunks are joined with blank lines."""
    chunks: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            chunks.append("#" * block.level + " " + block.text)
        elif isinstance(block, Para):
            text = md_paragraph(block.text)
            chunks.append(f"**{text}**" if block.strong else text)
        elif isinstance(block, Code):
            fence = "~~~" if "```" in block.text else "```"
            chunks.append(f"{fence}{block.language or ''}\n{block.text}\n{fence}")
        elif isinstance(block, ListBlock):
            chunks.append(md_list(block))
        elif isinstance(block, TableBlock):
            lines = ["| " + " | ".join(md_cell(c) for c in block.header) + " |",
                     "|" + "|".join("---" for _ in block.header) + "|"]
            lines += ["| " + " | ".join(md_cell(c) for c in row) + " |" for row in block.rows]
            chunks.append("\n".join(lines))
        elif isinstance(block, Term):
            chunks.append("**" + md_inline(", ".join(block.terms)) + "**")
            chunks.extend(md_blocks(block.blocks))
        elif isinstance(block, Admonition):
            inner = "\n\n".join([f"**{block.title}**"] + md_blocks(block.blocks))
            chunks.append("\n".join(("> " + line).rstrip() for line in inner.split("\n")))
    return chunks


def md_list(block: ListBlock) -> str:
    loose = any(len(item) > 1 for item in block.items)
    rendered = []
    for number, item in enumerate(block.items, 1):
        marker = f"{number}. " if block.ordered else "- "
        pad = " " * len(marker)
        parts = md_blocks(item)
        if item and isinstance(item[0], Para):
            first = md_inline(item[0].text)  # after a marker, no escaping needed
            parts[0] = first
        text = "\n\n".join(parts)
        lines = text.split("\n")
        out = [marker + lines[0]] + [(pad + line) if line else "" for line in lines[1:]]
        rendered.append("\n".join(out))
    return ("\n\n" if loose else "\n").join(rendered)


def to_markdown(blocks: list) -> str:
    return "\n\n".join(md_blocks(blocks)) + "\n"


# ----------------------------------------------------------------- PDF text

ASCII = {
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2014": "--",
    "\u2013": "-", "\u2192": "->", "\u2190": "<-", "\u2026": "...", "\u2265": ">=",
    "\u2264": "<=", "\u2260": "<>", "\u00d7": "x", "\u2022": "*", "\u00a0": " ",
    "\u2212": "-", "\u00b1": "+/-", "\u2248": "~", "\u221e": "infinity",
}


def ascii_text(text: str) -> str:
    text = "".join(ASCII.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch if ord(ch) < 128 else ("" if unicodedata.combining(ch) else "?") for ch in text)


@dataclass
class Line:
    text: str
    heading: int = 0  # outline level, 0 for body text


def wrap(text: str, indent: str = "", hanging: str | None = None) -> list[str]:
    hanging = indent if hanging is None else hanging
    return textwrap.wrap(
        text, width=LINE_WIDTH, initial_indent=indent, subsequent_indent=hanging,
        break_long_words=False, break_on_hyphens=False,
    ) or [indent.rstrip()]


def pdf_lines(blocks: list, indent: str = "") -> list[Line]:
    out: list[Line] = []

    def gap() -> None:
        if out and out[-1].text:
            out.append(Line(""))

    for block in blocks:
        if isinstance(block, Heading):
            gap()
            out.append(Line(ascii_text(block.text), heading=block.level))
            out.append(Line(""))
        elif isinstance(block, Para):
            out += [Line(t) for t in wrap(ascii_text(plain(block.text)), indent)]
            gap()
        elif isinstance(block, Code):
            out += [Line(indent + "    " + ascii_text(line)) for line in block.text.split("\n")]
            gap()
        elif isinstance(block, ListBlock):
            for number, item in enumerate(block.items, 1):
                marker = f"{number}. " if block.ordered else "- "
                inner = pdf_lines(item, indent + "    ")
                first = next((i for i, line in enumerate(inner) if line.text.strip()), None)
                if first is not None:
                    text = inner[first].text
                    inner[first] = Line(indent + "  " + marker + text[len(indent) + 4:])
                out += [line for line in inner]
                while out and not out[-1].text:
                    out.pop()
            gap()
        elif isinstance(block, TableBlock):
            for row in [block.header] + block.rows:
                out += [Line(t) for t in wrap(ascii_text(" | ".join(row)), indent, indent + "    ")]
                if row is block.header:
                    out.append(Line(indent + "-" * min(LINE_WIDTH - len(indent), 60)))
            gap()
        elif isinstance(block, Term):
            out += [Line(t) for t in wrap(ascii_text(plain(", ".join(block.terms))), indent)]
            out += pdf_lines(block.blocks, indent + "    ")
            gap()
        elif isinstance(block, Admonition):
            out.append(Line(indent + ascii_text(block.title) + ":"))
            out += pdf_lines(block.blocks, indent + "    ")
            gap()
    return out


def paginate(lines: list[Line], footer: str) -> tuple[list[list[str]], list[tuple[str, int, int]]]:
    body = LINES_PER_PAGE - 2
    pages: list[list[str]] = [[]]
    outline: list[tuple[str, int, int]] = []
    for line in lines:
        page = pages[-1]
        if line.heading and len(page) > body - 4:
            page = []
            pages.append(page)
        elif len(page) >= body:
            page = []
            pages.append(page)
        if not page and not line.text:
            continue  # no blank line at the top of a page
        if line.heading:
            outline.append((line.text, len(pages) - 1, line.heading))
        page.append(line.text)
    total = len(pages)
    for number, page in enumerate(pages, 1):
        page += [""] * (body - len(page)) + ["", f"{footer} - page {number} of {total}"]
    return pages, outline


# ----------------------------------------------------------------- main

def word_count(text: str) -> int:
    """Words with at least one letter or digit: table pipes, fences and rules don't count."""
    return sum(1 for token in text.split() if any(ch.isalnum() for ch in token))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=HTML_DIR)
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args()
    if not (args.html / "index.html").is_file():
        raise SystemExit(
            f"{args.html} not found: the dev corpus is built from the Debian package "
            f"{PACKAGE}.\nInstall it with:  sudo apt-get update && sudo apt-get install {PACKAGE}"
        )
    missing = [p for pages in list(MARKDOWN.values()) + list(PDF.values()) for p in pages
               if not (args.html / p).is_file()]
    if missing:
        raise SystemExit(f"pages missing from {args.html}: {', '.join(missing)}")
    from pdfgen import make_pdf  # tests/pdfgen.py, needs pypdf

    version = package_version(args.html)
    if args.out.exists():
        shutil.rmtree(args.out)
    rows = []
    for relative, pages in sorted(MARKDOWN.items()):
        blocks = document_blocks([args.html / p for p in pages])
        text = to_markdown(blocks)
        target = args.out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        layout = len(paginate(pdf_lines(blocks), "")[0])
        rows.append((relative, "markdown", word_count(text), layout))
    for relative, pages in sorted(PDF.items()):
        blocks = document_blocks([args.html / p for p in pages])
        title = next(b.text for b in blocks if isinstance(b, Heading))
        chapter = re.sub(r"^Chapter \d+\.\s*", "", ascii_text(title))
        page_lines, outline = paginate(pdf_lines(blocks), f"PostgreSQL {version} Documentation - {chapter}")
        target = args.out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        make_pdf(target, page_lines, outline, title=ascii_text(title))
        words = sum(word_count(" ".join(page)) for page in page_lines)
        rows.append((relative, "pdf", words, len(page_lines)))

    print(f"dev corpus from {PACKAGE} {version} ({args.html}) -> {args.out}")
    print(f"{'file':50} {'format':9} {'words':>7} {'pages':>6}")
    for relative, kind, words, pages in rows:
        note = "" if kind == "pdf" else " (laid out as PDF would be)"
        print(f"{relative:50} {kind:9} {words:7d} {pages:6d}{note}")
    for kind in ("markdown", "pdf"):
        chosen = [r for r in rows if r[1] == kind]
        print(f"{kind}: {len(chosen)} files, {sum(r[2] for r in chosen)} words, "
              f"{sum(r[3] for r in chosen)} pages")
    print(f"total: {len(rows)} files, {sum(r[2] for r in rows)} words, "
          f"{sum(r[3] for r in rows)} pages at {LINE_WIDTH} chars x {LINES_PER_PAGE} lines")


def package_version(html_dir: Path) -> str:
    match = re.search(r"PostgreSQL ([\d.]+) Documentation", (html_dir / "index.html").read_text(encoding="utf-8"))
    return match.group(1) if match else "15"


if __name__ == "__main__":
    main()
