"""The shared index: the store contract on PostgreSQL with pgvector (psycopg 3).

For a team: one index on a server, written by one indexer and read by many
askers. Vectors live in `chunks.embedding` (pgvector, HNSW over cosine
distance), the lexical side is PostgreSQL's own full-text search over a
generated tsvector; search fuses the two exactly as it does on SQLite.

The lexical side is BM25 as FTS5 computes it (k1 = 1.2, b = 0.75, its IDF),
over PostgreSQL's full-text index: its own ts_rank has no IDF, and on the dev
set it lost 0.07 of chunk recall@5 against SQLite.

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
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from app.common.chunks import Child
from app.common.documents import Section
from app.store.contract import (FAILED, DocumentRecord, Following, IndexBusy, IndexCounts,
                                StoreError, checked_vectors, document_values)
from app.store import postgres_graph, postgres_tuning
from app.store import postgres_requirements as requirements
from app.store.postgres_migrations import MIGRATIONS, TEXT_SEARCH_CONFIG, lexical_text
from app.store.queries import (CHUNK_COLUMNS, CHUNK_DETAIL_SQL, DOCUMENT_FILTERS_SQL,
                               OVER_WINDOW_SQL, SECTION_COLUMNS)

log = logging.getLogger(__name__)

URI_PREFIXES = ("postgresql://", "postgres://")
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
ENCODING_FIX = "CREATE DATABASE handbook ENCODING 'UTF8' TEMPLATE template0"
IDLE = 0  # psycopg.pq.TransactionStatus.IDLE: no transaction open

DOCUMENT_COLUMNS = ("path", "sha256", "size", "mtime", "format", "title", "metadata",
                    "deprecated", "pages", "status", "chunks", "over_window", "indexed_at",
                    "encoding", "ocr_pages", "ocr_confidence")
CHUNK_WRITE_COLUMNS = ("section_id", "document_id", "chunk_index", "total_chunks", "kind", "text",
                       "embedded_text", "start_char", "end_char", "page", "tokens",
                       "tokens_cl100k", "over_window", "invisible_tokens", "split_level",
                       "words", "embedding")
K1, B = 1.2, 0.75            # FTS5's bm25() defaults
WORD = re.compile(r"[^\W_]+")  # a token as FTS5's unicode61 cuts them (underscore splits)


def is_server_location(location: str) -> bool:
    """A libpq URI (postgresql://…) or key/value string naming a service or host."""
    text = str(location).strip()
    return text.startswith(URI_PREFIXES) or (
        "=" in text and any(text.startswith(key + "=") or f" {key}=" in text
                            for key in ("service", "host", "dbname", "hostaddr")))


UNREADABLE = ("the address of the shared index cannot be read; write it as "
              "postgresql://user@host/database or service=NAME (an @ inside a password is "
              "written %40; better, keep the password in ~/.pgpass)")


def _parts(conninfo: str) -> dict | None:
    """The connection string's parameters as libpq reads them, or None when
    it cannot: unparsable, or a host name holding "@" — an unescaped @ in a
    password (postgresql://me:p@ss@host/db), whose tail libpq would take for
    the host and print in its messages."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(conninfo)
    except Exception:  # noqa: BLE001 - any parse failure
        return None
    hosts = f"{parts.get('host') or ''},{parts.get('hostaddr') or ''}"
    return None if "@" in hosts else parts


def readable(conninfo: str) -> bool:
    """Whether libpq can read this connection string (without connecting)."""
    return _parts(conninfo) is not None


def display_location(conninfo: str) -> str:
    """The location without its password, for messages and the window title."""
    parts = _parts(conninfo)
    if parts is None:  # reported in words when opened, never echoed
        return "the shared index"
    if parts.get("service"):
        return f"service {parts['service']}"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = parts.get("host") or parts.get("hostaddr") or "localhost"
    if host.startswith("/"):  # a Unix socket on this computer
        return f"postgresql://{user}/{parts.get('dbname', '')} (local socket in {host})"
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname', '')}"


def without_password(conninfo: str) -> str:
    """The connection string with any password taken out: the app never keeps
    one (libpq reads it from ~/.pgpass, a service file or PGPASSWORD)."""
    if not conninfo:
        return ""
    from psycopg.conninfo import make_conninfo

    parts = _parts(conninfo)
    if parts is None:  # unreadable: it may hide a password, so none of it is kept
        return ""
    if "password" not in parts:
        return conninfo
    parts.pop("password")
    return make_conninfo(**parts)


def server_message(where: str, error: Exception) -> str:
    """What a PostgreSQL error met while using the shared index means, in words."""
    import psycopg
    from psycopg import errors

    if isinstance(error, psycopg.ProgrammingError) and getattr(error, "sqlstate", None) is None:
        # libpq could not read the address: its message quotes the address,
        # which may hold a password, so it is not repeated.
        return UNREADABLE
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, errors.InsufficientPrivilege):
        return (f"the shared index {where} is read-only for this user ({text}); "
                "indexing needs the role that maintains it")
    if isinstance(error, (errors.ReadOnlySqlTransaction,)):
        return f"the shared index {where} is read-only here ({text})"
    if isinstance(error, errors.QueryCanceled):  # the window's statement limit
        return (f"the shared index server {where} took too long to answer ({text}); try "
                "again, or ask its maintainer whether it is overloaded")
    if isinstance(error, errors.DiskFull):
        return f"the server holding the shared index {where} is out of disk space ({text})"
    if isinstance(error, psycopg.OperationalError):
        lowered = text.lower()
        if "unsupported startup parameter" in lowered:  # PgBouncer
            return (f"the connection pooler in front of {where} refused a setting of the "
                    f"address ({text}); take it out of the address, or add it to "
                    "ignore_startup_parameters in pgbouncer.ini")
        if "statement pooling" in lowered:  # PgBouncer's pool_mode = statement
            return (f"the connection pooler in front of {where} pools single statements "
                    f"({text}), and the shared index is written and read in transactions: "
                    "give its database pool_mode = transaction (or session) in pgbouncer.ini")
        if "query_wait_timeout" in lowered or "no more connections allowed" in lowered:
            return (f"the connection pooler in front of {where} had no server connection "
                    f"free ({text}); an indexing run needs two at once: raise its "
                    "default_pool_size (pgbouncer.ini), or try again when it is less busy")
        refusal = _tls_refusal(where, error, text)
        if refusal is not None:
            return refusal
        if "password" in lowered or "authentication" in lowered:
            return (f"the server refused the login to {where} ({text}); the app stores no "
                    "passwords: put it in ~/.pgpass, a service file or PGPASSWORD")
        if "does not exist" in lowered:
            return f"{where}: {text}"
        if "certificate" in lowered or "host name" in lowered or "root cert" in lowered:
            return (f"the shared index server {where} did not prove who it is ({text}); check "
                    "the certificate authority (sslrootcert) and the host name in the address")
        return (f"the shared index server {where} does not answer ({text}); "
                "is it running, and is the address right?")
    return f"the shared index {where} could not be used ({text})"


def _tls_refusal(where: str, error: Exception, text: str) -> str | None:
    """sslmode=verify-ca/verify-full refused the server (libpq's words matched):
    which check failed, and what to do, in one line; None for anything else."""
    import re

    given = _connection_option(error, "sslrootcert")
    rootcert = given or "libpq's default ~/.postgresql/root.crt"
    missing = re.search(r'root certificate file "([^"]*)" does not exist', text)
    if missing:
        named_by = (f"sslrootcert in the address of {where}" if given else
                    f"libpq's default, as the address of {where} names no sslrootcert")
        return (f"the root certificate file {missing.group(1)} ({named_by}) does not "
                "exist, so the server's certificate cannot be checked; "
                "point sslrootcert at your team's CA file (the certificate authority that "
                "signed the server's certificate)")
    if "certificate verify failed" in text:
        return (f"the shared index server {where} did not prove who it is: its certificate "
                f"could not be verified against the root certificate {rootcert} ({text}); "
                "point sslrootcert at your team's CA file (the certificate authority that "
                "signed the server's certificate)")
    named = re.search(r'server certificate for "[^"]*".* does not match host name "([^"]*)"',
                      text)
    if named:
        return (f"the shared index server {where} did not prove who it is: its certificate "
                f"does not name the host {named.group(1)} ({text}); connect by a name the "
                "certificate has (its subjectAltName), or ask the server's maintainer for "
                "a certificate that names this one")
    return None


def _connection_option(error: Exception, keyword: str) -> str | None:
    """A setting of the connection attempt that failed (libpq's, defaults included)."""
    try:
        options = error.pgconn.info  # type: ignore[attr-defined]
    except Exception:  # no connection attempt behind the error, or already freed
        return None
    for option in options:
        if option.keyword.decode() == keyword and option.val:
            return option.val.decode(errors="replace")
    return None


def encoding_refusal(where: str, encoding: str, indexed: bool) -> str:
    """Why a database that is not UTF8 is not used, and the fix, in one line."""
    why = ("stores bytes unchecked, so text cannot be read back as written and the word "
           "index cuts non-ASCII words apart" if encoding.upper() == "SQL_ASCII" else
           "cannot hold every character a handbook may contain")
    fix = (f"create a UTF8 database ({ENCODING_FIX}; template0, as template1 may have "
           f"another encoding) and give that one as --db")
    if indexed:
        return (f"the shared index {where} was written into a database with encoding "
                f"{encoding}, which {why}: it is not used, and nothing in it was changed. "
                f"To fix: {fix}, and index the folder into it (then drop this database)")
    return (f"the database of {where} has encoding {encoding}, which {why}; the shared index "
            f"needs UTF8 and nothing was written. To fix: {fix}")


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


def _tsvector(expression: str) -> str:
    """SQL: the lexemes of `expression` as the stored tsvector has them."""
    return f"to_tsvector('{TEXT_SEARCH_CONFIG}', {lexical_text(expression)})"


def _phrase(expression: str) -> str:
    """SQL: `expression` as a phrase query, its words never read as syntax."""
    return f"phraseto_tsquery('{TEXT_SEARCH_CONFIG}', {lexical_text(expression)})"


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
                raise StoreError(f"{self.location} holds no index yet: index a folder into it "
                                 "first (handbook-qa --db … index FOLDER)")
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
            raise StoreError(f"the server of {self.location} has a pgvector older than 0.8 "
                             f"({error}); update pgvector there") from error
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
            raise StoreError(f"the shared index {self.location} was built by a newer Handbook QA "
                             f"(schema {have}, this app knows {need}): update the app")
        if have is not None and have < need and not update:
            raise StoreError(f"the shared index {self.location} has schema version {have} and "
                             f"this app needs {need}: whoever maintains the index runs "
                             "'handbook-qa index' once (or indexes from the app) to update it")
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
                        copy.write_row((
                            section_ids[child.section], document_id, child.chunk_index,
                            child.total_chunks, child.kind, _text(child.text),
                            _text(child.embedded_text), child.start, child.end, child.page,
                            child.tokens, child.tokens_cl100k, int(child.over_window),
                            child.invisible_tokens, child.split_level, count, _vector(vector)))
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
            f"ON CONFLICT (path) DO UPDATE SET {updates}, error = NULL, crashes = 0, "
            "crash_sha256 = NULL RETURNING id", values)

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
        """Mark a file as failed; whatever was indexed from it before stays searchable."""
        from pathlib import PurePosixPath

        self.conn.execute(
            "INSERT INTO documents(path, sha256, size, mtime, format, title, status, error) "
            "VALUES (%s, NULL, %s, %s, %s, %s, %s, %s) ON CONFLICT (path) DO UPDATE SET "
            "status = excluded.status, error = excluded.error",
            (record.path, record.size, record.mtime, record.format,
             _text(record.title or PurePosixPath(record.path).name), FAILED, _text(error)))

    def record_crash(self, record: DocumentRecord) -> None:
        """Count a parser crash on this content (see QUARANTINE_AFTER in the indexer)."""
        with self.transaction():
            self.record_failure(record, "the parser crashed on this file")
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
            raise IndexBusy(f"another indexer is writing the shared index {self.location} "
                            f"({holder})")
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
        """BM25 as FTS5 scores it, over the children that match any term, in
        one statement (one snapshot: the totals agree with the children),
        read from the postings table as FTS5 reads its own (migration 3).

        Each term is its own phraseto_tsquery: a value, never tsquery syntax.
        A compound ("pg_hba.conf") counts only where its parts stand as the
        phrase; its frequency in a child is that of its rarest part (FTS5
        counts whole phrase matches: near enough). IDF is counted over the
        whole index, before the document filter, as FTS5 does."""
        terms = [_text(term) for term in terms]
        if not terms or allowed == [] or k <= 0:
            return []
        found = self.rows(
            f"SELECT ARRAY(SELECT lexeme FROM unnest({_tsvector('term')})) AS lexemes, "
            f"numnode({_phrase('term')}) > 1 AS compound "
            "FROM unnest(%s::text[]) WITH ORDINALITY AS t(term, n) ORDER BY n", (terms,))
        kept = [(term, row["lexemes"], row["compound"]) for term, row in zip(terms, found)
                if row["lexemes"]]
        if not kept:
            return []
        numbers = [n for n, (_, parts, _) in enumerate(kept) for _ in parts]
        names = [lexeme for _, parts, _ in kept for lexeme in parts]
        sizes = [len(parts) for _, parts, _ in kept for _ in parts]
        where, params = ("", []) if allowed is None else \
            ("WHERE f.document_id = ANY(%s)", [list(allowed)])
        # A compound is checked as its phrase ("1.1" has one lexeme, twice).
        compounds = [term if compound else None for term, _, compound in kept]
        rows = self.rows(
            # The question's lexemes, each with its term's number and part count.
            "WITH terms AS (SELECT * FROM unnest(%s::int[], %s::text[], %s::int[]) "
            "AS t(n, lexeme, parts)), "
            "phrases AS (SELECT n - 1 AS n, CASE WHEN term IS NOT NULL THEN "
            f"{_phrase('term')} END AS query "
            "FROM unnest(%s::text[]) WITH ORDINALITY AS x(term, n)), "
            "stats AS (SELECT greatest(chunks, 1) AS total, "
            "greatest(words, 1)::float8 / greatest(chunks, 1) AS mean FROM lexical_stats), "
            # A child matches a term when it holds all of the term's parts…
            "parts AS (SELECT t.n, p.chunk_id, p.document_id, p.words, min(p.tf) AS tf "
            "FROM terms t JOIN postings p ON p.lexeme = t.lexeme "
            "GROUP BY t.n, t.parts, p.chunk_id, p.document_id, p.words "
            "HAVING count(*) = t.parts), "
            # …and, for a compound, holds them as the phrase.
            "f AS (SELECT parts.* FROM parts JOIN phrases ph USING (n) "
            "WHERE ph.query IS NULL OR EXISTS (SELECT 1 FROM chunks c "
            "WHERE c.id = parts.chunk_id AND c.tsv @@ ph.query)), "
            "df AS (SELECT n, count(*) AS df FROM f GROUP BY n) "
            "SELECT f.chunk_id AS id, sum(greatest(ln((greatest(s.total - df.df, 0) + 0.5) "
            "/ (df.df + 0.5)), 1e-6) * f.tf * (%s + 1) / "
            "(f.tf + %s * (1 - %s + %s * f.words / s.mean))) AS score "
            f"FROM f JOIN df USING (n) CROSS JOIN stats s {where} "
            "GROUP BY f.chunk_id ORDER BY score DESC, f.chunk_id LIMIT %s",
            [numbers, names, sizes, compounds, K1, K1, B, B, *params, k])
        return [row["id"] for row in rows]

    def term_frequency(self, word: str) -> int:
        """An estimate, from the planner's statistics of the tsvector column
        (ANALYZE, run by autovacuum): how often its most common lexemes occur.
        Search asks this only to drop the most common words of a question on a
        large index (app/search/retrieval.py, query_terms), and counting each
        word's matches would cost a GIN scan per word (tens of milliseconds at
        100,000 children); FTS5 reads the same from its vocabulary. A lexeme
        the statistics do not list is rarer than all they do: counted as 1, so
        it is never dropped as absent. A phrase counts as its rarest part."""
        frequencies, rows = self._lexeme_statistics()
        parts = self.rows(f"SELECT ARRAY(SELECT lexeme FROM unnest({_tsvector('%s')})) AS p",
                          (_text(word),))[0]["p"]
        if not parts:
            return 0
        return min(max(round(frequencies.get(part, 0.0) * rows), 1) for part in parts)

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

    def _lexeme_statistics(self) -> tuple[dict[str, float], float]:
        if self._statistics is None:
            found = self.rows(
                "SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs "
                "AS shares, (SELECT reltuples FROM pg_class WHERE oid = 'chunks'::regclass) "
                "AS rows FROM pg_stats WHERE tablename = 'chunks' AND attname = 'tsv' "
                "AND schemaname = current_schema()")
            if found and found[0]["lexemes"]:
                row = found[0]
                self._statistics = (dict(zip(row["lexemes"], row["shares"])),
                                    max(float(row["rows"] or 0), 0.0))
            else:
                self._statistics = ({}, 0.0)
        return self._statistics

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


@dataclass(frozen=True)
class Probe:
    """What a connection test found: whether the app can use the shared index,
    whether this user may write it, and a sentence saying so."""

    usable: bool
    writable: bool
    message: str


def probe(conninfo: str) -> Probe:
    """Test a connection without changing anything on the server (Settings ›
    Shared index › Test connection): reachable, logged in, pgvector there,
    the schema this app needs, and whether this user can write."""
    import psycopg
    from psycopg.rows import dict_row

    if not readable(conninfo):
        return Probe(False, False, UNREADABLE[:1].upper() + UNREADABLE[1:] + ".")
    where = display_location(conninfo)
    try:
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                             application_name=_application_name(),
                             client_encoding=CLIENT_ENCODING) as conn:
            def value(sql: str, params=()):
                row = conn.execute(sql, params).fetchone()
                return row[0] if row else None

            encoding = _server_encoding(conn)
            if encoding.upper() != SERVER_ENCODING:
                indexed = value("SELECT to_regclass('schema_migrations') IS NOT NULL")
                return Probe(False, False, encoding_refusal(where, encoding, bool(indexed)))
            read_only = value("SHOW default_transaction_read_only") == "on" or \
                value("SHOW transaction_read_only") == "on"
            facts = requirements.read_facts(
                lambda sql: conn.cursor(row_factory=dict_row).execute(sql).fetchone())
            if not value("SELECT to_regclass('schema_migrations') IS NOT NULL"):
                if read_only:
                    return Probe(False, False, f"{where} holds no index yet, and this user "
                                               "may not create one: its maintainer indexes "
                                               "the folder into it first")
                found = requirements.creating_problems(facts)
                if found:
                    return Probe(False, False, requirements.refusal(where, found,
                                                                    creating=True))
                return Probe(True, True, f"Connected to {where}: no index yet; indexing the "
                                         "folder creates it")
            old_pgvector = requirements.pgvector_problem(facts)
            if old_pgvector:
                return Probe(False, False, requirements.refusal(where, [old_pgvector],
                                                                creating=False))
            have = value("SELECT max(version) FROM schema_migrations") or 0
            writable = not read_only and bool(value(
                "SELECT has_table_privilege('chunks', 'INSERT')"))
            need = MIGRATIONS[-1][0]
            if have > need:
                return Probe(False, False, f"{where} was built by a newer Handbook QA (schema "
                                           f"{have}, this app knows {need}): update the app")
            if have < need and not writable:
                return Probe(False, False, f"{where} has an older schema ({have}, this app "
                                           f"needs {need}): its maintainer's next index run "
                                           "updates it")
            chunks = value("SELECT count(*) FROM chunks")
            documents = value("SELECT count(*) FROM documents WHERE status = 'indexed'")
            mode = "you can index into it" if writable else \
                "read-only: you can ask, its maintainer indexes"
            return Probe(True, writable, f"Connected to {where}: {documents:,} documents, "
                                         f"{chunks:,} chunks; {mode}")
    except psycopg.Error as error:
        return Probe(False, False, server_message(where, error))
