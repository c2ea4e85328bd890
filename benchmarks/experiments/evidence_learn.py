"""Evidence weights learned across corpora, checked by leaving one corpus out (issue #30).

    python -m benchmarks.experiments.evidence_learn [--reuse] [--l2 0.01] [--json]

The evidence ranker's weights (app/answers/evidence/finder.py, `Weights`) were
chosen by grid search on one corpus, the dev set's first batch. This fits
them instead on the tuning batches of every corpus (dev-first, python-tune,
git-tune, bash-tune): a linear score over the same features, trained so that
the units holding the answer span take most of a softmax over each question's
candidates (a listwise loss; questions whose span is in no candidate teach
nothing and are left out), with an L2 penalty towards today's weights.

Reported, per batch, evidence@1 / @3 of:
- today's weights;
- leave one corpus out: for each tuning corpus, weights fitted on the other
  three, measured on its tuning batch and its blind batch (the test of
  "carries over to a corpus it never saw");
- weights fitted on all four tuning batches, measured on the held-out
  batches (dev-blind, python/git/bash-blind, sample).

The candidates come from benchmarks.guards.evidence's collection (`--reuse`
takes its cached rows in benchmarks/out/). Scores are rescaled so the similarity
weight stays 1, as in `Weights`, so the floor keeps its meaning; the floor is
re-chosen as evidence.py does (--floor figures printed for the fitted weights).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from app.answers.evidence.finder import DEFAULT_WEIGHTS, FEATURES, Weights, weighted
from app.embedding.minilm import MiniLM
from benchmarks.common import arguments, print_figures, tuned_on
from benchmarks.guards.evidence import SETS, by_batch, cached, floor_figures

CORPORA = {"dev": ("dev-first", "dev-blind"), "python": ("python-tune", "python-blind"),
           "git": ("git-tune", "git-blind"), "bash": ("bash-tune", "bash-blind"),
           "man": ("man-tune", "man-blind")}
STEPS, RATE = 1500, 0.05


def matrices(rows: list[dict]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per question with the span among its candidates: features (U x F), hits (U)."""
    out = []
    for row in rows:
        if row["off_topic"] or not row["units"]:
            continue
        hits = np.array([hit for _, hit, _ in row["units"]], dtype=bool)
        if hits.any() and not hits.all():
            x = np.array([[f[n] for n in FEATURES] for f, _, _ in row["units"]], dtype=np.float64)
            out.append((x, hits))
    return out


def fit(rows: list[dict], l2: float) -> Weights:
    """Adam on the listwise loss −log Σ_hits softmax(Xw), plus l2·|w − today's|²."""
    data = matrices(rows)
    prior = np.array([getattr(DEFAULT_WEIGHTS, n) for n in FEATURES])
    w, m, v = prior.copy(), np.zeros_like(prior), np.zeros_like(prior)
    for step in range(1, STEPS + 1):
        grad = 2 * l2 * (w - prior)
        for x, hits in data:
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            q = p * hits
            q /= q.sum()
            grad += (p - q) @ x / len(data)   # d(−log Σ_hit p)/dw
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad ** 2
        w -= RATE * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    similarity = w[FEATURES.index("similarity")]
    if similarity <= 0:
        raise SystemExit(f"the fitted similarity weight is {similarity:.3f}: not rescalable")
    weights = replace(DEFAULT_WEIGHTS, **{n: round(float(x / similarity), 3)
                                          for n, x in zip(FEATURES, w)})
    return replace(weights, floor=floor_for(rows, weights))


def floor_for(rows: list[dict], weights: Weights) -> float:
    """As today's floor was chosen: just under the lowest best unit of any
    golden question trained on (every one of them still shows evidence)."""
    best = [max(weighted(f, weights) for f, _, _ in row["units"])
            for row in rows if not row["off_topic"] and row["units"]]
    return round(min(best) - 0.02, 3)


def pair(figures: dict) -> str:
    return f"{figures['evidence@1']:.2f} / {figures['evidence@3']:.2f}"


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--l2", type=float, default=0.01)
    args = parser.parse_args()
    embedder = MiniLM() if not args.reuse else None
    rows = [row for name in SETS for row in cached(name, embedder, args.reuse)]
    tune_rows = [r for r in rows if tuned_on(r["batch"])]
    today = by_batch(rows, DEFAULT_WEIGHTS)
    report = {"l2": args.l2, "today": today, "left_out": {}, "all_tune": {}}
    for corpus, batches in CORPORA.items():
        weights = fit([r for r in tune_rows if r["batch"] != batches[0]], args.l2)
        figures = by_batch([r for r in rows if r["batch"] in batches], weights)
        report["left_out"][corpus] = {"weights": vars(weights), "figures": figures}
    weights = fit(tune_rows, args.l2)
    report["all_tune"] = {"weights": vars(weights), "figures": by_batch(rows, weights),
                          "floor": floor_figures(rows, weights)}
    print_figures(report, args.json, report_text)


def report_text(report: dict) -> str:
    weights = report["all_tune"]["weights"]
    lines = [f"L2 {report['l2']}; fitted on all tuning batches: "
             f"{ {n: weights[n] for n in FEATURES} }",
             "| batch | today @1 / @3 | corpus left out @1 / @3 | all tuning batches @1 / @3 |",
             "|---|---|---|---|"]
    left = {b: f for r in report["left_out"].values() for b, f in r["figures"].items()}
    for batch, figures in report["today"].items():
        held = "" if tuned_on(batch) else " (held out)"
        lines.append(f"| {batch}{held} | {pair(figures)} | "
                     f"{pair(left[batch]) if batch in left else '–'} | "
                     f"{pair(report['all_tune']['figures'][batch])} |")
    lines.append(f"floor with the fitted weights: {report['all_tune']['floor']}")
    return "\n".join(lines)

if __name__ == "__main__":
    main()
