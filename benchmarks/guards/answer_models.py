"""The answer models side by side, on held-out questions only (issue #29's table).

    python -m benchmarks.guards.answer_models [--models KEY …] [--sets dev sample python git bash]
                                              [--limit N] [--json]

For each answer model — the bundled SmolLM2 and the installed Qwen2.5 0.5B and
1.5B (`python -m app.llm.catalogue list`) — with its own prompt style
(app/answers/prompting/styles.py), runs the whole answer path on:

- the dev set's blind batch (devset.tsv lines 93-152, never tuned on) and the
  sample handbook's golden set: answer accuracy, evidence@1/@3, the share of
  answers with an unsupported fact, how often the model said "the handbook
  does not say" when the answer was in what it read, median prompt tokens,
  first token and whole answer;
- the 12 off-topic questions asked of each index: how many are
  refused, by the relevance threshold, the evidence floor or the model.

Each model runs in a process of its own, so its peak memory (ru_maxrss) is its
own; the same process's peak before the model is loaded (embedder, index) is
printed beside it as the baseline. The times' baseline is the model reading a
fixed 256-token text with nothing cached (tokens/s): the first token is
mostly the prompt's uncached tokens read at about this speed.
Questions follow each other as in the app
(llama.cpp keeps the system prompt read). Uses the indexes
benchmarks.guards.evidence builds in benchmarks/out/ (made here when missing).
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import threading

from app.common.bundled import SAMPLE_HANDBOOK
from benchmarks.common import (CORPORA, FIRST_BATCH_LAST_LINE, ROOT, arguments, folder, golden,
                               indexed, off_topic, peak_rss_mib, print_figures)

# each set's held-out questions: the sample's, the dev set's blind batch (told
# by line), and devset/build_corpora.py's blind batches
SETS = {name: (folder(name), golden(name, blind=True)) for name in ("sample", "dev", *CORPORA)}
DEFAULT_SETS = ["dev", "sample"]
MODELS = ["smollm2", "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"]


def held_out(name: str, limit: int | None) -> list:
    from app.evaluation.recall import load_cases

    cases = load_cases(SETS[name][1])
    if name == "dev":
        cases = [c for c in cases if c.line > FIRST_BATCH_LAST_LINE]
    return cases[:limit] if limit else cases


def reading_speed(model, n_tokens: int = 256, rounds: int = 3) -> float:
    """Tokens per second reading a fixed text with nothing cached: the speed of
    this machine's cores for this model, the baseline the times are read against
    (the first token is mostly the prompt's uncached tokens at this speed)."""
    import time

    text = " ".join(p.read_text(encoding="utf-8") for p in sorted(SAMPLE_HANDBOOK.rglob("*.md")))
    tokens = model.llama.tokenize(text.encode("utf-8"), add_bos=True)[:n_tokens]
    rates = []
    for _ in range(rounds):
        model.llama.reset()
        started = time.perf_counter()
        model.llama.eval(tokens)
        rates.append(len(tokens) / (time.perf_counter() - started))
    model.llama.reset()
    return round(statistics.median(rates), 1)


def llama_build() -> str:
    """The x86 extensions llama.cpp was compiled for ("AVX, AVX2, AVX512, …"):
    scripts/setup-env builds for the CPU's own, so a time is read against the
    build as well as the machine."""
    import llama_cpp

    info = llama_cpp.llama_print_system_info().decode()
    return ", ".join(dict.fromkeys(re.findall(r"\b(AVX\w*|AMX\w*) = 1", info))) or "none"


def measure_one(key: str, limit: int | None, sets: list[str]) -> dict:
    """One model, in this process: every held-out set and the off-topic questions."""
    from app.answers.answerer import Answerer, Finished
    from app.llm.local import LocalModel
    from app.cli import model_file
    from app.embedding.minilm import MiniLM
    from app.evaluation.answer_accuracy import answer_case
    from app.search.retrieval import Searcher

    embedder = MiniLM()
    stores = {}
    for name in sets:
        stores[name] = indexed(name, embedder)
        Searcher(stores[name], embedder).search("warm-up")  # the embedder loaded: baseline
    before = peak_rss_mib()
    model = LocalModel(model_file(key))  # by name: without one, the default would answer
    model.load()
    report = {"model": key, "file": model.name, "peak_before_model_mib": before,
              "reading_tokens_per_s": reading_speed(model), "llama_build": llama_build(),
              "sets": {}}
    refused_off_topic = 0
    for name, store in stores.items():
        answerer = Answerer(Searcher(store, embedder), model)
        results = [answer_case(answerer, case) for case in held_out(name, limit)]
        report["sets"][name] = figures(results)
        for question in off_topic():
            events = list(answerer.ask(question, cancel=threading.Event()))
            answer = [e for e in events if isinstance(e, Finished)][0].answer
            refused_off_topic += bool(answer.refused or answer.declined)
        print(json.dumps({key: {name: report["sets"][name]}}), file=sys.stderr, flush=True)
    report["style"] = answerer.style.family
    report["off_topic_refused"] = refused_off_topic
    report["off_topic_asked"] = len(stores) * len(off_topic())
    report["peak_mib"] = peak_rss_mib()
    for store in stores.values():
        store.close()
    return report


def figures(results: list) -> dict:
    """The eval's own figures (app/evaluation/answer_accuracy.py), with the
    prompt size and the times this table adds."""
    from app.evaluation.answer_accuracy import figures as answer_figures

    first = [r.first_token_s for r in results if r.first_token_s is not None]
    return {**answer_figures(results),
            "prompt_tokens_median": statistics.median(
                [r.prompt_tokens for r in results if r.prompt_tokens] or [0]),
            "first_token_median_s": round(statistics.median(first), 2) if first else None,
            "total_median_s": round(statistics.median(r.total_s for r in results), 2),
            # the answer complete on screen; the card's check by the model follows it
            "written_median_s": round(statistics.median(r.total_s - r.check_s
                                                        for r in results), 2)}


def table(reports: list[dict]) -> str:
    lines = ["| model (style) | set | cases | accuracy | evidence@1 / @3 | unsupported | "
             "refused with the answer read | prompt tokens | first token | answer written | "
             "with the card's check |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for report in reports:
        for name, f in report["sets"].items():
            lines.append(
                f"| {report['model']} ({report['style']}) | {name} | {f['cases']} | "
                f"{f['answer_accuracy']:.2f} | {f['evidence@1']:.2f} / {f['evidence@3']:.2f} | "
                f"{f['unsupported_rate']:.2f} | {f['declined_with_span_read']}/{f['span_read']} | "
                f"{f['prompt_tokens_median']:.0f} | {f['first_token_median_s']} s | "
                f"{f['written_median_s']} s | {f['total_median_s']} s |")
    lines += ["", "| model | off-topic refused | peak memory (before the model: baseline) "
              "| reads, 256 tokens cold (the times' baseline) | llama.cpp built for |",
              "|---|---|---|---|---|"]
    lines += [f"| {r['model']} | {r['off_topic_refused']}/{r['off_topic_asked']} | "
              f"{r['peak_mib']:.0f} MiB ({r['peak_before_model_mib']:.0f} MiB) | "
              f"{r['reading_tokens_per_s']} tokens/s | {r.get('llama_build', '?')} |"
              for r in reports]
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--models", nargs="+", default=MODELS)
    parser.add_argument("--limit", type=int, default=None, help="cases per set")
    parser.add_argument("--sets", nargs="+", choices=SETS, default=DEFAULT_SETS,
                        help="held-out sets (default: dev blind and sample; python, git and "
                             "bash are those corpora's blind batches)")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child: one model
    args = parser.parse_args()
    limit = ["--limit", str(args.limit)] if args.limit else []
    if args.one:
        print(json.dumps(measure_one(args.one, args.limit, args.sets)))
        return
    reports = []
    for key in args.models:
        child = subprocess.run([sys.executable, "-m", __spec__.name, "--one", key, *limit,
                                "--sets", *args.sets],
                               cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True)
        reports.append(json.loads(child.stdout))
    print_figures(reports, args.json, table)


if __name__ == "__main__":
    main()
