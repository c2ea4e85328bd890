"""Profile `fitted`: structure first, every child fitted to the embedder's window.

A section is a parent. Its prose blocks are packed into children up to the
budget, measured on the exact embedded string (metadata prefix included); a
block too big drops to sentences or lines, then words, then characters. Table
rows become one child each, written `Header: value; ...`. Code is split at
definitions. Every child carries the last two levels of its parent's heading
path in its prefix, so prose after a code block still knows where it belongs,
and the term of the definition it belongs to, if any (see label_text).
"""
from __future__ import annotations

import re
from itertools import zip_longest
from typing import Callable, Iterator

from app.common.chunks import EMBED, MAX_LABEL_CHARS, TABLE_ROW, Child, ChunkSettings, plain_label
from app.common.documents import (CODE, HEADING_SEPARATOR, PARAGRAPH, TABLE, TERM, Block,
                                  Document, Section)
from app.ingest.chunking.code import split_code
from app.ingest.chunking.splitter import BLOCK, LINE, SENTENCE, Fits, Piece, pack, split, split_at

Count = Callable[[str], int]  # tokens of a string, specials included
_WORD_START = re.compile(r"(?<!\S)\S")
_RULE = re.compile(r"(?=.*([-=_~*+#])\1\1)[\s\-=+|_*~#.:]+", re.DOTALL)  # a run of 3 or more
# The section's own heading and its parent's are embedded, not the whole path:
# every sibling child shares the prefix, so a long one ("Chapter 25. Routine
# Database Maintenance Tasks › 25.1. Routine Vacuuming › 25.1.5. Preventing
# ...") takes room from the text and makes siblings look alike to the query.
# Dev-set chunk recall@5: 0.78 with the whole path, 0.81 with two levels,
# context recall unchanged; the sample set unchanged. Citations keep the path.
EMBEDDED_HEADING_LEVELS = 2
# One line, wholly bold (** or __), maybe followed by a short aside: "(integer)".
_LABEL = re.compile(r"(\*\*|__)(?=\S)((?:(?!\1).)+)(?<=\S)\1(\s*\([^()\n]{1,40}\))?")


def chunk_document(document: Document, source: str, settings: ChunkSettings,
                   count: Count) -> list[Child]:
    """All children of a document, numbered in reading order."""
    children = [child
                for index, section in enumerate(document.sections)
                for child in _chunk_section(document, index, section, source, settings, count)]
    children = [child for child in children if not _rule_line(child)] or children
    for number, child in enumerate(children):
        child.chunk_index, child.total_chunks = number, len(children)
    return children


def embedding_prefix(document: Document, section: Section, source: str,
                     settings: ChunkSettings, count: Count) -> str:
    """The metadata lines embedded before a child's text, per the policy."""
    lines = []
    path = list(section.heading_path)
    if settings.policy("title") == EMBED and (not path or path[0] != document.title):
        lines.append(document.title)
    if settings.policy("source") == EMBED:
        lines.append(source)
    for key, value in document.metadata.items():
        if key != "title" and settings.policy(key) == EMBED:
            lines.append(f"{key}: {value}")
    if settings.policy("heading") == EMBED and path:
        lines.append(_fitting_heading(path[-EMBEDDED_HEADING_LEVELS:], settings.budget // 3,
                                      count))
    return "".join(line + "\n" for line in lines)


def _fitting_heading(path: list[str], limit: int, count: Count) -> str:
    """The heading path within `limit` tokens: top levels go first, then the tail
    of an over-long heading (a PDF bookmark can be a whole sentence)."""
    while len(path) > 1 and count(HEADING_SEPARATOR.join(path)) > limit:
        path = path[1:]
    heading = path[0] if len(path) == 1 else HEADING_SEPARATOR.join(path)
    words = heading.split()
    while len(words) > 1 and count(" ".join(words) + " …") > limit:
        words = words[:-1]
    shortened = " ".join(words)
    return heading if shortened == heading.strip() else shortened + " …"


