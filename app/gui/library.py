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

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLineEdit, QStyle,
                               QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from app.gui.safe_text import esc

PATH_ROLE = Qt.ItemDataRole.UserRole         # the document's path, relative to the folder
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1   # "indexed", "unchanged", "failed: <reason>"
DETAIL_ROLE = Qt.ItemDataRole.UserRole + 2   # the small second line
PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 3  # failed, or chunks the embedder cannot see whole
CHUNKS_ROLE = Qt.ItemDataRole.UserRole + 4

FORMATS = {"markdown": "Markdown", "pdf": "PDF", "text": "Text", "html": "HTML", "docx": "Word",
           "rst": "reStructuredText", "odt": "OpenDocument", "epub": "EPUB"}
SHOW = ("All documents", "Problems only", "Indexed only")
MAX_DETAIL_LINES = 4
RED = "#a4262c"


# The languages a document is told to be in (app/common/language.py), named
# in the library; "und" (too little text to tell) is not shown.
LANGUAGES = {"en": "English", "ru": "Russian", "uk": "Ukrainian", "de": "German",
             "es": "Spanish", "fr": "French", "it": "Italian", "pt": "Portuguese",
             "nl": "Dutch", "el": "Greek", "ja": "Japanese", "zh": "Chinese", "ko": "Korean",
             "ar": "Arabic", "he": "Hebrew"}


def status_text(row: dict) -> str:
    if row["status"] == "failed":
        return "failed: " + (row.get("error") or "unknown reason")
    return "indexed"


def format_text(row: dict) -> str:
    """"PDF · 12 pages", "Text · Windows-1252", "Markdown"."""
    name = FORMATS.get(row.get("format") or "", (row.get("format") or "file").upper())
    if row.get("pages"):
        name += f" · {row['pages']} page" + ("s" if row["pages"] != 1 else "")
    encoding = row.get("encoding")
    if encoding and encoding != "UTF-8":  # UTF-8 is never a guess; anything else may be
        name += f" · {encoding}"
    language = LANGUAGES.get(row.get("language") or "")
    if language:  # it decides the embedder: a wrong guess must be visible
        name += f" · {language}"
    if row.get("ocr_pages"):  # its text was read from images: it may hold misreadings
        share = row.get("ocr_confidence")
        pages = "" if row["ocr_pages"] == row.get("pages") else f" {row['ocr_pages']} pages,"
        name += f" · OCR{pages}" + (f" {share:.0%} sure" if share is not None else "")
    return name


def detail_text(row: dict, status: str) -> str:
    if row["status"] == "failed":
        return status[:1].upper() + status[1:]
    parts = [format_text(row), f"{row['chunks']:,} chunk" + ("s" if row["chunks"] != 1 else "")]
    if row["over_window"]:
        parts.append(f"{row['over_window']:,} over the window")
    if status == "unchanged":
        parts.append("unchanged")
    return " · ".join(parts)


class LibraryPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter by name or reason")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter the library")
        self.show_box = QComboBox()
        self.show_box.addItems(SHOW)
        self.tree = _Tree()
        self.tree.setAccessibleName("Documents")
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
            item.setText(0, f"{folder}/ ({item.childCount()})")
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
    item = _SortableItem([posixpath.basename(row["path"]), f"{row['chunks']:,}"])
    item.setData(0, PATH_ROLE, row["path"])
    item.setData(0, STATUS_ROLE, status)
    item.setData(0, DETAIL_ROLE, detail_text(row, status))
    item.setData(0, PROBLEM_ROLE, row["status"] == "failed" or bool(row["over_window"]))
    item.setData(1, CHUNKS_ROLE, row["chunks"])
    item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
    title = row.get("title") or ""
    tip = esc(row["path"]) + (f"<br>{esc(title)}" if title and title != row["path"] else "")
    item.setToolTip(0, f"<p>{tip}<br>{esc(detail_text(row, status))}</p>")  # rich: always escaped
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
        self.setHeaderLabels(("Document", "Chunks"))
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
        self.headerItem().setToolTip(1, "Chunks embedded for search")

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
