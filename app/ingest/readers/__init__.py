"""Readers: turn a handbook file into an `app.common.documents.Document`.

Every failure a user can meet (empty, binary, damaged, encrypted, scanned...)
is raised as `ReadError` with a message in words; nothing else escapes for
the file formats below.
"""
from __future__ import annotations

from pathlib import Path

from app.common.documents import Document, ReadError
from app.ingest.readers.html import read_html
from app.ingest.readers.markdown import read_markdown
from app.ingest.readers.pdf import read_pdf
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
}
SUPPORTED_SUFFIXES = frozenset(_READERS)

__all__ = ["SUPPORTED_SUFFIXES", "read_docx", "read_document", "read_html", "read_markdown",
           "read_pdf", "read_text"]


def read_document(path: Path) -> Document:
    """Read one file, choosing the reader by its suffix (case-insensitive)."""
    path = Path(path)
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        raise ReadError(f"unsupported file type {path.suffix or '(no suffix)'!r}")
    return reader(path)
