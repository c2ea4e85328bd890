"""Showing document and model text as text, never as markup.

A QLabel in its default AutoText mode, or `setHtml` with raw document text,
renders HTML from the document: `<img src='/dev/zero'>` is enough to kill the
process. So: every interpolated value is escaped, labels are PlainText,
browsers never follow links by themselves, accept only the app's own scheme,
and never load any resource (images, style sheets) from anywhere.
"""
from __future__ import annotations

import html

from PySide6.QtCore import QUrl, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableWidget, QTextBrowser

APP_SCHEME = "hbqa"  # hbqa:cite/3, hbqa:source/3, hbqa:ask?q=...


# Bidirectional overrides and isolates make "invoice\u202egnp.exe" display as
# "invoiceexe.png": shown as visible marks instead of being obeyed.
_BIDI_CONTROLS = {code: f"⟨U+{code:04X}⟩" for code in
                  (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def esc(value: object) -> str:
    """Escape any value for interpolation into the app's own HTML."""
    return html.escape(str(value), quote=True).translate(_BIDI_CONTROLS)


def tooltip(text: str) -> str:
    """A tooltip that shows `text` as written. Qt guesses whether a tooltip is
    rich text (a file named `<b>x.gguf` would turn bold, `<img…>` would load),
    so it is always given as rich text, escaped."""
    return f"<p style='white-space:pre-wrap'>{esc(text)}</p>"


def plain_label(text: str = "", parent=None) -> QLabel:
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    return label


def display_table(rows: int, columns: int, parent=None) -> QTableWidget:
    """A table that only shows figures: no row numbers, no editing, no selection."""
    table = QTableWidget(rows, columns, parent)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return table


class SafeTextBrowser(QTextBrowser):
    """A QTextBrowser that loads nothing and only reports the app's own links."""

    appLinkClicked = Signal(str)  # the path part of hbqa: links, e.g. "cite/3"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.anchorClicked.connect(self._on_anchor)

    def loadResource(self, kind: int, url: QUrl):  # noqa: N802 - Qt's name
        return None  # no image, style sheet or anything else is ever read

    def _on_anchor(self, url: QUrl) -> None:
        if url.scheme() == APP_SCHEME:
            self.appLinkClicked.emit(url.path())
