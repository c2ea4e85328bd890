"""Crash-safety harness for the shared index: SIGKILL an indexer that writes
into a real PostgreSQL, then check the index and resume.

As tests/stress/kill_harness.py does for the SQLite file, with the same two
scenarios (a fresh index; an update: one file edited, one deleted, one added)
and the same checks after every kill:

- no document is half indexed (an 'indexed' row has exactly `chunks` chunks,
  each with its vector, and at least one section) and the store's own
  cross-checks are clean;
- resuming (a normal full run) gives the same index as a clean run of the
  same folder: documents, chunks and vectors (within 1e-6);
- the writer lock is free again (the killed session took it with it).

Kill points: right after the child's k-th write statement (INSERT, UPDATE,
DELETE or COPY, counted by a wrapper around its connection), and at random
moments. Each run starts from a database copied from a template (the clean
index of the first state, for updates), in milliseconds.

With `--pgbouncer` the killed indexer, and the run that resumes after it,
connect through a real PgBouncer in transaction pooling (tests/pg_bouncer.py),
as many laptops reach a team's server: the store then takes its writer lock
in a transaction of its own, and the pooler, not the server, is the first to
see the killed client go. The checks read the database directly, so a lock
left on one of the pooler's server sessions would show.

    python tests/stress/pg_kill_harness.py --deterministic 60 --random 100 [--pgbouncer]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
for extra in (ROOT, ROOT / "tests"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from app.store.postgres import PostgresStore  # noqa: E402
from stress.kill_harness import NEVER, half_indexed_in, summarise  # noqa: E402
from stress.kill_harness import campaign as sqlite_campaign  # noqa: E402

CHILD = r"""
import json, os, signal, sys, time
sys.path.insert(0, {root!r})
from app.embedding.minilm import MiniLM
from app.ingest.indexer import Indexer
from app.store.postgres import PostgresStore

kill_after = {kill_after}
writes = 0

def count(sql):
    global writes
    if str(sql).lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE", "COPY C"):
        if writes >= kill_after:
            os.kill(os.getpid(), signal.SIGKILL)
        writes += 1

class Cursor:
    def __init__(self, cursor): self._cursor = cursor
    def __enter__(self): return self
    def __exit__(self, *exc): return self._cursor.__exit__(*exc)
    def __getattr__(self, name): return getattr(self._cursor, name)
    def executemany(self, sql, params, **kw):
        count(sql)
        return self._cursor.executemany(sql, params, **kw)
    def copy(self, sql, *args, **kw):
        count(sql)
        return self._cursor.copy(sql, *args, **kw)

class Connection:
    def __init__(self, conn): self._conn = conn
    def __getattr__(self, name): return getattr(self._conn, name)
    def execute(self, sql, params=None, **kw):
        count(sql)
        return self._conn.execute(sql, params, **kw)
    def cursor(self, *args, **kw): return Cursor(self._conn.cursor(*args, **kw))

embedder = MiniLM()
store = PostgresStore({conninfo!r})
if {pooled!r} and not store.pooled:  # a campaign through the pooler must be one
    sys.exit("the indexer did not see the pooler it was sent through")
