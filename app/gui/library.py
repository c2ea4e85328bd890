"""The library panel: every document of the folder and what happened to it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

COLUMNS = ("Document", "Status", "Chunks", "Over")


def status_text(row: dict) -> str:
    if row["status"] == "failed":
        return "failed: " + (row.get("error") or "unknown reason")
    return "indexed"


class LibraryPanel(QTreeWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setHeaderLabels(COLUMNS)
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setSortingEnabled(True)
        # The document name gets the room; a failure reason can be long, so its
        # column has a fixed width and the full text is in the tooltip.
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.setColumnWidth(1, 90)
        for column in (2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.headerItem().setToolTip(3, "Chunks longer than the embedder's window: their tail "
                                        "is invisible to search")

    def show_documents(self, rows: list[dict], unchanged: set[str] = frozenset()) -> None:
        self.setSortingEnabled(False)
        self.clear()
        for row in rows:
            status = status_text(row)
            if row["status"] != "failed" and row["path"] in unchanged:
                status = "unchanged"
            item = QTreeWidgetItem([row["path"], status, str(row["chunks"]),
                                    str(row["over_window"])])
            item.setToolTip(0, row["title"] or row["path"])
            item.setToolTip(1, status)
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight)
            item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight)
            if row["status"] == "failed":
                item.setForeground(1, QBrush(QColor("#a4262c")))
            if row["over_window"]:
                item.setForeground(3, QBrush(QColor("#a4262c")))
            self.addTopLevelItem(item)
        self.setSortingEnabled(True)
        self.sortItems(0, Qt.SortOrder.AscendingOrder)
