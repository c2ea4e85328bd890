"""The answer model checks the evidence ranker's first passage.

MiniLM's ranking cannot tell when its first quote is right (app/answers/
confidence.py: held out, it is sure enough for one question in fifty), so the
card mostly shows three passages as equals. Qwen2.5-Coder-1.5B shown the
question and the ranker's best five units as a numbered list, and asked which
one answers, is no steadier a ranker than MiniLM; but where it picks the
ranker's first unit too, that unit holds the answer far more often
(docs/answers.md, "The answer model checks the first passage"). So once the
answer is written, one forward pass over that list reads the model's
probability for each number, and the card shows the first passage as the
handbook's answer when the model agrees (`Evidence.checked`). Otherwise the
passages shown are the best of the ranker's order and the model's fused
(`fused_order`): held out, the first of them holds the answer 0.51 of the
time against 0.44 for the ranker's order (docs/answers.md).

Only models whose prompt style asks for it (app/answers/prompt_styles.py)
check: Qwen 0.5B picks "1" whatever it reads, and SmolLM2 was not measured.
"""
from __future__ import annotations

import threading
from typing import Sequence

DEPTH = 5                 # units in the list: the 1.5B reads five in 2.7-4.4 s on 2 cores
UNIT_CHARS = 360          # of a long unit, the start (the list stays near 230 tokens)
AGREES_AT = 0.7           # the model's probability for "1" that counts as agreeing (card_check.py)
# The fusion of the two orders (fused_order): k 1, 2, 3 and 5 tie on the tuning
# batches (first unit right 0.386, one of three 0.605, against 0.341 and 0.556
# in the ranker's order); 3 is the middle of the tie (benchmarks/card_order.py).
FUSION_K = 3
# Said under a quote shown alone because the model picked it too.
BOTH_PICK = "The search and the answer model both picked this passage."
# Said under the passages once the model has read them and put them in order.
ORDERED_BY_BOTH = "In the order the search and the answer model agree on."
SYSTEM = ("You find the passage of a handbook that answers a question. "
          "Reply with the number of the passage only.")
USER = "Question: {q}\n\nPassages:\n{passages}\n\nWhich passage answers the question?"


def clip(text: str) -> str:
    """A unit on one line, its start only when long."""
    text = " ".join(text.split())
    return text if len(text) <= UNIT_CHARS else text[:UNIT_CHARS].rsplit(" ", 1)[0] + " …"


def check_prompt(model, question: str, units: Sequence[str]) -> str:
    """The numbered list in the model's chat template, ending inside the reply
    ("[") so that the next token is a passage's number."""
    passages = "\n".join(f"[{n}] {clip(u)}" for n, u in enumerate(units, start=1))
    text, _ = model.render([{"role": "system", "content": SYSTEM},
                            {"role": "user", "content": USER.format(q=question,
                                                                    passages=passages)}])
    return text + "["


def pick_probabilities(model, question: str, units: Sequence[str],
                       cancel: threading.Event) -> list[float] | None:
    """The model's probability for each unit's number; None when stopped."""
    return model.next_token_probabilities(check_prompt(model, question, units),
                                          [str(n) for n in range(1, len(units) + 1)], cancel)


def fused_order(probabilities: Sequence[float], k: int = FUSION_K) -> list[int]:
    """The units' indexes, best first, by the ranker's order and the model's
    pick together: reciprocal-rank fusion with equal weights, 1/(k + rank in
    the ranker's list) + 1/(k + rank by the model's probability), ranks
    from 0. A tie keeps the ranker's order; a unit both put near the top
    passes one that only one of them puts first. When the model agrees
    (below), the ranker's first stays first."""
    count = len(probabilities)
    by_model = sorted(range(count), key=lambda i: (-probabilities[i], i))
    model_rank = {unit: rank for rank, unit in enumerate(by_model)}
    return sorted(range(count), key=lambda i: (-(1 / (k + i) + 1 / (k + model_rank[i])), i))


def reordered(before: Sequence, after: Sequence) -> bool:
    """Whether the check changed which units the card shows, or their order."""
    def key(e):
        return e.source, e.section_id, e.start, e.end
    return [key(e) for e in before] != [key(e) for e in after]


def agrees(probabilities: Sequence[float] | None, at: float = AGREES_AT) -> bool | None:
    """Whether the model picks the first unit with probability `at` or more
    (None: it did not answer)."""
    if not probabilities:
        return None
    first, *others = probabilities
    return first >= at and all(first > other for other in others)
