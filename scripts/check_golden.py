"""Check a golden question set against the handbook folder it was written for.

For every case it checks that:
- the columns are there and `position` / `kind` hold known values;
- the answer span (case-insensitive, whitespace collapsed) occurs in its
  `source_file` and in no other file of the handbook, ideally only once, and
  within one paragraph (Markdown/text) or one page (PDF);
- the source file is not deprecated (front matter `deprecated: true`);
- the `position` label agrees with where the span sits inside its section
  (the text under one heading up to the next heading of any level):
  start < 0.25 <= middle <= 0.75 < end, measured at the span's centre.

Other formats (HTML, Word, EPUB, ...) and PDFs without an outline are read
with the app's own reader (`app.ingest.readers.read_document`): its sections,
and its blocks as the units a span must stay inside. Typeset ligatures and
minus signs are folded (NFKC, U+2212 as "-") on both sides.

Sections: Markdown is split at heading lines outside fenced code; PDFs at the
outline titles (located as a line on the outline entry's page); plain text at
underlined headings (a line followed by ===== or -----) and numbered headings
("1. Getting there", "2.1 Parking"); a text file with neither (a man page
saved as text: headings in capitals at the margin) as the app reads it.

Prints one line per problem, then counts per position and kind and the cases
that sit in long sections; exits 1 if there was any problem.

Usage: python scripts/check_golden.py [CASES.tsv] [--handbook DIR]
"""
from __future__ import annotations

import argparse
import csv
import re
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # the app's readers and its glyph fold

from app.common.typography import MINUS_SIGNS  # noqa: E402
DEFAULT_CASES = REPO / "resources" / "golden" / "sample-handbook.tsv"
DEFAULT_HANDBOOK = REPO / "resources" / "sample-handbook"

COLUMNS = ["id", "question", "answer_span", "position", "kind", "source_file"]
POSITIONS = ("start", "middle", "end")
KINDS = ("prose", "table", "code", "list", "config")
LONG_SECTION_WORDS = 800
SPAN_WORDS = (3, 12)

MD_HEADING = re.compile(r"^#{1,6}\s+\S")
MD_FENCE = re.compile(r"^\s*(```|~~~)")
TXT_UNDERLINE = re.compile(r"^(=+|-+)\s*$")
TXT_NUMBERED = re.compile(r"^\d+(\.\d+)*\.?\s+\S.*$")


def norm(text: str) -> str:
    # Typeset PDFs write ligatures (U+FB01 "fi") and minus signs for hyphens; a
    # span is written as a reader sees the glyphs, so both sides are folded alike.
    return " ".join(unicodedata.normalize("NFKC", text).translate(MINUS_SIGNS).split()).lower()


@dataclass
class Section:
    heading: str
    body: str  # normalised

    @property
    def words(self) -> int:
        return len(self.body.split())


@dataclass
class HandbookFile:
    path: str
    text: str  # normalised, whole file
    units: list[str]  # normalised paragraphs (text) or pages (PDF)
    sections: list[Section]
    deprecated: bool


def split_front_matter(text: str) -> tuple[dict[str, str], str]:
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---\n", 4)
    if end < 0:
        return {}, text
    fields = {}
    for line in text[4:end].splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    return fields, text[end + 5:]


def markdown_sections(body: str) -> list[Section]:
    sections: list[Section] = []
    heading, lines, fenced = None, [], False
    for line in body.splitlines():
        if MD_FENCE.match(line):
            fenced = not fenced
        if not fenced and MD_HEADING.match(line):
            if heading is not None:
                sections.append(Section(heading, norm("\n".join(lines))))
            heading, lines = line.lstrip("#").strip(), []
        else:
            lines.append(line)
    if heading is not None:
        sections.append(Section(heading, norm("\n".join(lines))))
    return sections


