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
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "scripts"))
sys.path.insert(0, str(HERE))

import check_golden as golden  # noqa: E402  (scripts/check_golden.py)
from app.evaluation.recall import POSITIONS, Case, load_cases  # noqa: E402
from check import DEFAULT_CASES, DEFAULT_CORPUS, LONG_SECTION_WORDS  # noqa: E402


class ReportError(Exception):
    """The report was not made from these cases."""


def recall_by_position(report: dict, cases: list[Case], corpus: Path,
                       words: int = LONG_SECTION_WORDS) -> dict[str, Counter]:
    """{position: Counter(cases=, chunk=, context=)} over the long-section cases.

    Cases are matched to the report by TSV line, as eval reports them; a case
    eval could not count (its "invalid" list) is left out, not taken as a hit."""
    if report["cases"] + len(report["invalid"]) != len(cases):
        raise ReportError(f"the report counts {report['cases']} cases and "
                          f"{len(report['invalid'])} invalid ones, the TSV has "
                          f"{len(cases)}: it was made from another file")
    k = report["k"]
    missed_chunk = {m["line"] for m in report["misses"]
                    if not (m["chunk_rank"] and m["chunk_rank"] <= k)}
    missed_context = {m["line"] for m in report["misses"] if not m["context_rank"]}
    not_counted = {bad["line"] for bad in report["invalid"]}
    files = golden.load_handbook(corpus)
    counts = {position: Counter() for position in POSITIONS}
    for case in cases:
        source = files.get(case.source_file)
        if case.line in not_counted or case.position not in counts or source is None:
            continue
        found = golden.position_of(golden.norm(case.answer_span), source.sections)
        if found is None or found[0].words < words:
            continue
        tally = counts[case.position]
        tally["cases"] += 1
        tally["chunk"] += case.line not in missed_chunk
        tally["context"] += case.line not in missed_context
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="output of handbook-qa eval --json")
    parser.add_argument("--cases", type=Path, default=DEFAULT_CASES)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    report = json.loads(args.report.read_text(encoding="utf-8"))
    try:
        counts = recall_by_position(report, load_cases(args.cases), args.corpus)
    except ReportError as error:
        print(f"{args.report}: {error}", file=sys.stderr)
        return 1
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
