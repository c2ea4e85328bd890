"""The shared index: the store contract on PostgreSQL with pgvector (psycopg 3).

For a team: one index on a server, written by one indexer and read by many
askers. Vectors live in `chunks.embedding` (pgvector, HNSW over cosine
distance), the lexical side is PostgreSQL's own full-text search over a
generated tsvector; search fuses the two exactly as it does on SQLite.

The lexical side is BM25 as FTS5 computes it (postgres_lexical). The
address is read by postgres_uri, and the server's errors are put in words
by postgres_errors.

Every statement is parameterised: document text, headings, paths and
questions only ever travel as values. A document is written in one
transaction, so an asker sees it either as it was or as it is. The
connection runs in autocommit: each read is its own snapshot, each write
opens a transaction of its own.

Behind a connection pooler (PgBouncer), in transaction or session mode,
each transaction may run on another server session: nothing may live in the
session. The store notices the pooler when it connects (the process id the
pooler hands out is not the server's) and then prepares no statements, makes
its settings (ef_search, the window's statement limit) local to each
transaction, and holds the writer lock in a transaction of its own
(docs/shared-index-servers.md).

Passwords are never stored by the app: libpq reads them from the password
file (~/.pgpass), a service file or PGPASSWORD.
"""
from __future__ import annotations

import logging
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from app.common import said
from app.common.chunks import Child
from app.common.documents import Section
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.common.word_forms import forms_of_text
from app.store.contract import (CRASHED, FAILED, DocumentRecord, Following, IndexBusy,
                                IndexCounts, StoreError, checked_vectors, document_values)
from app.store import postgres_graph, postgres_lexical, postgres_tuning
from app.store import postgres_requirements as requirements
from app.store.postgres_errors import encoding_refusal, server_message
from app.store.postgres_lexical import WORD
from app.store.postgres_migrations import MIGRATIONS
from app.store.postgres_uri import UNREADABLE, display_location, readable
from app.store.queries import (CHUNK_COLUMNS, CHUNK_DETAIL_SQL, DOCUMENT_FILTERS_SQL,
                               LANGUAGES_SQL, OVER_WINDOW_SQL, SECTION_COLUMNS)

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x48425141_0001  # pg_advisory_xact_lock key: "HBQA" + 1
WRITER_LOCK = 0x48425141_0002     # pg_advisory_lock key, held by the one indexer
CONNECT_TIMEOUT = 10  # seconds: a server that does not answer is reported, not waited on
# The window's own reads (library, viewer) run while the user waits on the
# GUI: a server behind a VPN that dropped, or one that stopped answering
# mid-read, must cost seconds, not the 10 s above or TCP's many minutes.
# The statement limit is SET after connecting, not passed as `options`: that
# would replace options a service file or PGOPTIONS give (a search_path).
INTERACTIVE_LIMITS = {"connect_timeout": 3,
                      "tcp_user_timeout": 5_000,            # ms unacknowledged (Linux)
                      "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2}
INTERACTIVE_STATEMENT_MS = 5_000
LEXICAL_BUDGET = 5_000
# Text travels as UTF-8 whatever PGCLIENTENCODING or a service file says, and
# is stored only in a UTF8 database: SQL_ASCII stores bytes unchecked (psycopg
# then hands every text value back as bytes, and the word index cuts "café"
# and "Überstunden" apart at their first non-ASCII byte); LATIN1 and the
# other single-byte encodings cannot hold every character a handbook has, so
# a document would fail half way through a run.
CLIENT_ENCODING = "UTF8"
SERVER_ENCODING = "UTF8"
IDLE = 0  # psycopg.pq.TransactionStatus.IDLE: no transaction open

DOCUMENT_COLUMNS = ("path", "sha256", "size", "mtime", "format", "title", "metadata",
                    "deprecated", "pages", "status", "chunks", "over_window", "indexed_at",
                    "encoding", "ocr_pages", "ocr_confidence", "language")
# Why a document failed: the English text and the marked message (migration 6);
# both cleared when it is indexed again.
ERROR_COLUMNS = ("error", "error_said")
CHUNK_WRITE_COLUMNS = ("section_id", "document_id", "chunk_index", "total_chunks", "kind", "text",
                       "embedded_text", "start_char", "end_char", "page", "tokens",
                       "tokens_cl100k", "over_window", "invisible_tokens", "split_level",
                       "words", "word_forms", "embedding")


def _server_encoding(conn) -> str:
    """The database's encoding, as the server reported it when connecting."""
    encoding = conn.info.parameter_status("server_encoding")
    if encoding is None:  # a server (or pooler) that did not report it
        encoding = conn.execute("SHOW server_encoding").fetchone()
        encoding = next(iter(encoding.values())) if isinstance(encoding, dict) else encoding[0]
    return encoding.decode() if isinstance(encoding, bytes) else str(encoding)


def _application_name() -> str:
    """What pg_stat_activity shows of us: who is indexing, from which computer."""
    import platform

    return f"handbook-qa on {platform.node() or 'an unnamed computer'}"[:63]


def _forms(text: str, language: str | None) -> str | None:
    """The child's words as the lexical index reads them (app/common/word_forms.py)."""
    forms = forms_of_text(text, language)
    return None if forms is None else _text(forms)


def _cleared(columns: Sequence[str]) -> str:
    return ", ".join(f"{name} = NULL" for name in columns)


def _text(value: str) -> str:
    """PostgreSQL text holds no NUL and no lone surrogates; each is replaced by
    U+FFFD, one character for one, so every offset into the text still holds."""
    if "\x00" in value:
        value = value.replace("\x00", "\ufffd")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value)
    return value


