"""The main window: library | conversation | sources and viewer.

The window only arranges widgets and relays signals: indexing and answering
run in their workers (app/gui/workers.py), the core does the work.
"""
from __future__ import annotations

import contextlib
import json
import logging
import time
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (QFileDialog, QFrame, QHBoxLayout, QLineEdit, QMainWindow,
                               QMenu, QMessageBox, QProgressBar, QPushButton, QSplitter, QTabWidget,
                               QToolButton, QVBoxLayout, QWidget)

from app import __version__
from app.answers.checks import quote_check
from app.common import paths
from app.common.bundled import SAMPLE_HANDBOOK
from app.embedding.embedder import Embedder
from app.gui.conversation import ConversationView
from app.gui.conversation_list import ConversationList
from app.gui.library import LibraryPanel
from app.gui.safe_text import plain_label
from app.gui.settings import AppSettings
from app.gui.sources_panel import SourcesPanel
from app.gui.workers import AnswerWorker, IndexWorker, evaluation_answerer, start_in_thread
from app.ingest.scan import file_path
from app.store import recovery
from app.store.contract import StoreError
from app.store.conversations import ConversationStore, default_path
from app.store.backends import (Location, ServerLocation, open_store, parse_location,
                                storage_failure, timed_out)

log = logging.getLogger(__name__)
TOKEN_FLUSH_MS = 50
WATCH_DEBOUNCE_MS = 1500
RECENT_FOLDERS = 8


class EmbedderCache:
    """One embedder per window override, shared by both workers (ONNX Runtime
    sessions and tokenizers are safe to use from several threads)."""

    def __init__(self):
        import threading

        self._embedders: dict[int, Embedder] = {}
        self._lock = threading.Lock()  # three workers ask: one embedder made, not three

    def __call__(self, settings: AppSettings) -> Embedder:
        key = settings.window_override
        with self._lock:
            if key not in self._embedders:
                self._embedders[key] = Embedder(window=key or None)
            return self._embedders[key]


