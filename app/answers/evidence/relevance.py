"""Whether anything an index holds is about a question at all.

The nearest child's cosine distance decides, by the measure of the
embedder that index was built with (Embedder.relevance_threshold): MiniLM
has a clean gap between questions its handbooks answer and questions they
do not. multilingual-e5-small has none: it places every text close to every
other, and an off-topic question ("How do I back up the Windows registry?")
can come as close to a man page as a real one. Where its distance is in
between (Embedder.relevance_band), the words decide: a question in the
handbook's own language whose nearest children hold under a quarter of its
content words is about something else. A question in another language
shares no words with the text by nature, so for it the distance alone
decides, at relevance_threshold (docs/retrieval.md, "Nothing relevant").
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from app.answers.evidence.words import STOPWORDS as ENGLISH_STOPWORDS
from app.answers.evidence.words import stem as english_stem
from app.common.language import UNDETERMINED, detect
from app.common.word_forms import forms_of_text, is_stopword, stemmed

NEAREST = 3           # the children whose words are compared with the question's
MIN_SHARED = 0.25     # share of the question's content words they must hold
_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


def about_the_question(question: str, candidates: Sequence, embedder,
                       languages: Callable[[], list[str]],
                       chunk_texts: Callable[[list[int]], dict[int, str]]) -> bool:
    """Whether the nearest of `candidates` (one index's, each with its
    vector_distance) is about `question`, by `embedder`'s measure.
    `languages`: the index's; `chunk_texts`: texts of children by id (both
    asked only when the distance leaves it open)."""
    nearest = sorted((c for c in candidates if c.vector_distance is not None),
                     key=lambda c: c.vector_distance)
    if not nearest:
        return False
    best = nearest[0].vector_distance
    band = getattr(embedder, "relevance_band", None)
    if band is None or best <= band[0]:
        return best <= embedder.relevance_threshold
    if best > band[1]:
        return False
    language = detect(question)
    if language == UNDETERMINED or language not in languages():
        return best <= embedder.relevance_threshold
    texts = chunk_texts([c.chunk_id for c in nearest[:NEAREST]])
    return shared_words(question, list(texts.values()), language) >= MIN_SHARED


def shared_words(question: str, texts: list[str], language: str) -> float:
    """Share of the question's content words (their forms in `language`) that
    occur in `texts`; 1.0 for a question with no content words."""
    wanted = set(_content_forms(question, language))
    if not wanted:
        return 1.0
    found = set(_content_forms(" ".join(texts), language))
    return len(wanted & found) / len(wanted)


def _content_forms(text: str, language: str) -> list[str]:
    words = [w.lower() for w in _WORD.findall(text)]
    if stemmed(language):
        return [forms_of_text(w, language) for w in words if not is_stopword(w, [language])]
    return [english_stem(w) for w in words if w not in ENGLISH_STOPWORDS]