def _vector(values: np.ndarray) -> str:
    """pgvector's text form; repr keeps every float32 exact."""
    return "[" + ",".join(map(repr, np.asarray(values, dtype=np.float32).tolist())) + "]"


class PostgresStore:
    def __init__(self, conninfo: str, create: bool = True, interactive: bool = False):
        """`create`: make the tables if the database has none (the indexer);
        otherwise a database without an index is an error in words (askers:
        a mistyped database name must not get an empty index). `interactive`:
        reads the user waits on in the window, given up on in seconds
        (INTERACTIVE_LIMITS)."""
        import psycopg
        from psycopg.rows import dict_row

        if not readable(conninfo):
            raise StoreError(UNREADABLE)
        self.conninfo = conninfo
        self.location = display_location(conninfo)
        self.shared = True
        # Fewer children scored per question than FTS5's 15,000: each costs
        # more here (postings rows joined and grouped in SQL; at 100,000
        # synthetic children BM25 takes p50 13.5 / p95 23 ms at 5,000 and
        # 27 / 49 ms at 15,000), and the server serves many askers at once.
        self.lexical_budget = LEXICAL_BUDGET
        self._statistics: tuple[dict[str, float], float] | None = None  # see term_frequency
        self.pooled = False  # behind a connection pooler (_first_look)
        self._local: dict[str, str] = {}  # settings each transaction carries when pooled
        try:
            limits = INTERACTIVE_LIMITS if interactive else {"connect_timeout": CONNECT_TIMEOUT}
            self.conn = psycopg.connect(conninfo, autocommit=True, row_factory=dict_row,
                                        application_name=_application_name(),
                                        client_encoding=CLIENT_ENCODING, **limits)
        except psycopg.Error as error:
            raise StoreError(server_message(self.location, error)) from error
        try:
            self._check_encoding()  # before anything is read or written
            # Settings that stay with the session; behind a pooler, with each
            # transaction instead (_apply_local).
            self.pooled, pgvector = self._first_look()
            if self.pooled:  # a statement prepared on one server session is unknown to the next
                self.conn.prepare_threshold = None
            if interactive:
                self._session_setting("statement_timeout", str(INTERACTIVE_STATEMENT_MS))
            have = self.schema_version_or_none()
            if not create and have is None:
                raise StoreError(Said(QT_TRANSLATE_NOOP(
                    "Core", "{location} holds no index yet: index a folder into it first "
                    "(handbook-qa --db … index FOLDER)"), location=str(self.location)))
            self._check_requirements(creating=have is None, installed=pgvector)
            # The window's own reads never update the schema: a migration may
            # rewrite the whole index, far past their statement limit.
            self._migrate(have, update=not interactive)
            # For every vector search of this session, set once: each setting
            # would otherwise cost a round trip per question on a slow network.
            # HNSW keeps as many candidates as the indexer measured this index
            # to need (postgres_tuning), and keeps walking the graph until a
            # document filter has let enough through.
            self.ef_search = self._set_search_settings()
        except psycopg.errors.InvalidParameterValue as error:  # iterative scans: pgvector 0.8
            self.conn.close()
            raise StoreError(Said(QT_TRANSLATE_NOOP(
                "Core", "the server of {location} has a pgvector older than 0.8 ({error}); "
                "update pgvector there"), location=str(self.location), error=str(error))) \
                from error
        except psycopg.OperationalError as error:
            self.conn.close()
            if not self.pooled:
                raise
            raise StoreError(self._pooler_refusal(error)) from error
        except BaseException:
            self.conn.close()
            raise

    def _check_encoding(self) -> None:
        """Refuse a database that is not UTF8 before the first write, and
        explain an index an older app wrote into one (its settings read back
        as bytes, which search took for "another embedder")."""
        encoding = _server_encoding(self.conn)
        if encoding.upper() != SERVER_ENCODING:
            indexed = self.value("SELECT to_regclass('schema_migrations') IS NOT NULL")
            raise StoreError(encoding_refusal(self.location, encoding, bool(indexed)))

    def _check_requirements(self, creating: bool, installed: str | None) -> None:
        """Refuse, before the first write, a role or server the index cannot
        be made on (no CREATE on the schema, no pgvector or one too old),
        naming each cause and its fix; an index already there is only
        checked for pgvector's version (`installed`, read with _first_look),
        so an asker pays no round trip for it."""
        if not creating and (installed is None or not requirements.too_old(installed)):
            return
        facts = requirements.read_facts(lambda sql: self.rows(sql)[0])
        found = requirements.creating_problems(facts) if creating else \
            [requirements.pgvector_problem(facts)]
        if found:
            raise StoreError(requirements.refusal(self.location, found, creating=creating))

    def _first_look(self) -> tuple[bool, str | None]:
        """Whether a pooler stands between us and the server, and pgvector's
        version in this database (None: not created), in one round trip.
        PgBouncer (and the other poolers) hand the client a process id of
        their own making, to route cancel requests, never the server's."""
        row = self.rows(f"SELECT pg_backend_pid() AS pid, ({requirements.INSTALLED_SQL}) "
                        "AS pgvector")[0]
        return row["pid"] != self.conn.info.backend_pid, row["pgvector"]

    def _pooler_refusal(self, error: Exception) -> str:
        """Why the pooler dropped us while opening, in words. A pooler that
        refuses transactions (statement pooling) closes the connection, and
        inside a pipeline only "connection lost" comes back: one transaction
        on a fresh connection, outside a pipeline, brings its message."""
        import psycopg

        try:
            with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                                 application_name=_application_name(),
                                 client_encoding=CLIENT_ENCODING) as conn, conn.transaction():
                conn.execute("SELECT 1")
        except psycopg.Error as found:
            error = found
        return server_message(self.location, error)

    def _session_setting(self, name: str, value: str) -> None:
        """A setting for every statement of this store's (see _apply_local)."""
        if self.pooled:
            self._local[name] = value
        else:
            self.conn.execute("SELECT set_config(%s, %s, false)", (name, value))

    def _apply_local(self) -> None:
        """This session's settings, for the transaction just begun (pooled)."""
        calls = ", ".join("set_config(%s, %s, true)" for _ in self._local)
        self.conn.execute(f"SELECT {calls}", [v for item in self._local.items() for v in item])

    def _set_search_settings(self) -> int:
        """HNSW's settings in one round trip (a question opens a session):
        iterative scans, and the ef_search recorded for this index
        (postgres_tuning), validated as recorded_ef_search does."""
        recorded = ("coalesce((SELECT least(greatest(value::int, 1), %s)::text FROM index_meta "
                    "WHERE key = %s AND value ~ '^[0-9]{1,9}$'), %s)")
        params = (postgres_tuning.MAX_EF_SEARCH, postgres_tuning.EF_KEY,
                  str(postgres_tuning.DEFAULT_EF_SEARCH))
        if self.pooled:  # the read runs with iterative scans set: an old pgvector says so here
            self._local["hnsw.iterative_scan"] = "relaxed_order"
            self._local["hnsw.ef_search"] = self.value(f"SELECT {recorded}", params)
            return int(self._local["hnsw.ef_search"])
        row = self.rows(
            "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', false) AS scan, "
            f"set_config('hnsw.ef_search', {recorded}, false) AS ef_search", params)[0]
        return int(row["ef_search"])

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- plumbing -------------------------------------------------------------------------
    def rows(self, sql: str, params: Sequence | dict = ()) -> list[dict[str, Any]]:
        return self._execute(sql, params).fetchall()

    def value(self, sql: str, params: Sequence = ()) -> Any:
        row = self._execute(sql, params).fetchone()
        return next(iter(row.values())) if row else None

    def _execute(self, sql: str, params: Sequence | dict = ()):
        """A statement; behind a pooler, in a transaction of its own that
        carries this session's settings, sent with them in one round trip."""
        if not self._local or self.conn.info.transaction_status != IDLE:
            return self.conn.execute(sql, params)
        # BEGIN and COMMIT by hand: psycopg's transaction block syncs the
        # pipeline on its own, and a connection lost there would be logged
        # twice before the error (as "error ignored terminating Pipeline").
        try:
            with self.conn.pipeline():
                self.conn.execute("BEGIN")
                self._apply_local()
                cursor = self.conn.execute(sql, params)
                self.conn.execute("COMMIT")
        except BaseException:
            if not self.conn.broken and self.conn.info.transaction_status != IDLE:
                self.conn.execute("ROLLBACK")  # a statement that failed leaves it open
            raise
        return cursor

    @contextmanager
    def transaction(self, first: str | None = None) -> Iterator[None]:
        """A transaction (nested: a savepoint). Behind a pooler the outermost
        one starts with this session's settings, after `first` (a SET
        TRANSACTION, which must come first)."""
        outermost = self.conn.info.transaction_status == IDLE
        with self.conn.transaction():
            if first:
                self.conn.execute(first)
            if outermost and self._local:
                self._apply_local()
            yield

    def _migrate(self, have: int | None, update: bool = True) -> None:
        """Apply missing migrations, each in its own transaction, under an
        advisory lock so two clients opening a new index cannot both create it.
        A schema that is up to date is only read: askers with a read-only role
        open it without writing anything. `update=False`: an older schema is
        an error in words instead. `have`: the schema version found."""
        import psycopg

        need = MIGRATIONS[-1][0]
        if have is not None and have > need:
            raise StoreError(Said(QT_TRANSLATE_NOOP(
                "Core", "the shared index {location} was built by a newer Handbook QA (schema "
                "{have}, this app knows {need}): update the app"),
                location=str(self.location), have=str(have), need=str(need)))
        if have is not None and have < need and not update:
            raise StoreError(Said(QT_TRANSLATE_NOOP(
                "Core", "the shared index {location} has schema version {have} and this app "
                "needs {need}: whoever maintains the index runs 'handbook-qa index' once (or "
                "indexes from the app) to update it"),
                location=str(self.location), have=str(have), need=str(need)))
        if have is None or have < need:
            try:
                for version, sql in MIGRATIONS:
                    with self.transaction():
                        self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                        self.conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations("
                                          "version integer PRIMARY KEY, "
                                          "applied_at double precision NOT NULL)")
                        if self.value("SELECT 1 FROM schema_migrations WHERE version = %s",
                                      (version,)):
                            continue
                        self.conn.execute(sql)
                        self.conn.execute("INSERT INTO schema_migrations VALUES (%s, %s)",
                                          (version, time.time()))
            except (psycopg.errors.InsufficientPrivilege,
                    psycopg.errors.ReadOnlySqlTransaction) as error:
                found = "none" if have is None else have
                raise StoreError(
                    f"the shared index {self.location} has schema version {found} and "
                    f"this app needs {MIGRATIONS[-1][0]}, but this user may not update it "
                    f"({error}); whoever maintains the index runs 'handbook-qa index' once"
                ) from error
            except (psycopg.errors.UndefinedFile, psycopg.errors.FeatureNotSupported) as error:
                raise StoreError(
                    f"the server of {self.location} has no pgvector extension ({error}); "
                    "install pgvector there (https://github.com/pgvector/pgvector)") from error
            except psycopg.Error as error:
                raise StoreError(server_message(self.location, error)) from error

    def schema_version_or_none(self) -> int | None:
        if self.value("SELECT to_regclass('schema_migrations') IS NOT NULL") is not True:
            return None
        return self.value("SELECT max(version) FROM schema_migrations")

    @property
    def schema_version(self) -> int:
        return self.schema_version_or_none() or 0

    # -- index_meta -------------------------------------------------------------------------
    def meta(self) -> dict[str, str]:
        return {row["key"]: row["value"] for row in self.rows("SELECT key, value FROM index_meta")}

    def set_meta(self, values: dict[str, str]) -> None:
        with self.transaction():
            self._set_meta(values)

    def _set_meta(self, values: dict[str, str]) -> None:
        with self.conn.cursor() as cursor:
            cursor.executemany("INSERT INTO index_meta(key, value) VALUES (%s, %s) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                               [(key, _text(str(value))) for key, value in values.items()])

    def clear(self, meta: dict[str, str]) -> None:
        with self.transaction():
            # TRUNCATE, not DELETE: a million children's postings are not
            # deleted one by one, and the graph below is built over an empty
            # table (an index build also takes the rows its own transaction
            # deleted). Askers wait the instant it takes.
            self.conn.execute("TRUNCATE postings, chunks, sections, documents")
            self.conn.execute("UPDATE lexical_stats SET chunks = 0, words = 0")
            self.conn.execute("DELETE FROM index_meta")
            self._set_meta(meta)
            # Linking each child into a denser graph costs three times as much,
            # and a re-index writes them all: the default graph takes them, and
            # the measurement after the run builds a denser one, in minutes, if
            # the new index needs it.
            postgres_graph.reset(self)

    # -- documents ------------------------------------------------------------------------------
    def documents(self) -> list[dict[str, Any]]:
        return self.rows("SELECT * FROM documents ORDER BY path")

    def document_filters(self) -> list[dict[str, Any]]:
        return self.rows(DOCUMENT_FILTERS_SQL)

    def languages(self) -> list[str]:
        return [row["language"] for row in self.rows(LANGUAGES_SQL)]

    def document(self, path: str) -> dict[str, Any] | None:
        found = self.rows("SELECT * FROM documents WHERE path = %s", (path,))
        return found[0] if found else None

    def write_document(self, record: DocumentRecord, sections: Sequence[Section],
                       children: Sequence[Child], vectors: np.ndarray) -> None:
        """Replace a document's sections, chunks and vectors in one transaction."""
        vectors = checked_vectors(record, children, vectors)
        with self.transaction():
            document_id = self._upsert_document(record, children)
            self._forget_chunks("document_id = %s", (document_id,))
            self.conn.execute("DELETE FROM sections WHERE document_id = %s", (document_id,))
            words = [len(WORD.findall(child.embedded_text)) for child in children]
            section_ids = [self._insert_section(document_id, ordinal, section)
                           for ordinal, section in enumerate(sections)]
            with self.conn.cursor() as cursor:
                columns = ", ".join(CHUNK_WRITE_COLUMNS)
                with cursor.copy(f"COPY chunks({columns}) FROM STDIN") as copy:
                    for child, vector, count in zip(children, vectors, words):
                        row = {
                            "section_id": section_ids[child.section], "document_id": document_id,
                            "chunk_index": child.chunk_index, "total_chunks": child.total_chunks,
                            "kind": child.kind, "text": _text(child.text),
                            "embedded_text": _text(child.embedded_text),
                            "start_char": child.start, "end_char": child.end, "page": child.page,
                            "tokens": child.tokens, "tokens_cl100k": child.tokens_cl100k,
                            "over_window": int(child.over_window),
                            "invisible_tokens": child.invisible_tokens,
                            "split_level": child.split_level, "words": count,
                            "word_forms": _forms(child.embedded_text, record.language),
                            "embedding": _vector(vector)}
                        copy.write_row(tuple(row[column] for column in CHUNK_WRITE_COLUMNS))
            self._count_chunks(len(children), sum(words))

    def _forget_chunks(self, where: str, params: Sequence) -> None:
        """Delete children and take them out of BM25's totals (same transaction)."""
        gone = self.rows(f"WITH gone AS (DELETE FROM chunks WHERE {where} RETURNING words) "
                         "SELECT count(*) AS n, coalesce(sum(words), 0) AS words FROM gone",
                         params)[0]
        self._count_chunks(-gone["n"], -gone["words"])

    def _count_chunks(self, chunks: int, words: int) -> None:
        if chunks or words:
            self.conn.execute("UPDATE lexical_stats SET chunks = chunks + %s, "
                              "words = words + %s", (chunks, words))

    def _upsert_document(self, record: DocumentRecord, children: Sequence[Child]) -> int:
        values = document_values(record, children, time.time())
        values = {key: _text(value) if isinstance(value, str) else value
                  for key, value in values.items()}
        columns = ", ".join(DOCUMENT_COLUMNS)
        placeholders = ", ".join(f"%({name})s" for name in DOCUMENT_COLUMNS)
        updates = ", ".join(f"{name} = excluded.{name}" for name in DOCUMENT_COLUMNS
                            if name != "path")
        return self.value(
            f"INSERT INTO documents({columns}) VALUES ({placeholders}) "
            f"ON CONFLICT (path) DO UPDATE SET {updates}, {_cleared(ERROR_COLUMNS)}, "
            "crashes = 0, crash_sha256 = NULL RETURNING id", values)

    def _insert_section(self, document_id: int, ordinal: int, section: Section) -> int:
        import json

        return self.value(
            "INSERT INTO sections(document_id, ordinal, heading, heading_path, level, "
            "page_start, page_end, page_marks, body, start_char, end_char) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (document_id, ordinal, _text(section.heading),
             _text(json.dumps(section.heading_path)), section.level, section.page_start,
             section.page_end, json.dumps(section.page_marks), _text(section.body),
             section.start_char, section.end_char))

    def record_failure(self, record: DocumentRecord, error: str) -> None:
        """Mark a file as failed; whatever was indexed from it before stays searchable.
        `error` is kept as English text and, when it is a marked message
        (app/common/said.py), as that message too (`error_said`)."""
        from pathlib import PurePosixPath

        stored = said.to_json(error)  # the marked message, for the window (app/common/said.py)
        self.conn.execute(
            "INSERT INTO documents(path, sha256, size, mtime, format, title, status, error, "
            "error_said) VALUES (%s, NULL, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (path) "
            "DO UPDATE SET status = excluded.status, error = excluded.error, "
            "error_said = excluded.error_said",
            (record.path, record.size, record.mtime, record.format,
             _text(record.title or PurePosixPath(record.path).name), FAILED, _text(str(error)),
             None if stored is None else _text(stored)))

    def record_crash(self, record: DocumentRecord) -> None:
        """Count a parser crash on this content (see QUARANTINE_AFTER in the indexer)."""
        with self.transaction():
            self.record_failure(record, Said(CRASHED))
            self.conn.execute(
                "UPDATE documents SET crashes = CASE WHEN crash_sha256 IS NOT DISTINCT FROM %s "
                "THEN crashes + 1 ELSE 1 END, crash_sha256 = %s WHERE path = %s",
                (record.sha256, record.sha256, record.path))

    def touch_document(self, path: str, size: int, mtime: float) -> None:
        self.conn.execute("UPDATE documents SET size = %s, mtime = %s WHERE path = %s",
                          (size, mtime, path))

    def remove_documents(self, paths: Iterable[str]) -> None:
        paths = list(paths)
        if not paths:
            return
        with self.transaction():  # their sections go with them (ON DELETE CASCADE)
            self._forget_chunks("document_id IN (SELECT id FROM documents WHERE path = ANY(%s))",
                                (paths,))
            self.conn.execute("DELETE FROM documents WHERE path = ANY(%s)", (paths,))

    @contextmanager
    def writer_lock(self, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
        """An advisory lock on the server that goes with the indexer's
        connection, so an indexer that is killed frees it as soon as the
        server (or the pooler) notices: at once between statements, within
        seconds during a graph rebuild (postgres_graph.CLIENT_CHECK), on a
        lost network when TCP gives up."""
        lock = self._transaction_lock if self.pooled else self._session_lock
        with lock(on_wait):
            yield

    def _busy(self, on_wait: Callable[[str], None] | None) -> None:
        """Another indexer holds the lock: say who, or wait (on_wait told)."""
        holder = self._writer()
        if on_wait is None:
            raise IndexBusy(Said(QT_TRANSLATE_NOOP(
                "Core", "another indexer is writing the shared index {location} ({holder})"),
                location=str(self.location), holder=str(holder)))
        on_wait(holder)

    @contextmanager
    def _session_lock(self, on_wait: Callable[[str], None] | None) -> Iterator[None]:
        """Direct: a session lock, taken and freed on the store's connection."""
        if not self.value("SELECT pg_try_advisory_lock(%s)", (WRITER_LOCK,)):
            self._busy(on_wait)
            self.conn.execute("SELECT pg_advisory_lock(%s)", (WRITER_LOCK,))
        try:
            yield
        finally:
            if not self.conn.closed:
                self.conn.execute("SELECT pg_advisory_unlock(%s)", (WRITER_LOCK,))

    @contextmanager
    def _transaction_lock(self, on_wait: Callable[[str], None] | None) -> Iterator[None]:
        """Behind a pooler a session lock would stay with whichever server
        session took it, after the indexer is gone, and be freed by nobody
        (or taken again by whoever is handed that session next). So the lock
        belongs to a transaction that a connection of its own holds open for
        the whole run: the pooler keeps one server session for it, and rolls
        it back, freeing the lock, when the indexer's connection closes."""
        import psycopg

        conn = psycopg.connect(self.conninfo, autocommit=True, prepare_threshold=None,
                               application_name=_application_name(),
                               client_encoding=CLIENT_ENCODING, connect_timeout=CONNECT_TIMEOUT)

        def begin() -> None:  # held open for the whole run: no time limit of the role's
            conn.execute("BEGIN")
            conn.execute("SET LOCAL idle_in_transaction_session_timeout = 0")
            if conn.info.server_version >= 170000:
                conn.execute("SET LOCAL transaction_timeout = 0")

        try:
            begin()
            if not conn.execute("SELECT pg_try_advisory_xact_lock(%s)",
                                (WRITER_LOCK,)).fetchone()[0]:
                conn.execute("ROLLBACK")  # its server session, free to ask who holds it
                self._busy(on_wait)
                begin()
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITER_LOCK,))
            yield
        finally:
            try:
                if conn.info.transaction_status != IDLE:
                    conn.execute("ROLLBACK")  # the lock goes, and the pooler reuses the session
            except psycopg.OperationalError as error:  # what was written stays written
                log.warning("the writer lock on %s was lost during the run (%s): another "
                            "indexer may have written at the same time; index once more to "
                            "check", self.location, str(error).strip())
            conn.close()

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """A read-only REPEATABLE READ transaction: every statement inside sees
        the index as it was when the first one ran (nested: the outer one)."""
        if self.conn.info.transaction_status != IDLE:  # already inside a transaction
            yield
            return
        with self.transaction("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"):
            yield

    def _writer(self) -> str:
        """Who holds the writer lock, in words (pg_stat_activity may hide it
        from a role without pg_read_all_stats: then just "another session")."""
        rows = self.rows(
            "SELECT a.usename, a.application_name, a.client_addr::text AS address, "
            "a.backend_start FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND ((l.classid::bigint << 32) | l.objid::bigint) = %s", (WRITER_LOCK,))
        if not rows or not rows[0]["usename"]:
            return "another session"
        # A role without pg_read_all_stats sees another role's user and
        # application, but not its address or start time.
        row = rows[0]
        where = f" from {row['address']}" if row["address"] else ""
        since = f", since {row['backend_start']:%Y-%m-%d %H:%M %Z}".rstrip() \
            if row["backend_start"] else ""
        client = row["application_name"] or "a client"
        return f"user {row['usename']}, {client}{where}{since}"

    def counts(self) -> IndexCounts:
        documents = self.rows(
            "SELECT count(*) FILTER (WHERE status = 'indexed') AS indexed, "
            "count(*) FILTER (WHERE status = 'failed') AS failed, max(indexed_at) AS last "
            "FROM documents")[0]
        chunks = self.rows("SELECT count(*) AS n, coalesce(sum(over_window), 0) AS over "
                           "FROM chunks")[0]
        return IndexCounts(documents=documents["indexed"], failed_documents=documents["failed"],
                           sections=self.value("SELECT count(*) FROM sections"),
                           chunks=chunks["n"], over_window=int(chunks["over"]),
                           last_indexed_at=documents["last"])

    def chunk_count(self) -> int:
        """From BM25's totals: count(*) reads every row (0.1 s at a million),
        and search asks this before every question."""
        return self.value("SELECT chunks FROM lexical_stats")

    def check(self) -> list[str]:
        """Cross-checks of our own (the server keeps its own files consistent)."""
        problems = []
        stray = self.value("SELECT count(*) FROM chunks c LEFT JOIN sections s "
                           "ON s.id = c.section_id WHERE s.id IS NULL OR "
                           "s.document_id <> c.document_id")
        if stray:
            problems.append(f"{stray} chunks do not belong to their section's document")
        wrong = self.value("SELECT count(*) FROM documents d WHERE status = 'indexed' AND "
                           "chunks <> (SELECT count(*) FROM chunks c WHERE c.document_id = d.id)")
        if wrong:
            problems.append(f"{wrong} documents hold another number of chunks than recorded")
        totals = self.rows("SELECT (SELECT count(*) FROM chunks) AS chunks, "
                           "(SELECT coalesce(sum(words), 0) FROM chunks) AS words, "
                           "s.chunks AS kept_chunks, s.words AS kept_words FROM lexical_stats s")
        if totals and (totals[0]["chunks"], totals[0]["words"]) != \
                (totals[0]["kept_chunks"], totals[0]["kept_words"]):
            problems.append("BM25's totals do not match the children")
        unposted = self.value(
            "WITH want AS (SELECT c.id, u.lexeme, c.document_id, "
            "coalesce(cardinality(u.positions), 1) AS tf, c.words FROM chunks c, unnest(c.tsv) u), "
            "have AS (SELECT chunk_id, lexeme, document_id, tf, words FROM postings) "
            "SELECT (SELECT count(*) FROM (TABLE want EXCEPT TABLE have) a) "
            "+ (SELECT count(*) FROM (TABLE have EXCEPT TABLE want) b)")
        if unposted:
            problems.append(f"{unposted} postings do not match the children's words")
        return problems

    # -- search -----------------------------------------------------------------------------------
    def warm(self) -> None:
        """Nothing to load: the server holds the vectors."""

    def lexical_alongside_vectors(self) -> bool:
        return False  # one connection: its statements run one after the other

    def vector_search(self, vector, k: int,
                      allowed: list[int] | None) -> list[tuple[int, float]]:
        """HNSW over cosine distance. The index answers only a bare ORDER BY
        distance, so ties are ordered by id here, as the SQLite store does."""
        if allowed == [] or k <= 0:
            return []
        where, params = ("", []) if allowed is None else \
            ("WHERE document_id = ANY(%s)", [list(allowed)])
        rows = self.rows(f"SELECT id, embedding <=> %s::vector AS distance FROM chunks {where} "
                         "ORDER BY embedding <=> %s::vector LIMIT %s",
                         [_vector(vector), *params, _vector(vector), k])
        hits = [(row["id"], float(row["distance"])) for row in rows]
        return sorted(hits, key=lambda hit: (hit[1], hit[0]))

    def lexical_search(self, terms: list[str], k: int, allowed: list[int] | None) -> list[int]:
        """BM25 as FTS5 scores it, in one statement (postgres_lexical.bm25)."""
        terms = [_text(term) for term in terms]
        if not terms or allowed == [] or k <= 0:
            return []
        return postgres_lexical.bm25(self, terms, k, allowed)

    def term_frequency(self, word: str) -> int:
        """An estimate from the planner's statistics, never a count
        (postgres_lexical.term_frequency)."""
        if self._statistics is None:
            self._statistics = postgres_lexical.lexeme_statistics(self)
        return postgres_lexical.term_frequency(self, _text(word), self._statistics)

    def refresh_statistics(self) -> None:
        """ANALYZE the children and their postings (samples of 30,000 rows), so
        term_frequency's estimates do not wait for autovacuum."""
        self.conn.execute("ANALYZE chunks")
        self.conn.execute("ANALYZE postings")
        self._statistics = None

    def vector_search_stale(self) -> bool:
        """Whether HNSW's ef_search was never measured for this index, or
        its size changed by more than a fifth since, or its graph was
        rebuilt, or it fell short with a denser graph still to try
        (postgres_tuning, postgres_graph)."""
        graph = postgres_graph.current(self)
        return postgres_tuning.needs_measuring(
            self._tuning_meta(), self.chunk_count(), str(graph), can_densify=postgres_graph.denser(graph) is not None)

    def measure_vector_search(self, cancel: Callable[[], bool] = lambda: False,
                              on_step: Callable[[str], None] = lambda step: None) -> None:
        """Measure and record the ef_search this index needs; when even the
        largest falls short, rebuild the graph denser (postgres_graph) and
        measure again. This session uses the result from now on, askers
        from their next connection. A failure or a cancel keeps what there
        was (the index itself is complete) and the next run tries again."""
        children = self.chunk_count()
        graph = postgres_graph.current(self)
        meta = self._tuning_meta()
        tuning = postgres_tuning.Tuning.recorded(meta)
        if tuning is None or not tuning.wants_denser_graph or postgres_tuning.needs_measuring(
                meta, children, str(graph)):
            tuning = self._measure_graph(children, graph, cancel)
        # else: measured short on this very graph at about this size (a
        # rebuild that failed or was cancelled): straight to the rebuild
        while tuning is not None and tuning.wants_denser_graph and not cancel():
            denser = postgres_graph.denser(graph)
            if denser is None:
                return
            on_step(f"rebuilding the shared index's vector graph denser (m {denser.m}; "
                    f"recall@20 {tuning.recall:.3f} < {postgres_tuning.TARGET_RECALL} at "
                    f"ef_search {tuning.ef_search:,}) · questions are answered meanwhile")
            try:
                postgres_graph.rebuild(self, denser, cancel)
            except postgres_graph.RebuildFailed as error:
                log.warning("could not rebuild the HNSW graph of %s with %s (%s); the old "
                            "graph stays, and the next indexing run tries again",
                            self.location, denser.options(), error)
                if not cancel():  # a cancel is the maintainer's choice, not a fault to report
                    self.set_meta({postgres_tuning.REBUILD_KEY: str(error)})
                return
            self._forget_rebuild_error()
            graph = denser
            on_step("checking the shared index's denser graph against exact search")
            tuning = self._measure_graph(children, graph, cancel)

    def _measure_graph(self, children: int, graph, cancel: Callable[[], bool]):
        """postgres_tuning.measure, recorded; None (and a warning) when it
        could not be measured."""
        import psycopg

        try:
            tuning = postgres_tuning.measure(self, children, str(graph), cancel=cancel)
        except psycopg.Error as error:
            log.warning("could not measure HNSW's ef_search on %s (%s); it stays at %d",
                        self.location, str(error).strip(), self.ef_search)
            return None
        if tuning is None:
            return None
        log.info("HNSW (%s): ef_search %d gives recall@20 %.3f against exact search at %d "
                 "children", graph, tuning.ef_search, tuning.recall, children)
        self.set_meta(tuning.meta())
        if not tuning.wants_denser_graph:  # a failed try at a denser graph is moot now
            self._forget_rebuild_error()
        self.ef_search = self._set_search_settings()
        return tuning

    def _forget_rebuild_error(self) -> None:
        self.conn.execute("DELETE FROM index_meta WHERE key = %s", (postgres_tuning.REBUILD_KEY,))

    def vector_search_info(self) -> dict[str, Any]:
        graph = postgres_graph.current(self)
        return postgres_tuning.describe(self._tuning_meta(), str(graph)) | {
            "graph": {"m": graph.m, "ef_construction": graph.ef_construction}}

    def _tuning_meta(self) -> dict[str, str]:
        return {row["key"]: row["value"] for row in self.rows(
            "SELECT key, value FROM index_meta WHERE key = ANY(%s)",
            (list(postgres_tuning.KEYS),))}

    def following(self, ids: list[int], steps: int) -> dict[int, Following]:
        if not ids:
            return {}
        numbers = range(1, steps + 1)
        columns = "".join(f", n{i}.id AS id{i}, n{i}.kind AS kind{i}" for i in numbers)
        joins = "".join(f" LEFT JOIN chunks n{i} ON n{i}.section_id = c.section_id "
                        f"AND n{i}.chunk_index = c.chunk_index + {i}" for i in numbers)
        rows = self.rows(f"SELECT c.id, c.kind{columns} FROM chunks c{joins} "
                         "WHERE c.id = ANY(%s)", (list(ids),))
        return {row["id"]: (row["kind"], [(row[f"id{i}"], row[f"kind{i}"]) for i in numbers
                                          if row[f"id{i}"] is not None])
                for row in rows}

    def chunks_by_id(self, ids) -> dict[int, dict[str, Any]]:
        ids = list(ids)
        if not ids:
            return {}
        return {row["id"]: row for row in self.rows(
            f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE id = ANY(%s)", (ids,))}

    def sections_by_id(self, ids) -> dict[int, dict[str, Any]]:
        ids = list(ids)
        if not ids:
            return {}
        return {row["id"]: row for row in self.rows(
            f"SELECT {SECTION_COLUMNS}, d.path FROM sections s "
            "JOIN documents d ON d.id = s.document_id WHERE s.id = ANY(%s)", (ids,))}

    def section_children(self, section_ids) -> list[dict[str, Any]]:
        section_ids = list(section_ids)
        if not section_ids:
            return []
        return self.rows(f"SELECT {CHUNK_COLUMNS} FROM chunks WHERE section_id = ANY(%s) "
                         "ORDER BY section_id, chunk_index", (section_ids,))

    def chunk_spans(self, section_id: int) -> list[tuple[int, int]]:
        return [(row["start_char"], row["end_char"]) for row in self.rows(
            "SELECT start_char, end_char FROM chunks WHERE section_id = %s "
            "ORDER BY start_char", (section_id,))]

    def section_bodies(self) -> list[str]:
        return [row["body"] for row in self.rows("SELECT body FROM sections")]

    # -- chunk health ---------------------------------------------------------------------------
    def chunk_lengths(self) -> list[dict[str, Any]]:
        return self.rows("SELECT tokens, tokens_cl100k, split_level, kind FROM chunks")

    def over_window_chunks(self) -> list[dict[str, Any]]:
        return self.rows(OVER_WINDOW_SQL)

    def chunk_detail(self, chunk_id: int) -> dict[str, Any] | None:
        found = self.rows(CHUNK_DETAIL_SQL, (chunk_id,))
        return found[0] if found else None
