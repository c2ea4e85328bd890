"""The answer model hosted for one user at a time, and the answerer around it.

Both front ends take the same route: the model the user chose runs in a
child process (a native crash in llama.cpp ends that process, not the app or
the command), is loaded once, and is lent to one caller at a time — a
question, the warm-up before the first one, or an "Evaluate answers" run.
How fast it wrote is kept beside it for the model list.
"""
from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import Callable, Iterator

from app.answers.answerer import SEARCH_AND_EVIDENCE_S, TYPICAL_PROMPT_TOKENS, Answerer
from app.common.bundled import ModelMissing
from app.llm.catalogue import default_model_path
from app.llm.process import ModelProcess
from app.llm.speeds import measured_speed, record_answer_speed
from app.search.retrieval import Searcher
from app.workspace.embedders import EmbedderCache
from app.workspace.settings import AppSettings


def expected_waits(model_path: str | None) -> dict[str, float] | None:
    """Seconds before the first word for each way of reading (quick,
    thorough, whole sections), with the reading speed measured on this
    computer for the model at `model_path` (the default one when empty);
    None until it has answered here."""
    try:
        path = Path(model_path) if model_path else default_model_path()
    except ModelMissing:
        return None
    speed = measured_speed(path, what="reading_per_s")
    if not speed:
        return None
    return {prompt: SEARCH_AND_EVIDENCE_S + tokens / speed
            for prompt, tokens in TYPICAL_PROMPT_TOKENS.items()}


def default_model(settings: AppSettings):
    """The answer model the settings name, in its child process."""
    return ModelProcess(settings.model_file(), n_ctx=settings.n_ctx)


def build_answerer(searcher, model, settings: AppSettings,
                   prompt_units: int | None = None) -> Answerer:
    """The answer path as the app asks with it: its prompt and answer length."""
    units = {"prompt_units": prompt_units} if prompt_units else {}
    return Answerer(searcher, model, answer_tokens=settings.answer_tokens,
                    prompt=settings.prompt, **units)


class ModelHost:
    """Owns the answer model: made for the settings' file and context size,
    made again when they change, used by one caller at a time."""

    def __init__(self, factory: Callable[[AppSettings], object] | None = None):
        self._factory = factory or default_model
        self._model = None
        self._key: tuple | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def using(self, settings: AppSettings) -> Iterator[object]:
        """The model for these settings, held for the `with` block."""
        with self._lock:
            yield self._model_for(settings)

    def warm(self, settings: AppSettings) -> None:
        """Load the model now unless someone holds it (it is loaded then)."""
        if not self._lock.acquire(blocking=False):
            return
        try:
            self._model_for(settings).load()
        finally:
            self._lock.release()

    def borrow(self, settings: AppSettings):
        """(model, release) for a caller on another thread: held until released;
        anyone else asking meanwhile waits."""
        self._lock.acquire()
        try:
            return self._model_for(settings), self._lock.release
        except BaseException:
            self._lock.release()
            raise

    def record_speed(self, answer) -> None:
        """How fast the model wrote, shown beside it in the model lists."""
        if answer.refused or self._key is None:
            return
        path = self._key[0]
        if not path:
            try:
                path = default_model_path()  # what the lists show for the default model
            except ModelMissing:
                return
        record_answer_speed(Path(path), answer.timings)

    def close(self) -> None:
        if self._model is not None:
            self._model.close()

    def _model_for(self, settings: AppSettings):
        key = (settings.model_path, settings.n_ctx)
        if self._model is None or key != self._key:
            self.close()
            self._model = self._factory(settings)
            self._key = key
        return self._model


def own_model(factory: Callable[[AppSettings], object] | None = None):
    """A `borrow(settings)` for "Evaluate answers" without a window: a model
    of its own, closed when the run ends."""
    def borrow(settings: AppSettings):
        model = (factory or default_model)(settings)
        return model, model.close
    return borrow


def evaluation_answerer(embedders: EmbedderCache, borrow, current_settings):
    """For "Evaluate answers": (store) → (Answerer, release), with the search,
    prompt and answer model the app asks with at the time of the run.
    `borrow(settings)` → (model, release): in the app, the window's own model
    (ModelHost.borrow), so a large model is not loaded twice; released when
    the run ends, whatever ends it."""
    def make(store):
        settings = current_settings()
        model, release = borrow(settings)
        try:
            model.load()
            searcher = Searcher(store, embedders.for_index(store.meta()), settings.search())
            answerer = build_answerer(searcher, model, settings)
        except BaseException:
            release()  # a model borrowed or started for the run must not stay held
            raise
        return answerer, release
    return make
