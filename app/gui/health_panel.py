"""The chunk-health panel: what the embedder can and cannot see in the open index.

A one-line verdict, the chunk lengths in both tokenizers as histograms (median,
p95 and the window drawn as lines), the split-level mix, the table of chunks
longer than the window and, for the selected one, its embedded text with the
invisible tail struck through from the exact token where the model stops
reading. Document text is always escaped (see app/gui/safe_text.py).
"""
from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFileDialog, QFrame, QHBoxLayout,
                               QHeaderView, QLabel, QPushButton, QScrollArea, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from app.common.said import message_of
from app.evaluation.export import write_health_csv, write_json
from app.evaluation.health import SPLIT_LEVELS, HealthReport, health_report, invisible_percent
from app.gui.histogram import Histogram, SplitMix
from app.gui.locale_format import number, percent
from app.gui.safe_text import SafeTextBrowser, esc, plain_label
from app.gui.words import as_sentence, worded
from app.store.backends import parse_location
from app.store.contract import StoreError
from app.workspace.embedders import EmbedderUnavailable
from app.workspace.indexes import opened_index

log = logging.getLogger(__name__)

NUMERIC = {2, 3, 4, 5}
MARKER_BACKGROUND = "#fff1c2"
TAIL_COLOR = "#8a8a8a"
SPLIT_LABELS = {"token": QT_TRANSLATE_NOOP("HealthPanel", "fixed token windows")}


def columns() -> tuple[str, ...]:
    """The table's headers, in the window's language."""
    return (QCoreApplication.translate("HealthPanel", "Document", "table column"),
            QCoreApplication.translate("HealthPanel", "Heading", "table column"),
            QCoreApplication.translate("HealthPanel", "Tokens", "table column"),
            QCoreApplication.translate("HealthPanel", "Window",
                                       "table column: the embedder's window, in tokens"),
            QCoreApplication.translate("HealthPanel", "Invisible\ntokens", "table column"),
            QCoreApplication.translate("HealthPanel", "Invisible\n%", "table column"),
            QCoreApplication.translate("HealthPanel", "Split\nlevel", "table column"))


# ---------------------------------------------------------------- pure functions

@dataclass
class Boundary:
    """Where the embedder stops reading a chunk's embedded text."""

    visible: str
    invisible: str
    token: int | None        # 0-based index of the first unread token of the text (specials excluded)
    char: int | None         # character offset where the unread part starts
    text_tokens: int         # WordPiece tokens of the text, specials excluded
    readable_tokens: int     # how many of them the model reads: window - specials


def find_boundary(embedder, text: str, window: int) -> Boundary:
    """With its specials the model reads `window - specials` tokens of the text
    ([CLS] + tokens + [SEP] = window): the tail starts where the next one starts."""
    pieces = embedder.pieces(text)
    readable = window - getattr(embedder, "special_tokens", 2)
    if len(pieces) <= readable:
        return Boundary(text, "", None, None, len(pieces), readable)
    char = pieces[readable][0]
    return Boundary(text[:char], text[char:], readable, char, len(pieces), readable)


def boundary_note(boundary: Boundary, window: int) -> str:
    unread = boundary.text_tokens - boundary.readable_tokens
    # HealthPanel.tr, not QCoreApplication.translate: pyside6-lupdate reads a count
    # given to translate as a plural only when it is a literal number
    note = HealthPanel.tr(
        "the embedder stops here: token {token} of {total} (character {char}) · "
        "it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln tokens after this "
        "never reach it", "", unread)
    return " ▶ " + note.format(token=number(boundary.token + 1), total=number(boundary.text_tokens),
                                char=number(boundary.char),
                                readable=number(boundary.readable_tokens),
                                window=number(window)) + " "


def chunk_html(boundary: Boundary, window: int) -> str:
    """The chunk as escaped HTML: the part the model reads, a marker, the struck tail."""
    html = ['<div style="white-space: pre-wrap;">', esc(boundary.visible)]
    if boundary.token is not None:
        html.append(f'<a name="boundary"></a><span style="background-color: {MARKER_BACKGROUND};'
                    f' color: #6b4500; font-weight: bold;">{esc(boundary_note(boundary, window))}'
                    '</span>')
        html.append(f'<span style="color: {TAIL_COLOR}; text-decoration: line-through;">'
                    f'{esc(boundary.invisible)}</span>')
    html.append("</div>")
    return "".join(html)


