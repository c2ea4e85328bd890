"""The desktop app on a shared index: Settings › Shared index with its
connection test, a maintainer's window that indexes into a real PostgreSQL,
and an asker's window that only reads it and opens cited files from its own
copy of the folder."""
import shutil

import pytest
from PySide6.QtCore import Qt

from app.gui.main_window import MainWindow
from app.workspace.settings import AppSettings
from app.gui.settings_dialog import SettingsDialog
from gui.test_main_window import HANDBOOK, Replies, ask, wait_indexed

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def dialog(qtbot):
    dialog = SettingsDialog(AppSettings(), 128, [])
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_password_typed_in_is_never_saved(dialog):
    dialog.shared.edit.setText("postgresql://hr:s3cret@db.example.com/handbook")
    saved = dialog.result_settings()
    assert "s3cret" not in saved.shared_index and "db.example.com" in saved.shared_index
    assert "will not be saved" in dialog.shared.result.text()
    assert dialog.ok_button.isEnabled()
    assert "s3cret" not in AppSettings.from_json(saved.to_json()).shared_index


def test_text_that_is_no_connection_cannot_be_saved(dialog):
    dialog.shared.edit.setText("my server")
    assert not dialog.ok_button.isEnabled()
    assert "Not a PostgreSQL connection" in dialog.shared.result.text()
    dialog.shared.edit.setText("postgresql://me:s3cr%t@server/handbook")  # libpq cannot read it
    assert not dialog.ok_button.isEnabled() and "s3cr" not in dialog.shared.result.text()
    # an unescaped @ in a password: libpq takes "cret@server" for the host name
    dialog.shared.edit.setText("postgresql://me:s3@cret@server/handbook")
    assert not dialog.ok_button.isEnabled() and "cret" not in dialog.shared.result.text()
    dialog.shared.edit.clear()
    assert dialog.ok_button.isEnabled() and dialog.result_settings().shared_index == ""


def test_the_connection_test_says_what_it_found(dialog, qtbot, pg_database, tmp_path):
    box = dialog.shared
    box.edit.setText(pg_database.uri)
    with qtbot.waitSignal(box.tested, timeout=30_000) as found:
        qtbot.mouseClick(box.test_button, Qt.MouseButton.LeftButton)
    assert found.args[0].usable and "no index yet" in box.result.text()
    box.edit.setText(f"postgresql://nobody@/handbook?host={tmp_path}&port=5999")
    with qtbot.waitSignal(box.tested, timeout=30_000) as found:
        qtbot.mouseClick(box.test_button, Qt.MouseButton.LeftButton)
    assert not found.args[0].usable and "does not answer" in box.result.text()


def shared_settings(qsettings, uri: str, maintain: bool) -> None:
    qsettings.setValue("settings", AppSettings(shared_index=uri, maintain_shared=maintain)
                       .to_json())


def test_a_maintainer_indexes_and_an_asker_reads(qtbot, tmp_path, pg_database):
    from PySide6.QtCore import QSettings

    mine = tmp_path / "maintainer" / "handbook"
    mine.mkdir(parents=True)
    (mine / "handbook.md").write_text(HANDBOOK)
    (mine / "parking.md").write_text("# Parking\n\nVisitors park on level 2 of the car park.\n")
    settings = QSettings(str(tmp_path / "maintainer.ini"), QSettings.Format.IniFormat)
    shared_settings(settings, pg_database.uri, maintain=True)
    maintainer = MainWindow(mine, model_factory=Replies(), settings=settings)
    qtbot.addWidget(maintainer)
    report = wait_indexed(qtbot, maintainer)
    assert report.count("indexed") == 2 and "shared index" in maintainer.windowTitle()

    # Another laptop: its own copy of the folder, somewhere else, without parking.md.
    theirs = tmp_path / "asker" / "copy"
    shutil.copytree(mine, theirs)
    (theirs / "parking.md").unlink()
    settings = QSettings(str(tmp_path / "asker.ini"), QSettings.Format.IniFormat)
    shared_settings(settings, pg_database.uri, maintain=False)
    replies = Replies()
    asker = MainWindow(theirs, model_factory=replies, settings=settings)
    qtbot.addWidget(asker)
    assert asker.read_only and not asker.index_worker.busy  # askers never index
    assert asker.library.statuses() == {"handbook.md": "indexed", "parking.md": "indexed"}

    replies.model.enqueue("28", " days", " [1]")
    answer = ask(qtbot, asker, "How many days of annual leave do I get?")
    assert "28 days" in answer.text
    asker.conversation.appLinkClicked.emit("cite/0/1")
    assert asker.side.currentWidget() is asker.viewer
    assert "28 days of annual leave" in asker.viewer.text.toPlainText()

    replies.model.enqueue("Level", " 2", " [1]")
    ask(qtbot, asker, "Where do visitors park?")
    asker.conversation.appLinkClicked.emit("cite/1/1")
    assert "not in your copy of the folder" in asker.messages.label.text()


def test_the_window_keeps_one_reader_and_survives_a_server_restart(qtbot, tmp_path):
    """The window's own reads share one connection; after the server restarts,
    the next read reconnects without a word to the user."""
    import psycopg
    from PySide6.QtCore import QSettings

    from app.cli import main
    from pg_fixtures import start_server

    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "handbook.md").write_text(HANDBOOK)
    server = start_server()
    try:
        with psycopg.connect(server.conninfo(), autocommit=True) as conn:
            conn.execute("CREATE DATABASE handbook")
        uri = server.uri("handbook")
        assert main(["--db", uri, "index", str(folder)]) == 0
        settings = QSettings(str(tmp_path / "asker.ini"), QSettings.Format.IniFormat)
        shared_settings(settings, uri, maintain=False)
        window = MainWindow(folder, model_factory=Replies(), settings=settings)
        qtbot.addWidget(window)
        reader = window.reader._shared(window.db)
        window._refresh_library()
        assert window.reader._shared(window.db) is reader  # the same connection, not one per read
        server.restart()
        window._refresh_library()
        assert window.library.statuses() == {"handbook.md": "indexed"}
        assert window.messages.isHidden()
        window.close()
    finally:
        server.stop()
