"""Recall by position for the answers that sit in long sections.

The project's target compares recall for answers at the end of long sections
with recall at their start (the end is what an embedder that truncates never
sees). `handbook-qa eval --json` reports recall by position over all cases;
this reads that report, finds each case's section in the corpus, and prints
chunk and context recall by position for the cases in sections of at least
600 words (devset/check.py's threshold).

    handbook-qa eval resources/golden/devset.tsv --db DB --k 5 --json > report.json
    python devset/long_sections.py report.json
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
sys.path.insert(0, str(HERE))

import check_golden as golden  # noqa: E402  (scripts/check_golden.py)
from check import DEFAULT_CASES, DEFAULT_CORPUS, LONG_SECTION_WORDS  # noqa: E402

POSITIONS = ("start", "middle", "end")


def recall_by_position(report: dict, cases: list[dict], corpus: Path,
                       words: int = LONG_SECTION_WORDS) -> dict[str, dict[str, int]]:
    """{position: {"cases", "chunk", "context"}} counted over long-section cases."""
    k = report["k"]
    missed_chunk = {m["id"] for m in report["misses"]
                    if not (m["chunk_rank"] and m["chunk_rank"] <= k)}
    missed_context = {m["id"] for m in report["misses"] if not m["context_rank"]}
    files = golden.load_handbook(corpus)
    counts = {position: Counter() for position in POSITIONS}
    for case in cases:
        found = golden.position_of(golden.norm(case["answer_span"]),
                                   files[case["source_file"]].sections)
        if found is None or found[0].words < words:
            continue
        tally = counts[case["position"]]
        tally["cases"] += 1
        tally["chunk"] += case["id"] not in missed_chunk
        tally["context"] += case["id"] not in missed_context
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="output of handbook-qa eval --json")
    parser.add_argument("--cases", type=Path, default=DEFAULT_CASES)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    report = json.loads(args.report.read_text(encoding="utf-8"))
    with args.cases.open(encoding="utf-8", newline="") as handle:
        cases = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    counts = recall_by_position(report, cases, args.corpus)
    print(f"recall@{report['k']} for answers in sections of >= {LONG_SECTION_WORDS} words:")
    for position in POSITIONS:
        tally = counts[position]
        if tally["cases"]:
            print(f"  {position:<6} chunk {tally['chunk']}/{tally['cases']} = "
                  f"{tally['chunk'] / tally['cases']:.3f}   context {tally['context']}/"
                  f"{tally['cases']} = {tally['context'] / tally['cases']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
