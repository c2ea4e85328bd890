"""The focused prompt's shape for one answer model, on the tuning batches only.

    python -m benchmarks.experiments.prompt_shapes [--model qwen2.5-coder-1.5b]
                                                   [--shapes 2:1/1 3:0/0 2:0/1] [--limit N]
                                                   [--log FILE] [--json]

A shape is `units:before/after`: how many evidence units the focused prompt
reads, and how many units before and after each come with it for context
(app/answers/prompting/focused.py). Each shape answers every tuning question (the dev
set's first batch and the python-, git- and bash- files the `-blind` ones
were kept from) through the answer path (`answer_case`), with the model's
card check left out (it runs after the answer and does not change it).
Shapes take turns question by question, so a slower minute of a shared
machine falls on all of them alike, and each answer starts with only the
system prompt cached.

Prints per shape: accuracy, how often the answer's span was in what the
model read, answers with a fact the sources lack, the prompt's tokens beyond
the cached system prompt (median; the first token is mostly these, read at
the baseline's speed) and the first token (median). Tuning batches only: a
shape chosen here is then measured on the held-out ones with
benchmarks.guards.answer_models.
"""
from __future__ import annotations

import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from benchmarks.common import FIRST_BATCH_LAST_LINE, arguments, golden, indexed, print_figures
from benchmarks.guards.answer_models import reading_speed

# the tuning batches: the dev set's first (told by line), build_corpora's -tune files
TUNING = ("dev", "python", "git", "bash")
# the held-out batches: the sample's, the dev set's blind one, the corpora's -blind files
HELD_OUT = ("dev", "sample", "python", "git", "bash", "man")


def parse_shape(text: str) -> tuple[int, tuple[int, int]]:
    units, _, around = text.partition(":")
    before, _, after = (around or "1/1").partition("/")
    return int(units), (int(before), int(after or before))


def tuning_cases(name: str, limit: int | None) -> list:
    from app.evaluation.recall import load_cases

    cases = load_cases(golden(name))
    if name == "dev":
        cases = [c for c in cases if c.line <= FIRST_BATCH_LAST_LINE]
    return cases[:limit] if limit else cases


def answerer_for(shape: str, searcher, model, base_style):
    """`units:before/after`, or `trim:T`: the best units and the text around
    them up to T tokens (a T above the model's context reads whole sections,
    cut to fit by the prompt's budget); after `@`, the layout: `last` (the
    best source last, next to the question), `question-first` (the question
    before the sources too)."""
    from app.answers.answerer import Answerer

    shape, *layout = shape.split("@")   # "4:0/0@last", "4:0/0@question-first"
    base_style = replace(base_style, checks_quote=False, best_last="last" in layout,
                         question_first="question-first" in layout)
    if shape.startswith("trim:"):
        return Answerer(searcher, model, style=base_style,
                        reading_budget=int(shape.removeprefix("trim:")))
    units, neighbours = parse_shape(shape)
    style = replace(base_style, units=units, neighbours=neighbours)
    return Answerer(searcher, model, style=style)


def cases_of(name: str, limit: int | None, held: bool) -> list:
    from benchmarks.guards.answer_models import held_out

    return held_out(name, limit) if held else tuning_cases(name, limit)


def measure(model_key: str, shapes: list[str], limit: int | None,
            log: Path | None = None, sets: tuple[str, ...] = TUNING,
            held: bool = False) -> dict:
    from app.answers.answerer import Answerer
    from app.llm.local import LocalModel
    from app.cli import model_file
    from app.embedding.minilm import MiniLM
    from app.evaluation.answer_accuracy import answer_case
    from app.search.retrieval import Searcher

    embedder = MiniLM()
    model = LocalModel(model_file(model_key))
    model.load()
    base_style = Answerer(None, model, finder=object()).style
    system_tokens = cached_prefix(model, base_style)
    results: dict[str, list] = {shape: [] for shape in shapes}
    done = _logged(log)
    for name in sets:
        with indexed(name, embedder) as store:
            searcher = Searcher(store, embedder)
            answerers = {shape: answerer_for(shape, searcher, model, base_style)
                         for shape in shapes}
            for i, case in enumerate(cases_of(name, limit, held), start=1):
                for shape, answerer in answerers.items():
                    if (shape, case.id) in done:  # answered by an earlier, stopped run
                        continue
                    fresh(model, system_tokens)
                    result = answer_case(answerer, case)
                    results[shape].append((name, result))
                    if log:  # one line per answer: a long run can be read before it ends
                        with log.open("a", encoding="utf-8") as out:
                            out.write(json.dumps({
                                "shape": shape, "set": name, "id": case.id,
                                "accurate": result.accurate, "span_read": result.span_read,
                                "unsupported": bool(result.unsupported),
                                "prompt_tokens": result.prompt_tokens,
                                "first_token_s": result.first_token_s,
                                "total_s": result.total_s, "answer": result.answer,
                                "evidence_s": result.evidence_s}) + "\n")
                print(f"{name}: {i}", file=sys.stderr, flush=True)
    return {"model": model_key, "reading_tokens_per_s": reading_speed(model),
            "system_tokens": system_tokens,
            "shapes": {shape: figures(rows, system_tokens) for shape, rows in results.items()}}


