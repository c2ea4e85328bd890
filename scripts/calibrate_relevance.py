"""Calibrate an embedder's "nothing relevant" threshold (its `relevance_threshold`).

    python scripts/calibrate_relevance.py [--embedder minilm|e5] DB CASES.tsv [DB CASES.tsv ...]

For each index and golden set, prints the cosine distance of the best child
for every golden question (which must be answered) and for the off-topic
questions of resources/golden/off-topic*.txt, in every language there
(which must be refused). The threshold belongs between the largest golden
distance and the smallest off-topic one. Each embedder has its own: e5's
distances are far smaller than MiniLM's for the same pair of texts.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.common.bundled import RESOURCES  # noqa: E402
from app.evaluation.recall import load_cases  # noqa: E402
from app.search.retrieval import Searcher  # noqa: E402
from app.store.sqlite import Store  # noqa: E402
from app.workspace.embedders import ENGLISH, MULTILINGUAL, EmbedderCache  # noqa: E402

EMBEDDERS = {"minilm": ENGLISH, "e5": MULTILINGUAL}


def best_distance(searcher: Searcher, question: str) -> float:
    return min(c.vector_distance for c in searcher.search(question).candidates
               if c.vector_distance is not None)


def off_topic_questions() -> list[str]:
    # off-topic-blind-*.txt is held out (benchmarks/guards/relevance.py)
    return [line for path in sorted((RESOURCES / "golden").glob("off-topic*.txt"))
            if "blind" not in path.name
            for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=sorted(EMBEDDERS), default="minilm")
    parser.add_argument("pairs", nargs="+", metavar="DB CASES.tsv")
    args = parser.parse_args()
    embedder = EmbedderCache().get(EMBEDDERS[args.embedder])
    golden_all, other_all = [], []
    for db, cases in zip(args.pairs[::2], args.pairs[1::2]):
        with Store(Path(db)) as store:
            searcher = Searcher(store, embedder)
            golden = sorted(best_distance(searcher, c.question) for c in load_cases(Path(cases)))
            other = sorted(best_distance(searcher, q) for q in off_topic_questions())
        golden_all += golden
        other_all += other
        print(f"{cases}: golden max {golden[-1]:.3f} (p95 {golden[int(0.95 * len(golden))]:.3f}) · "
              f"off-topic min {other[0]:.3f} (median {other[len(other) // 2]:.3f})")
    golden_all.sort()
    other_all.sort()
    print(f"all: golden max {golden_all[-1]:.3f}, p95 {golden_all[int(0.95 * len(golden_all))]:.3f}"
          f" · off-topic min {other_all[0]:.3f}, p05 {other_all[int(0.05 * len(other_all))]:.3f}")
    print(f"current threshold of {embedder.id}: {embedder.relevance_threshold}")


if __name__ == "__main__":
    main()
