"""Testing a connection to a shared index without changing anything on the
server: what Settings › Shared index › Test connection shows."""
from __future__ import annotations

from dataclasses import dataclass

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.store import postgres_requirements as requirements
from app.store.postgres import (CLIENT_ENCODING, CONNECT_TIMEOUT, SERVER_ENCODING,
                                _application_name, _server_encoding)
from app.store.postgres_errors import encoding_refusal, server_message
from app.store.postgres_migrations import MIGRATIONS
from app.store.postgres_uri import UNREADABLE, display_location, readable


@dataclass(frozen=True)
class Probe:
    """What a connection test found: whether the app can use the shared index,
    whether this user may write it, and what it found, in words (a Said,
    lower-case and without a full stop: the window words it and makes it a
    sentence)."""

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
        return Probe(False, False, UNREADABLE)
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
                    return Probe(False, False, Said(QT_TRANSLATE_NOOP(
                        "Core", "{where} holds no index yet, and this user may not create one: "
                        "its maintainer indexes the folder into it first"), where=where))
                found = requirements.creating_problems(facts)
                if found:
                    return Probe(False, False, requirements.refusal(where, found,
                                                                    creating=True))
                return Probe(True, True, Said(QT_TRANSLATE_NOOP(
                    "Core", "Connected to {where}: no index yet; indexing the folder creates it"),
                    where=where))
            old_pgvector = requirements.pgvector_problem(facts)
            if old_pgvector:
                return Probe(False, False, requirements.refusal(where, [old_pgvector],
                                                                creating=False))
            have = value("SELECT max(version) FROM schema_migrations") or 0
            writable = not read_only and bool(value(
                "SELECT has_table_privilege('chunks', 'INSERT')"))
            need = MIGRATIONS[-1][0]
            if have > need:
                return Probe(False, False, Said(QT_TRANSLATE_NOOP(
                    "Core", "{where} was built by a newer Handbook QA (schema {have}, this app "
                    "knows {need}): update the app"), where=where, have=str(have), need=str(need)))
            if have < need and not writable:
                return Probe(False, False, Said(QT_TRANSLATE_NOOP(
                    "Core", "{where} has an older schema ({have}, this app needs {need}): its "
                    "maintainer's next index run updates it"), where=where, have=str(have),
                    need=str(need)))
            chunks = value("SELECT count(*) FROM chunks")
            documents = value("SELECT count(*) FROM documents WHERE status = 'indexed'")
            template = (QT_TRANSLATE_NOOP("Core", "Connected to {where}: {documents} documents, "
                                                  "{chunks} chunks; you can index into it")
                        if writable else
                        QT_TRANSLATE_NOOP("Core", "Connected to {where}: {documents} documents, "
                                                  "{chunks} chunks; read-only: you can ask, its "
                                                  "maintainer indexes"))
            return Probe(True, writable, Said(template, where=where, documents=documents,
                                              chunks=chunks))
    except psycopg.Error as error:
        return Probe(False, False, server_message(where, error))
