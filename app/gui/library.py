"""The library panel: every document of the folder and what happened to it.

The panel is narrow (a quarter of the window), so each document takes two
lines instead of five columns: its file name, elided in the middle so both
ends stay readable, and beneath it, in small type, its format (with the
encoding or page count) and its status — a failure's reason in full, wrapped,
in red. Documents are grouped by folder; the list can be filtered by name or
reason and narrowed to the problems.
"""
from __future__ import annotations

import posixpath

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLineEdit, QStyle,
                               QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from app.gui.locale_format import number, percent
from app.gui.safe_text import esc
from app.gui.words import worded
from app.workspace.reading import failure_reason

PATH_ROLE = Qt.ItemDataRole.UserRole         # the document's path, relative to the folder
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1   # "indexed", "unchanged", "failed: <reason>"
DETAIL_ROLE = Qt.ItemDataRole.UserRole + 2   # the small second line
PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 3  # failed, or chunks the embedder cannot see whole
CHUNKS_ROLE = Qt.ItemDataRole.UserRole + 4

# The formats' own names; "text" (plain text) is a word, translated in format_text.
FORMATS = {"markdown": "Markdown", "pdf": "PDF", "html": "HTML", "docx": "Word",
           "rst": "reStructuredText", "odt": "OpenDocument", "epub": "EPUB"}
MAX_DETAIL_LINES = 4
RED = "#a4262c"


def language_name(code: str) -> str | None:
    """The language a document is told to be in (app/common/language.py), named
    in the library; "und" (too little text to tell) is not shown."""
    names = {
        "en": QCoreApplication.translate("LibraryPanel", "English", "language of a document"),
        "ru": QCoreApplication.translate("LibraryPanel", "Russian", "language of a document"),
        "uk": QCoreApplication.translate("LibraryPanel", "Ukrainian", "language of a document"),
        "de": QCoreApplication.translate("LibraryPanel", "German", "language of a document"),
        "es": QCoreApplication.translate("LibraryPanel", "Spanish", "language of a document"),
        "fr": QCoreApplication.translate("LibraryPanel", "French", "language of a document"),
        "it": QCoreApplication.translate("LibraryPanel", "Italian", "language of a document"),
        "pt": QCoreApplication.translate("LibraryPanel", "Portuguese", "language of a document"),
        "nl": QCoreApplication.translate("LibraryPanel", "Dutch", "language of a document"),
        "el": QCoreApplication.translate("LibraryPanel", "Greek", "language of a document"),
        "ja": QCoreApplication.translate("LibraryPanel", "Japanese", "language of a document"),
        "zh": QCoreApplication.translate("LibraryPanel", "Chinese", "language of a document"),
        "ko": QCoreApplication.translate("LibraryPanel", "Korean", "language of a document"),
        "ar": QCoreApplication.translate("LibraryPanel", "Arabic", "language of a document"),
        "he": QCoreApplication.translate("LibraryPanel", "Hebrew", "language of a document"),
    }
    return names.get(code)


def status_text(row: dict) -> str:
    """The document's status as data (STATUS_ROLE, compared in code): not shown,
    detail_text words it."""
    if row["status"] == "failed":
        return "failed: " + (row.get("error") or "unknown reason")
    return "indexed"


# Counts are translated with LibraryPanel.tr(text, "", n) in these functions:
# pyside6-lupdate reads QCoreApplication.translate(…, n) as a plural only when n
# is a literal number (a name loses the plural forms, an expression the message).


def format_text(row: dict) -> str:
    """"PDF · 12 pages", "Text · Windows-1252", "Markdown"."""
    kind = row.get("format") or ""
    if kind == "text":
        name = QCoreApplication.translate("LibraryPanel", "Text", "document format: plain text")
    elif kind:
        name = FORMATS.get(kind, kind.upper())
    else:
        name = QCoreApplication.translate("LibraryPanel", "FILE", "document format not recorded")
    pages = row.get("pages")
    if pages:
        name += " · " + LibraryPanel.tr("%Ln pages", "", pages)  # "1 page" by the plural forms
    encoding = row.get("encoding")
    if encoding and encoding != "UTF-8":  # UTF-8 is never a guess; anything else may be
        name += f" · {encoding}"
    language = language_name(row.get("language") or "")
    if language:  # it decides the embedder: a wrong guess must be visible
        name += f" · {language}"
    if row.get("ocr_pages"):  # its text was read from images: it may hold misreadings
        name += " · " + _ocr_text(row["ocr_pages"], row["ocr_pages"] == pages,
                                  row.get("ocr_confidence"))
    return name


