"""The store contract: what the indexer, search, the chunk-health report and
evaluation ask of an index, whichever backend holds it.

Two backends keep it: `sqlite` (one file on the laptop, the default) and
`postgres` (a shared server with pgvector, for a team). Nothing outside
`app.store` writes SQL; it calls these methods, so the two cannot drift apart
(tests/test_store_contract.py runs the same tests against both).

Rows come back as plain dicts with the column names of the data model in
DESIGN.md. JSON columns (`heading_path`, `page_marks`, `metadata`) stay JSON
text, as stored.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ContextManager, Iterable, Protocol, Sequence, runtime_checkable

import numpy as np

from app.common.chunks import Child
from app.common.documents import Section
from app.common.said import QT_TRANSLATE_NOOP

INDEXED, FAILED = "indexed", "failed"
# What record_crash records until the indexer says more (a Said of it).
CRASHED = QT_TRANSLATE_NOOP("Core", "the parser crashed on this file")


class StoreError(Exception):
    """The index cannot be used; the message says what to do."""


class IndexBusy(StoreError):
    """Another indexer is writing this shared index; the message says who."""


@dataclass
class DocumentRecord:
    path: str  # relative to the indexed folder, '/'-separated
    sha256: str
    size: int
    mtime: float
    format: str
    title: str = ""
    metadata: dict | None = None
    pages: int | None = None
    encoding: str | None = None
    ocr_pages: int = 0
    ocr_confidence: float | None = None
    language: str | None = None  # of its text (app/common/language.py): "en", "ru", "und" …


@dataclass(frozen=True)
class IndexCounts:
    documents: int         # indexed
    failed_documents: int
    sections: int
    chunks: int
    over_window: int       # chunks longer than the embedder's window
    last_indexed_at: float | None  # the newest document's time, None when empty


Following = tuple[str, list[tuple[int, str]]]  # a child's kind, the (id, kind) after it


@runtime_checkable
class IndexStore(Protocol):
    """An open index. Use it as a context manager; it closes on exit."""

    location: str  # what messages name: a file path, or a server URI without its password
    # True for an index several people use from their own computers (PostgreSQL):
    # each mounts the handbook folder where they like, so the folder's own path
    # is recorded but never a reason to rebuild.
    shared: bool
    # Children BM25 may score per question before a question's most common
    # words are dropped (app/search/retrieval.py, query_terms); None: search's
    # own default, sized for FTS5.
    lexical_budget: int | None

    def close(self) -> None: ...
    def __enter__(self) -> IndexStore: ...
    def __exit__(self, *exc) -> None: ...

    # -- what the index was built with (the fingerprint) -----------------------------
    def meta(self) -> dict[str, str]: ...
    def set_meta(self, values: dict[str, str]) -> None: ...
    def clear(self, meta: dict[str, str]) -> None:
        """Drop everything derived (a new embedder or chunking) and record the new meta."""

    # -- documents, written one transaction each -------------------------------------------
    def documents(self) -> list[dict[str, Any]]:
        """Every document row, ordered by path."""
    def document(self, path: str) -> dict[str, Any] | None: ...
    def document_filters(self) -> list[dict[str, Any]]:
        """id, path and deprecated of every document: what search filters on
        before every question (the whole rows carry metadata and errors)."""
    def languages(self) -> list[str]:
        """The languages of the indexed documents' text ("en", "ru" …)."""
    def write_document(self, record: DocumentRecord, sections: Sequence[Section],
                       children: Sequence[Child], vectors: np.ndarray) -> None:
        """Replace a document's sections, chunks and vectors in one transaction."""
    def record_failure(self, record: DocumentRecord, error: str) -> None: ...
    def record_crash(self, record: DocumentRecord) -> None: ...
    def touch_document(self, path: str, size: int, mtime: float) -> None: ...
    def remove_documents(self, paths: Iterable[str]) -> None: ...
    def writer_lock(self, on_wait: Callable[[str], None] | None = None) -> ContextManager[None]:
        """Held while one indexer writes. When another holds it: IndexBusy
        (naming the holder), or with `on_wait`, that is called with the
        holder's description and the lock is waited for."""
    def snapshot(self) -> ContextManager[None]:
        """Reads inside see one state of the index, even while a writer works."""
    def counts(self) -> IndexCounts: ...
    def chunk_count(self) -> int: ...
    def check(self) -> list[str]:
        """Problems found by the backend's own checks and ours; empty when consistent."""

    # -- search ---------------------------------------------------------------------------
    def warm(self) -> None:
        """Load what the first search needs (the app calls it while the user types)."""
    def vector_search(self, vector: np.ndarray, k: int,
                      allowed: list[int] | None) -> list[tuple[int, float]]:
        """The k nearest children as (chunk id, cosine distance), nearest first,
        ties by id; `allowed`: document ids to search in (None: all)."""
    def lexical_search(self, terms: list[str], k: int, allowed: list[int] | None) -> list[int]:
        """Chunk ids matching any of `terms`, best first. Each term is a word or
        a compound ("pg_hba.conf") and is never read as query syntax."""
    def term_frequency(self, word: str) -> int:
        """How many children contain `word` as the lexical index reads it, for
        dropping a question's most common words on a large index: exact on
        SQLite (FTS5's vocabulary); on PostgreSQL an estimate from the
        planner's statistics, never 0 for a word that has lexemes."""
    def refresh_statistics(self) -> None:
        """After indexing: bring what term_frequency reads up to date."""
    def vector_search_stale(self) -> bool:
        """Whether vector search's setting should be measured again (after
        every indexing run, changes or not): never on the file, which
        compares every vector; on PostgreSQL, see postgres_tuning."""
    def measure_vector_search(self, cancel: Callable[[], bool] = lambda: False,
                              on_step: Callable[[str], None] = lambda step: None) -> None:
        """Measure and record that setting (on PostgreSQL, rebuilding the
        graph when the setting alone cannot reach the target, see
        postgres_graph); stops early on `cancel`; `on_step` is told, in
        words, of each step that takes long."""
    def vector_search_info(self) -> dict[str, Any]:
        """How vector search finds the nearest children: {"method": "exact"}
        (the file), or HNSW's graph and ef_search with the recall@20
        measured for them."""
    def lexical_alongside_vectors(self) -> bool:
        """Whether lexical_search may run in another thread while vector_search runs."""
    def following(self, ids: list[int], steps: int) -> dict[int, Following]:
        """Each child's kind and the `steps` children after it in its section."""
    def chunks_by_id(self, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """id, section_id, document_id, chunk_index, kind, text, start_char, end_char, page."""
    def sections_by_id(self, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """id, document_id, heading, heading_path, body, page_start, page_marks,
        start_char, and the document's path."""
    def section_children(self, section_ids: Sequence[int]) -> list[dict[str, Any]]:
        """The children of these sections (as chunks_by_id), by section and position."""
    def chunk_spans(self, section_id: int) -> list[tuple[int, int]]:
        """(start_char, end_char) of a section's children, in text order."""
    def section_bodies(self) -> list[str]: ...

    # -- chunk health -------------------------------------------------------------------------
    def chunk_lengths(self) -> list[dict[str, Any]]:
        """tokens, tokens_cl100k, split_level, kind of every child."""
    def over_window_chunks(self) -> list[dict[str, Any]]:
        """id, path, heading, chunk_index, tokens, invisible_tokens, split_level of
        every child longer than the window, most cut first."""
    def chunk_detail(self, chunk_id: int) -> dict[str, Any] | None:
        """What the chunk-health panel and the viewer show of one child: its
        embedded_text, tokens, invisible_tokens, chunk_index, section_id, path,
        heading and page_start."""


def document_values(record: DocumentRecord, children: Sequence[Child], now: float) -> dict:
    """A document row's values as both backends write them."""
    import json

    metadata = record.metadata or {}
    return {"path": record.path, "sha256": record.sha256, "size": record.size,
            "mtime": record.mtime, "format": record.format, "title": record.title,
            "metadata": json.dumps(metadata, default=str),
            "deprecated": int(metadata.get("deprecated") is True), "pages": record.pages,
            "status": INDEXED, "chunks": len(children),
            "over_window": sum(1 for child in children if child.over_window),
            "indexed_at": now, "encoding": record.encoding, "ocr_pages": record.ocr_pages,
            "ocr_confidence": record.ocr_confidence, "language": record.language}


def checked_vectors(record: DocumentRecord, children: Sequence[Child], vectors) -> np.ndarray:
    """The vectors as float32, refused when they cannot belong to these children."""
    vectors = np.asarray(vectors, dtype=np.float32)
    if len(vectors) != len(children):
        raise ValueError(f"{record.path}: {len(children)} chunks but {len(vectors)} vectors")
    if not np.isfinite(vectors).all():
        raise ValueError(f"{record.path}: the embedder produced NaN or infinite values")
    return vectors
