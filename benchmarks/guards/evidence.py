"""Evidence benchmark: does the first quote hold the answer, and how fast is it?

    python -m benchmarks.guards.evidence [--set dev|sample|python|git|bash|man|both|all]
                                         [--tune] [--reuse] [--misses] [--json]

Indexes the sample handbook, the PostgreSQL dev corpus (devset/build.py) and
the three corpora of devset/build_corpora.py (Python HTML, git HTML, the bash
PDF) into benchmarks/out/ (reused while the corpus and the
chunker are unchanged), searches every golden question, and scores every
candidate unit (app/answers/evidence/finder.py). Reports evidence@1 and evidence@3
(the answer span lies inside the top-1 / top-3 units) next to chunk and
context recall@5 of the same searches (what the children found: the evidence step
must not lose it), and the evidence step's time after the search returns
(p50/p95) next to the search's own time in the same run (the baseline).

The dev set is split as devset/README.md says: the weights are tuned on its
first batch (TSV lines 2-92) and the new corpora's `-tune` files only; its
blind batch (lines 93-152), the `-blind` files and the sample set are held out. `--tune` runs the grid search on the first batch
and prints the best weights with their held-out figures.
"""
from __future__ import annotations

import itertools
import json
import statistics
import time
from dataclasses import replace

import numpy as np

from app.answers.evidence.finder import (DEFAULT_WEIGHTS, FEATURES, EvidenceFinder, Weights,
                                         weighted)
from app.embedding.minilm import MiniLM
from app.evaluation.recall import load_cases, normalise
from app.search.retrieval import Searcher
from benchmarks.common import (CORPORA, OUT, arguments, batch, folder, golden, indexed, off_topic,
                               percentile, print_figures, tuned_on)

# name: (folder, [(cases, batch)]). The dev set's batch is told by its line;
# the other corpora (devset/build_corpora.py) keep their blind third in a file of its own.
SETS = {"sample": (folder("sample"), [(golden("sample"), "sample")]),
        "dev": (folder("dev"), [(golden("dev"), "dev")]),
        **{name: (folder(name), [(golden(name), f"{name}-tune"),
                                 (golden(name, blind=True), f"{name}-blind")])
           for name in CORPORA}}
K = 5


def questions(name: str) -> dict[str, str]:
    """Each golden question of a set, by its id."""
    return {case.id: case.question for tsv, _ in SETS[name][1] if tsv.exists()
            for case in load_cases(tsv)}


def collect(name: str, embedder: MiniLM) -> list[dict]:
    """Per case: the scored candidates (features kept), the chunk rank, timings."""
    rows = []
    with indexed(name, embedder) as store:
        searcher, finder = Searcher(store, embedder), EvidenceFinder(store, embedder)
        searcher.search("warm-up")
        cases = [(case, label) for tsv, label in SETS[name][1] if tsv.exists()
                 for case in load_cases(tsv)]
        for case, label in cases:
            span = normalise(case.answer_span)
            started = time.perf_counter()
            response = searcher.search(case.question)
            searched = time.perf_counter()
            scored = finder.score(response)
            done = time.perf_counter()
            texts = {r["id"]: r["text"] for r in store.rows(
                "SELECT id, text FROM chunks WHERE id IN (%s)" % ",".join(
                    str(c.chunk_id) for c in response.candidates[:K]) or "0")}
            chunk_hit = any(span in normalise(texts.get(c.chunk_id, ""))
                            for c in response.candidates[:K])
            context_hit = any(span in normalise(r.text) for r in response.results[:K])
            rows.append({"batch": batch(label, case.line), "id": case.id, "span": span,
                         "off_topic": False, "context_hit": context_hit,
                         "chunk_hit": chunk_hit, "search_s": searched - started,
                         "evidence_s": done - searched,
                         "units": [(e.features, span in normalise(e.text), e.text)
                                   for e in scored]})
        for question in off_topic():
            rows.append({"batch": "off-topic", "id": question, "span": None, "off_topic": True,
                         "units": [(e.features, False, e.text)
                                   for e in finder.score(searcher.search(question))]})
    return rows


def floor_figures(rows: list[dict], weights: Weights) -> dict:
    """The best unit's score: golden questions (must show evidence) against
    off-topic ones (should not)."""
    def best(row):
        return max((score_with(f, weights) for f, _, _ in row["units"]), default=0.0)

    asked = sorted(best(r) for r in rows if not r["off_topic"])
    off = sorted(best(r) for r in rows if r["off_topic"])
    return {"floor": weights.floor, "golden_best_min": round(asked[0], 3),
            "golden_below_floor": sum(g < weights.floor for g in asked),
            "off_topic_best": [round(x, 3) for x in off],
            "off_topic_below_floor": f"{sum(o < weights.floor for o in off)}/{len(off)}"}


def cached(name: str, embedder: MiniLM, reuse: bool) -> list[dict]:
    path = OUT / f"evidence-rows-{name}.json"
    if reuse and path.exists():
        rows = json.loads(path.read_text())
        if _current(rows):
            return rows
        print(f"{path.name}: written before the features were renamed; collecting again")
    rows = collect(name, embedder)
    path.write_text(json.dumps(rows))
    return rows


def _current(rows: list[dict]) -> bool:
    """Whether cached rows carry today's feature names (a rename makes them unusable)."""
    units = [unit for row in rows for unit in row["units"]][:1]
    return all(set(features) == set(FEATURES) for features, *_ in units)


def score_with(features: dict, weights: Weights) -> float:
    return weighted(features, weights)


