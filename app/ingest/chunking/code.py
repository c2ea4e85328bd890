"""Code is split at definitions, not at token windows.

Python is cut at top-level statements with `ast` (decorators and the comments
just above a definition stay with it; an oversized class drops to its
members). Other languages are cut at top-level blocks: a blank line followed
by an unindented line. Definitions are never merged with each other; small
statements between them (imports, constants) are packed together. A unit
still too big drops to whole lines, and a single over-long line to words.
"""
from __future__ import annotations

import ast
import re
from typing import Iterator

from app.ingest.chunking.splitter import (BLOCK, CHARACTER, LINE, WORD, Fits, Piece, pack,
                                          split_at, strip_span, units)

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_TOP_LEVEL_BREAK = re.compile(r"\n[ \t]*\n(?=\S)")

Unit = tuple[int, int, bool]  # start, end, is_definition


def split_code(text: str, start: int, end: int, fits: Fits,
               language: str | None) -> list[Piece]:
    start, end = strip_span(text, start, end)
    if start == end:
        return []
    if fits(text[start:end]):
        return [Piece(start, end, BLOCK)]
    found = _python_units(text, start, end) if _is_python(language) else None
    if found is None:
        found = [(s, e, False) for s, e in _top_level_blocks(text, start, end)]
    return [_with_indentation(text, piece) for piece in _pack_units(text, found, fits)]


def _with_indentation(text: str, piece: Piece) -> Piece:
    """Give back the first line its indentation, which stripping took away."""
    line_start = text.rfind("\n", 0, piece.start) + 1
    if piece.level != CHARACTER and text[line_start:piece.start].strip(" \t") == "":
        return Piece(line_start, piece.end, piece.level)
    return piece


def _is_python(language: str | None) -> bool:
    return (language or "").lower() in {"python", "py", "python3"}


def _line_starts(text: str, start: int, end: int) -> list[int]:
    """Offset of each line of text[start:end], plus `end` as a sentinel."""
    starts = [start]
    position = text.find("\n", start, end)
    while position != -1:
        starts.append(position + 1)
        position = text.find("\n", position + 1, end)
    return starts + [end]


def _first_line(node: ast.AST) -> int:
    return min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])


def _python_units(text: str, start: int, end: int) -> list[Unit] | None:
    """One unit per top-level statement, or None when the code is not Python."""
    try:
        tree = ast.parse(text[start:end])
    except (SyntaxError, ValueError):
        return None
    starts = _line_starts(text, start, end)
    # Each statement owns the comments and blank lines above it; the last one
    # also owns whatever trails it.
    cuts = [start] + [starts[_first_line(node) - 1] for node in tree.body[1:]] + [end]
    found = [(*strip_span(text, a, b), isinstance(node, _DEFINITIONS))
             for node, a, b in zip(tree.body, cuts, cuts[1:])]
    return [u for u in found if u[1] > u[0]]


def _top_level_blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    spans, cursor = [], start
    for match in _TOP_LEVEL_BREAK.finditer(text, start, end):
        spans.append(strip_span(text, cursor, match.start()))
        cursor = match.end()
    spans.append(strip_span(text, cursor, end))
    return [(s, e) for s, e in spans if e > s]


def _pack_units(text: str, found: list[Unit], fits: Fits) -> Iterator[Piece]:
    """Definitions stand alone; runs of other statements are packed together."""
    run: list[tuple[int, int]] = []
    for s, e, is_definition in found:
        if not is_definition:
            run.append((s, e))
            continue
        yield from _pack(text, run, fits)
        run = []
        yield from _definition(text, s, e, fits)
    yield from _pack(text, run, fits)


def _pack(text: str, spans: list[tuple[int, int]], fits: Fits) -> Iterator[Piece]:
    yield from pack(text, spans, fits, BLOCK, oversize=lambda s, e: _by_lines(text, s, e, fits))


def _definition(text: str, start: int, end: int, fits: Fits) -> Iterator[Piece]:
    if fits(text[start:end]):
        yield Piece(start, end, BLOCK)
    elif members := _class_members(text, start, end):
        yield from _pack(text, members, fits)
    else:
        yield from _by_lines(text, start, end, fits)


def _class_members(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """An oversized class cut into its header (with the first member) and its other members."""
    try:
        node = ast.parse(text[start:end]).body[0]
    except (SyntaxError, ValueError, IndexError):
        return []
    if not isinstance(node, ast.ClassDef) or len(node.body) < 2:
        return []
    starts = _line_starts(text, start, end)
    cuts = [start] + [starts[_first_line(member) - 1] for member in node.body[1:]] + [end]
    return [strip_span(text, a, b) for a, b in zip(cuts, cuts[1:])]


def _by_lines(text: str, start: int, end: int, fits: Fits) -> Iterator[Piece]:
    """Whole lines packed to fit; only a single line over budget is cut, by words."""
    yield from pack(text, units(text, start, end, LINE), fits, LINE,
                    oversize=lambda s, e: split_at(text, s, e, fits, WORD))
