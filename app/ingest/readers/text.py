"""Plain-text reader, plus the small helpers the other readers share.

A plain-text file has no markup, so headings are only recognised where the
layout shows them: underlined titles, numbered lines standing alone (RFC
style), lines in capitals at the margin (man pages), and short titles
standing alone above a longer paragraph. A table row (cells apart) is never
a heading; guessing more would invent structure the author never wrote.

A man page saved as text (`man tar > tar.txt`) says what it is on its first
line ("TAR(1)   GNU TAR Manual   TAR(1)"): that line names the document, as
the page's last line (its footer) closes it; neither is text of a section.
Without this every man page was titled "NAME", its first heading, and the
command's name reached no child (dev corpus `man`: "What exit code does make
return…" was answered from tar's page). Its paragraphs are joined as a PDF's
are (pdf_reflow.join_lines): groff breaks lines and hyphenates words at
their ends ("direc‐⏎tory").
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from app.common.documents import (LIST, PARAGRAPH, TERM, Block, Document, ReadError, Section,
                                  file_title, strip_span)
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.common.typography import fold_glyphs
from app.ingest.readers.bullets import is_bullet
from app.ingest.readers.encoding import Decoded, decode
from app.ingest.readers.pdf_reflow import join_lines

UNDERLINE_RE = re.compile(r"\s*(={3,}|-{3,})\s*")
NUMBERED_HEADING_RE = re.compile(r"(\d+(?:\.\d+)*)\.?\s+\S")
NUMBERED_HEADING_MAX = 80
CAPITALS_MAX = 60      # "DESCRIPTION", "LEAVE POLICY": a whole paragraph in capitals is not one
TITLE_MAX, TITLE_MAX_WORDS = 60, 8
COLUMNS_RE = re.compile(r"\S(?: {2,}|\t)\S")  # cells set apart by runs of spaces or a tab
NUMBER_PREFIX_RE = re.compile(r"^\d+(?:\.\d+)*\.?\s+")
# An FAQ's question ("Q:  What do the letters XZ mean?") and the answer's
# marker after it ("A:  Nothing.").
QUESTION_RE = re.compile(r"(?:Q|Question)\s*[:.)]\s+(?=\S)")
ANSWER_RE = re.compile(r"(?:A|Answer)\s*[:.)]\s+\S")
QUESTION_MAX_LINES = 6   # a question wrapped over a few lines; more is a paragraph
QUESTION_MAX_CHARS = 300
# An entry's dotted number ("4.2.", "2.1.3", "1."): not a number that starts a
# sentence ("2024 Benefits Guide", "100 MB/s on a laptop").
DOTTED_NUMBER_RE = re.compile(r"(\d+(?:\.\d+)+\.?|\d+\.)\s+\S")
# "TAR(1)   GNU TAR Manual   TAR(1)": a man page's header, its name at both ends.
MAN_HEADER_RE = re.compile(r"(\S+\(\w+\))[ \t]{2,}(\S.*?)[ \t]{2,}\1")
# A man page's subsection ("   Pattern Syntax"): three spaces in, where its
# sections' text stands seven in.
MAN_SUBHEADING_RE = re.compile(r" {3}(?! )(\S.{0,58})")
MAN_TERM_MAX = 80  # "-z, --gzip, --gunzip, --ungzip": an option's name, not a sentence
MAN_TERM_LINES = 6  # the forms of one option, a line each
MAN_MARGIN_SLACK = 3  # groff justifies a wrapped line to the margin; a term stops short of it
MAN_LONG_LINE = 60  # the lines that tell where the margin is


# ---------------------------------------------------------------- shared helpers


def read_text_file(path: Path) -> Decoded:
    """The file's text in whatever encoding it was written (see encoding.py),
    newlines normalised to "\\n", with the encoding's name for the library."""
    decoded = decode(read_file_bytes(path))
    if not decoded.text.strip():
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the file is empty")))
    return decoded