store.conn = Connection(store.conn)
print("start", flush=True)
started = time.monotonic()
Indexer(store, embedder).run({folder!r})
store.close()
print(json.dumps({{"writes": writes, "seconds": time.monotonic() - started}}), flush=True)
"""


class PostgresDatabases:
    """The campaign's indexes as databases on the test server; the same calls
    as kill_harness.SqliteFiles. A run's database is copied from a template
    (the clean index of state A, or an empty one with `vector`): milliseconds."""

    def __init__(self, server, bouncer=None):
        self.server = server
        self.bouncer = bouncer  # the indexer's way in, when pooled
        self.made: set[str] = set()
        self.admin("CREATE DATABASE empty_vector")
        with psycopg_connect(server.conninfo("empty_vector")) as conn:
            conn.execute("CREATE EXTENSION vector")
        self.admin("ALTER DATABASE empty_vector WITH IS_TEMPLATE true")

    def admin(self, sql: str) -> None:
        with psycopg_connect(self.server.conninfo()) as conn:
            conn.execute(sql)

    def reference(self, name: str) -> str:
        """The clean index of a state; made on first use, a template once built."""
        database = f"ref_{name}"
        if database not in self.made:
            self.admin(f"CREATE DATABASE {database} TEMPLATE empty_vector")
            self.made.add(database)
        return self.server.conninfo(database)

    def run(self, base: str | None) -> str:
        template = "empty_vector" if base is None else self._frozen(base)
        self.admin(f"CREATE DATABASE run TEMPLATE {template}")
        return self.server.conninfo("run")

    def _frozen(self, conninfo: str) -> str:
        from psycopg.conninfo import conninfo_to_dict

        name = conninfo_to_dict(conninfo)["dbname"]
        self.admin(f"ALTER DATABASE {name} WITH IS_TEMPLATE true")
        return name

    def discard(self, conninfo: str) -> None:
        self.admin("DROP DATABASE IF EXISTS run WITH (FORCE)")

    def indexers_way(self, conninfo: str) -> str:
        """The address an indexer of the run's database uses: through the
        pooler when there is one. The references are made directly: a
        template the pooler keeps a server session on cannot be copied."""
        from psycopg.conninfo import conninfo_to_dict

        if self.bouncer is None or conninfo_to_dict(conninfo)["dbname"] != "run":
            return conninfo
        return self.bouncer.uri("run")

    def spawn(self, conninfo: str, folder: Path, kill_after: int = NEVER) -> subprocess.Popen:
        way = self.indexers_way(conninfo)
        script = CHILD.format(root=str(ROOT), conninfo=way, folder=str(folder),
                              kill_after=kill_after, pooled=way != conninfo)
        return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)

    def index(self, conninfo: str, folder: Path, embedder) -> None:
        from app.ingest.indexer import Indexer

        with PostgresStore(self.indexers_way(conninfo)) as store:
            Indexer(store, embedder).run(folder)

    @staticmethod
    def check(conninfo: str) -> list[str]:
        with PostgresStore(conninfo) as store:
            return store.check()

    @staticmethod
    def snapshot(conninfo: str) -> dict:
        with PostgresStore(conninfo) as store:
            documents = sorted((r["path"], r["sha256"]) for r in store.documents())
            rows = store.rows("SELECT d.path, c.chunk_index, c.text, c.embedded_text, "
                              "c.embedding::text AS vector FROM chunks c "
                              "JOIN documents d ON d.id = c.document_id")
        chunks = sorted((r["path"], r["chunk_index"], r["text"], r["embedded_text"])
                        for r in rows)
        vectors = {(r["path"], r["chunk_index"]):
                   np.array(json.loads(r["vector"]), dtype=np.float32) for r in rows}
        return {"documents": documents, "chunks": chunks, "vectors": vectors}

    @staticmethod
    def half_indexed(conninfo: str) -> list[str]:
        """As for SQLite (every chunk has its vector: a NOT NULL column here),
        and the writer lock free again."""
        with PostgresStore(conninfo) as store:
            problems = half_indexed_in(store)
            # The killed writer's session, and its lock, end as soon as the server
            # sees the connection drop: wait for that, but not forever.
            store.conn.execute("SET lock_timeout = '20s'")
            try:
                with store.writer_lock(on_wait=lambda holder: None):
                    pass
            except Exception as error:  # noqa: BLE001 - LockNotAvailable, reported
                problems.append(f"the killed indexer's lock was not freed: {error}")
        return problems


def psycopg_connect(conninfo: str):
    import psycopg

    return psycopg.connect(conninfo, autocommit=True)


def campaign(work: Path, embedder, server, deterministic: int, randoms: int, seed: int = 0,
             log=lambda line: None, bouncer=None) -> dict:
    """`bouncer`: a PgBouncer in front of `server` that the indexers go through."""
    return sqlite_campaign(work, embedder, deterministic, randoms, seed, log,
                           backend=PostgresDatabases(server, bouncer))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deterministic", type=int, default=60)
    parser.add_argument("--random", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pgbouncer", action="store_true",
                        help="the indexers connect through PgBouncer in transaction pooling")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    from contextlib import nullcontext

    from app.embedding.minilm import MiniLM
    from pg_bouncer import PgBouncer
    from pg_server import PostgresServer

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pg-kill-") as work, PostgresServer() as server, \
            (PgBouncer(server) if args.pgbouncer else nullcontext()) as bouncer:
        result = campaign(Path(work), MiniLM(), server, args.deterministic, args.random,
                          args.seed, log=(lambda line: None) if args.quiet else print,
                          bouncer=bouncer)
    return summarise(result, time.monotonic() - started)


if __name__ == "__main__":
    sys.exit(main())
