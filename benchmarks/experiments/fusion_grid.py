"""RRF settings across all corpora: chunk recall@5 per batch, tuning and held out.

    python -m benchmarks.experiments.fusion_grid

Today's settings (app/search/retrieval.py, SearchSettings) first, then rrf_k
10/30/60 × vector weight 1/1.5/2 × candidates 20/40. A setting is worth
taking only when it finds more answers on the tuning batches of every corpus
together and holds on the held-out ones. Uses the indexes
benchmarks.guards.evidence builds in benchmarks/out/. Nothing is tuned here.
"""
from __future__ import annotations

import itertools

from app.embedding.minilm import MiniLM
from app.evaluation.recall import load_cases, normalise
from app.search.retrieval import Searcher, SearchSettings
from benchmarks.common import arguments, batch, built_index, tuned_on
from benchmarks.guards.evidence import K, SETS

TODAY = SearchSettings()
GRID = [TODAY] + [SearchSettings(rrf_k=k, vector_weight=w, candidates=c)
                  for k, w, c in itertools.product([10, 30, 60], [1.0, 1.5, 2.0], [20, 40])
                  if (k, w, c) != (TODAY.rrf_k, TODAY.vector_weight, TODAY.candidates)]


def hits(embedder: MiniLM) -> dict:
    """(setting index, batch) → one bool per case: an answering child in the top K."""
    from app.store.sqlite import Store

    found: dict = {}
    for name, (_, golden) in SETS.items():
        with Store(built_index(name)) as store:
            texts = {r["id"]: normalise(r["text"]) for r in store.rows("SELECT id, text FROM chunks")}
            cases = [(c, batch(last, c.line)) for tsv, last in golden if tsv.exists()
                     for c in load_cases(tsv)]
            vectors = embedder.embed([c.question for c, _ in cases])
            for index, settings in enumerate(GRID):
                searcher = Searcher(store, embedder, settings)
                for (case, name_of_batch), vector in zip(cases, vectors):
                    _, by_vector, by_bm25 = searcher.rankings(case.question, vector)
                    response = searcher.respond(case.question, vector, by_vector, by_bm25)
                    span = normalise(case.answer_span)
                    found.setdefault((index, name_of_batch), []).append(
                        any(span in texts.get(c.chunk_id, "") for c in response.candidates[:K]))
    return found


def main() -> None:
    arguments(__doc__).parse_args()
    found = hits(MiniLM())
    batches = sorted({b for _, b in found})
    print("rrf_k weight candidates | tuning hits | held-out hits | " + " ".join(batches))
    for index, s in enumerate(GRID):
        tune = sum(sum(found[(index, b)]) for b in batches if tuned_on(b))
        held = sum(sum(found[(index, b)]) for b in batches if not tuned_on(b))
        row = " ".join(f"{sum(found[(index, b)]) / len(found[(index, b)]):.3f}" for b in batches)
        print(f"{s.rrf_k} {s.vector_weight} {s.candidates} | {tune} | {held} | {row}"
              + ("  (today)" if index == 0 else ""))


if __name__ == "__main__":
    main()
