"""Background work for the desktop app: indexing and answering, off the GUI thread.

Each worker is a QObject living in its own QThread and talks to the window
only through signals (queued across threads). Indexing owns the writes;
answering owns the llama.cpp model — one thread each, as llama.cpp objects
must stay on the thread that uses them. Both open their own connection to
the index (the SQLite file, or the shared index's server). Cancel and Stop are thread-safe events checked by the core.
"""
from __future__ import annotations

import contextlib
import logging
import threading
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.answers.answerer import (Answerer, Conversation, EvidenceFound, Finished, QuoteChecked,
                                  Retrieved, Status, Token)
from app.llm.contract import ModelError
from app.llm.process import ModelProcess
from app.llm.speeds import record_answer_speed
from app.answers.prompting.prompt import PromptTooLarge
from app.answers.prompting.prompt import Turn as AskedTurn
from app.llm.catalogue import default_model_path
from app.common.bundled import ModelMissing
from app.gui.settings import AppSettings
from app.ingest.indexer import Indexer, IndexSettings
from app.search.retrieval import SearchError, Searcher
from app.store.backends import parse_location, store_session
from app.store.contract import IndexBusy, StoreError

log = logging.getLogger(__name__)


def start_in_thread(worker: QObject, name: str) -> QThread:
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.start()
    return thread


class IndexWorker(QObject):
    """Runs one incremental indexing of a folder at a time."""

    progress = Signal(object)   # app.ingest.indexer.Progress
    finished = Signal(object)   # app.ingest.indexer.IndexReport
    failed = Signal(str)

    def __init__(self, embedder_factory):
        super().__init__()
        self._embedder_factory = embedder_factory
        self._cancel = threading.Event()
        self._skip = threading.Event()
        self.busy = False

    def cancel(self) -> None:
        self._cancel.set()

    def skip_file(self) -> None:
        """Leave the file being embedded (it is listed as skipped) and go on."""
        self._skip.set()

    @Slot(str, str, object)
    def run(self, folder: str, db: str, settings: AppSettings) -> None:
        self.busy = True
        self._cancel.clear()
        try:
            embedder = self._embedder_factory(settings)
            index_settings = IndexSettings(profile=settings.profile, ocr=settings.ocr,
                                           chunking=settings.chunking(embedder.window))
            with store_session(parse_location(db)) as store:  # a disk or server failure: words
                report = Indexer(store, embedder, index_settings, on_progress=self.progress.emit,
                                 cancel=self._cancel, skip=self._skip).run(Path(folder))
            self.finished.emit(report)
        except IndexBusy as error:
            self.failed.emit(f"Indexing {folder} did not start: {error}. Your folder is "
                             "indexed again at its next change, or with File › Re-index.")
        except (StoreError, OSError, ValueError) as error:
            self.failed.emit(f"Indexing {folder} stopped: {error}")
        except Exception as error:  # never let a worker die silently
            log.exception("indexing failed")
            self.failed.emit(f"Indexing {folder} stopped by an unexpected error: {error}")
        finally:
            self.busy = False


def default_model(settings: AppSettings):
    """The answer model the settings name. It runs in a child process: a
    native crash in llama.cpp ends that process, not the app."""
    return ModelProcess(settings.model_file(), n_ctx=settings.n_ctx)


def app_answerer(store, embedder, model, settings: AppSettings) -> Answerer:
    """The answer path as the app asks with it: its search, prompt and length."""
    return searcher_answerer(Searcher(store, embedder, settings.search()), model, settings)


def searcher_answerer(searcher, model, settings: AppSettings) -> Answerer:
    return Answerer(searcher, model, answer_tokens=settings.answer_tokens,
                    prompt=settings.prompt)


@contextlib.contextmanager
def asked_searcher(db, embedder, settings: AppSettings):
    """The search over what a question asks: one index (its location, as a
    string), or several handbooks ([(label, location), …]) asked at once."""
    from app.search.several import Handbook, SeveralSearcher

    if isinstance(db, str):
        with store_session(parse_location(db), create=False) as store:
            yield Searcher(store, embedder, settings.search())
        return
    with contextlib.ExitStack() as stack:
        handbooks = [Handbook(label, stack.enter_context(
            store_session(parse_location(location), create=False))) for label, location in db]
        searcher = SeveralSearcher(handbooks, embedder, settings.search())
        stack.callback(searcher.close)
        yield searcher


def own_model(model_factory=None):
    """A `borrow(settings)` for "Evaluate answers" without a window: a model of
    its own, closed when the run ends."""
    def borrow(settings: AppSettings):
        model = (model_factory or default_model)(settings)
        return model, model.close
    return borrow


def evaluation_answerer(embedders, borrow, current_settings):
    """For the evaluation view's "Evaluate answers": (store) → (Answerer,
    release), with the search, prompt and answer model the app asks with at
    the time of the run. `borrow(settings)` → (model, release): in the app,
    the window's own model (AnswerWorker.borrow_model), so a large model is
    not loaded twice; released when the run ends, whatever ends it."""
    def make(store):
        settings = current_settings()
        model, release = borrow(settings)
        try:
            model.load()
            answerer = app_answerer(store, embedders(settings), model, settings)
        except BaseException:
            release()  # a model borrowed or started for the run must not stay held
            raise
        return answerer, release
    return make


