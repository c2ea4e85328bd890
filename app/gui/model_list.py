"""The models already on this computer, in Settings: the .gguf files that
GPT4All, LM Studio, Ollama, llama.cpp, the Hugging Face cache and Jan keep (and
the folders the user adds), with what their headers say, and the one suggested.

Finding them reads a header per file: cheap, but the folders can be slow
network mounts, so the search runs on a daemon thread and hands its result
over through a Future the widget polls. The thread never calls into Qt: a
dialog closed before a slow mount answers leaves it nothing to call, and a
daemon thread never holds up quitting.

Every name and reason comes from a file or a folder, so it is shown in table
items and plain labels (never markup) and in escaped tooltips.
"""
from __future__ import annotations

import logging
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QTimer, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.llm.discovery import (PACKAGED, SMOLLM2_NAME, GIB, ModelFile, describe, discover, fits,
                                         memory_needed, packaged_models, suggest,
                                         total_memory)
from app.llm.speeds import measured_speed
from app.llm.catalogue import default_model_path
from app.common.bundled import ModelMissing
from app.gui.safe_text import plain_label, tooltip

log = logging.getLogger(__name__)

SEARCH_THREAD = "model-search"
POLL_MS = 50
ROWS_SHOWN = 7
BUNDLED_APP = PACKAGED
APPS = "GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face and Jan"
COLUMNS = ("Model", "From", "Size", "Quant.", "Context", "Chat", "Speed")
# the widest text each short column holds: fixed widths, so a long reason in a
# spanned cell never widens them and the model's name keeps the room
WIDEST = {1: "Hugging Face", 2: "99.9 GB", 3: "Q4_K_M", 4: "128K", 5: "Chat", 6: "999 tok/s"}
SUGGESTED = "★"
NO_TEMPLATE = "no chat template: a base model, not instruction-tuned (answering needs one)"
LOOKING = f"Looking for models in the folders of {APPS}…"
WARNING_COLOUR = "#8a5a00"
WARNING_STYLE = f"color: {WARNING_COLOUR};"


@dataclass(frozen=True)
class Found:
    """What the list shows: the bundled model, the files found, the suggestion."""

    bundled: ModelFile | None
    models: list[ModelFile]
    best: ModelFile | None
    memory: int | None
    speeds: dict[str, float] = field(default_factory=dict)  # str(path) → tokens/s
    missing_folders: list[str] = field(default_factory=list)


def find_models(extra_folders: list[str]) -> Found:
    """Everything the list shows (slow where the folders are slow: run it off
    the GUI thread)."""
    packaged = packaged_models()  # their headers read once, for both uses
    bundled = _default(packaged)
    found = discover([Path(folder) for folder in extra_folders])
    # set-up's own models next (the default's file is the row above them)
    models = [m for m in packaged if bundled is None or m.path != bundled.path] + found
    memory = total_memory()
    speeds = {}
    for model in (bundled, *models):
        speed = measured_speed(model.path) if model and model.readable else None
        if speed:
            speeds[str(model.path)] = speed
    missing = [folder for folder in extra_folders if not _is_folder(Path(folder))]
    return Found(bundled, models, suggest(found, memory), memory, speeds, missing)


def default_name() -> str:
    """The default model's row name, known before any header is read."""
    from app.llm import catalogue as answer_models

    model = answer_models.default_model()
    return "Default: " + (model.name if model is not None else SMOLLM2_NAME)


def _default(packaged: list[ModelFile]) -> ModelFile | None:
    """The row for "no model chosen": the default model (the most accurate
    Qwen installed that fits in memory, else the bundled SmolLM2), named as such."""
    try:
        path = default_model_path()
    except ModelMissing:
        return None
    listed = next((m for m in packaged if m.path == path), None)
    model = listed or describe(path, BUNDLED_APP)
    return replace(model, name=f"Default: {model.name}")  # as default_name() says


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


