"""PDF reader: pypdf's text layer, sectioned by the outline (bookmarks), or
without one by the headings its layout shows (pdf_headings).

pypdf raises far more than `pypdf.errors` (ValueError, KeyError,
NotImplementedError, DependencyError, RecursionError...) on damaged files, so
every call into it is wrapped and turned into a `ReadError` in words. Files
that make pypdf loop or allocate without bound must be handled by the caller
(a worker process with time and memory limits); a reader cannot stop that.
"""
from __future__ import annotations

import bisect
import io
import logging
import re
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Callable

from pypdf import PdfReader
from pypdf.errors import DependencyError, FileNotDecryptedError

from app.common.documents import (LIST, PARAGRAPH, TERM, Block, Document, ReadError, Section,
                                  clean_text, file_title)
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.pdf_headings import Layout, LineStyles, StyledLine, term_lines
from app.ingest.readers.pdf_headings import detect as detect_headings
from app.common.typography import fold_glyphs
from app.ingest.readers.bullets import is_bullet
from app.ingest.readers.pdf_reflow import reflow
from app.ingest.readers.running_lines import furniture_offsets
from app.ingest.readers.text import (
    line_spans,
    make_section,
    push_heading,
    read_file_bytes,
    strip_span,
)

PAGE_SEPARATOR = "\n\n"
NEEDS_PASSWORD = QT_TRANSLATE_NOOP("Core", "the PDF is encrypted and needs a password")
log = logging.getLogger(__name__)


