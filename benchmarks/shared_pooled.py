"""The shared index through PgBouncer in transaction pooling, against a direct
connection to the same server, same run.

    python benchmarks/shared_pooled.py [--set sample|dev|both] [--pool-size 4] [--json]

For each golden set: the folder is indexed into one database directly (the
baseline) and into another through PgBouncer (pool_mode = transaction), both
timed, with the time spent waiting on the server apart (the embedder's
share swings with the machine's load); then every golden question is asked of the pooled database through
the pooler and directly, and of the direct database directly (Searcher and
`evaluate` as `handbook-qa eval`, k = 5, five results), with chunk and
context recall@5, MRR and search p50/p95 for each. The issue's target: the
recall through PgBouncer equals the direct connection's.

The server is the tests' own (tests/pg_server.py), PgBouncer the Debian
package's (tests/pg_bouncer.py), both on Unix sockets in temporary folders,
started here and stopped at the end. The dev set needs devset/build.py first.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))      # pg_server, pg_bouncer
sys.path.insert(0, str(ROOT / "benchmarks"))  # shared: SETS, milliseconds

from app.embedding.embedder import Embedder  # noqa: E402
from app.evaluation.recall import evaluate, load_cases  # noqa: E402
from app.ingest.indexer import Indexer  # noqa: E402
from app.search.retrieval import Searcher, SearchSettings  # noqa: E402
from app.store.backends import ServerLocation, open_store  # noqa: E402
from shared import SETS, milliseconds, search_times  # noqa: E402


@contextmanager
def server_waits() -> Iterator[list[float]]:
    """The seconds this process spends waiting on the server (psycopg's
    Connection.wait, every round trip) inside the block: what a pooler adds
    shows there, not hidden by the embedder's minute on a busy machine."""
    import psycopg

    original, spent = psycopg.Connection.wait, [0.0]

    def wait(self, *args, **kwargs):
        started = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - started

    psycopg.Connection.wait = wait
    try:
        yield spent
    finally:
        psycopg.Connection.wait = original


def index(location: ServerLocation, folder: Path, embedder: Embedder) -> dict:
    with open_store(location) as store, server_waits() as waited:
        started = time.perf_counter()
        report = Indexer(store, embedder).run(folder)
        seconds = time.perf_counter() - started
        pooled = store.pooled
    return {"pooled": pooled, "chunks": report.chunks, "failed": len(report.failed),
            "index_s": round(seconds, 1), "chunks_per_s": round(report.chunks / seconds, 1),
            "server_wait_s": round(waited[0], 2)}


def ask(location: ServerLocation, tsv: Path, embedder: Embedder) -> dict:
    with open_store(location, create=False) as store:
        searcher = Searcher(store, embedder, SearchSettings(results=5))
        times = search_times(searcher, tsv)
        result = evaluate(searcher, load_cases(tsv), 5)
        ef_search = store.ef_search
    return {"chunk_recall": result.chunk_recall["overall"]["recall"],
            "context_recall": result.context_recall["overall"]["recall"],
            "mrr_chunk": result.mrr["chunk"], "mrr_context": result.mrr["context"],
            "misses": sorted(miss["id"] for miss in result.misses), "cases": result.cases,
            "ef_search": ef_search, **milliseconds(times, "search_")}


def run(sets: list[str], pool_size: int) -> dict:
    import psycopg
    from pg_bouncer import PgBouncer
    from pg_server import PostgresServer

    embedder = Embedder()
    server = PostgresServer()
    server.start()
    figures = {}
    try:
        with PgBouncer(server, pool_mode="transaction", pool_size=pool_size) as bouncer:
            for name in sets:
                folder, tsv = SETS[name]
                if not folder.is_dir():
                    sys.exit(f"{folder} is missing: run devset/build.py first")
                with psycopg.connect(server.conninfo(), autocommit=True) as conn:
                    for db in (f"{name}_direct", f"{name}_pooled"):
                        conn.execute(f"CREATE DATABASE {db}")
                direct = ServerLocation(server.uri(f"{name}_direct"))
                pooled = ServerLocation(bouncer.uri(f"{name}_pooled"))
                pooled_direct = ServerLocation(server.uri(f"{name}_pooled"))
                figures[name] = {
                    "index": {"direct": index(direct, folder, embedder),
                              "pgbouncer": index(pooled, folder, embedder)},
                    "ask": {"direct index, direct": ask(direct, tsv, embedder),
                            "pooled index, direct": ask(pooled_direct, tsv, embedder),
                            "pooled index, pgbouncer": ask(pooled, tsv, embedder)}}
    finally:
        server.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("sample", "dev", "both"), default="both")
    parser.add_argument("--pool-size", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sets = ["sample", "dev"] if args.set == "both" else [args.set]
    figures = run(sets, args.pool_size)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for name, figure in figures.items():
        print(f"\n{name}")
        for how, row in figure["index"].items():
            print(f"  index {how:<10} {row['chunks']:>6} chunks  {row['index_s']:>7.1f} s  "
                  f"{row['chunks_per_s']:>6.1f} chunks/s  waiting on the server "
                  f"{row['server_wait_s']:.2f} s  (pooled: {row['pooled']})")
        for how, row in figure["ask"].items():
            print(f"  ask {how:<24} chunk R@5 {row['chunk_recall']:.3f}  context "
                  f"{row['context_recall']:.3f}  MRR {row['mrr_chunk']:.3f}  "
                  f"ef_search {row['ef_search']}  search p50 {row['search_p50_ms']} ms "
                  f"p95 {row['search_p95_ms']} ms  ({row['cases']} cases)")
        asked = figure["ask"]
        same = asked["pooled index, pgbouncer"] | {"search_p50_ms": 0, "search_p95_ms": 0}
        base = asked["pooled index, direct"] | {"search_p50_ms": 0, "search_p95_ms": 0}
        print(f"  through PgBouncer = direct on the same index (recall, MRR, misses): "
              f"{same == base}")


if __name__ == "__main__":
    main()
