"""(Re)generate the PDFs of the bundled sample handbook in resources/sample-handbook/.

The Markdown and plain-text files of the handbook are written by hand and
live directly in resources/sample-handbook/. Each scripts/sample_handbook_src/
<name>.txt is laid out into pages and written there as <name>.pdf with
tests/pdfgen.py, with a two-level outline built from its headings.

PDF source markup, one construct per line:
    @title TEXT     the PDF's /Title metadata
    @page           start a new page
    # TITLE         level-1 heading (outline level 1)
    ## TITLE        level-2 heading (outline level 2)
    - TEXT          list item (wrapped with a hanging indent)
    | TEXT          a line copied verbatim (tables, cover page)
    anything else   paragraph text; a blank line ends the paragraph

Usage: python scripts/build_sample_handbook.py [--out DIR]
"""
from __future__ import annotations

import argparse
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCE_DIR = Path(__file__).resolve().parent / "sample_handbook_src"
DEFAULT_OUT = REPO / "resources" / "sample-handbook"

LINE_WIDTH = 90
LINES_PER_PAGE = 45
# What a blank line between blocks is written as. pypdf drops an empty line
# entirely, so paragraph breaks do not show in the extracted text (as with most
# real PDFs); a single space here would make them come out as "\n \n".
BLANK_LINE = ""


@dataclass
class Block:
    kind: str  # "heading" | "paragraph" | "item" | "verbatim" | "page"
    text: str = ""
    level: int = 0


@dataclass
class PdfSource:
    title: str | None
    blocks: list[Block]


def parse_pdf_source(text: str) -> PdfSource:
    """Turn the PDF source markup into blocks (see the module docstring)."""
    title = None
    blocks: list[Block] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("paragraph", " ".join(paragraph)))
            paragraph.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("@title "):
            flush()
            title = line[len("@title "):].strip()
        elif line == "@page":
            flush()
            blocks.append(Block("page"))
        elif line.startswith("#"):
            flush()
            marks, _, heading = line.partition(" ")
            blocks.append(Block("heading", heading.strip(), level=len(marks)))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("item", line[2:].strip()))
        elif line.startswith("|"):
            flush()
            blocks.append(Block("verbatim", line[2:] if line.startswith("| ") else ""))
        elif not line.strip():
            flush()
        else:
            paragraph.append(line.strip())
    flush()
    return PdfSource(title, merge_verbatim(blocks))


def merge_verbatim(blocks: list[Block]) -> list[Block]:
    """Consecutive verbatim lines become one block, kept together on a page."""
    merged: list[Block] = []
    for block in blocks:
        if block.kind == "verbatim" and merged and merged[-1].kind == "verbatim":
            merged[-1].text += "\n" + block.text
        else:
            merged.append(Block(block.kind, block.text, block.level))
    return merged


def block_lines(block: Block) -> list[str]:
    if block.kind == "paragraph":
        return textwrap.wrap(block.text, LINE_WIDTH, break_on_hyphens=False)
    if block.kind == "item":
        return textwrap.wrap(
            block.text,
            LINE_WIDTH,
            initial_indent="- ",
            subsequent_indent="  ",
            break_on_hyphens=False,
        )
    if block.kind == "verbatim":
        return block.text.split("\n")
    return [block.text]


def layout(blocks: list[Block]) -> tuple[list[list[str]], list[tuple[str, int, int]]]:
    """Pages of lines plus the outline (title, page_index, level).

    A blank line separates blocks (list items follow each other directly);
    a heading always sits on its own line and is never the last thing on a
    page; verbatim blocks are not split if they fit on one page.
    """
    pages: list[list[str]] = [[]]
    outline: list[tuple[str, int, int]] = []

    def room() -> int:
        return LINES_PER_PAGE - len(pages[-1])

    def new_page() -> None:
        if pages[-1]:
            pages.append([])

    previous: Block | None = None
    for index, block in enumerate(blocks):
        if block.kind == "page":
            new_page()
            previous = None
            continue
        lines = block_lines(block)
        separate = bool(pages[-1]) and not (
            block.kind == "item" and previous is not None and previous.kind == "item"
        )
        gap = 1 if separate else 0
        if block.kind == "heading":
            # Keep the heading with the first lines of what follows it.
            following = next_block_lines(blocks, index)
            needed = gap + len(lines) + 1 + min(len(following), 3)
        elif block.kind == "verbatim" and len(lines) <= LINES_PER_PAGE:
            needed = gap + len(lines)  # a table that fits is never split
        else:
            needed = gap + min(len(lines), 2)  # paragraphs may split, not orphan a line
        if needed > room():
            new_page()
            separate = False
        if separate:
            pages[-1].append(BLANK_LINE)
        if block.kind == "heading":
            outline.append((block.text, len(pages) - 1, block.level))
        if len(lines) == room() + 1:
            pages[-1].extend(lines[:-2])  # never leave a single line behind
            new_page()
            pages[-1].extend(lines[-2:])
        else:
            for line in lines:
                if room() == 0:
                    new_page()
                pages[-1].append(line)
        previous = block
    return pages, outline


def next_block_lines(blocks: list[Block], index: int) -> list[str]:
    for block in blocks[index + 1:]:
        if block.kind == "page":
            return []
        return block_lines(block)
    return []


def check_ascii(path: Path, text: str) -> None:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.isascii():
            raise SystemExit(f"{path}:{number}: the PDF text must be plain ASCII: {line!r}")


def build_pdf(source: Path, target: Path) -> int:
    sys.path.insert(0, str(REPO / "tests"))
    from pdfgen import make_pdf  # the tests' tiny PDF writer (pypdf only)

    text = source.read_text(encoding="utf-8")
    check_ascii(source, text)
    parsed = parse_pdf_source(text)
    pages, outline = layout(parsed.blocks)
    make_pdf(target, pages, outline=outline, title=parsed.title)
    return len(pages)


def build(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for source in sorted(SOURCE_DIR.glob("*.txt")):
        target = out / source.with_suffix(".pdf").name
        pages = build_pdf(source, target)
        print(f"{target.name}: {pages} pages", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    build(parser.parse_args().out)


if __name__ == "__main__":
    main()