def _ocr_text(ocr_pages: int, every_page: bool, share: float | None) -> str:
    """"OCR", "OCR 93% sure", "OCR 3 pages, 93% sure": how much of it was read from images."""
    if every_page:
        if share is None:
            return QCoreApplication.translate("LibraryPanel", "OCR",
                                              "the text was read from images of the pages")
        return QCoreApplication.translate("LibraryPanel", "OCR {share} sure").format(
            share=percent(share))
    if share is None:
        return LibraryPanel.tr("OCR %Ln pages", "", ocr_pages)
    return LibraryPanel.tr("OCR %Ln pages, {share} sure", "", ocr_pages).format(
        share=percent(share))


def detail_text(row: dict, status: str) -> str:
    """The small line under the name: "Markdown · 5 chunks", "Failed: <reason>"."""
    if row["status"] == "failed":
        reason = failure_reason(row)
        return QCoreApplication.translate("LibraryPanel", "Failed: {reason}").format(
            reason=worded(reason) if reason else QCoreApplication.translate(
                "LibraryPanel", "unknown reason", "why a document failed"))
    chunks = row["chunks"]
    parts = [format_text(row),
             LibraryPanel.tr("%Ln chunks", "", chunks)]
    if row["over_window"]:
        parts.append(LibraryPanel.tr("%Ln over the window",
                                     "chunks longer than the embedder's window",
                                     row["over_window"]))
    if status == "unchanged":
        parts.append(QCoreApplication.translate("LibraryPanel", "unchanged",
                                                "a document: not changed since the last run"))
    return " · ".join(parts)


class LibraryPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter by name or reason"))
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName(self.tr("Filter the library"))
        self.show_box = QComboBox()
        # _apply_filter reads the index: 0 all, 1 problems, 2 indexed
        self.show_box.addItems((self.tr("All documents"), self.tr("Problems only"),
                                self.tr("Indexed only")))
        self.tree = _Tree()
        self.tree.setAccessibleName(self.tr("Documents"))
        controls = QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        controls.addWidget(self.filter, 1)
        controls.addWidget(self.show_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(controls)
        layout.addWidget(self.tree, 1)
        self.filter.textChanged.connect(self._apply_filter)
        self.show_box.currentIndexChanged.connect(self._apply_filter)

    def show_documents(self, rows: list[dict], unchanged: set[str] = frozenset()) -> None:
        self.tree.setSortingEnabled(False)
        self.tree.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        for row in rows:
            folder = posixpath.dirname(row["path"])
            parent = self.tree.invisibleRootItem() if not folder else groups.get(folder)
            if parent is None:
                parent = groups[folder] = _group_item(folder)
                self.tree.addTopLevelItem(parent)
            parent.addChild(_document_item(row, unchanged))
        for folder, item in groups.items():
            item.setText(0, f"{folder}/ ({number(item.childCount())})")
        self.tree.setSortingEnabled(True)
        self.tree.sortItems(0, Qt.SortOrder.AscendingOrder)
        self.tree.expandAll()
        self._apply_filter()

    def documents(self) -> list[QTreeWidgetItem]:
        """Every document item, in the order shown."""
        found = []
        for index in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(index)
            children = [item.child(i) for i in range(item.childCount())]
            found.extend(children if item.data(0, PATH_ROLE) is None else [item])
        return found

    def statuses(self) -> dict[str, str]:
        return {item.data(0, PATH_ROLE): item.data(0, STATUS_ROLE) for item in self.documents()}

    def _apply_filter(self) -> None:
        words = self.filter.text().casefold().split()
        show = self.show_box.currentIndex()
        for item in self.documents():
            haystack = f"{item.data(0, PATH_ROLE)} {item.data(0, DETAIL_ROLE)}".casefold()
            problem = bool(item.data(0, PROBLEM_ROLE))
            wanted = (show == 0 or (show == 1 and problem) or (show == 2 and not problem))
            item.setHidden(not (wanted and all(word in haystack for word in words)))
        for index in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(index)
            if group.data(0, PATH_ROLE) is None:
                group.setHidden(all(group.child(i).isHidden() for i in range(group.childCount())))


def _group_item(folder: str) -> QTreeWidgetItem:
    item = QTreeWidgetItem([folder])
    font = QFont(item.font(0))
    font.setBold(True)
    item.setFont(0, font)
    item.setToolTip(0, f"<p>{esc(folder)}</p>")
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    return item


def _document_item(row: dict, unchanged: set[str]) -> QTreeWidgetItem:
    status = status_text(row)
    if row["status"] != "failed" and row["path"] in unchanged:
        status = "unchanged"
    item = _SortableItem([posixpath.basename(row["path"]), number(row["chunks"])])
    item.setData(0, PATH_ROLE, row["path"])
    item.setData(0, STATUS_ROLE, status)
    detail = detail_text(row, status)
    item.setData(0, DETAIL_ROLE, detail)
    item.setData(0, PROBLEM_ROLE, row["status"] == "failed" or bool(row["over_window"]))
    item.setData(1, CHUNKS_ROLE, row["chunks"])
    item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
    title = row.get("title") or ""
    tip = esc(row["path"]) + (f"<br>{esc(title)}" if title and title != row["path"] else "")
    item.setToolTip(0, f"<p>{tip}<br>{esc(detail)}</p>")  # rich: always escaped
    return item


class _SortableItem(QTreeWidgetItem):
    """Chunks sort as numbers, names as words (case-insensitive)."""

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        column = self.treeWidget().sortColumn() if self.treeWidget() else 0
        if column == 1:
            return (self.data(1, CHUNKS_ROLE) or 0) < (other.data(1, CHUNKS_ROLE) or 0)
        return self.text(0).casefold() < other.text(0).casefold()


class _Tree(QTreeWidget):
    def __init__(self):
        super().__init__()
        self.setHeaderLabels((self.tr("Document", "column"), self.tr("Chunks", "column")))
        self.setColumnCount(2)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(False)
        self.setIndentation(12)
        self.setWordWrap(True)
        self.setItemDelegateForColumn(0, _DocumentDelegate(self))
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.headerItem().setToolTip(1, self.tr("Chunks embedded for search"))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.doItemsLayout()  # the wrapped second lines take a new height


class _DocumentDelegate(QStyledItemDelegate):
    """Paints a document as its name and, smaller, its detail line(s)."""

    PADDING = 3

    def paint(self, painter, option, index) -> None:
        detail = index.data(DETAIL_ROLE)
        if detail is None:  # a folder row
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        style = option.widget.style() if option.widget else None
        background = QStyleOptionViewItem(option)
        background.text = ""
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, background, painter, option.widget)
        rect = option.rect.adjusted(self.PADDING, self.PADDING, -self.PADDING, -self.PADDING)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        painter.setFont(option.font)
        painter.setPen(option.palette.color(role))
        metrics = QFontMetrics(option.font)
        name = metrics.elidedText(index.data(Qt.ItemDataRole.DisplayRole),
                                  Qt.TextElideMode.ElideMiddle, rect.width())
        painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, name)
        small = _small(option.font)
        painter.setFont(small)
        failed = str(index.data(STATUS_ROLE) or "").startswith("failed")
        if not selected:
            painter.setPen(QColor(RED) if failed else option.palette.color(
                QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        detail_rect = rect.adjusted(0, metrics.height(), 0, 0)
        painter.drawText(detail_rect, _WRAP, _clip(detail, small, rect.width()))
        painter.restore()

    def sizeHint(self, option, index) -> QSize:
        size = super().sizeHint(option, index)
        detail = index.data(DETAIL_ROLE)
        if detail is None:
            return size
        view = self.parent()
        depth, parent = 1, index.parent()  # the rect paint() gets starts after the indentation
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width = max(view.columnWidth(0) - depth * view.indentation() - 2 * self.PADDING, 40)
        small = _small(option.font)
        detail_height = QFontMetrics(small).boundingRect(
            0, 0, width, 10_000, _WRAP, _clip(detail, small, width)).height()
        height = QFontMetrics(option.font).height() + detail_height + 2 * self.PADDING
        return QSize(size.width(), height)


_WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def _small(font: QFont) -> QFont:
    small = QFont(font)
    small.setPointSizeF(max(font.pointSizeF() * 0.85, 7.0))
    return small


def _clip(text: str, font: QFont, width: int) -> str:
    """At most MAX_DETAIL_LINES wrapped lines; the tooltip has the rest."""
    metrics = QFontMetrics(font)
    line = metrics.height()
    if metrics.boundingRect(0, 0, width, 10_000, _WRAP, text).height() <= line * MAX_DETAIL_LINES:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits, by bisection
        middle = (low + high + 1) // 2
        fits = metrics.boundingRect(0, 0, width, 10_000, _WRAP, text[:middle] + "…").height()
        low, high = (middle, high) if fits <= line * MAX_DETAIL_LINES else (low, middle - 1)
    return text[:low].rstrip() + "…"
