"""Fit the card's confidence (app/answers/evidence/confidence.py) and measure it on held-out batches.

    python -m benchmarks.experiments.card_confidence [--set dev python git bash sample ...]
                                                     [--target 0.75]

Reads the scored candidates benchmarks.guards.evidence cached (run it first for
each set). For every golden question whose best unit clears the floor, the
features of app/answers/evidence/confidence.py and whether the first unit holds the
answer. A logistic regression is fitted on the tuning batches only (the dev
set's first batch and the `-tune` files); the threshold is the lowest
probability at which the quotes shown alone held the answer at least
`--target` of the time on those batches. Leave-one-corpus-out: the model is
also fitted with each corpus's tuning batch left out and measured on that
corpus, which says how it carries to a kind of document it has not seen.
Prints the coefficients to paste into confidence.py, then per batch: the
share of questions that get the single card and how often that card holds
the answer, and the off-topic questions that would get it.
"""
from __future__ import annotations

import json
import sys

import numpy as np

from app.answers.evidence import confidence
from app.answers.evidence.finder import DEFAULT_WEIGHTS
from benchmarks.common import OUT, arguments, tuned_on
from benchmarks.guards.evidence import score_with

NAMES = [name for name, _ in confidence.COEFFICIENTS]
L2 = 0.01


def examples(name: str) -> list[dict]:
    path = OUT / f"evidence-rows-{name}.json"
    if not path.exists():
        sys.exit(f"{path} is missing: run python -m benchmarks.guards.evidence --set {name}")
    out = []
    for row in json.loads(path.read_text()):
        ranked = sorted(((score_with(f, DEFAULT_WEIGHTS), f, hit) for f, hit, _ in row["units"]),
                        key=lambda unit: -unit[0])
        if not ranked or ranked[0][0] < DEFAULT_WEIGHTS.floor:
            continue  # nothing is shown at all
        values = confidence.features([s for s, _, _ in ranked], ranked[0][1],
                                     DEFAULT_WEIGHTS.floor)
        out.append({"corpus": name, "batch": row["batch"], "id": row["id"],
                    "hit": bool(ranked[0][2]),
                    "off_topic": row["off_topic"], "x": [values[n] for n in NAMES]})
    return out


def fit(train: list[dict]) -> tuple[np.ndarray, float]:
    """Logistic regression by gradient descent on standardised features;
    returned in the raw features' units."""
    x = np.array([e["x"] for e in train], dtype=float)
    y = np.array([e["hit"] for e in train], dtype=float)
    mean, spread = x.mean(0), x.std(0) + 1e-9
    z = (x - mean) / spread
    w, b = np.zeros(z.shape[1]), 0.0
    for _ in range(4000):
        p = 1 / (1 + np.exp(-(z @ w + b)))
        w -= 0.5 * (z.T @ (p - y) / len(y) + L2 * w)
        b -= 0.5 * float(np.mean(p - y))
    return w / spread, b - float(np.sum(w * mean / spread))


def probabilities(group: list[dict], w: np.ndarray, b: float) -> np.ndarray:
    x = np.array([e["x"] for e in group], dtype=float).reshape(len(group), len(NAMES))
    return 1 / (1 + np.exp(-(x @ w + b)))


def threshold(train: list[dict], w: np.ndarray, b: float, target: float) -> float:
    """The lowest probability above which the tuning quotes held the answer
    at least `target` of the time (with at least 5 of them)."""
    p = probabilities(train, w, b)
    hits = np.array([e["hit"] for e in train])
    for t in np.round(np.arange(0.3, 0.96, 0.01), 2):
        shown = p >= t
        if shown.sum() >= 5 and hits[shown].mean() >= target:
            return float(t)
    return 1.0


def figures(group: list[dict], w, b, t: float, golden_total: int) -> str:
    p = probabilities(group, w, b)
    shown = p >= t
    hits = np.array([e["hit"] for e in group])
    precision = f"{hits[shown].mean():.2f}" if shown.any() else "-"
    return (f"single card {int(shown.sum()):3d}/{golden_total:3d} "
            f"(share {shown.sum() / max(golden_total, 1):.2f}), holds the answer {precision}; "
            f"first quote right overall {hits.mean():.2f}")


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["dev", "python", "sample"])
    parser.add_argument("--target", type=float, default=0.75)
    args = parser.parse_args()
    data = [e for name in args.set for e in examples(name)]
    golden = [e for e in data if not e["off_topic"]]
    train = [e for e in golden if tuned_on(e["batch"])]
    w, b = fit(train)
    t = threshold(train, w, b, args.target)
    print("COEFFICIENTS = (" + ", ".join(f'("{n}", {v:.3f})' for n, v in zip(NAMES, w)) + ")")
    print(f"INTERCEPT = {b:.3f}\nSINGLE_QUOTE = {t:.2f}\n")
    totals = {}
    for name in args.set:  # questions asked per batch, with or without a quote shown
        for row in json.loads((OUT / f"evidence-rows-{name}.json").read_text()):
            if not row["off_topic"]:
                totals[row["batch"]] = totals.get(row["batch"], 0) + 1
    for name in sorted(totals):
        group = [e for e in golden if e["batch"] == name]
        tag = "tuned on" if tuned_on(name) else "held out"
        print(f"{name:13s} ({tag}) {figures(group, w, b, t, totals[name])}")
    held = [e for e in golden if not tuned_on(e["batch"])]
    print(f"{'all held out':24s} {figures(held, w, b, t, sum(v for k, v in totals.items() if not tuned_on(k)))}")
    off = [e for e in data if e["off_topic"]]
    if off:
        print(f"off-topic questions given the single card: "
              f"{int((probabilities(off, w, b) >= t).sum())}/{len(off)} (of those above the floor)")
    corpora = sorted({e["corpus"] for e in train})
    if len(corpora) > 1:
        print("\nleave one corpus out (fitted and thresholded without it, measured on all of it):")
        for left in corpora:
            rest = [e for e in train if e["corpus"] != left]
            w2, b2 = fit(rest)
            t2 = threshold(rest, w2, b2, args.target)
            group = [e for e in golden if e["corpus"] == left]
            total = sum(v for k, v in totals.items() if k.startswith(left) or
                        (left == "dev" and k.startswith("dev")))
            print(f"  {left:8s} threshold {t2:.2f}: {figures(group, w2, b2, t2, total)}")


if __name__ == "__main__":
    main()
