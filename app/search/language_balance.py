"""A question asked in another language than the handbook's: the handbook's own
text ranked ahead of stray text in the question's language.

A multilingual embedder places texts of the question's language closer to it
than texts saying the same in another (and the words search can only match
words of the question's language). Translated documentation is seldom whole:
manpages-l10n leaves 12 % of the Russian man pages' paragraphs in English,
the Russian Debian history 28 %. An English question on those pages drew
half of its top five from the English leftovers (a Russian question: 2-5 %),
and the Russian paragraph that answers fell behind them. So when the
question's language is not one the index's documents are written in, the
fused ranking is re-dealt: two children of other languages, then one of the
question's, each group in its own fused order. Nothing is dropped, and a
question in a language of the handbook (every English question on an
English handbook) keeps its ranking as it was (docs/retrieval.md, "Across
languages"). The results then need not come in falling fused score: their
order is the dealt one.
"""
from __future__ import annotations

from typing import Callable, Sequence

from app.common.language import UNDETERMINED, detect

OTHERS_PER_OWN = 2   # children of the handbook's languages before each of the question's


def handbook_language_first(candidates: Sequence, question: str,
                            languages: Callable[[], list[str]],
                            texts: Callable[[list[int]], dict[int, str]]) -> list:
    """`candidates` (best first) re-dealt as the module says, or as they are."""
    asked = detect(question)
    if not candidates or asked == UNDETERMINED:
        return list(candidates)
    known = languages()
    if not known or asked in known:  # no language recorded (an older index): as it was
        return list(candidates)
    text_of = texts([c.chunk_id for c in candidates])
    own = [c for c in candidates if detect(text_of.get(c.chunk_id, "")) == asked]
    chosen = {c.chunk_id for c in own}
    others = [c for c in candidates if c.chunk_id not in chosen]
    dealt: list = []
    while own or others:
        dealt += others[:OTHERS_PER_OWN] + own[:1]
        others, own = others[OTHERS_PER_OWN:], own[1:]
    return dealt
