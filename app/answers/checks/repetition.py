"""A stop rule for small models that loop.

SmolLM2-135M, asked "Can I carry over unused annual leave?", wrote the same
sentence five times. Greedy decoding with a repetition penalty makes it
rarer, not impossible. The guard watches the streamed text and says stop as
soon as a sentence of at least MIN_SENTENCE_WORDS words comes again (compared
without case, punctuation and markers), or a run of words repeats back to
back; the repeat is cut from the final answer. "No." twice, or two sentences
that share eight words but differ in one, are not loops.
"""
from __future__ import annotations

import re

from app.answers.checks.markers import MARKER

# A sentence ends at . ! ? before white space, or right after a marker when the
# model leaves out the space ("… [1].You can …").
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=\][.!?])(?=[A-Z])|\n+")
MIN_SENTENCE_WORDS = 4
REPEATED_WORDS = 8   # a block of at least this many words, twice in a row, is a loop
MAX_BLOCK_WORDS = 40


def _key(sentence: str) -> str:
    return re.sub(r"\W+", " ", MARKER.sub("", sentence)).strip().lower()


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
            complete = match is not None and len(key.split()) >= MIN_SENTENCE_WORDS
            if complete and key in seen:
                return self.text[:position].rstrip()
            if complete:
                seen.add(key)
            if match:
                position = match.end()
        return self._cut_word_loop()

    def _cut_word_loop(self) -> str:
        """Cut where a block of REPEATED_WORDS or more words is repeated right
        after itself ("a b c … a b c …"), whatever the punctuation."""
        words = [(m.start(), _key(m.group(0))) for m in re.finditer(r"\S+", self.text)]
        words = [(start, key) for start, key in words if key]
        keys = [key for _, key in words]
        for i in range(len(keys)):
            for size in range(REPEATED_WORDS, min(MAX_BLOCK_WORDS, (len(keys) - i) // 2) + 1):
                if keys[i:i + size] == keys[i + size:i + 2 * size]:
                    return self.text[:words[i + size][0]].rstrip()
        return self.text
