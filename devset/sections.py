"""Write what the app's readers see in each file of a corpus, for golden-set writers.

One text file per source file: every section as a `=== heading path (pages)`
line followed by its body as the reader produced it. Answer spans of a golden
case must be copied from these bodies (the checker compares against the same
reader output, whitespace collapsed, case ignored).

Usage: python devset/sections.py CORPUS_DIR OUT_DIR
"""
from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from app.ingest.readers import SUPPORTED_SUFFIXES, read_document  # noqa: E402


def dump(path: Path) -> str:
    document = read_document(path, ocr=False)
    parts = []
    for section in document.sections:
        pages = ""
        if section.page_start is not None:
            pages = f" (pages {section.page_start}-{section.page_end})"
        parts.append(f"=== {section.heading}{pages}\n{section.body}\n")
    return "\n".join(parts)


def main() -> None:
    corpus, out = Path(sys.argv[1]), Path(sys.argv[2])
    for path in sorted(corpus.rglob("*")):
        if path.is_file() and path.suffix.lower() in SUPPORTED_SUFFIXES:
            relative = path.relative_to(corpus)
            target = out / relative.with_suffix(relative.suffix + ".txt")
            target.parent.mkdir(parents=True, exist_ok=True)
            text = dump(path)
            target.write_text(text, encoding="utf-8")
            print(f"{relative}: {len(text.split())} words")


if __name__ == "__main__":
    main()
