"""Where a cited passage lies in its source file's text.

A search hit names a section and its matched children's offsets in the
section body, as they were when the file was indexed (`Location`). Shown
again later, the file may have changed: `indexed_ranges` checks the text at
those offsets is still the children's, and `searched_ranges` finds them
again, each near where it used to be.

Two extractors of one PDF (pypdf, which indexed it; pdfium, whose text boxes
are highlighted) disagree on whitespace, line breaks, hyphenation and
ligatures, and a changed file reads differently here and there. Both sides
are therefore compared as a stream of letters and digits only (`find_span`),
which survives all of those differences; `page_boxes` does the same on a PDF
page.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import zip_longest
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from app.common.documents import HEADING_SEPARATOR

PHRASE_WORDS = 6  # a passage is found by its first and last words
LENIENT_WORDS = (4, 3)  # shorter phrases, only where the passage is expected
SHIFTS = (1, 2, 3)  # skip a few words that one extractor may have put elsewhere
MIN_PHRASE_KEY = 6  # letters and digits; shorter phrases match by chance
MAX_OCCURRENCES = 2000


@dataclass
class Location:
    """A cited passage's place in its source file, as the index holds it."""

    path: Path  # absolute path of the document file
    source: str  # path relative to the handbook folder (shown as title)
    heading: str  # heading path "A › B"
    page: int | None  # 1-based page (PDFs)
    section_start: int  # offset of the section body in Document.text
    # highlight ranges, relative to the section body (the matched children)
    spans: list[tuple[int, int]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # the matched children's texts


@dataclass
class Stream:
    """A text reduced to its letters and digits, casefolded, with where each came from."""

    key: str
    where: list[int]  # where[i]: the index (page char or text offset) that gave key[i]


def stream_of(chars: Iterable[str]) -> Stream:
    """NFKD per character: ligatures ("ﬁ") become letters and accents drop, so
    composed and decomposed forms, from either extractor, compare equal."""
    letters: list[str] = []
    where: list[int] = []
    for index, char in enumerate(chars):
        for part in unicodedata.normalize("NFKD", char).casefold():
            if part.isalnum():
                letters.append(part)
                where.append(index)
    return Stream("".join(letters), where)


def key_of(text: str) -> str:
    return stream_of(text).key


def find_span(
    stream: str, text: str, near: int = 0, lenient: bool = True, page: bool = False
) -> tuple[int, int] | None:
    """Where `text` lies in `stream` (positions in the stream, end exclusive).

    The whole text first; else a phrase from its start paired with one from its
    end, so a text that reads differently in the middle is still found. `near`
    (an expected start) picks among repeated occurrences. `page`: the stream is
    one PDF page, so the passage may start on the page before or run past the
    end. `lenient`: the passage is expected here (the cited page, a file that
    changed), so shorter phrases and an unpaired start or end are trusted too;
    elsewhere they match repeated boilerplate by chance.
    """
    key = key_of(text)
    if not key:
        return None
    hit = _closest(stream, key, near)
    if hit is not None:
        return hit, hit + len(key)
    words = text.split()
    slack = max(40, len(key) // 4)
    starts = _head_starts(stream, words, near, lenient)
    paired = _pair_with_tail(stream, words, starts, len(key), lenient, slack)
    if paired is not None:
        return paired
    for start in starts:
        # Unpaired: the passage runs past the page (or its end reads differently).
        if lenient or (page and start + len(key) >= len(stream) - slack):
            return start, min(start + len(key), len(stream))
    return _tail_only(stream, words, near, len(key), lenient, slack if page else None)


def _tail_only(stream, words, near, length, lenient, slack) -> tuple[int, int] | None:
    """Only the end is found. Near the top of a page (`slack` given), the passage
    began on the page before; elsewhere only where the passage is expected, by a
    full-length phrase, with the start estimated from the passage's length."""
    limit = length + slack if slack is not None else -1
    for phrase, after, full in _phrases(words, lenient, from_end=True):
        position = _closest(stream, phrase, near + length - after - len(phrase))
        if position is None:
            continue
        end = min(position + len(phrase) + after, len(stream))
        if end <= limit or (lenient and (full or slack is None)):
            return max(end - length, 0), end
    return None


def _occurrences(stream: str, key: str) -> Iterator[int]:
    position = stream.find(key)
    for _ in range(MAX_OCCURRENCES):
        if position < 0:
            return
        yield position
        position = stream.find(key, position + 1)


def _closest(stream: str, key: str, near: int) -> int | None:
    return min(_occurrences(stream, key), key=lambda position: abs(position - near), default=None)


def _head_starts(stream: str, words: list[str], near: int, lenient: bool) -> list[int]:
    """Candidate starts of the passage, closest to `near` first, from the first
    phrase of its start that is found (boilerplate openings repeat)."""
    for phrase, before, _ in _phrases(words, lenient, from_end=False):
        found = sorted(_occurrences(stream, phrase), key=lambda p: abs(p - before - near))
        if found:
            return [max(position - before, 0) for position in found]
    return []


def _pair_with_tail(stream, words, starts, length, lenient, slack) -> tuple[int, int] | None:
    """The first start whose passage ends where a phrase of its end is found,
    trying the most telling end phrase on every start before a weaker one."""
    if not starts:
        return None
    for phrase, after, _ in _phrases(words, lenient, from_end=True):
        # Each phrase is searched once: a whole changed file can be the stream.
        ends = [position + len(phrase) + after for position in _occurrences(stream, phrase)]
        for start in starts if ends else ():
            end = _nearest(ends, start + length)
            if abs(end - (start + length)) <= slack:
                return start, min(end, len(stream))
    return None


def _nearest(values: list[int], target: int) -> int:
    """The value closest to `target` in a sorted, non-empty list."""
    index = bisect_left(values, target)
    return min(values[max(index - 1, 0):index + 1], key=lambda value: abs(value - target))


def _phrases(words: list[str], lenient: bool, from_end: bool) -> Iterator[tuple[str, int, bool]]:
    """(phrase key, letters of the passage beyond it, full length?) for the
    passage's start or end, the most telling first."""
    seen = {key_of(" ".join(words))}  # the whole text was tried already
    windows = [(shift, PHRASE_WORDS) for shift in (0,) + SHIFTS]
    windows += [(0, size) for size in LENIENT_WORDS] if lenient else []
    for shift, size in windows:
        if shift + size > len(words) and shift:
            continue
        if from_end:
            stop = len(words) - shift
            phrase, beyond = words[max(stop - size, 0):stop], words[stop:]
        else:
            phrase, beyond = words[shift:shift + size], words[:shift]
        phrase_key = key_of(" ".join(phrase))
        if len(phrase_key) >= MIN_PHRASE_KEY and phrase_key not in seen:
            seen.add(phrase_key)
            yield phrase_key, len(key_of(" ".join(beyond))), size == PHRASE_WORDS


def snap_to_words(chars: Sequence[str], first: int, last: int) -> tuple[int, int]:
    """Widen [first, last] (inclusive) to whole words: an edge estimated from the
    passage's length may fall inside a word, and the stream leaves out the
    punctuation around it."""
    while first > 0 and not chars[first - 1].isspace():
        first -= 1
    while last + 1 < len(chars) and not chars[last + 1].isspace():
        last += 1
    return first, last


# ---------------------------------------------------------------- in a document's text


def heading_line_start(text: str, section_start: int) -> int:
    """Start of the line holding a section's heading: the last non-blank line
    before its body, or the title line above an underline (=== / ---)."""
    section_start = min(max(section_start, 0), len(text))
    body_line = text.rfind("\n", 0, section_start) + 1
    heading = _line_before(text, body_line, skip_blank=True)
    if heading is None:
        return body_line
    if re.fullmatch(r"[ \t]*(=+|-+)[ \t]*", _line_at(text, heading)):
        title = _line_before(text, heading, skip_blank=False)
        if title is not None:
            return title
    return heading


def _line_at(text: str, start: int) -> str:
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def _line_before(text: str, line_start: int, skip_blank: bool) -> int | None:
    """Start of the (non-blank) line above the line starting at `line_start`."""
    end = line_start - 1  # the newline that ends the line above
    while end >= 0:
        start = text.rfind("\n", 0, end) + 1
        if text[start:end].strip():
            return start
        if not skip_blank:
            return None
        end = start - 1
    return None


def indexed_ranges(text: str, location: Location) -> list[tuple[int, int]] | None:
    """The spans as offsets in `text`, or None when the text there is no longer
    the indexed text (the file changed since it was indexed)."""
    if not 0 <= location.section_start <= len(text):
        return None
    ranges = []
    for span, child in zip_longest(location.spans, location.texts[:len(location.spans)]):
        start, end = location.section_start + span[0], location.section_start + span[1]
        if not 0 <= start <= end <= len(text):
            return None
        if child is not None and not _resembles(text[start:end], child):
            return None
        ranges.append((start, end))
    return ranges


def _resembles(found: str, child: str) -> bool:
    """Is `found` (the text now at the indexed offsets) still the child's text?
    Prose children are slices of the body; table rows are indexed as
    "Header: cell; ...", so for them only the words can be compared."""
    if found.split() == child.split():
        return True
    words = re.findall(r"\w+", found.casefold())
    known = set(re.findall(r"\w+", child.casefold()))
    if not words:
        return False
    inside = sum(word in known for word in words)
    return words[0] in known and words[-1] in known and inside >= 0.9 * len(words)


def searched_ranges(text: str, location: Location) -> list[tuple[int, int]]:
    """Where the matched texts are now, each near where it used to be."""
    stream = None
    ranges = []
    for span, child in zip(list(location.spans) + [None] * len(location.texts), location.texts):
        expected = location.section_start + (span[0] if span else 0)
        exact = _closest(text, child, expected) if child.strip() else None
        if exact is not None:
            ranges.append((exact, exact + len(child)))
            continue
        stream = stream or stream_of(text)  # built only when needed: NFKD of the whole file
        found = find_span(stream.key, child, near=bisect_left(stream.where, expected))
        if found is not None:
            first, last = snap_to_words(text, stream.where[found[0]], stream.where[found[1] - 1])
            ranges.append((first, last + 1))
    return sorted(ranges)


def stale_top(text: str, location: Location, ranges: list[tuple[int, int]]) -> int:
    """Where to scroll in a changed file: the heading's line above the first
    highlight if it can be found, else the highlight's own line."""
    title = location.heading.split(HEADING_SEPARATOR)[-1].strip()
    limit = ranges[0][0] if ranges else len(text)
    found = text.rfind(title, 0, limit) if title else -1
    if found < 0 and not ranges:
        return 0
    anchor = found if found >= 0 else ranges[0][0]
    return text.rfind("\n", 0, anchor) + 1
