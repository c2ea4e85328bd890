"""Saved conversations, driven as a user would: asked, closed, reopened,
searched, renamed, deleted, exported; a kill mid-answer; a handbook edited
since an answer was given."""
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.workspace.turns import INTERRUPTED
from app.gui.main_window import MainWindow
from app.store.conversations import ConversationStore, default_path
from tests.gui.test_main_window import HANDBOOK as HANDBOOK_TEXT
from tests.gui.test_main_window import Replies, ask, folder, wait_indexed  # noqa: F401

pytestmark = pytest.mark.slow  # the real embedder indexes the folder

ROOT = Path(__file__).resolve().parents[2]
QUOTE = "Everyone gets 28 days of annual leave per year, booked in the HR portal."


def open_window(qtbot, folder, qsettings, replies=None):  # noqa: F811 - the fixture
    window = MainWindow(folder, model_factory=replies or Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    return window


def ask_with(qtbot, window, question, *tokens):
    window.answer_worker.host._factory(None).enqueue(*tokens)
    return ask(qtbot, window, question)


def titles(window):
    rows = window.conversation_list.list
    return [rows.item(i).text() for i in range(rows.count())]


def test_a_restart_reopens_the_conversation_as_it_was_with_working_citations(
        qtbot, folder, qsettings):  # noqa: F811
    window = open_window(qtbot, folder, qsettings)
    ask_with(qtbot, window, "How many days of annual leave do I get?", "You", " get", " 28",
             " days", " [1].")
    ask_with(qtbot, window, "When does the car park open?", "At", " 7:00", " [1].")
    shown = window.conversation.toPlainText()
    window.close()

    again = open_window(qtbot, folder, qsettings)
    assert titles(again) == ["How many days of annual leave do I get?"]
    assert again.left.currentWidget() is again.conversation_list
    assert again.conversation.turns == []  # a new conversation until one is opened
    again.conversation_list.list.setCurrentRow(0)
    again.conversation_list._activated(again.conversation_list.list.item(0))
    assert [t.question for t in again.conversation.turns][:2] == [
        "How many days of annual leave do I get?", "When does the car park open?"]
    assert again.conversation.toPlainText() == shown
    assert QUOTE in shown and "You get 28 days [1]." in shown
    again.conversation.appLinkClicked.emit("cite/0/1")
    assert again.side.currentWidget() is again.viewer
    assert again.messages.isHidden()

    # asked on in the reopened conversation: saved in it, not in a new one, and
    # a follow-up is asked with the question before it, as before the restart
    ask_with(qtbot, again, "is it open at night?", "No", " [1].")
    prompt = again.answer_worker.host._factory(None).prompts[-1]
    assert "When does the car park open?" in prompt and "At 7:00 [1]." in prompt
    assert titles(again) == ["How many days of annual leave do I get?"]
    with ConversationStore(default_path()) as store:
        [info] = store.conversations(str(folder.resolve()))
        assert info.turns == 3


def test_a_citation_whose_section_changed_since_is_shown_as_changed(qtbot, folder, qsettings):  # noqa: F811,E501
    window = open_window(qtbot, folder, qsettings)
    ask_with(qtbot, window, "How many days of annual leave do I get?", "28", " days", " [1].")
    conversation = window.conversation_id
    handbook = folder / "handbook.md"
    handbook.write_text(handbook.read_text().replace("28 days", "30 days"))
    with qtbot.waitSignal(window.indexingDone, timeout=120_000):
        window.reindex()
    window.new_conversation()
    window.open_saved(conversation)
    [turn] = window.conversation.turns
    assert 1 in turn.changed
    text = window.conversation.toPlainText()
    assert "The handbook has changed since this answer was given" in text
    assert "[1] handbook.md › Staff handbook › Annual leave · changed since" in text
    window.conversation.appLinkClicked.emit("cite/0/1")
    assert window.side.currentWidget() is not window.viewer
    assert "has changed in the handbook since this answer was given" in \
        window.messages.label.text()
    window.conversation.appLinkClicked.emit("quote/0/0")
    assert window.side.currentWidget() is not window.viewer


def test_new_search_rename_delete_and_export(qtbot, folder, qsettings, tmp_path, monkeypatch):  # noqa: F811,E501
    window = open_window(qtbot, folder, qsettings)
    ask_with(qtbot, window, "How many days of annual leave do I get?", "28", " days", " [1].")
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # shortcuts reach the active window only
    qtbot.keyClick(window.conversation, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.conversation.turns == [] and window.question.hasFocus()
    ask_with(qtbot, window, "When does the car park open?", "At", " 7:00", " [1].")
    assert titles(window) == ["When does the car park open?",
                              "How many days of annual leave do I get?"]

    window.conversation_list.search.setText("annual")
    assert titles(window) == ["How many days of annual leave do I get?"]
    window.conversation_list.search.setText("7:00")  # found in an answer
    assert titles(window) == ["When does the car park open?"]
    window.conversation_list.search.clear()

    item = window.conversation_list.list.item(1)
    item.setText("Leave")  # as the in-place editor leaves it
    assert titles(window) == ["When does the car park open?", "Leave"]

    target = tmp_path / "out" / "parking.md"
    target.parent.mkdir()
    monkeypatch.setattr("app.gui.main_window.QFileDialog.getSaveFileName",
                        lambda *args, **kwargs: (str(target), "Markdown (*.md)"))
    window.export_conversation()
    exported = target.read_text(encoding="utf-8")
    assert exported.startswith("# When does the car park open?\n")
    assert "## When does the car park open?" in exported
    assert "**Model's answer:** At 7:00 [1]." in exported
    assert "- [1] handbook.md › Staff handbook › Parking" in exported

    window.conversation_list.list.setCurrentRow(0)  # the one on screen
    window.conversation_list.delete_selected(confirm=False)
    assert titles(window) == ["Leave"]
    assert window.conversation.turns == []  # its view went with it


KILLED_APP = textwrap.dedent("""
    import os, sys
    sys.path[:0] = [{root!r}, {tests!r}]
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication
    from app.gui.main_window import MainWindow
    from fakes import FakeChatModel

    app = QApplication([])
    model = FakeChatModel(delay=0.2)
    model.enqueue(*(["word "] * 1000))  # an answer that takes minutes
    window = MainWindow(sys.argv[1], model_factory=lambda settings: model,
                        settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))

    def asked(report):
        window.ask("How many days of annual leave do I get?")

    def check():
        turn = window.current_turn
        if turn is not None and turn.state == "generating" and len(turn.answer) > 20:
            print("GENERATING", flush=True)

    window.indexingDone.connect(asked)
    timer = QTimer(); timer.timeout.connect(check); timer.start(100)
    app.exec()
""")


def test_a_kill_during_an_answer_keeps_the_question_and_its_quote(qtbot, folder, qsettings,  # noqa: F811,E501
                                                                  tmp_path):
    script = tmp_path / "app.py"
    script.write_text(KILLED_APP.format(root=str(ROOT), tests=str(ROOT / "tests")))
    process = subprocess.Popen([sys.executable, str(script), str(folder), qsettings.fileName()],
                               stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    try:
        line = process.stdout.readline()
        assert line.strip() == "GENERATING", "the app did not get to write an answer"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    with ConversationStore(default_path()) as store:
        assert store.check() == []

    window = open_window(qtbot, folder, qsettings)
    assert titles(window) == ["How many days of annual leave do I get?"]
    window.conversation_list._activated(window.conversation_list.list.item(0))
    [turn] = window.conversation.turns
    assert turn.state == "interrupted"
    text = window.conversation.toPlainText()
    assert QUOTE in text and INTERRUPTED in text


HANDBOOK_WITH_BIKES = HANDBOOK_TEXT + """
## Bicycles

Bicycles go in the bicycle shed behind building B, which your badge opens.
"""

IT_HANDBOOK = """# IT handbook

## Passwords

Passwords must be at least 14 characters long and are changed only when there is a reason to
believe one has leaked.
"""


def test_several_handbooks_are_asked_at_once_and_each_citation_opens_its_own(
        qtbot, folder, qsettings, tmp_path):  # noqa: F811
    it = tmp_path / "IT"
    it.mkdir()
    (it / "it-handbook.md").write_text(IT_HANDBOOK)
    window = open_window(qtbot, folder, qsettings)
    with qtbot.waitSignal(window.indexingDone, timeout=120_000):
        window.open_folder(it)
    # edited while another folder is open: brought up to date when it is asked again
    (folder / "handbook.md").write_text(HANDBOOK_WITH_BIKES)
    window._fill_scope_menu()
    every = next(a for a in window.scope_menu.actions() if a.text().startswith("&All"))
    with qtbot.waitSignal(window.refresh_worker.finished, timeout=120_000) as refreshed:
        every.trigger()
    assert refreshed.args[0].count("indexed") == 1
    assert window.scope_button.text() == "Asking 2 handbooks"
    assert "IT" in window.question.placeholderText() and "handbook" in \
        window.question.placeholderText()

    ask_with(qtbot, window, "Where can I park my bicycle?", "In", " the", " shed", " [1].")
    assert "bicycle shed" in window.conversation.turns[0].evidence[0].text
    window.new_conversation()
    ask_with(qtbot, window, "How many days of annual leave do I get?", "28", " days", " [1].")
    [turn] = window.conversation.turns
    assert [label for label, _, _ in turn.handbooks] == ["IT", "handbook"]
    assert turn.evidence[0].source == "handbook/handbook.md"
    assert QUOTE in window.conversation.toPlainText()
    assert "[1] handbook/handbook.md › Staff handbook › Annual leave" in \
        window.conversation.toPlainText()
    window.conversation.appLinkClicked.emit("quote/0/0")
    assert window.side.currentWidget() is window.viewer and window.messages.isHidden()
    assert Path(window.viewer._location.path) == folder / "handbook.md" and window.viewer.highlight_count >= 1

    # saved and reopened: still pointing into each handbook's own index
    conversation = window.conversation_id
    window.new_conversation()
    window.open_saved(conversation)
    [again] = window.conversation.turns
    assert again.changed == set() and len(again.handbooks) == 2
    window.conversation.appLinkClicked.emit("cite/0/1")
    assert Path(window.viewer._location.path) == folder / "handbook.md" and window.viewer.highlight_count >= 1

    window.forget_handbook(str(folder.resolve()))
    assert window.scope_button.text() == "Asking IT" and window._askable() == []


def test_a_real_answer_is_saved_and_reopened_word_for_word_after_a_restart(
        qtbot, folder, qsettings):  # noqa: F811
    """The product path: the real embedder and index, the bundled GGUF in its
    own process; the window closed and opened again."""
    window = MainWindow(folder, settings=qsettings)  # real embedder, real GGUF
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    answer = ask(qtbot, window, "How many days of annual leave do I get?", timeout=180_000)
    assert answer.text.strip()
    shown = window.conversation.toPlainText()
    window.close()

    again = open_window(qtbot, folder, qsettings)
    again.conversation_list._activated(again.conversation_list.list.item(0))
    [turn] = again.conversation.turns
    assert turn.answer == answer.text and turn.state == "done" and not turn.changed
    assert again.conversation.toPlainText() == shown


def test_a_question_asked_during_the_first_indexing_is_told_to_wait(qtbot, folder, qsettings):  # noqa: F811,E501
    """Not the command line's "the index is empty: index a folder first
    (handbook-qa index FOLDER)", and nothing saved."""
    from tests.gui.test_main_window import many_files

    many_files(folder)
    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    window.ask("How many days of annual leave do I get?")  # before any file is in
    assert "still being indexed for the first time" in window.messages.label.text()
    assert window.conversation.turns == [] and titles(window) == []
    wait_indexed(qtbot, window)
    ask_with(qtbot, window, "How many days of annual leave do I get?", "28", " days", " [1].")
    assert QUOTE in window.conversation.toPlainText()


def answering(qtbot, window):
    """A slow answer asked, and some of it written already."""
    model = window.answer_worker.host._factory(None)
    model.delay = 0.1
    model.enqueue(*(["word "] * 100))
    window.ask("How many days of annual leave do I get?")
    qtbot.waitUntil(lambda: window.current_turn is not None and
                    len(window.current_turn.answer) > 20, timeout=60_000)


def test_deleting_the_conversation_being_answered_saves_nothing_more_of_it(
        qtbot, folder, qsettings):  # noqa: F811
    window = open_window(qtbot, folder, qsettings)
    answering(qtbot, window)
    window.conversation_list.list.setCurrentRow(0)
    window.conversation_list.delete_selected(confirm=False)
    assert titles(window) == []
    window.open_folder(folder.parent)  # refused while an answer is written
    assert "before opening another folder" in window.messages.label.text()
    assert window.folder == folder.resolve()
    window.stop()
    qtbot.waitUntil(lambda: window.current_turn is None, timeout=60_000)
    assert titles(window) == []  # the deleted conversation did not come back
    ask_with(qtbot, window, "When does the car park open?", "At", " 7:00", " [1].")
    assert titles(window) == ["When does the car park open?"]  # a new one, saved


def test_closing_the_window_mid_answer_keeps_what_was_shown(qtbot, folder, qsettings):  # noqa: F811,E501
    window = open_window(qtbot, folder, qsettings)
    answering(qtbot, window)
    window.close()
    again = open_window(qtbot, folder, qsettings)
    again.conversation_list._activated(again.conversation_list.list.item(0))
    [turn] = again.conversation.turns
    assert turn.state == "interrupted" and turn.answer.startswith("word word word")


def test_a_damaged_conversations_file_is_named_and_the_app_still_answers(
        qtbot, folder, qsettings):  # noqa: F811
    default_path().parent.mkdir(parents=True, exist_ok=True)
    default_path().write_bytes(b"not a database " * 500)
    window = open_window(qtbot, folder, qsettings)
    assert "Conversations will not be saved" in window.messages.label.text()
    assert "conversations.sqlite is damaged" in window.messages.label.text()
    ask_with(qtbot, window, "How many days of annual leave do I get?", "28", " days", " [1].")
    assert QUOTE in window.conversation.toPlainText()
    assert titles(window) == ["How many days of annual leave do I get?"]  # kept until closed
    assert default_path().read_bytes().startswith(b"not a database")  # never overwritten
