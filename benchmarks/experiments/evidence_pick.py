"""Experiment: the answer model picks the answering unit among the evidence step's best N.

    python -m benchmarks.experiments.evidence_pick [--set dev python sample ...] [--model NAME]
                                                   [--depth 5] [--limit K] [--reuse]
                                                   [--judge] [--off-topic]

For each golden question the top N units of today's ranking (DEFAULT_WEIGHTS,
from benchmarks.guards.evidence's cached rows) are shown to the model as a
numbered list after the question; the prompt ends inside the reply ("[") so one
forward pass gives the probability of each number. Reported per batch:
evidence@1 of today's ranking, of the model's pick, and of the pick only where
its probability is at least p (else today's first unit); evidence@3 of the
model's order; the prompt's tokens and the time of the forward pass.
Scores are cached in benchmarks/out/evidence-pick-{set}-{model}-{mode}-{N}.json
(`picks_path`; card_check and card_order read them).
"""
from __future__ import annotations

import json
import statistics
import threading
import time
from pathlib import Path

import numpy as np

from app.answers.checks import quote_check
from app.answers.evidence.finder import DEFAULT_WEIGHTS
from app.llm.local import LocalModel
from app.llm import catalogue as answer_models
from benchmarks.common import OUT, arguments
from benchmarks.guards.evidence import cached, questions, score_with

JUDGE_SYSTEM = "You judge whether a passage from a handbook answers a question."
JUDGE_USER = ("Question: {q}\n\nPassage: {unit}\n\n"
              "Does the passage answer the question? Reply Yes or No.")


def picks_path(name: str, model: str, mode: str = "list", depth: int = 5) -> Path:
    """Where the model's probabilities are cached: `mode` list or judge, with
    -offtopic for the off-topic questions."""
    return OUT / f"evidence-pick-{name}-{model}-{mode}-{depth}.json"


def prompt_tokens(model: LocalModel, question: str, units: list[str]) -> list[int]:
    text = quote_check.check_prompt(model, question, units)
    return model.llama.tokenize(text.encode(), add_bos=True, special=True)


def judge_scores(model: LocalModel, question: str, units: list[str]) -> list[float]:
    """Log-odds of "Yes" for each unit on its own (no position to favour); the
    question comes first, so its tokens stay in llama.cpp's cache across units."""
    scores = []
    for unit in units:
        text, _ = model.render([{"role": "system", "content": JUDGE_SYSTEM},
                                {"role": "user", "content": JUDGE_USER.format(
                                    q=question, unit=quote_check.clip(unit))}])
        yes, no = model.next_token_probabilities(text, ["Yes", "No"], threading.Event())
        scores.append(float(np.log(yes / no)))  # the logits' difference
    return scores


def run(name: str, model: LocalModel, depth: int, limit: int | None,
        judge: bool = False, off_topic: bool = False) -> list[dict]:
    """The golden questions, or (`off_topic`) the off-topic ones whose best
    unit clears the floor: those the card would show passages for."""
    rows = [r for r in cached(name, None, reuse=True) if r["off_topic"] == off_topic]
    asked = {r["id"]: r["id"] for r in rows} if off_topic else questions(name)
    out = []
    for row in rows[:limit]:
        ranked = sorted(row["units"], key=lambda u: -score_with(u[0], DEFAULT_WEIGHTS))[:depth]
        if not ranked or (off_topic and score_with(ranked[0][0], DEFAULT_WEIGHTS)
                          < DEFAULT_WEIGHTS.floor):
            continue
        texts = [text for _, _, text in ranked]
        started = time.perf_counter()
        if judge:
            tokens = []
            odds = np.array(judge_scores(model, asked[row["id"]], texts))
            probs = list(np.exp(odds - odds.max()) / np.exp(odds - odds.max()).sum())
        else:
            tokens = prompt_tokens(model, asked[row["id"]], texts)  # counted only
            probs = quote_check.pick_probabilities(model, asked[row["id"]], texts,
                                                   threading.Event())
        out.append({"batch": row["batch"], "id": row["id"], "hits": [h for _, h, _ in ranked],
                    "probs": [round(float(p), 4) for p in probs], "tokens": len(tokens),
                    "seconds": time.perf_counter() - started})
    return out


def report(rows: list[dict]) -> None:
    for name in sorted({r["batch"] for r in rows}):
        group = [r for r in rows if r["batch"] == name]
        n = len(group)
        today = sum(r["hits"][0] for r in group) / n
        pick = [int(np.argmax(r["probs"])) for r in group]
        model1 = sum(r["hits"][k] for r, k in zip(group, pick)) / n
        model3 = sum(any(r["hits"][k] for k in np.argsort(r["probs"])[::-1][:3])
                     for r in group) / n
        ceiling = sum(any(r["hits"]) for r in group) / n
        line = (f"{name:13s} n={n:3d} today@1 {today:.2f}  model@1 {model1:.2f}  "
                f"model@3 {model3:.2f}  in top N {ceiling:.2f}")
        for p in (0.5, 0.7, 0.9):
            mixed = sum(r["hits"][k] if max(r["probs"]) >= p else r["hits"][0]
                        for r, k in zip(group, pick)) / n
            line += f"  p>={p}: {mixed:.2f}"
        print(line)
        print(f"{'':13s} tokens p50 {statistics.median(r['tokens'] for r in group):.0f}  "
              f"forward p50 {statistics.median(r['seconds'] for r in group):.2f} s  "
              f"picks 1: {sum(k == 0 for k in pick)}/{n}")


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["dev"])
    parser.add_argument("--model", default="qwen2.5-coder-0.5b")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--limit", type=int)
    parser.add_argument("--reuse", action="store_true")
    parser.add_argument("--judge", action="store_true",
                        help="score each unit on its own (Yes/No) instead of a numbered list")
    parser.add_argument("--off-topic", action="store_true",
                        help="the off-topic questions that reach the card, cached apart")
    args = parser.parse_args()
    model = LocalModel(answer_models.installed_path(answer_models.by_key(args.model)), n_ctx=4096)
    rows = []
    if args.off_topic:
        print("off-topic questions: hits are all 0; 'picks 1' is what matters")
    for name in args.set:
        mode = ("judge" if args.judge else "list") + ("-offtopic" if args.off_topic else "")
        path = picks_path(name, args.model, mode, args.depth)
        if args.reuse and path.exists():
            part = json.loads(path.read_text())
        else:
            part = run(name, model, args.depth, args.limit, args.judge, args.off_topic)
            path.write_text(json.dumps(part))
        rows += part
    report(rows)


if __name__ == "__main__":
    main()