class _NoFontToolsHint(logging.Filter):
    """pypdf suggests fontTools for every CFF font of a groff PDF, once per
    font and page: a wall of warnings on `index` for nothing a user can do.
    With fontTools installed the bash manual's text is the same to the word
    (51,793 words, 2.47 % not in the man page's own text, either way)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "fontTools is required" not in record.getMessage()


logging.getLogger("pypdf._cmap").addFilter(_NoFontToolsHint())
_MAX_OUTLINE_DEPTH = 32
# A line that ends a sentence (closing quotes/brackets allowed after the mark).
_SENTENCE_END = re.compile(r"[.?!:][\"'”’)\]]*\s*$")


def read_pdf(path: Path, ocr: bool = True,
             progress: Callable[[int, int], None] | None = None,
             ocr_max_pages: int | None = None) -> Document:
    """`ocr`: read pages without a text layer with OCR (the first
    `ocr_max_pages` of them); `progress(done, total)` after each such page."""
    path = Path(path)
    data = read_file_bytes(path)
    if not data.strip():
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the file is empty")))
    if b"%PDF-" not in data[:1024]:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "not a PDF file (it has no PDF header)")))
    with _pypdf_errors(truncated=b"%%EOF" not in data[-2048:]):
        reader = PdfReader(io.BytesIO(data))
        _decrypt(reader)
        page_texts, styles = _page_texts(reader)
        title = _metadata_title(reader)
        layout = Layout(styles)
        entries = _outline_entries(reader, len(page_texts)) or detect_headings(layout)
    scanned, ocr_failure = _ocr(data, page_texts, progress, ocr_max_pages) if ocr else ({}, None)
    text, page_spans = _join_pages(page_texts)
    furniture = furniture_offsets(page_texts, [start for start, _ in page_spans])
    terms = _term_starts(page_texts, page_spans, layout)
    if not text.strip():
        raise ReadError(_no_text_layer(len(page_texts), len(scanned), ocr, ocr_failure))
    title = title or (entries[0][0] if entries else file_title(path))
    if entries:
        sections = _outline_sections(text, entries, page_spans, title)
    else:
        sections = _page_sections(text, page_spans, title)
    for section in sections:
        section.page_marks = _page_marks(section, page_spans)
        section.blocks = _section_blocks(section, furniture, terms)
    text = reflow(text, sections)
    read = [page for page in scanned.values() if page.lines]
    confidence = (sum(page.confidence for page in read) / len(read)) if read else None
    return Document(
        path=path, format="pdf", title=title, text=text,
        sections=sections, pages=len(page_texts), ocr_pages=len(read),
        ocr_confidence=round(confidence, 3) if confidence is not None else None,
    )


def _no_text_layer(pages: int, scanned: int, ocr: bool, ocr_failure: str | None) -> Said:
    """Why a PDF without a text layer gave no text: what OCR read, or why it did not."""
    if scanned and scanned == pages:
        # "page(s)": not a counted message (docs/translations.md); a value named `pages`
        return Said(QT_TRANSLATE_NOOP("Core", "the PDF has no text layer and OCR found no text "
                                              "on its {pages} page(s)"), pages=pages)
    if scanned:
        return Said(QT_TRANSLATE_NOOP("Core", "the PDF has no text layer and OCR found no text "
                                              "on the first {read} of its {pages} pages (the "
                                              "OCR limit)"), read=scanned, pages=pages)
    if not ocr:
        return Said(QT_TRANSLATE_NOOP("Core", "the PDF has no text layer (scanned images?); it "
                                              "would need OCR, which is switched off"))
    if ocr_failure:
        return Said(QT_TRANSLATE_NOOP("Core", "the PDF has no text layer (scanned images?); it "
                                              "would need OCR, which could not start here "
                                              "({error})"), error=ocr_failure)
    return Said(QT_TRANSLATE_NOOP("Core", "the PDF has no text layer (scanned images?); it would "
                                          "need OCR"))


def _ocr(data: bytes, page_texts: list[str], progress,
         max_pages: int | None) -> tuple[dict, str | None]:
    """OCR of the pages without text, written into `page_texts`:
    ({page: OcrPage}, None), or ({}, why) when the engine cannot start here."""
    blank = [number for number, page_text in enumerate(page_texts) if not page_text.strip()]
    if not blank:
        return {}, None
    from app.ingest.readers import ocr

    try:
        pages = ocr.read_pages(data, blank, progress, max_pages or ocr.MAX_OCR_PAGES)
    except (ImportError, OSError) as error:  # no OCR engine here: the text layer is all
        log.warning("OCR is not available: %s", error)
        return {}, str(error)
    for number, page in pages.items():
        page_texts[number] = page.text
    return pages, None


@contextmanager
def _pypdf_errors(truncated: bool = False):
    """Turn whatever pypdf raises into a ReadError a user can read."""
    try:
        yield
    except ReadError:
        raise
    except DependencyError as exc:
        raise ReadError(_dependency_message(exc)) from None
    except FileNotDecryptedError:
        raise ReadError(Said(NEEDS_PASSWORD)) from None
    except RecursionError:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the PDF is damaged: its structure nests "
                                                       "too deeply"))) from None
    except MemoryError:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the PDF is too large or damaged: reading "
                                                       "it ran out of memory"))) from None
    except Exception as exc:  # noqa: BLE001 - pypdf's error types are open-ended
        detail = str(exc).strip() or type(exc).__name__
        # A missing end-of-file marker usually means an interrupted download or copy.
        if truncated:
            raise ReadError(Said(QT_TRANSLATE_NOOP(
                "Core", "the PDF is damaged: {error} (the file looks truncated: it has no "
                        "end-of-file marker)"), error=detail)) from None
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the PDF is damaged: {error}"),
                             error=detail)) from None


def _dependency_message(exc: Exception) -> Said:
    if "cryptography" in str(exc).lower() or "aes" in str(exc).lower():
        return Said(QT_TRANSLATE_NOOP("Core", "the PDF is encrypted with AES, and reading it "
                                              "needs the 'cryptography' package, which is not "
                                              "installed"))
    return Said(QT_TRANSLATE_NOOP("Core", "the PDF needs a missing component: {error}"),
                error=str(exc))


def _decrypt(reader: PdfReader) -> None:
    """Many "encrypted" PDFs only restrict printing/copying: the empty password opens them."""
    if not reader.is_encrypted:
        return
    if not reader.decrypt(""):
        raise ReadError(Said(NEEDS_PASSWORD))


def _page_texts(reader: PdfReader) -> tuple[list[str], list[list[StyledLine]]]:
    """Each page's text, and its lines with their font size and weight (for
    the headings of a PDF without an outline: pdf_headings)."""
    texts, styles = [], []
    for number, page in enumerate(reader.pages, start=1):
        lines = LineStyles()
        try:
            raw = page.extract_text(visitor_text=lines.visit) or ""
            lines.end_line()
        except (DependencyError, FileNotDecryptedError):
            raise
        except Exception as exc:  # noqa: BLE001 - say which page is broken
            detail = str(exc).strip() or type(exc).__name__
            raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the PDF is damaged: page {page} "
                                                           "cannot be read ({error})"),
                                 page=number, error=detail)) from None
        raw = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
        texts.append(fold_glyphs(raw))
        styles.append([replace(line, text=fold_glyphs(line.text)) for line in lines.lines])
    if not texts:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the PDF has no pages")))
    return texts, styles


def _metadata_title(reader: PdfReader) -> str | None:
    try:
        title = reader.metadata.title if reader.metadata else None
    except Exception:  # noqa: BLE001 - a broken /Info dictionary just means no title
        return None
    title = clean_text(" ".join(str(title).split())) if title else ""
    return title or None


def _outline_entries(reader: PdfReader, page_count: int) -> list[tuple[str, int, int]]:
    """(title, page index, level) in outline order; unusable entries are skipped."""
    entries: list[tuple[str, int, int]] = []

    def walk(items, level: int) -> None:
        if level > _MAX_OUTLINE_DEPTH:
            return
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)  # the children of the entry before
                continue
            title = clean_text(" ".join(fold_glyphs(str(getattr(item, "title", "") or "")).split()))
            page = _destination_page(reader, item)
            if title and page is not None and 0 <= page < page_count:
                entries.append((title, page, level))

    try:
        walk(reader.outline, 1)
    except Exception:  # noqa: BLE001 - a broken outline is no reason to lose the text
        return entries
    return entries


def _destination_page(reader: PdfReader, item) -> int | None:
    try:
        return reader.get_destination_page_number(item)
    except Exception:  # noqa: BLE001
        return None


def _join_pages(page_texts: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """The document text and each page's (start, end) inside it."""
    spans, offset = [], 0
    for page_text in page_texts:
        spans.append((offset, offset + len(page_text)))
        offset += len(page_text) + len(PAGE_SEPARATOR)
    return PAGE_SEPARATOR.join(page_texts), spans