def split_mix(chunks: list[dict], report: HealthReport) -> list[tuple[str, float]]:
    """The report's split-level shares, plus any level the fitted chunker does not
    use (the spring-default profile cuts fixed token windows: 'token').
    `chunks`: the store's chunk_lengths()."""
    shares = [(level, report.split_levels.get(level, 0.0)) for level in SPLIT_LEVELS]
    if report.chunks:
        others = Counter(c["split_level"] for c in chunks if c["split_level"] not in SPLIT_LEVELS)
        for level, n in sorted(others.items(), key=lambda item: item[0] or ""):
            if level in SPLIT_LABELS:
                label = QCoreApplication.translate("HealthPanel", SPLIT_LABELS[level])
            else:
                label = level or QCoreApplication.translate("HealthPanel", "unknown",
                                                            "split level not recorded")
            shares.append((label, round(n / report.chunks, 4)))
    return shares


# ---------------------------------------------------------------- widgets

class NumericItem(QTableWidgetItem):
    """A cell that sorts by its number, not by its text."""

    def __init__(self, value: float, text: str | None = None):
        super().__init__(text if text is not None else number(value))
        self.setData(Qt.ItemDataRole.UserRole, value)
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(Qt.ItemDataRole.UserRole), other.data(Qt.ItemDataRole.UserRole)
        if isinstance(mine, (int, float)) and isinstance(theirs, (int, float)):
            return mine < theirs
        return super().__lt__(other)


class FillingScrollArea(QScrollArea):
    """Its widget fills the viewport, and scrolls only below the widget's minimum size.
    (`widgetResizable` sizes a widget with word-wrapped labels to its preferred
    height-for-width instead, which scrolls at any size.)"""

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        widget = self.widget()
        if widget is None:
            return
        labels = [label for label in widget.findChildren(QLabel) if label.wordWrap()]
        for label in labels:
            label.setMinimumHeight(0)
        viewport = self.viewport().size()
        if widget.heightForWidth(viewport.width()) <= viewport.height():
            widget.resize(viewport)  # everything fits: no scrolling
            return
        for _ in range(3):  # wrapped labels need their height at their new width
            for label in labels:
                if not label.isHidden() and label.width() > 0:
                    label.setMinimumHeight(label.heightForWidth(label.width()))
            minimum = widget.minimumSizeHint()
            width = max(viewport.width(), minimum.width())
            height = max(viewport.height(), minimum.height())
            if height > viewport.height() and width == viewport.width():
                width = max(width - self.verticalScrollBar().sizeHint().width(),
                            minimum.width())
            widget.resize(width, height)
            if widget.layout() is not None:
                widget.layout().activate()


