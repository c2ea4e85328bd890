"""Record what the card's check and the answer see, question by question.

    python -m benchmarks.guards.card_answer_runs [--set dev python git bash man sample]
                                                 [--model qwen2.5-coder-1.5b] [--limit N]

For every golden question of the sets (tuning and held-out batches both, each
row labelled with its batch as benchmarks.guards.evidence labels it), runs the
app's whole answer path (app/answers/answerer.py) and writes one JSON line to
benchmarks/out/card-answer-SET.jsonl: the ranker's best five units (the ones
the check reads), whether each holds the answer span, the model's pick
probability for each, the answer the model wrote and whether it is accurate.
`benchmarks.guards.card_answer` then tries card orders on these rows offline.
Uses the indexes benchmarks.guards.evidence builds in benchmarks/out/.
"""
from __future__ import annotations

import json
import threading
from pathlib import Path

from benchmarks.common import OUT, arguments, batch, indexed
from benchmarks.guards.evidence import SETS


def run(name: str, model, embedder, limit: int | None) -> Path:
    from app.answers import answerer as answerer_module
    from app.answers.answerer import Answerer, EvidenceFound, Finished
    from app.evaluation.answer_accuracy import accurate
    from app.evaluation.recall import load_cases, normalise
    from app.search.retrieval import Searcher

    files = SETS[name][1]
    store = indexed(name, embedder)
    answerer = Answerer(Searcher(store, embedder), model)
    seen: dict = {}
    original = answerer_module.quote_check.pick_probabilities

    def recording(model_, question, units, cancel):
        seen["units"], seen["p"] = list(units), original(model_, question, units, cancel)
        return seen["p"]

    answerer_module.quote_check.pick_probabilities = recording
    path = OUT / f"card-answer-{name}.jsonl"
    with path.open("w") as out:
        for tsv, label in files:
            for case in load_cases(tsv)[:limit]:
                seen.clear()
                events = list(answerer.ask(case.question, cancel=threading.Event()))
                shown = next((e.evidence for e in events if isinstance(e, EvidenceFound)), [])
                answer = next(e.answer for e in events if isinstance(e, Finished))
                span = normalise(case.answer_span)
                units = seen.get("units") or [e.text for e in shown]
                out.write(json.dumps({
                    "id": case.id, "batch": batch(label, case.line), "question": case.question,
                    "units": units, "holds": [span in normalise(u) for u in units],
                    "p": seen.get("p"), "answer": answer.text, "refused": bool(answer.refused),
                    "declined": answer.declined,
                    "accurate": not answer.refused and accurate(answer.text, case.answer_span),
                }) + "\n")
                out.flush()
    store.close()
    return path


def main() -> None:
    from app.llm.local import LocalModel
    from app.cli import model_file
    from app.embedding.minilm import MiniLM

    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["dev", "python", "git", "bash", "man",
                                                     "sample"], choices=sorted(SETS))
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    embedder = MiniLM()
    model = LocalModel(model_file(args.model))
    model.load()
    for name in args.set:
        print(run(name, model, embedder, args.limit), flush=True)


if __name__ == "__main__":
    main()
