"""Words as the answer steps compare them: lower-cased, lightly stemmed, no stopwords.

Shared by the evidence scorer (term overlap with the question), the answer
evaluation (content words of a span found in an answer) and the fact check,
so all three agree on what "the same word" means.
"""
from __future__ import annotations

import re

from app.common.language import CYRILLIC
from app.common.word_forms import forms_of_text

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
STOPWORDS = frozenset("""a an and are as at be been being but by can could did do does
doing for from had has have having he her here hers him his how i if in into is it its
me more most my no nor not of off on once only or other our ours out over own same she
should so some such than that the their theirs them then there these they this those
through to too under until up very was we were what when where which while who whom why
will with would you your yours yes also any all each get got just may might must shall
us about after again against before between both down during few further""".split())
_SUFFIXES = ("ingly", "ings", "ing", "edly", "ed", "ies", "es", "s", "ly")


def stem(word: str) -> str:
    """A crude suffix stripper: "weeks" → "week", "paid" stays, "carried" → "carri"
    (so does "carries"). Enough to match a question's words with a sentence's.
    A word in Cyrillic is Russian, whose forms are many: its Snowball stem
    ("отпуска", "отпуском" → отпуск)."""
    if CYRILLIC.search(word):
        return forms_of_text(word, "ru")
    word = word.lower().replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if suffix == "ies":
                word += "i"
            break
    if word.endswith("e") and len(word) > 4:  # "leave"/"leav", "made"/"mad" agree
        word = word[:-1]
    return word


_CAMEL_PART = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def words(text: str) -> list[str]:
    """Lower-cased words; an identifier also gives its parts ("PersistentKeepalive"
    → persistentkeepalive, persistent, keepalive; MAX_ERROR_RATE → max, error, rate)."""
    found = []
    for word in _WORD.findall(text):
        found.append(word.lower())
        parts = _CAMEL_PART.findall(word)
        if len(parts) > 1:
            found += [part.lower() for part in parts]
    return found


def content_stems(text: str) -> list[str]:
    """Stems of the words of `text` that carry meaning, in order (repeats kept)."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]
