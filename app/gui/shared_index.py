"""Settings › Shared index: a team's index on PostgreSQL, with a connection test.

The user types a libpq URI or service name; "Test connection" connects on a
background thread (a server that does not answer takes up to ten seconds)
and says in one sentence what it found: the index and whether this user can
write it, or why it cannot be used (server down, login refused, no pgvector,
an older or newer schema, read-only without an index yet). Nothing on the
server is changed by the test. A password typed into the URI is never kept.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.gui.safe_text import plain_label
from app.gui.words import as_sentence
from app.store.postgres_probe import Probe, probe
from app.store.postgres_uri import is_server_location, readable, without_password

# Marked here, translated where they are shown.
PLACEHOLDER = QT_TRANSLATE_NOOP("SharedIndexBox",
                                "postgresql://you@server/handbook  or  service=handbook")
NOTE = QT_TRANSLATE_NOOP("SharedIndexBox",
                         "Empty: this computer keeps its own index of the folder. A shared "
                         "index lives on a PostgreSQL server with pgvector, maintained by one "
                         "person and asked by everyone. Passwords are never saved here: libpq "
                         "reads them from ~/.pgpass, a service file or PGPASSWORD.")
OK_STYLE = "color: #1b5e20;"
ERROR_STYLE = "color: #b00020;"


class SharedIndexBox(QWidget):
    """The shared index's connection string, its test and the maintainer switch."""

    tested = Signal(object)  # the Probe of a test that has ended

    def __init__(self, test: Callable[[str], Probe] = probe, parent=None):
        super().__init__(parent)
        self._test = test
        self._future: Future | None = None
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(QCoreApplication.translate("SharedIndexBox", PLACEHOLDER))
        self.edit.setClearButtonEnabled(True)
        self.test_button = QPushButton(self.tr("Test connection"))
        self.result = plain_label()
        self.result.setWordWrap(True)
        self.result.hide()
        self.maintain = QCheckBox(self.tr("I maintain it: index my copy of the folder into it"))
        self.maintain.setToolTip(self.tr("One maintainer indexes the handbook folder into the "
                                         "shared index; everyone else only asks. Your folder is "
                                         "still where the viewer opens the cited files."))
        note = plain_label(QCoreApplication.translate("SharedIndexBox", NOTE))
        note.setWordWrap(True)
        note.setStyleSheet("color: palette(mid);")

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(self.test_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.result)
        layout.addWidget(self.maintain)
        layout.addWidget(note)

        self._poll = QTimer(self)
        self._poll.setInterval(100)
        self._poll.timeout.connect(self._check)
        self.test_button.clicked.connect(self.test)
        self.edit.textChanged.connect(self._refresh)
        self._refresh()

    # -- the value --------------------------------------------------------------------
    def location(self) -> str:
        return without_password(self.edit.text().strip())

    def set_location(self, text: str, maintain: bool) -> None:
        self.edit.setText(text)
        self.maintain.setChecked(maintain)

    def problem(self) -> str:
        """Why the typed text cannot be saved; empty when it can."""
        text = self.edit.text().strip()
        if text and not (is_server_location(text) and readable(text)):
            return self.tr("Not a PostgreSQL connection that can be read: write "
                           "postgresql://user@host/database or service=NAME (a % in a password "
                           "is written %25)")
        return ""

    def _refresh(self) -> None:
        text = self.edit.text().strip()
        self.test_button.setEnabled(bool(text) and not self.problem() and self._future is None)
        self.maintain.setEnabled(bool(text))
        problem = self.problem()
        if problem:
            self._say(problem, ERROR_STYLE)
        elif text and self.location() != text:
            self._say(self.tr("The password will not be saved: libpq reads it from "
                              "~/.pgpass, a service file or PGPASSWORD."), "color: #8a5a00;")
        else:
            self.result.hide()

    # -- the test ---------------------------------------------------------------------
    def test(self) -> None:
        conninfo = self.edit.text().strip()  # as typed: a password given here is used once
        future: Future = Future()
        self._future = future
        stopped = self.tr("The test stopped: {error}")  # here: the test runs on another thread

        def run() -> None:
            try:
                future.set_result(self._test(conninfo))
            except Exception as error:  # noqa: BLE001 - shown in words
                future.set_result(Probe(False, False, stopped.format(error=error)))

        threading.Thread(target=run, name="shared-index-test", daemon=True).start()
        self.test_button.setEnabled(False)
        self._say(self.tr("Connecting…"), "")
        self._poll.start()

    def _check(self) -> None:
        if self._future is None or not self._future.done():
            return
        found: Probe = self._future.result()
        self._future = None
        self._poll.stop()
        self._refresh()
        self._say(as_sentence(found.message), OK_STYLE if found.usable else ERROR_STYLE)
        self.tested.emit(found)

    def _say(self, text: str, style: str) -> None:
        self.result.setText(text)
        self.result.setStyleSheet(style)
        self.result.show()


__all__ = ["SharedIndexBox"]
