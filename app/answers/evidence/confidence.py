"""How far the first quote can be trusted, and so how the card presents it.

The evidence ranker's score orders units within one question; across
questions it says little about whether the first unit holds the answer (on
the tuning batches the best units scoring above 1.5 hold it 0.48 of the time,
above 1.2, 0.39). What does say it is how far the first unit stands out: its lead over
the second, the score itself, and whether it also sits in the best child. A
logistic model of those, fitted on the tuning batches of several corpora
(benchmarks/experiments/card_confidence.py), gives the probability that the first quote
holds the answer. The card says "From the handbook" with one quote only when
that probability reaches SINGLE_QUOTE (fitted on four corpora, rarely), or
when the answer model also picks that unit among the best five
(app/answers/checks/quote_check.py); otherwise it shows "Passages that may answer":
the best three, equal in weight.
"""
from __future__ import annotations

import math
from typing import Sequence

# (name, coefficient) per feature, and the intercept: benchmarks/experiments/card_confidence.py
# prints them (fitted on the tuning batches; see docs/answers.md, "The card").
COEFFICIENTS = (("score", 2.084), ("margin", 2.065), ("similarity", 0.079), ("child_rank", 1.121))
INTERCEPT = -5.191
# The lowest probability at which quotes shown alone held the answer at least
# 3 times in 4 on the tuning batches (at least five of them). Fitted on four
# corpora it is barely reached (2 % of held-out questions; one question more
# or less moves it between 0.75 and never, docs/answers.md): MiniLM's ranking
# alone cannot tell when its first quote is right. The answer model's check
# (checks/quote_check.py) is what shows one quote for one question in five.
SINGLE_QUOTE = 0.75


def features(scores: Sequence[float], best: dict, floor: float) -> dict[str, float]:
    """What the confidence reads: the first unit's score and features, and its
    lead over the second (over the floor when it is alone)."""
    second = scores[1] if len(scores) > 1 else floor
    return {"score": scores[0], "margin": scores[0] - second,
            "similarity": best.get("similarity", 0.0), "child_rank": best.get("child_rank", 0.0)}


def probability(values: dict[str, float], coefficients=COEFFICIENTS,
                intercept: float = INTERCEPT) -> float:
    """The calibrated probability that the first quote holds the answer."""
    z = intercept + sum(weight * values[name] for name, weight in coefficients)
    return 1.0 / (1.0 + math.exp(-z))


SINGLE, PASSAGES, NONE = "single", "passages", "none"  # what the card shows


def card(evidence: Sequence, threshold: float = SINGLE_QUOTE) -> str:
    """What the card shows for these units (best first, as EvidenceFinder.best
    returns them): one quote as the handbook's answer, the passages that may
    answer, or nothing."""
    if not evidence:
        return NONE
    first = evidence[0]
    sure = first.confidence is not None and first.confidence >= threshold
    # Picked by the answer model too: no confidence gate on top of that helped
    # (benchmarks/experiments/card_check.py; docs/answers.md).
    return SINGLE if sure or first.checked else PASSAGES


def answering(evidence: Sequence) -> list:
    """The units the card puts forward as the answer: the one quote when it is
    shown alone, else all the passages shown as equals."""
    return list(evidence[:1]) if card(evidence) == SINGLE else list(evidence)


def shown_as(evidence: Sequence) -> str:
    """How warnings under the card refer to it."""
    return "the quote above" if card(evidence) == SINGLE else "the passages above"
