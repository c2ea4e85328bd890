"""Handbooks in Russian, Spanish and German against the same pages in English (#53).

    python -m benchmarks.guards.languages [--kinds man history] [--languages ru es de]
                                          [--models minilm e5] [--budgets 120] [--json]

Two kinds of document, each in the four languages (devset/build_corpora.py):
the 21 man pages of devset/build/man-{en,ru,es,de} and the five HTML
chapters of the Debian project's history, devset/build/history-{en,ru,es,de}.
Each is indexed with each model and child budget (kept in benchmarks/out/),
and chunk and context recall@5 measured on the blind golden sets of #53
(resources/golden/KIND-LL*.tsv), the tuned batch and the blind batch apart:

- LL: the LL questions on the LL pages;
- en: the same facts asked in English on the English pages (the baseline,
  from the same run; each language's English twins are their own set);
- en→LL: the English questions on the LL pages (the spans of the LL pages);
- LL→en: the LL questions on the English pages.

Also, from the same run: indexing time per child for each model, the time
to the quote (search and evidence, what the card waits for before it shows
the first passage; median over the blind batch, after a warm-up question)
in each language and in English, and the process's peak memory.
"""
from __future__ import annotations

import dataclasses
import statistics
import time

from app.answers.evidence.finder import EvidenceFinder
from app.common.chunks import ChunkSettings
from app.evaluation.recall import Case, evaluate, load_cases
from app.ingest.indexer import Indexer, IndexSettings
from app.search.retrieval import Searcher, SearchSettings
from app.store.sqlite import Store
from app.workspace.embedders import ENGLISH, MULTILINGUAL, EmbedderCache
from benchmarks.common import BUILD, GOLDEN, OUT, arguments, peak_rss_mib, print_figures

K = 5
MODELS = {"minilm": ENGLISH, "e5": MULTILINGUAL}


KINDS = ("man", "history")


def cases(language: str, blind: bool, asked_in: str, pages_in: str,
          kind: str = "man") -> list[Case]:
    """The cases of one batch, asked in `asked_in`, their spans in `pages_in`'s pages."""
    suffix = "-blind" if blind else ""
    own = {c.id: c for c in load_cases(GOLDEN / f"{kind}-{language}{suffix}.tsv")}
    english = {c.id: c for c in load_cases(GOLDEN / f"{kind}-{language}-en{suffix}.tsv")}
    spans = own if pages_in == language else english
    questions = own if asked_in == language else english
    return [dataclasses.replace(case, question=questions[key].question)
            for key, case in spans.items() if key in questions]


def index(corpus: str, model: str, budget: int, embedders: EmbedderCache,
          kind: str = "man") -> tuple[Store, dict]:
    """The corpus's index for this model and budget, and what building it cost."""
    embedder = embedders.get(MODELS[model])
    OUT.mkdir(parents=True, exist_ok=True)
    name = corpus if kind == "man" else f"{kind}-{corpus}"  # the man pages' names came first
    store = Store(OUT / f"lang-{name}-{model}-{budget}.sqlite")
    started = time.perf_counter()
    report = Indexer(store, embedder, IndexSettings(
        chunking=ChunkSettings.for_embedder(embedder, budget=budget))).run(
            BUILD / f"{kind}-{corpus}")
    seconds = time.perf_counter() - started
    built = report.count("indexed") > 0
    return store, {"children": report.chunks,
                   "ms_per_child": round(1000 * seconds / report.chunks, 1) if built else None}


def recall(store: Store, embedder, batch: list[Case]) -> dict:
    found = evaluate(Searcher(store, embedder, SearchSettings(results=3)), batch, K).to_json()
    return {"chunk": found["chunk_recall"]["overall"]["recall"],
            "context": found["context_recall"]["overall"]["recall"], "cases": len(batch)}