def read_file_bytes(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the file does not exist (moved or "
                                                       "deleted?)"))) from None
    except IsADirectoryError:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "this is a folder, not a file"))) from None
    except PermissionError:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "permission denied: the file cannot be "
                                                       "read"))) from None
    except OSError as exc:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the file cannot be read: {error}"),
                             error=str(exc.strerror or exc))) from None


def line_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """(start, end) of every line in text[start:end], newline excluded."""
    end = len(text) if end is None else end
    spans = []
    pos = start
    while pos < end:
        newline = text.find("\n", pos, end)
        stop = end if newline < 0 else newline
        spans.append((pos, stop))
        pos = stop + 1
    if text.endswith("\n", start, end) or start == end:
        spans.append((end, end))  # the (empty) last line after a final newline
    return spans


def make_section(
    text: str, start: int, end: int, heading_path: list[str], level: int
) -> Section | None:
    """A section over text[start:end], trimmed; None when it holds only whitespace."""
    start, end = strip_span(text, start, end)
    if start == end:
        return None
    return Section(
        heading_path=list(heading_path),
        level=level,
        body=text[start:end],
        start_char=start,
        end_char=end,
    )


def push_heading(stack: list[tuple[int, str]], level: int, title: str) -> list[str]:
    """Put a heading on the stack (dropping same or deeper ones); return its path."""
    while stack and stack[-1][0] >= level:
        stack.pop()
    stack.append((level, title))
    return [heading for _, heading in stack]


# ---------------------------------------------------------------- plain text


def read_text(path: Path) -> Document:
    path = Path(path)
    decoded = read_text_file(path)
    text = decoded.text
    man = _man_page(text.expandtabs())  # `man ls | col -b` turns runs of spaces into tabs
    if man:
        text = fold_glyphs(text.expandtabs())  # groff's hyphens and minus signs, as typed
        man = _man_page(text)
    title, start, end = man or (None, 0, len(text))
    headings = [h for h in _find_headings(text) if start <= h[0] and h[1] <= end]
    if man:  # its headings stand at the margin ("   37  FILE could not…" is an exit code)
        headings = sorted([h for h in headings if not text[h[0]].isspace()]
                          + _man_subheadings(text, start, end))
    # The first heading names the document, unless it is numbered: "1.
    # Background" is its first chapter (the Valgrind FAQ), the file's name
    # says more.
    title = title or (headings[0][3] if headings and not _depth(headings[0][3])
                      else file_title(path))
    sections = _sections(text, headings, title, start, end)
    if man:
        for section in sections:
            section.blocks = man_blocks(text, section)
        text = join_lines(text, sections)
    return Document(path=path, format="text", title=title, text=text, sections=sections,
                    encoding=decoded.encoding)


def _man_page(text: str) -> tuple[str, int, int] | None:
    """(title, start, end) of a man page saved as text: "TAR(1) — GNU TAR
    Manual", its text after the header line and before the footer line
    (the last, ending with the page's name); None for any other text."""
    lines = [(a, b) for a, b in line_spans(text) if text[a:b].strip()]
    if len(lines) < 3:
        return None
    first_start, first_end = lines[0]
    header = MAN_HEADER_RE.fullmatch(text[first_start:first_end].strip())
    if not header:
        return None
    name, kind = header.group(1), " ".join(header.group(2).split())
    last_start, last_end = lines[-1]
    end = last_start if text[last_start:last_end].rstrip().endswith(name) else len(text)
    return f"{name} — {kind}", first_end, end


def _man_subheadings(text: str, start: int, end: int) -> list[tuple[int, int, int, str]]:
    """A man page's subsections, as level-2 headings: a short line three
    spaces in, after a blank line or a heading, not a sentence."""
    headings, previous = [], ""
    for a, b in line_spans(text, start, end):
        line = text[a:b]
        match = MAN_SUBHEADING_RE.fullmatch(line.rstrip())
        if match and (not previous.strip() or _capitals(previous)) \
                and not match.group(1).endswith((".", ",", ";", ":")):
            headings.append((a, b, 2, match.group(1).strip()))
        previous = line
    return headings


