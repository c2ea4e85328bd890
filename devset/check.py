"""Check the development golden set against the corpus built by devset/build.py.

First runs the sample set's checker (scripts/check_golden.py) unchanged on
resources/golden/devset.tsv and devset/build/corpus/: columns, known
position/kind values, span length (3-12 words), span not copied into the
question, span found exactly once in its source file and in no other file, inside
one paragraph (Markdown) or one page (PDF, text extracted by pypdf), and the
start/middle/end label agreeing with where the span sits in its section. Only its
report threshold for "long" sections is lowered from 800 to 600 words, the
threshold this set is designed around.

Then checks what the development set promises on top of that:
- at least 70 cases, at least 10 `table` and 10 `code` cases;
- at least 40 % of the cases sit in long sections (>= 600 words), and those are
  spread evenly over start/middle/end (each position >= 25 % of them);
- every Markdown span lies within one line of the file (one sentence of a
  paragraph, one table row or one code line) and prose/list spans do not run
  across a sentence boundary.

Exits 1 if anything is wrong.

Usage: python devset/check.py [CASES.tsv] [--corpus DIR]
"""
from __future__ import annotations

import argparse
import csv
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "scripts"))

import check_golden as golden  # noqa: E402  (scripts/check_golden.py)

DEFAULT_CASES = REPO / "resources" / "golden" / "devset.tsv"
DEFAULT_CORPUS = HERE / "build" / "corpus"
LONG_SECTION_WORDS = 600
MIN_CASES = 70
MIN_PER_KIND = {"table": 10, "code": 10}
MIN_LONG_SHARE = 0.40
MIN_POSITION_SHARE_OF_LONG = 0.25
SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]")


def extra_checks(cases_path: Path, corpus: Path) -> list[str]:
    files = golden.load_handbook(corpus)
    raw_lines: dict[str, set[str]] = {}
    for name in files:
        if name.endswith((".md", ".markdown", ".txt")):
            text = (corpus / name).read_text(encoding="utf-8")
            raw_lines[name] = {golden.norm(line) for line in text.splitlines() if line.strip()}
    with cases_path.open(encoding="utf-8", newline="") as handle:
        cases = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))

    problems: list[str] = []
    kinds = Counter(row.get("kind") for row in cases)
    long_positions: Counter = Counter()
    for row in cases:
        where = f"case {row.get('id') or '?'}"
        span = golden.norm(row.get("answer_span") or "")
        source = row.get("source_file") or ""
        if source in raw_lines and not any(span in line for line in raw_lines[source]):
            problems.append(f"{where}: span runs over more than one line of {source}")
        if row.get("kind") in ("prose", "list") and SENTENCE_BREAK.search(
            (row.get("answer_span") or "").rstrip(".!? ")
        ):
            problems.append(f"{where}: span runs across a sentence boundary")
        target = files.get(source)
        found = golden.position_of(span, target.sections) if target and span else None
        if found and found[0].words >= LONG_SECTION_WORDS:
            long_positions[golden.label(found[1])] += 1

    if len(cases) < MIN_CASES:
        problems.append(f"{len(cases)} cases, want at least {MIN_CASES}")
    for kind, minimum in MIN_PER_KIND.items():
        if kinds[kind] < minimum:
            problems.append(f"{kinds[kind]} {kind} cases, want at least {minimum}")
    in_long = sum(long_positions.values())
    if cases and in_long < MIN_LONG_SHARE * len(cases):
        problems.append(
            f"{in_long} of {len(cases)} cases in sections of >= {LONG_SECTION_WORDS} words, "
            f"want at least {MIN_LONG_SHARE:.0%}"
        )
    for position in golden.POSITIONS:
        if in_long and long_positions[position] < MIN_POSITION_SHARE_OF_LONG * in_long:
            problems.append(
                f"only {long_positions[position]} of {in_long} long-section cases at the "
                f"{position}, want at least {MIN_POSITION_SHARE_OF_LONG:.0%}"
            )
    print(
        f"dev set: {len(cases)} cases, {in_long} in sections of >= {LONG_SECTION_WORDS} words ("
        + ", ".join(f"{p} {long_positions[p]}" for p in golden.POSITIONS)
        + ")"
    )
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="?", type=Path, default=DEFAULT_CASES)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    if not args.corpus.is_dir() or not any(args.corpus.rglob("*.md")):
        raise SystemExit(f"{args.corpus} is missing or empty: build it first with  python devset/build.py")

    golden.LONG_SECTION_WORDS = LONG_SECTION_WORDS  # report threshold only
    status = golden.check(args.cases, args.corpus)
    print()
    problems = extra_checks(args.cases, args.corpus)
    for problem in problems:
        print(f"PROBLEM {problem}")
    print("dev set OK" if not problems else f"{len(problems)} dev-set problem(s)")
    sys.exit(1 if status or problems else 0)


if __name__ == "__main__":
    main()
