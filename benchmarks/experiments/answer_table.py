"""Answer quality and speed by prompt, on the same cases in the same run.

    python -m benchmarks.experiments.answer_table [--set sample|dev] [--limit N] [--units 1 2 3 5]
                                                  [--no-sections] [--stops line sentence] [--json]

For each prompt — whole sections (the baseline: what the app sent before the
evidence step), and the focused prompt with 1, 2, 3, 5 evidence units — runs
every case through the whole answer path with the bundled model (one loaded
model, the same index) and prints answer accuracy, evidence@1/@3, the share
of answers with an unsupported fact, median prompt tokens, and the medians
of time to first token and total time per question (search included). The
default prompt is chosen from this table (docs/answers.md).

Uses the indexes benchmarks.guards.evidence builds in benchmarks/out/. For the dev
set, `--limit N` takes the first N/2 cases of each batch (tuned-on and blind).
"""
from __future__ import annotations

import json
import statistics
import sys

from app.answers.prompting import focused
from app.answers.answerer import EVIDENCE, SECTIONS, Answerer
from app.llm.local import LocalModel
from app.embedding.minilm import MiniLM
from app.evaluation.answer_accuracy import answer_case
from app.evaluation.recall import load_cases
from app.search.retrieval import Searcher
from app.store.sqlite import Store
from benchmarks.common import (FIRST_BATCH_LAST_LINE, arguments, built_index, golden,
                               print_figures)

SETS = ("sample", "dev")


def chosen_cases(name: str, limit: int | None) -> list:
    cases = load_cases(golden(name))
    if not limit:
        return cases
    if name == "dev":
        first = [c for c in cases if c.line <= FIRST_BATCH_LAST_LINE][:limit // 2]
        blind = [c for c in cases if c.line > FIRST_BATCH_LAST_LINE][:limit - limit // 2]
        return first + blind
    return cases[:limit]


def row(label: str, results: list, tokens: list[int]) -> dict:
    n = len(results) or 1
    marked = [r for r in results if r.not_in_quote] or None  # "not in the quote above"
    return {"prompt": label, "cases": len(results),
            "not_in_quote_rate": round(len(marked or []) / n, 3),
            "marked_quote_right": marked and round(
                sum(r.evidence_hit(1) for r in marked) / len(marked), 3),
            "marked_model_right": marked and round(
                sum(r.accurate for r in marked) / len(marked), 3),
            "answer_accuracy": round(sum(r.accurate for r in results) / n, 3),
            "evidence@1": round(sum(r.evidence_hit(1) for r in results) / n, 3),
            "evidence@3": round(sum(r.evidence_hit(3) for r in results) / n, 3),
            "unsupported_rate": round(sum(bool(r.unsupported) for r in results) / n, 3),
            "prompt_tokens_median": statistics.median(tokens) if tokens else None,
            "first_token_median_s": round(statistics.median(
                r.first_token_s for r in results if r.first_token_s is not None), 2)
            if any(r.first_token_s for r in results) else None,
            "total_median_s": round(statistics.median(r.total_s for r in results), 2)}


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--set", choices=SETS, default="sample")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--units", type=int, nargs="+", default=[1, 2, 3, 5])
    parser.add_argument("--no-sections", dest="sections", action="store_false")
    parser.add_argument("--neighbours", type=int, nargs="+", default=[focused.NEIGHBOURS],
                        help="units either side of each chosen unit (focused prompt)")
    parser.add_argument("--stops", nargs="+", choices=("line", "sentence"), default=["line"],
                        help="where the focused answer ends: its first line, or first sentence")
    args = parser.parse_args()
    cases = chosen_cases(args.set, args.limit)
    embedder, model = MiniLM(), LocalModel()
    model.load()
    table = []
    with Store(built_index(args.set)) as store:
        searcher = Searcher(store, embedder)
        configs = ([(SECTIONS, None, None, "line")] if args.sections else []) + \
            [(EVIDENCE, units, n, stop) for units in args.units for n in args.neighbours
             for stop in args.stops]
        for prompt, units, neighbours, stop in configs:
            if neighbours is not None:
                focused.NEIGHBOURS = neighbours
            answerer = Answerer(searcher, model, prompt=prompt, prompt_units=units or 3,
                                one_sentence=stop == "sentence")
            results = []
            for case in cases:
                model.llama.reset()  # every question read cold, as a new question is
                results.append(answer_case(answerer, case))
            tokens = [r.prompt_tokens for r in results if r.prompt_tokens]
            label = "whole sections" if prompt == SECTIONS else f"evidence, {units} units" + (
                "" if neighbours == 1 else f", {neighbours} neighbours") + (
                ", first sentence" if stop == "sentence" else "")
            table.append(row(label, results, tokens))
            if args.set == "dev":  # the tuned-on and the blind batch apart, too
                for name, keep in (("first batch", lambda r: r.case.line <= FIRST_BATCH_LAST_LINE),
                                   ("blind batch", lambda r: r.case.line > FIRST_BATCH_LAST_LINE)):
                    part = [r for r in results if keep(r)]
                    table.append(row(f"{label} · {name}", part,
                                     [r.prompt_tokens for r in part if r.prompt_tokens]))
            print(json.dumps(table[-1]), file=sys.stderr, flush=True)
    print_figures(table, args.json, lambda table: "\n".join([
        f"{args.set} set, {len(cases)} cases, model {model.name}",
        "| prompt | accuracy | evidence@1 | evidence@3 | unsupported | not in the quote "
        "(quote right / model right) | prompt tokens | first token | total |",
        "|---|---|---|---|---|---|---|---|---|",
        *(f"| {r['prompt']} | {r['answer_accuracy']:.2f} | {r['evidence@1']:.2f} | "
          f"{r['evidence@3']:.2f} | {r['unsupported_rate']:.2f} | "
          f"{r['not_in_quote_rate']:.2f} ({r['marked_quote_right']} / "
          f"{r['marked_model_right']}) | "
          f"{r['prompt_tokens_median']} | {r['first_token_median_s']} s | "
          f"{r['total_median_s']} s |" for r in table)]))

if __name__ == "__main__":
    main()