def man_blocks(text: str, section: Section) -> list[Block]:
    """A man page's paragraph blocks with each option's name as a TERM block.

    groff sets a term (`.TP`: "-z, --gzip") on a line of its own, its
    description indented deeper on the lines below. Read as one paragraph,
    the name was packed into a child with the end of the option before it,
    and the children of a long description no longer said which option they
    describe: "What exactly does curl -k do" was answered from
    `--pinnedpubkey`'s entry. As a TERM, the name starts a run of its own
    and every child of its description embeds it (fitted.label_text)."""
    body, result = section.body, []
    margin = _right_margin(body)
    for block in section.blocks:
        term_end = (_man_term_end(text, section.start_char + block.start,
                                  section.start_char + block.end, margin)
                    if block.kind == PARAGRAPH else None)
        if term_end is None:
            result.append(block)
            continue
        term_end -= section.start_char
        rest_start, rest_end = strip_span(body, term_end, block.end)
        result += [Block(TERM, block.start, term_end), Block(PARAGRAPH, rest_start, rest_end)]
    return result


def _right_margin(body: str) -> int:
    """The column groff justifies wrapped lines to: the commonest end of the
    long lines (an example's line may run past it)."""
    ends = Counter(len(line.rstrip()) for line in body.splitlines()
                   if len(line.rstrip()) >= MAN_LONG_LINE)
    return ends.most_common(1)[0][0] if ends else 0


def _man_term_end(text: str, start: int, end: int, margin: int) -> int | None:
    """Where a paragraph's term ends, when it starts with one: lines shorter
    than a sentence at the paragraph's indent (ssh gives "-R" five forms, a
    line each), not bullets, above lines indented deeper (the indents read
    in the page's text: a section's body starts at its first word). groff
    sets a short tag in the indent, its text run on from the next line's
    column ("-prune True; if the file is a directory…" over "-depth is
    given, then…"): then only the tag is the term. A line justified to the
    margin is wrapped text (a synopsis under its command), and one ending
    in a backslash a command continued, neither a term."""
    spans = line_spans(text, text.rfind("\n", 0, start) + 1, end)
    lines = [text[a:b] for a, b in spans]
    indent = len(lines[0]) - len(lines[0].lstrip())
    deeper = next((n for n, line in enumerate(lines) if len(line) - len(line.lstrip()) > indent),
                  None)
    if not deeper or deeper > MAN_TERM_LINES or is_bullet(lines[0]) \
            or lines[0].rstrip().endswith("\\"):
        return None
    column, first = len(lines[deeper]) - len(lines[deeper].lstrip()), lines[0]
    if deeper == 1 and len(first) > column and first[column - 1] == " " \
            and first[column] != " " and first[indent:column].strip():
        return strip_span(text, start, spans[0][0] + column)[1]  # the tag in the indent
    terms = lines[:deeper]
    if any(len(line.strip()) > MAN_TERM_MAX or len(line.rstrip()) >= margin - MAN_MARGIN_SLACK
           or line.rstrip().endswith((".", ",", ";")) for line in terms):
        return None
    if deeper > 1 and not all(line.lstrip().startswith(("-", "+")) for line in terms):
        return None  # several lines over an indented one: a paragraph, unless each is a form
    return strip_span(text, start, spans[deeper - 1][1])[1]


def _find_headings(text: str) -> list[tuple[int, int, int, str]]:
    """(start of heading, end of heading incl. underline, level, title), in order.

    Where numbered questions head entries ("4.2. … How can I improve them?"),
    the entries numbered as deep that state a problem instead ("4.5. Memcheck
    doesn't report any errors and I know my program has errors.") head theirs
    too: a second pass finds them."""
    spans = line_spans(text)
    lines = [text[a:b] for a, b in spans]
    headings = _headings(lines, spans)
    asked = Counter(_depth(h[3]) for h in headings if h[3].endswith("?") and _depth(h[3]))
    entries = Counter(_depth(line) for index, line in enumerate(lines)
                      if not line[:1].isspace() and _depth(line) and _after_break(lines, index))
    # "1." alone numbers list items as well as entries; one question among
    # numbered clauses ("3.1. Can staff work from home?" over "3.2. Staff
    # must agree…") does not make the clauses entries: questions must be at
    # least a third of them
    depths = {depth for depth, n in asked.items() if depth > 1 and n >= 2 and 3 * n >= entries[depth]}
    return _headings(lines, spans, depths) if depths else headings


