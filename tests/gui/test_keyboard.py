"""The window from the keyboard and for assistive technology: every menu
command reachable by its mnemonics, the frequent ones by a shortcut, a name
for every control, and the dark palette followed."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAction, QPalette, QColor
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractSpinBox,
                               QApplication, QComboBox,
                               QLineEdit, QMenu, QTextEdit)

from app.gui.main_window import MainWindow
from tests.gui.test_main_window import Replies, ask, folder, wait_indexed  # noqa: F401

pytestmark = pytest.mark.slow  # the real embedder indexes the folder


@pytest.fixture
def window(qtbot, folder, qsettings):  # noqa: F811 - the fixture imported above
    replies = Replies()
    window = MainWindow(folder, model_factory=replies, settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # shortcuts and mnemonics reach the active window
    return window, replies


def mnemonic(text: str) -> str:
    index = text.replace("&&", "").find("&")
    return text.replace("&&", "")[index + 1].lower() if index >= 0 else ""


def menu_actions(menu: QMenu) -> list[QAction]:
    return [a for a in menu.actions() if not a.isSeparator()]


def test_every_menu_command_is_reached_by_its_mnemonics(qtbot, window):
    """Alt+the menu's letter opens it and the item's letter runs the item:
    walked for every item of every menu (the commands themselves are
    disconnected first, so no dialog opens)."""
    window, _ = window
    menus = [a.menu() for a in window.menuBar().actions()]
    letters = [mnemonic(a.text()) for a in window.menuBar().actions()]
    assert all(letters) and len(set(letters)) == len(letters), letters
    walked = []
    for menu_letter, menu in zip(letters, menus):
        items = menu_actions(menu)
        item_letters = [mnemonic(a.text()) for a in items]
        assert all(item_letters) and len(set(item_letters)) == len(item_letters), \
            [a.text() for a in items]
        for action, letter in zip(items, item_letters):
            if action.menu() is not None:
                continue  # a submenu (Open recent): opened, not triggered
            action.setEnabled(True)  # Stop is enabled while answering
            action.triggered.disconnect()
            fired = []
            action.triggered.connect(lambda checked=False, a=action: fired.append(a))
            qtbot.keyClick(window, getattr(Qt.Key, f"Key_{menu_letter.upper()}"),
                           Qt.KeyboardModifier.AltModifier)
            qtbot.waitUntil(lambda: QApplication.activePopupWidget() is menu, timeout=5000)
            qtbot.keyClick(menu, getattr(Qt.Key, f"Key_{letter.upper()}"))
            qtbot.waitUntil(lambda: bool(fired), timeout=5000)
            walked.append(action.text())
    assert "&Stop answering" in walked and "&Export conversation as Markdown…" in walked


def test_the_frequent_commands_have_shortcuts(qtbot, window):
    window, replies = window
    shortcuts = {a.text(): a.shortcut().toString() for a in window.findChildren(QAction)
                 if not a.shortcut().isEmpty()}
    for text, keys in {"&Ask": "Ctrl+Return", "&Stop answering": "Esc",
                       "&New conversation": "Ctrl+N", "&Type a question": "Ctrl+L",
                       "&Find in library": "Ctrl+F", "&Copy answer": "Ctrl+Shift+C"}.items():
        assert shortcuts[text] == keys
    assert len(set(shortcuts.values())) == len(shortcuts)  # no shortcut does two things

    qtbot.keyClick(window.conversation, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.library.filter.hasFocus() and window.left.currentWidget() is window.library
    qtbot.keyClick(window.library.filter, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.question.hasFocus()

    replies.model.delay = 0.2  # an answer long enough to stop
    replies.model.enqueue(*(["word "] * 200))
    qtbot.keyClicks(window.question, "How many days of annual leave do I get?")
    with qtbot.waitSignal(window.answer_worker.finished, timeout=60_000) as finished:
        qtbot.keyClick(window.question, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: window.current_turn is not None
                        and window.current_turn.state == "generating", timeout=60_000)
        qtbot.keyClick(window.question, Qt.Key.Key_Escape)
    assert finished.args[0].stopped
    qtbot.waitUntil(lambda: window.current_turn is None)
    QApplication.clipboard().clear()
    qtbot.keyClick(window.question, Qt.Key.Key_C,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert "Everyone gets 28 days" in QApplication.clipboard().text()


CONTROLS = (QAbstractButton, QLineEdit, QAbstractItemView, QComboBox, QTextEdit, QAbstractSpinBox)


def test_every_control_has_a_name_for_screen_readers(window):
    """Every control a user can tab to, on every tab of both side panels."""
    from PySide6.QtWidgets import QWidget

    window, _ = window
    nameless = set()
    for left in range(window.left.count()):
        window.left.setCurrentIndex(left)
        for side in range(window.side.count()):
            window.side.setCurrentIndex(side)
            for widget in window.findChildren(QWidget):
                if not isinstance(widget, CONTROLS) or not widget.isVisibleTo(window) or \
                        widget.focusPolicy() == Qt.FocusPolicy.NoFocus or \
                        isinstance(widget.parent(), QAbstractSpinBox):  # the box is announced
                    continue
                interface = QAccessible.queryAccessibleInterface(widget)
                if interface is None or not interface.text(QAccessible.Text.Name).strip():
                    nameless.add(f"{type(widget).__name__} {widget.objectName()!r} "
                                 f"in {type(widget.parent().parent()).__name__}")
    assert not nameless, "\n".join(sorted(nameless))


def test_the_conversation_follows_a_dark_palette(qtbot, window):
    window, replies = window
    replies.model.enqueue("You", " get", " 35", " days", " [1].")
    ask(qtbot, window, "How many days of annual leave do I get?")
    assert "#ffd6d6" in window.conversation.document().defaultStyleSheet()
    dark = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#202124"), (QPalette.ColorRole.Base, "#1b1b1d"),
                         (QPalette.ColorRole.Text, "#e8e8e8"), (QPalette.ColorRole.WindowText, "#e8e8e8")):
        dark.setColor(role, QColor(colour))
    original = QApplication.palette()
    try:
        QApplication.setPalette(dark)
        qtbot.waitUntil(lambda: "#1f2a38" in window.conversation.document().defaultStyleSheet())
        assert "#ffd6d6" not in window.conversation.document().defaultStyleSheet()
        assert "Everyone gets 28 days" in window.conversation.toPlainText()
    finally:
        QApplication.setPalette(original)
    qtbot.waitUntil(lambda: "#f4f7fb" in window.conversation.document().defaultStyleSheet())


def test_tab_walks_the_answers_links_then_the_question_and_its_buttons(qtbot, window):
    window, replies = window
    replies.model.enqueue("You", " get", " 28", " days", " [1].")
    ask(qtbot, window, "How many days of annual leave do I get?")
    window.conversation.setFocus()
    opened = []
    window.conversation.appLinkClicked.connect(opened.append)
    qtbot.keyClick(window.conversation, Qt.Key.Key_Tab)
    assert window.conversation.hasFocus() and window.conversation.textCursor().hasSelection()
    qtbot.keyClick(window.conversation, Qt.Key.Key_Return)
    assert opened and opened[0].split("/")[0] in ("quote", "more", "cite")
    window.question.setFocus()
    qtbot.keyClick(window.question, Qt.Key.Key_Tab)
    assert window.ask_button.hasFocus()
    qtbot.keyClick(window.ask_button, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert window.question.hasFocus()
