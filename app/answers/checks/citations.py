"""`[n]` markers in an answer, mapped to the sources that were actually given.

A marker that points at no source is removed, never shown as a citation to
something that was not retrieved. An answer without markers still lists the
sources it was given: every answer shown to a user has its sources.
"""
from __future__ import annotations

import re

from app.answers.checks.fact_check import normalise
from app.answers.checks.markers import MARKER, numbers_in
from app.answers.checks.quote_check import facts_held
from app.answers.evidence.words import content_stems

# A model may begin by copying the line that heads a source: "[1] (from 9.4.
# String Functions): bit_length …", "Source [1] (from Vacuuming):", "[1]
# [25.1. Routine Vacuuming]: The database …". The copied heading goes; what
# follows it is the answer. A heading has letters: "[1] [5]" is two markers.
_ECHOED_HEADER = re.compile(
    r"\s*(?:source\s*)?(?:\[\d+\]\s*)+"
    r"(?:(?:\([^()]*[a-z][^()]*\)|\[[^\[\]]*[a-z][^\[\]]*\])\s*:?|:)\s*", re.IGNORECASE)


_OPEN_HEADER = re.compile(r"\s*(?:source\s*)?(?:(?:\[\d+\]\s*)+[(\[]|\[)[^()\[\]]*\Z",
                          re.IGNORECASE)


def echoed_header_length(answer: str) -> int | None:
    """How long the copied source header in front of `answer` is: 0 when there
    is none, None while one may still be being written ("Source [1] (from 8.")."""
    match = _ECHOED_HEADER.match(answer)
    if match:
        return match.end()
    return None if _OPEN_HEADER.match(answer) else 0


def drop_echoed_header(answer: str) -> str:
    """The answer without a source header copied in front of it (kept when
    the header is all there is)."""
    match = _ECHOED_HEADER.match(answer)
    return answer[match.end():] if match and answer[match.end():].strip() else answer


def clean_markers(answer: str, valid: set[int]) -> tuple[str, list[int]]:
    """The answer with markers limited to valid numbers, and the numbers cited in order."""
    cited: list[int] = []

    def replace(match: re.Match) -> str:
        kept = [n for n in numbers_in(match.group(2)) if n in valid]
        for n in kept:
            if n not in cited:
                cited.append(n)
        if not kept:  # "text [9]." becomes "text.", not "text ."
            return ""
        return match.group(1) + "".join(f"[{n}]" for n in dict.fromkeys(kept))

    return MARKER.sub(replace, answer), cited


class MarkerFilter:
    """Streams text on, holding back a possible marker until it is complete,
    so an invalid `[n]` never reaches the screen even for a moment.

    The whole text so far is cleaned each time, up to the last `[` that is
    not closed yet; what is new in that cleaned text is released.
    """

    LONGEST_MARKER = 24

    def __init__(self, valid: set[int]):
        self.valid = valid
        self.raw = ""
        self.shown = ""

    def feed(self, text: str) -> str:
        self.raw += text
        return self._release(self._stable_end())

    def flush(self) -> str:
        return self._release(len(self.raw))

    def _stable_end(self) -> int:
        cut = self.raw.rfind("[")
        if cut == -1 or "]" in self.raw[cut:] or len(self.raw) - cut > self.LONGEST_MARKER:
            cut = len(self.raw)
        # A trailing space waits: if a marker that gets removed follows, it goes too.
        return len(self.raw[:cut].rstrip(" \t"))

    def _release(self, end: int) -> str:
        cleaned = clean_markers(self.raw[:end], self.valid)[0]
        new = cleaned[len(self.shown):] if cleaned.startswith(self.shown) else ""
        self.shown = cleaned if new or cleaned.startswith(self.shown) else self.shown
        return new


# A sentence, a list line, or what is left: "2.5 days" stays whole.
_ANSWER_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=\S))+(?:[.!?]+(?=\s|$)|(?=\n)|$)")


def attribute(answer: str, sources: list, question: str = "") -> list[dict]:
    """When the model cites nothing: each answer sentence with the source that
    holds most of its facts (numbers, code, names, as the fact check reads
    them; app/answers/checks/quote_check.py), then shares most of its content words
    (stemmed). A tie goes to the source given first, i.e. the one with the
    better evidence. Facts come first because they are what the answer took
    from what it read: "checks 20 times" is from the source holding
    `attempts: int = 20`, not from the one that says "checks" and "health"
    more often. A sentence that shares nothing with any source is attributed
    to none."""
    vocabularies = [(s.n, set(content_stems(s.text))) for s in sources]
    texts = [normalise(s.text) for s in sources]  # once, not per sentence
    attributed = []
    for match in _ANSWER_SENTENCE.finditer(answer):
        sentence = match.group(0)
        words = set(content_stems(sentence))
        if not words:
            continue
        held = facts_held(sentence, question, texts, normalised=True)
        best_n, best = None, (0.0, 0)
        for (n, vocabulary), facts in zip(vocabularies, held):
            score = (facts, len(words & vocabulary))
            if score > best:
                best_n, best = n, score
        if best_n is not None:
            start = match.start() + len(sentence) - len(sentence.lstrip())
            attributed.append({"start": start, "end": match.end(), "n": best_n})
    return attributed
