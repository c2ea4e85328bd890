"""Experiment: rerank the evidence step's best units by the small LM's likelihood.

    python -m benchmarks.experiments.evidence_lm [--set dev|sample|both] [--limit K] [--reuse]
                                                 [--prompt NAME] [--depth 12]

For every golden question, the top `--depth` units of today's ranking
(app/answers/evidence/finder.py, DEFAULT_WEIGHTS) are scored by the bundled
SmolLM2-135M-Instruct (loaded as app/llm/local.py loads it, plus
logits_all=True) in two ways:

- query likelihood ("ql"): log P(question tokens | prompt built from the unit),
  e.g. "Passage: {unit}\\nQuestion a reader could ask about this passage: {q}";
  summed ("ql_sum") and averaged per question token ("ql_mean");
- answer likelihood ("al"): log P(unit tokens | "Question: {q}\\nAnswer:"),
  summed and averaged per unit token (the prompt is shared by all units of a
  question, so its KV cache is reused: only the unit's tokens are read).

The top N (N = 5, 8, 12) are then reranked (a) by an LM score alone and (b) by
the existing score + w x the LM score min-max normalised over those N; w (and
which LM score, which N) is chosen on the dev set's FIRST batch only (TSV
lines 2-92), then reported on its blind batch and on the sample set. The floor
(no evidence shown) stays decided by today's score, as in EvidenceFinder.

Candidates and features come from benchmarks.guards.evidence's collect()
(cached in benchmarks/out/evidence-rows-*.json); LM scores are cached in
benchmarks/out/evidence-lm-{set}-{prompt}.json (with --reuse).
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from app.answers.evidence.finder import DEFAULT_WEIGHTS, EMBED_CHARS
from app.llm.local import LocalModel
from benchmarks.common import OUT, arguments, percentile
from benchmarks.guards.evidence import cached, questions, score_with

DEPTHS = (5, 8, 12)
UNIT_CHARS = EMBED_CHARS      # of a long unit, the start is read (as the embedder does)
N_CTX = 512
PROMPTS = {
    # query likelihood: prefix (from the unit), then the question is scored
    "plain": ("Passage: {unit}\nQuestion a reader could ask about this passage:", " {q}"),
    "chat": ("<|im_start|>user\n{unit}\n\nWrite a question that this text answers."
             "<|im_end|>\n<|im_start|>assistant\n", "{q}"),
}
ANSWER_PROMPT = ("Question: {q}\nAnswer:", " {unit}")
LM_SCORES = ("ql_sum", "ql_mean", "al_sum", "al_mean")
W_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0)


class ScoringModel(LocalModel):
    """The bundled model, loaded as LocalModel loads it, with every token's logits kept."""

    def _load(self, llama_class, path, n_ctx, options):
        return llama_class(model_path=str(path), n_ctx=N_CTX, n_threads=self.threads,
                           n_batch=512, verbose=False, logits_all=True, **options)


def _log_softmax_rows(logits: np.ndarray) -> np.ndarray:
    top = logits.max(axis=1, keepdims=True)
    return logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))


class Scorer:
    def __init__(self, threads: int = 2):
        self.model = ScoringModel(threads=threads)
        self.llama = self.model.llama
        self.path = self.model.path

    def tokens(self, text: str, bos: bool) -> list[int]:
        return self.llama.tokenize(text.encode("utf-8"), add_bos=bos, special=True)

    def continuation(self, prefix: list[int], tail: list[int]) -> tuple[float, int]:
        """Sum of log P(tail tokens | prefix), reusing a cached prefix when it matches."""
        llama = self.llama
        room = N_CTX - len(prefix)
        tail = tail[:room]
        cached = llama.n_tokens >= len(prefix) and \
            list(llama.input_ids[:len(prefix)]) == prefix
        if cached:
            llama.n_tokens = len(prefix)
            llama.eval(tail)
        else:
            llama.reset()
            llama.eval(prefix + tail)
        start = len(prefix)
        rows = np.asarray(llama.scores[start - 1:start - 1 + len(tail)], dtype=np.float64)
        logp = _log_softmax_rows(rows)[np.arange(len(tail)), tail]
        return float(logp.sum()), len(tail)

    def query_likelihood(self, unit: str, question: str, prompt: str) -> tuple[float, float]:
        head, tail = PROMPTS[prompt]
        q_tokens = self.tokens(tail.format(q=question), bos=False)
        budget = N_CTX - len(q_tokens) - 32
        prefix = self.tokens(head.format(unit=unit[:UNIT_CHARS]), bos=True)
        if len(prefix) > budget:  # never: 300 characters are ~100 tokens
            prefix = prefix[:budget]
        total, n = self.continuation(prefix, q_tokens)
        return total, total / max(n, 1)

    def answer_likelihood(self, unit: str, question: str) -> tuple[float, float]:
        head, tail = ANSWER_PROMPT
        prefix = self.tokens(head.format(q=question), bos=True)
        u_tokens = self.tokens(tail.format(unit=unit[:UNIT_CHARS]), bos=False)
        total, n = self.continuation(prefix, u_tokens)
        return total, total / max(n, 1)


