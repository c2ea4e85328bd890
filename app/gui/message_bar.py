"""A dismissable line for errors in words, above the conversation."""
from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton

from app.gui.safe_text import plain_label


class MessageBar(QFrame):
    """A dismissable line for errors in words, above the conversation."""

    def __init__(self, parent=None):
        super().__init__(parent)
        # dark text on its own light red, whatever the system's palette
        self.setStyleSheet("MessageBar { background: #fde7e9; border: 1px solid #e8a0a6; } "
                           "MessageBar QLabel, MessageBar QToolButton { color: #3b0a0e; }")
        self.label = plain_label()
        self.label.setWordWrap(True)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setAccessibleName(self.tr("Dismiss the message"))
        close.setToolTip(self.tr("Dismiss the message"))
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(close)
        self.hide()

    def show_message(self, text: str) -> None:
        self.label.setText(text)
        self.show()
