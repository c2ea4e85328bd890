"""The answer model asked whether an answer contradicts its quote, beside the word rules.

    python -m benchmarks.experiments.contradiction_model [--model qwen2.5-coder-1.5b]
                                                         [--limit N] [--json]

For every row of the contradiction batches (resources/golden/contradictions*.tsv,
benchmarks/guards/contradictions.py), the model reads the passage, the
question and the answer, and is asked whether the answer says something the
passage contradicts; the probability of "Yes" against "No" is read from one
forward pass (LocalModel.next_token_probabilities, as the card's check
reads its pick). A threshold is chosen on the four tuned batches (the most
caught with false alarms at most 5 %), then measured on the held-out one;
alone, and together with the word rules (flagged when either flags).
"""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from benchmarks.common import GOLDEN, arguments, print_figures
from benchmarks.guards.contradictions import SETS, load

SYSTEM = ("You check an answer against the passage it was written from. Reply Yes if the "
          "answer says something the passage contradicts (a different number, the opposite "
          "yes or no, another name or value), No if it agrees with the passage.")
MAX_FALSE_ALARMS = 0.05


def asked(model, row: dict) -> str:
    text, _ = model.render([
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Passage: {row['quote']}\n\nQuestion: {row['question']}\n"
                                    f"Answer: {row['answer']}\n\nDoes the answer contradict "
                                    "the passage? Yes or No?"}])
    return text


def measure(model_key: str, limit: int | None, log: Path | None = None) -> dict:
    from app.answers.checks.contradiction import contradictions
    from app.cli import model_file
    from app.llm.local import LocalModel

    model = LocalModel(model_file(model_key))
    model.load()
    rows = {name: load(GOLDEN / file)[:limit] for name, file in SETS.items()
            if (GOLDEN / file).exists()}
    scored, seconds = {}, []
    for name, batch in rows.items():
        scored[name] = []
        for row in batch:
            started = time.perf_counter()
            yes, _ = model.next_token_probabilities(asked(model, row), ["Yes", "No"],
                                                    threading.Event())
            seconds.append(time.perf_counter() - started)
            rule = bool(contradictions(row["answer"], row["quote"], row["question"]))
            scored[name].append((row["verdict"] == "contradicts", yes, rule))
            if log:  # a long run can be read, and thresholds tried, before it ends
                with log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"batch": name, "question": row["question"],
                                          "verdict": row["verdict"], "kind": row["kind"],
                                          "language": row["language"], "yes": yes,
                                          "rule": rule}, ensure_ascii=False) + "\n")
    tuned = [r for name, batch in scored.items() if name != "held out" for r in batch]
    threshold = _threshold(tuned)
    report = {"model": model_key, "threshold": threshold,
              "median_s": round(sorted(seconds)[len(seconds) // 2], 2), "batches": {}}
    for name, batch in scored.items():
        report["batches"][name] = {
            "rules": _rates([(bad, rule) for bad, _, rule in batch]),
            "model": _rates([(bad, yes >= threshold) for bad, yes, _ in batch]),
            "either": _rates([(bad, rule or yes >= threshold) for bad, yes, rule in batch])}
    return report


def _threshold(rows: list) -> float:
    """The lowest threshold whose false alarms, with the rules, stay at most
    MAX_FALSE_ALARMS on the tuned batches."""
    best = 1.01
    for candidate in sorted({yes for _, yes, _ in rows}, reverse=True):
        flags = [(bad, rule or yes >= candidate) for bad, yes, rule in rows]
        if _rates(flags)["false_alarm_rate"] > MAX_FALSE_ALARMS:
            break
        best = candidate
    return round(best, 4)


def _rates(flags: list) -> dict:
    bad = [f for b, f in flags if b]
    good = [f for b, f in flags if not b]
    return {"caught": f"{sum(bad)}/{len(bad)}",
            "caught_rate": round(sum(bad) / len(bad), 3) if bad else None,
            "false_alarms": f"{sum(good)}/{len(good)}",
            "false_alarm_rate": round(sum(good) / len(good), 3) if good else None}


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--limit", type=int, default=None, help="rows per batch")
    parser.add_argument("--log", type=Path, help="append each row's figures (JSON lines)")
    args = parser.parse_args()
    print_figures(measure(args.model, args.limit, args.log), args.json)


if __name__ == "__main__":
    main()
