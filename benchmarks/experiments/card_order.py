"""The card's order after the answer model's check: the ranker's, the model's, or both fused.

    python -m benchmarks.experiments.card_order [--set dev python git bash sample ...]
                                                [--model qwen2.5-coder-1.5b]

Reads what benchmarks.experiments.evidence_pick cached per question: whether each of
the ranker's best five units holds the answer, and the model's probability
for each. Compares, per batch, how often the first unit (@1) and one of the
first three (@3) hold the answer when the five are ordered by the ranker
(today before the check), by the model alone, or by reciprocal-rank fusion of
the two with equal weights (app/answers/checks/quote_check.fused_order) for several
k. k is chosen on the tuning batches (the dev set's first batch and the
`-tune` files) by @1, then @3, the middle of a tie; held-out batches are reported apart, and
leave-one-corpus-out: k chosen without a corpus's tuning batch, measured on
its held-out batch.
"""
from __future__ import annotations

import json
import sys

from app.answers.checks import quote_check
from benchmarks.common import arguments, tuned_on
from benchmarks.experiments.evidence_pick import picks_path

KS = (1, 2, 3, 5, 10, 60)


def rows_of(names: list[str], model: str) -> list[dict]:
    rows = []
    for name in names:
        path = picks_path(name, model)
        if not path.exists():
            sys.exit(f"{path} is missing: run python -m benchmarks.experiments.evidence_pick "
                     f"--set {name} --model {model}")
        rows += [{**row, "corpus": name} for row in json.loads(path.read_text())]
    return rows


def orders() -> dict:
    return {"ranker": lambda probs: list(range(len(probs))),
            "model": lambda probs: sorted(range(len(probs)), key=lambda i: (-probs[i], i)),
            **{f"fused k={k}": (lambda k: lambda probs: quote_check.fused_order(probs, k))(k)
               for k in KS}}


def hit_at(rows: list[dict], order, k: int) -> float:
    return sum(any(r["hits"][i] for i in order(r["probs"])[:k]) for r in rows) / max(len(rows), 1)


def choose(rows: list[dict]) -> str:
    """The k with the best @1, then @3; of several tied, the middle one (the
    figures barely move with k, so neither end of a tie is preferred)."""
    fused = {name: f for name, f in orders().items() if name.startswith("fused")}
    score = {name: (hit_at(rows, f, 1), hit_at(rows, f, 3)) for name, f in fused.items()}
    tied = [name for name in fused if score[name] == max(score.values())]
    return tied[len(tied) // 2]


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["dev", "python", "git", "bash", "sample"])
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    args = parser.parse_args()
    rows = rows_of(args.set, args.model)
    batches = sorted({r["batch"] for r in rows})
    tune = [r for r in rows if tuned_on(r["batch"])]
    held = [r for r in rows if not tuned_on(r["batch"])]
    print(f"{'order':12s} {'tuning @1/@3':>13s} {'held out @1/@3':>15s} | "
          + " ".join(f"{b:>12s}" for b in batches))
    for name, order in orders().items():
        cells = [f"{hit_at([r for r in rows if r['batch'] == b], order, 1):.2f}/"
                 f"{hit_at([r for r in rows if r['batch'] == b], order, 3):.2f}" for b in batches]
        print(f"{name:12s} {hit_at(tune, order, 1):.3f}/{hit_at(tune, order, 3):.3f}   "
              f"{hit_at(held, order, 1):.3f}/{hit_at(held, order, 3):.3f}   | "
              + " ".join(f"{c:>12s}" for c in cells))
    print(f"chosen on the tuning batches: {choose(tune)} "
          f"(the app: fused k={quote_check.FUSION_K})")
    print("leave one corpus out (k chosen without its tuning batch; its held-out batch):")
    for corpus in sorted({r["corpus"] for r in rows}):
        train = [r for r in tune if r["corpus"] != corpus]
        test = [r for r in held if r["corpus"] == corpus]
        if not test:
            continue
        chosen = choose(train)
        order, ranker = orders()[chosen], orders()["ranker"]
        print(f"  {corpus:8s} {chosen}: @1 {hit_at(test, order, 1):.2f} (ranker "
              f"{hit_at(test, ranker, 1):.2f}), @3 {hit_at(test, order, 3):.2f} "
              f"(ranker {hit_at(test, ranker, 3):.2f}), {len(test)} questions")


if __name__ == "__main__":
    main()
