"""The shared index through PgBouncer in transaction pooling, against a direct
connection to the same server, same run.

    python -m benchmarks.guards.shared_pooled [--set sample|dev|both] [--pool-size 4] [--json]
    python -m benchmarks.guards.shared_pooled --load 100000 [--askers 8] [--pool-sizes 10 4]
                                              [--rounds 5] [--per-client 40] [--json]

For each golden set: the folder is indexed into one database directly (the
baseline) and into another through PgBouncer (pool_mode = transaction), both
timed, with the time spent waiting on the server apart (the embedder's
share swings with the machine's load); then every golden question is asked of the pooled database through
the pooler and directly, and of the direct database directly (Searcher and
`evaluate` as `handbook-qa eval`, k = 5, five results), with chunk and
context recall@5, MRR and search p50/p95 for each. The issue's target: the
recall through PgBouncer equals the direct connection's.

`--load N`: search p50/p95 of several askers at once at N children, direct
and through PgBouncer (transaction pooling), from the same run and the same
index. Embedding 100,000 children's text would take this 2-core machine
over half an hour a run (about 50 children a second), so the index is
synthetic, as `benchmarks.guards.shared load` builds it: each
child's vector a mix of two of 1,000 real MiniLM vectors of the sample
handbook's text plus noise, normalised (common.spread_vectors), its text
the sample handbook's words, written through the contract's
write_document with the HNSW graph built after (the store's own rebuild),
then ANALYZE and the ef_search measurement the indexer does. Each asker
opens the index as the window does (create=False, interactive: the
statement limit goes with every transaction behind the pooler) and asks
`--per-client` questions, their vectors computed beforehand so the figures
are the store's and the pooler's, not ONNX's. The connections are timed in
`--rounds` rounds, each round every connection once in a rotated order, so
the machine's swings (another engineer's benchmarks share its 2 cores)
fall on all of them alike; p50/p95 over all rounds, and each pooled p95
over the direct p95. The issue's target: ≤ 1.2 at 100,000 children, 8
askers. Pool sizes: one that never makes an asker wait (askers + 2, the
rule in docs/shared-index-servers.md), and one smaller than the askers,
where PgBouncer queues transactions.

The server is the tests' own (tests/pg_server.py), PgBouncer the Debian
package's (tests/pg_bouncer.py), both on Unix sockets in temporary folders,
started here and stopped at the end. The dev set needs devset/build.py first.
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Iterator

from app.embedding.minilm import MiniLM
from app.evaluation.recall import evaluate, load_cases
from app.ingest.indexer import Indexer
from app.search.retrieval import Searcher, SearchSettings
from app.store.backends import ServerLocation, open_store
from benchmarks.common import (Precomputed, arguments, documents, fill, from_tests, golden,
                               milliseconds, postgres_server, print_figures, spread_vectors,
                               synthetic_questions)
from benchmarks.guards.shared import SETS, asker_times, golden_search


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


def index(location: ServerLocation, folder, embedder: MiniLM) -> dict:
    with open_store(location) as store, server_waits() as waited:
        started = time.perf_counter()
        report = Indexer(store, embedder).run(folder)
        seconds = time.perf_counter() - started
        pooled = store.pooled
    return {"pooled": pooled, "chunks": report.chunks, "failed": len(report.failed),
            "index_s": round(seconds, 1), "chunks_per_s": round(report.chunks / seconds, 1),
            "server_wait_s": round(waited[0], 2)}


def ask(location: ServerLocation, name: str, embedder: MiniLM) -> dict:
    cases = load_cases(golden(name))
    with open_store(location, create=False) as store:
        searcher = Searcher(store, embedder, SearchSettings(results=5))
        times = golden_search(searcher, cases)
        result = evaluate(searcher, cases, 5)
        ef_search = store.ef_search
    return {"chunk_recall": result.chunk_recall["overall"]["recall"],
            "context_recall": result.context_recall["overall"]["recall"],
            "mrr_chunk": result.mrr["chunk"], "mrr_context": result.mrr["context"],
            "misses": sorted(miss["id"] for miss in result.misses), "cases": result.cases,
            "ef_search": ef_search, **milliseconds(times, "search_")}


def run(sets: list[str], pool_size: int) -> dict:
    import psycopg

    PgBouncer = from_tests("pg_bouncer").PgBouncer
    embedder = MiniLM()
    figures = {}
    with postgres_server(None) as server:
        with PgBouncer(server, pool_mode="transaction", pool_size=pool_size) as bouncer:
            for name in sets:
                folder = documents(name)
                with psycopg.connect(server.conninfo(), autocommit=True) as conn:
                    for db in (f"{name}_direct", f"{name}_pooled"):
                        conn.execute(f"CREATE DATABASE {db}")
                direct = ServerLocation(server.uri(f"{name}_direct"))
                pooled = ServerLocation(bouncer.uri(f"{name}_pooled"))
                pooled_direct = ServerLocation(server.uri(f"{name}_pooled"))
                figures[name] = {
                    "index": {"direct": index(direct, folder, embedder),
                              "pgbouncer": index(pooled, folder, embedder)},
                    "ask": {"direct index, direct": ask(direct, name, embedder),
                            "pooled index, direct": ask(pooled_direct, name, embedder),
                            "pooled index, pgbouncer": ask(pooled, name, embedder)}}
    return figures


def build_load(server, size: int, embedder: MiniLM) -> ServerLocation:
    """A synthetic index of `size` children in database `load` (see the docstring)."""
    import psycopg

    from app.store import postgres_graph

    with psycopg.connect(server.conninfo(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE load")
        conn.execute("ALTER DATABASE load SET maintenance_work_mem = '2GB'")
    location = ServerLocation(server.uri("load"))
    vectors = spread_vectors(embedder, size)
    with open_store(location) as store:
        store.conn.execute("DROP INDEX chunks_embedding")  # built once, after the children
        started = time.perf_counter()
        fill(store, size, embedder, vectors=vectors)
        postgres_graph.rebuild(store, postgres_graph.DEFAULT)
        store.refresh_statistics()
        store.measure_vector_search()
        print(f"{size} children written, graph built and measured in "
              f"{time.perf_counter() - started:.0f} s; ef_search "
              f"{store.vector_search_info()['ef_search']}", file=sys.stderr, flush=True)
    return location


def load(size: int, askers: int, pool_sizes: list[int], rounds: int, per_client: int,
         queries: int = 200) -> dict:
    """Direct and pooled search times of `askers` at once, round by round."""
    import threading
    from contextlib import ExitStack

    PgBouncer = from_tests("pg_bouncer").PgBouncer
    embedder = MiniLM()
    questions = synthetic_questions(queries)
    cached = Precomputed(embedder, questions)
    with postgres_server(None) as server:
        with ExitStack() as stack:
            direct = build_load(server, size, embedder)
            ways = {"direct": direct}
            for pool in pool_sizes:
                bouncer = stack.enter_context(
                    PgBouncer(server, pool_mode="transaction", pool_size=pool))
                ways[f"pgbouncer, pool {pool}"] = ServerLocation(bouncer.uri("load"))
            times = {way: [] for way in ways}
            names = list(ways)
            for number in range(rounds):
                for way in names[number % len(names):] + names[:number % len(names)]:
                    times[way].append(asker_times(ways[way], cached, questions, askers,
                                                  threading, per_client, create=False,
                                                  interactive=True)[0])
                print(f"round {number + 1}/{rounds} done", file=sys.stderr, flush=True)
    return summary(times) | {"children": size, "askers": askers, "rounds": rounds}


def summary(times: dict[str, list[list[float]]]) -> dict:
    """p50/p95 over all rounds for each way in, each p95 over the direct
    one's, and each round's p95: how far the ratio swings with the machine."""
    def p95(found: list[float]) -> float:
        return milliseconds(found)["p95_ms"]

    base = p95(sum(times["direct"], []))
    return {way: {**milliseconds(sum(rounds, [])), "searches": sum(map(len, rounds)),
                  "p95_over_direct": round(p95(sum(rounds, [])) / base, 2),
                  "p95_ms_by_round": [p95(found) for found in rounds]}
            for way, rounds in times.items()}


def load_text(figures: dict) -> str:
    lines = [f"{figures['children']} children, {figures['askers']} askers at once, "
             f"{figures['rounds']} rounds"]
    for way, row in figures.items():
        if isinstance(row, dict):
            lines.append(
                f"  {way:<20} search p50 {row['p50_ms']:>6} ms  p95 {row['p95_ms']:>6} ms  "
                f"({row['searches']} searches)  p95 / direct p95 {row['p95_over_direct']}  "
                f"(p95 by round {' '.join(map(str, row['p95_ms_by_round']))})")
    return "\n".join(lines)


def text(figures: dict) -> str:
    lines = []
    for name, figure in figures.items():
        lines.append(f"\n{name}")
        for how, row in figure["index"].items():
            lines.append(f"  index {how:<10} {row['chunks']:>6} chunks  {row['index_s']:>7.1f} s  "
                         f"{row['chunks_per_s']:>6.1f} chunks/s  waiting on the server "
                         f"{row['server_wait_s']:.2f} s  (pooled: {row['pooled']})")
        for how, row in figure["ask"].items():
            lines.append(f"  ask {how:<24} chunk R@5 {row['chunk_recall']:.3f}  context "
                         f"{row['context_recall']:.3f}  MRR {row['mrr_chunk']:.3f}  "
                         f"ef_search {row['ef_search']}  search p50 {row['search_p50_ms']} ms "
                         f"p95 {row['search_p95_ms']} ms  ({row['cases']} cases)")
        asked = figure["ask"]
        same = asked["pooled index, pgbouncer"] | {"search_p50_ms": 0, "search_p95_ms": 0}
        base = asked["pooled index, direct"] | {"search_p50_ms": 0, "search_p95_ms": 0}
        lines.append(f"  through PgBouncer = direct on the same index (recall, MRR, misses): "
                     f"{same == base}")
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--set", choices=(*SETS, "both"), default="both")
    parser.add_argument("--pool-size", type=int, default=4)
    parser.add_argument("--load", type=int, metavar="CHILDREN",
                        help="askers at once on a synthetic index of this many children")
    parser.add_argument("--askers", type=int, default=8)
    parser.add_argument("--pool-sizes", type=int, nargs="+", default=[10, 4],
                        help="with --load: a PgBouncer of each default_pool_size")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--per-client", type=int, default=40,
                        help="with --load: questions each asker asks per round")
    args = parser.parse_args()
    if args.load:
        figures = load(args.load, args.askers, args.pool_sizes, args.rounds, args.per_client)
        print_figures(figures, args.json, load_text)
        return
    sets = list(SETS) if args.set == "both" else [args.set]
    print_figures(run(sets, args.pool_size), args.json, text)


if __name__ == "__main__":
    main()
