"""The answer model checks the evidence ranker's first passage.

MiniLM's ranking cannot tell when its first quote is right (app/answers/
evidence/confidence.py: held out, it is sure enough for one question in
fifty), so the card mostly shows three passages as equals. Qwen2.5-Coder-1.5B
shown the question and the ranker's best five units as a numbered list, and asked which
one answers, is no steadier a ranker than MiniLM; but where it picks the
ranker's first unit too, that unit holds the answer far more often
(docs/answers.md, "The answer model checks the first passage"). So once the
answer is written, one forward pass over that list reads the model's
probability for each number, and the card shows the first passage as the
handbook's answer when the model agrees (`Evidence.checked`). Otherwise the
passages shown are the best of the ranker's order and the model's fused
(`fused_order`) with a third order, by how much of the answer the model
has just written each unit holds (`answer_support`): the answer names what
it took from what it read. A unit the model picks with half its probability
and its answer draws on is shown alone too (`alone`). Held out, the first
passage then holds the answer 0.55 of the time against 0.41 in the
ranker's order (docs/answers.md, "The passage the answer drew on").

Only models whose prompt style asks for it (app/answers/prompting/styles.py)
check: Qwen 0.5B picks "1" whatever it reads, and SmolLM2 was not measured.
"""
from __future__ import annotations

import re
import threading
from typing import Sequence

from app.answers.checks.fact_check import extract, normalise
from app.answers.evidence.words import content_stems
from app.llm.contract import AnswerModel
from app.common.said import QT_TRANSLATE_NOOP

DEPTH = 5                 # units in the list: the 1.5B reads five in 2.7-4.4 s on 2 cores
UNIT_CHARS = 360          # of a long unit, the start (the list stays near 230 tokens)
AGREES_AT = 0.7           # the model's probability for "1" that counts as agreeing (card_check.py)
# The fusion of the two orders (fused_order): k 1, 2, 3 and 5 tie on the tuning
# batches (first unit right 0.386, one of three 0.605, against 0.341 and 0.556
# in the ranker's order); 3 is the middle of the tie (benchmarks/experiments/card_order.py).
FUSION_K = 3
# The weight of a third order in that fusion: by how much of the model's own
# answer each unit holds (answer_support). On the five tuning batches 2, 3 and
# 4 tie (first unit right 0.46, one of three 0.60, against 0.36 / 0.58 without
# it); 2 is the smallest of the tie (benchmarks/guards/card_answer.py).
ANSWER_WEIGHT = 2.0
# A unit the model gives this much, and whose answer draws on it (a support of
# DRAWN_ON or more, more than any other unit's), is shown alone (`alone`). On
# the tuning batches the single cards hold the answer 0.75-0.76 of the time
# for any threshold from 0.3 to 0.6; 0.5 asks the model for half its
# probability, no mere plurality among five (benchmarks/guards/card_answer.py).
ANSWER_PICK_AT = 0.5
DRAWN_ON = 1.0
# Said under a quote shown alone because the model picked it too.
BOTH_PICK = QT_TRANSLATE_NOOP("Core", "The search and the answer model both picked this passage.")
# Said under one shown alone because the model picked it and answered from it.
ANSWER_PICK = QT_TRANSLATE_NOOP("Core", "The answer model picked this passage and drew its "
                                "answer from it.")
# Said under the passages once the model has read them and put them in order.
ORDERED_BY_BOTH = QT_TRANSLATE_NOOP("Core", "In the order the search and the answer model agree "
                                    "on.")
SYSTEM = ("You find the passage of a handbook that answers a question. "
          "Reply with the number of the passage only.")
USER = "Question: {q}\n\nPassages:\n{passages}\n\nWhich passage answers the question?"


def clip(text: str) -> str:
    """A unit on one line, its start only when long."""
    text = " ".join(text.split())
    return text if len(text) <= UNIT_CHARS else text[:UNIT_CHARS].rsplit(" ", 1)[0] + " …"


def check_prompt(model: AnswerModel, question: str, units: Sequence[str]) -> str:
    """The numbered list in the model's chat template, ending inside the reply
    ("[") so that the next token is a passage's number."""
    passages = "\n".join(f"[{n}] {clip(u)}" for n, u in enumerate(units, start=1))
    text, _ = model.render([{"role": "system", "content": SYSTEM},
                            {"role": "user", "content": USER.format(q=question,
                                                                    passages=passages)}])
    return text + "["


