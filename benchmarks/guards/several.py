"""Several handbooks asked at once (#31: ≤ 1.5× the search time of the largest alone).

    python -m benchmarks.guards.several [--cache DIR] [--repeat 1]

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

import statistics
import sys
from pathlib import Path

from app.common.bundled import SAMPLE_HANDBOOK
from app.embedding.minilm import MiniLM
from app.evaluation.recall import load_cases, normalise
from app.ingest.indexer import Indexer
from app.search.retrieval import Searcher
from app.search.several import Handbook, SeveralSearcher
from app.store.sqlite import Store
from benchmarks.common import (DEV_CORPUS, DEV_GOLDEN, ROOT, SAMPLE_GOLDEN, arguments, documents,
                               percentile, search_times)

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


def recall(searcher, cases) -> float:
    found = 0
    for case in cases:
        results = searcher.search(case.question).results[:3]
        found += any(normalise(case.answer_span) in normalise(r.text) for r in results)
    return found / len(cases)


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/hbqa-several-bench"))
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    documents("dev")
    args.cache.mkdir(parents=True, exist_ok=True)
    embedder = MiniLM()
    databases = indexed(args.cache, embedder)
    golden = {"postgresql": load_cases(DEV_GOLDEN), "sample": load_cases(SAMPLE_GOLDEN)}
    questions = [c.question for cases in golden.values() for c in cases]
    stores = {name: Store(db) for name, db in databases.items()}
    several = SeveralSearcher([Handbook(name, store) for name, store in stores.items()],
                              embedder)
    alone = {name: Searcher(store, embedder) for name, store in stores.items()}
    for searcher in [alone["postgresql"], several]:  # warm: vectors loaded, caches filled
        search_times(searcher, questions[:5])
    base = search_times(alone["postgresql"], questions, args.repeat)
    both = search_times(several, questions, args.repeat)
    median = {"base": statistics.median(base), "both": statistics.median(both)}
    p95 = {"base": percentile(base, 0.95), "both": percentile(both, 0.95)}
    print(f"{len(questions)} questions x {args.repeat}")
    print(f"largest alone (postgresql): median {median['base'] * 1000:6.1f} ms, "
          f"p95 {p95['base'] * 1000:6.1f} ms")
    print(f"three at once:              median {median['both'] * 1000:6.1f} ms, "
          f"p95 {p95['both'] * 1000:6.1f} ms  ({median['both'] / median['base']:.2f}x"
          f" the median, {p95['both'] / p95['base']:.2f}x the p95)")
    for name, cases in golden.items():
        print(f"context recall@3, {name} golden set ({len(cases)}): alone "
              f"{recall(alone[name], cases):.3f}, with the other two {recall(several, cases):.3f}")
    several.close()
    for store in stores.values():
        store.close()


if __name__ == "__main__":
    main()
