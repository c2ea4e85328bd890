"""The main window, driven as a user would: open, index, ask, stream, cite, view."""
import re
import sys
import time

import pytest
from PySide6.QtCore import Qt

from app.gui.main_window import MainWindow
from app.workspace.settings import AppSettings
from app.store.sqlite import Store
from fakes import FakeChatModel
from pdfgen import make_pdf

pytestmark = pytest.mark.slow  # the real embedder indexes the folders

HANDBOOK = """# Staff handbook

## Annual leave

Everyone gets 28 days of annual leave per year, booked in the HR portal.

## Parking

The car park opens at 7:00 and closes at 20:00.
"""


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "handbook"
    root.mkdir()
    (root / "handbook.md").write_text(HANDBOOK)
    (root / "notes.txt").write_text("Badges\n======\n\nLost badges are replaced at reception.\n")
    make_pdf(root / "travel.pdf", [["Travel", "Book trains through the travel desk."],
                                   ["Per diem", "The per diem in Berlin is 60 EUR per day."]],
             outline=[("Travel", 0, 1), ("Per diem", 1, 1)])
    return root


class Replies:
    """A fake answer model shared with the window, replies queued by the test."""

    def __init__(self):
        self.model = FakeChatModel()

    def __call__(self, settings):
        return self.model


def wait_indexed(qtbot, window, timeout=120_000):
    with qtbot.waitSignal(window.indexingDone, timeout=timeout) as blocker:
        pass
    return blocker.args[0]


def ask(qtbot, window, question, timeout=60_000):
    with qtbot.waitSignal(window.answer_worker.finished, timeout=timeout) as blocker:
        qtbot.keyClicks(window.question, question)
        qtbot.keyClick(window.question, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_turn is None)
    return blocker.args[0]


@pytest.fixture
def indexed_window(qtbot, folder, qsettings):
    replies = Replies()
    window = MainWindow(folder, model_factory=replies, settings=qsettings)
    qtbot.addWidget(window)
    report = wait_indexed(qtbot, window)
    assert report is not None and not report.failed
    return window, replies


def library_rows(window):
    return window.library.statuses()


def test_opening_a_folder_indexes_it_and_lists_every_document(indexed_window):
    window, _ = indexed_window
    assert library_rows(window) == {"handbook.md": "indexed", "notes.txt": "indexed",
                                    "travel.pdf": "indexed"}
    assert window.indexing.progress.isHidden()


def test_the_shared_index_measurement_is_said_and_can_only_be_cancelled(indexed_window):
    """After a shared index's files, its vector search is measured (minutes
    on a very large index): the window says so, with Cancel and no Skip."""
    from app.ingest.indexer import Progress

    window, _ = indexed_window
    window.indexing.update(Progress("measuring", 3, 3, current="checking the shared index's "
                                                           "vector search against exact search"))
    assert "Indexing: checking the shared index's vector search" in window.indexing.label.text()
    assert window.indexing.cancel_button.isVisibleTo(window) and not window.indexing.skip_button.isVisibleTo(window)


def test_a_broken_file_is_listed_with_its_reason(qtbot, folder, qsettings):
    (folder / "broken.pdf").write_bytes(b"%PDF-1.4 garbage")
    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    rows = library_rows(window)
    assert rows["broken.pdf"].startswith("failed: ")
    assert rows["handbook.md"] == "indexed"
    assert not window.messages.isHidden() and "broken.pdf" in window.messages.label.text()


def test_an_answer_streams_with_citation_links_and_a_budget(qtbot, indexed_window):
    window, replies = indexed_window
    replies.model.enqueue("You", " get", " 28", " days", " [1]", ".")
    answer = ask(qtbot, window, "How many days of annual leave do I get?")
    assert answer.text == "You get 28 days [1]."
    html = window.conversation.toHtml()
    assert "hbqa:cite/0/1" in html
    assert "28 days" in window.conversation.toPlainText()
    assert re.fullmatch(r"\d+ sources? · [\d,]+ / 4,096 tokens", window.budget.text())
    assert window.sources.list.count() >= 1
    assert window.sources.list.item(0).text().startswith("[1] handbook.md › Staff handbook › Annual leave")


def test_clicking_a_citation_opens_the_markdown_source_at_its_heading(qtbot, indexed_window):
    window, replies = indexed_window
    replies.model.enqueue("28", " days", " [1]")
    ask(qtbot, window, "How many days of annual leave do I get?")
    window.conversation.appLinkClicked.emit("cite/0/1")
    assert window.side.currentWidget() is window.viewer
    assert window.viewer.highlight_count >= 1
    assert "28 days of annual leave" in window.viewer.text.toPlainText()