def baseline_order(row: dict) -> list[int]:
    scores = [score_with(f, DEFAULT_WEIGHTS) for f, _, _ in row["units"]]
    return sorted(range(len(scores)), key=lambda i: -scores[i])  # stable, as the finder


def lm_rows(name: str, rows: list[dict], scorer: Scorer | None, prompt: str, depth: int,
            limit: int | None, reuse: bool, kinds: tuple[str, ...] = ("ql", "al"),
            batches: tuple[str, ...] | None = None) -> list[dict]:
    """Per golden case: baseline scores and hits of its top `depth` units, their LM
    scores, and the LM's time per unit."""
    path = OUT / f"evidence-lm-{name}-{prompt}.json"
    done = {}
    if reuse and path.exists():
        done = {r["id"]: r for r in json.loads(path.read_text())}
    asked = questions(name)
    result = []
    golden = [r for r in rows if not r["off_topic"]]
    if limit:
        golden = [r for r in golden if r["batch"] in ("dev-first",)][:limit] \
            if name == "dev" else golden[:limit]
    if batches:
        golden = [r for r in golden if r["batch"] in batches]
    for number, row in enumerate(golden, start=1):
        if row["id"] in done and (scorer is None or  # --cached-only: as deep as cached
                                  len(done[row["id"]]["units"]) >= min(depth, len(row["units"]))):
            result.append(done[row["id"]])
            continue
        if scorer is None:  # --cached-only: report on what was scored so far
            continue
        question = asked[row["id"]]
        order = baseline_order(row)[:depth]
        units = []
        for i in order:
            features, hit, text = row["units"][i]
            units.append({"base": score_with(features, DEFAULT_WEIGHTS), "hit": bool(hit)})
            if "ql" not in kinds:
                continue
            started = time.perf_counter()
            ql_sum, ql_mean = scorer.query_likelihood(text, question, prompt)
            units[-1].update(ql_sum=ql_sum, ql_mean=ql_mean, ql_s=time.perf_counter() - started)
        # all units of a question share the answer prompt: its cache is reused
        for i, unit in zip(order, units if "al" in kinds else []):
            started = time.perf_counter()
            unit["al_sum"], unit["al_mean"] = scorer.answer_likelihood(row["units"][i][2],
                                                                       question)
            unit["al_s"] = time.perf_counter() - started
        best = max((score_with(f, DEFAULT_WEIGHTS) for f, _, _ in row["units"]), default=0.0)
        result.append({"id": row["id"], "batch": row["batch"], "question": question,
                       "shown": bool(row["units"]) and best >= DEFAULT_WEIGHTS.floor,
                       "any_hit": any(h for _, h, _ in row["units"]), "units": units})
        if number % 10 == 0:
            print(f"  {name}: {number}/{len(golden)}", file=sys.stderr, flush=True)
            path.write_text(json.dumps(result + [r for k, r in done.items()
                                                 if k not in {x["id"] for x in result}]))
    merged = {r["id"]: r for r in done.values()}
    merged.update({r["id"]: r for r in result})
    path.write_text(json.dumps(list(merged.values())))
    return result


def _normalised(values: np.ndarray) -> np.ndarray:
    span = values.max() - values.min()
    return (values - values.min()) / span if span > 0 else np.zeros_like(values)


def ranked_hits(case: dict, n: int, lm: str | None, w: float | None) -> list[bool]:
    """Hits in the order shown: top n reranked, the rest (beyond n) as today.
    lm None: today's order; w None: by the LM score alone; else base + w * norm(LM)."""
    if not case["shown"]:
        return []
    units = case["units"]
    head, rest = units[:n], units[n:]
    if lm is not None and head:
        base = np.array([u["base"] for u in head])
        score = np.array([u[lm] for u in head])
        key = score if w is None else base + w * _normalised(score)
        head = [head[i] for i in np.argsort(-key, kind="stable")]
    return [u["hit"] for u in head + rest]


def figures(cases: list[dict], n: int, lm: str | None, w: float | None) -> tuple[float, float]:
    if not cases:
        return (float("nan"), float("nan"))
    at1 = at3 = 0
    for case in cases:
        hits = ranked_hits(case, n, lm, w)
        at1 += any(hits[:1])
        at3 += any(hits[:3])
    return at1 / len(cases), at3 / len(cases)


def tune(train: list[dict], scores: tuple[str, ...] = LM_SCORES) -> dict:
    """Best (lm, n, w) on the training cases by evidence@1 + evidence@3 (as evidence.py)."""
    best = None
    for lm in scores:
        for n in DEPTHS:
            for w in W_GRID:
                a1, a3 = figures(train, n, lm, w)
                key = (round(a1 + a3, 6), -w)  # ties: the smaller weight
                if best is None or key > best[0]:
                    best = (key, {"lm": lm, "n": n, "w": w})
    return best[1]


def timing(cases: list[dict], n: int, field: str) -> tuple[float, float]:
    totals = sorted(sum(u[field] for u in c["units"][:n]) for c in cases
                    if c["units"] and _present([c], field))
    if not totals:
        return (float("nan"), float("nan"))
    return statistics.median(totals) * 1000, percentile(totals, 0.95) * 1000