class _Search:
    """One run of `find` on a daemon thread; its result (or error) in `future`."""

    def __init__(self, find: Callable[[list[str]], Found], folders: list[str]):
        self.future: Future = Future()
        threading.Thread(target=self._run, args=(find, list(folders)), name=SEARCH_THREAD,
                         daemon=True).start()

    def _run(self, find, folders) -> None:
        try:
            self.future.set_result(find(folders))
        except Exception as error:  # noqa: BLE001 - shown in the list, in words
            log.exception("looking for models failed")
            self.future.set_exception(error)


# -- what the cells say --------------------------------------------------------------

def size_text(size: int) -> str:
    return f"{size / 1e9:.1f} GB" if size >= 1e9 else f"{size / 1e6:.0f} MB"


def context_text(tokens: int | None) -> str:
    if not tokens:
        return "?"
    return f"{tokens // 1024}K" if tokens % 1024 == 0 else f"{tokens:,}"


def speed_text(speed: float | None) -> str:
    if not speed:
        return "–"
    return f"{speed:.0f} tok/s" if speed >= 10 else f"{speed:.1f} tok/s"


def memory_text(memory: int | None) -> str:
    """Memory as a computer's is sold: 16 GB (in binary units, as the machine counts)."""
    return f"{memory / GIB:.0f} GB" if memory else "8 GB (assumed: it could not be read)"


def unusable_reason(model: ModelFile) -> str | None:
    """Why the app cannot answer with this file, or None."""
    if model.error:
        return model.error
    if not model.chat_template:
        return NO_TEMPLATE
    return None


def note_text(found: Found) -> str:
    """The line under the list: how many were found and the suggestion, with why."""
    found = replace(found, models=[m for m in found.models if m.app != BUNDLED_APP])
    if not found.models:
        return (f"No .gguf models in the folders of {APPS}; add a folder of yours below, or "
                "choose a file.")
    unusable = sum(unusable_reason(m) is not None for m in found.models)
    count = f"{len(found.models)} model{'s' if len(found.models) != 1 else ''} found" + (
        f", {unusable} of them cannot be used" if unusable else "")
    memory = memory_text(found.memory)
    best = found.best
    if best is None:
        return (f"{count}. None suggested: no instruction-tuned model found fits in {memory} "
                "of memory; the default model answers unless you pick another.")
    speed = found.speeds.get(str(best.path))
    tried = f"; it wrote {speed_text(speed)} here" if speed else "; not tried yet"
    return (f"{count}. {SUGGESTED} Suggested: {best.name} ({best.app}), the largest "
            f"instruction-tuned model that fits in {memory}{tried}.")


def row_tooltip(model: ModelFile, found: Found | None) -> str:
    lines = [model.name]
    if model.label not in (model.name, model.path.stem):
        lines.append(f"{model.app}: {model.label}")
    facts = [fact for fact in (model.parameters and f"{model.parameters} parameters",
                               model.architecture) if fact]
    if facts:
        lines.append(", ".join(facts))
    reason = unusable_reason(model)
    if reason:
        lines.append(f"Cannot be used: {reason}")
    elif model.app == BUNDLED_APP:  # set-up's own: what it takes, always said
        lines.append(f"Installed with the app. Needs about "
                     f"{memory_needed(model) / GIB:.1f} GB of memory.")
    elif found is not None and not fits(model, found.memory):
        lines.append(f"Needs about {memory_needed(model) / GIB:.0f} GB of memory; it may not "
                     f"fit in this computer's {memory_text(found.memory)}.")
    lines.append(str(model.path))
    return tooltip("\n".join(lines))


# -- the list ------------------------------------------------------------------------