def _depth(line: str) -> int | None:
    """How deep a line's dotted number is ("4.2." → 2), None without one."""
    match = DOTTED_NUMBER_RE.match(line)
    return match.group(1).rstrip(".").count(".") + 1 if match else None


def _after_break(lines: list[str], index: int) -> bool:
    """Whether line `index` starts a block: the first, or after a blank line or a rule."""
    return index == 0 or not lines[index - 1].strip() or bool(UNDERLINE_RE.fullmatch(lines[index - 1]))


def _headings(lines: list[str], spans, entry_depths: set[int] = frozenset()) -> list:
    headings = []
    index, part_level = 0, 0  # part_level: the last heading that is no FAQ question
    while index < len(lines):
        found = _heading_at(lines, spans, index, headings[-1][1] if headings else 0,
                            entry_depths)
        if found is None:
            index += 1
            continue
        first, last, level, title = found
        if level is None:
            # an FAQ's question heads its answer, one level below the part it
            # stands in: it names the section and is no text of it (a unit
            # that restates the question is no answer)
            level = part_level + 1
        else:
            part_level = level
        headings.append((spans[first][0], spans[last][1], level, title))
        index = last + 1
    return headings


def _heading_at(lines: list[str], spans, index: int, taken_until: int,
                entry_depths: set[int]):
    """The heading at line `index` as (first line, last line, level, title),
    level None for an FAQ's question; None when there is none."""
    line = lines[index]
    before_blank = index == 0 or not lines[index - 1].strip()
    after = lines[index + 1] if index + 1 < len(lines) else ""
    after_blank = index + 1 >= len(lines) or not after.strip()
    question_end = _question_end(lines, index) if before_blank else None
    if question_end is not None:
        return index, question_end, None, _question_title(lines[index:question_end + 1])
    question_end = _numbered_question_end(lines, index, entry_depths) if before_blank else None
    if question_end is not None:
        title = _one_line(lines[index:question_end + 1])
        return index, question_end, _depth(title), title
    boxed = _boxed(lines, index) if index and spans[index - 1][0] >= taken_until else None
    if boxed:
        return index - 1, index + 1, boxed, line.strip()
    underline = UNDERLINE_RE.fullmatch(after) if index + 1 < len(lines) else None
    if line.strip() and before_blank and underline and _underlines(line, after):
        return index, index + 1, 1 if underline.group(1)[0] == "=" else 2, line.strip()
    level = _standing_level(lines, index, before_blank, after_blank)
    return (index, index, level, line.strip()) if level else None


def _underlines(line: str, rule: str) -> bool:
    """Whether a rule under `line` underlines it. A table's header row is no
    title, and a sentence with a rule under it that is not its length is the
    end of a part, the rule a separator (the Valgrind FAQ closes each answer
    with 72 dashes: "Don't feel bad: almost everyone gets it wrong at
    first." headed the whole FAQ)."""
    title = line.strip()
    unnumbered = NUMBER_PREFIX_RE.sub("", title, count=1)  # "1.  Introduction"
    if len(title) > 120 or COLUMNS_RE.search(unnumbered) or "|" in title:
        return False  # a table's header row over its rule ("Match position   HHsed   GNU sed")
    if len(rule.strip()) >= max(40, 2 * len(title)):
        return False  # a separator under a short line ("valgrind ./prog" over 72 dashes)
    return not title.endswith((".", ",", ";")) or abs(len(rule.strip()) - len(title)) <= 2