# ---------------------------------------------------------------- sections


def _page_sections(text: str, page_spans: list[tuple[int, int]], title: str) -> list[Section]:
    """Without an outline each page is a section, so parents stay page-sized."""
    sections = (make_section(text, start, end, [title], 1) for start, end in page_spans)
    return [section for section in sections if section is not None]


def _outline_sections(
    text: str, entries: list[tuple[str, int, int]], page_spans: list[tuple[int, int]], title: str
) -> list[Section]:
    located = _locate_entries(text, entries, page_spans)
    candidates = [make_section(text, 0, located[0][0], [title], 0)]  # cover, preface
    stack: list[tuple[int, str]] = []
    for index, ((_, body_start), (heading, _, level)) in enumerate(zip(located, entries)):
        end = located[index + 1][0] if index + 1 < len(located) else len(text)
        path = push_heading(stack, level, heading)
        candidates.append(make_section(text, body_start, end, path, level))
    return [section for section in candidates if section is not None]


def _locate_entries(
    text: str, entries: list[tuple[str, int, int]], page_spans: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """(heading start, body start) per entry, never going backwards in the text."""
    located = []
    floor = 0
    for heading, page, _ in entries:
        page_start, page_end = page_spans[page]
        low = max(page_start, floor)
        match = _find_heading(text, heading, low, max(page_end, low))
        start, body_start = (match.start(), match.end()) if match else (low, low)
        located.append((start, body_start))
        floor = body_start  # the next entry's title must come after this one
    return located


def _find_heading(text: str, heading: str, start: int, end: int) -> re.Match | None:
    """Case-insensitive and whitespace-tolerant, where a heading can stand.

    The title must start a line, or end one (after a running header or a
    number); the same words in the middle of a sentence are not the heading.
    The earliest such place wins: a heading comes before its text.
    """
    words = r"\s*".join(re.escape(word) for word in heading.split()) + r"(?!\w)"
    matches = [
        re.compile(pattern, re.IGNORECASE | re.MULTILINE).search(text, start, end)
        for pattern in (r"^[ \t]*" + words, words + r"[ \t]*$")
    ]
    found = [match for match in matches if match]
    return min(found, key=lambda match: match.start()) if found else None


def _page_marks(section: Section, page_spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(offset in body, page number) for every page whose text the body touches."""
    first = bisect.bisect_right([end for _, end in page_spans], section.start_char)
    marks = []
    for index in range(first, len(page_spans)):
        start, end = page_spans[index]
        if start >= section.end_char:
            break
        if end > start:  # an empty page touches nothing
            marks.append((max(start - section.start_char, 0), index + 1))
    if marks:
        marks[0] = (0, marks[0][1])
    return marks


# ---------------------------------------------------------------- blocks


def _term_starts(page_texts: list[str], page_spans: list[tuple[int, int]],
                 layout: Layout) -> frozenset[int]:
    """Where the definition terms' lines start in the document text (see
    pdf_headings.term_lines); a page whose text lines and styled lines do
    not pair up one to one (an OCR page) has none."""
    found: set[int] = set()
    for text, (start, _), lines, terms in zip(page_texts, page_spans, layout.pages,
                                              term_lines(layout)):
        spans = [(a, b) for a, b in line_spans(text) if text[a:b].strip()]
        if terms and len(spans) == len(lines):
            found.update(start + spans[index][0] for index in terms)
    return frozenset(found)


def _section_blocks(section: Section, furniture: frozenset[int] = frozenset(),
                    terms: frozenset[int] = frozenset()) -> list[Block]:
    """Blocks never cross a page, so a block's page is exact for citations.
    `furniture`: where running headers and footers start in the document
    text; `terms`: where definition terms' lines start."""
    bounds = [mark[0] for mark in section.page_marks] + [len(section.body)]
    skip, term_starts = (frozenset(offset - section.start_char for offset in offsets
                                   if section.start_char <= offset < section.end_char)
                         for offsets in (furniture, terms))
    blocks: list[Block] = []
    for start, end in zip(bounds, bounds[1:]):
        blocks.extend(pdf_blocks(section.body, start, end, skip, term_starts))
    return blocks


def pdf_blocks(body: str, start: int, end: int, skip: frozenset[int] = frozenset(),
               terms: frozenset[int] = frozenset()) -> list[Block]:
    """Paragraph and list blocks of body[start:end], a run of extracted PDF lines.

    pypdf seldom emits blank lines between paragraphs; where a page has none,
    a line ending a sentence followed by one starting with a capital (or a
    bullet) is taken as a paragraph break instead. Lines starting at an offset
    in `skip` (running headers and footers, see running_lines) belong to no block;
    a line starting at an offset in `terms` is a TERM block of its own.
    """
    spans = line_spans(body, start, end)
    has_blank = _has_inner_blank_line(body, spans)
    blocks: list[Block] = []
    current: list = []  # [kind, first line start, last line end]
    previous = ""
    for line_start, line_end in spans:
        line = body[line_start:line_end]
        if not line.strip() or line_start in skip:  # a running header ends a block
            _flush(body, current, blocks)
            current, previous = [], ""
            continue
        if line_start in terms:  # a term names the definition that follows it
            _flush(body, current, blocks)
            _flush(body, [TERM, line_start, line_end], blocks)
            current, previous = [], ""
            continue
        if current and _breaks(current[0], previous, line, has_blank):
            _flush(body, current, blocks)
            current = []
        if not current:
            current = [LIST if is_bullet(line) else PARAGRAPH, line_start, line_end]
        current[2] = line_end
        previous = line
    _flush(body, current, blocks)
    return blocks


def _has_inner_blank_line(body: str, spans: list[tuple[int, int]]) -> bool:
    filled = [bool(body[a:b].strip()) for a, b in spans]
    if True not in filled:
        return False
    first, last = filled.index(True), len(filled) - 1 - filled[::-1].index(True)
    return not all(filled[first : last + 1])


def _breaks(kind: str, previous: str, line: str, has_blank: bool) -> bool:
    sentence_break = bool(_SENTENCE_END.search(previous)) and (
        is_bullet(line) or _starts_upper(line)
    )
    if kind == LIST:
        # A new bullet continues the list; an unbulleted new sentence ends it.
        return not is_bullet(line) and sentence_break
    return is_bullet(line) or (not has_blank and sentence_break)


def _starts_upper(line: str) -> bool:
    return line.lstrip().lstrip("\"'“‘([")[:1].isupper()


def _flush(body: str, current: list, blocks: list[Block]) -> None:
    if not current:
        return
    start, end = strip_span(body, current[1], current[2])
    if start < end:
        blocks.append(Block(current[0], start, end))
