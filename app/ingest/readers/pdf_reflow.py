"""PDF text as a reader sees it: typeset glyphs folded, paragraphs reflowed.

pypdf returns a PDF's lines as they were set: ligatures as single glyphs
("ﬁle", which MiniLM's vocabulary does not know), minus signs for hyphens,
a hard break at every line end and words hyphenated across it ("includ-⏎ing").
The sources panel then reads ragged and the embedder sees half-words.
Words the text layer split or ran together are mended first (pdf_words).

`app.common.typography.fold_glyphs` runs on each page's text first, so
headings, running lines and blocks all see the folded text. `reflow` runs once the
blocks are known: inside a paragraph or list block, a line break between two
lines of running text becomes a space, and a word hyphenated at a line end
is joined (keeping the hyphen where the document writes the word with one
elsewhere). Breaks a writer meant stay: before a bullet, after a short line,
around a line laid out in columns. Sections, blocks and page marks are moved
to the new offsets, so citations and highlights stay exact.
"""
from __future__ import annotations

import bisect
import re
from collections import Counter

from app.common.documents import LIST, PARAGRAPH, Block, Section
from app.ingest.readers.bullets import is_bullet
from app.ingest.readers.pdf_words import run_together_edits, split_edits

# A line shorter than this share of its block's longest line ends where the
# writer ended it (an option's one-line description, a syntax line, a title).
FULL_LINE = 0.7
# A sentence that ends well before the margin ended its line on purpose too
# ("-i If the -i option is present, the shell is interactive.").
FULL_SENTENCE_LINE = 0.85
_SENTENCE_END = re.compile(r"[.:!?][\"'”’)\]]*$")
_COLUMN_GAP = re.compile(r"\S(?: {3,}|\t)\S")   # as answers.evidence.units reads a laid-out table
# Letters of any alphabet: groff and PDFs hyphenate "Konfigura-⏎tion" and
# "дирек-⏎тория" as they do "includ-⏎ing".
_HYPHENATED_END = re.compile(r"([^\W\d_]+)-$")
_LOWER_START = re.compile(r"(?=[^\W\d_])[^\W\d_]+")  # and lower case: _lower_word
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def reflow(text: str, sections: list[Section]) -> str:
    """Mend broken words (pdf_words), then join the running lines of every
    paragraph and list block; returns the new document text and moves
    `sections` (bodies, offsets, blocks, page marks) onto it."""
    splits = split_edits(text, _block_ranges(sections))
    text = _rewrite(text, sections, splits)
    if splits:  # a text layer that splits words also runs them together
        text = _rewrite(text, sections, run_together_edits(text, _block_ranges(sections)))
    return join_lines(text, sections)


def join_lines(text: str, sections: list[Section]) -> str:
    """Only the line joining of `reflow`, for text whose words are whole (a man
    page saved as text: hard breaks and hyphenation at its line ends)."""
    vocabulary = Counter(word.lower() for word in _WORD.findall(text))
    joins = [edit for start, end in _block_ranges(sections)
             for edit in _joins(text, start, end, vocabulary)]
    return _rewrite(text, sections, joins)


def _block_ranges(sections: list[Section]) -> list[tuple[int, int]]:
    """Where the paragraph and list blocks lie in the document text."""
    return [(section.start_char + block.start, section.start_char + block.end)
            for section in sections for block in section.blocks
            if block.kind in (PARAGRAPH, LIST)]


def _rewrite(text: str, sections: list[Section], edits: list[tuple[int, int, str]]) -> str:
    if not edits:
        return text
    new_text = _apply(text, edits)
    move = _mover(edits)
    for section in sections:
        _move_section(section, new_text, move)
    return new_text


def _joins(text: str, start: int, end: int, vocabulary: Counter) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for each line break of text[start:end] to join."""
    lines = _lines(text, start, end)
    if len(lines) < 2:
        return []
    longest = max(len(text[a:b].rstrip()) for a, b in lines)
    edits = []
    for (a, b), (c, d) in zip(lines, lines[1:]):
        previous, following = text[a:b].rstrip(), text[c:d]
        if _kept(previous, following, longest):
            continue
        gap_start, gap_end = a + len(previous), c + len(following) - len(following.lstrip())
        edits.append(_join(previous, following.lstrip(), gap_start, gap_end, vocabulary))
    return edits


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    spans, position = [], start
    while position <= end:
        newline = text.find("\n", position, end)
        stop = end if newline < 0 else newline
        spans.append((position, stop))
        if newline < 0:
            break
        position = newline + 1
    return spans


def _kept(previous: str, following: str, longest: int) -> bool:
    """Is the break between these two lines the writer's own? (A word cut by
    a hyphen never is, however short its line.)"""
    if not previous.strip() or not following.strip() or is_bullet(following):
        return True
    if _COLUMN_GAP.search(previous) or _COLUMN_GAP.search(following):
        return True
    if _HYPHENATED_END.search(previous) and _lower_word(following.lstrip()):
        return False
    full = FULL_SENTENCE_LINE if _SENTENCE_END.search(previous) else FULL_LINE
    return len(previous) < full * longest


def _join(previous: str, following: str, gap_start: int, gap_end: int,
          vocabulary: Counter) -> tuple[int, int, str]:
    hyphenated, rest = _HYPHENATED_END.search(previous), _lower_word(following)
    if hyphenated and rest:
        head, tail = hyphenated.group(1).lower(), rest.group(0)
        if vocabulary[f"{head}-{tail}"] and not vocabulary[head + tail]:
            return gap_start, gap_end, ""          # "built-⏎in" -> "built-in"
        return gap_start - 1, gap_end, ""          # "includ-⏎ing" -> "including"
    return gap_start, gap_end, " "


def _lower_word(text: str) -> re.Match | None:
    """The word `text` starts with, when it starts in lower case ("tion",
    "тория", not "Štefan")."""
    word = _LOWER_START.match(text)
    return word if word and word.group(0)[0].islower() else None


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    parts, position = [], 0
    for start, end, replacement in edits:
        parts += [text[position:start], replacement]
        position = end
    parts.append(text[position:])
    return "".join(parts)


def _mover(edits: list[tuple[int, int, str]]):
    """old offset -> new offset; an offset inside an edit goes to its start."""
    starts = [start for start, _, _ in edits]
    shifts, total = [], 0
    for start, end, replacement in edits:
        total += len(replacement) - (end - start)
        shifts.append(total)

    def move(offset: int) -> int:
        index = bisect.bisect_right(starts, offset) - 1
        if index < 0:
            return offset
        start, end, replacement = edits[index]
        if offset < end:  # inside the replaced gap
            return start + (shifts[index - 1] if index else 0) + min(offset - start, len(replacement))
        return offset + shifts[index]

    return move


def _move_section(section: Section, text: str, move) -> None:
    old_start = section.start_char
    start, end = move(old_start), move(section.end_char)

    def inner(offset: int) -> int:
        return move(old_start + offset) - start

    section.blocks = [Block(b.kind, inner(b.start), inner(b.end), b.language, b.table)
                      for b in section.blocks]
    section.page_marks = [(inner(offset), page) for offset, page in section.page_marks]
    section.start_char, section.end_char, section.body = start, end, text[start:end]
