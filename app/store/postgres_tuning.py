"""How many candidates the shared index's HNSW keeps per search (pgvector's
`hnsw.ef_search`), measured on the index's own vectors.

HNSW answers a vector search from the ef_search candidates it keeps while it
walks its graph. How many it needs for its 20 nearest to be the exact 20
nearest grows with the index and depends on the vectors: on the benchmark's
synthetic vectors (benchmarks/guards/shared.py) 300 gave recall@20 0.994 at 100,000
children, but 0.956 at 200,000, where 1,000 gave 0.995 for 27 ms more per
search. One fixed number either loses children exact search would find in a
large index or makes every question of a small one slower.

So the indexer measures it, at the end of a run, when the index was never
measured or its size changed by more than a fifth since: question-like
probes made from the index's own children (probe_vectors) have their exact
20 nearest found by a sequential scan and compared with HNSW's at
increasing ef_search; the first setting whose recall reaches TARGET_RECALL
(its lower bound over the probes) is recorded in index_meta, and every
connection to the index uses it (PostgresStore._set_search_settings).
Where even the largest falls short, the graph itself is rebuilt denser
(postgres_graph) and measured again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from app.store import postgres_graph

TARGET_RECALL = 0.98
# Never fewer than 200: Settings lets search take up to 100 children from
# KNN, and a document filter (deprecated documents are left out by default)
# needs room for what it drops. pgvector's largest ef_search is 1,000.
STEPS = (200, 300, 500, 1000)
MAX_EF_SEARCH = STEPS[-1]
DEFAULT_EF_SEARCH = 300  # an index not measured yet (written by an older app)
NEIGHBOURS = 20          # the children search takes from KNN by default
PROBES = 50
# A step is taken when recall's lower 95 % bound over the probes (one-sided,
# mean − 1.645 standard errors) reaches the target, not its mean: the 20
# neighbours of one probe are found or missed together, and two steps
# can be within the noise of 50 probes of each other (0.978 and 0.990 at
# 500 and 1,000 on 200,000 synthetic children).
CONFIDENCE_Z = 1.645
REMEASURE_CHANGE = 0.2   # measured again when the children grew or shrank by a fifth
EF_KEY, RECALL_KEY, CHILDREN_KEY = "hnsw_ef_search", "hnsw_recall_at_20", "hnsw_measured_children"
GRAPH_KEY = "hnsw_measured_graph"  # the graph measured (postgres_graph): a rebuilt one is measured again
MET_KEY = "hnsw_target_met"        # "1" or "0": whether recall's lower bound reached the target
REBUILD_KEY = "hnsw_rebuild_error"  # why the last try at a denser graph failed, if it did
KEYS = (EF_KEY, RECALL_KEY, CHILDREN_KEY, GRAPH_KEY, MET_KEY, REBUILD_KEY)
# What an index measured before graphs were recorded had.
GRAPH_BEFORE_RECORDED = str(postgres_graph.DEFAULT)


@dataclass(frozen=True)
class Tuning:
    ef_search: int
    recall: float   # mean recall@20 of the probes at ef_search
    children: int   # the index's size when measured
    graph: str      # the graph measured, as postgres_graph.Graph prints it
    met: bool       # whether recall's lower bound reached TARGET_RECALL at ef_search

    def meta(self) -> dict[str, str]:
        return {EF_KEY: str(self.ef_search), RECALL_KEY: f"{self.recall:.4f}",
                CHILDREN_KEY: str(self.children), GRAPH_KEY: self.graph,
                MET_KEY: "1" if self.met else "0"}

    @classmethod
    def recorded(cls, meta: dict[str, str]) -> "Tuning | None":
        """What the last measurement recorded, if it recorded all of it."""
        try:
            return cls(int(meta[EF_KEY]), float(meta[RECALL_KEY]), int(meta[CHILDREN_KEY]),
                       meta[GRAPH_KEY], meta[MET_KEY] == "1")
        except (KeyError, ValueError):
            return None

    @property
    def wants_denser_graph(self) -> bool:
        """Even the largest ef_search fell short, by its mean and not just
        by its bound: a denser graph costs every later write, for good."""
        return short_of_target(self.meta())


def recorded_ef_search(meta: dict[str, str]) -> int:
    """The setting measured for this index, or the default before it was."""
    try:
        value = int(meta.get(EF_KEY, DEFAULT_EF_SEARCH))
    except ValueError:
        return DEFAULT_EF_SEARCH
    return min(max(value, 1), MAX_EF_SEARCH)


def describe(meta: dict[str, str], graph: str) -> dict:
    """What `index` reports: the setting askers use and what was measured
    for it, on `graph`, the graph the index has now."""
    def number(key: str, kind):
        try:
            return kind(meta[key])
        except (KeyError, ValueError):
            return None

    # else: rebuilt since, and not measured yet
    this_graph = meta.get(GRAPH_KEY, GRAPH_BEFORE_RECORDED) == graph
    return {"method": "hnsw", "ef_search": recorded_ef_search(meta),
            "recall_at_20": number(RECALL_KEY, float) if this_graph else None,
            "measured_children": number(CHILDREN_KEY, int) if this_graph else None,
            "target": TARGET_RECALL, "rebuild_error": meta.get(REBUILD_KEY)}


def short_of_target(meta: dict[str, str]) -> bool:
    """Whether the last measurement found even the largest ef_search short
    (an index measured before the flag was recorded: by its mean)."""
    try:
        recall = float(meta[RECALL_KEY])
    except (KeyError, ValueError):
        return False
    return meta.get(MET_KEY, "0") == "0" and recall < TARGET_RECALL


def needs_measuring(meta: dict[str, str], children: int, graph: str,
                    can_densify: bool = False) -> bool:
    """Whether the index changed enough since it was last measured: its
    size, or its graph; or it fell short of the target and a denser
    graph could still be tried (`can_densify`: a try that failed, or an
    index measured before denser graphs existed, is tried again)."""
    if children <= NEIGHBOURS:
        return False  # every child is among the 20: nothing for HNSW to miss
    if meta.get(GRAPH_KEY, GRAPH_BEFORE_RECORDED) != graph:
        return True
    if can_densify and short_of_target(meta):
        return True
    try:
        measured = int(meta[CHILDREN_KEY])
    except (KeyError, ValueError):
        return True
    return abs(children - measured) > REMEASURE_CHANGE * max(measured, 1)


def measure(store, children: int, graph: str, probes: int = PROBES, seed: int = 0,
            cancel: Callable[[], bool] = lambda: False) -> Tuning | None:
    """Recall@20 of HNSW (built as `graph`) against exact search for
    `probes` question-like vectors, at each of STEPS until one reaches
    TARGET_RECALL. None when the index is too small to miss anything, or
    on `cancel`."""
    found = probe_vectors(store, probes, seed)
    if len(found) < 2:
        return None
    exact = {}
    for probe in found:
        if cancel():
            return None
        exact[probe] = exact_neighbours(store, probe)
    for ef_search in STEPS:
        if cancel():
            return None
        recalls = hnsw_recalls(store, exact, ef_search)
        met = lower_bound(recalls) >= TARGET_RECALL
        if met:
            break
    return Tuning(ef_search, round(float(np.mean(recalls)) if recalls else 1.0, 4), children,
                  graph, met)


def lower_bound(recalls: list[float]) -> float:
    """The mean's one-sided lower 95 % bound over the probes."""
    if not recalls:
        return 1.0
    values = np.asarray(recalls, dtype=float)
    spread = values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else 0.0
    return float(values.mean() - CONFIDENCE_Z * spread)


