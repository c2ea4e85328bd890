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

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFileDialog, QFrame, QHBoxLayout,
                               QHeaderView, QLabel, QPushButton, QScrollArea, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from app.evaluation.export import write_health_csv, write_json
from app.evaluation.health import SPLIT_LEVELS, HealthReport, health_report, invisible_percent
from app.gui.histogram import Histogram, SplitMix
from app.gui.safe_text import SafeTextBrowser, esc, plain_label
from app.store.backends import parse_location
from app.store.contract import StoreError
from app.workspace.embedders import EmbedderUnavailable
from app.workspace.indexes import opened_index
from app.workspace.reading import sentence

log = logging.getLogger(__name__)

ALL_DOCUMENTS = "All documents"
COLUMNS = ("Document", "Heading", "Tokens", "Window", "Invisible\ntokens", "Invisible\n%",
           "Split\nlevel")
NUMERIC = {2, 3, 4, 5}
MARKER_BACKGROUND = "#fff1c2"
TAIL_COLOR = "#8a8a8a"
SPLIT_LABELS = {"token": "fixed token windows"}


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
    return (f" ▶ the embedder stops here: token {boundary.token + 1:,} of {boundary.text_tokens:,}"
            f" (character {boundary.char:,}) · it reads {boundary.readable_tokens} tokens + "
            f"[CLS] and [SEP] = {window}; the {boundary.text_tokens - boundary.readable_tokens:,}"
            " tokens after this never reach it ")


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
            shares.append((SPLIT_LABELS.get(level, level or "unknown"), round(n / report.chunks, 4)))
    return shares


# ---------------------------------------------------------------- widgets

