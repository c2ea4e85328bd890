"""The dev corpus in other formats, and recall on the same questions in each.

The Markdown and PDF corpus (devset/build.py) is converted from the HTML
manual; this script lays the same documents out as:

- `html`: the manual's own HTML pages, untouched (what a site export looks
  like): each Markdown file's page, and each PDF chapter's pages in a folder;
- `docx`: Word files made by pandoc (Debian package `pandoc`) from each
  Markdown file of the corpus, and from each chapter's HTML pages;
- `rst`, `odt`, `epub`: the same, written by pandoc as reStructuredText,
  OpenDocument and EPUB;
- `pdf` and `pdf-no-outline`: the four chapter PDFs alone, with their
  bookmarks and printed without them (headings only bold and larger), so the
  two compare on the questions those chapters answer;

then indexes each folder with the app and runs the dev golden set on it, and
prints chunk and context recall@5 per format beside the Markdown/PDF corpus.
Spans that do not occur in a format's text (markup the conversion changed)
are reported as invalid there, not counted.

Usage: python devset/formats.py [--formats html docx rst odt epub pdf pdf-no-outline]
                                [--no-eval] [--no-baseline]
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
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
    """Files as pandoc writes them: each Markdown file of the corpus (so the
    formats differ only in the reader), each chapter from its HTML pages."""
    if shutil.which("pandoc") is None:
        raise SystemExit("pandoc not found: install it with  sudo apt-get install pandoc")
    if not OUT_DIR.is_dir():
        raise SystemExit(f"{OUT_DIR} not found: run devset/build.py first")
    for relative in MARKDOWN:
        _pandoc(["--from", "gfm", str(OUT_DIR / relative)], writer,
                (target / relative).with_suffix(suffix))
    for relative, pages in PDF.items():
        _pandoc(["--from", "html", *[str(HTML_DIR / page) for page in pages]], writer,
                (target / relative).with_suffix(suffix))


def _pandoc(source: list[str], writer: str, destination: Path) -> None:
    destination.parent.mkdir(parents=True, exist_ok=True)
    # --resource-path: images are looked up locally; nothing is ever fetched.
    subprocess.run(["pandoc", *source, "--to", writer, "--resource-path", str(HTML_DIR),
                    "--output", str(destination)], check=True)


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


BUILDERS = {"html": build_html, "docx": build_docx, "pdf": build_pdf,
            "pdf-no-outline": build_pdf_no_outline,
            "rst": lambda target: build_docx(target, "rst", ".rst"),
            "odt": lambda target: build_docx(target, "odt", ".odt"),
            "epub": lambda target: build_docx(target, "epub", ".epub")}


def evaluate(folder: Path, db: Path) -> dict:
    python = sys.executable
    db.unlink(missing_ok=True)
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
