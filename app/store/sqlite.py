"""The index: one SQLite file (apsw + sqlite-vec + FTS5).

apsw, not the standard library's sqlite3: many Python builds cannot load
extensions, and apsw ships a current SQLite with FTS5 on every platform.
A document is always written in one transaction — its old sections, chunks and
vectors go and the new ones arrive together — so a crash at any moment leaves
either the old document or the new one, never a mix.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from app.common import said
from app.common.chunks import Child
from app.common.documents import Section
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.common.word_forms import forms_of_text
from app.store.contract import (CRASHED, FAILED, INDEXED, DocumentRecord, Following,  # noqa: F401
                                IndexCounts, StoreError, checked_vectors, document_values)
# (FAILED, INDEXED, DocumentRecord and StoreError stay importable from here.)
from app.store.queries import (CHUNK_COLUMNS, CHUNK_DETAIL_SQL, DOCUMENT_FILTERS_SQL,
                               LANGUAGES_SQL, OVER_WINDOW_SQL, SECTION_COLUMNS)
from app.store.sqlite_migrations import MIGRATIONS

# Why a document failed: the English text and the marked message (migration 9);
# both cleared when it is indexed again.
ERROR_COLUMNS = ("error", "error_said")
FTS_TOKENIZER = ("porter", ["unicode61", "remove_diacritics", "2"])  # as in migration 1


def storage_message(path: Path, error: Exception) -> str:
    """What an SQLite error met while using the index means, in words."""
    import apsw

    if isinstance(error, apsw.FullError):
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the disk holding the index {path} is full (or the index reached its size "
            "limit); free some space and try again"), path=str(path))
    if isinstance(error, apsw.IOError):
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the index {path} could not be read or written (disk input/output error): "
            "check the drive; what was already indexed is kept"), path=str(path))
    if isinstance(error, (apsw.CorruptError, apsw.NotADBError)):
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the index {path} is damaged ({error}); it is derived data: delete it and "
            "index the folder again"), path=str(path), error=str(error))
    if isinstance(error, (apsw.BusyError, apsw.LockedError)):
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the index {path} is busy (another program is writing it); try again "
            "shortly"), path=str(path))
    return Said(QT_TRANSLATE_NOOP("Core", "the index {path} could not be used ({error})"),
                path=str(path), error=str(error))


def set_wal(connection, attempts: int = 100) -> None:
    """Switch to WAL. On an index another process is creating at this very
    moment, SQLite can answer "database is locked" at once, without waiting on
    the busy timeout (seen on a loaded CI machine with two indexers starting
    together): try again for up to ten seconds."""
    import time

    import apsw

    for attempt in range(attempts):
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except apsw.BusyError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.1)


def connect(path: Path):
    import apsw
    import sqlite_vec

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        connection = apsw.Connection(str(path))
        connection.enable_load_extension(True)
        connection.load_extension(sqlite_vec.loadable_path())
        connection.enable_load_extension(False)
        connection.set_busy_timeout(5000)
        set_wal(connection)
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute("PRAGMA foreign_keys=ON")
    except apsw.Error as error:
        raise StoreError(storage_message(path, error)) from error
    return connection


def _cleared(columns: Sequence[str]) -> str:
    return ", ".join(f"{name} = NULL" for name in columns)


def _marks(values) -> str:
    return ",".join("?" * len(values))


class Store:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.location = str(self.path)
        self.shared = False
        self.lexical_budget = None  # FTS5 scores 15,000 postings in milliseconds
        self.db = connect(self.path)
        self._fts_tokenizer = None
        self._migrate()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- plumbing -----------------------------------------------------------
    def rows(self, sql: str, params: Sequence | dict = ()) -> list[dict[str, Any]]:
        cursor = self.db.execute(sql, params)
        try:
            names = [column[0] for column in cursor.get_description()]
        except Exception:  # no result columns
            return []
        return [dict(zip(names, row)) for row in cursor]

    def value(self, sql: str, params: Sequence = ()) -> Any:
        row = self.db.execute(sql, params).fetchone()
        return row[0] if row else None

    def _migrate(self) -> None:
        """Apply missing migrations under a write lock, so two processes opening a
        new index at once cannot both try to create its tables."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("CREATE TABLE IF NOT EXISTS schema_migrations("
                            "version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
            done = {row[0] for row in self.db.execute("SELECT version FROM schema_migrations")}
            for version, sql in MIGRATIONS:
                if version not in done:
                    self.db.execute(sql)
                    self.db.execute("INSERT INTO schema_migrations VALUES (?, ?)",
                                    (version, time.time()))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    @property
    def schema_version(self) -> int:
        return self.value("SELECT max(version) FROM schema_migrations") or 0

    # -- index_meta -----------------------------------------------------------
    def meta(self) -> dict[str, str]:
        return {row[0]: row[1] for row in self.db.execute("SELECT key, value FROM index_meta")}

    def set_meta(self, values: dict[str, str]) -> None:
        with self.db:
            self.db.executemany("INSERT INTO index_meta(key, value) VALUES (?, ?) "
                                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                list(values.items()))

    # -- documents ------------------------------------------------------------
    def documents(self) -> list[dict[str, Any]]:
        return self.rows("SELECT * FROM documents ORDER BY path")

    def document_filters(self) -> list[dict[str, Any]]:
        return self.rows(DOCUMENT_FILTERS_SQL)

    def languages(self) -> list[str]:
        return [row["language"] for row in self.rows(LANGUAGES_SQL)]

    def document(self, path: str) -> dict[str, Any] | None:
        found = self.rows("SELECT * FROM documents WHERE path = ?", (path,))
        return found[0] if found else None

    def write_document(self, record: DocumentRecord, sections: Sequence[Section],
                       children: Sequence[Child], vectors: np.ndarray) -> None:
        """Replace a document's sections, chunks and vectors in one transaction."""
        vectors = checked_vectors(record, children, vectors)
        import apsw

        try:
            with self.db:
                document_id = self._upsert_document(record, children)
                self._delete_content(document_id)
                section_ids = [self._insert_section(document_id, ordinal, section)
                               for ordinal, section in enumerate(sections)]
                for child, vector in zip(children, vectors):
                    chunk_id = self._insert_chunk(document_id, section_ids[child.section], child,
                                                  record.language)
                    self.db.execute("INSERT INTO vec_chunks(rowid, embedding, document_id) "
                                    "VALUES (?, ?, ?)", (chunk_id, vector.tobytes(), document_id))
                self._vectors_changed()
        except apsw.SQLError as error:
            # SQLITE_FULL / SQLITE_IOERR roll the whole transaction back
            # themselves, so the context manager's own rollback then fails with
            # "no transaction is active": surface the real cause.
            if isinstance(error.__context__, (apsw.FullError, apsw.IOError)):
                raise error.__context__ from None
            raise

    def record_failure(self, record: DocumentRecord, error: str) -> None:
        """Mark a file as failed; whatever was indexed from it before stays searchable.
        `error` is kept as English text and, when it is a marked message
        (app/common/said.py), as that message too (`error_said`)."""
        with self.db:
            self.db.execute(
                "INSERT INTO documents(path, sha256, size, mtime, format, title, status, error, "
                "error_said) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE "
                "SET status = excluded.status, error = excluded.error, "
                "error_said = excluded.error_said",
                (record.path, record.size, record.mtime, record.format,
                 record.title or Path(record.path).name, FAILED, str(error), said.to_json(error)))

    def record_crash(self, record: DocumentRecord) -> None:
        """Count a parser crash on this content (see QUARANTINE_AFTER in the indexer)."""
        with self.db:
            self.record_failure(record, Said(CRASHED))
            self.db.execute(
                "UPDATE documents SET crashes = CASE WHEN crash_sha256 IS ? THEN crashes + 1 "
                "ELSE 1 END, crash_sha256 = ? WHERE path = ?",
                (record.sha256, record.sha256, record.path))

    def touch_document(self, path: str, size: int, mtime: float) -> None:
        """Same content, new stat: remember it so the next scan need not hash."""
        with self.db:
            self.db.execute("UPDATE documents SET size = ?, mtime = ? WHERE path = ?",
                            (size, mtime, path))

    def remove_documents(self, paths: Iterable[str]) -> None:
        paths = list(paths)
        if not paths:  # no transaction at all: nothing to write, nothing to fail
            return
        with self.db:
            for path in paths:
                document_id = self.value("SELECT id FROM documents WHERE path = ?", (path,))
                if document_id is not None:
                    self._delete_content(document_id)
                    self.db.execute("DELETE FROM documents WHERE id = ?", (document_id,))
            self._vectors_changed()

    def clear(self, meta: dict[str, str]) -> None:
        """Drop everything derived (a new embedder or chunking) and record the new meta."""
        with self.db:
            self.db.execute("DELETE FROM vec_chunks")
            self.db.execute("DELETE FROM chunks")
            self.db.execute("DELETE FROM sections")
            self.db.execute("DELETE FROM documents")
            self.db.execute("DELETE FROM index_meta")
            self.set_meta(meta)
            self._vectors_changed()

    @property
    def vectors_version(self) -> str:
        """Changes whenever vectors are written or removed (see app/store/vector_matrix.py)."""
        return self.value("SELECT token FROM vectors_version")

    def term_frequency(self, word: str) -> int:
        """How many children contain `word` as FTS5 indexes it (stemmed), from
        FTS5's own vocabulary: a lookup, not a scan."""
        import apsw

        if self._fts_tokenizer is None:
            self.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_terms "
                            "USING fts5vocab(main, chunks_fts, row)")
            self._fts_tokenizer = self.db.fts5_tokenizer(*FTS_TOKENIZER)
        tokens = self._fts_tokenizer(word.encode("utf-8"), apsw.FTS5_TOKENIZE_QUERY, None)
        counts = [self.value("SELECT doc FROM temp.chunks_terms WHERE term = ?", (token[2],)) or 0
                  for token in tokens]
        return min(counts, default=0)  # a phrase of several tokens matches at most the rarest

    def snapshot(self):
        """Nothing more than today: the app's own indexer and its searches
        share one machine, and a search's statements are milliseconds apart
        (the BM25 thread shares the connection, so no transaction spans it)."""
        from contextlib import nullcontext

        return nullcontext()

    def writer_lock(self, on_wait=None):
        """Nothing to take: an index file belongs to one user's app, and SQLite
        already serialises the one-transaction-per-document writes."""
        from contextlib import nullcontext

        return nullcontext()

    def refresh_statistics(self) -> None:
        """Nothing to do: FTS5's vocabulary is always current."""

    def vector_search_stale(self) -> bool:
        return False  # exact search has nothing to measure

    def measure_vector_search(self, cancel: Callable[[], bool] = lambda: False,
                              on_step: Callable[[str], None] = lambda step: None) -> None:
        """Nothing to measure: every vector is compared."""

    def vector_search_info(self) -> dict[str, Any]:
        return {"method": "exact"}  # every vector compared (vector_matrix, sqlite-vec)

    def chunk_count(self) -> int:
        return self.value("SELECT count(*) FROM chunks")

    def warm(self) -> None:
        """Read the vectors into memory now, not at the first question."""
        from app.store.vector_matrix import matrix_for

        matrix_for(self)

    def counts(self) -> IndexCounts:
        documents = self.rows(
            "SELECT coalesce(sum(status = 'indexed'), 0) AS indexed, "
            "coalesce(sum(status = 'failed'), 0) AS failed, max(indexed_at) AS last "
            "FROM documents")[0]
        chunks = self.rows("SELECT count(*) AS n, coalesce(sum(over_window), 0) AS over "
                           "FROM chunks")[0]
        return IndexCounts(documents=documents["indexed"], failed_documents=documents["failed"],
                           sections=self.value("SELECT count(*) FROM sections"),
                           chunks=chunks["n"], over_window=chunks["over"],
                           last_indexed_at=documents["last"])

    # -- search -----------------------------------------------------------------------
    def vector_search(self, vector, k: int,
                      allowed: list[int] | None) -> list[tuple[int, float]]:
        """From the in-memory matrix when it fits (app/store/vector_matrix.py),
        else sqlite-vec's own KNN: identical results, the matrix is faster."""
        from app.store.vector_matrix import matrix_for

        if allowed == [] or k <= 0:
            return []
        matrix = matrix_for(self)
        if matrix is not None:
            return matrix.knn(vector, k, allowed)
        return self.knn_sqlite_vec(vector, k, allowed)

    def knn_sqlite_vec(self, vector, k: int,
                       allowed: list[int] | None) -> list[tuple[int, float]]:
        """sqlite-vec's own KNN: used when the in-memory matrix would be too big."""
        sql = "SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ?"
        params: list = [np.asarray(vector, dtype=np.float32).tobytes(), k]
        if allowed is not None:
            sql += f" AND document_id IN ({_marks(allowed)})"
            params += allowed
        return [(row[0], row[1]) for row in self.db.execute(sql + " ORDER BY distance", params)]

    def lexical_alongside_vectors(self) -> bool:
        """With the vectors in memory, BM25 runs in SQLite while numpy matches
        the question: both release the GIL. Without it, sqlite-vec and FTS5
        would share the connection, so they run one after the other."""
        from app.store.vector_matrix import matrix_for

        return matrix_for(self) is not None

    def lexical_search(self, terms: list[str], k: int, allowed: list[int] | None) -> list[int]:
        """FTS5 BM25 over the embedded text. Every term is quoted: a compound
        ("pg_hba.conf") is read by FTS5 as a phrase of its parts, and nothing
        in a question is ever an operator."""
        query = " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)
        if not query or allowed == [] or k <= 0:
            return []
        if allowed is None:  # no join: it doubles the cost of scoring every match
            sql, params = "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?", [query]
        else:
            sql = ("SELECT c.id FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid "
                   f"WHERE chunks_fts MATCH ? AND c.document_id IN ({_marks(allowed)})")
            params = [query, *allowed]
        return [row[0] for row in self.db.execute(
            sql + " ORDER BY bm25(chunks_fts) LIMIT ?", [*params, k])]

    def following(self, ids: list[int], steps: int) -> dict[int, Following]:
        """One indexed lookup per child and step (chunks_section_order)."""
        if not ids:
            return {}
        numbers = range(1, steps + 1)
        columns = "".join(f", n{i}.id, n{i}.kind" for i in numbers)
        joins = "".join(f" LEFT JOIN chunks n{i} ON n{i}.section_id = c.section_id "
                        f"AND n{i}.chunk_index = c.chunk_index + {i}" for i in numbers)
        rows = self.db.execute(f"SELECT c.id, c.kind{columns} FROM chunks c{joins} "
                               f"WHERE c.id IN ({_marks(ids)})", list(ids))
        return {row[0]: (row[1], [(row[i], row[i + 1]) for i in range(2, len(row), 2)
                                  if row[i] is not None])
                for row in rows}

    def chunks_by_id(self, ids) -> dict[int, dict[str, Any]]:
        ids = list(ids)
        if not ids:
            return {}
        return {row["id"]: row for row in self.rows(
            f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE id IN ({_marks(ids)})", ids)}

    def sections_by_id(self, ids) -> dict[int, dict[str, Any]]:
        ids = list(ids)
        if not ids:
            return {}
        return {row["id"]: row for row in self.rows(
            f"SELECT {SECTION_COLUMNS}, d.path FROM sections s "
            f"JOIN documents d ON d.id = s.document_id WHERE s.id IN ({_marks(ids)})", ids)}

    def section_children(self, section_ids) -> list[dict[str, Any]]:
        section_ids = list(section_ids)
        if not section_ids:
            return []
        return self.rows(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE section_id IN "
                         f"({_marks(section_ids)}) ORDER BY section_id, chunk_index",
                         section_ids)

    def chunk_spans(self, section_id: int) -> list[tuple[int, int]]:
        return [(row[0], row[1]) for row in self.db.execute(
            "SELECT start_char, end_char FROM chunks WHERE section_id = ? ORDER BY start_char",
            (section_id,))]

    def section_bodies(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT body FROM sections")]

    # -- chunk health ---------------------------------------------------------------------
    def chunk_lengths(self) -> list[dict[str, Any]]:
        return self.rows("SELECT tokens, tokens_cl100k, split_level, kind FROM chunks")

    def over_window_chunks(self) -> list[dict[str, Any]]:
        return self.rows(OVER_WINDOW_SQL)

    def chunk_detail(self, chunk_id: int) -> dict[str, Any] | None:
        found = self.rows(CHUNK_DETAIL_SQL.replace("%s", "?"), (chunk_id,))
        return found[0] if found else None

    # -- internals ------------------------------------------------------------
    def _vectors_changed(self) -> None:
        self.db.execute("UPDATE vectors_version SET token = lower(hex(randomblob(8)))")

    def _upsert_document(self, record: DocumentRecord, children: Sequence[Child]) -> int:
        self.db.execute(
            "INSERT INTO documents(path, sha256, size, mtime, format, title, metadata, "
            "deprecated, pages, status, error, chunks, over_window, indexed_at, encoding, "
            "ocr_pages, ocr_confidence, language) "
            "VALUES (:path, :sha256, :size, :mtime, :format, :title, :metadata, :deprecated, "
            ":pages, :status, NULL, :chunks, :over_window, :indexed_at, :encoding, :ocr_pages, "
            ":ocr_confidence, :language) "
            "ON CONFLICT(path) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size, "
            "mtime = excluded.mtime, format = excluded.format, title = excluded.title, "
            "metadata = excluded.metadata, deprecated = excluded.deprecated, "
            f"pages = excluded.pages, status = excluded.status, {_cleared(ERROR_COLUMNS)}, "
            "chunks = excluded.chunks, over_window = excluded.over_window, "
            "indexed_at = excluded.indexed_at, crashes = 0, crash_sha256 = NULL, "
            "encoding = excluded.encoding, ocr_pages = excluded.ocr_pages, "
            "ocr_confidence = excluded.ocr_confidence, language = excluded.language",
            document_values(record, children, time.time()))
        return self.value("SELECT id FROM documents WHERE path = ?", (record.path,))

    def _delete_content(self, document_id: int) -> None:
        # vec0 rows are deleted in code: vec0 deletes inside triggers fail
        # under trusted_schema=OFF.
        chunk_ids = [(row[0],) for row in self.db.execute(
            "SELECT id FROM chunks WHERE document_id = ?", (document_id,))]
        self.db.executemany("DELETE FROM vec_chunks WHERE rowid = ?", chunk_ids)
        self.db.execute("DELETE FROM chunks WHERE document_id = ?", (document_id,))
        self.db.execute("DELETE FROM sections WHERE document_id = ?", (document_id,))

    def _insert_section(self, document_id: int, ordinal: int, section: Section) -> int:
        self.db.execute(
            "INSERT INTO sections(document_id, ordinal, heading, heading_path, level, "
            "page_start, page_end, page_marks, body, start_char, end_char) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (document_id, ordinal, section.heading, json.dumps(section.heading_path),
             section.level, section.page_start, section.page_end,
             json.dumps(section.page_marks), section.body, section.start_char, section.end_char))
        return self.db.last_insert_rowid()

    def _insert_chunk(self, document_id: int, section_id: int, child: Child,
                      language: str | None) -> int:
        self.db.execute(
            "INSERT INTO chunks(section_id, document_id, chunk_index, total_chunks, kind, text, "
            "embedded_text, start_char, end_char, page, tokens, tokens_cl100k, over_window, "
            "invisible_tokens, split_level, word_forms) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (section_id, document_id, child.chunk_index, child.total_chunks, child.kind,
             child.text, child.embedded_text, child.start, child.end, child.page, child.tokens,
             child.tokens_cl100k, int(child.over_window), child.invisible_tokens,
             child.split_level, forms_of_text(child.embedded_text, language)))
        return self.db.last_insert_rowid()

    # -- consistency ------------------------------------------------------------
    def check(self) -> list[str]:
        """Problems found by SQLite's integrity check and our own cross-checks."""
        problems = [row[0] for row in self.db.execute("PRAGMA integrity_check") if row[0] != "ok"]
        chunk_ids = {row[0] for row in self.db.execute("SELECT id FROM chunks")}
        vector_ids = {row[0] for row in self.db.execute("SELECT rowid FROM vec_chunks")}
        if chunk_ids != vector_ids:
            problems.append(f"{len(chunk_ids ^ vector_ids)} chunks and vectors do not match")
        return problems
