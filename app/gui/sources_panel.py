"""The sources panel: what was retrieved for an answer, and why.

One row per source (`[n] source › heading path (p. N)`); selecting one shows
the text that went into the prompt with the matched children highlighted, and
on demand the retrieval trace (vector rank and distance, BM25 rank, fused
score). Double-click or "Open" shows it in the viewer at the right place.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QHBoxLayout, QListWidget, QListWidgetItem,
                               QPushButton, QSplitter, QVBoxLayout, QWidget)

from app.gui.locale_format import number
from app.gui.safe_text import SafeTextBrowser, esc, plain_label
from app.gui.words import citation


def source_label(n: int, result) -> str:
    return citation(n, result)


class SourcesPanel(QWidget):
    openRequested = Signal(object)  # the app.search.retrieval.Result to show in the viewer

    def __init__(self, parent=None):
        super().__init__(parent)
        self.results: list = []
        self.cited: set[int] = set()
        self.evidence: list = []       # the quotes of the answer, best first
        self.selected_quote = 0
        self.title = plain_label(self.tr("Sources", "panel title"))
        self.title.setStyleSheet("font-weight: bold")
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Sources found"))
        self.list.setWordWrap(True)
        self.list.currentRowChanged.connect(self._show_current)
        self.list.itemActivated.connect(lambda item: self._open_current())
        self.detail = SafeTextBrowser()
        self.detail.setAccessibleName(self.tr("Source text"))
        self.trace = QCheckBox(self.tr("Show retrieval trace"))
        self.trace.toggled.connect(lambda _: self._show_current(self.list.currentRow()))
        self.open_button = QPushButton(self.tr("Open in viewer"))
        self.open_button.clicked.connect(self._open_current)
        self.open_button.setEnabled(False)
        self._layout()

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.trace)
        buttons.addStretch()
        buttons.addWidget(self.open_button)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.detail)
        bottom_layout.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(bottom)
        split.setSizes([160, 400])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(split)

    def show_results(self, results: list, cited: set[int] | None = None,
                     note: str = "") -> None:
        self.results = list(results)
        self.cited = cited or set()
        self.evidence, self.selected_quote = [], 0  # these results' quotes come after
        self.title.setText(note or (self.tr("Sources ({count})").format(count=number(len(results)))
                                    if results else self.tr("Sources", "panel title")))
        self.list.clear()
        for n, result in enumerate(self.results, start=1):
            item = QListWidgetItem(source_label(n, result))
            item.setToolTip(source_label(n, result))
            if n in self.cited:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.list.addItem(item)
        self.open_button.setEnabled(bool(results))
        if results:
            self.list.setCurrentRow(0)
        else:
            self.detail.setHtml("<p style='color:#666'>"
                                + esc(self.tr("The sources of an answer appear here.")) + "</p>")

    def show_evidence(self, evidence: list, selected: int = 0) -> None:
        """Mark the answer's quotes in the sources' text (the selected one strongest)."""
        self.evidence, self.selected_quote = list(evidence), selected
        self._show_current(self.list.currentRow())

    def select(self, n: int) -> None:
        if 1 <= n <= len(self.results):
            self.list.setCurrentRow(n - 1)

    def _open_current(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.results):
            self.openRequested.emit(self.results[row])

    def _show_current(self, row: int) -> None:
        if not 0 <= row < len(self.results):
            return
        result = self.results[row]
        quotes = [(e.offset, e.offset + len(e.text),
                   QUOTE if i == self.selected_quote else OTHER_QUOTE)
                  for i, e in enumerate(self.evidence)
                  if e.n == row + 1 and e.offset is not None]
        html = [f"<p><b>{esc(source_label(row + 1, result))}</b></p>",
                f"<p style='white-space: pre-wrap'>{highlighted(result, quotes)}</p>"]
        if self.trace.isChecked():
            html.append(trace_table(result))
        self.detail.setHtml("".join(html))


BEST_MATCH, OTHER_MATCH = "#ffd84d", "#fff6c7"
QUOTE, OTHER_QUOTE = "#9fe0a8", "#d8f3dc"   # the answer's quotes: green, over the matches
SHOWN_MATCHES = 3


def highlighted(result, quotes: list[tuple[int, int, str]] = ()) -> str:
    """The result's text, escaped, with its best-matching children highlighted:
    the best one strongly, the next two lightly (more would paint everything).
    Code brought along after a match (see bring_following_code) counts as one
    of them: it is what the sentence before it points at. The answer's quotes
    (offsets in the text, colour) are painted over the matches."""
    matches = [(m.start, m.end, BEST_MATCH if rank == 0 else OTHER_MATCH)
               for rank, m in enumerate(result.chunks[:SHOWN_MATCHES])
               if m.start is not None and m.end is not None]
    colours: list[str | None] = [None] * len(result.text)
    for start, end, colour in list(reversed(matches)) + list(reversed(list(quotes))):
        colours[max(start, 0):end] = [colour] * len(colours[max(start, 0):end])
    pieces, start = [], 0
    for end in range(1, len(result.text) + 1):
        if end == len(result.text) or colours[end] != colours[start]:
            text = esc(result.text[start:end])
            colour = colours[start]
            # dark text on the light highlight, whatever the palette's text colour
            pieces.append(f"<span style='background-color:{colour}; color:#1a1a1a'>{text}</span>"
                          if colour else text)
            start = end
    return "".join(pieces)


def _why(match) -> str:
    if match.follows is not None:
        return QCoreApplication.translate("SourcesPanel", "code after chunk {n}",
                                          "why a chunk is in the trace").format(
            n=number(match.follows))
    return QCoreApplication.translate("SourcesPanel", "matched", "why a chunk is in the trace")


def _rank(rank) -> str:
    return number(rank) if rank else "—"


def trace_table(result) -> str:
    rows = "".join(
        f"<tr><td>{esc(number(m.chunk_index))}</td><td>{esc(_rank(m.vector_rank))}</td>"
        f"<td>{esc(number(m.vector_distance, 3) if m.vector_distance is not None else '—')}</td>"
        f"<td>{esc(_rank(m.bm25_rank))}</td><td>{esc(number(m.fused_score, 4))}</td>"
        f"<td>{esc(_why(m))}</td></tr>"
        for m in result.chunks)
    headers = (QCoreApplication.translate("SourcesPanel", "chunk", "trace table column"),
               QCoreApplication.translate("SourcesPanel", "vector rank", "trace table column"),
               QCoreApplication.translate("SourcesPanel", "distance", "trace table column"),
               QCoreApplication.translate("SourcesPanel", "BM25 rank", "trace table column"),
               QCoreApplication.translate("SourcesPanel", "fused", "trace table column: fused score"),
               QCoreApplication.translate("SourcesPanel", "why", "trace table column"))
    score = QCoreApplication.translate("SourcesPanel", "(fused score {score})").format(
        score=number(result.score, 4))
    return ("<p><b>" + esc(QCoreApplication.translate("SourcesPanel", "Retrieval trace"))
            + "</b> " + esc(score) + "</p>"
            "<table border='1' cellspacing='0' cellpadding='3'><tr>"
            + "".join(f"<th>{esc(header)}</th>" for header in headers) + "</tr>"
            + rows + "</table>")