def figures(rows: list[dict], weights: Weights) -> dict:
    at1 = at3 = chunk = context = 0
    for row in rows:
        ranked = sorted(row["units"], key=lambda u: -score_with(u[0], weights))
        if ranked and score_with(ranked[0][0], weights) < weights.floor:
            ranked = []  # as EvidenceFinder.find: nothing shown
        at1 += any(hit for _, hit, _ in ranked[:1])
        at3 += any(hit for _, hit, _ in ranked[:3])
        chunk += row["chunk_hit"]
        context += row.get("context_hit", False)
    n = len(rows) or 1
    anywhere = sum(any(hit for _, hit, _ in row["units"]) for row in rows)
    return {"cases": len(rows), "evidence@1": round(at1 / n, 3),
            "evidence@3": round(at3 / n, 3), "chunk_recall@5": round(chunk / n, 3),
            "context_recall@5": round(context / n, 3), "in_candidates": round(anywhere / n, 3)}


def by_batch(rows: list[dict], weights: Weights) -> dict:
    batches = sorted({r["batch"] for r in rows if not r["off_topic"]})
    return {b: figures([r for r in rows if r["batch"] == b], weights) for b in batches}


GRID = {"overlap": (0.0, 0.15, 0.3, 0.45, 0.6, 0.8),
        "child_rank": (0.0, 0.15, 0.3, 0.45, 0.6),
        "number": (0.0, 0.05, 0.1, 0.2),
        "section_rank": (0.0, 0.1, 0.2, 0.3),
        "introduced": (0.0, 0.5, 0.8, 1.0),
        "fragment": (0.0, -0.1, -0.2),
        "default": (0.0, 0.15, 0.3, 0.45),
}


def tune(rows: list[dict]) -> Weights:
    """(The similarity weight stays 1: scores are relative.) The grid point with the most evidence@1 + evidence@3 on the first dev batch."""
    train = [r for r in rows if tuned_on(r["batch"])] or \
        [r for r in rows if not r["off_topic"]]
    names = list(GRID)
    grid = np.array(list(itertools.product(*GRID.values())), dtype=np.float32)  # C x w
    totals = np.zeros(len(grid))
    for row in train:
        if not row["units"]:
            continue
        matrix = np.array([[f[n] for n in names] for f, _, _ in row["units"]],
                          dtype=np.float32)                          # U x w
        base = np.array([f["similarity"] for f, _, _ in row["units"]], dtype=np.float32)
        hits = np.array([hit for _, hit, _ in row["units"]])
        if not hits.any():
            continue
        scores = base[:, None] + matrix @ grid.T                     # U x C
        order = np.argsort(-scores, axis=0, kind="stable")[:3]       # 3 x C
        top = hits[order]
        totals += top[0] * 1.0 + top.any(axis=0) * 1.0
    best = grid[int(np.argmax(totals))]
    return replace(DEFAULT_WEIGHTS, **{n: round(float(v), 3) for n, v in zip(names, best)})


def timing(rows: list[dict]) -> dict:
    def p(values, share):
        return round(percentile(values, share) * 1000, 1)

    evidence = [r["evidence_s"] for r in rows if not r["off_topic"]]
    search = [r["search_s"] for r in rows if not r["off_topic"]]
    return {"evidence_p50_ms": p(evidence, 0.5), "evidence_p95_ms": p(evidence, 0.95),
            "search_p50_ms": p(search, 0.5), "search_p95_ms": p(search, 0.95),
            "units_median": statistics.median(len(r["units"]) for r in rows
                                              if not r["off_topic"])}


def summary_text(summary: dict) -> str:
    return "\n".join([f"weights: {summary['weights']}",
                      *(f"  {name:>10}: {result}" for name, result in summary["figures"].items()),
                      f"  timing: {summary['timing']}", f"  floor: {summary['floor']}"])


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--set", choices=(*SETS, "both", "all"), default="both",
                        help="both: sample and dev; all: every corpus")
    parser.add_argument("--tune", action="store_true")
    parser.add_argument("--reuse", action="store_true",
                        help="reuse the candidates of the last run (to try weights only)")
    parser.add_argument("--misses", action="store_true", help="print evidence@3 misses")
    args = parser.parse_args()
    embedder = MiniLM()
    names = {"both": ["sample", "dev"], "all": list(SETS)}.get(args.set, [args.set])
    rows = [row for name in names for row in cached(name, embedder, args.reuse)]
    weights = tune(rows) if args.tune else DEFAULT_WEIGHTS
    summary = {"weights": vars(weights), "figures": by_batch(rows, weights),
               "timing": timing(rows), "floor": floor_figures(rows, weights)}
    print_figures(summary, args.json, summary_text)
    if args.misses:
        for row in rows:
            if row["off_topic"]:
                continue
            ranked = sorted(row["units"], key=lambda u: -score_with(u[0], weights))[:3]
            if row["chunk_hit"] and not any(hit for _, hit, _ in ranked):
                truth = next(((f, t) for f, hit, t in row["units"] if hit), None)
                print(f"\n{row['id']}: span «{row['span']}»")
                for f, _, text in ranked:
                    print(f"   {score_with(f, weights):.3f} {text[:110]!r}")
                if truth:
                    print(f"   truth {score_with(truth[0], weights):.3f} {truth[1][:110]!r} "
                          f"{ {k: round(v, 3) if isinstance(v, float) else v for k, v in truth[0].items()} }")


if __name__ == "__main__":
    main()
