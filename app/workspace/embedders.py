"""The embedders, made once and shared; which one indexes or searches what.

This is the one place that names the embedders' classes: the rest of the
pipeline knows only the contract (app/embedding/contract.py). An index
records the embedder it was built with (its fingerprint), and is searched
with that one, whatever the settings say now: the vectors of two models are
never compared.
"""
from __future__ import annotations

import threading

from app.common.bundled import ModelMissing
from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.embedding import e5_install
from app.embedding.contract import Embedder
from app.embedding.e5 import E5Small
from app.embedding.e5_convert import MODEL_FILE, TOKENIZER_FILE
from app.embedding.minilm import MiniLM
from app.workspace.settings import AppSettings

ENGLISH = MiniLM.id
MULTILINGUAL = E5Small.id
CHOSEN = {"english": ENGLISH, "multilingual": MULTILINGUAL}  # AppSettings.embedder → id
# What the window says when an embedder cannot be used (app/gui/words.py words it).
E5_NOT_INSTALLED = QT_TRANSLATE_NOOP("Core", "the multilingual embedder (multilingual-e5-small) is "
                                             "not installed: {hint}")
UNKNOWN_EMBEDDER = QT_TRANSLATE_NOOP("Core", "the index was built with an embedder this version "
                                             "does not have ({embedder}): re-index the folder")
NOT_AVAILABLE = QT_TRANSLATE_NOOP("Core", "the embedding model is not available: {reason}")


class EmbedderUnavailable(Exception):
    """An embedding model that is not installed: nothing can be indexed or
    searched with it; the message says how to install it."""


def make_embedder(embedder_id: str = ENGLISH, window: int | None = None) -> Embedder:
    """The embedder an id names; `window`: the user's override of what it reads."""
    if embedder_id == ENGLISH:
        return MiniLM(window=window)
    if embedder_id == MULTILINGUAL:
        folder = e5_install.installed_dir()
        if folder is None:
            raise EmbedderUnavailable(Said(E5_NOT_INSTALLED,
                                           hint=Said(e5_install.INSTALL_HINT)))
        return E5Small(folder / MODEL_FILE, folder / TOKENIZER_FILE, window=window)
    raise EmbedderUnavailable(Said(UNKNOWN_EMBEDDER, embedder=str(embedder_id)))


def checked_embedder(embedder_id: str = ENGLISH, window: int | None = None) -> Embedder:
    """An embedder whose model is known to be installed: a missing one is
    said now, in words, not in the middle of a run."""
    try:
        embedder = make_embedder(embedder_id, window)
        embedder.check()
        return embedder
    except ModelMissing as error:
        raise EmbedderUnavailable(Said(NOT_AVAILABLE, reason=message_of(error))) from error


def indexed_with(meta: dict) -> str:
    """The id of the embedder an index was built with (MiniLM's before the
    fingerprint named it: every index was)."""
    return meta.get("embedder_id") or ENGLISH


class EmbedderCache:
    """One embedder per (model, window), shared by every worker (ONNX Runtime
    sessions and tokenizers are safe to use from several threads)."""

    def __init__(self):
        self._embedders: dict[tuple[str, int], Embedder] = {}
        self._lock = threading.Lock()  # three workers ask at start: one embedder made, not three

    def get(self, embedder_id: str = ENGLISH, window: int = 0) -> Embedder:
        key = (embedder_id, window)
        with self._lock:
            if key not in self._embedders:
                self._embedders[key] = make_embedder(embedder_id, window or None)
            return self._embedders[key]

    def __call__(self, settings: AppSettings) -> Embedder:
        """The embedder the settings name for a new index ("auto" starts with MiniLM)."""
        return self.get(CHOSEN.get(settings.embedder, ENGLISH), settings.window_override)

    def for_index(self, meta: dict) -> Embedder:
        """The embedder an index was built with, to search it."""
        return self.get(indexed_with(meta))


_DEFAULT = EmbedderCache()


def shared_embedders() -> EmbedderCache:
    """The embedders of views with no window of their own (one set per process)."""
    return _DEFAULT


def default_embedder() -> Embedder:
    """MiniLM with the default settings (its model loads on first use)."""
    return _DEFAULT(AppSettings())
