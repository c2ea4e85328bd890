"""The fact check on the answer model's own answers, recorded once and re-checked at will.

    python -m benchmarks.guards.fact_check_answers --record [--sets dev sample python git bash]
                                                   [--model qwen2.5-coder-1.5b]
    python -m benchmarks.guards.fact_check_answers [--sets …] [--model …] [--show]

`--record` asks every held-out question of each set (benchmarks.guards.
answer_models' batches) through the answer path (`answer_case`) and
keeps, per question, the answer, the sources as the check read them
(header and text) and whether the answer was right and its passage read,
in benchmarks/out/answers-<set>-<model>.json. Without it, the check as it
is now runs on those answers and prints per set how many it flags: the
model's answers do not depend on the check, so a change to the check is
measured on the very same answers, not on a new run's drift.

`--show` prints the flagged answers. Held-out answers are for measuring: a
change made from what --show prints is tuned on them (docs/answers.md).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from app.answers import answerer as answer_steps
from app.answers.checks.fact_check import unsupported
from benchmarks.common import OUT, arguments, indexed
from benchmarks.guards.answer_models import SETS, held_out

DEFAULT_SETS = ["dev", "sample", "python", "git", "bash"]


def recorded(name: str, model: str) -> Path:
    return OUT / f"answers-{name}-{model}.json"


def record(names: list[str], model_key: str) -> None:
    from app.answers.answerer import Answerer
    from app.llm.local import LocalModel
    from app.cli import model_file
    from app.embedding.minilm import MiniLM
    from app.evaluation.answer_accuracy import answer_case
    from app.search.retrieval import Searcher

    checked: list[dict] = []
    real_check = answer_steps.unsupported

    def keeping(text, sources, question=""):  # what the answer step checks, as it checks it
        checked.append({"question": question, "answer": text, "sources": sources})
        return real_check(text, sources, question)

    answer_steps.unsupported = keeping
    embedder = MiniLM()
    model = LocalModel(model_file(model_key))
    model.load()
    for name in names:
        with indexed(name, embedder) as store:
            answerer = Answerer(Searcher(store, embedder), model)
            rows = []
            for case in held_out(name, None):
                checked.clear()
                result = answer_case(answerer, case)
                rows.append({"id": case.id, "accurate": result.accurate,
                             "span_read": result.span_read, "refused": result.refused,
                             **(checked[-1] if checked else
                                {"question": case.question, "answer": result.answer,
                                 "sources": []})})
                print(f"{name}: {len(rows)}", file=sys.stderr, flush=True)
        recorded(name, model_key).write_text(json.dumps(rows, indent=1), encoding="utf-8")


def recheck(names: list[str], model_key: str, show: bool) -> None:
    total = flagged_total = 0
    print("| set | cases | flagged by the check now |\n|---|---|---|")
    for name in names:
        path = recorded(name, model_key)
        if not path.exists():
            sys.exit(f"{path} is missing: run with --record first")
        rows = json.loads(path.read_text(encoding="utf-8"))
        flagged = 0
        for row in rows:
            facts = [] if row["refused"] else \
                unsupported(row["answer"], row["sources"], row["question"])
            flagged += bool(facts)
            if show and facts:
                print(f"  {name} {row['id']}: {[f.text for f in facts]} · {row['answer'][:160]}")
        print(f"| {name} | {len(rows)} | {flagged / len(rows):.3f} ({flagged}) |")
        total, flagged_total = total + len(rows), flagged_total + flagged
    print(f"| **all** | {total} | **{flagged_total / max(total, 1):.3f}** ({flagged_total}) |")


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--sets", nargs="+", default=DEFAULT_SETS, choices=sorted(SETS))
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()
    if args.record:
        record(args.sets, args.model)
    recheck(args.sets, args.model, args.show)


if __name__ == "__main__":
    main()
