"""How densely the shared index's HNSW graph is built (pgvector's `m`, the
neighbours each child keeps, and `ef_construction`, the candidates weighed
when it is linked in), and rebuilding it denser when the index has outgrown it.

ef_search (postgres_tuning) buys recall at search time, up to pgvector's
largest, 1,000. Past some size that is not enough: on the benchmark's
synthetic vectors the default graph (m 16, ef_construction 64) gave
recall@20 0.975-0.980 at ef_search 1,000 with 500,000 children, while a
graph of m 32, ef_construction 128 gave 0.990 at ef_search 300 with 200,000
(docs/benchmarks.md). A denser graph costs memory and every later write,
so an index gets one only when its own measurement says ef_search cannot
reach the target: the next graph of GRAPHS is built beside the old one and
takes its place in one transaction, and ef_search is measured again.

The build runs in the indexer's transaction, so askers go on searching
through the old graph while it runs (CREATE INDEX blocks writes, not
reads), and a kill or a failure leaves the old graph exactly as it was.
Only the swap waits for askers: dropping the old index needs the table to
itself for an instant, so it waits for questions in progress, a few
seconds at most, then gives up and keeps the old graph.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

log = logging.getLogger(__name__)

INDEX = "chunks_embedding"


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
# Each step doubles both: measured at 200,000 children, m 32 reached the
# target where m 16 needed three times the candidates and still fell short
# at 500,000; writing a child costs about three times as much.
GRAPHS = (DEFAULT, Graph(32, 128), Graph(64, 256))
# pgvector builds a graph that fits in maintenance_work_mem in memory, many
# times faster than one linked in child by child (174 s for 500,000
# children against 48 minutes of writing them). The session asks for twice
# the old graph's size (a denser one holds more links), never less than the
# server gives, never more than this.
MAX_BUILD_MEMORY_MB = 4096
SWAP_LOCK_TIMEOUT_S = 5.0
SWAP_ATTEMPTS = 3


def current(store) -> Graph:
    """The graph the index has now (pgvector's defaults where none were given)."""
    rows = store.rows("SELECT coalesce(reloptions, '{}') AS options FROM pg_class "
                      "WHERE relname = %s AND relnamespace = current_schema()::regnamespace",
                      (INDEX,))
    options = dict(option.split("=", 1) for option in rows[0]["options"]) if rows else {}
    return Graph(int(options.get("m", DEFAULT.m)),
                 int(options.get("ef_construction", DEFAULT.ef_construction)))


def denser(graph: Graph) -> Graph | None:
    """The next graph of GRAPHS with more links than `graph`, if any."""
    return next((step for step in GRAPHS if step.m > graph.m), None)


def rebuild(store, graph: Graph, cancel: Callable[[], bool] = lambda: False,
            lock_timeout_s: float = SWAP_LOCK_TIMEOUT_S) -> bool:
    """Build `graph` over every child and put it in the old one's place.
    False, with the old graph untouched, when cancelled, when askers held
    the table through every attempt at the swap, or on a server error."""
    import psycopg

    try:
        with store.conn.transaction(), _cancelled_by(store.conn, cancel):
            _build(store, graph)
            if cancel():
                raise psycopg.errors.QueryCanceled("cancelled")
            if _swap(store, lock_timeout_s):
                return True
            raise psycopg.Rollback()  # nothing of the build is kept
    except psycopg.errors.QueryCanceled:
        log.info("rebuilding the HNSW graph was cancelled; the old graph stays")
    except psycopg.Error as error:
        log.warning("could not rebuild the HNSW graph of %s with %s (%s); the old graph "
                    "stays", store.location, graph.options(), str(error).strip())
    return False


def _build(store, graph: Graph) -> None:
    import psycopg

    store.conn.execute(f"SET LOCAL maintenance_work_mem = '{_build_memory_mb(store)}MB'")
    store.conn.execute("SAVEPOINT build")
    try:
        _create(store, graph)
    except psycopg.errors.DiskFull:
        # A parallel build keeps its graph in POSIX shared memory, which a
        # container caps at 64 MB unless told otherwise (pgvector #453);
        # one process builds in its own memory.
        store.conn.execute("ROLLBACK TO SAVEPOINT build")
        log.info("the parallel HNSW build ran out of shared memory; building in one process")
        store.conn.execute("SET LOCAL max_parallel_maintenance_workers = 0")
        _create(store, graph)


def _create(store, graph: Graph) -> None:
    store.conn.execute(f"CREATE INDEX {INDEX}_next ON chunks USING hnsw(embedding "
                       f"vector_cosine_ops) WITH ({graph.options()})")


def _swap(store, lock_timeout_s: float) -> bool:
    """The new graph in the old one's place, under its name. Dropping the
    old index waits for questions in progress, and questions arriving
    meanwhile wait behind it: so it waits a few seconds at a time, and
    gives up (keeping the old graph) rather than stall askers for long."""
    import psycopg

    store.conn.execute(f"SET LOCAL lock_timeout = '{int(lock_timeout_s * 1000)}ms'")
    for attempt in range(SWAP_ATTEMPTS):
        store.conn.execute("SAVEPOINT swap")
        try:
            store.conn.execute(f"DROP INDEX IF EXISTS {INDEX}")  # none: built after a load
            store.conn.execute(f"ALTER INDEX {INDEX}_next RENAME TO {INDEX}")
            return True
        except psycopg.errors.LockNotAvailable:
            store.conn.execute("ROLLBACK TO SAVEPOINT swap")
            time.sleep(lock_timeout_s)
    log.warning("askers kept the shared index busy through %d attempts to put the denser "
                "HNSW graph in place; the old graph stays", SWAP_ATTEMPTS)
    return False


def _build_memory_mb(store) -> int:
    row = store.rows("SELECT coalesce(pg_relation_size(to_regclass(%s)), "
                     "pg_relation_size('chunks', 'main')) / 1048576 AS graph_mb, "
                     "current_setting('maintenance_work_mem') AS setting", (INDEX,))[0]
    server = _megabytes(row["setting"])
    return max(server, min(2 * int(row["graph_mb"]) + 64, MAX_BUILD_MEMORY_MB))


def _megabytes(setting: str) -> int:
    units = {"kB": 1 / 1024, "MB": 1, "GB": 1024, "TB": 1024 * 1024}
    for unit, scale in units.items():
        if setting.endswith(unit):
            return int(float(setting[:-len(unit)]) * scale)
    return int(setting) // 1024  # a bare number is kB


class _cancelled_by:
    """While inside: `cancel()` becoming true cancels the statement the
    connection is running (a build can take many minutes)."""

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
                return