def probe_vectors(store, probes: int, seed: int) -> list[str]:
    """Question-like probes, as pgvector text: each the sum of two different
    children drawn uniformly from those that exist (rewritten documents
    leave gaps in the ids, so ids drawn from the range would favour the
    child after a gap). Not a child itself: a child's own vector is a node
    of the graph, whose edges lead straight to its neighbours, and
    overstates recall (at 200,000 synthetic children 0.997 at ef_search
    300, where real questions got 0.950). Sums of two tracked the questions:
    0.978 / 0.990 at 500 / 1,000 against 0.976 / 0.993 (docs/benchmarks.md).
    Cosine distance ignores length, so the sum needs no normalising."""
    # Every id (an index-only scan: 8 MB at a million children), so that
    # the draw is uniform.
    ids = np.array([row["id"] for row in store.rows("SELECT id FROM chunks")], dtype=np.int64)
    if len(ids) < 2:
        return []
    rng = np.random.default_rng(seed)
    drawn = rng.choice(ids, size=min(2 * probes, len(ids) - len(ids) % 2), replace=False)
    first, second = drawn[0::2].tolist(), drawn[1::2].tolist()
    rows = store.rows(
        "SELECT DISTINCT (a.embedding + b.embedding)::text AS vector "
        "FROM unnest(%s::bigint[], %s::bigint[]) AS p(first, second) "
        "JOIN chunks a ON a.id = p.first JOIN chunks b ON b.id = p.second",
        (first, second))
    return [row["vector"] for row in rows]


def exact_neighbours(store, vector: str) -> list[float]:
    """The distances of the probe's exact 20 nearest children, nearest first."""
    # Every child's vector is read from TOAST: the scan computes each
    # distance once, and only the 20 it keeps are measured again.
    with store.transaction():
        # The HNSW index is an index scan; a sequential scan is the exact one,
        # whatever the session or the role's settings prefer.
        store.conn.execute("SET LOCAL enable_indexscan = off")
        store.conn.execute("SET LOCAL enable_seqscan = on")
        nearest = [row["id"] for row in store.rows(
            "SELECT id FROM chunks ORDER BY embedding <=> %s::vector LIMIT %s",
            (vector, NEIGHBOURS))]
    rows = store.rows("SELECT embedding <=> %s::vector AS distance FROM chunks "
                      "WHERE id = ANY(%s) ORDER BY distance", (vector, nearest))
    return [float(row["distance"]) for row in rows]


def hnsw_recalls(store, exact: dict[str, list[float]], ef_search: int) -> list[float]:
    """Each probe's share of its exact neighbours that the store's own
    vector search finds at `ef_search`. A child as near as the exact 20th
    counts: among equally distant children (copied boilerplate) which are
    "the" 20 nearest is arbitrary."""
    recalls = []
    with store.transaction():
        store.conn.execute(f"SET LOCAL hnsw.ef_search = {int(ef_search)}")
        for vector, reference in exact.items():
            if not reference:
                continue
            hits = store.vector_search(_parsed(vector), len(reference), None)
            limit = reference[-1] + 1e-6
            recalls.append(sum(1 for _, distance in hits if distance <= limit) / len(reference))
    return recalls


def _parsed(vector: str) -> np.ndarray:
    """pgvector's text form back into float32 (it prints each exactly)."""
    return np.array(vector.strip("[]").split(","), dtype=np.float32)
