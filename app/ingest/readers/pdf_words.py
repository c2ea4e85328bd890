"""Words a PDF's text layer breaks apart or runs together, mended.

A PDF has no words, only glyphs at positions; pypdf guesses the spaces from
the gaps. On typeset pages (groff's man pages, justified text with kerning)
it guesses wrong both ways: a kerning gap becomes a space ("e xecutes",
"v ariable", "in voked") and a narrow word space none ("Ifthe", "theyare").
Seen on the bash manual: 4.6 % of its words were broken. A broken word is
lost to the embedder and to keyword search, and a quote shows it broken.

Two repairs, each only where the document itself vouches for it:
- **split words**: "e xecutes" becomes "executes" when the joined word is a
  word (MiniLM's vocabulary, or written whole elsewhere in the document) and
  one piece is not (a single letter other than "a" and "I" is no word);
- **run-together words**: "Ifthe" becomes "If the" when the token is no word
  and the document writes the two words apart more often than together
  ("builtin" stays: bash writes it whole far more than "built in").
Documents that show no such breakage (fewer than MIN_BROKEN_SHARE of their
words would be mended) are left as they are, so a well-made PDF is never
touched by a guess.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

MIN_BROKEN_SHARE = 0.003
MIN_WHOLE_COUNT = 2        # "written whole elsewhere": at least this many times
_TOKEN = re.compile(r"(?<![\w-])[A-Za-z]{5,}(?![\w-])")
_WORD = re.compile(r"[A-Za-z]+")
_ONE_LETTER_WORDS = frozenset("aAI")


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """MiniLM's whole-word vocabulary (lower case): what the embedder reads as a word."""
    from app.common.bundled import minilm_vocabulary

    return frozenset(word for word in minilm_vocabulary() if word.isalpha())


def split_edits(text: str, ranges: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """Edits joining the split words inside `ranges` of `text` (the blocks);
    none when fewer than MIN_BROKEN_SHARE of the document's words need one."""
    counts = Counter(word.lower() for word in _WORD.findall(text))
    vocabulary = known_words()
    candidates = []  # (score, head start, space, tail end)
    for start, end in ranges:
        words = list(_WORD.finditer(text, start, end))
        for head, tail in zip(words, words[1:]):
            if tail.start() != head.end() + 1 or text[head.end()] != " " or _glued(text, head, tail):
                continue
            joined = (head.group(0) + tail.group(0)).lower()
            if not (joined in vocabulary or counts[joined] >= MIN_WHOLE_COUNT):
                continue
            if _is_word(head.group(0), vocabulary) and _is_word(tail.group(0), vocabulary):
                continue  # "in to" stays two words
            if head.group(0).isupper() and len(head.group(0)) > 1:
                continue  # "SHELL BUILTIN" is no split word
            score = counts[joined] + (1 if joined in vocabulary else 0)
            candidates.append((score, head.start(), head.end(), tail.end()))
    # The likelier join first: "the e vent" is "the event" (event is written
    # whole 20 times), not "thee vent"; a piece joins one neighbour only.
    taken: set[int] = set()
    edits = []
    for _, head_start, space, tail_end in sorted(candidates, key=lambda c: (-c[0], c[1])):
        if head_start in taken or space + 1 in taken:
            continue
        taken.update((head_start, space + 1))
        edits.append((space, space + 1, ""))
    edits.sort()
    words = sum(counts.values()) or 1
    return edits if len(edits) >= MIN_BROKEN_SHARE * words else []


def _glued(text: str, head, tail) -> bool:
    """Pieces that touch other word characters ("command2's s", "x-y z") are
    not whole pieces."""
    before = text[head.start() - 1] if head.start() else " "
    after = text[tail.end()] if tail.end() < len(text) else " "
    return before.isalnum() or before in "-_'’" or after.isalnum() or after in "-_"


def run_together_edits(text: str, ranges: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """Edits putting back the space inside tokens run together ("Ifthe")."""
    counts = Counter(word.lower() for word in _WORD.findall(text))
    pairs = _pairs(text)
    vocabulary = known_words()
    edits = []
    for start, end in ranges:
        for match in _TOKEN.finditer(text, start, end):
            token = match.group(0)
            if _is_word(token, vocabulary) or token.isupper() or _after_line_hyphen(text, match):
                continue
            cut = _best_cut(token, counts[token.lower()], pairs)
            if cut is not None:
                edits.append((match.start() + cut, match.start() + cut, " "))
    return edits


def _after_line_hyphen(text: str, match) -> bool:
    """The second half of a word hyphenated at a line end ("de-⏎scriptor"), or
    the first: reflow joins those, they are not run together."""
    return text[max(match.start() - 2, 0):match.start()] == "-\n" or \
        text[match.end():match.end() + 2] == "-\n"


def _pairs(text: str) -> Counter:
    """How often each two words stand side by side, one space apart (overlapping)."""
    words = list(_WORD.finditer(text))
    return Counter(f"{a.group(0)} {b.group(0)}".lower() for a, b in zip(words, words[1:])
                   if b.start() == a.end() + 1 and text[a.end()] == " ")


def _is_word(piece: str, vocabulary: frozenset[str]) -> bool:
    if len(piece) == 1:
        return piece in _ONE_LETTER_WORDS
    return piece.lower() in vocabulary


def _best_cut(token: str, together: int, pairs: Counter) -> int | None:
    """Where to put the missing space: the cut into two words that the document
    writes apart most often (at least MIN_WHOLE_COUNT times), and more often
    than it writes them together. The pieces need not be MiniLM words: the
    document's own usage vouches for "a subshell"."""
    best, best_count = None, max(together, MIN_WHOLE_COUNT - 1)
    for cut in range(1, len(token)):
        head, tail = token[:cut], token[cut:]
        if any(len(piece) == 1 and piece not in _ONE_LETTER_WORDS for piece in (head, tail)):
            continue
        apart = pairs[f"{head} {tail}".lower()]
        if apart > best_count:
            best, best_count = cut, apart
    return best
