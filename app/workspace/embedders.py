"""The embedder the settings ask for, made once and shared.

This is the one place that names the embedding model's class: the rest of
the pipeline knows only the contract (app/embedding/contract.py).
"""
from __future__ import annotations

import threading

from app.common.bundled import ModelMissing
from app.embedding.contract import Embedder
from app.embedding.minilm import MiniLM
from app.workspace.settings import AppSettings


class EmbedderUnavailable(Exception):
    """The embedding model is not installed: nothing can be indexed or searched."""


def make_embedder(window: int | None = None) -> Embedder:
    """The bundled embedder; `window`: the user's override of what it reads."""
    return MiniLM(window=window)


def checked_embedder(window: int | None = None) -> Embedder:
    """An embedder whose model is known to be installed: a missing one is
    said now, in words, not in the middle of a run."""
    try:
        embedder = make_embedder(window)
        embedder.check()
        return embedder
    except ModelMissing as error:
        raise EmbedderUnavailable(f"the embedding model is not available: {error}") from error


class EmbedderCache:
    """One embedder per window override, shared by every worker (ONNX Runtime
    sessions and tokenizers are safe to use from several threads)."""

    def __init__(self):
        self._embedders: dict[int, Embedder] = {}
        self._lock = threading.Lock()  # three workers ask at start: one embedder made, not three

    def __call__(self, settings: AppSettings) -> Embedder:
        key = settings.window_override
        with self._lock:
            if key not in self._embedders:
                self._embedders[key] = make_embedder(key or None)
            return self._embedders[key]


_DEFAULT = EmbedderCache()


def default_embedder() -> Embedder:
    """The embedder with the default settings, shared by the views that need
    only its tokenizer or the default search (its model loads on first use)."""
    return _DEFAULT(AppSettings())