class AnswerWorker(QObject):
    """Owns the answer model and the conversation; answers one question at a time."""

    status = Signal(str, str)      # stage, message
    retrieved = Signal(object)     # list of app.search.retrieval.Result
    evidence = Signal(object)      # list of app.answers.evidence.finder.Evidence, best first
    token = Signal(str)
    finished = Signal(object)      # app.answers.answerer.Answer
    failed = Signal(str)           # a message in words (the sources may still have arrived)
    warmed = Signal()              # the embedder, vectors and answer model are loaded

    def __init__(self, embedder_factory, model_factory=None):
        super().__init__()
        self._embedder_factory = embedder_factory
        self._model_factory = model_factory or default_model
        self._model = None
        self._model_key: tuple | None = None
        # One user of the model at a time: a question, the warm-up, or an
        # "Evaluate answers" run that borrowed it (from its own thread).
        self._model_lock = threading.Lock()
        self.stop_event = threading.Event()
        self.conversation = Conversation()

    def stop(self) -> None:
        self.stop_event.set()

    @Slot()
    def new_conversation(self) -> None:
        self.conversation = Conversation()

    def resume_conversation(self, asked: list[tuple[str, str]]) -> None:
        """A saved conversation reopened: its answered (question, answer)
        pairs, so that a follow-up ("and in December?") is searched and
        answered with the question before it, as before the app was closed.
        Their sources are sent again with the next question."""
        self.conversation = Conversation([AskedTurn(question, answer) for question, answer in asked])

    @Slot(str, object, object)
    def ask(self, question: str, db, settings: AppSettings) -> None:
        """Answer from one index (`db` its location) or from several
        handbooks at once (`db` a list of (label, location))."""
        # stop_event is cleared by the window when it sends the question, not
        # here: a Stop pressed before this slot runs must still count.
        try:
            with self._model_lock, \
                    asked_searcher(db, self._embedder_factory(settings), settings) as searcher:
                answerer = searcher_answerer(searcher, self._model_for(settings), settings)
                for event in answerer.ask(question, self.conversation, self.stop_event):
                    self._forward(event)
        except (SearchError, ModelError, PromptTooLarge, StoreError) as error:
            self.failed.emit(str(error))
        except Exception as error:
            log.exception("answering failed")
            self.failed.emit(f"The question could not be answered: {error}")

    @Slot(str, object)
    def warm_up(self, db: str, settings: AppSettings) -> None:
        """Load what the first question needs while the user is still typing it:
        the embedder, the index's vectors and the answer model (its process, and
        on the very first run its faster copy). Anything that fails here is
        left for that question to report, in words, when it is asked."""
        try:
            self._embedder_factory(settings).embed(["warm-up"])
            location = parse_location(db)
            if location.exists():
                with store_session(location, create=False) as store:
                    store.warm()
            # A model lent to "Evaluate answers" is loaded already: no waiting for it.
            if self._model_lock.acquire(blocking=False):
                try:
                    model = self._model_for(settings)
                    model.load()
                finally:
                    self._model_lock.release()
            self.warmed.emit()
        except Exception as error:  # noqa: BLE001 - the question will say what is wrong
            log.info("warm-up stopped: %s", error)

    def _forward(self, event) -> None:
        if isinstance(event, Status):
            self.status.emit(event.stage, event.message)
        elif isinstance(event, Retrieved):
            self.retrieved.emit(event.results)
        elif isinstance(event, (EvidenceFound, QuoteChecked)):
            self.evidence.emit(event.evidence)
        elif isinstance(event, Token):
            self.token.emit(event.text)
        elif isinstance(event, Finished):
            self.conversation.add(event.answer)
            self._record_speed(event.answer)  # before anyone hears it is done
            self.finished.emit(event.answer)

    def _record_speed(self, answer) -> None:
        """How fast the model wrote, shown beside it in Settings' model list."""
        if answer.refused or self._model_key is None:
            return
        path = self._model_key[0]
        if not path:
            try:
                path = default_model_path()  # what the list shows for the default model
            except ModelMissing:
                return
        record_answer_speed(Path(path), answer.timings)

    def borrow_model(self, settings: AppSettings):
        """(model, release) for "Evaluate answers", called from its thread: the
        window's model for these settings, held until released; a question
        asked meanwhile would wait (the window does not offer one)."""
        self._model_lock.acquire()
        try:
            return self._model_for(settings), self._model_lock.release
        except BaseException:
            self._model_lock.release()
            raise

    def _model_for(self, settings: AppSettings):
        key = (settings.model_path, settings.n_ctx)
        if self._model is None or key != self._model_key:
            if self._model is not None:
                self._model.close()
            self._model = self._model_factory(settings)
            self._model_key = key
        return self._model

    @Slot()
    def shut_down(self) -> None:
        if self._model is not None:
            self._model.close()