def test_clicking_a_citation_opens_the_pdf_at_the_cited_page(qtbot, indexed_window):
    window, replies = indexed_window
    replies.model.enqueue("60", " EUR", " [1]")
    ask(qtbot, window, "What is the per diem in Berlin?")
    assert window.sources.results[0].source == "travel.pdf"
    window.conversation.appLinkClicked.emit("cite/0/1")
    assert window.viewer.current_page == 2
    assert window.viewer.highlight_count >= 1


def test_stop_ends_the_answer_and_the_app_keeps_working(qtbot, indexed_window):
    window, replies = indexed_window
    replies.model.delay = 0.01  # 500 tokens take 5 s: time to press Stop mid-answer
    replies.model.enqueue(*[f" word{i}" for i in range(500)])
    with qtbot.waitSignal(window.answer_worker.finished, timeout=60_000) as blocker:
        window.ask("How many days of annual leave do I get?")
        qtbot.waitUntil(lambda: window.current_turn is not None and
                        window.current_turn.state == "generating", timeout=30_000)
        qtbot.mouseClick(window.stop_button, Qt.MouseButton.LeftButton)
    # The blocker hears the worker's signal in the worker's thread; the window's own slot
    # runs later on the GUI thread, so wait for it before looking at the buttons.
    qtbot.waitUntil(lambda: window.current_turn is None)
    assert blocker.args[0].stopped
    assert window.ask_button.isEnabled()


def test_an_invalid_model_file_gives_a_message_and_search_still_works(qtbot, folder, qsettings,
                                                                     tmp_path):
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"")
    qsettings.setValue("settings", AppSettings(model_path=str(broken)).to_json())
    window = MainWindow(folder, settings=qsettings)  # the real model factory
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    with qtbot.waitSignal(window.answer_worker.failed, timeout=60_000):
        window.ask("How many days of annual leave do I get?")
    qtbot.waitUntil(lambda: window.conversation.turns[-1].error != "")  # the window's own slot
    turn = window.conversation.turns[-1]
    assert "broken.gguf" in turn.error and "empty" in turn.error
    assert window.sources.list.count() >= 1, "the sources are still shown"


