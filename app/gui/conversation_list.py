"""The conversations panel: the handbook's saved conversations, newest first.

Titled by their first question; searched by title, question or answer;
renamed in place (F2 or double click); deleted after a confirmation. The
panel reads and writes the conversations store itself and tells the window
only which conversation to open and which was deleted.
"""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QLineEdit, QListWidget,
                               QListWidgetItem, QMessageBox, QPushButton, QVBoxLayout, QWidget)

from app.common.said import message_of
from app.gui.locale_format import clock, day_and_month, short_date
from app.store.conversations import ConversationInfo, ConversationStore
from app.store.contract import StoreError

ID_ROLE = Qt.ItemDataRole.UserRole


def when(timestamp: float, now: float | None = None) -> str:
    """The time today, the day and month this year, the short date before, as
    the window's language writes them ("14:05", "3 дек.", "03.12.2025" in Russian)."""
    moment = dt.datetime.fromtimestamp(timestamp)
    today = dt.datetime.fromtimestamp(now) if now is not None else dt.datetime.now()
    if moment.date() == today.date():
        return clock(moment)
    if moment.year == today.year:
        return day_and_month(moment)
    return short_date(moment)


class ConversationList(QWidget):
    openRequested = Signal(int)      # a conversation's id
    deleted = Signal(int)
    newRequested = Signal()
    failed = Signal(object)          # the store could not be written: the reason (a Said)

    def __init__(self, store: ConversationStore, parent=None):
        super().__init__(parent)
        self.store = store
        self.folder = ""
        self.current: int | None = None
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search conversations"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Search conversations"))
        self.search.textChanged.connect(lambda _: self.refresh())
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Saved conversations"))
        # F2 renames; a click opens (a second click on the open one would
        # otherwise start editing it by surprise)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        self.list.itemChanged.connect(self._renamed)
        self.list.setWordWrap(True)
        self.new_button = QPushButton(self.tr("New", "button: start a new conversation"))
        self.new_button.setToolTip(self.tr("Start a new conversation (Ctrl+N)"))
        self.new_button.clicked.connect(self.newRequested)
        self.rename_button = QPushButton(self.tr("Rename", "button: rename the conversation"))
        self.rename_button.setToolTip(self.tr("Rename the selected conversation (F2)"))
        self.rename_button.clicked.connect(self.rename_selected)
        self.delete_button = QPushButton(self.tr("Delete", "button: delete the conversation"))
        self.delete_button.setToolTip(self.tr("Delete the selected conversation"))
        self.delete_button.clicked.connect(self.delete_selected)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.new_button, self.rename_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self._filling = False

    def show_folder(self, folder: str) -> None:
        self.folder, self.current = folder, None
        self.refresh()

    def refresh(self) -> None:
        """The list again from the store, the open conversation selected."""
        self._filling = True
        try:
            self.list.clear()
            for info in self.store.conversations(self.folder, self.search.text()):
                self.list.addItem(self._item(info))
                if info.id == self.current:
                    self.list.setCurrentRow(self.list.count() - 1)
        finally:
            self._filling = False
        has = self.list.count() > 0
        self.rename_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    def mark_current(self, conversation_id: int | None) -> None:
        self.current = conversation_id
        self.refresh()

    def _item(self, info: ConversationInfo) -> QListWidgetItem:
        item = QListWidgetItem(info.title)
        item.setData(ID_ROLE, info.id)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        asked = self.tr("%n question(s) · last asked {when}", "", info.turns).format(
            when=when(info.updated))
        item.setToolTip(f"{info.title}\n{asked}")
        return item

    def _activated(self, item: QListWidgetItem) -> None:
        conversation_id = item.data(ID_ROLE)
        if conversation_id != self.current:
            self.openRequested.emit(conversation_id)

    def _renamed(self, item: QListWidgetItem) -> None:
        if self._filling:
            return
        title = item.text().strip()
        if title:
            self._safely(self.store.rename, item.data(ID_ROLE), title)
        self.refresh()  # an emptied title goes back to the stored one

    def rename_selected(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.list.editItem(item)

    def delete_selected(self, confirm: bool = True) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        if confirm and QMessageBox.question(
                self, self.tr("Delete the conversation"),
                self.tr("Delete “{title}” and its answers? This cannot be undone.").format(
                    title=item.text()),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            return
        conversation_id = item.data(ID_ROLE)
        if not self._safely(self.store.delete, conversation_id):
            return
        if conversation_id == self.current:
            self.current = None
        self.refresh()
        self.deleted.emit(conversation_id)

    def _safely(self, write, *args) -> bool:
        try:
            write(*args)
        except StoreError as error:
            self.failed.emit(message_of(error))
            return False
        return True
