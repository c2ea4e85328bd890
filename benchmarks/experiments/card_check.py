"""How the answer model's check changes the card (app/answers/checks/quote_check.py).

    python -m benchmarks.experiments.card_check [--set dev python git bash sample ...]
                                                [--target 0.75] [--model qwen2.5-coder-1.5b]

Joins what benchmarks.guards.evidence cached (the ranked units, so the card's
confidence) with what benchmarks.experiments.evidence_pick cached (the model's
probability for each of the best five; run it for each set, and once more
with --off-topic). The card shows one quote when its confidence reaches
SINGLE_QUOTE, or when the model picks the first unit with probability at
least AGREES_AT. AGREES_AT, and a confidence the first unit might also have
to reach (a gate; the app has none: none helped), are chosen on the tuning batches (the dev set's first batch and the `-tune` files): the
pair that gives the single card to most tuning questions while those cards
hold the answer at least `--target` of the time. Printed: the pair, then per
batch the share of questions with the single card and how often it holds
the answer (tuning and held-out apart), the off-topic questions that would
get it, and leave-one-corpus-out: the pair chosen without a corpus's tuning
batch, measured on that corpus's held-out batch.
"""
from __future__ import annotations

import itertools
import json
import sys

from app.answers.checks import quote_check
from app.answers.evidence import confidence
from benchmarks.common import arguments, tuned_on
from benchmarks.experiments import card_confidence
from benchmarks.experiments.evidence_pick import picks_path

AGREES = (0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
CHECKED = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4)


def examples(name: str, model: str) -> list[dict]:
    """Per question shown a card (card_confidence.examples): its corpus and
    batch, whether the first unit holds the answer, the confidence, and the
    model's probabilities for the best five."""
    picks = {}
    for suffix, flag in (("", ""), ("-offtopic", " --off-topic")):
        path = picks_path(name, model, "list" + suffix)
        if not path.exists():
            sys.exit(f"{path} is missing: run python -m benchmarks.experiments.evidence_pick "
                     f"--set {name} --model {model}{flag}")
        picks.update((pick["id"], pick) for pick in json.loads(path.read_text()))
    return [{**e, "p": confidence.probability(dict(zip(card_confidence.NAMES, e["x"]))),
             "probs": picks[e["id"]]["probs"]}
            for e in card_confidence.examples(name) if e["id"] in picks]


def single(example: dict, agrees_at: float, checked_at: float) -> bool:
    """The card's rule (confidence.card) with these two constants."""
    return example["p"] >= confidence.SINGLE_QUOTE or (
        bool(quote_check.agrees(example["probs"], agrees_at)) and example["p"] >= checked_at)


def figures(group: list[dict], pair: tuple[float, float]) -> tuple[int, int, int]:
    """(questions, single cards, single cards that hold the answer)."""
    shown = [e for e in group if single(e, *pair)]
    return len(group), len(shown), sum(e["hit"] for e in shown)


def choose(train: list[dict], target: float) -> tuple[float, float]:
    """The pair with the most single cards whose precision reaches `target`
    (ties: the stricter pair)."""
    best, best_shown = (max(AGREES), max(CHECKED)), -1
    for pair in itertools.product(AGREES, CHECKED):
        _, shown, right = figures(train, pair)
        if shown >= 5 and right / shown >= target and shown > best_shown:
            best, best_shown = pair, shown
    return best


def line(label: str, group: list[dict], pair: tuple[float, float]) -> str:
    n, shown, right = figures(group, pair)
    precision = f"{right / shown:.2f}" if shown else "  - "
    return f"  {label:16s} n={n:3d}  single card {shown:3d} ({shown / max(n, 1):.2f})  " \
           f"holds the answer {precision}"


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["dev", "python", "git", "bash", "sample"])
    parser.add_argument("--target", type=float, default=0.75)
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    args = parser.parse_args()
    every = [e for name in args.set for e in examples(name, args.model)]
    golden = [e for e in every if not e["off_topic"]]
    train = [e for e in golden if tuned_on(e["batch"])]
    held = [e for e in golden if not tuned_on(e["batch"])]
    pair = choose(train, args.target)
    print(f"AGREES_AT = {pair[0]}  confidence gate = {pair[1]}  "
          f"(SINGLE_QUOTE {confidence.SINGLE_QUOTE}; app: AGREES_AT {quote_check.AGREES_AT}, "
          f"no gate)")
    without = (max(AGREES), 2.0)  # the confidence alone: the check never counts
    for title, rule in (("with the check", pair), ("confidence alone", without)):
        print(title)
        print(line("tuning", train, rule))
        print(line("held out", held, rule))
        for batch in sorted({e["batch"] for e in golden}):
            print(line(batch, [e for e in golden if e["batch"] == batch], rule))
        off = [e for e in every if e["off_topic"]]
        print(f"  off-topic: {figures(off, rule)[1]} of {len(off)} reaching the card get it")
    print("leave one corpus out (chosen without its tuning batch, measured on its held-out one)")
    for name in args.set:
        rest = [e for e in train if e["corpus"] != name]
        own = [e for e in held if e["corpus"] == name]
        if rest and own:
            print(line(name, own, choose(rest, args.target)))


if __name__ == "__main__":
    main()
