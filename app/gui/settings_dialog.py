"""The Settings dialog: edits an `AppSettings` (plain data) and hands back a new one.

The dialog never touches the index or the model itself. It validates what it
can cheaply (the model file's header, chunk settings the chunker would refuse)
and says in words when saving will re-index the folder. The models already on
the computer are looked for in the background (`model_list`): the dialog opens
at once and the list fills in.

Every label that can show user or file text (model path, error messages) is
plain text; field names from front matter only appear in table items, which Qt
never renders as markup, and never in tooltips (those auto-detect rich text).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication, QSize, QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.llm.contract import ModelError
from app.llm.local import check_model_file
from app.common.said import message_of
from app.common.chunks import (
    CITATION_FIELDS,
    DEFAULT_METADATA_POLICY,
    DROP,
    EMBED,
    FRONT_MATTER_DEFAULT,
    HEADROOM,
    MIN_BUDGET,
    POLICY_VALUES,
    RETRIEVE,
)
from app.gui import translations
from app.gui.locale_format import number
from app.gui.model_list import Found, ModelFolders, ModelPicker, find_models
from app.gui.safe_text import display_table, plain_label
from app.gui.words import as_sentence
from app.workspace.answering import expected_waits
from app.workspace.settings import CONTEXT_SIZES, EMBEDDERS, PROFILES, AppSettings
from app.gui.shared_index import SharedIndexBox
from app.search.retrieval import MIN_CONTEXT_TOKENS

# English, marked for translation; shown as QCoreApplication.translate("SettingsDialog", …)
BUNDLED_MODEL_TEXT = QT_TRANSLATE_NOOP("SettingsDialog",
                                       "Empty: the default model (the first row above)")
GGUF_FILTER = QT_TRANSLATE_NOOP("SettingsDialog", "GGUF models (*.gguf)")
BUILTIN_FIELDS = ("heading", "title", "source", "chunk_index", "total_chunks", "page")
REINDEX_NOTE = QT_TRANSLATE_NOOP("SettingsDialog",
                                 "Saving will re-index the folder (re-chunk and re-embed).")
MAX_WINDOW = 512
MIN_WINDOW = MIN_BUDGET + HEADROOM  # the smallest window whose chunk budget the chunker accepts
ERROR_STYLE = "color: #b00020;"
WARNING_STYLE = "color: #8a5a00;"
NOTE_STYLE = "color: #1a4f8b;"


def _wrapped(label):
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)  # so layouts ask its height for the real width
    label.setSizePolicy(policy)
    label.setWordWrap(True)
    return label


def _fixed(widget):
    """Short numeric fields keep their natural width instead of spanning the dialog."""
    widget.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    return widget


class _Rows:
    """Label / field rows on a grid.

    A QFormLayout gives a word-wrapped label in the field column far more height
    than it needs (it sizes it for a narrow width), leaving gaps under every
    warning; a QGridLayout asks the label's real height for its real width.
    """

    def __init__(self, group: QGroupBox):
        self.grid = QGridLayout(group)
        self.grid.setColumnStretch(1, 1)
        self.grid.setHorizontalSpacing(12)
        self.labels: list = []
        self.rows = 0

    def addRow(self, text: str, widget) -> None:  # noqa: N802 - mirrors QFormLayout
        row, self.rows = self.rows, self.rows + 1
        if text:
            label = plain_label(text)
            label.setBuddy(widget)
            self.grid.addWidget(label, row, 0)
            self.labels.append(label)
        fixed = widget.sizePolicy().horizontalPolicy() == QSizePolicy.Policy.Fixed
        align = Qt.AlignmentFlag.AlignLeft if fixed else Qt.AlignmentFlag(0)
        self.grid.addWidget(widget, row, 1, align)

    def addWide(self, widget) -> None:  # noqa: N802 - as addRow
        """A widget across both columns (a table needs the room)."""
        row, self.rows = self.rows, self.rows + 1
        self.grid.addWidget(widget, row, 0, 1, 2)


def max_overlap(window: int) -> int:
    """The largest overlap the chunker accepts for a window (below half the chunk budget)."""
    return max(0, (window - HEADROOM) // 2 - 1)


def _grouped(text: str, count: int) -> str:
    """A translated plural whose %n (written by Qt as plain digits) is a number the
    language groups: "8192 tokens" → "8,192 tokens", "8 192 токена"."""
    return text.replace(str(count), number(count), 1)


class SettingsDialog(QDialog):
    """Edit the app settings. `window` is the embedder's real window (tokenizer.json);
    `metadata_fields` are the front-matter field names seen in the index."""

    def __init__(self, settings: AppSettings, window: int, metadata_fields=(), parent=None,
                 find: Callable[[list[str]], Found] = find_models):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self._initial = replace(settings, metadata=dict(settings.metadata),
                                model_folders=list(settings.model_folders))
        self._find = find
        self._window = int(window)
        self._model_ok = True
        self._chunking_ok = True
        self._policy_combos: dict[str, QComboBox] = {}
        self._form_rows: list[_Rows] = []

        # The groups scroll if the screen is short (a 768 px laptop), the note and
        # the buttons never do.
        content = QWidget()
        groups = QVBoxLayout(content)
        groups.setContentsMargins(0, 0, 0, 0)
        groups.setSpacing(10)
        groups.addWidget(self._window_group())
        groups.addWidget(self._model_group())
        groups.addWidget(self._retrieval_group())
        groups.addWidget(self._chunking_group())
        groups.addWidget(self._reading_group())
        groups.addWidget(self._shared_group())
        groups.addWidget(self._metadata_group(list(metadata_fields)), 1)
        self.scroll = QScrollArea()
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(content)

        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        layout.addWidget(self.scroll, 1)

        self.reindex_note = _wrapped(plain_label(
            QCoreApplication.translate("SettingsDialog", REINDEX_NOTE)))
        self.reindex_note.setStyleSheet(NOTE_STYLE)
        self.reindex_note.setToolTip(self.tr("Chunk sizes, overlap, profile and the metadata "
                                             "policy are baked into the index, so changing them "
                                             "rebuilds it."))
        layout.addWidget(self.reindex_note)

        self.button_box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.button_box.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Save", "button: save the settings"))
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)
        layout.addWidget(self.button_box)

        self._load(settings)
        self._connect()
        self._refresh()
        self._align_form_labels()
        self.resize(self.preferred_size(fit_screen=True))
        self.model_picker.search(self.model_folders.folders())

    # ----- building --------------------------------------------------------------------------

    def _form(self, group: QGroupBox) -> _Rows:
        rows = _Rows(group)
        self._form_rows.append(rows)
        return rows

    # ----- words -----------------------------------------------------------------------------

    def _tokens_text(self, count: int) -> str:
        """A context size: "4,096 tokens" (the number as the language groups it)."""
        return _grouped(self.tr("%n tokens", "a context size", count), count)

    def _tokens_suffix(self) -> str:
        return self.tr(" tokens", "suffix of a spin box: the same for every number")

    def _policy_labels(self) -> dict[str, str]:
        return {EMBED: self.tr("embed", "metadata policy: part of the text searched"),
                RETRIEVE: self.tr("retrieve only", "metadata policy: stored and shown"),
                DROP: self.tr("drop", "metadata policy: not stored")}

    def _profile_labels(self) -> dict[str, str]:
        return {
            "fitted": self.tr("fitted — structure-first, window-fitted (recommended)"),
            "spring-default": self.tr("spring-default — Spring AI 2.0.1 defaults, for "
                                      "comparison"),
        }

    def _embedder_labels(self) -> dict[str, str]:
        return {
            "auto": self.tr("automatic — by the documents' language (recommended)"),
            "english": self.tr("English — all-MiniLM-L6-v2 (reads English only)"),
            "multilingual": self.tr("multilingual — multilingual-e5-small (about 100 "
                                    "languages, slower)"),
        }

    def _window_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Window"))
        form = self._form(group)
        self.language_combo = QComboBox()
        names = {code: translations.native_name(code) for code in translations.available()}
        self.language_combo.addItem(self.tr("System ({language})").format(
            language=names[translations.resolved(translations.SYSTEM)]), translations.SYSTEM)
        for code, name in names.items():
            self.language_combo.addItem(name, code)
        self.language_combo.setToolTip(self.tr("The language of the window. Answers come in the "
                                               "language of the question, whatever this is."))
        form.addRow(self.tr("Language:"), self.language_combo)
        return group

    def _model_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Answer model"))
        form = self._form(group)

        self.model_picker = ModelPicker(self._find)
        form.addWide(self.model_picker)
        self.model_folders = ModelFolders(self._initial.model_folders)
        form.addRow(self.tr("Model folders:"), self.model_folders)

        self.model_edit = QLineEdit()
        self.model_edit.setPlaceholderText(
            QCoreApplication.translate("SettingsDialog", BUNDLED_MODEL_TEXT))
        self.model_edit.setClearButtonEnabled(True)
        self.model_edit.setToolTip(self.tr("The llama.cpp model (.gguf file) that writes the "
                                           "answers; leave empty to use the default model: the "
                                           "most accurate Qwen2.5-Coder installed that fits in "
                                           "memory (1.5B, else 0.5B), else the bundled "
                                           "SmolLM2-135M-Instruct."))
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.browse_button.setToolTip(self.tr("Choose a .gguf model file on this computer."))
        self.bundled_button = QPushButton(self.tr("Use default"))
        self.bundled_button.setToolTip(self.tr("Go back to the default model (the first row "
                                               "above)."))
        form.addRow(self.tr("Model file:"), self.model_edit)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.browse_button)
        buttons.addWidget(self.bundled_button)
        buttons.addStretch(1)
        holder = QWidget()
        holder.setLayout(buttons)
        form.addRow("", holder)

        self.model_error = _wrapped(plain_label())
        self.model_error.setStyleSheet(ERROR_STYLE)
        self.model_error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.model_error.hide()
        form.addRow("", self.model_error)

        self.n_ctx_combo = QComboBox()
        for size in CONTEXT_SIZES:
            self.n_ctx_combo.addItem(self._tokens_text(size), size)
        _fixed(self.n_ctx_combo)
        self.n_ctx_combo.setToolTip(self.tr("How many tokens the model reads at once (question, "
                                            "sources and answer); larger needs more memory."))
        form.addRow(self.tr("Context size:"), self.n_ctx_combo)

        self.answer_spin = QSpinBox()
        self.answer_spin.setRange(64, 2048)
        self.answer_spin.setSingleStep(32)
        self.answer_spin.setSuffix(self._tokens_suffix())
        _fixed(self.answer_spin)
        self.answer_spin.setToolTip(self.tr("Tokens of the context reserved for the answer; the "
                                            "rest holds the question and the sources."))
        form.addRow(self.tr("Answer length:"), self.answer_spin)

        self.prompt_combo = QComboBox()
        self.prompt_combo.addItem(self.tr("Quick: the best passages"), "evidence")
        self.prompt_combo.addItem(self.tr("Thorough: the best passages and the text around "
                                          "them"), "thorough")
        self.prompt_combo.addItem(self.tr("Whole sections (for large models)"), "sections")
        _fixed(self.prompt_combo)
        self.prompt_combo.setToolTip(self.tr(
            "What the model reads. Quick: the sentences, rows or lines of code most likely to "
            "answer (about 175 tokens). Thorough: those and the text around them (about 800 "
            "tokens, about four times the wait before the first word). Whole sections: "
            "everything under Sources, for a model that can use it."))
        form.addRow(self.tr("Model reads:"), self.prompt_combo)
        self.wait_label = _wrapped(plain_label())
        form.addRow("", self.wait_label)
        return group

    def _show_waits(self) -> None:
        """The wait before the first word for each way of reading, as measured
        on this computer for the chosen model (once it has answered here)."""
        waits = expected_waits(self.model_edit.text().strip() or None)
        if waits is None:
            self.wait_label.setText(self.tr(
                "The wait before the first word is shown here once this model has answered on "
                "this computer."))
            return
        self.wait_label.setText(self.tr(
            "Wait before the first word on this computer: quick about {quick} s, thorough "
            "about {thorough} s, whole sections about {sections} s.").format(
                quick=number(waits["evidence"], 1), thorough=number(waits["thorough"], 1),
                sections=number(waits["sections"], 1)))

    def _retrieval_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Retrieval"))
        form = self._form(group)
        self.results_spin = QSpinBox()
        self.results_spin.setRange(1, 10)
        _fixed(self.results_spin)
        self.results_spin.setToolTip(self.tr("How many handbook sections are given to the model "
                                             "and listed as sources (fitted profile only)."))
        form.addRow(self.tr("Sections returned:"), self.results_spin)
        self.context_spin = QSpinBox()
        self.context_spin.setRange(MIN_CONTEXT_TOKENS, 16000)
        self.context_spin.setSingleStep(100)
        self.context_spin.setSuffix(self._tokens_suffix())
        self.context_spin.setGroupSeparatorShown(True)  # "1,800", as the context size
        _fixed(self.context_spin)
        self.context_spin.setToolTip(self.tr(
            "How much section text the model reads for each question, shared by the sections "
            "returned (fitted profile only). Less is faster to answer but more often misses "
            "the passage: on the project's test set, 1,800 tokens found it 97 % of the time, "
            "900 tokens 93 %, 600 tokens 88 %, 400 tokens 82 % (the first words then come in "
            "about 1 s instead of 3 s)."))
        form.addRow(self.tr("Source text:"), self.context_spin)
        self.candidates_spin = QSpinBox()
        self.candidates_spin.setRange(5, 100)
        _fixed(self.candidates_spin)
        self.candidates_spin.setToolTip(self.tr("How many chunks each search (meaning and "
                                                "keywords) looks at before the best sections "
                                                "are picked."))
        form.addRow(self.tr("Chunks searched:"), self.candidates_spin)
        return group

    def _chunking_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Chunking (changing these re-indexes the folder)"))
        form = self._form(group)

        self.embedder_combo = QComboBox()
        labels = self._embedder_labels()
        for choice in EMBEDDERS:
            self.embedder_combo.addItem(labels[choice], choice)
        self.embedder_combo.setToolTip(self.tr(
            "The model that turns chunks into vectors. Automatic uses all-MiniLM-L6-v2 while "
            "every document is in English, and multilingual-e5-small as soon as one is not "
            "(Russian, Spanish, German …): questions in any language then find passages in "
            "any of them."))
        form.addRow(self.tr("Embedder:"), self.embedder_combo)

        self.overlap_spin = QSpinBox()
        self.overlap_spin.setSuffix(self._tokens_suffix())
        _fixed(self.overlap_spin)
        self.overlap_spin.setToolTip(self.tr("Tokens repeated at the start of the next chunk so "
                                             "a sentence cut at a boundary is still found. More "
                                             "chunks, each with less new text: on the "
                                             "PostgreSQL dev set, 16 tokens lowered chunk recall "
                                             "from 0.85 to 0.80."))
        form.addRow(self.tr("Overlap:"), self.overlap_spin)

        self.window_spin = QSpinBox()
        self.window_spin.setRange(0, MAX_WINDOW)
        self.window_spin.setSpecialValueText(
            self.tr("from tokenizer.json ({window})").format(window=number(self._window)))
        self.window_spin.setSuffix(self._tokens_suffix())
        _fixed(self.window_spin)
        self.window_spin.setToolTip(self.tr("The most tokens the embedding model sees per chunk; "
                                            "0 uses the model's own limit from tokenizer.json."))
        form.addRow(self.tr("Window override:"), self.window_spin)

        self.window_warning = _wrapped(plain_label())
        self.window_warning.setStyleSheet(WARNING_STYLE)
        self.window_warning.hide()
        form.addRow("", self.window_warning)

        self.profile_combo = QComboBox()
        labels = self._profile_labels()
        for profile in PROFILES:
            self.profile_combo.addItem(labels.get(profile, profile), profile)
        self.profile_combo.setToolTip(self.tr("How documents are cut into chunks: the app's own "
                                              "structure-aware chunker, or Spring AI's for "
                                              "comparison."))
        form.addRow(self.tr("Profile:", "chunking profile"), self.profile_combo)

        self.chunking_error = _wrapped(plain_label())
        self.chunking_error.setStyleSheet(ERROR_STYLE)
        self.chunking_error.hide()
        form.addRow("", self.chunking_error)
        return group

    def _reading_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Reading files"))
        form = self._form(group)
        self.ocr_check = QCheckBox(self.tr("Read scanned pages with OCR (1–2 s a page)"))
        self.ocr_check.setToolTip(self.tr("PDF pages that are pictures of text (scans) are read "
                                          "with the bundled OCR model. Off: such pages are left "
                                          "out, and a PDF with no text at all is listed as "
                                          "failed."))
        form.addRow(self.tr("Scans:"), self.ocr_check)
        return group

    def _shared_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Shared index (a team's, on PostgreSQL)"))
        form = self._form(group)
        self.shared = SharedIndexBox()
        form.addRow(self.tr("Server:", "the database server of a shared index"), self.shared)
        label = form.labels[-1]  # beside the address, not the middle of the box
        label.setContentsMargins(0, 6, 0, 0)
        form.grid.setAlignment(label, Qt.AlignmentFlag.AlignTop)
        return group

    def _metadata_group(self, metadata_fields: list[str]) -> QGroupBox:
        group = QGroupBox(self.tr("Metadata policy"))
        box = QVBoxLayout(group)
        self.metadata_intro = intro = _wrapped(plain_label(self.tr(
            "Embed: part of the text searched by meaning. Retrieve only: stored and shown "
            "with results. Drop: not stored at all.")))
        box.addWidget(intro)

        names: list[str] = []
        for name in (*BUILTIN_FIELDS, *metadata_fields, *self._initial.metadata):
            if isinstance(name, str) and name and name not in names:
                names.append(name)

        self.metadata_table = display_table(len(names), 2)
        self.metadata_table.setHorizontalHeaderLabels(
            [self.tr("Field", "metadata table column: a document field's name"),
             self.tr("Policy", "metadata table column: what happens to the field")])
        header = self.metadata_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(1, 180)
        self.metadata_table.setToolTip(self.tr("What happens to each document field when the "
                                               "folder is indexed."))
        policy_labels = self._policy_labels()
        for row, name in enumerate(names):
            item = QTableWidgetItem(name)  # table items are never rendered as markup
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.metadata_table.setItem(row, 0, item)
            combo = QComboBox()
            for value in POLICY_VALUES:
                if value == DROP and name in CITATION_FIELDS:
                    continue
                combo.addItem(policy_labels[value], value)
            if name in CITATION_FIELDS:
                combo.setToolTip(self.tr("Citations need this field (to name the source, "
                                         "section and page), so it cannot be dropped."))
                item.setToolTip(self.tr("Citations need this field, so it cannot be dropped."))
            else:
                combo.setToolTip(self.tr("Embed, keep for results only, or drop this field."))
            self.metadata_table.setCellWidget(row, 1, combo)
            self._policy_combos[name] = combo
        self.metadata_table.resizeRowsToContents()
        rows_shown = max(min(len(names), 5), 1)
        self._row_height = self.metadata_table.rowHeight(0) if names else 30
        self.metadata_table.setMinimumHeight(
            header.sizeHint().height() + rows_shown * self._row_height + 4)
        self.metadata_table.setSizePolicy(QSizePolicy.Policy.Expanding,
                                          QSizePolicy.Policy.Expanding)
        box.addWidget(self.metadata_table)
        return group

    def policy_combo(self, name: str) -> QComboBox:
        """The policy combo of one metadata field (KeyError if it has no row)."""
        return self._policy_combos[name]

    def _align_form_labels(self) -> None:
        """One label column for all groups, so the fields line up from group to group."""
        labels = [label for rows in self._form_rows for label in rows.labels]
        width = max((label.sizeHint().width() for label in labels), default=0)
        for label in labels:
            label.setMinimumWidth(width)

    def preferred_size(self, width: int = 640, fit_screen: bool = False) -> QSize:
        """640 px wide (or wider if a field needs it), tall enough to show every group
        without scrolling and up to 9 metadata rows; with `fit_screen`, no taller
        than the screen allows (the groups then scroll)."""
        content = self.scroll.widget()
        width = max(width, content.minimumSizeHint().width() + self._margins_width())
        inner = width - self._margins_width()
        # measured as if the scroll bar were there: never a bar for want of a few pixels
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        height = (content.layout().totalHeightForWidth(inner - bar)
                  if content.layout().hasHeightForWidth() else content.sizeHint().height())
        table = self.metadata_table
        rows = min(table.rowCount(), 9)
        wanted = table.horizontalHeader().sizeHint().height() + rows * self._row_height + 4
        height += max(0, wanted - max(table.minimumHeight(), table.sizeHint().height()))
        layout = self.layout()
        for widget in (self.reindex_note, self.button_box):
            if not widget.isHidden():
                hint = (widget.heightForWidth(inner) if widget.hasHeightForWidth()
                        else widget.sizeHint().height())
                height += hint + layout.spacing()
        margins = layout.contentsMargins()
        height += margins.top() + margins.bottom()
        screen = self.screen()
        if fit_screen and screen is not None:
            height = min(height, int(screen.availableGeometry().height() * 0.9))
        return QSize(width, height)

    def _margins_width(self) -> int:
        margins = self.layout().contentsMargins()
        return margins.left() + margins.right()

    # ----- state -----------------------------------------------------------------------------

    def _load(self, settings: AppSettings) -> None:
        self.language_combo.setCurrentIndex(max(self.language_combo.findData(settings.language),
                                                0))
        self.model_edit.setText(settings.model_path or "")
        self.model_picker.show_current(self.model_edit.text())
        index = self.n_ctx_combo.findData(settings.n_ctx)
        if index < 0:  # a size saved by hand: keep it selectable rather than lose it
            self.n_ctx_combo.addItem(self._tokens_text(settings.n_ctx), settings.n_ctx)
            index = self.n_ctx_combo.count() - 1
        self.n_ctx_combo.setCurrentIndex(index)
        self.answer_spin.setValue(settings.answer_tokens)
        self.prompt_combo.setCurrentIndex(max(self.prompt_combo.findData(settings.prompt), 0))
        self._show_waits()
        self.results_spin.setValue(settings.results)
        self.context_spin.setValue(settings.context_tokens)
        self.candidates_spin.setValue(settings.candidates)
        self.window_spin.setValue(settings.window_override)
        self.overlap_spin.setRange(0, max_overlap(self._effective_window()))
        self.overlap_spin.setValue(settings.overlap)
        profile = self.profile_combo.findData(settings.profile)
        self.profile_combo.setCurrentIndex(max(profile, 0))
        self.embedder_combo.setCurrentIndex(max(self.embedder_combo.findData(settings.embedder), 0))
        self.ocr_check.setChecked(settings.ocr)
        self.shared.set_location(settings.shared_index, settings.maintain_shared)
        for name, combo in self._policy_combos.items():
            value = settings.metadata.get(name, FRONT_MATTER_DEFAULT)
            index = combo.findData(value)
            if index < 0:  # unknown value, or drop on a citation field
                index = combo.findData(DEFAULT_METADATA_POLICY.get(name, FRONT_MATTER_DEFAULT))
            combo.setCurrentIndex(index)

    def _connect(self) -> None:
        self.browse_button.clicked.connect(self._browse)
        self.bundled_button.clicked.connect(self.model_edit.clear)
        self.model_edit.textChanged.connect(self._refresh)
        self.model_edit.textChanged.connect(self._show_waits)
        self.model_edit.textChanged.connect(self.model_picker.show_current)
        self.model_picker.picked.connect(self.model_edit.setText)  # validated as a typed path
        self.model_picker.searched.connect(
            lambda found: self.model_folders.mark_missing(found.missing_folders))
        self.model_folders.changed.connect(
            lambda: self.model_picker.search(self.model_folders.folders()))
        for spin in (self.overlap_spin, self.window_spin):
            spin.valueChanged.connect(self._refresh)
        self.profile_combo.currentIndexChanged.connect(self._refresh)
        self.embedder_combo.currentIndexChanged.connect(self._refresh)
        self.shared.edit.textChanged.connect(self._refresh)
        for combo in self._policy_combos.values():
            combo.currentIndexChanged.connect(self._refresh)

    def _effective_window(self) -> int:
        return self.window_spin.value() or self._window

    def _browse(self) -> None:
        current = self.model_edit.text().strip()
        start = str(Path(current).parent) if current else str(Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Choose an answer model"), start,
            QCoreApplication.translate("SettingsDialog", GGUF_FILTER))
        if path:
            self.model_edit.setText(path)

    def _check_model(self) -> None:
        path = self.model_edit.text().strip()
        message = ""
        if path:
            try:
                check_model_file(Path(path))
            except ModelError as error:
                message = as_sentence(message_of(error))
            except OSError as error:  # e.g. a path the system refuses to look at
                message = self.tr("The model file {path} cannot be checked ({reason}).").format(
                    path=path, reason=error.strerror or error)
        self._model_ok = not message
        self.model_error.setText(message)
        self.model_error.setVisible(bool(message))

    def _check_window(self) -> None:
        override = self.window_spin.value()
        effective = self._effective_window()
        self.overlap_spin.setMaximum(max_overlap(effective))
        warning = ""
        error = ""
        if override and override < MIN_WINDOW:
            error = self.tr("A window of %n tokens is too small: chunks need at least {minimum} "
                            "tokens. Use 0 for the model's own window.", "", override).format(
                                minimum=number(MIN_WINDOW))
        elif override and override != self._window:
            warning = self.tr("Changing the window re-chunks and re-embeds the whole index.")
            if override > self._window:
                warning += " " + self.tr("The bundled MiniLM was trained on {window}-token "
                                         "inputs, so longer windows can blur its vectors.").format(
                                             window=number(self._window))
            else:
                warning += " " + self.tr("Shorter windows make smaller chunks, each with less "
                                         "context.")
        self._chunking_ok = not error
        self.window_warning.setText(warning)
        self.window_warning.setVisible(bool(warning))
        self.chunking_error.setText(error)
        self.chunking_error.setVisible(bool(error))

    def _refresh(self) -> None:
        self._check_model()
        self._check_window()
        self.results_spin.setEnabled(self.profile_combo.currentData() == "fitted")
        self.context_spin.setEnabled(self.profile_combo.currentData() == "fitted")
        self.reindex_note.setVisible(self.result_settings().reindex_needed(self._initial))
        self.ok_button.setEnabled(self._model_ok and self._chunking_ok
                                  and not self.shared.problem())

    # ----- results ---------------------------------------------------------------------------

    def _metadata(self) -> dict[str, str]:
        metadata = dict(self._initial.metadata)
        for name, combo in self._policy_combos.items():
            value = combo.currentData()
            # A field the settings never named keeps its implicit default; only a
            # real choice is written, so an untouched dialog changes nothing.
            if name in metadata or value != FRONT_MATTER_DEFAULT:
                metadata[name] = value
        return metadata

    def result_settings(self) -> AppSettings:
        """A new AppSettings from the widgets (call after exec)."""
        return replace(
            self._initial,
            model_path=self.model_edit.text().strip(),
            model_folders=self.model_folders.folders(),
            n_ctx=int(self.n_ctx_combo.currentData()),
            answer_tokens=self.answer_spin.value(),
            prompt=str(self.prompt_combo.currentData()),
            results=self.results_spin.value(),
            context_tokens=self.context_spin.value(),
            candidates=self.candidates_spin.value(),
            overlap=self.overlap_spin.value(),
            window_override=self.window_spin.value(),
            embedder=str(self.embedder_combo.currentData()),
            profile=str(self.profile_combo.currentData()),
            metadata=self._metadata(),
            ocr=self.ocr_check.isChecked(),
            shared_index=self.shared.location(),
            maintain_shared=self.shared.maintain.isChecked() and bool(self.shared.location()),
            language=str(self.language_combo.currentData()),
        )

    def accept(self) -> None:
        self._refresh()
        if self.ok_button.isEnabled():
            super().accept()

    @staticmethod
    def edit(settings: AppSettings, window: int, metadata_fields=(), parent=None
             ) -> AppSettings | None:
        """Show the dialog modally; the new settings, or None if cancelled."""
        dialog = SettingsDialog(settings, window, metadata_fields, parent)
        try:
            if dialog.exec() == QDialog.DialogCode.Accepted:
                return dialog.result_settings()
            return None
        finally:
            dialog.deleteLater()


__all__ = ["SettingsDialog", "BUILTIN_FIELDS", "BUNDLED_MODEL_TEXT", "REINDEX_NOTE"]
