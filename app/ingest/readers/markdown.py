"""Markdown reader: sections at headings, blocks from markdown-it's block tokens.

Only the block structure is used. Offsets come from the tokens' `.map` line
ranges, so every section body and block is a verbatim slice of the file text,
never a re-rendering of it.
"""
from __future__ import annotations

import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from app.common.documents import (
    CODE,
    LIST,
    OTHER,
    PARAGRAPH,
    QUOTE,
    TABLE,
    Block,
    Document,
    Section,
    Table,
    TableRow,
    file_title,
)
from app.ingest.readers.text import make_section, push_heading, read_text_file, strip_span

# HTML off: raw HTML in a handbook must stay literal text, never markup.
# Typographer off: its replacements are quadratic on some inputs.
_OPTIONS = {"html": False, "typographer": False}
# Only the block structure is needed, and inline parsing is ~95% of the time
# markdown-it spends on a long file: it runs only on headings and table cells.
_MD = MarkdownIt("commonmark", _OPTIONS).enable("table").disable("inline")
_INLINE = MarkdownIt("commonmark", _OPTIONS)

_BLOCK_KINDS = {
    "paragraph_open": PARAGRAPH,
    "bullet_list_open": LIST,
    "ordered_list_open": LIST,
    "blockquote_open": QUOTE,
    "fence": CODE,
    "code_block": CODE,
    "table_open": TABLE,
}
_DROPPED = {"hr"}  # a rule carries no text worth retrieving
# HTML comments ("<!-- YAML⏎added: v0.5.9⏎-->", above every API in Node.js's
# docs): a reader never sees them, so a block that is only comments is no text
# to embed or quote. With HTML off, markdown-it reads one as a paragraph, or
# as a paragraph, a list and a paragraph when a "- item" line is inside it.


def read_markdown(path: Path) -> Document:
    path = Path(path)
    decoded = read_text_file(path)
    text = decoded.text
    metadata, first_line = parse_front_matter(text)
    lines = _LineIndex(text, first_line)
    env: dict = {}  # link reference definitions, for the inline text of headings
    tokens = _MD.parse(text[lines.offset(0) :], env)
    for token in tokens:
        if token.type == "inline":
            token.meta["env"] = env
    title = _title(metadata, tokens, path)
    sections = _sections(text, tokens, lines, title)
    return Document(
        path=path, format="markdown", title=title, text=text,
        sections=sections, metadata=metadata, encoding=decoded.encoding,
    )


class _LineIndex:
    """Turns markdown-it line numbers (counted after the front matter) into offsets."""

    def __init__(self, text: str, first_line: int):
        self.starts = [0] + [match.end() for match in re.finditer("\n", text)]
        self.first_line = first_line
        self.text = text

    def offset(self, line: int) -> int:
        line += self.first_line
        return self.starts[line] if line < len(self.starts) else len(self.text)

    def line(self, line: int) -> str:
        return self.text[self.offset(line) : self.offset(line + 1)].rstrip("\n")


def _title(metadata: dict, tokens: list[Token], path: Path) -> str:
    title = metadata.get("title")
    if isinstance(title, (str, int, float)) and not isinstance(title, bool):
        if str(title).strip():
            return str(title).strip()
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h1" and token.level == 0:
            heading = inline_text(tokens[index + 1])
            if heading:
                return heading
    return file_title(path)


def _sections(text: str, tokens: list[Token], lines: _LineIndex, title: str) -> list[Section]:
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []
    path, level, body_start, pending = [title], 0, lines.offset(0), []

    def close(end: int) -> None:
        section = make_section(text, body_start, end, path, level)
        if section is not None:
            blocks = [block for index in pending for block in _block(text, tokens, index, lines)]
            section.blocks = [_relative(block, section.start_char)
                              for block in _without_comments(text, blocks)]
            sections.append(section)

    for index, token in enumerate(tokens):
        if token.level != 0 or token.map is None:
            continue  # only top-level blocks; closing tokens carry no map
        if token.type == "heading_open":
            close(lines.offset(token.map[0]))
            level = int(token.tag[1])
            path = push_heading(stack, level, inline_text(tokens[index + 1]))
            body_start, pending = lines.offset(token.map[1]), []
        else:
            pending.append(index)
    close(len(text))
    return sections


def _without_comments(text: str, blocks: list[Block]) -> list[Block]:
    """The blocks that are not only HTML comments. A comment may run over
    several blocks ("<!-- YAML", a "- version" list, "-->"); code never
    opens or closes one. One pass, each block looked at once."""
    kept, open_comment = [], False
    for block in blocks:
        if block.kind == CODE:
            kept.append(block)
            open_comment = False
            continue
        position, shown = block.start, False
        while position < block.end:
            if open_comment:
                close = text.find("-->", position, block.end)
                if close < 0:
                    break
                position, open_comment = close + 3, False
                continue
            rest = text[position:block.end].lstrip()
            if not rest:
                break
            if not rest.startswith("<!--"):
                shown = True
                break
            position, open_comment = block.end - len(rest) + 4, True
        if shown:
            kept.append(block)
            open_comment = False
    return kept


