"""Card orders tried offline on the rows benchmarks.guards.card_answer_runs wrote.

    python -m benchmarks.guards.card_answer [--set dev python git bash man sample] [--weight W …]

Orders of the ranker's best five units compared, evidence@1 / @3 per batch
and over the tuning and held-out batches:

- ranker: the evidence ranker's own order;
- fused: today's card (app/answers/checks/quote_check.fused_order: the ranker's
  order and the model's pick, reciprocal-rank fusion);
- fused+answer W: the fusion with a third order, by how much of the
  model's written answer each unit holds (its facts: code, numbers, quoted
  text, names; and its content words), weighted W. The answer is written
  before the check, so this order costs nothing more.

A check that agrees keeps the ranker's first unit first in every order (the
card's single quote), as the app does.
"""
from __future__ import annotations

import json

from app.answers.checks import quote_check
from app.answers.answerer import declines
from benchmarks.common import OUT, arguments, tuned_on


def support(row: dict) -> list[float]:
    """As the app computes it (app/answers/answerer.py, _check)."""
    if declines(row["answer"]):
        return []
    return quote_check.answer_support(row["answer"], row["question"], row["units"])


def order(row: dict, weight: float | None) -> list[int]:
    if not row["p"]:
        return list(range(len(row["units"])))
    if weight is None:
        return quote_check.fused_order(row["p"])
    return quote_check.fused_order(row["p"], support=support(row), weight=weight)


def single(row: dict, at: float | None) -> int | None:
    """The unit the card shows alone, or None: at None, today's rule only (the
    model agrees with the ranker's first); otherwise quote_check.alone at `at`."""
    if not row["p"]:
        return None
    if at is None:
        return 0 if quote_check.agrees(row["p"]) else None
    return quote_check.alone(row["p"], support(row), at)


def single_figures(rows: list[dict], at: float | None) -> str:
    shown = [(row, single(row, at)) for row in rows]
    shown = [(row, i) for row, i in shown if i is not None]
    right = sum(row["holds"][i] for row, i in shown)
    return f"{len(shown)}/{len(rows)} at {right / len(shown):.2f}" if shown else f"0/{len(rows)}"


def hits(rows: list[dict], how, k: int) -> float:
    if not rows:
        return 0.0
    return sum(any(row["holds"][i] for i in how(row)[:k]) for row in rows) / len(rows)


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["dev", "python", "git", "bash", "man",
                                                     "sample"])
    parser.add_argument("--weight", nargs="+", type=float, default=[0.5, 1.0, 2.0])
    args = parser.parse_args()
    rows = []
    for name in args.set:
        path = OUT / f"card-answer-{name}.jsonl"
        if path.exists():
            rows += [json.loads(line) for line in path.read_text().splitlines()]
    orders = {"ranker": lambda r: list(range(len(r["units"]))),
              "fused": lambda r: order(r, None),
              **{f"fused+answer {w}": (lambda r, w=w: order(r, w)) for w in args.weight}}
    batches = sorted({r["batch"] for r in rows})
    groups = {"tuning": [r for r in rows if tuned_on(r["batch"])],
              "held out": [r for r in rows if not tuned_on(r["batch"])]}
    print("| order | " + " | ".join(batches + list(groups)) + " |")
    print("|---" * (1 + len(batches) + len(groups)) + "|")
    for label, how in orders.items():
        cells = [f"{hits(rs, how, 1):.2f} / {hits(rs, how, 3):.2f}"
                 for rs in [[r for r in rows if r["batch"] == b] for b in batches]
                 + list(groups.values())]
        print(f"| {label} | " + " | ".join(cells) + " |")
    print("\n| single card | " + " | ".join(batches + list(groups)) + " |")
    print("|---" * (1 + len(batches) + len(groups)) + "|")
    for at in [None, 0.3, 0.4, 0.5, 0.6, 0.7]:
        cells = [single_figures(rs, at)
                 for rs in [[r for r in rows if r["batch"] == b] for b in batches]
                 + list(groups.values())]
        print(f"| {'today' if at is None else f'or answer + pick >= {at}'} | "
              + " | ".join(cells) + " |")
    print("cases: " + ", ".join(f"{b} {sum(r['batch'] == b for r in rows)}" for b in batches)
          + f"; accurate answers {sum(r['accurate'] for r in rows)} of {len(rows)}")


if __name__ == "__main__":
    main()
