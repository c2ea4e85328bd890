"""A question that asks two things, split into its parts.

"Where do I park my bicycle, and how many days of leave do I get?" is two
questions: one search for both finds the passages of neither well (their
words pull the ranking two ways), and one quote cannot answer both. Each
part is searched and its evidence found on its own; a part nothing answers
is named (app/answers/answerer.py).

A part begins where a conjunction ("and", "y", "und", "и") or a question
mark is followed by a question word or an auxiliary ("how", "can", "wie",
"cuántos", "сколько"): "how do I create a branch and switch to it?" is one
question. Each part must say something of its own (two content words at
least): "can I work from home, and how often?" stays whole, its second part
leans on the first.
"""
from __future__ import annotations

import re

from app.answers.evidence.words import content_stems

_ASKS = (
    # English
    "how what where when who whom whose which why can could do does did is are was were "
    "should must may will would have has "
    # Spanish
    "cómo como qué que dónde donde cuándo cuando quién quien cuál cual cuáles cuántos "
    "cuántas cuánto cuánta puedo puede se hay es son "
    # German
    "wie was wo wann wer welche welcher welches welchen warum kann darf muss gibt ist sind "
    # Russian
    "как что где когда кто какой какая какое какие сколько почему можно нужно ли")
_JOINS = r"and|also|plus|y|e|und|sowie|и|а|а также"
_SPLIT = re.compile(r"(?:\?\s+|[;,]?\s+(?:" + _JOINS + r")\s+|;\s+)(?=¿?(?:" +
                    "|".join(_ASKS.split()) + r")\b)", re.IGNORECASE)
MIN_CONTENT_WORDS = 2   # a part that says less than this leans on the other


def question_parts(question: str) -> list[str]:
    """The question's parts, each a question of its own ("…?" kept where it
    was); the whole question alone when it asks one thing."""
    pieces, start = [], 0
    for match in _SPLIT.finditer(question):
        pieces.append(question[start:match.start()])
        start = match.end()
    pieces.append(question[start:])
    parts = [p.strip(" ,;") for p in pieces if p.strip(" ,;?¿")]
    if len(parts) < 2 or any(len(_said(p)) < MIN_CONTENT_WORDS for p in parts):
        return [question]
    return [p if p.endswith("?") else p + "?" for p in parts]


def _said(part: str) -> list[str]:
    """The part's content words, its question word and auxiliaries aside."""
    asks = set(_ASKS.split())
    return [w for w in content_stems(part) if w not in asks]
