"""The answer models side by side, on held-out questions only (issue #29's table).

    python benchmarks/answer_models.py [--models KEY …] [--sets dev sample python git bash]
                                       [--limit N] [--json]

For each answer model — the bundled SmolLM2 and the installed Qwen2.5 0.5B and
1.5B (`python -m app.common.answer_models list`) — with its own prompt style
(app/answers/prompt_styles.py), runs the whole answer path on:

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
benchmarks/evidence.py builds in benchmarks/out/ (made here when missing).
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.common.bundled import SAMPLE_HANDBOOK  # noqa: E402

OUT = ROOT / "benchmarks" / "out"
GOLDEN = ROOT / "resources/golden"
SETS = {"sample": (SAMPLE_HANDBOOK, GOLDEN / "sample-handbook.tsv"),
        "dev": (ROOT / "devset/build/corpus", GOLDEN / "devset.tsv"),
        # the retrieval issue's corpora (devset/build_corpora.py): their blind batches only
        "python": (ROOT / "devset/build/python", GOLDEN / "python-docs-blind.tsv"),
        "git": (ROOT / "devset/build/git", GOLDEN / "git-docs-blind.tsv"),
        "bash": (ROOT / "devset/build/bash", GOLDEN / "bash-pdf-blind.tsv"),
        "man": (ROOT / "devset/build/man", GOLDEN / "man-pages-blind.tsv")}
DEFAULT_SETS = ["dev", "sample"]
FIRST_BATCH_LAST_LINE = 92   # devset.tsv: lines 2-92 tuned next to, 93-152 written blind
MODELS = ["smollm2", "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"]


def held_out(name: str, limit: int | None) -> list:
    from app.evaluation.recall import load_cases

    cases = load_cases(SETS[name][1])
    if name == "dev":
        cases = [c for c in cases if c.line > FIRST_BATCH_LAST_LINE]
    return cases[:limit] if limit else cases


def off_topic() -> list[str]:
    lines = (ROOT / "resources/golden/off-topic.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def peak_mib() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def reading_speed(model, n_tokens: int = 256, rounds: int = 3) -> float:
    """Tokens per second reading a fixed text with nothing cached: the speed of
    this machine's cores for this model, the baseline the times are read against
    (the first token is mostly the prompt's uncached tokens at this speed)."""
    import time

    text = " ".join(p.read_text(encoding="utf-8")
                    for p in sorted(Path(SAMPLE_HANDBOOK).rglob("*.md")))
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
    from app.answers.model import LocalModel
    from app.cli import model_file
    from app.embedding.embedder import Embedder
    from app.evaluation.answer_accuracy import answer_case
    from app.ingest.indexer import Indexer
    from app.search.retrieval import Searcher
    from app.store.sqlite import Store

    embedder = Embedder()
    stores = {}
    for name in sets:
        folder = SETS[name][0]
        if not folder.is_dir():
            sys.exit(f"{folder} is missing: run devset/build.py (dev) or "
                     "devset/build_corpora.py (python, git, bash) first")
        OUT.mkdir(parents=True, exist_ok=True)
        stores[name] = Store(OUT / f"evidence-{name}.sqlite")
        Indexer(stores[name], embedder).run(folder)
        Searcher(stores[name], embedder).search("warm-up")  # the embedder loaded: baseline
    before = peak_mib()
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
    report["peak_mib"] = peak_mib()
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", default=MODELS)
    parser.add_argument("--limit", type=int, default=None, help="cases per set")
    parser.add_argument("--sets", nargs="+", choices=SETS, default=DEFAULT_SETS,
                        help="held-out sets (default: dev blind and sample; python, git and "
                             "bash are those corpora's blind batches)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child: one model
    args = parser.parse_args()
    limit = ["--limit", str(args.limit)] if args.limit else []
    if args.one:
        print(json.dumps(measure_one(args.one, args.limit, args.sets)))
        return
    reports = []
    for key in args.models:
        child = subprocess.run([sys.executable, __file__, "--one", key, *limit,
                                "--sets", *args.sets],
                               stdout=subprocess.PIPE, text=True, check=True)
        reports.append(json.loads(child.stdout))
    print(json.dumps(reports, indent=2) if args.json else table(reports))


if __name__ == "__main__":
    main()