def _boxed(lines: list[str], index: int) -> int | None:
    """The level of a title boxed between two rules ("⏎----⏎1. Background⏎----⏎"),
    else None: numbered, as deep as its number; otherwise a top-level part.
    The box stands apart (blank lines around it), and its line is a title:
    no table row, no sentence ("WARNING: back up the database first.")."""
    if index < 1 or index + 1 >= len(lines) or not lines[index].strip():
        return None
    line, before, after = lines[index], lines[index - 1], lines[index + 1]
    title = line.strip()
    if not (UNDERLINE_RE.fullmatch(before) and UNDERLINE_RE.fullmatch(after)) \
            or UNDERLINE_RE.fullmatch(line) or len(title) > NUMBERED_HEADING_MAX \
            or COLUMNS_RE.search(NUMBER_PREFIX_RE.sub("", title, count=1)) or "|" in title \
            or title.endswith((".", ",", ";", ":", "!")):
        return None
    if index >= 2 and lines[index - 2].strip() or index + 2 < len(lines) and lines[index + 2].strip():
        return None  # records set apart by rules, not a box
    return _numbered_level(line) or 1


def _question_end(lines: list[str], index: int) -> int | None:
    """The last line of an FAQ question starting at `index` ("Q:  Why is
    liblzma named…⏎    Shouldn't it be e.g. libxz?"): the first line ending
    in "?" that the question does not go on after (a blank line, the
    answer's "A:", or a line back at the question's margin: "Q: How do I
    reset the printer?⏎Hold the power button…"). None when no line asks
    anything: "Question: does it run on Windows? Not yet, but…" is prose."""
    if not QUESTION_RE.match(lines[index]):
        return None
    margin = len(lines[index]) - len(lines[index].lstrip())
    for end in range(index, min(index + QUESTION_MAX_LINES, len(lines))):
        following = lines[end + 1] if end + 1 < len(lines) else ""
        goes_on = following.strip() and not ANSWER_RE.match(following.lstrip()) \
            and len(following) - len(following.lstrip()) > margin
        if lines[end].rstrip().endswith("?") and not goes_on:
            return end if sum(len(x) for x in lines[index:end + 1]) <= QUESTION_MAX_CHARS \
                else None
        if not following.strip() or ANSWER_RE.match(following.lstrip()):
            return None
    return None


def _numbered_question_end(lines: list[str], index: int,
                           entry_depths: set[int] = frozenset()) -> int | None:
    """The last line of a numbered question at the margin ("4.2. The stack
    traces given by Memcheck (or another tool) aren't⏎helpful. How can I
    improve them?"), which heads its answer even with no blank line between.
    None when the paragraph asks nothing, or when the next line is a list's
    next item or numbered too: that is a list of questions, or a table of
    contents. An entry numbered as deep as
    `entry_depths` heads its text whatever it ends with: its paragraph ends
    at a blank or indented line."""
    depth = _depth(lines[index])
    if lines[index][:1].isspace() or depth is None:
        return None
    entry = depth in entry_depths
    for end in range(index, min(index + QUESTION_MAX_LINES, len(lines))):
        following = lines[end + 1] if end + 1 < len(lines) else ""
        listed = is_bullet(following) or (not following[:1].isspace() and _depth(following))
        closes = not following.strip() or following[:1].isspace()
        if sum(len(x) for x in lines[index:end + 1]) > QUESTION_MAX_CHARS:
            return None
        if lines[end].rstrip().endswith("?") or (entry and closes and _text_after(lines, end)):
            return None if listed else end
        if listed or closes:
            return None  # a table of contents' lines are no wrapped question
    return None


def _text_after(lines: list[str], end: int) -> bool:
    """Whether an entry has text of its own: the next line with any is no
    numbered line at the margin (clauses "3.2. …", "3.3. …" are a list)."""
    following = next((line for line in lines[end + 1:] if line.strip()), "")
    return bool(following) and (following[:1].isspace() or not _depth(following))


def _question_title(lines: list[str]) -> str:
    """The question in one line, without its "Q:"."""
    return QUESTION_RE.sub("", _one_line(lines), count=1)