class ModelPicker(QWidget):
    """The table of models and the line under it; `picked` says which one the
    user chose: its path, or "" for the default model."""

    picked = Signal(str)
    searched = Signal(object)  # the Found of a search that has ended

    def __init__(self, find: Callable[[list[str]], Found] = find_models, parent=None):
        super().__init__(parent)
        self._find = find
        self._search: _Search | None = None
        self.found: Found | None = None
        self._current = ""
        self._syncing = False
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._check_search)

        self.table = self._make_table()
        self.note = plain_label()
        self.note.setWordWrap(True)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.table)
        layout.addWidget(self.note)
        self._show(None)

    def _make_table(self) -> QTableWidget:
        table = QTableWidget(0, len(COLUMNS))
        table.setHorizontalHeaderLabels(COLUMNS)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)  # the tooltip has it all
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        metrics = table.fontMetrics()
        for column, widest in WIDEST.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            text = max(widest, COLUMNS[column], key=metrics.horizontalAdvance)
            header.resizeSection(column, metrics.horizontalAdvance(text) + 16)
        header.setToolTip(tooltip("Read from each file's header, without loading it. Chat: "
                                  "whether it is instruction-tuned, which answering needs. "
                                  "Speed: how fast it wrote its last answer here."))
        row = metrics.height() + 8  # as compact as the metadata table's rows
        table.verticalHeader().setDefaultSectionSize(row)
        table.setFixedHeight(header.sizeHint().height() + ROWS_SHOWN * row
                             + 2 * table.frameWidth())
        table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        table.itemSelectionChanged.connect(self._selection_changed)
        return table

    # ----- searching -------------------------------------------------------------------------

    def search(self, folders: list[str]) -> None:
        """Look again (the user's folders changed); the list says it is looking."""
        self._search = _Search(self._find, folders)
        self.note.setText(LOOKING)  # the rows found so far stay until the new ones come
        self.note.setStyleSheet("")
        self._poll.start()

    @property
    def searching(self) -> bool:
        return self._search is not None

    def _check_search(self) -> None:
        search = self._search
        if search is None or not search.future.done():
            return
        self._search = None
        self._poll.stop()
        error = search.future.exception()
        if error is not None:
            self._show(None, f"The search for models stopped: {error}")
        else:
            self._show(search.future.result())
            self.searched.emit(self.found)

    # ----- showing ---------------------------------------------------------------------------

    def _show(self, found: Found | None, failure: str = "") -> None:
        self.found = found
        self._syncing = True
        try:
            self.table.clearSpans()
            self.table.setRowCount(0)
            self._add_bundled(found)
            if found is not None:
                usable = [m for m in found.models if unusable_reason(m) is None]
                best = [m for m in usable if m is found.best]
                for model in best + [m for m in usable if m is not found.best]:
                    self._add_model(model, found)
                for model in found.models:
                    if unusable_reason(model) is not None:
                        self._add_unusable(model, found)
            self._select(self._current)
        finally:
            self._syncing = False
        self.note.setText(failure or (LOOKING if found is None else note_text(found)))
        self.note.setStyleSheet(WARNING_STYLE if failure else "")

    def _add_bundled(self, found: Found | None) -> None:
        bundled = found.bundled if found else None
        if bundled is None or bundled.error:
            cells = [default_name(), BUNDLED_APP, "", "", "", "", ""]
            self._add_row(cells, "", tooltip("The model the app answers with unless you "
                                             "pick another."))
            return
        self._add_row(self._cells(bundled, found, bundled.name), "",
                      row_tooltip(bundled, None))

    def _add_model(self, model: ModelFile, found: Found) -> None:
        name = f"{SUGGESTED} {model.name}" if model is found.best else model.name
        row = self._add_row(self._cells(model, found, name), str(model.path),
                            row_tooltip(model, found))
        if model is found.best:
            font = QFont(self.table.font())
            font.setBold(True)
            self.table.item(row, 0).setFont(font)
        if not fits(model, found.memory):  # the tooltip says how much it needs
            self.table.item(row, 2).setForeground(QBrush(QColor(WARNING_COLOUR)))

    def _add_unusable(self, model: ModelFile, found: Found) -> None:
        """Greyed and not selectable, with the reason in the row itself."""
        reason = unusable_reason(model)
        cells = [model.name, model.app, reason[:1].upper() + reason[1:]]
        row = self._add_row(cells + [""] * (len(COLUMNS) - len(cells)), None,
                            row_tooltip(model, found))
        self.table.setSpan(row, 2, 1, len(COLUMNS) - 2)

    @staticmethod
    def _cells(model: ModelFile, found: Found, name: str) -> list[str]:
        return [name, model.app, size_text(model.size_bytes), model.quantisation or "?",
                context_text(model.context_length), "yes" if model.chat_template else "no",
                speed_text(found.speeds.get(str(model.path)))]

    def _add_row(self, cells: list[str], path: str | None, tip: str) -> int:
        """A row of plain items; `path` None: a file that cannot be chosen."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)  # table items are never rendered as markup
            item.setToolTip(tip)
            if path is None:
                item.setFlags(Qt.ItemFlag.NoItemFlags)  # greyed, and the cursor skips it
            else:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                item.setData(Qt.ItemDataRole.UserRole, path)
            if 2 <= column and path is not None:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)
        return row

    # ----- choosing --------------------------------------------------------------------------

    def show_current(self, path: str) -> None:
        """Select the row of `path` (typed, browsed or saved), or none if not listed."""
        self._current = path.strip()
        self._syncing = True
        try:
            self._select(self._current)
        finally:
            self._syncing = False

    def row_of(self, path: str) -> int:
        """The row of the model at `path` ("": the bundled one), -1 if not listed."""
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) == path:
                return row
        return -1

    def _select(self, path: str) -> None:
        row = self.row_of(path)
        if row < 0:
            self.table.clearSelection()
        else:
            self.table.selectRow(row)

    def _selection_changed(self) -> None:
        if self._syncing:
            return
        rows = self.table.selectionModel().selectedRows()
        if rows:
            path = self.table.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole)
            self._current = path
            self.picked.emit(path)


class ModelFolders(QWidget):
    """The user's own folders of models; `changed` when one is added or removed."""

    changed = Signal()

    def __init__(self, folders: list[str], parent=None):
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setToolTip(tooltip("Searched for .gguf files (a few folders deep) besides "
                                     f"the folders of {APPS}."))
        self.empty = plain_label(f"None added: only the folders of {APPS} are searched.")
        self.empty.setWordWrap(True)
        self.add_button = QPushButton("Add folder…")
        self.add_button.setToolTip("Search another folder for .gguf models.")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Stop searching the selected folder.")
        buttons = QVBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty, 1)
        layout.addLayout(buttons)
        # two folders without scrolling; the height stays put as folders come and go
        self.list.setFixedHeight(2 * (self.fontMetrics().height() + 6)
                                 + 2 * self.list.frameWidth())
        for folder in folders:
            self._add_item(folder)
        self.add_button.clicked.connect(self._choose)
        self.remove_button.clicked.connect(self._remove)
        self.list.itemSelectionChanged.connect(self._update)
        self._update()

    def folders(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]

    def add(self, folder: str) -> None:
        if folder and folder not in self.folders():
            self._add_item(folder)
            self._update()
            self.changed.emit()

    def mark_missing(self, missing: list[str]) -> None:
        """Say which folders were not there (a drive not plugged in, a folder moved)."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            folder = item.data(Qt.ItemDataRole.UserRole)
            item.setText(f"{folder} (not found)" if folder in missing else folder)

    def _add_item(self, folder: str) -> None:
        item = QListWidgetItem(folder)  # list items are never rendered as markup
        item.setData(Qt.ItemDataRole.UserRole, folder)
        item.setToolTip(tooltip(folder))
        self.list.addItem(item)

    def _choose(self) -> None:
        folders = self.folders()
        start = folders[-1] if folders else str(Path.home())
        folder = QFileDialog.getExistingDirectory(self, "Add a folder of models", start)
        if folder:
            self.add(folder)

    def _remove(self) -> None:
        selected = self.list.selectedItems()
        for item in selected:
            self.list.takeItem(self.list.row(item))
        self._update()
        if selected:
            self.changed.emit()

    def _update(self) -> None:
        has_folders = self.list.count() > 0
        self.list.setVisible(has_folders)
        self.empty.setVisible(not has_folders)
        self.remove_button.setEnabled(bool(self.list.selectedItems()))


__all__ = ["Found", "ModelFolders", "ModelPicker", "find_models", "note_text"]