def _present(cases: list[dict], key: str) -> bool:
    return all(key in u for c in cases for u in c["units"])


def report(cases_by_set: dict[str, list[dict]]) -> None:
    sets = list(cases_by_set)
    everything = [c for cs in cases_by_set.values() for c in cs]
    scores = tuple(lm for lm in LM_SCORES
                   if any(_present(cs, lm) for cs in cases_by_set.values()))
    # how deep each set was scored (--depth): a reranking deeper than that is not shown
    depth = {s: statistics.median(len(c["units"]) for c in cs if c["units"])
             for s, cs in cases_by_set.items()}
    header = "| variant | " + " | ".join(f"{s} @1 | {s} @3" for s in sets) + " |"
    print(header)
    print("|" + "---|" * (1 + 2 * len(sets)))

    def line(label, n, lm, w):
        cells = []
        for s in sets:
            if lm is not None and (not _present(cases_by_set[s], lm) or n > depth[s]):
                cells.append("- | -")  # not scored on this set
                continue
            a1, a3 = figures(cases_by_set[s], n, lm, w)
            cells.append(f"{a1:.3f} | {a3:.3f}")
        print(f"| {label} | " + " | ".join(cells) + " |")

    line("baseline", 12, None, None)
    for n in DEPTHS:
        for lm in scores:
            line(f"N={n} {lm} alone", n, lm, None)
    train = cases_by_set.get("dev-first", [])
    if train:
        for n in DEPTHS:
            for lm in scores:
                best = max(W_GRID, key=lambda w: (sum(figures(train, n, lm, w)), -w))
                line(f"N={n} base + {best} x {lm} (w tuned per N, lm)", n, lm, best)
        chosen = tune(train, tuple(lm for lm in scores if _present(train, lm)))
        line(f"**chosen** N={chosen['n']} base + {chosen['w']} x {chosen['lm']}",
             chosen["n"], chosen["lm"], chosen["w"])
        print(f"\nchosen on dev-first: {chosen}")
        print("\nw sweep on dev-first (evidence@1/@3), chosen lm and N:")
        print("  " + "  ".join(f"{w}:{figures(train, chosen['n'], chosen['lm'], w)[0]:.2f}/"
                               f"{figures(train, chosen['n'], chosen['lm'], w)[1]:.2f}"
                               for w in W_GRID))
    print("\nadded time per question (ms, median / p95), 2 threads:")
    for n in DEPTHS:
        ql, al = timing(everything, n, "ql_s"), timing(everything, n, "al_s")
        print(f"  N={n:2}: query likelihood {ql[0]:.0f} / {ql[1]:.0f};  "
              f"answer likelihood {al[0]:.0f} / {al[1]:.0f}")
    for s in sets:
        cs = cases_by_set[s]
        in_top = {n: sum(any(u["hit"] for u in c["units"][:n]) for c in cs if c["shown"])
                  / max(len(cs), 1) for n in DEPTHS}
        print(f"  {s}: {len(cs)} cases; span in today's top N: "
              + ", ".join(f"N={n} {v:.2f}" for n, v in in_top.items()))


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", choices=("dev", "sample", "both"), default="both")
    parser.add_argument("--prompt", choices=tuple(PROMPTS), default="plain")
    parser.add_argument("--depth", type=int, default=max(DEPTHS))
    parser.add_argument("--limit", type=int, default=None,
                        help="only the first K golden cases (of dev: of its first batch)")
    parser.add_argument("--reuse", action="store_true",
                        help="reuse cached candidates and LM scores")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cached-only", action="store_true",
                        help="score nothing: report on the cached LM scores only")
    parser.add_argument("--lm", choices=("both", "ql", "al"), default="both",
                        help="which LM scores to compute for cases not cached yet")
    parser.add_argument("--batches", default=None,
                        help="comma-separated: only these batches (dev-first, dev-blind, sample)")
    args = parser.parse_args()
    names = ["dev", "sample"] if args.set == "both" else [args.set]
    from app.embedding.minilm import MiniLM

    embedder = MiniLM()
    scorer = None if args.cached_only else Scorer(threads=args.threads)
    if scorer:
        print(f"LM: {scorer.path.name} (loaded as {Path(scorer.llama.model_path).name})",
              file=sys.stderr)
    by_set: dict[str, list[dict]] = {}
    for name in names:
        rows = cached(name, embedder, reuse=True)
        cases = lm_rows(name, rows, scorer, args.prompt, args.depth, args.limit,
                        args.reuse or args.cached_only,
                        ("ql", "al") if args.lm == "both" else (args.lm,),
                        tuple(args.batches.split(",")) if args.batches else None)
        for case in cases:
            by_set.setdefault(case["batch"], []).append(case)
    order = [s for s in ("dev-first", "dev-blind", "sample") if s in by_set]
    print(f"prompt: {args.prompt}: {PROMPTS[args.prompt]!r}; answer prompt {ANSWER_PROMPT!r}")
    report({s: by_set[s] for s in order})


if __name__ == "__main__":
    main()
