"""Calibrate the "nothing relevant" threshold of answers (app/answers/answerer.py).

    python scripts/calibrate_relevance.py DB CASES.tsv [DB CASES.tsv ...]

For each index and golden set, prints the cosine distance of the best child
for every golden question (which must be answered) and for the off-topic
questions in resources/golden/off-topic.txt (which must be refused). The
threshold belongs between the largest golden distance and the smallest
off-topic one.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.answers.answerer import RELEVANCE_THRESHOLD  # noqa: E402
from app.common.bundled import RESOURCES  # noqa: E402
from app.embedding.minilm import MiniLM  # noqa: E402
from app.evaluation.recall import load_cases  # noqa: E402
from app.search.retrieval import Searcher  # noqa: E402
from app.store.sqlite import Store  # noqa: E402


def best_distance(searcher: Searcher, question: str) -> float:
    return min(c.vector_distance for c in searcher.search(question).candidates
               if c.vector_distance is not None)


def main(arguments: list[str]) -> None:
    off_topic = [line for line in (RESOURCES / "golden" / "off-topic.txt").read_text().splitlines()
                 if line and not line.startswith("#")]
    embedder = MiniLM()
    for db, cases in zip(arguments[::2], arguments[1::2]):
        with Store(Path(db)) as store:
            searcher = Searcher(store, embedder)
            golden = sorted(best_distance(searcher, c.question) for c in load_cases(Path(cases)))
            other = sorted(best_distance(searcher, q) for q in off_topic)
        print(f"{cases}: golden max {golden[-1]:.3f} (p95 {golden[int(0.95 * len(golden))]:.3f}) · "
              f"off-topic min {other[0]:.3f} (median {other[len(other) // 2]:.3f})")
    print(f"current threshold: {RELEVANCE_THRESHOLD}")


if __name__ == "__main__":
    main(sys.argv[1:])