def _chunk_section(document: Document, index: int, section: Section, source: str,
                   settings: ChunkSettings, count: Count) -> Iterator[Child]:
    prefix = embedding_prefix(document, section, source, settings, count)
    body = section.body

    def fitting(prefix: str, budget: int = settings.budget):
        return lambda text: count(prefix + text) <= budget

    def child(kind: str, piece: Piece, text: str | None = None, lead: str = "") -> Child:
        body_text = body[piece.start:piece.end] if text is None else text
        return Child(section=index, kind=kind, text=body_text,
                     embedded_text=prefix + lead + body_text, start=piece.start, end=piece.end,
                     page=section.page_at(piece.start), split_level=piece.level)

    fits = fitting(prefix)
    previous: list[Block] = []
    for group in _groups(section):
        first = group[0]
        if first.kind == CODE:
            lead = lead_in(body, previous, settings.budget // 4, count)
            for piece in split_code(body, first.start, first.end, fitting(prefix + lead),
                                    first.language):
                yield child(CODE, piece, lead=lead)
        elif first.kind == TABLE:
            yield from _table_rows(first, fits, child)
        else:
            label = label_text(body, first)
            lead = label + "\n" if label else ""
            fits_here = fitting(prefix + lead) if lead else fits
            reserve = overlap_reserve(settings, count(prefix + lead)) if settings.overlap else 0
            packs = fitting(prefix + lead, settings.budget - reserve)
            pieces = list(_pack_prose(body, group, packs))
            if reserve:
                pieces = _with_overlap(body, pieces, settings.overlap, fits_here, count)
            for piece in pieces:
                starts_with_label = lead and piece.start <= first.start
                yield child(_prose_kind(group, piece), piece,
                            lead="" if starts_with_label else lead)
        previous = group


def overlap_reserve(settings: ChunkSettings, prefix_tokens: int) -> int:
    """Tokens each prose child leaves free for the overlap taken from its
    predecessor: a child packed to the full budget could not take a single
    word of it. At most half of what the prefix (heading, label) leaves, so
    a long prefix and a large overlap never squeeze the text down to words."""
    return min(settings.overlap, max(settings.budget - prefix_tokens, 0) // 2)


def lead_in(body: str, previous: list[Block], limit: int, count: Count) -> str:
    """The end of the prose just before a code block ("To detach a partition
    without blocking, run:"), embedded with the code — code alone rarely shares
    words with the question it answers. Whole sentences, within `limit` tokens."""
    if not previous or previous[-1].kind in (CODE, TABLE):
        return ""
    block = previous[-1]
    text = " ".join(body[block.start:block.end].split())
    sentences = [s for s in re.split(r"(?<=[.!?:])\s+", text) if s]
    taken: list[str] = []
    for sentence in reversed(sentences):
        if count(" ".join([sentence] + taken)) - count("") > limit:
            break
        taken.insert(0, sentence)
    return " ".join(taken) + "\n" if taken else ""


def label_text(body: str, block: Block) -> str:
    """The term of a definition-like paragraph, or "" for any other block.

    A paragraph that is one short line of bold text (`**work_mem** (integer)`,
    `**Annual leave**`) names what the paragraphs after it describe, as a
    heading would, but Markdown has no level for it. Children cut from those
    paragraphs embed the term before their text, so the third paragraph about
    a setting still says which setting it is about.
    """
    if block.kind == TERM:  # formats that mark terms as such (HTML <dt>)
        term = " ".join(body[block.start:block.end].split())
        return term if len(term) <= MAX_LABEL_CHARS else ""
    if block.kind != PARAGRAPH:
        return ""
    text = body[block.start:block.end].strip()
    if "\n" in text or len(text) > MAX_LABEL_CHARS or not _LABEL.fullmatch(text):
        return ""
    return plain_label(text)


def _rule_line(child: Child) -> bool:
    """A piece of code that is only a ruled line (the `-----` under EXPLAIN's
    QUERY PLAN, a psql table border): each dash is a token, so it cannot share
    a child with its neighbours, and alone it matches any question a little
    (one took the third place for a question on partition pruning). It stays
    in the section's text; it is just not a child of its own."""
    return child.kind == CODE and bool(_RULE.fullmatch(child.text))


def _groups(section: Section) -> Iterator[list[Block]]:
    """Runs of prose blocks; each code or table block stands alone, and a label
    (see label_text) starts a new run, so a term is never packed with the end
    of the previous definition."""
    blocks = section.blocks or [Block(PARAGRAPH, 0, len(section.body))]
    run: list[Block] = []
    for block in blocks:
        if block.kind in (CODE, TABLE):
            if run:
                yield run
                run = []
            yield [block]
        else:
            # a label starts a new run; so does text that belongs to no block
            # between two blocks (a PDF's running footer): never packed over
            if run and (label_text(section.body, block)
                        or section.body[run[-1].end:block.start].strip()
                        or _leaves_definition(section.body, run, block)):
                yield run
                run = []
            run.append(block)
    if run:
        yield run


def _leaves_definition(body: str, run: list[Block], block: Block) -> bool:
    """Whether a paragraph ends the term's definition its run began with.
    Where a format indents a definition under its term (a man page, reST),
    a paragraph back at the term's own column no longer describes it: in
    date(1), "FORMAT controls the output" and the `%D` lines after it follow
    the last option, `--version`, and were embedded (and shown) as its text.
    Formats that do not indent their definitions are left as they are."""
    if run[0].kind != TERM or len(run) < 2:
        return False
    term = _column(body, run[0].start)
    return _column(body, run[1].start) > term >= _column(body, block.start)


def _column(body: str, offset: int) -> int:
    return offset - (body.rfind("\n", 0, offset) + 1)


def _pack_prose(body: str, blocks: list[Block], fits: Fits) -> Iterator[Piece]:
    """Whole blocks packed together; a block too big splits (paragraphs by sentence)."""
    kinds = {(b.start, b.end): b.kind for b in blocks}

    def oversize(start: int, end: int) -> Iterator[Piece]:
        first_level = SENTENCE if kinds.get((start, end)) == PARAGRAPH else LINE
        return split_at(body, start, end, fits, first_level)

    yield from pack(body, [(b.start, b.end) for b in blocks], fits, BLOCK, oversize)


def _prose_kind(blocks: list[Block], piece: Piece) -> str:
    kinds = {b.kind for b in blocks if b.start < piece.end and piece.start < b.end}
    return kinds.pop() if len(kinds) == 1 else PARAGRAPH


def _table_rows(block: Block, fits: Fits, child) -> Iterator[Child]:
    """One child per row, each cell labelled with its column header."""
    table = block.table
    if table is None:
        return
    for row in table.rows:
        # A row may have more cells than the header names (or no header at
        # all): the unnamed cells are still its text.
        text = "; ".join(f"{header}: {cell}" if header else cell
                         for header, cell in zip_longest(table.header, row.cells, fillvalue="")
                         if cell)
        if not text:
            continue
        for piece in split(text, 0, len(text), fits):
            yield child(TABLE_ROW, Piece(row.start, row.end, piece.level),
                        text[piece.start:piece.end])


def _with_overlap(body: str, pieces: list[Piece], overlap: int, fits: Fits,
                  count: Count) -> list[Piece]:
    """Extend each piece backwards by whole words of its predecessor, up to `overlap` tokens."""
    specials = count("")
    result = pieces[:1]
    for previous, piece in zip(pieces, pieces[1:]):
        start = piece.start
        for match in reversed(list(_WORD_START.finditer(body, previous.start, piece.start))):
            candidate = match.start()
            if count(body[candidate:piece.start]) - specials > overlap or \
                    not fits(body[candidate:piece.end]):
                break
            start = candidate
        result.append(Piece(start, piece.end, piece.level))
    return result
