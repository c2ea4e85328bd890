"""A stop rule for small models that loop.

SmolLM2-135M, asked "Can I carry over unused annual leave?", wrote the same
sentence five times. Greedy decoding with a repetition penalty makes it
rarer, not impossible. The guard watches the streamed text and says stop as
soon as a sentence comes again (compared without case, spaces and markers),
or a run of words repeats; the repeat is cut from the final answer.
"""
from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?])(?=[A-Z])|\n+")
_MARKERS = re.compile(r"\s*\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]")
REPEATED_WORDS = 8  # a run this long seen twice is a loop, even without full stops


def _key(sentence: str) -> str:
    return re.sub(r"\W+", " ", _MARKERS.sub("", sentence)).strip().lower()


class RepetitionGuard:
    def __init__(self):
        self.text = ""

    def feed(self, text: str) -> bool:
        """Add streamed text; True when the answer has started to repeat itself."""
        self.text += text
        return self.cut() != self.text

    def cut(self) -> str:
        """The text up to where it first repeats itself (all of it if it does not)."""
        seen: set[str] = set()
        position = 0
        for match in list(_SENTENCE_END.finditer(self.text)) + [None]:
            end = match.start() if match else len(self.text)
            key = _key(self.text[position:end])
            complete = match is not None
            if key and complete and key in seen:
                return self.text[:position].rstrip()
            if key and complete:
                seen.add(key)
            if match:
                position = match.end()
        return self._cut_word_loop()

    def _cut_word_loop(self) -> str:
        words = list(re.finditer(r"\S+", self.text))
        if len(words) < 2 * REPEATED_WORDS:
            return self.text
        seen: dict[tuple[str, ...], int] = {}
        keys = [_key(w.group(0)) for w in words]
        for i in range(len(words) - REPEATED_WORDS + 1):
            run = tuple(keys[i:i + REPEATED_WORDS])
            first = seen.setdefault(run, i)
            if first != i and i >= first + REPEATED_WORDS:
                return self.text[:words[i].start()].rstrip()
        return self.text
