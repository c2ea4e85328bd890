"""The main window's menus, toolbar and keyboard commands.

Every command is in a menu, every menu and item has its mnemonic
(Alt+letter), and the frequent ones a shortcut of their own
(tests/gui/test_keyboard.py walks them).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from app.common.bundled import SAMPLE_HANDBOOK
from app.gui.scope_menu import numbered


def build_menus(w) -> None:
    """File, Edit, Conversation and Help on the main window `w`."""
    file_menu = w.menuBar().addMenu("&File")
    w.open_action = _action(file_menu, "&Open folder…", w.choose_folder, "Ctrl+O")
    recent = file_menu.addMenu("Open &recent")
    recent.aboutToShow.connect(lambda: _fill_recent(w, recent))
    _action(file_menu, "Open &sample handbook", lambda: w.open_folder(SAMPLE_HANDBOOK))
    _action(file_menu, "Re-&index", w.reindex, "F5")
    file_menu.addSeparator()
    _action(file_menu, "&Export conversation as Markdown…", w.export_conversation,
            "Ctrl+Shift+E")
    file_menu.addSeparator()
    _action(file_menu, "&Quit", w.close, "Ctrl+Q")
    edit_menu = w.menuBar().addMenu("&Edit")
    _action(edit_menu, "&Copy answer", lambda: _copy_last_answer(w), "Ctrl+Shift+C")
    edit_menu.addSeparator()
    _action(edit_menu, "&Find in library",
            lambda: _focus(w, w.library, w.library.filter), "Ctrl+F")
    _action(edit_menu, "Search c&onversations",
            lambda: _focus(w, w.conversation_list, w.conversation_list.search), "Ctrl+Shift+F")
    edit_menu.addSeparator()
    _action(edit_menu, "&Settings…", w.edit_settings, "Ctrl+,")
    ask_menu = w.menuBar().addMenu("&Conversation")
    _action(ask_menu, "&Ask", w.ask, "Ctrl+Return")
    w.stop_action = _action(ask_menu, "&Stop answering", w.stop, "Esc")
    w.stop_action.setEnabled(False)
    ask_menu.addSeparator()
    _action(ask_menu, "&New conversation", w.new_conversation, "Ctrl+N")
    _action(ask_menu, "&Type a question", lambda: _focus(w, None, w.question), "Ctrl+L")
    _action(ask_menu, "&Rename conversation", lambda: _on_selected(w, "rename_selected"), "F2")
    _action(ask_menu, "&Delete conversation", lambda: _on_selected(w, "delete_selected"),
            "Ctrl+Shift+Backspace")
    help_menu = w.menuBar().addMenu("&Help")
    _action(help_menu, "&About Handbook QA", w.about)
    toolbar = w.addToolBar("Main")
    toolbar.setObjectName("main-toolbar")
    toolbar.addAction(w.open_action)
    toolbar.addAction("Settings", w.edit_settings)


def _action(menu, text: str, slot, shortcut=None) -> QAction:
    action = menu.addAction(text)
    action.triggered.connect(lambda checked=False: slot())
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
        # the window's shortcuts work from any of its widgets
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    return action


def _focus(w, tab, field) -> None:
    """The keyboard to `field` (on the left's `tab`), its text selected."""
    if tab is not None:
        w.left.setCurrentWidget(tab)
    field.setFocus(Qt.FocusReason.ShortcutFocusReason)
    field.selectAll()


def _copy_last_answer(w) -> None:
    finished = [i for i, t in enumerate(w.conversation.turns)
                if t.state in ("done", "stopped", "interrupted")]
    if finished:
        w.turn_action("copy", finished[-1])


def _on_selected(w, action: str) -> None:
    """Rename or delete the conversation selected in the list."""
    w.left.setCurrentWidget(w.conversation_list)
    getattr(w.conversation_list, action)()


def _fill_recent(w, menu) -> None:
    menu.clear()
    folders = w.handbooks.recent()
    for number, folder in enumerate(folders, start=1):
        action = menu.addAction(f"{numbered(number)} {folder}")
        action.triggered.connect(lambda checked=False, f=folder: w.open_folder(Path(f)))
    if not folders:
        menu.addAction("No recent folders").setEnabled(False)