class MessageBar(QFrame):
    """A dismissable line for errors in words, above the conversation."""

    def __init__(self, parent=None):
        super().__init__(parent)
        # dark text on its own light red, whatever the system's palette
        self.setStyleSheet("MessageBar { background: #fde7e9; border: 1px solid #e8a0a6; } "
                           "MessageBar QLabel, MessageBar QToolButton { color: #3b0a0e; }")
        self.label = plain_label()
        self.label.setWordWrap(True)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setAccessibleName("Dismiss the message")
        close.setToolTip("Dismiss the message")
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self.hide()

    def show_message(self, text: str) -> None:
        self.label.setText(text)
        self.show()


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
        self.folder: Path | None = None
        self.report = None
        self.pending_reindex = False
        self.current_turn = None
        self.read_only = False      # another app owns this folder's index
        self._lock = None
        self._reader = None         # (location, store): see _shared_reader
        self._token_buffer: list[str] = []
        self._embedders = EmbedderCache()
        self.conversation_id: int | None = None   # the saved conversation on screen
        self._shown_turn = None                    # the turn whose sources the panel shows
        self._saved_failure = ""
        self.saved = self._open_saved_conversations()
        self._build_ui()
        self._start_workers(model_factory)
        self._restore_layout()
        self.setAcceptDrops(True)
        self.open_folder(folder or self._initial_folder())
        if self._saved_failure:
            self.messages.show_message(self._saved_failure)

    # -- construction -------------------------------------------------------------------
    def _build_ui(self) -> None:
        self.setWindowTitle("Handbook QA")
        self.library = LibraryPanel()
        self.conversation_list = ConversationList(self.saved)
        self.conversation_list.openRequested.connect(self.open_saved)
        self.conversation_list.deleted.connect(self._on_conversation_deleted)
        self.conversation_list.newRequested.connect(self.new_conversation)
        self.conversation_list.failed.connect(self._saving_failed)
        self.left = QTabWidget()
        self.left.addTab(self.conversation_list, "Conversations")
        self.left.addTab(self.library, "Library")
        self.conversation = ConversationView()
        self.conversation.appLinkClicked.connect(self._on_link)
        self.messages = MessageBar()
        self.question = QLineEdit()
        self.question.setPlaceholderText(
            "Ask a question about the handbook, e.g. How many days of annual leave do I get?")
        self.question.returnPressed.connect(self.ask)
        self.question.setAccessibleName("Question")
        self.scope_button = QToolButton()
        self.scope_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.scope_button.setAccessibleName("Handbooks asked")
        self.scope_button.setToolTip("Which handbooks the question goes to: this one, several "
                                     "or all of those you have opened")
        self.scope_menu = QMenu(self.scope_button)
        self.scope_menu.aboutToShow.connect(self._fill_scope_menu)
        self.scope_button.setMenu(self.scope_menu)
        self.also_asked: list[str] = []  # other handbooks' folders asked with this one
        self.ask_button = QPushButton("Ask")
        self.ask_button.clicked.connect(self.ask)
        self.stop_button = QPushButton("Stop")
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.setEnabled(False)
        self.budget = plain_label("")
        self.budget.setStyleSheet("color: #555")
        self.sources = SourcesPanel()
        self.sources.openRequested.connect(self.open_in_viewer)
        self.viewer = self._make_viewer()
        self.side = QTabWidget()
        self.side.addTab(self.sources, "Sources")
        self.side.addTab(self.viewer, "Viewer")
        from app.gui.eval_view import EvalView
        from app.gui.health_panel import HealthPanel

        self.health = HealthPanel(self._embedders(AppSettings()))
        self.health.openChunk.connect(self.open_chunk)
        self.evaluation = EvalView(lambda: self._embedders(self.settings),
                                   answerer_factory=evaluation_answerer(
                                       self._embedders,
                                       # the window's model: a large one is not loaded twice
                                       lambda settings: self.answer_worker.borrow_model(settings),
                                       lambda: self.settings),
                                   model_busy=lambda: self.current_turn is not None)
        self.side.addTab(self.health, "Chunk health")
        self.side.addTab(self.evaluation, "Evaluation")
        self.setCentralWidget(self._central())
        self._build_status_bar()
        self._build_menus()
        self._token_timer = QTimer(self)
        self._token_timer.setInterval(TOKEN_FLUSH_MS)
        self._token_timer.timeout.connect(self._flush_tokens)
        self._watch_timer = QTimer(self)
        self._watch_timer.setSingleShot(True)
        self._watch_timer.setInterval(WATCH_DEBOUNCE_MS)
        self._watch_timer.timeout.connect(self.reindex)
        from PySide6.QtCore import QFileSystemWatcher

        self.watcher = QFileSystemWatcher(self)
        self.watcher.directoryChanged.connect(lambda _: self._watch_timer.start())
        self.watcher.fileChanged.connect(lambda _: self._watch_timer.start())

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

    def _build_status_bar(self) -> None:
        self.progress_label = plain_label("")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel_indexing)
        self.skip_button = QPushButton("Skip file")
        self.skip_button.setToolTip("Leave the file being indexed and go on with the others "
                                    "(it is tried again at the next run)")
        self.skip_button.clicked.connect(self.skip_file)
        bar = self.statusBar()
        bar.addWidget(self.progress_label, 1)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.skip_button)
        bar.addPermanentWidget(self.cancel_button)
        self._show_progress(False)

    def _build_menus(self) -> None:
        """Every command is in a menu, every menu and item has its mnemonic
        (Alt+letter), and the frequent ones a shortcut of their own
        (tests/gui/test_keyboard.py walks them)."""
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = self._action(file_menu, "&Open folder…", self.choose_folder, "Ctrl+O")
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._action(file_menu, "Open &sample handbook",
                     lambda: self.open_folder(SAMPLE_HANDBOOK))
        self._action(file_menu, "Re-&index", self.reindex, "F5")
        file_menu.addSeparator()
        self._action(file_menu, "&Export conversation as Markdown…", self.export_conversation,
                     "Ctrl+Shift+E")
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, "Ctrl+Q")
        edit_menu = self.menuBar().addMenu("&Edit")
        self._action(edit_menu, "&Copy answer", self.copy_last_answer, "Ctrl+Shift+C")
        edit_menu.addSeparator()
        self._action(edit_menu, "&Find in library", self.find_in_library, "Ctrl+F")
        self._action(edit_menu, "Search c&onversations", self.search_conversations,
                     "Ctrl+Shift+F")
        edit_menu.addSeparator()
        self._action(edit_menu, "&Settings…", self.edit_settings, "Ctrl+,")
        ask_menu = self.menuBar().addMenu("&Conversation")
        self.ask_action = self._action(ask_menu, "&Ask", self.ask, "Ctrl+Return")
        self.stop_action = self._action(ask_menu, "&Stop answering", self.stop, "Esc")
        self.stop_action.setEnabled(False)
        ask_menu.addSeparator()
        self._action(ask_menu, "&New conversation", self.new_conversation, "Ctrl+N")
        self._action(ask_menu, "&Type a question", self.focus_question, "Ctrl+L")
        self._action(ask_menu, "&Rename conversation", self._rename_conversation, "F2")
        self._action(ask_menu, "&Delete conversation", self._delete_conversation,
                     "Ctrl+Shift+Backspace")
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&About Handbook QA", self.about)
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        toolbar.addAction(self.open_action)
        toolbar.addAction("Settings", self.edit_settings)

    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda checked=False: slot())
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            # the window's shortcuts work from any of its widgets
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        return action

    # -- keyboard -----------------------------------------------------------------------------
    def focus_question(self) -> None:
        self.question.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.question.selectAll()

    def find_in_library(self) -> None:
        self.left.setCurrentWidget(self.library)
        self.library.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.library.filter.selectAll()

    def search_conversations(self) -> None:
        self.left.setCurrentWidget(self.conversation_list)
        self.conversation_list.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.conversation_list.search.selectAll()

    def copy_last_answer(self) -> None:
        finished = [i for i, t in enumerate(self.conversation.turns)
                    if t.state in ("done", "stopped", "interrupted")]
        if finished:
            self._turn_action("copy", finished[-1])

    def _rename_conversation(self) -> None:
        self.left.setCurrentWidget(self.conversation_list)
        self.conversation_list.rename_selected()

    def _delete_conversation(self) -> None:
        self.left.setCurrentWidget(self.conversation_list)
        self.conversation_list.delete_selected()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        folders = self._recent_folders()
        for number, folder in enumerate(folders, start=1):
            action = self.recent_menu.addAction(f"{_key(number)} {folder}")
            action.triggered.connect(lambda checked=False, f=folder: self.open_folder(Path(f)))
        if not folders:
            self.recent_menu.addAction("No recent folders").setEnabled(False)

    def _recent_folders(self) -> list[str]:
        saved = self.qsettings.value("recent_folders", [])
        saved = [saved] if isinstance(saved, str) else list(saved or [])
        return [f for f in saved if Path(f).is_dir()][:RECENT_FOLDERS]

    def _remember_folder(self, folder: Path) -> None:
        folders = [str(folder)] + [f for f in self._recent_folders() if f != str(folder)]
        self.qsettings.setValue("recent_folders", folders[:RECENT_FOLDERS])
        known = self._handbooks()
        if str(folder) not in known:
            self.qsettings.setValue("handbooks", known + [str(folder)])

    # -- several handbooks ----------------------------------------------------------------
    def _handbooks(self) -> list[str]:
        """Every folder opened in the app (the library of handbooks), oldest first."""
        saved = self.qsettings.value("handbooks", [])
        return [saved] if isinstance(saved, str) else list(saved or [])

    def _index_of(self, folder: str) -> Path:
        """The index this window keeps of a handbook folder (its profile)."""
        return paths.index_for(Path(folder), self.settings.profile)

    def _askable(self) -> list[str]:
        """The other handbooks that can be asked with this one: indexed, still there."""
        return [f for f in self._handbooks() if f != str(self.folder) and Path(f).is_dir()
                and self._index_of(f).exists()]

    def _asked_handbooks(self) -> list[tuple[str, str, str]]:
        """(label, folder, index) of every handbook the question goes to, this one first."""
        from app.search.several import labels

        if self.shared:
            return [(self.folder.name, str(self.folder), str(self.db))]
        folders = [str(self.folder)] + [f for f in self.also_asked if f in self._askable()]
        names = labels(folders)
        return [(name, folder, str(self._index_of(folder)))
                for name, folder in zip(names, folders)]

    def _fill_scope_menu(self) -> None:
        menu = self.scope_menu
        menu.clear()
        others = self._askable()
        this = menu.addAction(f"&This handbook only ({self.folder.name})")
        this.setCheckable(True)
        this.setChecked(not self.also_asked)
        this.triggered.connect(lambda checked=False: self._set_also_asked([]))
        if self.shared:
            menu.addAction("Several handbooks are asked from their own indexes, not from a "
                           "shared index").setEnabled(False)
            return
        if not others:
            menu.addAction("Open other folders (File › Open folder) to ask them with this "
                           "one").setEnabled(False)
            return
        every = menu.addAction(f"&All handbooks ({len(others) + 1})")
        every.setCheckable(True)
        every.setChecked(set(self.also_asked) == set(others))
        every.triggered.connect(lambda checked=False: self._set_also_asked(others))
        menu.addSeparator()
        for number, folder in enumerate(others, start=1):
            action = menu.addAction(f"{_key(number)} Also {Path(folder).name} ({folder})")
            action.setCheckable(True)
            action.setChecked(folder in self.also_asked)
            action.triggered.connect(lambda checked, f=folder: self._set_also_asked(
                [g for g in self.also_asked if g != f] + ([f] if checked else [])))
        menu.addSeparator()
        forget = menu.addMenu("&Forget a handbook")
        for number, folder in enumerate(others, start=1):
            forget.addAction(f"{_key(number)} {Path(folder).name} ({folder})").triggered.connect(
                lambda checked=False, f=folder: self.forget_handbook(f))

    def forget_handbook(self, folder: str) -> None:
        """Off the list of handbooks (and Open recent); its documents, index
        and conversations stay, and opening it again brings it back."""
        self.qsettings.setValue("handbooks", [f for f in self._handbooks() if f != folder])
        self.qsettings.setValue("recent_folders",
                                [f for f in self._recent_folders() if f != folder])
        self._set_also_asked([f for f in self.also_asked if f != folder])

    def _set_also_asked(self, folders: list[str]) -> None:
        added = [f for f in folders if f not in self.also_asked]
        self.also_asked = list(folders)
        self._show_scope()
        for folder in added:
            self._refresh_handbook(folder, first=True)

    def _refresh_handbook(self, folder: str, first: bool = False) -> None:
        """Index another handbook's changes since it was last open, in the
        background (incremental: seconds when nothing changed). The first
        time it is asked, questions wait for it (its files may be weeks
        older than its index); after each answer it is refreshed again for
        the next, without holding questions up. A folder another window has
        open is left to that window, its one writer."""
        from PySide6.QtCore import QLockFile

        if first:
            self._refresh_first.add(folder)
        if folder in self._refresh_queue or folder == str(self.folder):
            return  # already queued; the open folder has its own indexer
        lock = QLockFile(str(paths.index_for(Path(folder), "window").with_suffix(".lock")))
        if not lock.tryLock(0):
            return
        self._refresh_queue[folder] = lock
        self.startRefreshing.emit(folder, str(self._index_of(folder)),
                                  self.settings)

    def _refresh_done(self) -> str:
        """The folder the refresh worker has just finished with: the first
        queued (it runs them in the order they were sent), its lock let go."""
        folder = next(iter(self._refresh_queue))
        lock = self._refresh_queue.pop(folder)
        self._refresh_first.discard(folder)
        if lock is not None:
            lock.unlock()
        if folder == self._after_refresh:
            self._after_refresh = None
            if folder == str(self.folder):  # opened meanwhile: its own indexing now
                self._lock_folder()
                self.reindex()
        return folder

    def _take_over_refresh(self, folder: str) -> None:
        """The folder being opened is being refreshed: the refresh is
        cancelled and the window indexes it once that run has let go (one
        writer); the window takes the lock then."""
        if folder in self._refresh_queue:
            if next(iter(self._refresh_queue)) == folder:  # the run in progress, not a later one
                self.refresh_worker.cancel()
            self._after_refresh = folder

    def _on_refreshed(self, report) -> None:
        folder = self._refresh_done()
        changed = report.count("indexed") + report.count("removed")
        self.statusBar().showMessage(
            f"{Path(folder).name}: " + (f"{changed} file(s) brought up to date"
                                        if changed else "up to date"), 8000)

    def _on_refresh_failed(self, message: str) -> None:
        folder = self._refresh_done()
        self.messages.show_message(f"{Path(folder).name} could not be brought up to date: "
                                   f"{message} It is asked as it was last indexed.")

    def _show_scope(self) -> None:
        asked = self._asked_handbooks() if self.folder is not None else []
        if len(asked) > 1:
            self.scope_button.setText(f"Asking {len(asked)} handbooks")
            names = ", ".join(label for label, _, _ in asked)
            self.question.setPlaceholderText(f"Ask {names}")
        else:
            name = self.folder.name if self.folder else ""
            self.scope_button.setText(f"Asking {name[:17] + '…' if len(name) > 18 else name}")
            self.question.setPlaceholderText(
                "Ask a question about the handbook, e.g. How many days of annual leave do I get?")

    def _start_workers(self, model_factory) -> None:
        self.index_worker = IndexWorker(self._embedders)
        self.index_thread = start_in_thread(self.index_worker, "indexing")
        self.startIndexing.connect(self.index_worker.run)
        self.index_worker.progress.connect(self._on_progress)
        self.index_worker.finished.connect(self._on_indexed)
        self.index_worker.failed.connect(self._on_index_failed)
        # The other handbooks asked with this one are brought up to date by an
        # indexer of their own, so their reports never pass for this folder's.
        self.refresh_worker = IndexWorker(self._embedders)
        self.refresh_thread = start_in_thread(self.refresh_worker, "indexing other handbooks")
        self.startRefreshing.connect(self.refresh_worker.run)
        self.refresh_worker.finished.connect(self._on_refreshed)
        self.refresh_worker.failed.connect(self._on_refresh_failed)
        self._refresh_queue: dict[str, object] = {}  # folder → its lock, in the worker's order
        self._after_refresh: str | None = None       # opened while refreshed: indexed after
        self._refresh_first: set[str] = set()        # asked for the first time: questions wait
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
    def _initial_folder(self) -> Path:
        saved = self.qsettings.value("folder", "")
        return Path(saved) if saved and Path(saved).is_dir() else SAMPLE_HANDBOOK

    @property
    def db(self) -> Location:
        """The folder's own index file, or the team's shared index (Settings)."""
        if self.settings.shared_index:
            return ServerLocation(self.settings.shared_index)
        return paths.index_for(self.folder, self.settings.profile)

    @property
    def shared(self) -> bool:
        return isinstance(self.db, ServerLocation)

    def _read(self, read, default=None, handbooks=()):
        """`read(store)` on the index, or `default` with the reason shown in
        words when it cannot be read (a disk, or the shared index's server).
        On a shared index a connection that went stale (the server restarted)
        is replaced once before anything is said. With `handbooks` (an answer
        from several), on all of them, ids and paths as that answer has them."""
        if len(handbooks) > 1:
            return self._read_several(read, default, handbooks)
        for attempt in (1, 2):
            stale = self.shared and self._reader is not None  # opened by an earlier read
            try:
                if not self.shared:
                    with open_store(self.db, create=False) as store:
                        return read(store)
                return read(self._shared_reader())
            except Exception as error:
                self._drop_reader()
                message = storage_failure(self.db, error)
                if message is None:
                    raise
                if stale and attempt == 1 and not timed_out(error):
                    continue  # a fresh connection gets one try; a server that is down, not two
                self.messages.show_message(sentence(message))
                return default
        return default

    def _read_several(self, read, default, handbooks):
        from app.search.several import Handbook, SeveralStores

        with contextlib.ExitStack() as stack:
            stores = []
            for label, _, location in handbooks:
                try:  # each opened and read on its own, so a failure names its handbook
                    stores.append(Handbook(label, stack.enter_context(
                        open_store(parse_location(location), create=False))))
                except Exception as error:
                    message = storage_failure(parse_location(location), error)
                    if message is None:
                        raise
                    self.messages.show_message(f"{label}: {sentence(message)}")
                    return default
            try:
                return read(SeveralStores(stores))
            except Exception as error:
                message = storage_failure(parse_location(handbooks[0][2]), error)
                if message is None:
                    raise
                self.messages.show_message("One of the handbooks asked could not be read: "
                                           f"{sentence(message)}")
                return default

    def _shared_reader(self):
        """The window's one connection for its own reads of a shared index
        (library, viewer, settings): opening one per read costs a TLS
        handshake and several round trips each time on a VPN. Used on the GUI
        thread only; the workers open their own."""
        if self._reader is None or self._reader[0] != self.db:
            self._drop_reader()
            self._reader = (self.db, open_store(self.db, create=False, interactive=True))
        return self._reader[1]

    def _drop_reader(self) -> None:
        if self._reader is not None:
            reader, self._reader = self._reader[1], None
            try:
                reader.close()
            except Exception:  # noqa: BLE001 - a broken connection is closed anyway
                log.debug("closing the shared index's reader failed", exc_info=True)

    def choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Open a handbook folder",
                                                  str(self.folder or Path.home()))
        if chosen:
            self.open_folder(Path(chosen))

    def open_folder(self, folder: Path, released: bool = False) -> None:
        folder = Path(folder).resolve()
        if not folder.is_dir():
            self.messages.show_message(f"{folder} is not a folder that can be opened.")
            return
        if self.current_turn is not None:
            self.messages.show_message("Wait for the answer being written (or Stop it) before "
                                       "opening another folder.")
            return
        self._take_over_refresh(str(folder))
        if not released:
            self._release_folder()
        self.folder = folder
        self.report = None  # this folder's first indexing in this window has not ended
        self.qsettings.setValue("folder", str(folder))
        self._remember_folder(folder)
        shared = f" · shared index {self.db.display}" if self.shared else ""
        self.setWindowTitle(f"Handbook QA — {folder.name}{shared}")
        if self._lock_folder():
            self._check_after_unclean_shutdown()
        self._watch(folder)
        self.also_asked = [f for f in self.also_asked if f != str(folder)]
        self._show_scope()
        self.new_conversation()
        self.conversation_list.show_folder(str(folder))
        self.left.setCurrentWidget(self.conversation_list if self.conversation_list.list.count()
                                   else self.library)
        self._refresh_library()
        self.reindex()

    def _lock_folder(self) -> bool:
        """One writer per folder: a second app on the same folder searches and
        answers, but never indexes, so two apps cannot fight over the index.
        On a shared index only its maintainer indexes, and the server's own
        lock keeps it to one writer; its files are the server's to check."""
        from PySide6.QtCore import QLockFile

        if self.shared:
            self.read_only = not self.settings.maintain_shared
            return False
        if self._after_refresh == str(self.folder):
            self.read_only = True  # until the refresh lets go of it (_refresh_done)
            return False

        path = paths.index_for(self.folder, "window").with_suffix(".lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = QLockFile(str(path))
        self.read_only = not self._lock.tryLock(200)  # a dead owner's lock is taken over
        if self.read_only:
            pid = self._lock.getLockInfo()[-3]  # (pid, host, app name); PySide drops the bool
            self.messages.show_message(
                f"This folder is open in another Handbook QA window (process {pid}). This "
                "window can search and answer, but it will not index until the other one "
                "is closed.")
        return not self.read_only

    def _release_folder(self) -> None:
        self._drop_reader()
        if self.folder is not None and not self.read_only and not self.shared:
            recovery.mark_closed(self.db)
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def _check_after_unclean_shutdown(self) -> None:
        """If the app was killed last time, check the index and offer a rebuild."""
        if not recovery.mark_open(self.db):
            return
        problems = recovery.quick_check(self.db)
        if not problems:
            return
        answer = QMessageBox.question(
            self, "The index needs a rebuild",
            "Handbook QA was not closed properly last time, and the index of this folder is "
            f"damaged ({'; '.join(problems)[:300]}).\n\nRebuild it from your documents now? "
            "Your documents are not touched; only the index is rebuilt.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            recovery.remove_index(self.db)
            recovery.mark_open(self.db)
        else:
            self.messages.show_message("The index may be damaged: search results can be "
                                       "wrong. Use File › Re-index after a rebuild if they are.")

    def _watch(self, folder: Path) -> None:
        """Watch the folder, its sub-folders (files added, removed, renamed) and its
        documents (edited in place), within the limits of the OS's watch budget."""
        from app.ingest.readers import SUPPORTED_SUFFIXES

        watched = self.watcher.directories() + self.watcher.files()
        if watched:
            self.watcher.removePaths(watched)
        entries = [p for p in folder.rglob("*") if not p.name.startswith(".")][:5000]
        directories = [str(folder)] + [str(p) for p in entries if p.is_dir()][:500]
        files = [str(p) for p in entries
                 if p.suffix.lower() in SUPPORTED_SUFFIXES and p.is_file()][:2000]
        self.watcher.addPaths(directories + files)

    def reindex(self) -> None:
        if self.folder is None or self.read_only:
            return
        if self.index_worker.busy:
            self.pending_reindex = True
            return
        self.index_worker.busy = True  # set now: the worker starts a moment later
        self._index_started = time.monotonic()
        self._show_progress(True, "Indexing: scanning the folder…")
        self.startIndexing.emit(str(self.folder), str(self.db), self.settings)

    def cancel_indexing(self) -> None:
        self.index_worker.cancel()
        self.progress_label.setText("Cancelling…")

    def skip_file(self) -> None:
        self.index_worker.skip_file()  # thread-safe: an event the indexer checks per batch

    def _on_progress(self, progress) -> None:
        if progress.stage == "scanning":
            self._show_progress(True, "Indexing: scanning the folder…")
            return
        if progress.stage == "measuring":  # a shared index, after its files (postgres_tuning)
            self._show_progress(True, f"Indexing: {progress.current} (minutes on a very "
                                      "large index)…")
            self.skip_button.setVisible(False)  # no file is being read: Cancel stops it
            return
        self.progress.setRange(0, max(progress.files_total, 1))
        self.progress.setValue(progress.files_done)
        eta = f" · about {progress.eta_seconds:.0f} s left" if progress.eta_seconds else ""
        current = f" · {progress.current}" if progress.current else ""
        self.progress_label.setText(
            f"Indexing: {progress.files_done}/{progress.files_total} files · "
            f"{progress.chunks_done:,} chunks · {progress.chunks_per_second:.0f} chunks/s"
            f"{eta}{current}")

    def _on_indexed(self, report) -> None:
        self.report = report
        self._show_progress(False)
        unchanged = {f.path for f in report.files if f.status == "unchanged"}
        self._refresh_library(unchanged)
        self._watch(self.folder)  # new files and folders are watched from now on
        summary = (f"{report.count('indexed')} indexed, {report.count('unchanged')} unchanged, "
                   f"{report.count('removed')} removed, {report.count('failed')} failed · "
                   f"{report.chunks:,} chunks, {report.over_window} over the window")
        if report.cancelled:
            summary = "Indexing cancelled; what was done is kept. " + summary
        self.statusBar().showMessage(summary, 15000)
        if report.failed:
            names = ", ".join(f.path for f in report.failed[:3])
            more = f" and {len(report.failed) - 3} more" if len(report.failed) > 3 else ""
            self.messages.show_message(
                f"{len(report.failed)} file(s) could not be indexed: {names}{more}. "
                "The library on the left says why; everything else is searchable.")
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
        self._show_progress(False)
        self.messages.show_message(message)
        self.indexingDone.emit(None)

    def _show_progress(self, visible: bool, text: str = "") -> None:
        self.progress.setVisible(visible)
        self.cancel_button.setVisible(visible)
        self.skip_button.setVisible(visible)
        self.progress_label.setText(text)
        if visible:
            self.progress.setRange(0, 0)  # busy until the first file count arrives

    def _refresh_library(self, unchanged: set[str] = frozenset()) -> None:
        if self.folder is None or not self.db.exists():
            self.library.show_documents([])
            return
        self.library.show_documents(self._read(lambda store: store.documents(), []), unchanged)

    # -- asking ---------------------------------------------------------------------------
    def ask(self, question: str | None = None) -> None:
        question = (question if isinstance(question, str) else self.question.text()).strip()
        if not question or self.current_turn is not None:
            return
        if not self.db.exists() or (self.index_worker.busy and self.report is None
                                    and not self._read(lambda store: store.chunk_count(), 0)):
            # (the file is made at once; its first chunks come with the first files)
            self.messages.show_message("The folder is still being indexed for the first time; "
                                       "ask again in a moment.")
            return
        if self.evaluation.answers_running:
            self.messages.show_message("The answer model is busy with \"Evaluate answers\" "
                                       "(Evaluation tab): ask when it has finished, or cancel "
                                       "it there.")
            return
        asked = self._asked_handbooks()
        updating = [label for label, folder, _ in asked[1:] if folder in self._refresh_first]
        if updating:
            self.messages.show_message(
                f"Bringing {', '.join(updating)} up to date (its files changed since it was "
                "last open); ask again in a moment.")
            return
        self.question.clear()
        self.messages.hide()
        self.current_turn = self.conversation.add_turn(question)
        self.current_turn.handbooks = asked if len(asked) > 1 else []
        self._shown_turn = self.current_turn
        self._save_new_turn(self.current_turn)
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
            self.current_turn.status = ("Stopping: the model finishes reading the sources "
                                        "first, then stops.")
            self.conversation.render()

    def _on_status(self, stage: str, message: str) -> None:
        if self.current_turn is None:
            return
        self.current_turn.state = stage
        self.current_turn.status = {"reading": "Reading sources… (the model reads them all "
                                               "before it writes)"}.get(stage, message)
        self.conversation.render()

    def _on_retrieved(self, results: list) -> None:
        if self.current_turn is not None:
            self.current_turn.results = results
        self.sources.show_results(results)
        self.side.setCurrentWidget(self.sources)

    def _on_evidence(self, evidence: list) -> None:
        if self.current_turn is None:
            return
        turn = self.current_turn
        # the second list of a turn is the card after the answer model's check
        turn.reordered = turn.reordered or (turn.evidence_ready
                                            and quote_check.reordered(turn.evidence, evidence))
        turn.evidence = evidence
        turn.evidence_ready = True
        self._save_turn(self.current_turn)
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
        turn.answer = answer.text
        turn.citations = answer.citations
        turn.cited = answer.cited
        turn.refused = bool(answer.refused)
        turn.state = "stopped" if answer.stopped else "done"
        turn.budget = answer.budget
        turn.unsupported = answer.unsupported
        turn.not_in_quote = answer.not_in_quote
        turn.attributed = bool(answer.attributed)
        turn.declined = answer.declined
        self._save_turn(turn)
        for _, folder, _ in turn.handbooks[1:]:  # the next question reads them as they are now
            self._refresh_handbook(folder)
        self.budget.setText(answer.budget)
        cited = {c["n"] for c in answer.citations} if answer.cited else set()
        note = "Closest passages (not relevant enough to answer)" if answer.refused else ""
        self.sources.show_results(turn.results, cited, note)
        self.sources.show_evidence(turn.evidence)
        self.conversation.render()

    def _on_answer_failed(self, message: str) -> None:
        self._flush_tokens()
        turn = self._finish_turn()
        if turn is None:
            return
        turn.state = "error"
        turn.error = message + (" The sources found for the question are listed on the right."
                                if turn.results else "")
        self._save_turn(turn)
        self.conversation.render()

    def _finish_turn(self):
        turn, self.current_turn = self.current_turn, None
        self.evaluation.model_free()
        self._token_timer.stop()
        self.ask_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.stop_action.setEnabled(False)
        return turn

    def new_conversation(self) -> None:
        if self.current_turn is not None:
            return
        self.conversation_id = None  # saved when its first question is asked
        self.conversation_list.mark_current(None)
        self.conversation.clear_turns()
        self.sources.show_results([])
        self.budget.setText("")
        self.answer_worker.new_conversation()  # direct call: no question is running now
        self.question.setFocus()

    # -- saved conversations --------------------------------------------------------------
    def _open_saved_conversations(self) -> ConversationStore:
        try:
            return ConversationStore(default_path())
        except StoreError as error:
            # The app still answers; what is asked is kept until it closes.
            self._saved_failure = f"Conversations will not be saved: {error}."
            return ConversationStore(":memory:")

    def _save_new_turn(self, turn) -> None:
        from app.gui.conversation import turn_record

        try:
            if self.conversation_id is None:
                self.conversation_id = self.saved.create(str(self.folder), turn.question)
            turn.saved_id = self.saved.add_turn(self.conversation_id, turn.question,
                                                turn_record(turn))
        except StoreError as error:
            self._saving_failed(str(error))
            return
        self.conversation_list.mark_current(self.conversation_id)

    def _save_turn(self, turn) -> None:
        """The turn as it is shown now, replacing what was saved of it."""
        from app.gui.conversation import turn_record

        if turn.saved_id is None:
            return
        try:
            self.saved.update_turn(turn.saved_id, turn_record(turn))
        except StoreError as error:
            self._saving_failed(str(error))

    def _saving_failed(self, message: str) -> None:
        self.messages.show_message(sentence(message))

    def open_saved(self, conversation_id: int) -> None:
        """A saved conversation as it was shown; new questions go on in it."""
        from app.gui.conversation import turn_from_record

        if self.current_turn is not None:
            self.messages.show_message("Wait for the answer being written (or Stop it) "
                                       "before opening another conversation.")
            self.conversation_list.mark_current(self.conversation_id)
            return
        turns = [turn_from_record(t.question, t.record, t.id)
                 for t in self.saved.turns(conversation_id)]
        self._mark_changed(turns)
        self.conversation_id = conversation_id
        self.conversation_list.mark_current(conversation_id)
        self.answer_worker.resume_conversation(  # direct call: no question is running now
            [(t.question, t.answer) for t in turns
             if t.state in ("done", "stopped") and t.answer and not t.refused])
        self.conversation.show_turns(turns)
        last = turns[-1] if turns else None
        self._shown_turn = last
        self.sources.show_results(last.results if last else [])
        if last is not None:
            self.sources.show_evidence(last.evidence)
        self.budget.setText(last.budget if last else "")

    def _mark_changed(self, turns) -> None:
        """Each saved turn's sources whose section no longer reads as it did.
        This folder's turns are checked in one read of its index; an answer
        from several handbooks reads theirs. An index that cannot be read
        (None) claims nothing either way."""
        from app.answers.records import changed_sources, section_ids

        own = [t for t in turns if len(t.handbooks) < 2]  # this folder's index: read in one go
        own_turns = {id(t) for t in own}
        ids = set().union(*(section_ids(t.results, t.evidence) for t in own)) if own else ()
        sections = self._read(lambda store: store.sections_by_id(sorted(ids)), None) \
            if ids and self.db.exists() else {}
        for turn in turns:  # an index unreadable (None): nothing is claimed either way
            now = sections if id(turn) in own_turns else self._read(
                lambda store, t=turn: store.sections_by_id(sorted(section_ids(t.results,
                                                                              t.evidence))),
                None, turn.handbooks)
            turn.changed = changed_sources(now, turn.results, turn.evidence) \
                if now is not None else set()

    def _on_conversation_deleted(self, conversation_id: int) -> None:
        if conversation_id != self.conversation_id:
            return
        if self.current_turn is None:
            self.new_conversation()
            return
        # Deleted while its answer is written: that answer is not saved, and
        # the next question starts a new conversation.
        self.conversation_id = None
        for turn in self.conversation.turns:
            turn.saved_id = None

    def export_conversation(self) -> None:
        from app.gui.conversation import conversation_markdown

        turns = self.conversation.turns
        if not turns:
            self.messages.show_message("There is no conversation to export yet: ask a question "
                                       "first.")
            return
        info = self.saved.info(self.conversation_id) if self.conversation_id else None
        title = info.title if info else turns[0].question
        safe = "".join(c if c.isalnum() or c in " -_" else "-" for c in title)[:60].strip()
        path, _ = QFileDialog.getSaveFileName(self, "Export the conversation as Markdown",
                                              str(Path.home() / f"{safe or 'conversation'}.md"),
                                              "Markdown (*.md)")
        if not path:
            return
        try:
            Path(path).write_text(conversation_markdown(title, turns), encoding="utf-8")
        except OSError as error:
            self.messages.show_message(f"The conversation could not be written to {path}: "
                                       f"{error.strerror or error}.")
            return
        self.statusBar().showMessage(f"Conversation exported to {path}", 5000)

    # -- citations and the viewer ---------------------------------------------------------
    def _on_link(self, path: str) -> None:
        parts = path.split("/")
        if parts[0] == "ask" and len(parts) == 2 and parts[1].isdigit():
            examples = self.conversation.examples
            if int(parts[1]) < len(examples):
                self.ask(examples[int(parts[1])])
        elif parts[0] == "cite" and len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            self.open_citation(int(parts[1]), int(parts[2]))
        elif parts[0] == "quote" and len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            self.open_quote(int(parts[1]), int(parts[2]))
        elif parts[0] == "earlier":
            self.conversation.show_earlier()
        elif parts[0] in ("more", "copy", "copymd") and len(parts) == 2 and parts[1].isdigit():
            self._turn_action(parts[0], int(parts[1]))

    def _turn_action(self, action: str, turn_index: int) -> None:
        from PySide6.QtWidgets import QApplication

        from app.gui.conversation import copy_text

        if not 0 <= turn_index < len(self.conversation.turns):
            return
        turn = self.conversation.turns[turn_index]
        if action == "more":
            turn.more_shown = not turn.more_shown
            self.conversation.render()
        else:
            QApplication.clipboard().setText(copy_text(turn, markdown=action == "copymd"))
            self.statusBar().showMessage("Answer copied", 3000)

    def open_quote(self, turn_index: int, position: int) -> None:
        """Show a quote in the sources panel and the viewer, highlighted at its offsets."""
        if not 0 <= turn_index < len(self.conversation.turns):
            return
        turn = self.conversation.turns[turn_index]
        if not 0 <= position < len(turn.evidence):
            return
        evidence = turn.evidence[position]
        if self._changed_since(turn, evidence.n):
            return
        cited = {c["n"] for c in turn.citations} if turn.cited else set()
        self.sources.show_results(turn.results, cited)
        self.sources.show_evidence(turn.evidence, position)
        self.sources.select(evidence.n)
        self._shown_turn = turn
        self.open_evidence(evidence, turn.handbooks)

    def open_evidence(self, evidence, handbooks=()) -> None:
        self._show_spans(evidence.source, evidence.heading, evidence.page, evidence.section_id,
                         [(evidence.start, evidence.end)], [evidence.text], handbooks)

    def open_citation(self, turn_index: int, n: int) -> None:
        if not 0 <= turn_index < len(self.conversation.turns):
            return
        turn = self.conversation.turns[turn_index]
        if not 1 <= n <= len(turn.results):
            return  # a citation can only point at a retrieved section
        if self._changed_since(turn, n):
            return
        cited = {c["n"] for c in turn.citations} if turn.cited else set()
        self.sources.show_results(turn.results, cited)
        self.sources.show_evidence(turn.evidence)
        self.sources.select(n)
        self._shown_turn = turn
        self.open_in_viewer(turn.results[n - 1])

    def _changed_since(self, turn, n: int) -> bool:
        """A saved answer's source that no longer reads as it did is not
        opened: the viewer would highlight whatever text sits there now."""
        if n not in turn.changed:
            return False
        self.messages.show_message(
            f"Source [{n}] has changed in the handbook since this answer was given (or is no "
            "longer indexed), so it is not opened here: ask the question again for an answer "
            "from the current text.")
        return True

    def open_in_viewer(self, result) -> None:
        """Show a source at its best match (and the next two), at the right page:
        a source of the turn the Sources panel shows, so a saved one that has
        changed since is not opened on other text."""
        from app.gui.sources_panel import SHOWN_MATCHES

        turn = self._shown_turn
        handbooks = turn.handbooks if turn is not None else []
        if turn is not None and result in turn.results and \
                self._changed_since(turn, turn.results.index(result) + 1):
            return
        self._show_chunks(result.source, result.heading, result.page, result.section_id,
                          [m.chunk_id for m in result.chunks[:SHOWN_MATCHES]], handbooks)

    def open_chunk(self, chunk_id: int) -> None:
        """Show one chunk (from the chunk-health panel) in its source."""
        row = self._read(lambda store: store.chunk_detail(chunk_id))
        if row is None:
            self.messages.show_message("This chunk is no longer in the index; re-index the folder.")
            return
        self._show_chunks(row["path"], row["heading"], row["page_start"], row["section_id"],
                          [chunk_id])

    def _show_chunks(self, source: str, heading: str, page, section_id: int, ids: list,
                     handbooks=()) -> None:
        rows = self._read(lambda store: store.chunks_by_id(ids), {}, handbooks)
        chunks = [rows[i] for i in ids if i in rows]  # in our order, not the index's
        if not chunks:
            self._source_gone()
            return
        self._show_spans(source, heading, chunks[0]["page"] or page, section_id,
                         [(c["start_char"], c["end_char"]) for c in chunks],
                         [c["text"] for c in chunks], handbooks)

    def _show_spans(self, source: str, heading: str, page, section_id: int,
                    spans: list[tuple[int, int]], texts: list[str], handbooks=()) -> None:
        """The viewer at a section, these spans of its body highlighted."""
        from app.gui.viewer import Location

        section = self._read(lambda store: store.sections_by_id([section_id]).get(section_id),
                             None, handbooks)
        if section is None:
            self._source_gone()
            return
        path = self._file_of(source, section_id, handbooks)
        if self.shared and not path.is_file():
            self.messages.show_message(
                f"{source} is in the shared index but not in your copy of the folder "
                f"({self.folder}), so it cannot be shown here. Open your copy of the handbook "
                "folder (File › Open folder), or update it; the quote and its citation above "
                "are from the shared index.")
            return
        self.viewer.show_location(Location(
            path=path, source=source, heading=heading, page=page,
            section_start=section["start_char"], spans=spans, texts=texts))
        self.side.setCurrentWidget(self.viewer)

    def _file_of(self, source: str, section_id: int, handbooks=()) -> Path:
        """The file a source names: in this folder, or, in an answer from
        several handbooks, in the folder of the handbook its section's id
        belongs to (labels may be prefixes of one another: "it", "it/handbook")."""
        from app.search.several import SEPARATOR, split_id

        if len(handbooks) > 1:
            place = split_id(section_id)[0]
            if place < len(handbooks):
                label, folder, _ = handbooks[place]
                return file_path(Path(folder), source.removeprefix(label + SEPARATOR))
        return file_path(self.folder, source)

    def _source_gone(self) -> None:
        self.messages.show_message("This source is no longer in the index; re-index the "
                                   "folder and ask again.")

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
        self.settings = changed
        self.qsettings.setValue("settings", changed.to_json())
        if moved and self.folder is not None:  # another index: open the folder against it
            self.open_folder(self.folder, released=True)
        elif reindex:
            self.new_conversation()
            self._refresh_library()
            self.reindex()  # warms up again when done
        elif self.db.exists():
            self.startWarmUp.emit(str(self.db), self.settings)  # maybe another model

    def _metadata_fields(self) -> list[str]:
        if not self.db.exists():
            return []
        names = set()
        for row in self._read(lambda store: store.documents(), []):
            names.update(json.loads(row["metadata"] or "{}"))
        return sorted(names)

    def about(self) -> None:
        from app.common.about import about_text

        box = QMessageBox(self)
        box.setWindowTitle("About Handbook QA")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(about_text())
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
            self._save_turn(self.current_turn)
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
        self.saved.close()
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


def _key(number: int) -> str:
    """A numbered menu item's mnemonic: 1-9 only, so none is bound twice."""
    return f"&{number}" if number < 10 else str(number)


def sentence(message: str) -> str:
    """A store's message ("the index … is full") as a sentence for the message bar."""
    return message[:1].upper() + message[1:] + "."


def open_in_system_viewer(path: Path) -> None:
    QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


__all__ = ["MainWindow", "open_in_system_viewer", "__version__"]