def _relative(block: Block, origin: int) -> Block:
    """Blocks are built in document offsets; sections want body offsets."""
    block.start -= origin
    block.end -= origin
    if block.table is not None:
        for row in block.table.rows:
            row.start -= origin
            row.end -= origin
    return block


def _block(text: str, tokens: list[Token], index: int, lines: _LineIndex) -> list[Block]:
    token = tokens[index]
    if token.type in _DROPPED:
        return []
    kind = _BLOCK_KINDS.get(token.type, OTHER)
    first, last = token.map
    if token.type == "fence":
        first, last = first + 1, last - (1 if _has_closing_fence(token, lines) else 0)
    start, end = strip_span(text, lines.offset(first), lines.offset(last))
    if start == end:
        return []  # e.g. an empty fenced block
    block = Block(kind, start, end)
    if token.type == "fence":
        block.language = token.info.split()[0] if token.info.strip() else None
    elif token.type == "table_open":
        block.table = _table(text, tokens, index, lines)
    return [block]


def _has_closing_fence(token: Token, lines: _LineIndex) -> bool:
    """An unclosed fence runs to the end of the document without a closing line."""
    first, last = token.map
    closing = lines.line(last - 1).strip()
    fence_char = token.markup[0]
    return (
        last - first >= 2
        and closing.startswith(token.markup)
        and set(closing) == {fence_char}
    )


def _table(text: str, tokens: list[Token], index: int, lines: _LineIndex) -> Table:
    header: list[str] = []
    rows: list[TableRow] = []
    cells: list[str] = []
    in_head = False
    for token in tokens[index + 1 :]:
        if token.type == "table_close":
            break
        if token.type in ("thead_open", "thead_close"):
            in_head = token.type == "thead_open"
        elif token.type == "tr_open":
            cells = []
            row_line = token.map[0]
        elif token.type == "inline":
            cells.append(inline_text(token))
        elif token.type == "tr_close":
            if in_head:
                header = cells
            else:
                start, end = strip_span(text, lines.offset(row_line), lines.offset(row_line + 1))
                rows.append(TableRow(cells=cells, start=start, end=end))
    return Table(header=header, rows=rows)


def inline_text(token: Token) -> str:
    """The plain text of an inline token: markup dropped, code and alt text kept."""
    children = token.children
    if not children and token.type == "inline" and token.content:
        (parsed,) = _INLINE.parseInline(token.content, token.meta.get("env", {}))
        children = parsed.children
    parts = []
    for child in children or []:
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(inline_text(child))
    return "".join(parts).strip()


# ---------------------------------------------------------------- front matter
# A hand-written parser for the flat YAML subset handbooks use (title, tags,
# flags, dates); a YAML library would be a dependency for a dozen lines.

_FENCE_OPEN = "---"
_FENCE_CLOSE = ("---", "...")
_KEY_RE = re.compile(r"([^\s#:\-][^:]*?)\s*:(?:\s+(.*))?")
_ITEM_RE = re.compile(r"\s*-(?:\s+(.*))?")
_INT_RE = re.compile(r"[-+]?\d+")
_FLOAT_RE = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?")
_LIST_ITEM_RE = re.compile(r"\s*(?:\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'|[^,]+)")


def parse_front_matter(text: str) -> tuple[dict, int]:
    """(metadata, number of lines the front matter takes), or ({}, 0) without one."""
    lines = text.split("\n")
    if lines[0].rstrip() != _FENCE_OPEN:
        return {}, 0
    for number in range(1, len(lines)):
        if lines[number].rstrip() in _FENCE_CLOSE:
            return _parse_mapping(lines[1:number]), number + 1
    return {}, 0  # never closed: a thematic break, not front matter


def _parse_mapping(lines: list[str]) -> dict:
    data: dict = {}
    list_key = None  # the "key:" whose "- item" lines we are collecting
    for line in lines:
        line = line.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = _ITEM_RE.fullmatch(line)
        if list_key is not None and item:
            data[list_key] = (data[list_key] or []) + [_scalar(item.group(1) or "")]
            continue
        match = _KEY_RE.fullmatch(line)
        if match is None:
            list_key = None  # nested or unsupported YAML: skipped, not guessed
            continue
        key, value = match.group(1), (match.group(2) or "").strip()
        # "key:" alone is empty (None) until "- item" lines make it a list.
        data[key] = _scalar(value) if value else None
        list_key = None if value else key
    return data


def _scalar(value: str):
    value = value.strip()
    if value[:1] in ('"', "'"):
        return _quoted(value)
    if value.startswith("[") and value.endswith("]"):
        return [_scalar(item) for item in _LIST_ITEM_RE.findall(value[1:-1]) if item.strip()]
    value = value.split(" #", 1)[0].strip()  # a trailing comment
    lowered = value.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "~", ""):
        return None
    if _INT_RE.fullmatch(value):
        return int(value)
    if _FLOAT_RE.fullmatch(value):
        return float(value)
    return value


def _quoted(value: str) -> str:
    quote = value[0]
    end = value.rfind(quote)
    inner = value[1:end] if end > 0 else value[1:]
    if quote == "'":
        return inner.replace("''", "'")
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), inner)
