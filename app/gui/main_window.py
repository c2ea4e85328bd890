"""The main window: library | conversation | sources and viewer.

The window only arranges widgets and relays signals. What the user has open
(the handbooks, which are asked, who writes which index, the saved
conversation, the answer model) is the application layer's (app/workspace);
indexing and answering run in their workers (app/gui/workers.py); menus,
the scope menu, the status bar's indexing line and opening sources in the
viewer have modules of their own beside this one.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (QApplication, QFileDialog, QHBoxLayout, QLineEdit, QMainWindow,
                               QMenu, QMessageBox, QPushButton, QSplitter, QTabWidget,
                               QToolButton, QVBoxLayout, QWidget)

from app import __version__
from app.common.bundled import SAMPLE_HANDBOOK
from app.gui.conversation import ConversationView
from app.gui.conversation_list import ConversationList
from app.gui.folder_lock import QtFolderLock
from app.gui.folder_watcher import FolderWatcher
from app.gui.index_status import IndexStatus
from app.gui.library import LibraryPanel
from app.gui.locale_format import number
from app.gui.main_menus import build_menus
from app.gui.message_bar import MessageBar
from app.gui.safe_text import plain_label
from app.gui.scope_menu import fill_scope_menu
from app.gui.source_opener import SourceOpener
from app.gui.sources_panel import SourcesPanel
from app.gui.words import as_sentence, citation, worded
from app.gui.workers import AnswerWorker, IndexWorker, start_in_thread
from app.store import recovery
from app.store.backends import Location, ServerLocation
from app.workspace.answering import evaluation_answerer
from app.workspace.embedders import EmbedderCache
from app.workspace.handbooks import Handbooks
from app.workspace.reading import IndexReader
from app.workspace.saved import SavedConversation, open_conversations
from app.workspace.settings import AppSettings
from app.workspace.turns import conversation_markdown, copy_text
from app.workspace.writers import Writers

log = logging.getLogger(__name__)
TOKEN_FLUSH_MS = 50
SCOPE_WIDTH = 170  # px for "Asking <handbook>": about what 18 characters took in English


class MainWindow(QMainWindow):
    startIndexing = Signal(str, str, object)   # folder, db, settings → IndexWorker.run
    startRefreshing = Signal(str, str, object)  # another handbook asked: its own IndexWorker
    startAsking = Signal(str, object, object)  # question, db or [(label, db)], settings → ask
    startWarmUp = Signal(str, object)          # db, settings → AnswerWorker.warm_up
    indexingDone = Signal(object)              # for tests and the status line

    def __init__(self, folder: Path | None = None, model_factory=None,
                 settings: QSettings | None = None):
        super().__init__()
        self.qsettings = settings or QSettings("HandbookQA", "handbook-qa")
        self.settings = AppSettings.from_json(self.qsettings.value("settings", ""))
        self.handbooks = Handbooks(self.qsettings)
        self.writers = Writers(QtFolderLock)
        self.folder: Path | None = None
        self.report = None
        self.pending_reindex = False
        self.current_turn = None
        self.read_only = False      # another app owns this folder's index
        self.also_asked: list[str] = []  # other handbooks' folders asked with this one
        self._token_buffer: list[str] = []
        self.model_factory = model_factory  # the same model again when the language changes
        self.pending_language: str | None = None  # applied when the answer being written ends
        self._embedders = EmbedderCache()
        self.reader = IndexReader(lambda: self.db, self._tell)
        store, saved_failure = open_conversations()
        self.saved = SavedConversation(store, self._tell)
        self._build_ui()
        self._start_workers(model_factory)
        self._restore_layout()
        self.setAcceptDrops(True)
        self.open_folder(folder or self.handbooks.last_opened() or SAMPLE_HANDBOOK)
        if saved_failure:
            self._say(saved_failure)

    def _say(self, message: str) -> None:
        self.messages.show_message(worded(message))

    def _tell(self, message) -> None:
        """A core's fragment ("the index … is damaged") as a sentence."""
        self.messages.show_message(as_sentence(message))

    @property
    def conversation_id(self) -> int | None:
        """The saved conversation on screen (None until its first question)."""
        return self.saved.id

    # -- construction -------------------------------------------------------------------
    def _build_ui(self) -> None:
        self.setWindowTitle(self.tr("Handbook QA", "window title: the app's name"))
        self.library = LibraryPanel()
        self.conversation_list = ConversationList(self.saved.store)
        self.conversation_list.openRequested.connect(self.open_saved)
        self.conversation_list.deleted.connect(self._on_conversation_deleted)
        self.conversation_list.newRequested.connect(self.new_conversation)
        self.conversation_list.failed.connect(
            self._tell)
        self.left = QTabWidget()
        self.left.addTab(self.conversation_list, self.tr("Conversations", "tab"))
        self.left.addTab(self.library, self.tr("Library", "tab: the handbook's documents"))
        self.conversation = ConversationView()
        self.conversation.appLinkClicked.connect(self._on_link)
        self.messages = MessageBar()
        self.question = QLineEdit()
        self.question.setPlaceholderText(self._one_handbook_placeholder())
        self.question.returnPressed.connect(self.ask)
        self.question.setAccessibleName(self.tr("Question", "accessible name: the question field"))
        self.scope_button = QToolButton()
        self.scope_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.scope_button.setAccessibleName(self.tr("Handbooks asked"))
        self.scope_button.setToolTip(self.tr("Which handbooks the question goes to: this one, "
                                             "several or all of those you have opened"))
        self.scope_menu = QMenu(self.scope_button)
        self.scope_menu.aboutToShow.connect(self._fill_scope_menu)
        self.scope_button.setMenu(self.scope_menu)
        self.ask_button = QPushButton(self.tr("Ask", "button: ask the question"))
        self.ask_button.clicked.connect(self.ask)
        self.stop_button = QPushButton(self.tr("Stop", "button: stop the answer being written"))
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.setEnabled(False)
        self.budget = plain_label("")
        self.budget.setStyleSheet("color: #555")
        self.sources = SourcesPanel()
        self.viewer = self._make_viewer()
        self.side = QTabWidget()
        self.side.addTab(self.sources, self.tr("Sources", "tab: the passages found"))
        self.side.addTab(self.viewer, self.tr("Viewer", "tab: the document viewer"))
        self.opener = SourceOpener(self)
        self.sources.openRequested.connect(self.opener.open_result)
        from app.gui.eval_view import EvalView
        from app.gui.health_panel import HealthPanel

        self.health = HealthPanel(self._embedders)
        self.health.openChunk.connect(self.opener.open_chunk)
        self.evaluation = EvalView(self._embedders,
                                   answerer_factory=evaluation_answerer(
                                       self._embedders,
                                       # the window's model: a large one is not loaded twice
                                       lambda settings: self.answer_worker.host.borrow(settings),
                                       lambda: self.settings),
                                   model_busy=lambda: self.current_turn is not None)
        for ended in (self.evaluation.evaluated, self.evaluation.compared,
                      self.evaluation.answered, self.evaluation.stopped):
            ended.connect(lambda *_: QTimer.singleShot(0, self._apply_pending_language))
        self.side.addTab(self.health, self.tr("Chunk health", "tab"))
        self.side.addTab(self.evaluation, self.tr("Evaluation", "tab"))
        self.setCentralWidget(self._central())
        self.indexing = IndexStatus(self.statusBar(), self.cancel_indexing, self.skip_file)
        build_menus(self)
        self._token_timer = QTimer(self)
        self._token_timer.setInterval(TOKEN_FLUSH_MS)
        self._token_timer.timeout.connect(self._flush_tokens)
        self.watcher = FolderWatcher(self)
        self.watcher.changed.connect(self.reindex)

    def _make_viewer(self):
        from app.gui.viewer import SourceViewer

        return SourceViewer()

    def _central(self) -> QWidget:
        ask_row = QHBoxLayout()
        ask_row.addWidget(self.scope_button)
        ask_row.addWidget(self.question, 1)
        ask_row.addWidget(self.ask_button)
        ask_row.addWidget(self.stop_button)
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(4, 4, 4, 4)
        middle_layout.addWidget(self.messages)
        middle_layout.addWidget(self.conversation, 1)
        middle_layout.addLayout(ask_row)
        middle_layout.addWidget(self.budget)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.left)
        self.splitter.addWidget(middle)
        self.splitter.addWidget(self.side)
        self.splitter.setSizes([300, 540, 440])  # the library: whole file names
        # Tab goes from the answers (their links first, Enter opens one) to the
        # question, Ask and Stop, then to the sources on the right.
        for before, after in ((self.conversation, self.question), (self.question, self.ask_button),
                              (self.ask_button, self.stop_button), (self.stop_button, self.side)):
            QWidget.setTabOrder(before, after)
        return self.splitter

    # -- several handbooks ----------------------------------------------------------------
    def _askable(self) -> list[str]:
        """The other handbooks that can be asked with this one: indexed, still there."""
        return self.handbooks.askable(self.folder, self.settings.profile)

    def _asked_handbooks(self) -> list:
        """(label, folder, index) of every handbook the question goes to, this one first."""
        return self.handbooks.asked(self.folder, self.also_asked, self.settings.profile,
                                    str(self.db) if self.shared else "")

    def _fill_scope_menu(self) -> None:
        fill_scope_menu(self.scope_menu, self.folder.name, self._askable(), self.also_asked,
                        self.shared, self.set_also_asked, self.forget_handbook)

    def forget_handbook(self, folder: str) -> None:
        """Off the list of handbooks (and Open recent); its documents, index
        and conversations stay, and opening it again brings it back."""
        self.handbooks.forget(folder)
        self.set_also_asked([f for f in self.also_asked if f != folder])

    def set_also_asked(self, folders: list[str]) -> None:
        added = [f for f in folders if f not in self.also_asked]
        self.also_asked = list(folders)
        self._show_scope()
        for folder in added:
            self._refresh_handbook(folder, first=True)

    def _refresh_handbook(self, folder: str, first: bool = False) -> None:
        """Index another handbook's changes since it was last open, in the
        background (incremental: seconds when nothing changed); the first
        time it is asked, questions wait for it (app/workspace/writers.py)."""
        if self.writers.refresh(folder, self.folder, first):
            self.startRefreshing.emit(folder, str(self.handbooks.index_of(
                folder, self.settings.profile)), self.settings)

    def _refresh_done(self) -> str:
        folder, handed_over = self.writers.refreshed()
        if handed_over and folder == str(self.folder):  # opened meanwhile: its own indexing now
            self._lock_folder()
            self.reindex()
        return folder

    def _on_refreshed(self, report) -> None:
        folder = self._refresh_done()
        changed = report.count("indexed") + report.count("removed")
        if changed:
            text = self.tr("{handbook}: %n file(s) brought up to date", "", changed)
        else:
            text = self.tr("{handbook}: up to date")
        self.statusBar().showMessage(text.format(handbook=Path(folder).name), 8000)

    def _on_refresh_failed(self, message: str) -> None:
        folder = self._refresh_done()
        self._say(self.tr("{handbook} could not be brought up to date: {reason} It is asked as "
                          "it was last indexed.").format(handbook=Path(folder).name,
                                                         reason=message))

    def _show_scope(self) -> None:
        asked = self._asked_handbooks() if self.folder is not None else []
        if len(asked) > 1:
            # (always two or more here, hence the English plural in the source text)
            self.scope_button.setText(self.tr("Asking %n handbooks", "", len(asked)))
            names = ", ".join(label for label, _, _ in asked)
            self.question.setPlaceholderText(
                self.tr("Ask {handbooks}", "placeholder: the handbooks asked, by name")
                .format(handbooks=names))
        else:
            name = self.folder.name if self.folder else ""
            self.scope_button.setText(self._within(SCOPE_WIDTH, self.tr("Asking {handbook}"),
                                                   name))
            self.question.setPlaceholderText(self._one_handbook_placeholder())

    def _within(self, width: int, template: str, name: str) -> str:
        """`template` filled with `name`, the name shortened with "…" until the
        text fits `width` pixels: the question field keeps its room in every
        language (the full name is in the scope menu)."""
        metrics = self.scope_button.fontMetrics()
        room = width - metrics.horizontalAdvance(template.format(handbook=""))
        return template.format(handbook=metrics.elidedText(
            name, Qt.TextElideMode.ElideRight, max(room, metrics.averageCharWidth() * 4)))

    def _one_handbook_placeholder(self) -> str:
        return self.tr("Ask a question about the handbook, e.g. How many days of annual leave "
                       "do I get?")

    def _start_workers(self, model_factory) -> None:
        self.index_worker = IndexWorker(self._embedders)
        self.index_thread = start_in_thread(self.index_worker, "indexing")
        self.startIndexing.connect(self.index_worker.run)
        self.index_worker.progress.connect(self._on_progress)  # a method: queued to this thread
        self.index_worker.finished.connect(self._on_indexed)
        self.index_worker.failed.connect(self._on_index_failed)
        # The other handbooks asked with this one are brought up to date by an
        # indexer of their own, so their reports never pass for this folder's.
        self.refresh_worker = IndexWorker(self._embedders)
        self.refresh_thread = start_in_thread(self.refresh_worker, "indexing other handbooks")
        self.startRefreshing.connect(self.refresh_worker.run)
        self.refresh_worker.finished.connect(self._on_refreshed)
        self.refresh_worker.failed.connect(self._on_refresh_failed)
        self.answer_worker = AnswerWorker(self._embedders, model_factory)
        self.answer_thread = start_in_thread(self.answer_worker, "answering")
        self.startAsking.connect(self.answer_worker.ask)
        self.startWarmUp.connect(self.answer_worker.warm_up)
        self.answer_worker.status.connect(self._on_status)
        self.answer_worker.retrieved.connect(self._on_retrieved)
        self.answer_worker.evidence.connect(self._on_evidence)
        self.answer_worker.token.connect(self._token_buffer.append)
        self.answer_worker.finished.connect(self._on_answer)
        self.answer_worker.failed.connect(self._on_answer_failed)

    # -- folders and indexing ---------------------------------------------------------
    @property
    def db(self) -> Location:
        """The folder's own index file, or the team's shared index (Settings)."""
        if self.settings.shared_index:
            return ServerLocation(self.settings.shared_index)
        return self.handbooks.index_of(self.folder, self.settings.profile)

    @property
    def shared(self) -> bool:
        return isinstance(self.db, ServerLocation)

    def choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, self.tr("Open a handbook folder"),
                                                  str(self.folder or Path.home()))
        if chosen:
            self.open_folder(Path(chosen))

    def open_folder(self, folder: Path, released: bool = False) -> None:
        folder = Path(folder).resolve()
        if not folder.is_dir():
            self._say(self.tr("{folder} is not a folder that can be opened.").format(
                folder=folder))
            return
        if self.current_turn is not None:
            self._say(self.tr("Wait for the answer being written (or Stop it) before opening "
                              "another folder."))
            return
        if self.writers.open_folder(folder):
            self.refresh_worker.cancel()  # it lets go, then the window indexes the folder
        if not released:
            self._release_folder()
        self.folder = folder
        self.report = None  # this folder's first indexing in this window has not ended
        self.handbooks.remember(folder)
        if self.shared:
            title = self.tr("Handbook QA — {handbook} · shared index {index}").format(
                handbook=folder.name, index=self.db.display)
        else:
            title = self.tr("Handbook QA — {handbook}").format(handbook=folder.name)
        self.setWindowTitle(title)
        if self._lock_folder():
            self._check_after_unclean_shutdown()
        self.watcher.watch(folder)
        self.also_asked = [f for f in self.also_asked if f != str(folder)]
        self._show_scope()
        self.conversation.show_examples(folder == Path(SAMPLE_HANDBOOK).resolve())
        self.new_conversation()
        self.conversation_list.show_folder(str(folder))
        self.left.setCurrentWidget(self.conversation_list if self.conversation_list.list.count()
                                   else self.library)
        self._refresh_library()
        self.reindex()

    def _lock_folder(self) -> bool:
        """One writer per folder: a second app on the same folder searches and
        answers, but never indexes (app/workspace/writers.py). On a shared
        index only its maintainer indexes, and the server's own lock keeps it
        to one writer; its files are the server's to check."""
        if self.shared:
            self.read_only = not self.settings.maintain_shared
            return False
        owner = self.writers.lock_open(self.folder)
        self.read_only = owner is not None
        if owner:  # 0: this app's own refresh, which hands the folder over when done
            self._say(self.tr("This folder is open in another Handbook QA window (process "
                              "{process}). This window can search and answer, but it will not "
                              "index until the other one is closed.").format(process=owner))
        return not self.read_only

    def _release_folder(self) -> None:
        self.reader.close()
        if self.folder is not None and not self.read_only and not self.shared:
            recovery.mark_closed(self.db)
        self.writers.release_open()

    def _check_after_unclean_shutdown(self) -> None:
        """If the app was killed last time, check the index and offer a rebuild."""
        if not recovery.mark_open(self.db):
            return
        problems = recovery.quick_check(self.db)
        if not problems:
            return
        answer = QMessageBox.question(
            self, self.tr("The index needs a rebuild"),
            self.tr("Handbook QA was not closed properly last time, and the index of this folder "
                    "is damaged ({problems}).\n\nRebuild it from your documents now? Your "
                    "documents are not touched; only the index is rebuilt.").format(
                problems="; ".join(worded(problem) for problem in problems)[:300]),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            recovery.remove_index(self.db)
            recovery.mark_open(self.db)
        else:
            self._say(self.tr("The index may be damaged: search results can be wrong. Use "
                              "File › Re-index after a rebuild if they are."))

    def reindex(self) -> None:
        if self.folder is None or self.read_only:
            return
        if self.index_worker.busy:
            self.pending_reindex = True
            return
        self.index_worker.busy = True  # set now: the worker starts a moment later
        self.indexing.show(True, self.tr("Indexing: scanning the folder…"))
        self.startIndexing.emit(str(self.folder), str(self.db), self.settings)

    def cancel_indexing(self) -> None:
        self.index_worker.cancel()
        self.indexing.label.setText(self.tr("Cancelling…"))

    def skip_file(self) -> None:
        self.index_worker.skip_file()  # thread-safe: an event the indexer checks per batch

    def _on_progress(self, progress) -> None:
        self.indexing.update(progress)

    def _on_indexed(self, report) -> None:
        self.report = report
        self.indexing.show(False)
        unchanged = {f.path for f in report.files if f.status == "unchanged"}
        self._refresh_library(unchanged)
        self.watcher.watch(self.folder)  # new files and folders are watched from now on
        summary = self.tr("{indexed} indexed, {unchanged} unchanged, {removed} removed, "
                          "{failed} failed · {chunks} chunks, {over} over the window").format(
            indexed=number(report.count("indexed")), unchanged=number(report.count("unchanged")),
            removed=number(report.count("removed")), failed=number(report.count("failed")),
            chunks=number(report.chunks), over=number(report.over_window))
        if report.cancelled:
            summary = self.tr("Indexing cancelled; what was done is kept. {summary}").format(
                summary=summary)
        self.statusBar().showMessage(summary, 15000)
        if report.failed:
            failed = len(report.failed)
            names = ", ".join(f.path for f in report.failed[:3])
            if failed > 3:
                text = self.tr("%n file(s) could not be indexed: {names} and {more} more. The "
                               "library on the left says why; everything else is searchable.",
                               "", failed).format(names=names, more=number(failed - 3))
            else:
                text = self.tr("%n file(s) could not be indexed: {names}. The library on the "
                               "left says why; everything else is searchable.",
                               "", failed).format(names=names)
            self._say(text)
        self.health.refresh(self.db, self.folder)
        self.evaluation.refresh(self.db, self.folder)
        # The first answer would otherwise wait for the model's process to
        # start and load it (0.3 s here; a second more on the very first run,
        # when the faster copy of the default model is made: ~1 s for SmolLM2,
        # ~5 s for Qwen 0.5B).
        self.startWarmUp.emit(str(self.db), self.settings)
        self.indexingDone.emit(report)
        if self.pending_reindex:
            self.pending_reindex = False
            self.reindex()

    def _on_index_failed(self, message: str) -> None:
        self.indexing.show(False)
        self._say(message)
        self.indexingDone.emit(None)

    def _refresh_library(self, unchanged: set[str] = frozenset()) -> None:
        if self.folder is None or not self.db.exists():
            self.library.show_documents([])
            return
        self.library.show_documents(self.reader.read(lambda store: store.documents(), []),
                                    unchanged)

    # -- asking ---------------------------------------------------------------------------
    def ask(self, question: str | None = None) -> None:
        question = (question if isinstance(question, str) else self.question.text()).strip()
        if not question or self.current_turn is not None:
            return
        if not self.db.exists() or (self.index_worker.busy and self.report is None and not
                                    self.reader.read(lambda store: store.chunk_count(), 0)):
            # (the file is made at once; its first chunks come with the first files)
            self._say(self.tr("The folder is still being indexed for the first time; ask again "
                              "in a moment."))
            return
        if self.evaluation.answers_running:
            self._say(self.tr("The answer model is busy with \"Evaluate answers\" (Evaluation "
                              "tab): ask when it has finished, or cancel it there."))
            return
        asked = self._asked_handbooks()
        waiting = self.writers.waiting_for([folder for _, folder, _ in asked[1:]])
        updating = [label for label, folder, _ in asked[1:] if folder in waiting]
        if updating:
            self._say(self.tr("Bringing {handbooks} up to date (its files changed since it was "
                              "last open); ask again in a moment.").format(
                handbooks=", ".join(updating)))
            return
        self.question.clear()
        self.messages.hide()
        self.current_turn = self.conversation.add_turn(question)
        self.current_turn.handbooks = asked if len(asked) > 1 else []
        self.opener.shown_turn = self.current_turn
        if self.saved.save_new(str(self.folder), self.current_turn):
            self.conversation_list.mark_current(self.saved.id)
        self.ask_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.stop_action.setEnabled(True)
        self._token_timer.start()
        self.answer_worker.stop_event.clear()  # before the question is queued: a Stop after counts
        self.startAsking.emit(question, [(label, location) for label, _, location in asked]
                              if len(asked) > 1 else str(self.db), self.settings)

    def stop(self) -> None:
        self.answer_worker.stop()
        if self.current_turn is not None and self.current_turn.state == "reading":
            # the model stops between two parts of the prompt (app/llm/local.py: _read)
            self.current_turn.status = self.tr("Stopping: the model stops at the end of the part "
                                               "it is reading.")
            self.conversation.render()

    def _on_status(self, stage: str, message: str) -> None:
        if self.current_turn is None:
            return
        self.current_turn.state = stage
        self.current_turn.status = worded(message)  # "reading 3 passages (240 tokens)… 40 %"
        self.conversation.render()

    def _on_retrieved(self, results: list) -> None:
        if self.current_turn is not None:
            self.current_turn.results = results
        self.sources.show_results(results)
        self.side.setCurrentWidget(self.sources)

    def _on_evidence(self, evidence: list) -> None:
        if self.current_turn is None:
            return
        self.current_turn.take_evidence(evidence)
        self.saved.save(self.current_turn)
        self.sources.show_evidence(evidence)
        self.conversation.render()

    def _flush_tokens(self) -> None:
        if self._token_buffer and self.current_turn is not None:
            self.current_turn.answer += "".join(self._token_buffer)
            self._token_buffer.clear()
            self.conversation.render()

    def _on_answer(self, answer) -> None:
        self._flush_tokens()
        turn = self._finish_turn()
        if turn is None:
            return
        turn.finish(answer)
        turn.budget = worded(turn.budget)  # saved as the window wrote it
        self.saved.save(turn)
        for _, folder, _ in turn.handbooks[1:]:  # the next question reads them as they are now
            self._refresh_handbook(folder)
        self.budget.setText(turn.budget)
        note = self.tr("Closest passages (not relevant enough to answer)") if answer.refused \
            else ""
        self.sources.show_results(turn.results, turn.cited_numbers(), note)
        self.sources.show_evidence(turn.evidence)
        self.conversation.render()

    def _on_answer_failed(self, message: str) -> None:
        self._flush_tokens()
        turn = self._finish_turn()
        if turn is None:
            return
        turn.state = "error"
        turn.error = self.tr("{reason} The sources found for the question are listed on the "
                             "right.").format(reason=message) if turn.results else message
        self.saved.save(turn)
        self.conversation.render()

    def _finish_turn(self):
        turn, self.current_turn = self.current_turn, None
        if self.pending_language is not None:  # after this answer is shown and saved
            QTimer.singleShot(0, self._apply_pending_language)
        self.evaluation.model_free()
        self._token_timer.stop()
        self.ask_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.stop_action.setEnabled(False)
        return turn

    def new_conversation(self) -> None:
        if self.current_turn is not None:
            return
        self.saved.start_new()
        self.conversation_list.mark_current(None)
        self.conversation.clear_turns()
        self.sources.show_results([])
        self.budget.setText("")
        self.answer_worker.new_conversation()  # direct call: no question is running now
        self.question.setFocus()

    # -- saved conversations --------------------------------------------------------------
    def open_saved(self, conversation_id: int) -> None:
        """A saved conversation as it was shown; new questions go on in it."""
        if self.current_turn is not None:
            self._say(self.tr("Wait for the answer being written (or Stop it) before opening "
                              "another conversation."))
            self.conversation_list.mark_current(self.saved.id)
            return
        turns = self.saved.reopen(conversation_id, self.reader)
        self.conversation_list.mark_current(conversation_id)
        self.answer_worker.resume_conversation(  # direct call: no question is running now
            [(t.question, t.answer) for t in turns
             if t.state in ("done", "stopped") and t.answer and not t.refused])
        self.conversation.show_turns(turns)
        last = turns[-1] if turns else None
        self.opener.shown_turn = last
        self.sources.show_results(last.results if last else [])
        if last is not None:
            self.sources.show_evidence(last.evidence)
        self.budget.setText(last.budget if last else "")

    def _on_conversation_deleted(self, conversation_id: int) -> None:
        if conversation_id != self.saved.id:
            return
        if self.current_turn is None:
            self.new_conversation()
        else:  # deleted while its answer is written: that answer is not saved
            self.saved.forget_deleted(self.conversation.turns)

    def export_conversation(self) -> None:
        turns = self.conversation.turns
        if not turns:
            self._say(self.tr("There is no conversation to export yet: ask a question first."))
            return
        title = self.saved.title(turns)
        safe = "".join(c if c.isalnum() or c in " -_" else "-" for c in title)[:60].strip()
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the conversation as "
                                                            "Markdown"),
                                              str(Path.home() / f"{safe or 'conversation'}.md"),
                                              "Markdown (*.md)")
        if not path:
            return
        try:
            Path(path).write_text(conversation_markdown(title, turns, worded, citation), encoding="utf-8")
        except OSError as error:
            self._say(self.tr("The conversation could not be written to {path}: {reason}.")
                      .format(path=path, reason=error.strerror or error))
            return
        self.statusBar().showMessage(self.tr("Conversation exported to {path}").format(path=path),
                                     5000)

    # -- links in the answers -------------------------------------------------------------
    def _on_link(self, path: str) -> None:
        parts = path.split("/")
        numbers = [int(p) for p in parts[1:] if p.isdigit()]
        if len(numbers) != len(parts) - 1:
            return
        if parts[0] == "ask" and len(numbers) == 1:
            examples = self.conversation.examples
            if numbers[0] < len(examples):
                self.ask(examples[numbers[0]])
        elif parts[0] == "cite" and len(numbers) == 2:
            self.opener.open_citation(*numbers)
        elif parts[0] == "quote" and len(numbers) == 2:
            self.opener.open_quote(*numbers)
        elif parts[0] == "earlier":
            self.conversation.show_earlier()
        elif parts[0] in ("more", "copy", "copymd") and len(numbers) == 1:
            self.turn_action(parts[0], numbers[0])

    def turn_action(self, action: str, turn_index: int) -> None:
        if not 0 <= turn_index < len(self.conversation.turns):
            return
        turn = self.conversation.turns[turn_index]
        if action == "more":
            turn.more_shown = not turn.more_shown
            self.conversation.render()
        else:
            QApplication.clipboard().setText(copy_text(turn, markdown=action == "copymd",
                                                       word=worded, cite=citation))
            self.statusBar().showMessage(self.tr("Answer copied"), 3000)

    def open_chunk(self, chunk_id: int) -> None:
        self.opener.open_chunk(chunk_id)

    # -- settings, about, layout ------------------------------------------------------------
    def edit_settings(self) -> None:
        from app.gui.settings_dialog import SettingsDialog

        embedder = self._embedders(AppSettings())
        fields = self._metadata_fields()
        changed = SettingsDialog.edit(self.settings, embedder.window, fields, self)
        if changed is None:
            return
        reindex = changed.reindex_needed(self.settings)
        moved = (changed.shared_index, changed.maintain_shared) != \
            (self.settings.shared_index, self.settings.maintain_shared)
        if moved and self.folder is not None:
            self._release_folder()  # the index it had, before `db` names another
        language = changed.language != self.settings.language
        self.settings = changed
        self.qsettings.setValue("settings", changed.to_json())
        if language:  # the rest applied first: a deferred switch must not hold it back
            QTimer.singleShot(0, lambda: self.change_language(changed.language))
        if moved and self.folder is not None:  # another index: open the folder against it
            self.open_folder(self.folder, released=True)
        elif reindex:
            self.new_conversation()
            self._refresh_library()
            self.reindex()  # warms up again when done
        elif self.db.exists():
            self.startWarmUp.emit(str(self.db), self.settings)  # maybe another model

    def change_language(self, choice: str) -> None:
        """The window in another language, with what is on screen kept
        (app/gui/language_switch.py). An answer being written, or an
        evaluation running, ends first; so does any dialog open meanwhile."""
        self.pending_language = choice
        if self.current_turn is not None:
            self._say(self.tr("The window will change language when the answer being written "
                              "is finished."))
        elif self.evaluation.busy:
            self._say(self.tr("The window will change language when the evaluation is "
                              "finished."))
        else:
            self._apply_pending_language()

    def _apply_pending_language(self) -> None:
        if self.pending_language is None or self.current_turn is not None or \
                self.evaluation.busy:
            return
        if QApplication.activeModalWidget() or QApplication.activePopupWidget():
            QTimer.singleShot(500, self._apply_pending_language)  # never under a dialog
            return
        from app.gui.language_switch import switch_language

        choice, self.pending_language = self.pending_language, None
        switch_language(self, choice)

    def _metadata_fields(self) -> list[str]:
        if not self.db.exists():
            return []
        names = set()
        for row in self.reader.read(lambda store: store.documents(), []):
            names.update(json.loads(row["metadata"] or "{}"))
        return sorted(names)

    def about(self) -> None:
        from app.common.about import about_lines

        box = QMessageBox(self)
        box.setWindowTitle(self.tr("About Handbook QA"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText("\n".join(worded(line) for line in about_lines()))
        box.exec()

    def _restore_layout(self) -> None:
        geometry = self.qsettings.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 800)
        state = self.qsettings.value("state")
        if state is not None:
            self.restoreState(state)
        sizes = self.qsettings.value("splitter")
        if sizes is not None:
            self.splitter.restoreState(sizes)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.current_turn is not None:  # what was shown of the answer is kept
            self._flush_tokens()
            self.saved.save(self.current_turn)
        self.qsettings.setValue("geometry", self.saveGeometry())
        self.qsettings.setValue("state", self.saveState())
        self.qsettings.setValue("splitter", self.splitter.saveState())
        self.index_worker.cancel()
        self.answer_worker.stop()
        # "Evaluate answers" may hold the window's model: cancelled first, so
        # that the model ending under it stops the run instead of a fresh
        # model process being started for its next case.
        self.evaluation.cancel()
        self.answer_worker.shut_down()  # ends the model's child process
        self.evaluation.shutdown()
        self.refresh_worker.cancel()
        for thread in (self.index_thread, self.answer_thread, self.refresh_thread):
            thread.quit()
            thread.wait(5000)
        self._release_folder()
        self.saved.store.close()
        super().closeEvent(event)

    # -- drag and drop ------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self._dropped_folder(event) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt's name
        folder = self._dropped_folder(event)
        if folder is not None:
            event.acceptProposedAction()
            self.open_folder(folder)

    @staticmethod
    def _dropped_folder(event) -> Path | None:
        urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
        local = [Path(u.toLocalFile()) for u in urls if u.isLocalFile()]
        return next((p for p in local if p.is_dir()), None)


def open_in_system_viewer(path: Path) -> None:
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


__all__ = ["MainWindow", "open_in_system_viewer", "__version__"]
