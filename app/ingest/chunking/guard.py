"""The window guard: every child is measured before it is embedded.

Measuring happens on the exact embedded string with truncation off, so a
child the model would silently truncate is flagged with how many of its
tokens the model never reads — or refused, in strict mode.
"""
from __future__ import annotations

from typing import Callable, Sequence

from app.common.chunks import Child
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.common.tokens import count_cl100k_many


class WindowExceeded(Exception):
    pass


def measure(children: Sequence[Child], count_many: Callable[[list[str]], list[int]],
            window: int) -> None:
    """Fill in token counts and over-window flags, in place."""
    texts = [child.embedded_text for child in children]
    for child, tokens, cl100k in zip(children, count_many(texts), count_cl100k_many(texts)):
        child.tokens = tokens
        child.tokens_cl100k = cl100k
        child.over_window = tokens > window
        child.invisible_tokens = max(0, tokens - window)


def refuse_over_window(source: str, children: Sequence[Child], window: int) -> None:
    for child in children:
        if child.over_window:
            raise WindowExceeded(Said(QT_TRANSLATE_NOOP(
                "Core", "{source} chunk {chunk} is {tokens} tokens; the model reads {window}"),
                source=source, chunk=child.chunk_index, tokens=child.tokens, window=window))
