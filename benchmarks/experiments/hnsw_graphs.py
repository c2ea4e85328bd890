"""HNSW graphs compared on pgvector alone: what recall@20 each graph gives at
each ef_search, and what it costs to build.

    python -m benchmarks.experiments.hnsw_graphs [--size 500000] [--graphs 16/64 32/128]
                                                 [--quantized] [--json]

The vectors and questions are `benchmarks.guards.shared load`'s
(benchmarks/common.py: mixes of two real MiniLM vectors of the sample
handbook's sentences with noise; 100 real question vectors), COPYed into a bare table of ids and vectors on the tests'
PostgreSQL (tests/pg_server.py), so that no writing through the store is
timed: each graph is built after the load, in memory, as the store's
rebuild builds one (app/store/postgres_graph.py), then 100 questions are
answered at each ef_search and compared with numpy's exact 20 nearest.
This is the measurement behind postgres_graph.GRAPHS; `shared load
--graph-after-load` measures the store's whole path instead.

--quantized also measures what pgvector offers for cheaper searches: the
default graph over half-precision copies (halfvec), and a graph over
binary codes (one bit per dimension, Hamming distance) whose candidates
are re-ranked by exact cosine distance over the full vectors.
"""
from __future__ import annotations

import json
import struct
import sys
import time

import numpy as np

from benchmarks.common import (Precomputed, arguments, postgres_server, print_figures,
                               spread_vectors, synthetic_questions)

EF_SEARCH = (100, 200, 300, 500, 1000)
# Every graph in memory: pgvector's fast path. The store asks for at most
# 1 GB on its own (postgres_graph.MAX_BUILD_MEMORY_MB), more where the
# server or the connection gives it.
BUILD_MEMORY = "8GB"


def copy_vectors(conn, vectors: np.ndarray) -> None:
    """COPY … (FORMAT BINARY): pgvector's binary form is its dimension,
    a reserved 0, then big-endian float4s."""
    dim = vectors.shape[1]
    with conn.cursor() as cur, cur.copy("COPY t (id, embedding) FROM STDIN (FORMAT BINARY)") as copy:
        copy.write(b"PGCOPY\n\xff\r\n\x00" + struct.pack("!ii", 0, 0))
        for start in range(0, len(vectors), 10_000):
            block = vectors[start:start + 10_000].astype(">f4")
            copy.write(b"".join(
                struct.pack("!hii", 2, 4, start + i) + struct.pack("!iHH", 4 + 4 * dim, dim, 0)
                + row.tobytes() for i, row in enumerate(block)))
        copy.write(struct.pack("!h", -1))


def answer(conn, questions: np.ndarray, exact: list[set[int]], ef_search: int) -> dict:
    """HNSW's recall@20 against the exact 20, and p50, at `ef_search` candidates."""
    return answer_sql(conn, questions, exact, ef_search,
                      "SELECT id FROM t ORDER BY embedding <=> %s::vector LIMIT 20")


def answer_sql(conn, questions, exact, ef_search: int, sql: str) -> dict:
    """As `answer`, with any query taking the question's vector (as often as it asks)."""
    conn.execute(f"SET hnsw.ef_search = {int(ef_search)}")
    found, times = 0, []
    for question, want in zip(questions, exact):
        text = "[" + ",".join(repr(float(x)) for x in question) + "]"
        began = time.perf_counter()
        ids = [row[0] for row in conn.execute(sql, [text] * sql.count("%s"))]
        times.append(time.perf_counter() - began)
        found += len(want & set(ids))
    return {"recall_at_20": round(found / (20 * len(questions)), 3),
            "p50_ms": round(1000 * float(np.percentile(times, 50)), 1)}


QUANTIZED = {
    # the default graph over half-precision copies of the vectors
    "halfvec": ("CREATE INDEX h ON t USING hnsw ((embedding::halfvec({dim})) halfvec_cosine_ops)",
                "SELECT id FROM t ORDER BY embedding::halfvec({dim}) <=> %s::halfvec({dim}) "
                "LIMIT 20"),
    # binary codes: {candidates} nearest by Hamming distance, re-ranked exactly
    "binary": ("CREATE INDEX h ON t USING hnsw ((binary_quantize(embedding)::bit({dim})) "
               "bit_hamming_ops)",
               "SELECT id FROM (SELECT id, embedding FROM t ORDER BY "
               "binary_quantize(embedding)::bit({dim}) <~> binary_quantize(%s::vector) "
               "LIMIT {candidates}) c ORDER BY embedding <=> %s::vector LIMIT 20"),
}


