"""The dev corpus in other formats, and recall on the same questions in each.

The Markdown and PDF corpus (devset/build.py) is converted from the HTML
manual; this script lays the same documents out as:

- `html`: the manual's own HTML pages, untouched (what a site export looks
  like): each Markdown file's page, and each PDF chapter's pages in a folder;
- `docx`: Word files made by pandoc (Debian package `pandoc`) from each
  Markdown file of the corpus, and from each chapter converted to Markdown;
- `rst`, `odt`, `epub`: the same, written by pandoc as reStructuredText,
  OpenDocument and EPUB;
- `markdown`: the corpus with its chapters in Markdown as well, the baseline
  for the formats pandoc writes from Markdown;
- `pdf` and `pdf-no-outline`: the four chapter PDFs alone, with their
  bookmarks and printed without them (headings only bold and larger), so the
  two compare on the questions those chapters answer;

then indexes each folder with the app and runs the dev golden set on it, and
prints chunk and context recall@5 per format beside the Markdown/PDF corpus.
Spans that do not occur in a format's text (markup the conversion changed)
are reported as invalid there, not counted.

Usage: python devset/formats.py [--formats markdown html docx rst odt epub pdf pdf-no-outline]
                                [--no-eval] [--no-baseline]
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from build import HTML_DIR, MARKDOWN, OUT_DIR, PDF  # noqa: E402

FORMATS_DIR = HERE / "build" / "formats"
CASES = HERE.parent / "resources" / "golden" / "devset.tsv"


def build_html(target: Path) -> None:
    for relative, pages in MARKDOWN.items():
        (page,) = pages
        destination = (target / relative).with_suffix(".html")
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(HTML_DIR / page, destination)
    for relative, pages in PDF.items():
        folder = (target / relative).with_suffix("")
        folder.mkdir(parents=True, exist_ok=True)
        for page in pages:
            shutil.copyfile(HTML_DIR / page, folder / page)


def build_docx(target: Path, writer: str = "docx", suffix: str = ".docx") -> None:
    """Files as pandoc writes them from Markdown: each Markdown file of the
    corpus, and each chapter as the same converter writes it in Markdown (so
    the formats differ only in the reader; from the chapters' DocBook HTML,
    pandoc writes headings inside boxes as RST rubrics, not sections)."""
    if shutil.which("pandoc") is None:
        raise SystemExit("pandoc not found: install it with  sudo apt-get install pandoc")
    if not OUT_DIR.is_dir():
        raise SystemExit(f"{OUT_DIR} not found: run devset/build.py first")
    from build import document_blocks, to_markdown

    for relative in MARKDOWN:
        _pandoc(OUT_DIR / relative, writer, (target / relative).with_suffix(suffix))
    with tempfile.TemporaryDirectory() as scratch:
        for relative, pages in PDF.items():
            markdown = Path(scratch) / Path(relative).with_suffix(".md").name
            markdown.write_text(to_markdown(document_blocks([HTML_DIR / p for p in pages])),
                                encoding="utf-8")
            _pandoc(markdown, writer, (target / relative).with_suffix(suffix))


def _pandoc(source: Path, writer: str, destination: Path) -> None:
    destination.parent.mkdir(parents=True, exist_ok=True)
    # --resource-path: images are looked up locally; nothing is ever fetched.
    # EPUB must have a title: the file's name, as a book made from it would.
    title = ["--metadata", f"title={destination.stem}"] if writer == "epub" else []
    subprocess.run(["pandoc", "--from", "gfm", str(source), "--to", writer, *title,
                    "--resource-path", str(HTML_DIR), "--output", str(destination)], check=True)


def build_markdown(target: Path) -> None:
    """All Markdown: the corpus's files, and each chapter as Markdown too: the
    baseline for the formats pandoc writes from the same Markdown."""
    from build import document_blocks, to_markdown

    for relative in MARKDOWN:
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(OUT_DIR / relative, destination)
    for relative, pages in PDF.items():
        destination = (target / relative).with_suffix(".md")
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(to_markdown(document_blocks([HTML_DIR / p for p in pages])),
                               encoding="utf-8")


def build_pdf(target: Path) -> None:
    """The corpus's bookmarked chapter PDFs alone: the baseline for the next."""
    for relative in PDF:
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(OUT_DIR / relative, destination)


