"""Contradictions benchmark: is an answer that says otherwise than its quote caught?

    python -m benchmarks.guards.contradictions [--json]

The sets (resources/golden/contradictions*.tsv): real passages of documents
nobody here wrote, each with a question and a one-sentence answer written as
a small model writes them, half of them contradicting the passage (a "yes"
it denies, another number, the quote's number said of another thing, a
bound turned round, another name) and half agreeing in other words (a "no"
to a passage that denies, numbers written another way, one of several
numbers, a unit converted). Each was written blind by a helper who saw no
code: `contradictions.tsv` (sample handbook, PostgreSQL, Python, German man
pages, Russian Debian history), `contradictions-blind.tsv` (git, man
pages, xz, Spanish and Russian man pages, German history) and
`-blind2` … `-blind5` (the Bash manual, Debian history, this machine's man
pages in four languages) were tuned on, each after it had been measured
once as written; `contradictions-blind6.tsv` (55 other man pages) was
written after that and is held out (docs/answers.md).

Per set: the share of contradicting answers flagged (target ≥ 80 %) and of
agreeing ones flagged (false alarms, target ≤ 5 %), by kind and language.
The baseline, from the same run: what the card flagged before this check,
the answer's numbers and facts the quote lacks (`numbers_not_in` and the
fact check held to the quote).
"""
from __future__ import annotations

import csv
import statistics
import time
from collections import defaultdict
from pathlib import Path

from app.answers.checks.contradiction import contradictions
from app.answers.checks.fact_check import NAME, NUMBER, CODE, numbers_not_in, unsupported
from benchmarks.common import GOLDEN, arguments, print_figures

SETS = {"tuned: first batch": "contradictions.tsv",
        "tuned: second batch": "contradictions-blind.tsv",
        "tuned: third batch": "contradictions-blind2.tsv",
        "tuned: fourth batch": "contradictions-blind3.tsv",
        "tuned: fifth batch": "contradictions-blind4.tsv",
        "tuned: sixth batch": "contradictions-blind5.tsv",
        "held out": "contradictions-blind6.tsv"}


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def before(row: dict) -> bool:
    """Whether the card flagged the answer before this check: a number the
    quote lacks, or a fact the quote does not back."""
    answer, quote, question = row["answer"], row["quote"], row["question"]
    return bool(numbers_not_in(answer, quote, question=question)) or any(
        f.kind in (NUMBER, NAME, CODE) for f in unsupported(answer, [quote], question))


def measure(rows: list[dict]) -> dict:
    flags, baseline, seconds = [], [], []
    for row in rows:
        started = time.perf_counter()
        flags.append(bool(contradictions(row["answer"], row["quote"], row["question"])))
        seconds.append(time.perf_counter() - started)
        baseline.append(before(row))
    return {"cases": len(rows), "now": _rates(rows, flags), "before": _rates(rows, baseline),
            "median_ms": round(1000 * statistics.median(seconds), 2) if seconds else None}


def _rates(rows: list[dict], flags: list[bool]) -> dict:
    by = defaultdict(lambda: [0, 0, 0, 0])  # caught, contradicting, false alarms, agreeing
    for row, flagged in zip(rows, flags):
        bad = row["verdict"] == "contradicts"
        for key in ("all", f"kind={row['kind']}", f"language={row['language']}"):
            counts = by[key]
            counts[0 if bad else 2] += flagged
            counts[1 if bad else 3] += 1
    return {key: {"caught": f"{c[0]}/{c[1]}", "caught_rate": round(c[0] / c[1], 3) if c[1] else None,
                  "false_alarms": f"{c[2]}/{c[3]}",
                  "false_alarm_rate": round(c[2] / c[3], 3) if c[3] else None}
            for key, c in sorted(by.items())}


def main() -> None:
    args = arguments(__doc__, with_json=True).parse_args()
    report = {name: measure(load(GOLDEN / file)) for name, file in SETS.items()
              if (GOLDEN / file).exists()}
    print_figures(report, args.json, text)


def text(report: dict) -> str:
    lines = ["| set | slice | caught (before) | false alarms (before) |", "|---|---|---|---|"]
    for name, figures in report.items():
        for key, now in figures["now"].items():
            was = figures["before"][key]
            lines.append(f"| {name} | {key} | {now['caught']} = {now['caught_rate']} "
                         f"({was['caught_rate']}) | {now['false_alarms']} = "
                         f"{now['false_alarm_rate']} ({was['false_alarm_rate']}) |")
        lines.append(f"| {name} | median time per answer | {figures['median_ms']} ms | |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