def quote_seconds(store: Store, embedder, batch: list[Case]) -> float | None:
    """The median time from a question to its scored evidence units, each
    question asked first (a new finder: none of its units' vectors are
    remembered from the questions before, as they are in a conversation)."""
    searcher = Searcher(store, embedder)
    if not batch:
        return None
    EvidenceFinder(store, embedder).score(searcher.search("warm-up"))
    times = []
    for case in batch:
        finder = EvidenceFinder(store, embedder)
        started = time.perf_counter()
        finder.score(searcher.search(case.question))
        times.append(time.perf_counter() - started)
    return round(statistics.median(times), 3)


def measure(kinds: list[str], languages: list[str], models: list[str],
            budgets: list[int]) -> dict:
    embedders, figures = EmbedderCache(), {"runs": []}
    for model in models:
        for budget in budgets:
            for kind in kinds:
                stores = {corpus: index(corpus, model, budget, embedders, kind)
                          for corpus in ["en", *languages]}
                figures["runs"] += measure_kind(kind, languages, model, budget, stores,
                                                embedders.get(MODELS[model]))
                figures.setdefault("indexing", {})[f"{kind}-{model}-{budget}"] = {
                    corpus: cost for corpus, (_, cost) in stores.items()}
                for store, _ in stores.values():
                    store.close()
    figures["peak_rss_mib"] = round(peak_rss_mib())
    return figures


def measure_kind(kind: str, languages: list[str], model: str, budget: int, stores: dict,
                 embedder) -> list[dict]:
    """One kind of document's rows: each language's batches in four directions."""
    rows = []
    for language in languages:
        for blind in (False, True):
            row = {"kind": kind, "model": model, "budget": budget, "language": language,
                   "batch": "blind" if blind else "tuned"}
            for label, asked, pages in ((language, language, language), ("en", "en", "en"),
                                        (f"en→{language}", "en", language),
                                        (f"{language}→en", language, "en")):
                row[label] = recall(stores[pages][0], embedder,
                                    cases(language, blind, asked, pages, kind))
            if blind:
                row["quote_s"] = {pages: quote_seconds(stores[pages][0], embedder,
                                                       cases(language, True, pages, pages, kind))
                                  for pages in (language, "en")}
            rows.append(row)
    return rows


def table(figures: dict) -> str:
    lines = ["kind    model budget lang batch | LL chunk/ctx | en chunk/ctx | en→LL chunk/ctx | "
             "LL→en chunk/ctx"]
    for row in figures["runs"]:
        cells = [f"{row[key]['chunk']:.2f}/{row[key]['context']:.2f}"
                 for key in (row["language"], "en", f"en→{row['language']}",
                             f"{row['language']}→en")]
        quote = row.get("quote_s")
        lines.append(f"{row['kind']:7} {row['model']:6} {row['budget']:4} {row['language']:2} "
                     f"{row['batch']:5} | " + " | ".join(cells)
                     + (f" | quote {quote[row['language']]:.2f}s (en {quote['en']:.2f}s)"
                        if quote else ""))
    for run, corpora in figures["indexing"].items():
        lines.append(f"indexing {run}: " + ", ".join(
            f"{corpus} {cost['children']} children, {cost['ms_per_child']} ms/child"
            for corpus, cost in corpora.items()))
    lines.append(f"peak memory: {figures['peak_rss_mib']} MiB")
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--languages", nargs="+", default=["ru", "es", "de"])
    parser.add_argument("--models", nargs="+", choices=sorted(MODELS), default=["minilm", "e5"])
    parser.add_argument("--budgets", nargs="+", type=int, default=[120])
    args = parser.parse_args()
    missing = [f"{kind}-{c}" for kind in args.kinds for c in ["en", *args.languages]
               if not (BUILD / f"{kind}-{c}").is_dir()]
    if missing:
        raise SystemExit(f"run: python devset/build_corpora.py {' '.join(missing)}")
    print_figures(measure(args.kinds, args.languages, args.models, args.budgets), args.json,
                  table)


if __name__ == "__main__":
    main()