def pick_probabilities(model: AnswerModel, question: str, units: Sequence[str],
                       cancel: threading.Event) -> list[float] | None:
    """The model's probability for each unit's number; None when stopped."""
    return model.next_token_probabilities(check_prompt(model, question, units),
                                          [str(n) for n in range(1, len(units) + 1)], cancel)


def fused_order(probabilities: Sequence[float], k: int = FUSION_K,
                support: Sequence[float] = (), weight: float = ANSWER_WEIGHT) -> list[int]:
    """The units' indexes, best first, by the ranker's order and the model's
    pick together: reciprocal-rank fusion, 1/(k + rank in the ranker's list)
    + 1/(k + rank by the model's probability), ranks from 0; and, given the
    answer's support for each unit (answer_support), `weight`/(k + rank by
    it) when any unit holds some of the answer. A tie keeps the ranker's
    order; a unit two orders put near the top passes one that only one puts
    first. When the model agrees (below), the ranker's first stays first."""
    count = len(probabilities)
    orders = [(1.0, sorted(range(count), key=lambda i: (-probabilities[i], i)))]
    if any(support):
        orders.append((weight, sorted(range(count), key=lambda i: (-support[i], i))))
    ranks = [(w, {unit: rank for rank, unit in enumerate(order)}) for w, order in orders]
    fused = sorted(range(count), key=lambda i: (-(1 / (k + i) + sum(
        w / (k + rank[i]) for w, rank in ranks)), i))
    if agrees(probabilities):
        fused.remove(0)
        fused.insert(0, 0)
    return fused


def alone(probabilities: Sequence[float] | None, support: Sequence[float] = (),
          at: float = ANSWER_PICK_AT) -> int | None:
    """The unit the card shows alone as the handbook's answer, or None: the
    ranker's first when the model agrees (below); else the unit the model
    gives `at` or more when the answer draws on it (a support of DRAWN_ON:
    one of the answer's facts, or all its other words) more than on any other.
    Each alone is wrong too often (the pick 0.34-0.45 on the tuning batches,
    docs/answers.md); together they are right at least 3 times in 4."""
    if agrees(probabilities):
        return 0
    if not probabilities or not any(support):
        return None
    pick = max(range(len(probabilities)), key=lambda i: probabilities[i])
    best = max(support)
    if probabilities[pick] >= at and support[pick] >= DRAWN_ON and support[pick] == best \
            and list(support).count(best) == 1:
        return pick
    return None


def answer_support(answer: str, question: str, units: Sequence[str]) -> list[float]:
    """How much of the model's answer each unit holds. The answer names what
    it took from what it read ("use `-t`", "18 weeks"), so the passage it
    drew on holds its facts (app/answers/checks/fact_check.py: code, numbers,
    quoted text, names) and its words; the question's own are left out,
    since every candidate shares them. Each fact found counts 1, the share of
    the answer's other content words found 1 more; a command found only in
    part ("ls -t" where a man page's unit says "-t") counts the share of its
    words the unit holds."""
    asked_words = set(content_stems(question))
    words = [w for w in dict.fromkeys(content_stems(answer)) if w not in asked_words]
    support = []
    for held, unit in zip(facts_held(answer, question, units), units):
        unit_words = set(content_stems(unit))
        share = sum(w in unit_words for w in words) / len(words) if words else 0.0
        support.append(held + share)
    return support


def facts_held(answer: str, question: str, texts: Sequence[str],
               normalised: bool = False) -> list[float]:
    """How many of the answer's facts (those the question does not name
    already) each text holds: 1 for each fact found as a token of its own, the
    share of its words for a command found in part. `normalised`: the texts
    are already (fact_check.normalise), as when one list serves many answers."""
    asked = normalise(question)
    facts = {normalise(f.text) for f in extract(answer)} - {""}
    facts = {f for f in facts if f not in asked}
    texts = texts if normalised else [normalise(text) for text in texts]
    return [sum(_found(fact, text) for fact in facts) for text in texts]


def _found(fact: str, text: str) -> float:
    """1 for a fact the text holds as a token of its own ("20" is not found
    in "200", "-t" not in "--time"), else the share of a command's words."""
    if re.search(r"(?<![\w-])" + re.escape(fact) + r"(?![\w-])", text):
        return 1.0
    parts = fact.split()
    if len(parts) < 2:
        return 0.0
    tokens = {token.strip(",;:.()[]'\"") for token in text.split()}
    return sum(part in tokens for part in parts) / len(parts)


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