def quantized(conn, dim: int, questions, exact) -> list[dict]:
    rows = []
    for kind, (create, query) in QUANTIZED.items():
        began = time.perf_counter()
        conn.execute(create.format(dim=dim))
        row = {"kind": kind, "build_s": round(time.perf_counter() - began, 1),
               "index_mb": conn.execute("SELECT pg_relation_size('h') / 1048576").fetchone()[0]}
        if kind == "halfvec":
            row["by_ef_search"] = {ef: answer_sql(conn, questions, exact, ef,
                                                  query.format(dim=dim)) for ef in EF_SEARCH}
        else:  # as many candidates as ef_search keeps
            row["by_ef_search"] = {ef: answer_sql(conn, questions, exact, ef,
                                                  query.format(dim=dim, candidates=ef))
                                   for ef in EF_SEARCH}
        print(json.dumps(row), file=sys.stderr, flush=True)
        rows.append(row)
        conn.execute("DROP INDEX h")
    return rows


def run(size: int, graphs: list[tuple[int, int]], with_quantized: bool = False) -> list[dict]:
    import psycopg

    from app.embedding.minilm import MiniLM

    embedder = MiniLM()
    texts = synthetic_questions(100)
    cached = Precomputed(embedder, texts)
    questions = np.array([cached.vectors[q] for q in texts], dtype=np.float32)
    questions /= np.linalg.norm(questions, axis=1, keepdims=True)
    vectors = spread_vectors(embedder, size)
    exact = [set(np.argsort(1.0 - vectors @ q)[:20].tolist()) for q in questions]
    figures = []
    with postgres_server() as server:
        with psycopg.connect(server.uri("bench"), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute(f"CREATE TABLE t (id int PRIMARY KEY, embedding vector({vectors.shape[1]}))")
            copy_vectors(conn, vectors)
            conn.execute(f"SET maintenance_work_mem = '{BUILD_MEMORY}'")
            conn.execute("SET hnsw.iterative_scan = relaxed_order")  # as the store searches
            for m, ef_construction in graphs:
                began = time.perf_counter()
                conn.execute("CREATE INDEX h ON t USING hnsw (embedding vector_cosine_ops) "
                             f"WITH (m = {int(m)}, ef_construction = {int(ef_construction)})")
                row = {"children": size, "m": m, "ef_construction": ef_construction,
                       "build_s": round(time.perf_counter() - began, 1),
                       "index_mb": conn.execute(
                           "SELECT pg_relation_size('h') / 1048576").fetchone()[0],
                       "by_ef_search": {ef: answer(conn, questions, exact, ef)
                                        for ef in EF_SEARCH}}
                print(json.dumps(row), file=sys.stderr, flush=True)  # an hour's run keeps each
                figures.append(row)
                conn.execute("DROP INDEX h")
            if with_quantized:
                figures += quantized(conn, vectors.shape[1], questions, exact)
    return figures


def table(figures: list[dict]) -> str:
    lines = ["| children | m / ef_construction | build s | MB | "
             + " | ".join(f"recall@20 at {ef}" for ef in EF_SEARCH) + " |",
             "|---|---|---|---|" + "---|" * len(EF_SEARCH)]
    for row in figures:
        if "kind" in row:
            lines.append(f"| | {row['kind']} | {row['build_s']} | {row['index_mb']} | "
                         + " | ".join(str(row["by_ef_search"][ef]["recall_at_20"])
                                      for ef in EF_SEARCH) + " |")
            continue
        lines.append(f"| {row['children']:,} | {row['m']} / {row['ef_construction']} | "
                     f"{row['build_s']} | {row['index_mb']} | " + " | ".join(
                         str(row["by_ef_search"][ef]["recall_at_20"]) for ef in EF_SEARCH) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--size", type=int, default=500_000)
    parser.add_argument("--graphs", nargs="*", default=["16/64", "32/128"],
                        help="m/ef_construction of each graph to build")
    parser.add_argument("--quantized", action="store_true",
                        help="also half-precision and binary-code graphs (see above)")
    args = parser.parse_args()
    graphs = [tuple(int(part) for part in graph.split("/")) for graph in args.graphs]
    figures = run(args.size, graphs, args.quantized)
    print_figures(figures, args.json, table)


if __name__ == "__main__":
    main()
