"""The test PostgreSQL (tests/pg_server.py): a real PostgreSQL 18 with pgvector,
private to the test session, that the PostgreSQL store will be tested against."""
from __future__ import annotations

import os

import numpy as np
import pytest

from pg_fixtures import start_server
from pg_server import PORT

psycopg = pytest.importorskip("psycopg")
from psycopg import errors  # noqa: E402

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

DIM = 384


def vector_literal(values) -> str:
    """pgvector's text form, passed as a parameter and cast with ::vector."""
    return "[" + ",".join(f"{float(v):.7g}" for v in values) + "]"


def test_the_server_is_postgresql_18(postgres):
    with psycopg.connect(postgres.conninfo()) as conn:
        version = conn.execute("SELECT version()").fetchone()[0]
        number = int(conn.execute("SHOW server_version_num").fetchone()[0])
    assert version.startswith("PostgreSQL 18"), version
    assert 180000 <= number < 190000
    with psycopg.connect(postgres.uri()) as conn:  # the URI form connects too
        assert conn.execute("SELECT 1").fetchone() == (1,)


def test_create_extension_vector_works(postgres):
    name = f"plain_{os.getpid()}"
    with psycopg.connect(postgres.conninfo(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE template0")
    try:
        with psycopg.connect(postgres.conninfo(name), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
            version = conn.execute(
                "SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
            distance = conn.execute("SELECT '[1,0]'::vector <=> '[0,1]'::vector").fetchone()[0]
    finally:
        with psycopg.connect(postgres.conninfo(), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
    assert version is not None and version[0].startswith("0.")
    assert distance == pytest.approx(1.0)


def test_each_test_gets_a_fresh_database_with_vector(pg_database):
    with psycopg.connect(pg_database.conninfo) as conn:
        assert conn.execute("SELECT current_database()").fetchone()[0] == pg_database.name
        assert conn.execute(
            "SELECT count(*) FROM pg_extension WHERE extname = 'vector'").fetchone()[0] == 1
        tables = conn.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone()[0]
    assert tables == 0


def test_hnsw_index_returns_the_nearest_rows_in_order(pg_database):
    rng = np.random.default_rng(20)
    query = rng.standard_normal(DIM)
    query /= np.linalg.norm(query)
    rows = rng.standard_normal((300, DIM))  # random directions: cosine ~0 to the query
    # Rows 0..4 are the query bent further and further away from it.
    for i, weight in enumerate((0.05, 0.3, 0.6, 1.0, 1.6)):
        rows[i] = query + weight * rng.standard_normal(DIM) / np.sqrt(DIM)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    order = rng.permutation(len(rows))  # insertion order says nothing about nearness

    with psycopg.connect(pg_database.conninfo) as conn:
        conn.execute(f"CREATE TABLE chunks (id integer PRIMARY KEY, embedding vector({DIM}))")
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO chunks VALUES (%s, %s::vector)",
                            [(int(i), vector_literal(rows[i])) for i in order])
        conn.execute("CREATE INDEX chunks_hnsw ON chunks USING hnsw (embedding vector_cosine_ops)")
        conn.execute("ANALYZE chunks")
        conn.execute("SET enable_seqscan = off")
        knn = "SELECT id, embedding <=> %s::vector AS d FROM chunks ORDER BY d LIMIT 5"
        plan = "\n".join(r[0] for r in conn.execute("EXPLAIN " + knn, [vector_literal(query)]))
        found = conn.execute(knn, [vector_literal(query)]).fetchall()

    assert "chunks_hnsw" in plan, plan
    exact = np.argsort(1.0 - rows @ query)[:5]
    assert [row[0] for row in found] == [0, 1, 2, 3, 4] == exact.tolist()
    for id_, distance in found:
        assert distance == pytest.approx(1.0 - rows[id_] @ query, abs=1e-4)


HOSTILE_TEXT = [
    "'; DROP TABLE docs; --",
    "Robert'); DROP TABLE docs;--",
    "1' OR '1'='1",
    "$$ dollar $$ $body$ quoted $body$",
    "%s %(name)s {0} $1 ? :name",
    "back\\slash \\' E'\\x41' \\\\",
    "/* comment */ SELECT pg_sleep(10); -- trailing",
    "\"double\" `back` ;;; \t tab\nnew line\r\n",
    "COPY docs TO PROGRAM 'rm -rf /'",
    "Ünïcödé — 中文 — emoji 🐘",
]


def test_sql_looking_text_round_trips_unchanged_through_parameters(pg_database):
    with psycopg.connect(pg_database.conninfo) as conn:
        conn.execute("CREATE TABLE docs (id serial PRIMARY KEY, body text NOT NULL)")
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO docs (body) VALUES (%s)", [(t,) for t in HOSTILE_TEXT])
        stored = [r[0] for r in conn.execute("SELECT body FROM docs ORDER BY id")]
        for text in HOSTILE_TEXT:  # as a question: matched as data, never run
            assert conn.execute("SELECT count(*) FROM docs WHERE body = %s",
                                [text]).fetchone()[0] == 1
            conn.execute("SELECT websearch_to_tsquery('english', %s)", [text]).fetchone()
        assert conn.execute("SELECT to_regclass('docs') IS NOT NULL").fetchone()[0]
    assert stored == HOSTILE_TEXT


def test_a_read_only_role_cannot_write(pg_database):
    reader = f"reader_{pg_database.name}"
    with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
        admin.execute("CREATE TABLE docs (id integer PRIMARY KEY, body text)")
        admin.execute("INSERT INTO docs VALUES (1, 'kept')")
        admin.execute(f"CREATE ROLE {reader} LOGIN")
        admin.execute(f"GRANT CONNECT ON DATABASE {pg_database.name} TO {reader}")
        admin.execute(f"GRANT USAGE ON SCHEMA public TO {reader}")
        admin.execute(f"GRANT SELECT ON docs TO {reader}")
        admin.execute(f"ALTER ROLE {reader} SET default_transaction_read_only = on")
    try:
        as_reader = pg_database.server.conninfo(pg_database.name, user=reader)
        with psycopg.connect(as_reader, autocommit=True) as conn:
            assert conn.execute("SELECT body FROM docs").fetchall() == [("kept",)]
            assert conn.execute("SHOW default_transaction_read_only").fetchone()[0] == "on"
            with pytest.raises(errors.ReadOnlySqlTransaction):
                conn.execute("INSERT INTO docs VALUES (2, 'written')")
            # The setting is only the first guard (a client may turn it off);
            # the grants are what stop a write.
            conn.execute("SET default_transaction_read_only = off")
            for statement in ("INSERT INTO docs VALUES (2, 'written')",
                              "UPDATE docs SET body = 'changed'",
                              "DELETE FROM docs",
                              "CREATE TABLE other (id integer)"):
                with pytest.raises(errors.InsufficientPrivilege):
                    conn.execute(statement)
        with psycopg.connect(pg_database.conninfo) as admin:
            assert admin.execute("SELECT id, body FROM docs").fetchall() == [(1, "kept")]
    finally:
        with psycopg.connect(pg_database.conninfo, autocommit=True) as admin:
            admin.execute(f"DROP OWNED BY {reader}")
            admin.execute(f"DROP ROLE {reader}")


def test_nothing_listens_on_tcp(postgres):
    with psycopg.connect(postgres.conninfo()) as conn:
        assert conn.execute("SHOW listen_addresses").fetchone()[0] == ""
        assert conn.execute("SHOW unix_socket_directories").fetchone()[0] == str(
            postgres.socket_dir)
        assert conn.execute("SELECT inet_server_addr()").fetchone()[0] is None
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"host=127.0.0.1 port={PORT} user=postgres dbname=postgres "
                        "connect_timeout=3").close()
    psutil = pytest.importorskip("psutil")
    server = psutil.Process(postgres.pid)
    sockets = server.net_connections(kind="inet")
    assert [s for s in sockets if s.status == psutil.CONN_LISTEN] == []


def test_stop_shuts_the_server_down_and_removes_its_folder():
    server = start_server()
    try:
        with psycopg.connect(server.conninfo(), autocommit=True) as conn:
            conn.execute("CREATE TABLE kept (n integer)")
            conn.execute("INSERT INTO kept VALUES (42)")
        process, socket, base = server.process, server.socket_path, server.base
        assert socket.exists() and process.poll() is None

        server.stop(keep_data=True)  # a restart keeps the data
        assert process.poll() is not None and not socket.exists()
        server.start()
        with psycopg.connect(server.conninfo()) as conn:
            assert conn.execute("SELECT n FROM kept").fetchall() == [(42,)]
        process = server.process
    finally:
        server.stop()
    assert process.poll() is not None
    assert not socket.exists() and not base.exists()
    with pytest.raises(ProcessLookupError):
        os.kill(process.pid, 0)
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"host={socket.parent} port={PORT} user=postgres connect_timeout=3")
