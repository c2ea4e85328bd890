"""The library panel: every document of the folder and what happened to it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

COLUMNS = ("Document", "Status", "Chunks", "Over window")


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
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

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
