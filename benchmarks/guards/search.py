"""Search benchmark: the whole query path against its parts, same run.

    python -m benchmarks.guards.search [--sizes 10000 100000] [--queries 40] [--json]

Builds synthetic indexes of N children (benchmarks/common.py's: texts are
windows of the sample handbook's own words, so BM25 sees a real vocabulary;
vectors are real MiniLM vectors of 1,000 such texts, repeated with a little
noise; 10 children per section, every 5th of them code) and measures for
real questions: the whole `Searcher.search` (embedding, KNN, BM25, fusion,
bringing code along, parent fetch and trimming) p50/p95, next to its parts
alone: the query embedding, the exact KNN over the in-memory matrix
(app/store/vector_matrix.py), the bare sqlite-vec KNN query it replaces, the BM25 query, and the step that brings code along
after matched children. Also: the time to load the matrix (first search after
a change), its memory, and whether its top 20 equal sqlite-vec's (they must:
both are exact). Target: p95 ≤ 50 ms at 100k children on 2 cores, model loaded.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from app.embedding.minilm import MiniLM
from app.search.retrieval import Searcher, bring_following_code
from app.store.sqlite import Store
from app.store.vector_matrix import VectorMatrix
from benchmarks.common import (arguments, fill, milliseconds, print_figures,
                               synthetic_questions)


def build(path: Path, size: int, embedder: MiniLM, seed: int = 0) -> None:
    with Store(path) as store:
        fill(store, size, embedder, seed)


def measure(path: Path, embedder: MiniLM, queries: int) -> dict:
    questions = synthetic_questions(queries)
    with Store(path) as store:
        started = time.perf_counter()
        matrix = VectorMatrix.load(store)
        load_s = time.perf_counter() - started
        searcher = Searcher(store, embedder)
        searcher.search(questions[0])  # warm caches, load the searcher's matrix
        whole, knn, matrix_knn, bm25, embed, same, code = [], [], [], [], [], [], []
        for question in questions:
            started = time.perf_counter()
            response = searcher.search(question)
            whole.append(time.perf_counter() - started)
            started = time.perf_counter()
            # the fused list, near enough (code moved up after its bringer is left out)
            ranked = [c for c in response.candidates if c.follows is None]
            bring_following_code(ranked, searcher._following(ranked))
            code.append(time.perf_counter() - started)
            started = time.perf_counter()
            vector = embedder.embed([question])[0]
            embed.append(time.perf_counter() - started)
            started = time.perf_counter()
            reference = [row[0] for row in store.db.execute(
                "SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = 20 "
                "ORDER BY distance", (vector.tobytes(),))]
            knn.append(time.perf_counter() - started)
            started = time.perf_counter()
            found = [chunk_id for chunk_id, _ in matrix.knn(vector, 20)]
            matrix_knn.append(time.perf_counter() - started)
            same.append(len(set(found) & set(reference)) / len(reference))
            started = time.perf_counter()
            searcher._bm25(question, None)
            bm25.append(time.perf_counter() - started)
    return {**milliseconds(whole, "search_"), **milliseconds(matrix_knn, "matrix_knn_"),
            **milliseconds(knn, "sqlite_vec_knn_"), **milliseconds(bm25, "bm25_"),
            **milliseconds(code, "bring_code_"), **milliseconds(embed, "embed_"),
            "matrix_load_s": round(load_s, 2), "matrix_mb": round(matrix.vectors.nbytes / 2**20),
            "matrix_top20_equals_sqlite_vec": round(sum(same) / len(same), 4)}


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=40)
    args = parser.parse_args()
    embedder = MiniLM()
    embedder.embed(["load the model"])
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            path = Path(tmp) / f"synthetic-{size}.sqlite"
            started = time.perf_counter()
            build(path, size, embedder)
            results[size] = {"children": size, "build_s": round(time.perf_counter() - started, 1),
                             **measure(path, embedder, args.queries)}
    print_figures(results, args.json, lambda results: "\n".join(
        f"{size:>7} children: " + " · ".join(f"{k} {v}" for k, v in figures.items()
                                            if k != "children")
        for size, figures in results.items()))


if __name__ == "__main__":
    main()
