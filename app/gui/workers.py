"""Background work for the desktop app: indexing and answering, off the GUI thread.

Each worker is a QObject living in its own QThread and talks to the window
only through signals (queued across threads). Indexing owns the writes;
answering owns the llama.cpp model (app/workspace/answering.py) — one thread
each, as llama.cpp objects must stay on the thread that uses them. Both open
their own connection to the index (the SQLite file, or the shared index's
server). Cancel and Stop are thread-safe events checked by the core.
"""
from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.answers.answerer import (Conversation, EvidenceFound, Finished, QuoteChecked, Retrieved,
                                  Status, Token)
from app.answers.prompting.prompt import PromptTooLarge
from app.answers.prompting.prompt import Turn as AskedTurn
from app.common.said import message_of
from app.gui.words import as_sentence, worded
from app.llm.contract import ModelError
from app.search.retrieval import SearchError
from app.store.contract import IndexBusy, StoreError
from app.workspace.answering import ModelHost, build_answerer
from app.workspace.embedders import EmbedderUnavailable
from app.workspace.indexing import index_as_chosen
from app.workspace.indexes import warm_index
from app.workspace.searching import open_searcher
from app.workspace.settings import AppSettings

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
    failed = Signal(object)     # a message in words (app.common.said: the window words it)

    def __init__(self, embedders):
        super().__init__()
        self._embedders = embedders  # app.workspace.embedders.EmbedderCache
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
            report = index_as_chosen(folder, db, self._embedders, settings, self.progress.emit,
                                     self._cancel, self._skip)
            self.finished.emit(report)
        except IndexBusy as error:
            self.failed.emit(self.tr("Indexing {folder} did not start: {reason}. Your folder is "
                                     "indexed again at its next change, or with File › "
                                     "Re-index.").format(folder=folder,
                                                         reason=worded(message_of(error))))
        except (StoreError, OSError, ValueError, EmbedderUnavailable) as error:
            self.failed.emit(self.tr("Indexing {folder} stopped: {reason}").format(
                folder=folder, reason=worded(message_of(error))))
        except Exception as error:  # never let a worker die silently
            log.exception("indexing failed")
            self.failed.emit(self.tr("Indexing {folder} stopped by an unexpected error: {reason}")
                             .format(folder=folder, reason=error))
        finally:
            self.busy = False


class AnswerWorker(QObject):
    """Owns the answer model and the conversation; answers one question at a time."""

    status = Signal(str, object)   # stage, message (app.common.said.Said: the window words it)
    retrieved = Signal(object)     # list of app.search.retrieval.Result
    evidence = Signal(object)      # list of app.answers.evidence.finder.Evidence, best first
    token = Signal(str)
    finished = Signal(object)      # app.answers.answerer.Answer
    failed = Signal(object)        # a message in words (the sources may still have arrived)
    warmed = Signal()              # the embedder, vectors and answer model are loaded

    def __init__(self, embedders, model_factory=None):
        super().__init__()
        self._embedders = embedders  # app.workspace.embedders.EmbedderCache
        # One user of the model at a time: a question, the warm-up, or an
        # "Evaluate answers" run that borrowed it (from its own thread).
        self.host = ModelHost(model_factory)
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
            asked = [("index", db)] if isinstance(db, str) else db
            with self.host.using(settings) as model, \
                    open_searcher(asked, self._embedders,
                                  settings.search()) as searcher:
                answerer = build_answerer(searcher, model, settings)
                for event in answerer.ask(question, self.conversation, self.stop_event):
                    self._forward(event)
        except (SearchError, ModelError, PromptTooLarge, StoreError, EmbedderUnavailable) as error:
            self.failed.emit(as_sentence(message_of(error)))
        except Exception as error:
            log.exception("answering failed")
            self.failed.emit(self.tr("The question could not be answered: {reason}").format(
                reason=error))

    @Slot(str, object)
    def warm_up(self, db: str, settings: AppSettings) -> None:
        """Load what the first question needs while the user is still typing it:
        the embedder, the index's vectors and the answer model (its process, and
        on the very first run its faster copy). Anything that fails here is
        left for that question to report, in words, when it is asked."""
        try:
            warm_index(db, self._embedders)
            self.host.warm(settings)  # one lent to "Evaluate answers" is loaded already
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
            self.host.record_speed(event.answer)  # before anyone hears it is done
            self.finished.emit(event.answer)

    @Slot()
    def shut_down(self) -> None:
        self.host.close()