def test_document_html_and_model_html_are_shown_literally(qtbot, folder, qsettings):
    (folder / "evil.md").write_text(
        "# Evil\n\nThe office <img src='/dev/zero'> <script>alert(1)</script> "
        "<a href='https://example.com'>prize</a> is open.\n")
    replies = Replies()
    window = MainWindow(folder, model_factory=replies, settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    replies.model.enqueue("<img src=x>", " <b>bold</b>", " [1]")
    ask(qtbot, window, "Is the evil office open with the img and script?")
    conversation = window.conversation.toPlainText()
    assert "<img src=x> <b>bold</b>" in conversation
    results = window.sources.results
    evil = next(n for n, r in enumerate(results, start=1) if r.source == "evil.md")
    window.sources.select(evil)
    assert "<img src='/dev/zero'>" in window.sources.detail.toPlainText()
    assert "<script>alert(1)</script>" in window.sources.detail.toPlainText()
    window.conversation.appLinkClicked.emit("cite/0/%d" % evil)
    assert "<img src='/dev/zero'>" in window.viewer.text.toPlainText()


def test_only_the_apps_own_links_do_anything(qtbot, indexed_window):
    window, _ = indexed_window
    before = window.side.currentIndex()
    window.conversation.appLinkClicked.emit("cite/7/1")     # no such turn
    window.conversation.appLinkClicked.emit("cite/x/../..")  # not a citation
    from PySide6.QtCore import QUrl
    window.conversation.anchorClicked.emit(QUrl("https://example.com/"))
    window.conversation.anchorClicked.emit(QUrl("file:///etc/passwd"))
    assert window.side.currentIndex() == before


def test_settings_and_folder_persist_across_restarts(qtbot, folder, qsettings):
    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    window.settings = AppSettings(n_ctx=2048, results=4)
    qsettings.setValue("settings", window.settings.to_json())
    window.close()
    again = MainWindow(None, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(again)
    wait_indexed(qtbot, again)
    assert again.folder == folder.resolve()
    assert (again.settings.n_ctx, again.settings.results) == (2048, 4)


def test_files_changed_while_closed_are_reindexed_at_start(qtbot, folder, qsettings):
    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    window.close()
    (folder / "notes.txt").write_text("Badges\n======\n\nLost badges cost 10 EUR.\n")
    again = MainWindow(None, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(again)
    report = wait_indexed(qtbot, again)
    assert {f.path: f.status for f in report.files}["notes.txt"] == "indexed"


def test_a_file_added_while_running_is_picked_up(qtbot, indexed_window, folder):
    window, _ = indexed_window
    (folder / "new.md").write_text("# New\n\nThe gym opens at 6:00.\n")
    report = wait_indexed(qtbot, window, timeout=30_000)
    assert {f.path: f.status for f in report.files}["new.md"] == "indexed"
    assert "new.md" in library_rows(window)


def many_files(folder, count=60):
    for i in range(count):
        (folder / f"policy-{i:03d}.md").write_text(
            f"# Policy {i}\n\n" + " ".join(f"Rule {j} of policy {i} applies to everyone."
                                           for j in range(120)))


def test_cancel_stops_indexing_quickly_and_leaves_a_consistent_index(qtbot, folder, qsettings):
    many_files(folder)
    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: "files" in window.indexing.label.text(), timeout=60_000)
    started = time.monotonic()
    qtbot.mouseClick(window.indexing.cancel_button, Qt.MouseButton.LeftButton)
    report = wait_indexed(qtbot, window, timeout=10_000)
    assert time.monotonic() - started < 2.0
    assert report.cancelled
    with Store(window.db) as store:
        assert store.check() == []


def test_no_indexing_work_runs_on_the_gui_thread(qtbot, folder, qsettings, monkeypatch):
    """The GUI stays responsive because reading, embedding and writing never run
    on its thread. (How long the event loop waits on a loaded machine is a
    benchmark, benchmarks/guards/gui_responsiveness.py, not a test: a timed assertion
    fails whenever another job shares the cores.)"""
    import threading

    from app.embedding.minilm import MiniLM
    from app.store.sqlite import Store as RealStore

    threads = []
    real_embed, real_write = MiniLM.embed, RealStore.write_document

    def embed(self, *args, **kwargs):
        threads.append(threading.current_thread())
        return real_embed(self, *args, **kwargs)

    def write_document(self, *args, **kwargs):
        threads.append(threading.current_thread())
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(MiniLM, "embed", embed)
    monkeypatch.setattr(RealStore, "write_document", write_document)
    many_files(folder, 10)
    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    assert len(threads) > 10
    assert threading.main_thread() not in threads


def test_pyside6_does_not_leak_none_references():
    """PySide6 6.12.0 drops a reference to None on every void call (DESIGN.md)."""
    from PySide6.QtWidgets import QLabel

    label = QLabel()
    before = sys.getrefcount(None)
    for i in range(5000):
        label.setText(str(i))
    assert abs(sys.getrefcount(None) - before) < 100


def test_the_real_bundled_model_answers_in_the_window(qtbot, folder, qsettings):
    window = MainWindow(folder, settings=qsettings)  # real embedder, real GGUF
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    statuses, shown = [], []
    window.answer_worker.status.connect(lambda stage, message: statuses.append(stage))
    window.answer_worker.status.connect(
        lambda stage, message: window.current_turn and shown.append(window.current_turn.status))
    answer = ask(qtbot, window, "How many days of annual leave do I get?", timeout=180_000)
    assert answer.text.strip() and answer.citations
    assert statuses[:2] == ["searching", "reading"]
    # the wait is said with what it is made of, as the model reads
    assert any(re.fullmatch(r"reading \d+ passages? \([\d,]+ tokens\)… \d+ %", text)
               for text in shown), shown
    assert answer.context_tokens <= answer.n_ctx
    assert window.sources.list.item(0).text().startswith("[1] handbook.md")
    assert window.conversation.turns[-1].state == "done"
    # The next question, from the same model process (its first answer may
    # have been cut at a sentence end while the model was still writing).
    again = ask(qtbot, window, "Can I carry over unused annual leave?", timeout=180_000)
    assert again.text.strip() and window.conversation.turns[-1].state == "done"


def test_after_an_unclean_shutdown_a_damaged_index_is_offered_a_rebuild(qtbot, folder, qsettings,
                                                                        monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from app.store import recovery

    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    db = window.db
    window.close()
    with Store(db) as store:  # damage: vectors without their chunks
        store.db.execute("DELETE FROM chunks WHERE id IN (SELECT id FROM chunks LIMIT 2)")
    recovery.mark_open(db)  # as if the app had been killed
    asked = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args: asked.append(args[2]) or QMessageBox.StandardButton.Yes)
    again = MainWindow(None, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(again)
    wait_indexed(qtbot, again)
    assert asked and "not closed properly" in asked[0]
    with Store(db) as store:
        assert store.check() == []
    assert library_rows(again)["handbook.md"] == "indexed"


def test_a_clean_close_asks_nothing_at_the_next_start(qtbot, folder, qsettings, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    window.close()
    monkeypatch.setattr(QMessageBox, "question", lambda *args: pytest.fail("asked"))
    again = MainWindow(None, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(again)
    wait_indexed(qtbot, again)


def test_a_crash_of_the_model_process_is_an_error_not_the_end_of_the_app(qtbot, folder, qsettings):
    import os
    import signal

    window = MainWindow(folder, settings=qsettings)  # the real model, in its child process
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.answer_worker.warmed, timeout=180_000):
        pass  # loaded ahead of the question: kill it while it answers
    with qtbot.waitSignal(window.answer_worker.failed, timeout=120_000) as blocker:
        window.ask("How many days of annual leave do I get?")
        qtbot.waitUntil(lambda: window.current_turn.state == "reading", timeout=60_000)
        os.kill(window.answer_worker.host._model._child.pid, signal.SIGKILL)
    assert "crashed" in blocker.args[0]
    qtbot.waitUntil(lambda: window.conversation.turns[-1].state == "error")
    answer = ask(qtbot, window, "How many days of annual leave do I get?", timeout=180_000)
    assert answer.text.strip(), "the next question starts a fresh model process"


def test_a_second_window_on_the_same_folder_says_so_and_never_writes(qtbot, folder, qsettings,
                                                                     tmp_path):
    from PySide6.QtCore import QSettings

    first = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(first)
    wait_indexed(qtbot, first)
    other_settings = QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat)
    replies = Replies()
    second = MainWindow(folder, model_factory=replies, settings=other_settings)
    qtbot.addWidget(second)
    assert second.read_only and not second.messages.isHidden()
    assert "open in another Handbook QA window" in second.messages.label.text()
    assert not second.index_worker.busy, "the second window does not index"
    replies.model.enqueue("28", " days", " [1]")
    assert ask(qtbot, second, "How many days of annual leave do I get?").text == "28 days [1]"
    first.close()
    with Store(first.db) as store:
        assert store.check() == []


def test_the_real_answer_model_is_loaded_before_the_first_question(qtbot, folder, qsettings):
    """Once the folder is indexed, the model process starts and loads the
    model, so the first answer does not wait for either."""
    window = MainWindow(folder, settings=qsettings)  # the bundled model, in its own process
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.answer_worker.warmed, timeout=180_000):
        pass
    model = window.answer_worker.host._model
    assert model.name == "SmolLM2-135M-Instruct.Q4_1.gguf"  # known only once loaded
    assert model._child.alive


def test_evaluate_answers_borrows_the_windows_model_and_the_window_waits(qtbot, folder,
                                                                         qsettings, tmp_path):
    """One answer model in memory (a large one would otherwise be loaded
    twice): the evaluation asks with the window's own, and a question typed
    meanwhile is told why it must wait instead of being interleaved."""
    made = []

    class Counted(Replies):
        def __call__(self, settings):
            made.append(settings.model_path)
            return self.model

    factory = Counted()
    factory.model.delay = 0.2  # seconds a token: the run lasts while the test asks
    for _ in range(2):
        factory.model.enqueue("Everyone", " gets", " 28", " days.")
    window = MainWindow(folder, model_factory=factory, settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    golden = tmp_path / "golden.tsv"
    golden.write_text("question\tanswer_span\n"
                      "How many days of annual leave do I get?\t28 days of annual leave\n"
                      "When does the car park open?\topens at 7:00\n")
    window.evaluation.set_tsv(golden)
    window.evaluation.limit_box.setValue(2)
    window.evaluation.run_answers()
    qtbot.waitUntil(lambda: len(factory.model.prompts) >= 1, timeout=30_000)
    window.ask("How many days of annual leave do I get?")
    assert window.current_turn is None, "not asked while the evaluation holds the model"
    assert "Evaluate answers" in window.messages.label.text()
    qtbot.waitUntil(lambda: not window.evaluation.busy, timeout=60_000)
    assert window.evaluation.answer_report.cases == 2
    assert len(made) == 1, "the window's model, not a second one"
    factory.model.delay = 0.0
    factory.model.enqueue("28", " days", " [1]")
    assert ask(qtbot, window, "How many days of annual leave do I get?").text == "28 days [1]"


def test_the_sample_questions_are_offered_beside_the_sample_handbook_only(qtbot, folder,
                                                                         qsettings):
    """They ask about the sample's policies, in its language: on another
    folder they would find nothing."""
    from app.common.bundled import SAMPLE_HANDBOOK

    window = MainWindow(folder, model_factory=Replies(), settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    assert "annual leave" not in window.conversation.toPlainText()
    window.open_folder(SAMPLE_HANDBOOK)
    wait_indexed(qtbot, window)
    assert "How many days of annual leave do I get?" in window.conversation.toPlainText()
