"""Several handbooks asked at once (#31: ≤ 1.5× the search time of the largest alone).

    python benchmarks/several.py [--cache DIR] [--repeat 1]

Indexes three real folders once (kept in --cache): the PostgreSQL dev corpus
(devset/build/corpus, the largest), the bundled sample handbook and this
project's docs/ folder. Then, for the dev set's and the sample's golden
questions:

- time: each question searched in the largest index alone (the baseline,
  same run) and in all three at once (app/search/several.py), median and p95;
- what is lost: context recall@3 (the answer span in the three sections
  returned) of each golden set, asked of its own index alone and of all
  three together (the other two handbooks only compete for the places).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.common.bundled import SAMPLE_GOLDEN, SAMPLE_HANDBOOK  # noqa: E402
from app.embedding.embedder import Embedder  # noqa: E402
from app.evaluation.recall import load_cases, normalise  # noqa: E402
from app.ingest.indexer import Indexer  # noqa: E402
from app.search.retrieval import Searcher  # noqa: E402
from app.search.several import Handbook, SeveralSearcher  # noqa: E402
from app.store.sqlite import Store  # noqa: E402

DEV_CORPUS = ROOT / "devset" / "build" / "corpus"
DEV_GOLDEN = ROOT / "resources" / "golden" / "devset.tsv"
FOLDERS = {"postgresql": DEV_CORPUS, "sample": SAMPLE_HANDBOOK, "docs": ROOT / "docs"}


def indexed(cache: Path, embedder) -> dict[str, Path]:
    databases = {}
    for name, folder in FOLDERS.items():
        db = cache / f"{name}.sqlite"
        with Store(db) as store:
            report = Indexer(store, embedder).run(folder)
        print(f"{name}: {report.chunks:,} chunks ({folder})", file=sys.stderr)
        databases[name] = db
    return databases


def timed(searcher, questions: list[str], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        for question in questions:
            started = time.perf_counter()
            searcher.search(question)
            times.append(time.perf_counter() - started)
    return times


def recall(searcher, cases) -> float:
    found = 0
    for case in cases:
        results = searcher.search(case.question).results[:3]
        found += any(normalise(case.answer_span) in normalise(r.text) for r in results)
    return found / len(cases)


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/hbqa-several-bench"))
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    if not DEV_CORPUS.is_dir():
        sys.exit(f"{DEV_CORPUS} is missing: build it first (devset/README.md)")
    args.cache.mkdir(parents=True, exist_ok=True)
    embedder = Embedder()
    databases = indexed(args.cache, embedder)
    golden = {"postgresql": load_cases(DEV_GOLDEN), "sample": load_cases(SAMPLE_GOLDEN)}
    questions = [c.question for cases in golden.values() for c in cases]
    stores = {name: Store(db) for name, db in databases.items()}
    several = SeveralSearcher([Handbook(name, store) for name, store in stores.items()],
                              embedder)
    alone = {name: Searcher(store, embedder) for name, store in stores.items()}
    for searcher in [alone["postgresql"], several]:  # warm: vectors loaded, caches filled
        timed(searcher, questions[:5], 1)
    base = timed(alone["postgresql"], questions, args.repeat)
    both = timed(several, questions, args.repeat)
    print(f"{len(questions)} questions x {args.repeat}")
    print(f"largest alone (postgresql): median {statistics.median(base) * 1000:6.1f} ms, "
          f"p95 {p95(base) * 1000:6.1f} ms")
    print(f"three at once:              median {statistics.median(both) * 1000:6.1f} ms, "
          f"p95 {p95(both) * 1000:6.1f} ms  ({statistics.median(both) / statistics.median(base):.2f}x"
          f" the median, {p95(both) / p95(base):.2f}x the p95)")
    for name, cases in golden.items():
        print(f"context recall@3, {name} golden set ({len(cases)}): alone "
              f"{recall(alone[name], cases):.3f}, with the other two {recall(several, cases):.3f}")
    several.close()
    for store in stores.values():
        store.close()


if __name__ == "__main__":
    main()
