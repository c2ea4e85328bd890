"""Answer units: the smallest verbatim pieces of a section that can answer a question.

A sentence, a list item, a table row (a Markdown row, or a line of a table
laid out with spaces, as PDF text is), a stanza of code (lines between blank
lines; a long one line by line). `units_in(body, start, end, kind)` cuts one
child's span of its section body into units; every unit
is a span (start, end) with `body[start:end]` its exact text, stripped of
surrounding whitespace and list markers, never empty, never longer than
MAX_UNIT_CHARS (a 5,000-character table cell or a one-line minified script is
cut at word boundaries, so the quote shown stays readable and verbatim).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from app.common.chunks import TABLE_ROW
from app.common.documents import CODE, strip_span

SENTENCE, ITEM, ROW, LINE = "sentence", "item", "row", "code"
MAX_UNIT_CHARS = 400
MAX_BLOCK_LINES = 8        # a stanza of code up to this many lines is one unit
# A one-line value or example after a lead-in that ends in a colon is quoted
# with it (_with_lead_ins) when no longer than this.
LEAD_IN_VALUE_CHARS = 120

# A list item or a table row starts a line: "- ", "* ", "1. ", "a) ", "| ".
_ITEM_START = re.compile(r"[ \t]*(?:[-*+•‣▪◦]|\d{1,3}[.)]|[a-z][.)])[ \t]+")
_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
# An FAQ answer's marker ("A:  For now, no."): like a list marker, no word of
# the quote (app/ingest/readers/text.py reads the "Q:" as the heading).
_ANSWER_MARK = re.compile(r"[ \t]*(?:A|Answer)[ \t]*:[ \t]+(?=\S)")
# A table laid out with spaces (PDF text, plain-text files): columns apart by
# three or more spaces or a tab ("London, United Kingdom      GBP 58      GBP 230").
# Two spaces are not enough: some writers put two after a full stop.
_COLUMN_GAP = re.compile(r"\S(?: {3,}|\t)\S")
_CELL_GAP = re.compile(r" {3,}|\t")
MIN_TABLE_LINES = 3        # a header and two rows: two lines alike can be chance
# The end of a sentence: . ! ? (and closing quotes or brackets), then
# space, then something that starts a sentence: a capital in Latin, with an
# accent or in Cyrillic, a digit, after opening quotes as Russian, German and
# Spanish write them (« „ ¿ ¡).
_SENTENCE_END = re.compile(r"[.!?][\"'”’»“)\]*_]*\s+"
                           r"(?=[\"'“‘«„‚(\[*_`¿¡]*[A-Z0-9À-ÖØ-ÞА-ЯЁ])")
# Words whose full stop does not end a sentence (one letter never does:
# "J. Smith", "z. B.", "т. е."): English, and those of Russian, German and
# Spanish that no English sentence ends with.
_ABBREVIATIONS = frozenset("""e.g i.e etc vs cf approx no nos fig figs dr mr mrs ms st
inc ltd co jr sr p pp vol ed eds min max
др см напр гг стр рис табл ок руб коп тыс млн им проф ул
bzw usw vgl evtl ggf inkl bspw sog abb nr
aprox pág págs núm sra srta dra ud uds ej""".split())
# "am 7. Dezember": a day's number before a German month is no sentence end
# (the months English writes alike are left out: "in 2019. August brought…").
_MONTH_AFTER = re.compile(r"(?:januar|februar|märz|mai|juni|juli|oktober|dezember)\b",
                          re.IGNORECASE)


@dataclass(frozen=True)
class Unit:
    start: int
    end: int
    kind: str
    header: tuple[int, int] | None = None   # a laid-out table's header line (its span)


def units_in(body: str, start: int, end: int, kind: str) -> list[Unit]:
    """The answer units of one child (`body[start:end]`, of chunk kind `kind`)."""
    if kind == TABLE_ROW:
        pieces = [(start, end, ROW, None)]
    elif kind == CODE:
        pieces = [(s, e, LINE, None) for s, e in _code_block(body, start, end)]
    else:
        pieces = list(_prose_units(body, start, end))
    units = []
    for piece_start, piece_end, unit_kind, header in pieces:
        for s, e in _bounded(body, *strip_span(body, piece_start, piece_end)):
            units.append(Unit(s, e, unit_kind, header))
    return _with_lead_ins(body, units) if kind not in (TABLE_ROW, CODE) else units


def _with_lead_ins(body: str, units: list[Unit]) -> list[Unit]:
    """A sentence that ends in a colon and the one-line sentence under it, as
    one unit: "The default value for LESSEDIT is:" / "%E ?lm+%lm. %g",
    "Fingerprints can be determined using ssh-keygen(1):" / "$ ssh-keygen -l
    -f …". Apart, the lead-in holds no answer and the value shares no word
    with the question, so the lead-in was quoted first (man pages, where an
    example is indented text, not code). A list after a lead-in stays items:
    its first item is no more the answer than the others."""
    joined: list[Unit] = []
    for unit in units:
        if joined and _value_under(body, joined[-1], unit):
            joined[-1] = Unit(joined[-1].start, unit.end, SENTENCE)
        else:
            joined.append(unit)
    return joined


def _value_under(body: str, lead: Unit, unit: Unit) -> bool:
    """Whether `unit` is a one-line value or example right under `lead`, a
    sentence that ends in a colon (nothing but white space between)."""
    value = body[unit.start:unit.end]
    return (lead.kind == unit.kind == SENTENCE and body[lead.start:lead.end].endswith(":")
            and not value.endswith(":") and "\n" not in value
            and not body[lead.end:unit.start].strip()
            and len(value) <= LEAD_IN_VALUE_CHARS and unit.end - lead.start <= MAX_UNIT_CHARS)


def layout_cells(text: str) -> list[str]:
    """The cells of a line of a table laid out with spaces."""
    return [cell for cell in _CELL_GAP.split(text.strip()) if cell]


def _code_block(body: str, start: int, end: int) -> list[tuple[int, int]]:
    """Code as stanzas — runs of lines between blank lines — each one unit
    when short (a config section, a command with its comment: one line
    rarely shares a word with the question, its stanza does), line by line
    when long."""
    units, stanza = [], []
    for line_start, line_end in _code_lines(body, start, end):
        if stanza and body[stanza[-1][1]:line_start].count("\n") > 1:  # a blank line between
            units += _stanza(stanza)
            stanza = []
        stanza.append((line_start, line_end))
    return units + _stanza(stanza)


def _stanza(lines: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if lines and len(lines) <= MAX_BLOCK_LINES and lines[-1][1] - lines[0][0] <= MAX_UNIT_CHARS:
        return [(lines[0][0], lines[-1][1])]
    return lines


def _code_lines(body: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    position = start
    for line in body[start:end].split("\n"):
        line_end = position + len(line)
        if line.strip() and not _FENCE.match(line):
            yield position, line_end
        position = line_end + 1


Header = tuple[int, int] | None   # a laid-out table's header line, or none


def _prose_units(body: str, start: int, end: int) -> Iterator[tuple[int, int, str, Header]]:
    """Rows of tables laid out with spaces, one unit each (a whole table would
    be cut at MAX_UNIT_CHARS in the middle of a row); around them, paragraph
    pieces (split at blank lines, list items and lines after a colon), then
    sentences inside each."""
    for segment_start, segment_end, header in _layout_segments(body, start, end):
        if header is not None:
            yield segment_start, segment_end, ROW, header
            continue
        for piece_start, piece_end, item in _line_groups(body, segment_start, segment_end):
            kind = ITEM if item else SENTENCE
            for s, e in _sentences(body, piece_start, piece_end):
                yield s, e, kind, None


def _layout_segments(body: str, start: int, end: int) -> Iterator[tuple[int, int, Header]]:
    """The span cut into prose (header None) and laid-out table rows, each
    with its table's header line. The header is found by walking back from
    the run's first whole line, into the body before the span if need be: a
    child can start inside a table, even in the middle of a row (a table has
    no sentence ends, so the chunker cuts it between words). The header line
    itself is no unit (it names the columns), nor is any piece of it; part
    of a row is plain text."""
    lines = list(_all_lines(body, start, end))
    columns = [_COLUMN_GAP.search(body, *_whole_line(body, s, e)) is not None for s, e in lines]
    prose_start, i = start, 0
    while i < len(lines):
        if not columns[i]:
            i += 1
            continue
        j = i
        while j < len(lines) and columns[j]:
            j += 1
        header, before = _table_start(body, _whole_line(body, *lines[i])[0])
        if j - i + before >= MIN_TABLE_LINES:
            if prose_start < lines[i][0]:
                yield prose_start, lines[i][0], None
            for line_start, line_end in lines[i:j]:
                if header[0] <= line_start and line_end <= header[1]:
                    continue
                whole = strip_span(body, *_whole_line(body, line_start, line_end))
                # Part of a row (the child starts or ends inside it): its cells
                # do not line up with the header's, so it is plain text.
                partial = strip_span(body, line_start, line_end) != whole
                yield line_start, line_end, None if partial else header
            prose_start = lines[j - 1][1]
        i = j
    if prose_start < end:
        yield prose_start, end, None


def _whole_line(body: str, start: int, end: int) -> tuple[int, int]:
    """The whole line of the body that the span (part of one line) lies on."""
    line_end = body.find("\n", end)
    return body.rfind("\n", 0, start) + 1, len(body) if line_end < 0 else line_end


def _all_lines(body: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    position = start
    for line in body[start:end].split("\n"):
        yield position, position + len(line)
        position += len(line) + 1


def _table_start(body: str, line_start: int) -> tuple[tuple[int, int], int]:
    """The first line of the laid-out table whose line starts at `line_start`
    (walking back over lines with column gaps), and how many of its lines
    come before that one."""
    first, before = line_start, 0
    while first > 0:
        previous = body.rfind("\n", 0, first - 1) + 1
        if not _COLUMN_GAP.search(body, previous, first - 1):
            break
        first, before = previous, before + 1
    return _whole_line(body, first, first), before


def _line_groups(body: str, start: int, end: int) -> Iterator[tuple[int, int, bool]]:
    """Runs of lines that belong together: a new run at a blank line, at a list
    item or table row, and after a line that ends with a colon. A list marker
    is left out of the run it starts."""
    run_start, run_item = None, False
    previous = ""
    position = start
    for line in body[start:end].split("\n"):
        line_end = position + len(line)
        marker = _ITEM_START.match(line)
        breaks = not line.strip() or marker or line.lstrip().startswith("|") or \
            previous.rstrip().endswith(":")
        if breaks and run_start is not None:
            yield run_start, position, run_item
            run_start = None
        if line.strip():
            if run_start is None:
                lead = marker or _ANSWER_MARK.match(line)
                run_start = position + (lead.end() if lead else 0)
                run_item = bool(marker)
        previous = line
        position = line_end + 1
    if run_start is not None:
        yield run_start, end, run_item


def _sentences(body: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    cut = start
    for match in _SENTENCE_END.finditer(body, start, end):
        word = re.search(r"(\w+)\W*$", body[cut:match.start() + 1])
        if word and (word.group(1).lower() in _ABBREVIATIONS or len(word.group(1)) == 1
                     and word.group(1).isalpha()):
            continue  # "e.g. The", "J. Smith"
        if word and word.group(1).isdigit() and _MONTH_AFTER.match(body, match.end()):
            continue  # "am 7. Dezember"
        stop = match.end()
        yield cut, stop
        cut = stop
    if cut < end:
        yield cut, end


def _bounded(body: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """The span itself, or, when longer than MAX_UNIT_CHARS, pieces of it cut at
    the last space before the limit (or at the limit, in a run without spaces)."""
    while end - start > MAX_UNIT_CHARS:
        limit = start + MAX_UNIT_CHARS
        space = body.rfind(" ", start + MAX_UNIT_CHARS // 2, limit)
        cut = space if space > start else limit
        piece = strip_span(body, start, cut)
        if piece[1] > piece[0]:
            yield piece
        start = strip_span(body, cut, end)[0]
    if end > start:
        yield start, end