def _one_line(lines: list[str]) -> str:
    """A heading wrapped over `lines`, on one line, one space between words."""
    return " ".join(" ".join(lines).split())


def _standing_level(lines: list[str], index: int, before_blank: bool, after_blank: bool):
    """The level of a heading that has no underline, else None: a numbered line
    standing alone ("2.3 Leave", RFC style), a line in capitals at the margin
    (man pages: "DESCRIPTION" above indented text), or a short title standing
    alone above a longer paragraph. A table row (cells apart) never is one."""
    line = lines[index]
    unnumbered = NUMBER_PREFIX_RE.sub("", line.strip(), count=1)  # RFCs: "1.  Introduction"
    if not line.strip() or not before_blank or COLUMNS_RE.search(unnumbered) or "|" in line:
        return None
    if after_blank and (numbered := _numbered_level(line)):
        return numbered
    following = lines[index + 1] if index + 1 < len(lines) else ""
    if _capitals(line) and (after_blank or following[:1] in (" ", "\t")):
        return 1
    if after_blank and _short_title(line) and _longer_paragraph_after(lines, index, line):
        return 1  # no number to say how deep: a top-level part ("Appendix", "Contacts")
    return None


def _capitals(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return (not line[:1].isspace() and len(letters) >= 2 and all(c.isupper() for c in letters)
            and len(line.strip()) <= CAPITALS_MAX and not line.rstrip().endswith((".", ",", ";")))


def _short_title(line: str) -> bool:
    stripped = line.strip()
    return (not line[:1].isspace() and stripped[:1].isupper()
            and len(stripped) <= TITLE_MAX and len(stripped.split()) <= TITLE_MAX_WORDS
            and not stripped.endswith((".", ",", ";", ":", "!", "?")) and not is_bullet(line))


def _longer_paragraph_after(lines: list[str], index: int, line: str) -> bool:
    """A title introduces text: the next non-blank line is longer, or a sentence."""
    for following in lines[index + 1:]:
        if following.strip():
            text = following.strip()
            return len(text) > 2 * len(line.strip()) or text.endswith((".", "!", "?", ":"))
    return False


def _numbered_level(line: str) -> int | None:
    """The level of a numbered heading like "2.3 Leave", else None."""
    stripped = line.strip()
    match = NUMBERED_HEADING_RE.match(stripped)
    if not match or len(stripped) > NUMBERED_HEADING_MAX or stripped[-1] in ".,;:":
        return None
    return match.group(1).count(".") + 1


def _sections(text: str, headings: list, title: str, first: int = 0,
              last: int | None = None) -> list[Section]:
    """The sections of text[first:last] (the whole text by default)."""
    last = len(text) if last is None else last
    sections = []
    stack: list[tuple[int, str]] = []
    path, level, body_start = [title], 0, first
    for start, end, heading_level, heading in headings + [(last, last, 0, "")]:
        section = make_section(text, body_start, start, path, level)
        if section is not None:
            section.blocks = paragraph_blocks(section.body)
            sections.append(section)
        path = push_heading(stack, heading_level, heading)
        level, body_start = heading_level, end
    return sections


def paragraph_blocks(body: str) -> list[Block]:
    """Blank-line separated paragraphs; a paragraph made of bullets is a list."""
    blocks = []
    run: list[tuple[int, int]] = []
    for span in line_spans(body) + [(len(body), len(body))]:
        if body[span[0] : span[1]].strip():
            run.append(span)
            continue
        if run:
            blocks.append(_paragraph_block(body, run))
            run = []
    return blocks


def _paragraph_block(body: str, run: list[tuple[int, int]]) -> Block:
    start, end = strip_span(body, run[0][0], run[-1][1])
    lines = [body[a:b] for a, b in run]
    # Wrapped list items continue on indented lines; anything else is prose.
    is_list = is_bullet(lines[0]) and all(
        is_bullet(line) or line[:1].isspace() for line in lines[1:]
    )
    return Block(LIST if is_list else PARAGRAPH, start, end)