def build_pdf_no_outline(target: Path) -> None:
    """The same chapter PDFs printed without bookmarks: headings are only bold
    and larger on the page, as a word processor prints them."""
    sys.path.insert(0, str(HERE.parent / "tests"))
    from build import Heading, ascii_text, document_blocks, package_version, paginate, pdf_lines
    from pdfgen import make_pdf

    version = package_version(HTML_DIR)
    for relative, pages in PDF.items():
        blocks = document_blocks([HTML_DIR / page for page in pages])
        title = next(b.text for b in blocks if isinstance(b, Heading))
        chapter = re.sub(r"^Chapter \d+\.\s*", "", ascii_text(title))
        page_lines, outline = paginate(pdf_lines(blocks),
                                       f"PostgreSQL {version} Documentation - {chapter}")
        styled = [list(lines) for lines in page_lines]
        for heading, page, level in outline:
            line = styled[page].index(heading)  # paginate put it on that page
            styled[page][line] = (heading, level)
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        make_pdf(destination, styled, outline=None, title=ascii_text(title))


BUILDERS = {"markdown": build_markdown, "html": build_html, "docx": build_docx,
            "pdf": build_pdf, "pdf-no-outline": build_pdf_no_outline,
            "rst": lambda target: build_docx(target, "rst", ".rst"),
            "odt": lambda target: build_docx(target, "odt", ".odt"),
            "epub": lambda target: build_docx(target, "epub", ".epub")}


def evaluate(folder: Path, db: Path) -> dict:
    python = sys.executable
    for leftover in (db, *(Path(f"{db}{suffix}") for suffix in ("-wal", "-shm", ".open"))):
        leftover.unlink(missing_ok=True)  # an old WAL beside a new file reads as an I/O error
    subprocess.run([python, "-m", "app", "index", str(folder), "--db", str(db)],
                   check=False, stdout=subprocess.DEVNULL)
    result = subprocess.run([python, "-m", "app", "eval", str(CASES), "--db", str(db), "--json"],
                            check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def row(name: str, report: dict) -> str:
    chunk, context = report["chunk_recall"]["overall"], report["context_recall"]["overall"]
    return (f"{name:12} {chunk['recall']:.3f} ({chunk['hits']}/{chunk['cases']})   "
            f"{context['recall']:.3f} ({context['hits']}/{context['cases']})   "
            f"invalid {len(report['invalid'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--formats", nargs="+", choices=sorted(BUILDERS), default=["html", "docx"])
    parser.add_argument("--no-eval", action="store_true")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip re-indexing the Markdown/PDF corpus for the first row")
    args = parser.parse_args()
    if not (HTML_DIR / "index.html").is_file():
        raise SystemExit(f"{HTML_DIR} not found: sudo apt-get install postgresql-doc-15")
    for name in args.formats:
        target = FORMATS_DIR / name
        shutil.rmtree(target, ignore_errors=True)
        BUILDERS[name](target)
        print(f"{name}: {sum(1 for p in target.rglob('*') if p.is_file())} files in {target}")
    if args.no_eval:
        return
    print(f"{'format':12} chunk@5            context@5")
    if OUT_DIR.is_dir() and not args.no_baseline:
        print(row("markdown+pdf", evaluate(OUT_DIR, FORMATS_DIR / "corpus.sqlite")))
    for name in args.formats:
        print(row(name, evaluate(FORMATS_DIR / name, FORMATS_DIR / f"{name}.sqlite")))


if __name__ == "__main__":
    main()
