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

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, QTimer, Qt, Signal
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

from app.llm.discovery import (PACKAGED, SMOLLM2_NAME, GIB, USER_FOLDER, ModelFile, describe,
                               discover, fits, memory_needed, packaged_models, suggest,
                               total_memory)
from app.llm.speeds import measured_speed
from app.llm.catalogue import default_model_path
from app.common.bundled import ModelMissing
from app.gui.locale_format import number
from app.gui.safe_text import plain_label, tooltip
from app.gui.words import worded

log = logging.getLogger(__name__)

SEARCH_THREAD = "model-search"
POLL_MS = 50
ROWS_SHOWN = 7
BUNDLED_APP = PACKAGED
# Marked for translation here, translated where shown with
# QCoreApplication.translate("ModelPicker", …): the context of this module's functions.
APPS = QT_TRANSLATE_NOOP("ModelPicker",
                         "GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face and Jan")
# The English titles: also the keys the tests read the cells by.
COLUMNS = (QT_TRANSLATE_NOOP("ModelPicker", "Model"), QT_TRANSLATE_NOOP("ModelPicker", "From"),
           QT_TRANSLATE_NOOP("ModelPicker", "Size"), QT_TRANSLATE_NOOP("ModelPicker", "Quant."),
           QT_TRANSLATE_NOOP("ModelPicker", "Context"), QT_TRANSLATE_NOOP("ModelPicker", "Chat"),
           QT_TRANSLATE_NOOP("ModelPicker", "Speed"))
SUGGESTED = "★"
NO_TEMPLATE = QT_TRANSLATE_NOOP(
    "ModelPicker", "no chat template: a base model, not instruction-tuned (answering needs one)")
_LOOKING = QT_TRANSLATE_NOOP("ModelPicker", "Looking for models in the folders of {apps}…")
LOOKING = _LOOKING.format(apps=APPS)  # the English; the list shows looking_text()
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
    return QCoreApplication.translate("ModelPicker", "Default: {name}").format(
        name=model.name if model is not None else SMOLLM2_NAME)


def _default(packaged: list[ModelFile]) -> ModelFile | None:
    """The row for "no model chosen": the default model (the most accurate
    Qwen installed that fits in memory, else the bundled SmolLM2), named as such."""
    try:
        path = default_model_path()
    except ModelMissing:
        return None
    listed = next((m for m in packaged if m.path == path), None)
    model = listed or describe(path, BUNDLED_APP)
    # as default_name() says
    return replace(model, name=QCoreApplication.translate("ModelPicker", "Default: {name}")
                   .format(name=model.name))


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

def looking_text() -> str:
    return QCoreApplication.translate("ModelPicker", _LOOKING).format(
        apps=QCoreApplication.translate("ModelPicker", APPS))


def column_titles() -> list[str]:
    return [QCoreApplication.translate("ModelPicker", title) for title in COLUMNS]


def widest_cells() -> dict[int, str]:
    """The widest text each short column holds: fixed widths, so a long reason in a
    spanned cell never widens them and the model's name keeps the room."""
    return {1: max("Hugging Face", worded(USER_FOLDER), worded(PACKAGED), key=len),
            2: size_text(99_900_000_000), 3: "Q4_K_M", 4: context_text(131072),
            5: max(chat_text(True), chat_text(False), key=len), 6: speed_text(999)}


def size_text(size: int) -> str:
    if size >= 1e9:
        return QCoreApplication.translate(
            "ModelPicker", "{size} GB", "a size in gigabytes").format(size=number(size / 1e9, 1))
    return QCoreApplication.translate(
        "ModelPicker", "{size} MB", "a size in megabytes").format(size=number(size / 1e6))