def fresh(model, system_tokens: int) -> None:
    """Only the system prompt cached, as for a new question in the app: the
    shape answered before on the same question would otherwise lend the next
    one the start of its prompt (the same first unit) and flatter its time."""
    llama = model.llama
    llama.n_tokens = min(llama.n_tokens, system_tokens)  # the next read drops the rest
    model._kept = None


def _logged(log: Path | None) -> set[tuple[str, str]]:
    """(shape, case id) already in the log: a run stopped half-way goes on
    where it stopped (its figures then cover only this run's answers)."""
    if not log or not log.exists():
        return set()
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]
    return {(row["shape"], row["id"]) for row in rows}


def cached_prefix(model, style) -> int:
    """Tokens the chat shares whatever the user asks (the system prompt and the
    user turn's opening): read once, then cached."""
    def tokens(user: str) -> list[int]:
        text, _ = model.render([{"role": "system", "content": style.focused_system},
                                {"role": "user", "content": user}])
        return model.llama.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    one, other = tokens("a"), tokens("b")
    return next((i for i, (x, y) in enumerate(zip(one, other)) if x != y), len(one))


def figures(rows: list, system_tokens: int) -> dict:
    cases = [r for _, r in rows]
    n = len(cases) or 1
    firsts = [r.first_token_s for r in cases if r.first_token_s is not None]
    return {"cases": len(cases),
            "accurate": sum(r.accurate for r in cases),
            "accuracy": round(sum(r.accurate for r in cases) / n, 3),
            "span_read": sum(r.span_read for r in cases),
            "unsupported": round(sum(bool(r.unsupported) for r in cases) / n, 3),
            "declined_with_span_read": sum(r.declined and r.span_read for r in cases),
            "uncached_tokens": statistics.median(r.prompt_tokens - system_tokens for r in cases),
            "first_token_s": round(statistics.median(firsts), 2) if firsts else None,
            "by_set": {name: sum(r.accurate for s, r in rows if s == name)
                       for name in dict.fromkeys(s for s, _ in rows)}}


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--shapes", nargs="+", default=["2:1/1", "3:0/0", "2:0/1"])
    parser.add_argument("--limit", type=int, default=None, help="cases per set")
    parser.add_argument("--log", type=Path, help="append each answer to this file (JSON lines)")
    parser.add_argument("--held-out", action="store_true",
                        help="the held-out batches (answer_models' sets) instead of the tuning "
                             "ones: for the curve a default is read from, never for tuning")
    parser.add_argument("--sets", nargs="+", help="which sets (default: all of the kind)")
    args = parser.parse_args()
    sets = tuple(args.sets or (HELD_OUT if args.held_out else TUNING))
    report = measure(args.model, args.shapes, args.limit, args.log, sets, args.held_out)
    print_figures(report, args.json, report_text)


def report_text(report: dict) -> str:
    lines = [f"{report['model']}; baseline reading {report['reading_tokens_per_s']} tokens/s; "
             f"system prompt {report['system_tokens']} tokens (cached)",
             "| shape | accurate | span read | unsupported | declined with span read "
             "| uncached tokens | first token | accurate by set |",
             "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {shape} | {f['accurate']}/{f['cases']} ({f['accuracy']}) | {f['span_read']} "
              f"| {f['unsupported']} | {f['declined_with_span_read']} | {f['uncached_tokens']} "
              f"| {f['first_token_s']} s | {f['by_set']} |"
              for shape, f in report["shapes"].items()]
    return "\n".join(lines)

if __name__ == "__main__":
    main()
