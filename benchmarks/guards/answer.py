"""Answer benchmark: time to first token and tokens/s with the bundled model.

    python -m benchmarks.guards.answer [--no-baseline] [--context-tokens N] [--json]

Indexes the sample handbook in a temporary folder, retrieves 3 sources for a
few questions, and for each one measures, with the same loaded model: the
prompt size in the model's tokens, time to first token (llama.cpp reads the
whole prompt before the first token) and generation speed. As a baseline from
the same run it also times the bare prompt evaluation (no sampling) of the
same prompts, which is what bounds the time to first token; the time to
first token of a follow-up on the same sources (llama.cpp's prompt cache);
the first question of a session in a fresh model process, cold and warmed up
(the app loads the model while the user types); and the same measurements
for the bundled file loaded as it was before (Q4_1, no flash attention:
`--baseline`, on by default) to give the ratio. `--context-tokens N` sets
the source text per question, as Settings does.

The default prompt is the focused one (the best evidence units with their
neighbours, app/answers/prompting/focused.py): `focused` gives its prompt size, time
to first token and time to the complete answer (capped at 128 tokens, as the
app caps it), next to the whole-section figures of the same run above.
Targets: with the default prompt, first token ≤ 1 s and the complete answer
≤ 4 s on 2 cores.
"""
from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from app.answers.answerer import FOCUSED_ANSWER_TOKENS
from app.answers.evidence.finder import EvidenceFinder
from app.answers.prompting.focused import focused_sources
from app.llm.contract import Chunk, Reading
from app.llm.local import LocalModel
from app.answers.prompting.prompt import Source, Turn, build_prompt
from app.answers.prompting.styles import SMOLLM2
from app.common.bundled import SAMPLE_HANDBOOK
from app.embedding.minilm import MiniLM
from app.ingest.indexer import Indexer
from app.search.retrieval import Searcher, SearchSettings
from app.store.sqlite import Store
from benchmarks.common import arguments, print_figures

QUESTIONS = ["How many days of annual leave do I get?",
             "What is the hotel limit per night in London?",
             "How long do I have to contest my appraisal result?"]


class BaselineModel(LocalModel):
    """The bundled Q4_1 file itself, with llama.cpp's default attention and batches."""

    @property
    def llama(self):
        if not hasattr(self, "_baseline"):
            from llama_cpp import Llama

            self._baseline = Llama(model_path=str(self.path), n_ctx=self.requested_n_ctx,
                                   n_threads=self.threads, n_batch=512, verbose=False)
        return self._baseline


def measure(model: LocalModel, prompt, max_tokens: int = 128) -> dict:
    model.llama.reset()  # no prompt cache between questions: worst case
    started = time.perf_counter()
    first, tokens = None, 0
    for item in model.generate(prompt.text, prompt.stop, max_tokens, threading.Event()):
        if isinstance(item, Reading):  # how far the prompt is read: no token yet
            continue
        tokens += 1
        if first is None:
            first = time.perf_counter() - started
    total = time.perf_counter() - started
    model.llama.reset()
    ids = model.llama.tokenize(prompt.text.encode(), add_bos=False, special=True)
    eval_started = time.perf_counter()
    model.llama.eval(ids)
    prompt_eval = time.perf_counter() - eval_started
    model.llama.reset()
    return {"prompt_tokens": prompt.prompt_tokens, "time_to_first_token_s": round(first or total, 3),
            "total_s": round(total, 3),
            "prompt_eval_s": round(prompt_eval, 3),
            "prompt_tokens_per_s": round(len(ids) / prompt_eval, 1),
            "generated_tokens": tokens,
            "generation_tokens_per_s": round((tokens - 1) / (total - first), 1)
            if tokens > 1 and first else None}


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--no-baseline", dest="baseline", action="store_false")
    parser.add_argument("--context-tokens", type=int, default=SearchSettings().context_tokens,
                        help="source text per question (cl100k tokens), as in Settings")
    args = parser.parse_args()
    embedder = MiniLM()
    with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "b.sqlite") as store:
        Indexer(store, embedder).run(SAMPLE_HANDBOOK)
        settings = SearchSettings(context_tokens=args.context_tokens)
        searcher, finder = Searcher(store, embedder, settings), EvidenceFinder(store, embedder)
        responses = {question: searcher.search(question) for question in QUESTIONS}
        results = {question: response.results for question, response in responses.items()}
        focused = {question: focused_sources(finder.score(response), response.results,
                                             SMOLLM2.units)
                   for question, response in responses.items()}
    summary = run_model(LocalModel(), results)
    summary["focused"] = run_focused(LocalModel(), focused)
    cold, warm = [], []
    for _ in range(5):  # interleaved, so a noisy moment hits both alike
        cold.append(first_question(results, warm=False))
        warm.append(first_question(results, warm=True))
    summary["first_question_cold_s"] = statistics.median(cold)
    summary["first_question_warmed_s"] = statistics.median(warm)
    summary["first_question_warmed_vs_cold"] = round(statistics.median(warm)
                                                     / statistics.median(cold), 2)
    if args.baseline:
        baseline = run_model(BaselineModel(), results)
        summary["baseline"] = {k: v for k, v in baseline.items() if k != "runs"}
        summary["time_to_first_token_vs_baseline"] = round(
            summary["median_time_to_first_token_s"]
            / baseline["median_time_to_first_token_s"], 2)
    print_figures(summary, args.json, summary_text)


