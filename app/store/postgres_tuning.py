"""How many candidates the shared index's HNSW keeps per search (pgvector's
`hnsw.ef_search`), measured on the index's own vectors.

HNSW answers a vector search from the ef_search candidates it keeps while it
walks its graph. How many it needs for its 20 nearest to be the exact 20
nearest grows with the index and depends on the vectors: on the benchmark's
synthetic vectors (benchmarks/shared.py) 300 gave recall@20 0.994 at 100,000
children, but 0.956 at 200,000, where 1,000 gave 0.995 for 27 ms more per
search. One fixed number either loses children exact search would find in a
large index or makes every question of a small one slower.

So the indexer measures it. After a run that changed the index noticeably,
question-like probes made from the index's own children (probe_vectors)
have their exact 20 nearest found by a sequential scan and compared with
HNSW's at increasing ef_search; the first setting that reaches
TARGET_RECALL is recorded in index_meta, and every connection to the
index uses it (PostgresStore.__init__).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TARGET_RECALL = 0.98
STEPS = (100, 200, 300, 500, 1000)  # pgvector's largest ef_search is 1,000
DEFAULT_EF_SEARCH = 300  # an index not measured yet (written by an older app)
NEIGHBOURS = 20          # the children search takes from KNN (SearchSettings.candidates)
PROBES = 50              # 1,000 neighbours: recall known to about ±0.01 at 0.98
REMEASURE_CHANGE = 0.2   # measured again when the children grew or shrank by a fifth
EF_KEY, RECALL_KEY, CHILDREN_KEY = "hnsw_ef_search", "hnsw_recall_at_20", "hnsw_measured_children"
KEYS = (EF_KEY, RECALL_KEY, CHILDREN_KEY)


@dataclass(frozen=True)
class Tuning:
    ef_search: int
    recall: float   # recall@20 of the probes at ef_search
    children: int   # the index's size when measured

    def meta(self) -> dict[str, str]:
        return {EF_KEY: str(self.ef_search), RECALL_KEY: f"{self.recall:.4f}",
                CHILDREN_KEY: str(self.children)}


def recorded_ef_search(meta: dict[str, str]) -> int:
    """The setting measured for this index, or the default before it was."""
    try:
        value = int(meta.get(EF_KEY, DEFAULT_EF_SEARCH))
    except ValueError:
        return DEFAULT_EF_SEARCH
    return min(max(value, 1), STEPS[-1])


def describe(meta: dict[str, str], ef_search: int) -> dict:
    """What `index` reports: the setting in use and what was measured for it."""
    def number(key: str, kind):
        try:
            return kind(meta[key])
        except (KeyError, ValueError):
            return None

    return {"method": "hnsw", "ef_search": ef_search,
            "recall_at_20": number(RECALL_KEY, float),
            "measured_children": number(CHILDREN_KEY, int), "target": TARGET_RECALL}


def needs_measuring(meta: dict[str, str], children: int) -> bool:
    """Whether the index changed enough since it was last measured."""
    if children <= NEIGHBOURS:
        return False  # every child is among the 20: nothing for HNSW to miss
    try:
        measured = int(meta[CHILDREN_KEY])
    except (KeyError, ValueError):
        return True
    return abs(children - measured) > REMEASURE_CHANGE * max(measured, 1)


def measure(store, children: int, probes: int = PROBES, seed: int = 0) -> Tuning | None:
    """Recall@20 of HNSW against exact search for `probes` question-like
    vectors, at each of STEPS until one reaches TARGET_RECALL."""
    found = probe_vectors(store, probes, seed)
    if not found:
        return None
    exact = {probe: exact_neighbours(store, probe) for probe in found}
    recall = 0.0
    for ef_search in STEPS:
        recall = hnsw_recall(store, exact, ef_search)
        if recall >= TARGET_RECALL:
            break
    return Tuning(ef_search, round(recall, 4), children)


def probe_vectors(store, probes: int, seed: int) -> list[str]:
    """Question-like probes, as pgvector text: each the sum of two children
    drawn at random points of the id range (read through the primary key,
    no scan). Not a child itself: a child's own vector is a node of the
    graph, whose edges lead straight to its neighbours, and overstates
    recall (at 200,000 synthetic children 0.997 at ef_search 300, where
    real questions got 0.950). Sums of two tracked the questions: 0.978 /
    0.990 at 500 / 1,000 against 0.976 / 0.993 (benchmarks/shared.py).
    Cosine distance ignores length, so the sum needs no normalising."""
    bounds = store.rows("SELECT min(id) AS low, max(id) AS high FROM chunks")[0]
    if bounds["low"] is None:
        return []
    rng = np.random.default_rng(seed)
    pairs = rng.integers(bounds["low"], bounds["high"] + 1, (2, probes)).tolist()
    rows = store.rows(
        "SELECT (a.embedding + b.embedding)::text AS vector "
        "FROM unnest(%s::bigint[], %s::bigint[]) AS p(first, second) "
        "CROSS JOIN LATERAL (SELECT embedding FROM chunks WHERE id >= p.first "
        "ORDER BY id LIMIT 1) AS a "
        "CROSS JOIN LATERAL (SELECT embedding FROM chunks WHERE id >= p.second "
        "ORDER BY id LIMIT 1) AS b", pairs)
    return [row["vector"] for row in rows]


def exact_neighbours(store, vector: str) -> list[float]:
    """The distances of the probe's exact 20 nearest children, nearest first."""
    # Every child's vector is read from TOAST: the scan computes each
    # distance once, and only the 20 it keeps are measured again.
    with store.conn.transaction():
        store.conn.execute("SET LOCAL enable_indexscan = off")  # the HNSW index is one
        nearest = [row["id"] for row in store.rows(
            "SELECT id FROM chunks ORDER BY embedding <=> %s::vector LIMIT %s",
            (vector, NEIGHBOURS))]
    rows = store.rows("SELECT embedding <=> %s::vector AS distance FROM chunks "
                      "WHERE id = ANY(%s) ORDER BY distance", (vector, nearest))
    return [float(row["distance"]) for row in rows]


def hnsw_recall(store, exact: dict[str, list[float]], ef_search: int) -> float:
    """The share of the exact neighbours HNSW finds at `ef_search`. A child
    as near as the exact 20th counts: among equally distant children (copied
    boilerplate) which ones are "the" 20 nearest is arbitrary."""
    hits = wanted = 0
    with store.conn.transaction():
        store.conn.execute(f"SET LOCAL hnsw.ef_search = {int(ef_search)}")
        for vector, reference in exact.items():
            if not reference:
                continue
            rows = store.rows("SELECT embedding <=> %s::vector AS distance FROM chunks "
                              "ORDER BY embedding <=> %s::vector LIMIT %s",
                              (vector, vector, len(reference)))
            limit = reference[-1] + 1e-6
            hits += sum(1 for row in rows if float(row["distance"]) <= limit)
            wanted += len(reference)
    return hits / wanted if wanted else 1.0