def text_sections(text: str) -> list[Section]:
    lines = text.splitlines()
    headings: dict[int, int] = {}  # heading line -> first body line
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        below = lines[i + 1] if i + 1 < len(lines) else ""
        above = lines[i - 1] if i > 0 else ""
        if TXT_UNDERLINE.match(below) and not TXT_UNDERLINE.match(line):
            headings[i] = i + 2
        elif (
            TXT_NUMBERED.match(line)
            and len(line) <= 60
            and not line.rstrip().endswith(".")
            and not above.strip()
            and not below.strip()
        ):
            headings[i] = i + 1
    starts = sorted(headings)
    sections = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        body = "\n".join(lines[headings[start]:end])
        sections.append(Section(lines[start].strip(), norm(body)))
    return sections


def paragraphs(text: str) -> list[str]:
    return [norm(part) for part in re.split(r"\n\s*\n", text) if part.strip()]


def load_pdf(path: Path, relative: str) -> HandbookFile:
    from pypdf import PdfReader

    reader = PdfReader(path)
    pages = [page.extract_text() or "" for page in reader.pages]
    entries: list[tuple[str, int]] = []

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                entries.append((item.title, reader.get_destination_page_number(item)))

    walk(reader.outline)
    if not entries:
        return load_with_app_reader(path, relative)
    # Locate each outline title as a line of its page; offsets into the joined text.
    page_offsets, offset = [], 0
    for page in pages:
        page_offsets.append(offset)
        offset += len(page) + 1
    joined = "\n".join(pages)
    marks: list[tuple[str, int, int]] = []  # title, title start, body start
    for title, page_index in entries:
        page = pages[page_index]
        match = re.search(rf"^[ \t]*{re.escape(title)}[ \t]*$", page, re.MULTILINE)
        if not match:
            raise SystemExit(f"{relative}: outline title {title!r} is not a line of page {page_index + 1}")
        base = page_offsets[page_index]
        marks.append((title, base + match.start(), base + match.end()))
    sections = []
    for n, (title, _, body_start) in enumerate(marks):
        end = marks[n + 1][1] if n + 1 < len(marks) else len(joined)
        sections.append(Section(title, norm(joined[body_start:end])))
    return HandbookFile(relative, norm(joined), [norm(p) for p in pages], sections, False)


def app_suffixes() -> frozenset[str]:
    from app.ingest.readers import SUPPORTED_SUFFIXES

    return SUPPORTED_SUFFIXES


def load_with_app_reader(path: Path, relative: str) -> HandbookFile:
    """The file as the app reads it: its sections, and its blocks (or pages) as units."""
    from app.ingest.readers import read_document  # the app's reader is the ground truth

    document = read_document(path, ocr=False)
    sections, units = [], []
    for section in document.sections:
        sections.append(Section(section.heading, norm(section.body)))
        if section.page_marks:  # a span may cross a block but not a page break
            marks = [offset for offset, _ in section.page_marks] + [len(section.body)]
            units += [norm(section.body[a:b]) for a, b in zip(marks, marks[1:])]
        else:
            units += [norm(section.body[b.start:b.end]) for b in section.blocks]
    text = " ".join(section.body for section in sections)
    return HandbookFile(relative, text, units, sections, False)


def load_handbook(folder: Path) -> dict[str, HandbookFile]:
    files = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(folder).as_posix()
        if path.suffix == ".pdf":
            files[relative] = load_pdf(path, relative)
        elif path.suffix in (".md", ".markdown"):
            raw = path.read_text(encoding="utf-8")
            meta, body = split_front_matter(raw)
            deprecated = meta.get("deprecated", "").lower() == "true"
            files[relative] = HandbookFile(
                relative, norm(raw), paragraphs(body), markdown_sections(body), deprecated
            )
        elif path.suffix == ".txt":
            raw = path.read_text(encoding="utf-8")
            sections = text_sections(raw)
            if not sections:  # headings only the app's reader sees: a man page's, in capitals
                files[relative] = load_with_app_reader(path, relative)
                continue
            files[relative] = HandbookFile(relative, norm(raw), paragraphs(raw), sections, False)
        elif path.suffix.lower() in app_suffixes():
            files[relative] = load_with_app_reader(path, relative)
    return files


def position_of(span: str, sections: list[Section]) -> tuple[Section, float] | None:
    for section in sections:
        index = section.body.find(span)
        if index >= 0 and section.body:
            return section, (index + len(span) / 2) / len(section.body)
    return None


