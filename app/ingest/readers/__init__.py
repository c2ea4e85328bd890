"""Readers: turn a handbook file into an `app.common.documents.Document`.

Every failure a user can meet (empty, binary, damaged, encrypted, scanned...)
is raised as `ReadError` with a message in words; nothing else escapes for
the file formats below.
"""
from __future__ import annotations

from pathlib import Path

from app.common.documents import Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.epub import read_epub
from app.ingest.readers.html import read_html
from app.ingest.readers.markdown import read_markdown
from app.ingest.readers.odt import read_odt
from app.ingest.readers.pdf import read_pdf
from app.ingest.readers.rst import read_rst
from app.ingest.readers.text import read_text
from app.ingest.readers.word import read_docx

_READERS = {
    ".md": read_markdown,
    ".markdown": read_markdown,
    ".txt": read_text,
    ".text": read_text,
    ".pdf": read_pdf,
    ".html": read_html,
    ".htm": read_html,
    ".docx": read_docx,
    ".rst": read_rst,
    ".odt": read_odt,
    ".epub": read_epub,
}
SUPPORTED_SUFFIXES = frozenset(_READERS)

__all__ = ["SUPPORTED_SUFFIXES", "is_markdown", "read_docx", "read_document", "read_epub", "read_html",
           "read_markdown", "read_odt", "read_pdf", "read_rst", "read_text"]


def is_markdown(path: str | Path) -> bool:
    """Whether the file is read as Markdown (by its suffix, as read_document does)."""
    return _READERS.get(Path(path).suffix.lower()) is read_markdown


def read_document(path: Path, ocr: bool = True, progress=None,
                  ocr_max_pages: int | None = None) -> Document:
    """Read one file, choosing the reader by its suffix (case-insensitive).

    `ocr`, `progress(done, total)` and `ocr_max_pages` concern PDFs with
    scanned pages only."""
    path = Path(path)
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        if not path.suffix:
            raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "unsupported file type '(no suffix)'")))
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "unsupported file type {suffix}"),
                             suffix=repr(path.suffix)))
    if reader is read_pdf:
        return read_pdf(path, ocr=ocr, progress=progress, ocr_max_pages=ocr_max_pages)
    return reader(path)
