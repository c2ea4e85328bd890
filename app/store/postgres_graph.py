"""How densely the shared index's HNSW graph is built (pgvector's `m`, the
neighbours each child keeps, and `ef_construction`, the candidates weighed
when it is linked in), and rebuilding it denser when the index has outgrown it.

ef_search (postgres_tuning) buys recall at search time, up to pgvector's
largest, 1,000. Past some size that is not enough: on the benchmark's
synthetic vectors the default graph (m 16, ef_construction 64) gave
recall@20 0.980 at ef_search 1,000 with 500,000 children, a graph of m 32,
ef_construction 128 0.989 at 500 (benchmarks/experiments/hnsw_graphs.py,
docs/benchmarks.md). A denser graph costs every later write about three
times as much, so an index gets one only when its own measurement says
ef_search cannot reach the target: the next graph of GRAPHS is built beside
the old one and takes its place, and ef_search is measured again.

The build and the swap are one transaction of their own, so askers go on
searching through the old graph while it runs (CREATE INDEX blocks writes,
not reads), and a kill or a failure leaves the old graph exactly as it was.
Only the swap waits for askers: dropping the old index needs the table to
itself for an instant, so it waits for the questions in progress, a second
at a time, and after a few tries gives up and keeps the old graph (the next
indexing run tries again).
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

log = logging.getLogger(__name__)

INDEX = "chunks_embedding"
NEXT = f"{INDEX}_next"  # the graph being built, until it takes INDEX's place


@dataclass(frozen=True, order=True)
class Graph:
    m: int
    ef_construction: int

    def options(self) -> str:
        """As CREATE INDEX … WITH takes them."""
        return f"m = {int(self.m)}, ef_construction = {int(self.ef_construction)}"

    def __str__(self) -> str:  # as index_meta records the graph measured
        return f"m={self.m},ef_construction={self.ef_construction}"


DEFAULT = Graph(16, 64)  # pgvector's own, what migration 1 builds
# Each step doubles both: at 500,000 children m 32 reached the target at
# ef_search 500 where m 16 needed 1,000 (and fell short at 1,000,000).
GRAPHS = (DEFAULT, Graph(32, 128), Graph(64, 256))
# pgvector builds a graph that fits in maintenance_work_mem in memory, many
# times faster than one linked in child by child (174 s for 500,000
# children with 8 GB, against 48 minutes of writing them with the graph);
# what does not fit is linked in on disk, child by child. The session asks
# for twice the old graph's size (a denser one holds more links), never
# less than the server or the connection gives it, and on its own never
# more than this: a parallel build takes all of it as shared memory at
# once, and a shared server's owner decides how much that may be. 1 GB
# holds about 380,000 children of the m-32 graph by pgvector's estimate;
# 500,000 want about 2 GB (`options=-c maintenance_work_mem=2GB` in the
# URI, or ALTER ROLE … SET maintenance_work_mem).
MAX_BUILD_MEMORY_MB = 1024
# A question queued behind the swap waits at most this long, well within
# the window's own statement limit (5 s); the swap tries a few times.
SWAP_LOCK_TIMEOUT_S = 1.0
SWAP_ATTEMPTS = 5
SWAP_PAUSE_S = 2.0
# A killed indexer's server session must not go on building for many
# minutes, holding the writer lock: the server checks its client this often.
CLIENT_CHECK = "5s"


class RebuildFailed(Exception):
    """The denser graph was not built or not put in place; the old one stays."""


def current(store) -> Graph:
    """The graph the index has now (pgvector's defaults where none were given)."""
    # Found as every other statement finds it, through the search path.
    rows = store.rows("SELECT coalesce(reloptions, '{}') AS options FROM pg_class "
                      "WHERE oid = to_regclass(%s)", (INDEX,))
    options = dict(option.split("=", 1) for option in rows[0]["options"]) if rows else {}
    return Graph(int(options.get("m", DEFAULT.m)),
                 int(options.get("ef_construction", DEFAULT.ef_construction)))


def denser(graph: Graph) -> Graph | None:
    """The next graph of GRAPHS with more links than `graph`, if any."""
    return next((step for step in GRAPHS if step.m > graph.m), None)


def reset(store) -> None:
    """Back to the default graph, in the caller's transaction, which has
    just emptied the table with TRUNCATE (after a DELETE, the build would
    still link in every row the transaction deleted): at once."""
    if current(store) != DEFAULT:
        store.conn.execute(f"DROP INDEX IF EXISTS {INDEX}")
        _create(store, DEFAULT, INDEX)


def rebuild(store, graph: Graph, cancel: Callable[[], bool] = lambda: False,
            lock_timeout_s: float = SWAP_LOCK_TIMEOUT_S) -> None:
    """Build `graph` over every child and put it in the old one's place.
    Raises RebuildFailed, the old graph untouched, when cancelled, when
    askers held the table through every try at the swap, or on a server
    error."""
    import psycopg

    try:
        with store.transaction(), _cancelled_by(store.conn, cancel):
            _prepare(store)
            _build(store, graph, cancel)
            _swap(store, lock_timeout_s, cancel)
    except psycopg.errors.QueryCanceled as error:
        if cancel():
            raise RebuildFailed("cancelled") from error
        raise RebuildFailed(str(error).strip()) from error
    except psycopg.Error as error:
        raise RebuildFailed(str(error).strip()) from error


def _prepare(store) -> None:
    """This transaction's settings: no time limits of the role's or the
    server's (a build takes as long as it takes; Cancel and the client
    check stop it instead), a server that notices when the indexer is
    gone, and memory for an in-memory build."""
    store.conn.execute("SET LOCAL statement_timeout = 0")  # first: it covers what follows
    store.conn.execute("SET LOCAL idle_in_transaction_session_timeout = 0")  # the swap's pauses
    version = store.conn.info.server_version
    _try_setting(store, "transaction_timeout", "0", version >= 170000)
    _try_setting(store, "client_connection_check_interval", CLIENT_CHECK, version >= 140000)
    store.conn.execute(f"SET LOCAL maintenance_work_mem = '{_build_memory_mb(store)}MB'")


def _try_setting(store, name: str, value: str, known: bool) -> None:
    """SET LOCAL a setting the server may not have (by version, or, for
    the client check, by platform): the build works without it."""
    import psycopg

    if not known:
        return
    store.conn.execute(f"SAVEPOINT {name}")
    try:
        store.conn.execute(f"SET LOCAL {name} = '{value}'")
    except psycopg.Error:
        store.conn.execute(f"ROLLBACK TO SAVEPOINT {name}")


def _build(store, graph: Graph, cancel: Callable[[], bool]) -> None:
    import psycopg

    _stop_if(cancel)
    store.conn.execute("SAVEPOINT build")
    try:
        _create(store, graph, NEXT)
    except psycopg.errors.DiskFull as error:
        if not _out_of_shared_memory(error):
            raise  # the disk itself: another build would fail the same way
        # A parallel build keeps its graph in POSIX shared memory, which a
        # container caps at 64 MB unless told otherwise (pgvector #453);
        # one process builds in its own memory.
        store.conn.execute("ROLLBACK TO SAVEPOINT build")
        log.info("the parallel HNSW build ran out of shared memory; building in one process")
        store.conn.execute("SET LOCAL max_parallel_maintenance_workers = 0")
        _stop_if(cancel)
        _create(store, graph, NEXT)


def _out_of_shared_memory(error) -> bool:
    """Raised by PostgreSQL's dynamic shared memory code (dsm_impl.c); by
    its English message where the server does not say where."""
    where = error.diag.source_function or ""
    return where.startswith("dsm_impl") or "shared memory" in str(error)


def _create(store, graph: Graph, name: str) -> None:
    store.conn.execute(f"CREATE INDEX {name} ON chunks USING hnsw(embedding "
                       f"vector_cosine_ops) WITH ({graph.options()})")


def _swap(store, lock_timeout_s: float, cancel: Callable[[], bool]) -> None:
    """The new graph in the old one's place, under its name. Dropping the
    old index waits for questions in progress, and questions arriving
    meanwhile wait behind it: so it waits a second at a time, and gives
    up (keeping the old graph) rather than stall askers for long."""
    import psycopg

    store.conn.execute(f"SET LOCAL lock_timeout = '{int(lock_timeout_s * 1000)}ms'")
    for attempt in range(SWAP_ATTEMPTS):
        _stop_if(cancel)
        if attempt:
            time.sleep(SWAP_PAUSE_S)
        store.conn.execute("SAVEPOINT swap")
        try:
            store.conn.execute(f"DROP INDEX IF EXISTS {INDEX}")  # none: built after a load
            store.conn.execute(f"ALTER INDEX {NEXT} RENAME TO {INDEX}")
            return
        except psycopg.errors.LockNotAvailable:
            store.conn.execute("ROLLBACK TO SAVEPOINT swap")
    raise RebuildFailed(f"askers kept the index busy through {SWAP_ATTEMPTS} tries to put "
                        "the new graph in place")


def _stop_if(cancel: Callable[[], bool]) -> None:
    import psycopg

    if cancel():
        raise psycopg.errors.QueryCanceled("cancelled")


def _build_memory_mb(store) -> int:
    row = store.rows("SELECT coalesce(pg_relation_size(to_regclass(%s)), "
                     "pg_relation_size('chunks', 'main')) / 1048576 AS graph_mb, "
                     "current_setting('maintenance_work_mem') AS setting", (INDEX,))[0]
    server = megabytes(row["setting"])
    return max(server, min(2 * int(row["graph_mb"]) + 64, MAX_BUILD_MEMORY_MB))


def megabytes(setting: str) -> int:
    """A memory setting as PostgreSQL shows it ('64MB', '1GB', '100000kB') in MB."""
    units = {"kB": 1 / 1024, "MB": 1, "GB": 1024, "TB": 1024 * 1024}
    for unit, scale in units.items():
        if setting.endswith(unit):
            return int(float(setting[:-len(unit)]) * scale)
    return int(setting) // 1024  # a bare number is kB


class _cancelled_by:
    """While inside: whenever `cancel()` is true, the statement the
    connection is running is cancelled (a build can take many minutes).
    Sent again while it stays true: one that lands between statements is
    lost. Left before the transaction ends, so its COMMIT is never hit."""

    def __init__(self, conn, cancel: Callable[[], bool]):
        self.conn, self.cancel = conn, cancel
        self.done = threading.Event()

    def __enter__(self):
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.done.set()
        self.thread.join()

    def _watch(self) -> None:
        while not self.done.wait(0.2):
            if self.cancel():
                self.conn.cancel_safe()
