"""The main window's menus, toolbar and keyboard commands.

Every command is in a menu, every menu and item has its mnemonic
(Alt+letter), and the frequent ones a shortcut of their own
(tests/gui/test_keyboard.py walks them).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence

from app.common.bundled import SAMPLE_HANDBOOK
from app.gui.scope_menu import numbered


def build_menus(w) -> None:
    """File, Edit, Conversation and Help on the main window `w`."""
    file_menu = w.menuBar().addMenu(QCoreApplication.translate("MainMenus", "&File"))
    w.open_action = _action(file_menu, QCoreApplication.translate("MainMenus", "&Open folder…"),
                            w.choose_folder, "Ctrl+O")
    recent = file_menu.addMenu(QCoreApplication.translate("MainMenus", "Open &recent"))
    recent.aboutToShow.connect(lambda: _fill_recent(w, recent))
    _action(file_menu, QCoreApplication.translate("MainMenus", "Open &sample handbook"),
            lambda: w.open_folder(SAMPLE_HANDBOOK))
    _action(file_menu, QCoreApplication.translate("MainMenus", "Re-&index"), w.reindex, "F5")
    file_menu.addSeparator()
    _action(file_menu,
            QCoreApplication.translate("MainMenus", "&Export conversation as Markdown…"),
            w.export_conversation, "Ctrl+Shift+E")
    file_menu.addSeparator()
    _action(file_menu, QCoreApplication.translate("MainMenus", "&Quit"), w.close, "Ctrl+Q")
    edit_menu = w.menuBar().addMenu(QCoreApplication.translate("MainMenus", "&Edit"))
    _action(edit_menu, QCoreApplication.translate("MainMenus", "&Copy answer"),
            lambda: _copy_last_answer(w), "Ctrl+Shift+C")
    edit_menu.addSeparator()
    _action(edit_menu, QCoreApplication.translate("MainMenus", "&Find in library"),
            lambda: _focus(w, w.library, w.library.filter), "Ctrl+F")
    _action(edit_menu, QCoreApplication.translate("MainMenus", "Search c&onversations"),
            lambda: _focus(w, w.conversation_list, w.conversation_list.search), "Ctrl+Shift+F")
    edit_menu.addSeparator()
    _action(edit_menu, QCoreApplication.translate("MainMenus", "&Settings…"), w.edit_settings,
            "Ctrl+,")
    ask_menu = w.menuBar().addMenu(QCoreApplication.translate("MainMenus", "&Conversation",
                                                              "menu's title"))
    _action(ask_menu,
            QCoreApplication.translate("MainMenus", "&Ask", "menu item: ask the question"),
            w.ask, "Ctrl+Return")
    w.stop_action = _action(ask_menu, QCoreApplication.translate("MainMenus", "&Stop answering"),
                            w.stop, "Esc")
    w.stop_action.setEnabled(False)
    ask_menu.addSeparator()
    _action(ask_menu, QCoreApplication.translate("MainMenus", "&New conversation"),
            w.new_conversation, "Ctrl+N")
    _action(ask_menu, QCoreApplication.translate("MainMenus", "&Type a question"),
            lambda: _focus(w, None, w.question), "Ctrl+L")
    _action(ask_menu, QCoreApplication.translate("MainMenus", "&Rename conversation"),
            lambda: _on_selected(w, "rename_selected"), "F2")
    _action(ask_menu, QCoreApplication.translate("MainMenus", "&Delete conversation"),
            lambda: _on_selected(w, "delete_selected"), "Ctrl+Shift+Backspace")
    help_menu = w.menuBar().addMenu(QCoreApplication.translate("MainMenus", "&Help"))
    _action(help_menu, QCoreApplication.translate("MainMenus", "&About Handbook QA"), w.about)
    toolbar = w.addToolBar(QCoreApplication.translate("MainMenus", "Main", "the toolbar's name"))
    toolbar.setObjectName("main-toolbar")
    toolbar.addAction(w.open_action)
    toolbar.addAction(QCoreApplication.translate("MainMenus", "Settings",
                                                 "toolbar button: open the settings"),
                      w.edit_settings)


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
        menu.addAction(QCoreApplication.translate("MainMenus", "No recent folders")) \
            .setEnabled(False)