def summary_text(summary: dict) -> str:
    lines = [f"{key:>32}: {value}" for key, value in summary.items()
             if key not in ("runs", "focused")]
    lines.append("focused prompt (the default):")
    lines += [f"{key:>32}: {value}" for key, value in summary["focused"].items() if key != "runs"]
    lines += [f"  {run['prompt_tokens']:>5} prompt tokens · first token "
              f"{run['time_to_first_token_s']}s (bare prompt eval {run['prompt_eval_s']}s) · "
              f"{run['generation_tokens_per_s']} tok/s · {run['question']}"
              for run in summary["runs"]]
    return "\n".join(lines)


def follow_up(model: LocalModel, question: str, sources: list[Source]) -> float:
    """Time to first token of a follow-up on the same sources, the way the app
    asks it: the first answer is generated (llama.cpp keeps what it read), then
    the follow-up prompt starts with that prompt and answer."""
    model.llama.reset()
    first = build_prompt(model, question, sources, [], model.n_ctx, 384)
    answer = "".join(c.text for c in model.generate(first.text, first.stop, 128,
                                                    threading.Event()) if isinstance(c, Chunk))
    history = [Turn(question, answer.strip(), first.sources)]
    second = build_prompt(model, "Can you say that in one sentence?", sources, history,
                          model.n_ctx, 384)
    started = time.perf_counter()
    for item in model.generate(second.text, second.stop, 8, threading.Event()):
        if isinstance(item, Chunk):
            break
    elapsed = time.perf_counter() - started
    model.llama.reset()
    return round(elapsed, 3)


def first_question(results: dict, warm: bool) -> float:
    """Seconds from asking to the first token for the first question of a fresh
    app session, the model in its own process as in the app: cold (the model
    loads when asked), or warmed (AnswerWorker.warm_up loaded it while the
    user typed)."""
    from app.llm.process import ModelProcess

    question, found = next(iter(results.items()))
    sources = [Source.from_result(n, r) for n, r in enumerate(found, start=1)]
    model = ModelProcess(None)
    try:
        if warm:
            model.load()
        started = time.perf_counter()
        prompt = build_prompt(model, question, sources, [], model.n_ctx, 384)
        for item in model.generate(prompt.text, prompt.stop, 8, threading.Event()):
            if isinstance(item, Chunk):
                break
        return round(time.perf_counter() - started, 3)
    finally:
        model.close()


def run_focused(model: LocalModel, focused: dict) -> dict:
    """The default prompt: time to first token and to the complete answer."""
    model.load()
    runs = []
    for question, sources in focused.items():
        prompt = build_prompt(model, question, sources, [], model.n_ctx, FOCUSED_ANSWER_TOKENS,
                              system=SMOLLM2.focused_system, label=SMOLLM2.label)
        runs.append({"question": question, **measure(model, prompt, FOCUSED_ANSWER_TOKENS)})
    return {"median_prompt_tokens": statistics.median(r["prompt_tokens"] for r in runs),
            "median_time_to_first_token_s": statistics.median(r["time_to_first_token_s"]
                                                              for r in runs),
            "max_time_to_first_token_s": max(r["time_to_first_token_s"] for r in runs),
            "median_total_s": statistics.median(r["total_s"] for r in runs),
            "max_total_s": max(r["total_s"] for r in runs),
            "runs": [{k: r[k] for k in ("question", "prompt_tokens", "time_to_first_token_s",
                                        "total_s", "generated_tokens")} for r in runs]}


def run_model(model: LocalModel, results: dict) -> dict:
    load_started = time.perf_counter()
    model.load()
    load_seconds = time.perf_counter() - load_started
    runs = []
    for question, found in results.items():
        sources = [Source.from_result(n, r) for n, r in enumerate(found, start=1)]
        prompt = build_prompt(model, question, sources, [], model.n_ctx, 384)
        runs.append({"question": question, "sources": len(prompt.sources),
                     **measure(model, prompt),
                     "follow_up_time_to_first_token_s": follow_up(model, question, sources)})
    return {
        "model": model.name, "n_ctx": model.n_ctx, "load_s": round(load_seconds, 2),
        "median_prompt_tokens": statistics.median(r["prompt_tokens"] for r in runs),
        "median_time_to_first_token_s": statistics.median(r["time_to_first_token_s"] for r in runs),
        "median_follow_up_time_to_first_token_s": statistics.median(
            r["follow_up_time_to_first_token_s"] for r in runs),
        "median_prompt_tokens_per_s": statistics.median(r["prompt_tokens_per_s"] for r in runs),
        "median_generation_tokens_per_s": statistics.median(
            r["generation_tokens_per_s"] for r in runs if r["generation_tokens_per_s"]),
        "runs": runs,
    }


if __name__ == "__main__":
    main()
