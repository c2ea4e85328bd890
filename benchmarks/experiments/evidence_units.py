"""How many candidate sentences must e5's evidence step embed? (#53)

    python -m benchmarks.experiments.evidence_units [--units 40 16 12 10]

On the man pages and Debian history chapters in four languages, indexed with
multilingual-e5-small (benchmarks/out/lang-*-e5-120.sqlite, built by
benchmarks.guards.languages), every golden question of #53 (tuned and held
out, each language's own on its pages and the English twins on the English
pages) is searched once, and its evidence scored with the first N candidate
sentences (Embedder.evidence_units): evidence@1 / @3 (the answer span inside
the first / one of the first three units) and the evidence step's median
time, for each N from the same searches.
"""
from __future__ import annotations

import statistics
import time

from app.answers.evidence.finder import EvidenceFinder
from app.evaluation.recall import normalise
from app.search.retrieval import Searcher
from app.store.sqlite import Store
from app.workspace.embedders import MULTILINGUAL, EmbedderCache
from benchmarks.common import OUT, arguments, print_figures
from benchmarks.guards.languages import cases


def measure(units: list[int]) -> dict:
    embedder = EmbedderCache().get(MULTILINGUAL)
    figures = {n: {"own": [0, 0, 0], "english": [0, 0, 0], "times": []} for n in units}
    try:
        for kind in ("man", "history"):
            for language in ("ru", "es", "de"):
                for pages in (language, "en"):
                    _measure_pages(embedder, kind, language, pages, units, figures)
    finally:
        embedder.__dict__.pop("evidence_units", None)  # the class's own value again
    return {str(n): {"own": _rates(f["own"]), "english pages": _rates(f["english"]),
                     "median_s": round(statistics.median(f["times"]), 3)}
            for n, f in figures.items()}


def _measure_pages(embedder, kind: str, language: str, pages: str, units: list[int],
                   figures: dict) -> None:
    name = pages if kind == "man" else f"{kind}-{pages}"
    with Store(OUT / f"lang-{name}-e5-120.sqlite") as store:
        searcher = Searcher(store, embedder)
        batch = cases(language, False, pages, pages, kind) + cases(language, True, pages, pages,
                                                                   kind)
        searched = [(case, searcher.search(case.question)) for case in batch]
        for n in units:
            embedder.evidence_units = n
            _score(EvidenceFinder(store, embedder), searched,
                   figures[n]["english" if pages == "en" else "own"], figures[n]["times"])


def _score(finder, searched, counts: list[int], times: list[float]) -> None:
    for case, response in searched:
        started = time.perf_counter()
        found = finder.find(response, 3)
        times.append(time.perf_counter() - started)
        hits = [normalise(case.answer_span) in normalise(e.text) for e in found]
        counts[0] += bool(hits[:1] and hits[0])
        counts[1] += any(hits)
        counts[2] += 1


def _rates(counts: list[int]) -> str:
    return f"{counts[0] / counts[2]:.3f} / {counts[1] / counts[2]:.3f} of {counts[2]}"


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--units", nargs="+", type=int, default=[40, 16, 12, 10])
    args = parser.parse_args()
    print_figures(measure(args.units), args.json)


if __name__ == "__main__":
    main()
