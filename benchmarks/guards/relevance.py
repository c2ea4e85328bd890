"""Off-topic questions refused, real ones not, on handbooks read by multilingual-e5 (#53).

    python -m benchmarks.guards.relevance [--kinds man history] [--json]

The man pages and the Debian history chapters in Russian, Spanish, German
and English, indexed with e5 as benchmarks.guards.languages builds them
(benchmarks/out/, reused). On each, the golden questions of #53 (each
language's, and their English twins: asked in the pages' language or in
another) must reach the model, and the off-topic questions of
resources/golden/ (in four languages) must be refused. Two rules from the
same run:

- threshold: the best child's distance against e5's relevance_threshold
  alone (the rule before, the baseline);
- app: app/answers/evidence/relevance.py as the answerer runs it (the
  distance, and in e5's relevance_band the words the nearest children share
  with a question in the handbook's language).

Golden cases count "refused" (lower is better), off-topic ones "passed"
(lower is better), apart for a question in the pages' language ("same") and
in another ("other"). The rule was chosen on the tuned batches and
off-topic*.txt; the blind batches and off-topic-blind-*.txt are held out.
"""
from __future__ import annotations

from app.answers.evidence.relevance import about_the_question
from app.common.language import detect
from app.search.retrieval import Searcher, chunk_texts
from app.workspace.embedders import EmbedderCache
from benchmarks.common import BUILD, GOLDEN, arguments, print_figures
from benchmarks.guards.languages import KINDS, MODELS, cases, index

LANGUAGES = ("ru", "es", "de")


def off_topic(blind: bool) -> list[str]:
    paths = [p for p in sorted(GOLDEN.glob("off-topic*.txt")) if ("blind" in p.name) == blind]
    return [line for p in paths for line in p.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def questions(kind: str, pages: str, blind: bool) -> list[tuple[str, str]]:
    """(label, question): each golden question asked of these pages, and the off-topic ones."""
    asked = []
    for language in (LANGUAGES if pages == "en" else (pages,)):
        for asked_in in (("en", language) if pages == "en" else (language, "en")):
            asked += [("golden", c.question) for c in cases(language, blind, asked_in, pages, kind)]
    return asked + [("off-topic", q) for q in off_topic(blind)]


def measure(kinds: list[str]) -> dict:
    embedders = EmbedderCache()
    embedder = embedders.get(MODELS["e5"])
    counts: dict = {}
    for kind in kinds:
        for pages in ("en", *LANGUAGES):
            store, _ = index(pages, "e5", 120, embedders, kind)
            searcher = Searcher(store, embedder)
            languages = store.languages()
            for blind in (False, True):
                for label, question in questions(kind, pages, blind):
                    found = searcher.search(question).candidates
                    best = min((c.vector_distance for c in found
                                if c.vector_distance is not None), default=float("inf"))
                    same = detect(question) in languages
                    verdicts = {"threshold": best <= embedder.relevance_threshold,
                                "app": about_the_question(question, found, embedder,
                                                          lambda: languages,
                                                          lambda ids: chunk_texts(store, ids))}
                    key = ("held out" if blind else "tuned", label, "same" if same else "other")
                    row = counts.setdefault(key, {"cases": 0, "threshold": 0, "app": 0})
                    row["cases"] += 1
                    for rule, passed in verdicts.items():
                        row[rule] += passed if label == "off-topic" else not passed
            store.close()
    return {"rows": [{"batch": b, "questions": q, "language": s, **row}
                     for (b, q, s), row in sorted(counts.items())]}


def table(figures: dict) -> str:
    lines = ["batch     questions  language | cases | threshold alone | the app's rule  "
             "(golden: refused; off-topic: passed)"]
    for row in figures["rows"]:
        lines.append(f"{row['batch']:9} {row['questions']:10} {row['language']:8} | "
                     f"{row['cases']:5} | {row['threshold']:15} | {row['app']:5}")
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    args = parser.parse_args()
    missing = [f"{kind}-{c}" for kind in args.kinds for c in ["en", *LANGUAGES]
               if not (BUILD / f"{kind}-{c}").is_dir()]
    if missing:
        raise SystemExit(f"run: python devset/build_corpora.py {' '.join(missing)}")
    print_figures(measure(args.kinds), args.json, table)


if __name__ == "__main__":
    main()
