"""The focused prompt: the best evidence, each with the sentences either side of it.

A 135M model given three whole sections (1,700 tokens) answers at length and
rarely right, and reads for seconds before its first word. Given the few
units that most likely answer, best first, each with its neighbours for
context, it has less to misread and less to read. The sources panel still
shows the whole sections: only the prompt is focused.

Each source keeps the number of the section it comes from, so `[n]` in the
answer still points at the section the user sees as [n]. A table row is given
as `Header: value; …` (what the row means), everything else verbatim.
"""
from __future__ import annotations

import re
from typing import Callable

from app.answers.evidence.finder import Evidence
from app.answers.evidence.units import ROW
from app.answers.prompting.prompt import Source

GAP = " … "
NEIGHBOURS = 1  # units either side of each chosen unit, for context (docs/answers.md)
# A sentence ends at . ! ? followed by white space, unless the word before
# the stop is an abbreviation or a list number ("e.g. ", "2. ").
_SENTENCE_STOP = re.compile(r"(?<=[.!?])(?:\s*\[\d+(?:,\s*\d+)*\][.]?)?(?=\s)")
_NOT_AN_END = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|approx|cf|fig)|\b\w|^\s*\d+)[.]$",
                         re.IGNORECASE)
MIN_SENTENCE_WORDS = 3


def focused_sources(scored: list[Evidence], results: list, units: int,
                    neighbours: int | tuple[int, int] | None = None) -> list[Source]:
    """Sources built from the best `units` of `scored` (every candidate unit,
    best first), ordered by their best unit. `neighbours`: units either side
    of each, or (before, after)."""
    neighbours = NEIGHBOURS if neighbours is None else neighbours
    before, after = neighbours if isinstance(neighbours, tuple) else (neighbours, neighbours)
    by_result: dict[int, list[Evidence]] = {}   # n → its units in text order
    for evidence in scored:
        by_result.setdefault(evidence.n, []).append(evidence)
    for siblings in by_result.values():
        siblings.sort(key=lambda e: e.start)
    chosen: dict[int, dict[tuple[int, int], Evidence]] = {}
    read: set[str] = set()   # the same text in two sections is read once
    for evidence in _distinct(scored)[:units]:
        siblings = by_result[evidence.n]
        index = next(i for i, e in enumerate(siblings) if e is evidence)
        window = siblings[max(0, index - before):index + after + 1]
        picked = chosen.setdefault(evidence.n, {})
        for unit in window:
            if unit is evidence or _said(unit.text) not in read:
                picked[(unit.start, unit.end)] = unit
                read.add(_said(unit.text))
    by_rank = {r.rank: r for r in results}
    return [_source(by_rank[n], sorted(picked.values(), key=lambda e: e.start))
            for n, picked in chosen.items()]


def budgeted_sources(scored: list[Evidence], results: list, budget: int,
                     count: Callable[[str], int], least: int = 1,
                     neighbours: tuple[int, int] = (1, 1)) -> list[Source]:
    """The sections trimmed around their best units to `budget` tokens of
    text: as many of the best units as fit, each with `neighbours` around it,
    so that a section read more than once becomes one stretch of its text;
    at least the best `least` units, whatever they take. More units only add
    text, so the most that fit are found by halving: a count is a call to
    the model's process, and a long list took ~40 of them a question."""
    def size(units: int) -> int:
        return sum(count(s.text) for s in focused_sources(scored, results, units, neighbours))

    low, high = least, max(least, len(scored))   # `low` always fits (or is the least)
    while low < high:
        middle = (low + high + 1) // 2
        if size(middle) <= budget:
            low = middle
        else:
            high = middle - 1
    return focused_sources(scored, results, low, neighbours)


def _distinct(scored: list[Evidence]) -> list[Evidence]:
    """The units, best first, a text already taken (a sentence a handbook
    repeats in two sections, a table row copied) left out."""
    seen, distinct = set(), []
    for unit in scored:
        if _said(unit.text) not in seen:
            seen.add(_said(unit.text))
            distinct.append(unit)
    return distinct


def _said(text: str) -> str:
    return " ".join(text.lower().split())


def _source(result, units: list[Evidence]) -> Source:
    pieces = []
    for previous, unit in zip([None] + units, units):
        text = unit.context if unit.kind == ROW and unit.context else unit.text
        if previous is not None:
            pieces.append(_joint(previous, unit))
        pieces.append(text)
    return Source(n=result.rank, source=result.source, heading=result.heading,
                  page=units[0].page if units[0].page is not None else result.page,
                  page_end=units[-1].page if units[-1].page is not None else result.page_end,
                  text="".join(pieces), section_id=result.section_id,
                  chunk_indexes=sorted({u.chunk_index for u in units}))


def _joint(previous: Evidence, unit: Evidence) -> str:
    """What stands between two units in the prompt: a line break on either
    side of a table row, so that a row's line holds its values with its name
    alone (the fact check reads "Name: smallint; …; Range: -32768 to +32767"
    as one row); a space between other neighbours; GAP where the section
    skips text."""
    row = ROW in (previous.kind, unit.kind)  # a row's line holds that row alone
    if not _adjacent(previous, unit):
        return "\n" + GAP.strip() + "\n" if row else GAP
    return "\n" if row else " "


def _adjacent(previous: Evidence, unit: Evidence) -> bool:
    """Whether two units of a section follow each other in its text (nothing
    but white space or a list marker between them)."""
    return unit.start - previous.end <= 8


def first_sentence_end(text: str) -> int | None:
    """Where the first whole sentence of at least MIN_SENTENCE_WORDS words
    ends in `text` (its citation marker kept), once the text after it has
    begun; None before that."""
    for match in _SENTENCE_STOP.finditer(text):
        head = text[:match.end()]
        if _NOT_AN_END.search(head.rstrip("]0123456789, [")) or head.count("`") % 2:
            continue  # an abbreviation, or inside `code` ("`test ! -f …`")
        if len(re.findall(r"\w+", head)) >= MIN_SENTENCE_WORDS:
            return match.end()
    return None