def label(relative: float) -> str:
    if relative < 0.25:
        return "start"
    if relative <= 0.75:
        return "middle"
    return "end"


def check(cases_path: Path, handbook: Path) -> int:
    files = load_handbook(handbook)
    problems: list[str] = []
    with cases_path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        if reader.fieldnames != COLUMNS:
            problems.append(f"header is {reader.fieldnames}, expected {COLUMNS}")
        cases = list(reader)
    by_position, by_kind = Counter(), Counter()
    long_cases: dict[tuple[str, str], Counter] = {}
    seen_ids: set[str] = set()
    for row in cases:
        case_id = row.get("id") or "?"
        where = f"case {case_id}"
        if case_id in seen_ids:
            problems.append(f"{where}: duplicate id")
        seen_ids.add(case_id)
        if any(not (row.get(column) or "").strip() for column in COLUMNS):
            problems.append(f"{where}: empty column")
            continue
        span, source = norm(row["answer_span"]), row["source_file"]
        position, kind = row["position"], row["kind"]
        if position not in POSITIONS:
            problems.append(f"{where}: unknown position {position!r}")
        if kind not in KINDS:
            problems.append(f"{where}: unknown kind {kind!r}")
        by_position[position] += 1
        by_kind[kind] += 1
        words = len(span.split())
        if not SPAN_WORDS[0] <= words <= SPAN_WORDS[1]:
            problems.append(f"{where}: span has {words} words, want {SPAN_WORDS[0]}-{SPAN_WORDS[1]}")
        if span in norm(row["question"]):
            problems.append(f"{where}: the question copies the answer span")
        target = files.get(source)
        if target is None:
            problems.append(f"{where}: source_file {source!r} is not in {handbook}")
            continue
        if target.deprecated:
            problems.append(f"{where}: {source} is deprecated")
        count = target.text.count(span)
        if count == 0:
            problems.append(f"{where}: span {row['answer_span']!r} not found in {source}")
            continue
        if count > 1:
            problems.append(f"{where}: span occurs {count} times in {source}")
        others = [name for name, other in files.items() if name != source and span in other.text]
        if others:
            problems.append(f"{where}: span also occurs in {', '.join(others)}")
        if not any(span in unit for unit in target.units):
            unit = "page" if source.endswith(".pdf") else "paragraph"
            problems.append(f"{where}: span is not inside one {unit}")
        found = position_of(span, target.sections)
        if found is None:
            problems.append(f"{where}: span is outside every section of {source}")
            continue
        section, relative = found
        if label(relative) != position:
            problems.append(
                f"{where}: labelled {position} but sits at {relative:.2f} of "
                f"{source} > {section.heading} ({label(relative)})"
            )
        if section.words >= LONG_SECTION_WORDS:
            long_cases.setdefault((source, section.heading), Counter())[label(relative)] += 1

    for problem in problems:
        print(f"PROBLEM {problem}")
    print(f"{len(cases)} cases")
    print("by position: " + ", ".join(f"{p} {by_position[p]}" for p in POSITIONS))
    print("by kind: " + ", ".join(f"{k} {by_kind[k]}" for k in KINDS))
    print(f"long sections (>= {LONG_SECTION_WORDS} words) and their cases:")
    for name, handbook_file in files.items():
        for section in handbook_file.sections:
            if section.words >= LONG_SECTION_WORDS:
                counts = long_cases.get((name, section.heading), Counter())
                print(
                    f"  {name} > {section.heading}: {section.words} words; "
                    + ", ".join(f"{p} {counts[p]}" for p in POSITIONS)
                )
    in_long = sum(sum(c.values()) for c in long_cases.values())
    later = sum(c["middle"] + c["end"] for c in long_cases.values())
    print(f"cases in long sections: {in_long} ({later} middle or end)")
    print("OK" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="?", type=Path, default=DEFAULT_CASES)
    parser.add_argument("--handbook", type=Path, default=DEFAULT_HANDBOOK)
    args = parser.parse_args()
    sys.exit(check(args.cases, args.handbook))


if __name__ == "__main__":
    main()
