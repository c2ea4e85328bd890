"""Changing the window's language while the app runs: the window is built
again in the new language, with what the user had on screen.

Why a new window rather than retranslating the old one: every string of the
window, including the many set once when a widget is made, comes out in the
new language, with no `retranslate()` per widget that a later change could
forget (the English that piles up in other apps' windows after a switch).
What the user had is kept: the folder, the conversation on screen (it is
saved as it is asked, and opened again), the other handbooks asked, the
question being typed, the tabs shown and the window's place. The cost is
what opening the folder costs: a check of its index for changed files, and
the answer model loaded again in the background. The switch waits for an
answer being written, which would otherwise be cut.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.gui.translations import LANGUAGE

_SHOWN: list = []  # the window now on screen (the old one is let go)


@dataclass
class Kept:
    folder: Path | None
    conversation_id: int | None
    also_asked: list[str]
    question: str
    left_tab: int
    side_tab: int

    @classmethod
    def of(cls, window) -> Kept:
        return cls(window.folder, window.conversation_id, list(window.also_asked),
                   window.question.text(), window.left.currentIndex(),
                   window.side.currentIndex())

    def restore(self, window) -> None:
        if self.also_asked:
            window.set_also_asked(self.also_asked)
        if self.conversation_id is not None:
            window.open_saved(self.conversation_id)
        window.question.setText(self.question)
        window.left.setCurrentIndex(self.left_tab)
        window.side.setCurrentIndex(self.side_tab)


def switch_language(window, choice: str):
    """The window again in `choice`'s language (a window of the same class);
    returns the new window."""
    kept = Kept.of(window)
    app = QApplication.instance()
    quits = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)  # the old one closes before the new one shows
    new = None
    try:
        window.close()  # saves its place and lets go of the folder and the model
        LANGUAGE.install(choice)
        new = type(window)(kept.folder, model_factory=window.model_factory,
                           settings=window.qsettings)
        kept.restore(new)
        new.show()
    finally:
        app.setQuitOnLastWindowClosed(quits)
        if new is None:  # the old window is gone: never leave the app running unseen
            app.quit()
    window.deleteLater()
    _SHOWN[:] = [new]
    return new