def context_text(tokens: int | None) -> str:
    if not tokens:
        return "?"
    if tokens % 1024 == 0:
        return QCoreApplication.translate(
            "ModelPicker", "{thousands}K", "a context length in units of 1024 tokens: 8K, 128K"
        ).format(thousands=number(tokens // 1024))
    return number(tokens)


def speed_text(speed: float | None) -> str:
    if not speed:
        return "–"
    return QCoreApplication.translate("ModelPicker", "{speed} tok/s", "tokens per second").format(
        speed=number(speed) if speed >= 10 else number(speed, 1))


def memory_text(memory: int | None) -> str:
    """Memory as a computer's is sold: 16 GB (in binary units, as the machine counts)."""
    if memory:
        return QCoreApplication.translate(
            "ModelPicker", "{size} GB", "a size in gigabytes").format(size=number(memory / GIB))
    return QCoreApplication.translate("ModelPicker", "8 GB (assumed: it could not be read)")


def chat_text(chat_template: bool) -> str:
    """The Chat column: whether the file has a chat template (is instruction-tuned)."""
    if chat_template:
        return QCoreApplication.translate("ModelPicker", "yes", "Chat column: has a chat template")
    return QCoreApplication.translate("ModelPicker", "no", "Chat column: has no chat template")


def unusable_reason(model: ModelFile) -> str | None:
    """Why the app cannot answer with this file, or None."""
    if model.error:
        return worded(model.error)
    if not model.chat_template:
        return QCoreApplication.translate("ModelPicker", NO_TEMPLATE)
    return None


def row_tooltip(model: ModelFile, found: Found | None) -> str:
    lines = [model.name]
    if model.label not in (model.name, model.path.stem):
        lines.append(f"{worded(model.app)}: {model.label}")
    parameters = model.parameters and QCoreApplication.translate(
        "ModelPicker", "{count} parameters", "a model's size, e.g. 7B parameters").format(
            count=model.parameters)
    facts = [fact for fact in (parameters, model.architecture) if fact]
    if facts:
        lines.append(", ".join(facts))
    reason = unusable_reason(model)
    if reason:
        lines.append(QCoreApplication.translate("ModelPicker", "Cannot be used: {reason}").format(
            reason=reason))
    elif model.app == BUNDLED_APP:  # set-up's own: what it takes, always said
        lines.append(QCoreApplication.translate(
            "ModelPicker", "Installed with the app. Needs about {size} GB of memory.").format(
                size=number(memory_needed(model) / GIB, 1)))
    elif found is not None and not fits(model, found.memory):
        lines.append(QCoreApplication.translate(
            "ModelPicker", "Needs about {size} GB of memory; it may not fit in this "
            "computer's {memory}.").format(size=number(memory_needed(model) / GIB),
                                           memory=memory_text(found.memory)))
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
        titles = column_titles()
        table.setHorizontalHeaderLabels(titles)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setWordWrap(False)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)  # the tooltip has it all
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        metrics = table.fontMetrics()
        for column, widest in widest_cells().items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            text = max(widest, titles[column], key=metrics.horizontalAdvance)
            header.resizeSection(column, metrics.horizontalAdvance(text) + 16)
        header.setToolTip(tooltip(self.tr("Read from each file's header, without loading it. "
                                          "Chat: whether it is instruction-tuned, which "
                                          "answering needs. Speed: how fast it wrote its last "
                                          "answer here.")))
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
        self.note.setText(looking_text())  # the rows found so far stay until the new ones come
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
            self._show(None, self.tr("The search for models stopped: {error}").format(
                error=error))
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
        self.note.setText(failure or (looking_text() if found is None else self.note_text(found)))
        self.note.setStyleSheet(WARNING_STYLE if failure else "")

    def note_text(self, found: Found) -> str:
        """The line under the list: how many were found and the suggestion, with why.
        (A method: lupdate takes a count as a plural only in `self.tr`.)"""
        found = replace(found, models=[m for m in found.models if m.app != BUNDLED_APP])
        apps = QCoreApplication.translate("ModelPicker", APPS)
        if not found.models:
            return self.tr("No .gguf models in the folders of {apps}; add a folder of yours "
                           "below, or choose a file.").format(apps=apps)
        unusable = sum(unusable_reason(m) is not None for m in found.models)
        if unusable:
            count = self.tr("%n model(s) found, {unusable} of them cannot be used", "",
                            len(found.models)).format(unusable=number(unusable))
        else:
            count = self.tr("%n model(s) found", "", len(found.models))
        memory = memory_text(found.memory)
        best = found.best
        if best is None:
            suggestion = self.tr("None suggested: no instruction-tuned model found fits in "
                                 "{memory} of memory; the default model answers unless you "
                                 "pick another.").format(memory=memory)
        elif speed := found.speeds.get(str(best.path)):
            suggestion = self.tr("{star} Suggested: {name} ({app}), the largest "
                                 "instruction-tuned model that fits in {memory}; it wrote "
                                 "{speed} here.").format(star=SUGGESTED, name=best.name,
                                                         app=worded(best.app), memory=memory,
                                                         speed=speed_text(speed))
        else:
            suggestion = self.tr("{star} Suggested: {name} ({app}), the largest "
                                 "instruction-tuned model that fits in {memory}; not tried "
                                 "yet.").format(star=SUGGESTED, name=best.name,
                                                app=worded(best.app), memory=memory)
        return f"{count}. {suggestion}"

    def _add_bundled(self, found: Found | None) -> None:
        bundled = found.bundled if found else None
        if bundled is None or bundled.error:
            cells = [default_name(), worded(BUNDLED_APP), "", "", "", "", ""]
            self._add_row(cells, "", tooltip(self.tr("The model the app answers with unless "
                                                     "you pick another.")))
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
        cells = [model.name, worded(model.app), reason[:1].upper() + reason[1:]]
        row = self._add_row(cells + [""] * (len(COLUMNS) - len(cells)), None,
                            row_tooltip(model, found))
        self.table.setSpan(row, 2, 1, len(COLUMNS) - 2)

    @staticmethod
    def _cells(model: ModelFile, found: Found, name: str) -> list[str]:
        return [name, worded(model.app), size_text(model.size_bytes), model.quantisation or "?",
                context_text(model.context_length), chat_text(bool(model.chat_template)),
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
        apps = QCoreApplication.translate("ModelPicker", APPS)
        self.list.setToolTip(tooltip(self.tr("Searched for .gguf files (a few folders deep) "
                                             "besides the folders of {apps}.").format(apps=apps)))
        self.empty = plain_label(self.tr("None added: only the folders of {apps} are "
                                         "searched.").format(apps=apps))
        self.empty.setWordWrap(True)
        self.add_button = QPushButton(self.tr("Add folder…"))
        self.add_button.setToolTip(self.tr("Search another folder for .gguf models."))
        self.remove_button = QPushButton(self.tr("Remove", "button: stop searching a folder"))
        self.remove_button.setToolTip(self.tr("Stop searching the selected folder."))
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
            item.setText(self.tr("{folder} (not found)").format(folder=folder)
                         if folder in missing else folder)

    def _add_item(self, folder: str) -> None:
        item = QListWidgetItem(folder)  # list items are never rendered as markup
        item.setData(Qt.ItemDataRole.UserRole, folder)
        item.setToolTip(tooltip(folder))
        self.list.addItem(item)

    def _choose(self) -> None:
        folders = self.folders()
        start = folders[-1] if folders else str(Path.home())
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add a folder of models"), start)
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


__all__ = ["Found", "ModelFolders", "ModelPicker", "find_models"]