class NumericItem(QTableWidgetItem):
    """A cell that sorts by its number, not by its text."""

    def __init__(self, value: float, text: str | None = None):
        super().__init__(text if text is not None else f"{value:,}")
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
        self.show_empty("No index yet: open a folder to see how its chunks fit the embedder.")

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
        self.wordpiece_chart = Histogram("WordPiece (embedder)", "tokens per chunk")
        self.cl100k_chart = Histogram("cl100k (splitter)", "tokens per chunk")
        charts = QHBoxLayout()
        charts.setContentsMargins(0, 0, 0, 0)
        charts.addWidget(self.wordpiece_chart)
        charts.addWidget(self.cl100k_chart)
        self.split_title = plain_label("How chunks were cut:")
        self.split_title.setToolTip("The share of chunks by the finest split each one needed")
        self.split_mix = SplitMix()
        self.save_json = QPushButton("Save JSON…")
        self.save_json.setToolTip("The whole report, as `handbook-qa inspect --json` writes it")
        self.save_json.clicked.connect(lambda: self._save("json"))
        self.save_csv = QPushButton("Save CSV…")
        self.save_csv.setToolTip("One row per chunk over the window")
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
        filter_row.addWidget(plain_label("Document:"))
        filter_row.addWidget(self.document_filter)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
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

        self.chunk_title = plain_label("Select a chunk above to see what the embedder reads.")
        self.chunk_title.setWordWrap(True)
        self.open_button = QPushButton("Open in viewer")
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self._open_selected)
        title_row = QHBoxLayout()
        title_row.addWidget(self.chunk_title, 1)
        title_row.addWidget(self.open_button)
        self.legend = plain_label("Normal text: what the embedder reads. Grey, struck-through "
                                  "text: the invisible tail it never sees.")
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #555")
        self.text = SafeTextBrowser()
        self.text.setAccessibleName("Chunk text")
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
            self.show_empty("No index yet: the chunk health is shown once the folder is indexed.")
            return
        try:
            with opened_index(self.db) as store:
                report = health_report(store)
                lengths = store.chunk_lengths()
                mix = split_mix(lengths, report)
        except StoreError as error:
            self.show_empty(f"The index could not be read: {error}")
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
        self.verdict.setText(report.verdict)
        self.verdict.setStyleSheet("color: #7a1020" if report.over_window else "color: #1e5b12")
        from app.ingest.chunking.spring import DEFAULT_CHUNK_SIZE

        budget = (f"budget {report.budget} tokens per chunk" if report.profile == "fitted" else
                  f"chunks of {DEFAULT_CHUNK_SIZE} cl100k tokens (Spring AI TokenTextSplitter "
                  "defaults)")
        languages = ", ".join(sorted(report.languages, key=report.languages.get, reverse=True))
        self.summary.setText(
            f"Embedder {report.embedder or 'unknown'}"
            f"{f' (documents in {languages})' if languages else ''} · profile "
            f"{report.profile} · window {report.window} tokens (its own, specials included) · "
            f"{budget} · {report.documents:,} documents"
            f"{f' ({report.failed_documents} failed)' if report.failed_documents else ''} · "
            f"{report.sections:,} sections · {report.chunks:,} chunks")
        share = report.visible_share
        self.visible.setText(f"The embedder reads {share:.1%} of all chunk tokens"
                             + ("." if share >= 1 else
                                f": {1 - share:.1%} are cut off and never reach the vectors."))
        self.visible.setStyleSheet("color: #1e5b12" if share >= 1 else
                                   "color: #7a1020; font-weight: bold")
        warnings = report.warnings()
        self.warnings.setText("\n".join(f"⚠ {w}" for w in warnings))
        self.warnings.setVisible(bool(warnings))
        self.wordpiece_chart.set_values(wordpiece, report.window, "window",
                                        shade_over_window=True)
        self.cl100k_chart.set_values(cl100k, report.window, "window (WordPiece)")
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
            percent = invisible_percent(chunk.tokens, chunk.invisible_tokens)
            cells = [document, QTableWidgetItem(chunk.heading), NumericItem(chunk.tokens),
                     NumericItem(window), NumericItem(chunk.invisible_tokens),
                     NumericItem(percent, f"{percent:.0f}%"), QTableWidgetItem(chunk.split_level)]
            for column, item in enumerate(cells):
                self.table.setItem(row, column, item)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.resizeColumnToContents(0)
        self.table.setColumnWidth(0, min(self.table.columnWidth(0), 170))
        documents = sorted({c.source for c in chunks})
        self.document_filter.blockSignals(True)
        self.document_filter.clear()
        self.document_filter.addItem(ALL_DOCUMENTS, None)
        for name in documents:
            count = sum(1 for c in chunks if c.source == name)
            self.document_filter.addItem(f"{name} ({count})", name)
        self.document_filter.blockSignals(False)
        self.document_filter.setEnabled(bool(chunks))
        has_rows = bool(chunks)
        self.table.setVisible(has_rows)
        self.no_rows.setVisible(not has_rows and self.report is not None)
        if self.report is not None and not has_rows:
            self.no_rows.setText(f"No chunk is longer than the {self.report.window}-token "
                                 "window: the embedder reads every token of every chunk.")
        self.chunk_box.setVisible(has_rows)
        self._apply_filter()
        self._show_chunk(None)
        # with chunks to list, the table and the text get the room; else the charts
        self.layout_.setStretch(0, 0 if has_rows else 1)
        self.layout_.setStretch(1, 1 if has_rows else 0)
        if has_rows:
            self.table.selectRow(0)  # the worst chunk first: the report lists them so

    def _apply_filter(self) -> None:
        wanted = self.document_filter.currentData()
        shown = 0
        for row in range(self.table.rowCount()):
            hidden = wanted is not None and self.table.item(row, 0).text() != wanted
            self.table.setRowHidden(row, hidden)
            shown += not hidden
        total = len(self.report.over_window) if self.report else 0
        suffix = "" if wanted is None else f" ({shown:,} in this document)"
        self.table_title.setText(f"Chunks over the window: {total:,}{suffix}")
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
            self.chunk_title.setText("Select a chunk above to see what the embedder reads.")
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
            rows, gone = [], sentence(str(error))
        else:
            gone = "This chunk is no longer in the index; re-index the folder."
        if not rows:
            self.chunk_title.setText(gone)
            self.text.clear()
            return
        chunk = rows[0]
        window = self.report.window
        self.boundary = find_boundary(embedder, chunk["embedded_text"], window)
        self.chunk_title.setText(
            f"{chunk['path']} › {chunk['heading']} · chunk {chunk['chunk_index']} · "
            f"{chunk['tokens']:,} tokens, {chunk['invisible_tokens']:,} invisible")
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
        path, _ = QFileDialog.getSaveFileName(self, "Save the chunk-health report", start, filters)
        if not path:
            return
        try:
            (write_json if kind == "json" else write_health_csv)(self.report, Path(path))
        except OSError as error:
            self.save_note.setText(f"Could not save {path}: {error.strerror or error}")
        else:
            self.save_note.setText(f"Saved {path}")
        self.save_note.show()


__all__ = ["HealthPanel", "Boundary", "find_boundary", "chunk_html"]