class HealthPanel(QWidget):
    """The chunk-health ("truncation") panel of the open index."""

    openChunk = Signal(int)   # a chunk id, to be shown in the viewer

    def __init__(self, embedders=None, parent=None):
        super().__init__(parent)
        self._embedders = embedders  # app.workspace.embedders.EmbedderCache
        self.db: Path | None = None
        self.folder: Path | None = None
        self.report: HealthReport | None = None
        self.boundary: Boundary | None = None
        self.selected_chunk: int | None = None
        self._build()
        self.show_empty(self.tr("No index yet: open a folder to see how its chunks fit the "
                                "embedder."))

    @property
    def embedder(self):
        """The embedder the index was built with: its tokenizer says where it stops reading."""
        from app.workspace.embedders import ENGLISH, shared_embedders

        embedders = self._embedders or shared_embedders()
        return embedders.get(self.report.embedder if self.report and self.report.embedder
                             else ENGLISH)

    # -- construction ---------------------------------------------------------------
    def _build(self) -> None:
        self.verdict = plain_label()
        font = self.verdict.font()
        font.setPointSizeF(font.pointSizeF() + 2)
        font.setBold(True)
        self.verdict.setFont(font)
        self.verdict.setWordWrap(True)
        self.summary = plain_label()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #444")
        self.visible = plain_label()
        self.visible.setWordWrap(True)
        self.warnings = plain_label()
        self.warnings.setWordWrap(True)
        self.warnings.setStyleSheet("QLabel { background: #fde7e9; border: 1px solid #e8a0a6; "
                                    "padding: 4px; color: #7a1020; }")
        self.wordpiece_chart = Histogram(self.tr("WordPiece (embedder)"),
                                         self.tr("tokens per chunk", "chart axis"))
        self.cl100k_chart = Histogram(self.tr("cl100k (splitter)"),
                                      self.tr("tokens per chunk", "chart axis"))
        charts = QHBoxLayout()
        charts.setContentsMargins(0, 0, 0, 0)
        charts.addWidget(self.wordpiece_chart)
        charts.addWidget(self.cl100k_chart)
        self.split_title = plain_label(self.tr("How chunks were cut:"))
        self.split_title.setToolTip(self.tr("The share of chunks by the finest split each one "
                                            "needed"))
        self.split_mix = SplitMix()
        self.save_json = QPushButton(self.tr("Save JSON…"))
        self.save_json.setToolTip(self.tr("The whole report, as `handbook-qa inspect --json` "
                                          "writes it"))
        self.save_json.clicked.connect(lambda: self._save("json"))
        self.save_csv = QPushButton(self.tr("Save CSV…"))
        self.save_csv.setToolTip(self.tr("One row per chunk over the window"))
        self.save_csv.clicked.connect(lambda: self._save("csv"))
        self.save_note = plain_label()
        self.save_note.setStyleSheet("color: #555")
        verdict_row = QHBoxLayout()
        verdict_row.addWidget(self.verdict, 1)
        verdict_row.addWidget(self.save_json, 0, Qt.AlignmentFlag.AlignTop)
        verdict_row.addWidget(self.save_csv, 0, Qt.AlignmentFlag.AlignTop)
        split_row = QHBoxLayout()
        split_row.addWidget(self.split_title, 0, Qt.AlignmentFlag.AlignTop)
        split_row.addWidget(self.split_mix, 1)

        overview = QWidget()
        top = QVBoxLayout(overview)
        top.setContentsMargins(6, 6, 6, 0)
        top.addLayout(verdict_row)
        top.addWidget(self.save_note)
        top.addWidget(self.summary)
        top.addWidget(self.visible)
        top.addWidget(self.warnings)
        top.addLayout(charts, 1)
        top.addLayout(split_row)

        self.table_title = plain_label()
        self.document_filter = QComboBox()
        self.document_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.document_filter.setMinimumContentsLength(10)
        self.document_filter.currentIndexChanged.connect(self._apply_filter)
        filter_row = QHBoxLayout()
        filter_row.addWidget(self.table_title, 1)
        filter_row.addWidget(plain_label(self.tr("Document:", "filter of the table")))
        filter_row.addWidget(self.document_filter)
        headers = columns()
        self.table = QTableWidget(0, len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setTextElideMode(Qt.TextElideMode.ElideLeft)  # file name, last heading
        self.table.itemSelectionChanged.connect(self._on_selection)
        self.table.cellDoubleClicked.connect(lambda *_: self._open_selected())
        self.no_rows = plain_label()
        self.no_rows.setWordWrap(True)
        self.no_rows.setStyleSheet("color: #2e6b1f; padding: 8px;")
        table_box = QWidget()
        table_layout = QVBoxLayout(table_box)
        table_layout.setContentsMargins(6, 0, 6, 0)
        table_layout.addLayout(filter_row)
        table_layout.addWidget(self.table, 1)
        table_layout.addWidget(self.no_rows)

        self.chunk_title = plain_label(self.tr("Select a chunk above to see what the embedder "
                                               "reads."))
        self.chunk_title.setWordWrap(True)
        self.open_button = QPushButton(self.tr("Open in viewer"))
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self._open_selected)
        title_row = QHBoxLayout()
        title_row.addWidget(self.chunk_title, 1)
        title_row.addWidget(self.open_button)
        self.legend = plain_label(self.tr("Normal text: what the embedder reads. Grey, "
                                          "struck-through text: the invisible tail it never "
                                          "sees."))
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #555")
        self.text = SafeTextBrowser()
        self.text.setAccessibleName(self.tr("Chunk text"))
        self.chunk_box = QWidget()
        chunk_layout = QVBoxLayout(self.chunk_box)
        chunk_layout.setContentsMargins(6, 0, 6, 6)
        chunk_layout.addLayout(title_row)
        chunk_layout.addWidget(self.legend)
        chunk_layout.addWidget(self.text, 1)

        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(table_box)
        self.splitter.addWidget(self.chunk_box)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([180, 220])
        table_box.setMinimumHeight(150)
        self.chunk_box.setMinimumHeight(170)
        # below its minimum size (a narrow side panel) the panel scrolls instead of crushing
        content = QWidget()
        self.layout_ = QVBoxLayout(content)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(overview)
        self.layout_.addWidget(self.splitter)
        scroll = FillingScrollArea()
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    # -- data -------------------------------------------------------------------------
    def refresh(self, db: Path | None, folder: Path | None = None) -> None:
        """Read the health report of the index at `db` (cheap: a few SQL queries)."""
        self.db = parse_location(db) if db else None
        self.folder = Path(folder) if folder else None
        if self.db is None or not self.db.exists():
            self.show_empty(self.tr("No index yet: the chunk health is shown once the folder is "
                                    "indexed."))
            return
        try:
            with opened_index(self.db) as store:
                report = health_report(store)
                lengths = store.chunk_lengths()
                mix = split_mix(lengths, report)
        except StoreError as error:
            self.show_empty(self.tr("The index could not be read: {error}").format(
                error=worded(message_of(error))))
            return
        selected, document = self.selected_chunk, self.document_filter.currentData()
        self.show_report(report, [r["tokens"] for r in lengths],
                         [r["tokens_cl100k"] for r in lengths], mix)
        # a re-index of an unchanged folder keeps what the user was looking at
        if document in self.document_names():
            self.filter_document(document)
        if selected is not None and any(c.chunk_id == selected for c in report.over_window):
            self.select_chunk(selected)

    def show_empty(self, message: str) -> None:
        self.report = None
        self.verdict.setText(message)
        for label in (self.summary, self.visible, self.warnings, self.save_note):
            label.setText("")
        self.warnings.hide()
        self.wordpiece_chart.set_values([])
        self.cl100k_chart.set_values([])
        self.split_mix.set_shares([])
        self.save_json.setEnabled(False)
        self.save_csv.setEnabled(False)
        self._fill_table([])

    def show_report(self, report: HealthReport, wordpiece: list[int], cl100k: list[int],
                    mix: list[tuple[str, float]]) -> None:
        self.report = report
        self.verdict.setText(worded(report.verdict))
        self.verdict.setStyleSheet("color: #7a1020" if report.over_window else "color: #1e5b12")
        from app.ingest.chunking.spring import DEFAULT_CHUNK_SIZE

        budget = (self.tr("budget %Ln tokens per chunk", "", report.budget)
                  if report.profile == "fitted" else
                  self.tr("chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)", "",
                          DEFAULT_CHUNK_SIZE))
        languages = ", ".join(sorted(report.languages, key=report.languages.get, reverse=True))
        embedder = report.embedder or self.tr("unknown", "embedder not recorded")
        documents = (self.tr("%Ln documents ({failed} failed)", "", report.documents).format(
                         failed=number(report.failed_documents))
                     if report.failed_documents else
                     self.tr("%Ln documents", "", report.documents))
        # a list of facts, each translated whole
        self.summary.setText(" · ".join((
            (self.tr("Embedder {name} (documents in {languages})").format(
                name=embedder, languages=languages) if languages else
             self.tr("Embedder {name}").format(name=embedder)),
            self.tr("profile {profile}").format(profile=report.profile),
            self.tr("window %Ln tokens (its own, specials included)", "", report.window),
            budget,
            documents,
            self.tr("%Ln sections", "", report.sections),
            self.tr("%Ln chunks", "", report.chunks))))
        share = report.visible_share
        self.visible.setText(
            self.tr("The embedder reads {share} of all chunk tokens.").format(
                share=percent(share, 1)) if share >= 1 else
            self.tr("The embedder reads {share} of all chunk tokens: {cut} are cut off and never "
                    "reach the vectors.").format(share=percent(share, 1),
                                                 cut=percent(1 - share, 1)))
        self.visible.setStyleSheet("color: #1e5b12" if share >= 1 else
                                   "color: #7a1020; font-weight: bold")
        warnings = report.warnings()
        self.warnings.setText("\n".join(f"⚠ {worded(w)}" for w in warnings))
        self.warnings.setVisible(bool(warnings))
        self.wordpiece_chart.set_values(wordpiece, report.window,
                                        self.tr("window", "chart line: the embedder's window"),
                                        shade_over_window=True)
        self.cl100k_chart.set_values(cl100k, report.window,
                                     self.tr("window (WordPiece)",
                                             "chart line: the embedder's window"))
        self.split_mix.set_shares(mix)
        self.save_json.setEnabled(True)
        self.save_csv.setEnabled(True)
        self.save_note.setText("")
        self.save_note.hide()
        self._fill_table(report.over_window)

    def _fill_table(self, chunks) -> None:
        window = self.report.window if self.report else 0
        self.table.setSortingEnabled(False)
        self.table.clearSelection()
        self.table.setRowCount(len(chunks))
        for row, chunk in enumerate(chunks):
            document = QTableWidgetItem(chunk.source)
            document.setData(Qt.ItemDataRole.UserRole, chunk.chunk_id)
            share = invisible_percent(chunk.tokens, chunk.invisible_tokens)
            cells = [document, QTableWidgetItem(chunk.heading), NumericItem(chunk.tokens),
                     NumericItem(window), NumericItem(chunk.invisible_tokens),
                     # rounded first: round(57.5) / 100 * 100 is 58, 57.5 / 100 * 100 is not 57.5
                     NumericItem(share, percent(round(share) / 100)),
                     QTableWidgetItem(self.level_words(chunk.split_level))]
            for column, item in enumerate(cells):
                self.table.setItem(row, column, item)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.resizeColumnToContents(0)
        self.table.setColumnWidth(0, min(self.table.columnWidth(0), 170))
        documents = sorted({c.source for c in chunks})
        self.document_filter.blockSignals(True)
        self.document_filter.clear()
        self.document_filter.addItem(self.tr("All documents"), None)
        for name in documents:
            count = sum(1 for c in chunks if c.source == name)
            self.document_filter.addItem(f"{name} ({number(count)})", name)
        self.document_filter.blockSignals(False)
        self.document_filter.setEnabled(bool(chunks))
        has_rows = bool(chunks)
        self.table.setVisible(has_rows)
        self.no_rows.setVisible(not has_rows and self.report is not None)
        if self.report is not None and not has_rows:
            self.no_rows.setText(self.tr("No chunk is longer than the {window}-token window: the "
                                         "embedder reads every token of every chunk.").format(
                                             window=number(self.report.window)))
        self.chunk_box.setVisible(has_rows)
        self._apply_filter()
        self._show_chunk(None)
        # with chunks to list, the table and the text get the room; else the charts
        self.layout_.setStretch(0, 0 if has_rows else 1)
        self.layout_.setStretch(1, 1 if has_rows else 0)
        if has_rows:
            self.table.selectRow(0)  # the worst chunk first: the report lists them so

    def level_words(self, level: str) -> str:
        """A chunk's split level as the table names it: as the split-mix legend
        names it (app.evaluation.health.SPLIT_LEVELS; the spring-default
        profile's 'token'); a level it does not know is shown as written."""
        if level in SPLIT_LABELS:
            return QCoreApplication.translate("HealthPanel", SPLIT_LABELS[level])
        return self.split_mix.level_name(level)

    def _apply_filter(self) -> None:
        wanted = self.document_filter.currentData()
        shown = 0
        for row in range(self.table.rowCount()):
            hidden = wanted is not None and self.table.item(row, 0).text() != wanted
            self.table.setRowHidden(row, hidden)
            shown += not hidden
        total = len(self.report.over_window) if self.report else 0
        self.table_title.setText(
            self.tr("Chunks over the window: {total}").format(total=number(total))
            if wanted is None else
            self.tr("Chunks over the window: {total} ({shown} in this document)").format(
                total=number(total), shown=number(shown)))
        selected = {index.row() for index in self.table.selectionModel().selectedRows()}
        visible = self.visible_rows()
        if selected and not selected & set(visible):
            if visible:
                self.table.selectRow(visible[0])
            else:
                self.table.clearSelection()

    def document_names(self) -> list[str]:
        return [self.document_filter.itemData(i) for i in range(1, self.document_filter.count())]

    def filter_document(self, name: str | None) -> None:
        index = self.document_filter.findData(name) if name else 0
        self.document_filter.setCurrentIndex(max(index, 0))

    def visible_rows(self) -> list[int]:
        return [row for row in range(self.table.rowCount()) if not self.table.isRowHidden(row)]

    def chunk_id_at(self, row: int) -> int:
        return self.table.item(row, 0).data(Qt.ItemDataRole.UserRole)

    def select_chunk(self, chunk_id: int) -> None:
        for row in range(self.table.rowCount()):
            if self.chunk_id_at(row) == chunk_id:
                self.table.selectRow(row)
                return

    # -- the selected chunk -------------------------------------------------------------
    def _on_selection(self) -> None:
        rows = {index.row() for index in self.table.selectedIndexes()}
        self._show_chunk(self.chunk_id_at(rows.pop()) if rows else None)

    def _show_chunk(self, chunk_id: int | None) -> None:
        self.selected_chunk = chunk_id
        self.boundary = None
        self.open_button.setEnabled(chunk_id is not None)
        if chunk_id is None or self.report is None or self.db is None:
            self.chunk_title.setText(self.tr("Select a chunk above to see what the embedder "
                                             "reads."))
            self.text.clear()
            return
        try:
            with opened_index(self.db) as store:
                found = store.chunk_detail(chunk_id)
                rows = [found] if found else []
        except StoreError as error:
            rows = []
            log.warning("chunk %s could not be read: %s", chunk_id, error)
        try:
            embedder = self.embedder
        except EmbedderUnavailable as error:  # the index's embedder is not installed here
            rows, gone = [], as_sentence(message_of(error))
        else:
            gone = self.tr("This chunk is no longer in the index; re-index the folder.")
        if not rows:
            self.chunk_title.setText(gone)
            self.text.clear()
            return
        chunk = rows[0]
        window = self.report.window
        self.boundary = find_boundary(embedder, chunk["embedded_text"], window)
        self.chunk_title.setText(
            self.tr("{path} › {heading} · chunk {index} · %Ln tokens, {invisible} invisible", "",
                    chunk["tokens"]).format(path=chunk["path"], heading=chunk["heading"],
                                            index=number(chunk["chunk_index"]),
                                            invisible=number(chunk["invisible_tokens"])))
        self.text.setHtml(chunk_html(self.boundary, window))
        self._scroll_to_cut()

    def _scroll_to_cut(self) -> None:
        """Show the cut with a few lines of what is read above it."""
        if self.boundary is None or self.boundary.token is None:
            return
        self.text.scrollToAnchor("boundary")
        bar = self.text.verticalScrollBar()
        bar.setValue(max(0, bar.value() - self.text.viewport().height() // 3))

    def _open_selected(self) -> None:
        if self.selected_chunk is not None:
            self.openChunk.emit(self.selected_chunk)

    # -- export -------------------------------------------------------------------------
    def _save(self, kind: str) -> None:
        if self.report is None:
            return
        name = f"chunk-health-{self.report.profile}.{kind}"
        start = str((self.folder or Path.home()) / name)
        filters = "JSON (*.json)" if kind == "json" else "CSV (*.csv)"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the chunk-health report"), start,
                                              filters)
        if not path:
            return
        try:
            (write_json if kind == "json" else write_health_csv)(self.report, Path(path))
        except OSError as error:
            self.save_note.setText(self.tr("Could not save {path}: {error}").format(
                path=path, error=error.strerror or error))
        else:
            self.save_note.setText(self.tr("Saved {path}").format(path=path))
        self.save_note.show()


__all__ = ["HealthPanel", "Boundary", "find_boundary", "chunk_html"]
