"""The models already on this computer, as Settings lists them: found in the
applications' folders laid out in tmp_path (`models_on_disk`, conftest), with
what their headers say, the unusable ones greyed with the reason, the
suggestion marked, a pick validated like a chosen file, and the user's own
folders searched and saved. The real folders are never read (`apps_home`)."""
from __future__ import annotations

import threading

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QTextDocument  # noqa: E402
from PySide6.QtWidgets import QFileDialog  # noqa: E402

from app.llm.speeds import measured_speed, record_speed  # noqa: E402
from app.common.bundled import answer_model_path  # noqa: E402
from app.gui.model_list import LOOKING, COLUMNS, find_models  # noqa: E402
from app.workspace.settings import AppSettings  # noqa: E402
from app.gui.settings_dialog import SettingsDialog  # noqa: E402
from ggufgen import write_model  # noqa: E402

WINDOW = 128


@pytest.fixture
def open_dialog(qtbot):
    def make(settings=None, find=find_models, wait=True):
        dialog = SettingsDialog(settings or AppSettings(), WINDOW, [], find=find)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        if wait:
            wait_found(qtbot, dialog)
        return dialog
    return make


def wait_found(qtbot, dialog):
    qtbot.waitUntil(lambda: not dialog.model_picker.searching, timeout=30_000)


def rows(dialog) -> dict[str, dict[str, str]]:
    """Each row's cells by column title, keyed by the model's name as shown."""
    table = dialog.model_picker.table
    shown = {}
    for row in range(table.rowCount()):
        cells = {title: table.item(row, column).text() for column, title in enumerate(COLUMNS)}
        shown[cells["Model"]] = cells
    return shown


def row_of(dialog, name: str) -> int:
    table = dialog.model_picker.table
    return next(row for row in range(table.rowCount()) if table.item(row, 0).text() == name)


def click(qtbot, dialog, name: str) -> None:
    table = dialog.model_picker.table
    item = table.item(row_of(dialog, name), 0)
    table.scrollToItem(item)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.visualItemRect(item).center())


def shown_text(tooltip: str) -> str:
    """What a rich-text tooltip displays."""
    document = QTextDocument()
    document.setHtml(tooltip)
    return document.toPlainText()


# ----- what the list shows -------------------------------------------------------------------

def test_each_applications_models_are_listed_with_their_details(open_dialog, models_on_disk):
    record_speed(models_on_disk["llama"], 14.2)
    dialog = open_dialog()
    shown = rows(dialog)
    table = dialog.model_picker.table
    assert table.item(0, 0).text() == "Default: SmolLM2-135M-Instruct", "the default model comes first"
    assert shown["Default: SmolLM2-135M-Instruct"] | {"Speed": ""} == {
        "Model": "Default: SmolLM2-135M-Instruct", "From": "bundled", "Size": "98 MB",
        "Quant.": "Q4_1", "Context": "8K", "Chat": "yes", "Speed": ""}
    assert shown["Llama 3.2 3B Instruct"] == {
        "Model": "Llama 3.2 3B Instruct", "From": "GPT4All", "Size": "1.9 GB",
        "Quant.": "Q4_0", "Context": "128K", "Chat": "yes", "Speed": "14 tok/s"}
    assert shown["Llama 3.3 70B Instruct"]["From"] == "Ollama"
    assert shown["Llama 3.3 70B Instruct"]["Size"] == "42.5 GB"
    assert shown["Gemma 2 2b It"]["From"] == "Hugging Face"
    assert shown["Gemma 2 2b It"]["Quant."] == "Q4_K_M", "no file type: read from the file name"
    assert shown["★ Qwen2.5 7B Instruct"]["Speed"] == "–", "not tried yet"
    assert "mistral-7b-v0.1" not in str(shown), "the user's folder is not searched until added"


def test_a_file_that_cannot_be_used_is_greyed_not_selectable_and_says_why(
        open_dialog, models_on_disk, qtbot):
    dialog = open_dialog(AppSettings(model_folders=[str(models_on_disk["mine"])]))
    shown = rows(dialog)
    truncated = shown["phi-2.Q4_K_M"]
    assert truncated["From"] == "your folder"
    assert truncated["Size"].startswith("Truncated"), "the reason is in the row itself"
    assert shown["Mistral 7B v0.1"]["Size"].startswith("No chat template")
    assert shown["incomplete-Phi-3-mini-4k-instruct.Q4_0"]["Size"] == \
        "An unfinished GPT4All download"
    table = dialog.model_picker.table
    for name in ("phi-2.Q4_K_M", "Mistral 7B v0.1"):
        item = table.item(row_of(dialog, name), 0)
        assert not item.flags() & Qt.ItemFlag.ItemIsEnabled, "greyed"
        assert not item.flags() & Qt.ItemFlag.ItemIsSelectable
        assert "Cannot be used:" in shown_text(item.toolTip())
        assert str(models_on_disk["mine"]) in shown_text(item.toolTip()), "the path, in full"
    click(qtbot, dialog, "phi-2.Q4_K_M")
    assert dialog.model_edit.text() == "", "clicking it chooses nothing"
    assert dialog.model_picker.table.selectionModel().selectedRows()[0].row() == 0
    assert rows(dialog)["Default: SmolLM2-135M-Instruct"]  # still the default
    assert "3 of them cannot be used" in dialog.model_picker.note.text()


def test_the_suggestion_is_marked_with_the_reason_and_its_measured_speed(open_dialog,
                                                                         models_on_disk):
    dialog = open_dialog()
    table = dialog.model_picker.table
    assert table.item(1, 0).text() == "★ Qwen2.5 7B Instruct", "right under the bundled one"
    assert table.item(1, 0).font().bold()
    note = dialog.model_picker.note.text()
    assert "★ Suggested: Qwen2.5 7B Instruct (LM Studio), the largest instruction-tuned " \
           "model that fits in 16 GB; not tried yet." in note
    assert sum("★" in name for name in rows(dialog)) == 1
    assert "may not fit" in shown_text(table.item(row_of(dialog, "Llama 3.3 70B Instruct"),
                                                  0).toolTip()), "70B: 42.5 GB of 16"

    record_speed(models_on_disk["qwen"], 12.3)
    again = open_dialog()
    assert "it wrote 12 tok/s here." in again.model_picker.note.text()
    assert rows(again)["★ Qwen2.5 7B Instruct"]["Speed"] == "12 tok/s"


def test_nothing_is_suggested_when_no_chat_model_fits(open_dialog, apps_home, monkeypatch):
    monkeypatch.setattr("app.gui.model_list.total_memory", lambda: 4 * (1 << 30))
    write_model(apps_home / ".cache/gpt4all/big-instruct.gguf", size=8_000_000_000)
    dialog = open_dialog()
    assert "None suggested: no instruction-tuned model found fits in 4 GB" in \
        dialog.model_picker.note.text()
    assert not any("★" in name for name in rows(dialog))


def test_with_no_models_found_the_list_says_where_it_looked(open_dialog):
    dialog = open_dialog()
    shown = rows(dialog)
    assert list(shown) == ["Default: SmolLM2-135M-Instruct", "Qwen2.5-Coder-0.5B-Instruct",
                           "Qwen2.5-Coder-1.5B-Instruct"], "set-up's models, here not installed"
    assert shown["Qwen2.5-Coder-0.5B-Instruct"]["Size"].startswith(
        "Not installed; scripts/setup-env installs it")
    note = dialog.model_picker.note.text()
    assert note.startswith("No .gguf models in the folders of GPT4All, LM Studio, Ollama")
    assert "add a folder" in note


# ----- choosing one --------------------------------------------------------------------------

def test_choosing_a_model_sets_the_setting_and_the_bundled_row_goes_back(open_dialog,
                                                                         models_on_disk, qtbot):
    dialog = open_dialog()
    click(qtbot, dialog, "Llama 3.2 3B Instruct")
    assert dialog.model_edit.text() == str(models_on_disk["llama"])
    assert dialog.model_error.isHidden() and dialog.ok_button.isEnabled()
    assert dialog.result_settings().model_path == str(models_on_disk["llama"])
    click(qtbot, dialog, "Default: SmolLM2-135M-Instruct")
    assert dialog.model_edit.text() == ""
    assert dialog.result_settings().model_path == ""


def test_a_picked_model_is_validated_as_a_chosen_file_is(open_dialog, models_on_disk, qtbot):
    dialog = open_dialog()
    models_on_disk["gemma"].unlink()  # deleted after it was listed
    click(qtbot, dialog, "Gemma 2 2b It")
    assert "does not exist" in dialog.model_error.text()
    assert not dialog.ok_button.isEnabled()
    click(qtbot, dialog, "★ Qwen2.5 7B Instruct")
    assert dialog.model_error.isHidden() and dialog.ok_button.isEnabled()


def test_the_saved_or_typed_model_is_the_selected_row(open_dialog, models_on_disk):
    dialog = open_dialog(AppSettings(model_path=str(models_on_disk["qwen"])))
    picker = dialog.model_picker
    assert picker.table.selectionModel().selectedRows()[0].row() == \
        row_of(dialog, "★ Qwen2.5 7B Instruct")
    dialog.model_edit.setText(str(models_on_disk["llama"]))
    assert picker.table.selectionModel().selectedRows()[0].row() == \
        row_of(dialog, "Llama 3.2 3B Instruct")
    dialog.model_edit.setText("/somewhere/else.gguf")
    assert not picker.table.selectionModel().selectedRows()
    assert dialog.model_edit.text() == "/somewhere/else.gguf", "typing is not overridden"
    dialog.bundled_button.click()
    assert picker.table.selectionModel().selectedRows()[0].row() == 0


# ----- the user's folders --------------------------------------------------------------------

def test_an_added_folder_is_searched_and_saved(open_dialog, models_on_disk, qtbot, monkeypatch):
    mine = models_on_disk["mine"]
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *args, **kwargs: str(mine)))
    dialog = open_dialog()
    folders = dialog.model_folders
    assert folders.empty.isVisible() and folders.list.isHidden()
    qtbot.mouseClick(folders.add_button, Qt.MouseButton.LeftButton)
    wait_found(qtbot, dialog)
    assert folders.list.isVisible() and folders.list.item(0).text() == str(mine)
    assert rows(dialog)["Mistral 7B v0.1"]["From"] == "your folder"
    saved = dialog.result_settings()
    assert saved.model_folders == [str(mine)]
    assert AppSettings.from_json(saved.to_json()).model_folders == [str(mine)]

    again = open_dialog(AppSettings.from_json(saved.to_json()))
    assert "Mistral 7B v0.1" in rows(again), "searched again when the dialog opens"
    again.model_folders.list.setCurrentRow(0)
    qtbot.mouseClick(again.model_folders.remove_button, Qt.MouseButton.LeftButton)
    wait_found(qtbot, again)
    assert "Mistral 7B v0.1" not in rows(again)
    assert again.result_settings().model_folders == []


def test_a_saved_folder_that_is_gone_says_so(open_dialog, tmp_path):
    gone = str(tmp_path / "unplugged-drive" / "models")
    dialog = open_dialog(AppSettings(model_folders=[gone]))
    assert dialog.model_folders.list.item(0).text() == f"{gone} (not found)"
    assert dialog.result_settings().model_folders == [gone], "kept: the drive may come back"


def test_settings_saved_before_model_folders_existed_still_load():
    assert AppSettings.from_json('{"n_ctx": 2048}').model_folders == []
    assert AppSettings.from_json('{"model_folders": "/not/a/list"}').model_folders == []
    assert AppSettings.from_json('{"model_folders": ["/a", 3, "/a", "", "/b"]}'
                                 ).model_folders == ["/a", "/b"]


# ----- never in the way ----------------------------------------------------------------------

def test_the_dialog_opens_while_the_search_is_still_looking(open_dialog, models_on_disk, qtbot):
    release = threading.Event()

    def slow_find(folders):  # a network mount that takes its time
        release.wait(30)
        return find_models(folders)

    try:
        dialog = open_dialog(find=slow_find, wait=False)
        assert dialog.model_picker.searching
        assert dialog.model_picker.note.text() == LOOKING
        assert list(rows(dialog)) == ["Default: SmolLM2-135M-Instruct"], "the default is there at once"
        assert dialog.ok_button.isEnabled(), "settings can be saved meanwhile"
    finally:
        release.set()
    wait_found(qtbot, dialog)
    assert "★ Qwen2.5 7B Instruct" in rows(dialog)


def test_a_search_that_fails_says_so_and_the_dialog_still_works(open_dialog):
    def broken(folders):
        raise OSError("Input/output error")

    dialog = open_dialog(find=broken)
    assert dialog.model_picker.note.text() == \
        "The search for models stopped: Input/output error"
    assert list(rows(dialog)) == ["Default: SmolLM2-135M-Instruct"]
    assert dialog.ok_button.isEnabled()


def test_names_and_paths_with_markup_are_shown_literally(open_dialog, apps_home):
    odd = apps_home / ".cache/gpt4all/<img src=x>"
    write_model(odd / "<b>bold</b>-instruct.gguf", name="<i>Tiny</i> Instruct")
    dialog = open_dialog()
    assert "<i>Tiny</i> Instruct" in " ".join(rows(dialog))
    table = dialog.model_picker.table
    tip = shown_text(table.item(row_of(dialog, "★ <i>Tiny</i> Instruct"), 0).toolTip())
    assert "<i>Tiny</i> Instruct" in tip and "<img src=x>/<b>bold</b>-instruct.gguf" in tip
    assert dialog.model_picker.note.textFormat() == Qt.TextFormat.PlainText
    assert "<i>Tiny</i>" in dialog.model_picker.note.text()


# ----- the speed, once tried -----------------------------------------------------------------

@pytest.mark.slow  # the real embedder indexes the folder
def test_an_answer_in_the_app_gives_its_model_a_speed_in_the_list(qtbot, tmp_path, qsettings,
                                                                   open_dialog):
    from app.gui.main_window import MainWindow
    from tests.gui.test_main_window import HANDBOOK, Replies, ask, wait_indexed

    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "handbook.md").write_text(HANDBOOK)
    replies = Replies()
    window = MainWindow(folder, model_factory=replies, settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    replies.model.delay = 0.01  # writing takes a measurable time
    replies.model.enqueue(" Everyone", " gets", " 28", " days", " of", " leave", " [1]")
    assert not ask(qtbot, window, "How many days of annual leave do I get?").refused
    assert measured_speed(answer_model_path()) > 0
    assert rows(open_dialog())["Default: SmolLM2-135M-Instruct"]["Speed"].endswith("tok/s")


def test_the_answer_models_set_up_installed_are_listed_as_bundled_with_their_memory(
        open_dialog, installed_models):
    """Installed, the most accurate Qwen that fits is the default (the first
    row, the empty setting); SmolLM2 and the other Qwen stay choosable, each
    by its file."""
    from app.llm.catalogue import QWEN_05B, QWEN_15B, default_model, installed_path
    from app.common.bundled import answer_model_path

    if installed_path(QWEN_05B) is None or installed_path(QWEN_15B) is None:
        pytest.fail(f"scripts/setup-env installs both Qwen models into {installed_models}")
    chosen = default_model()
    other = QWEN_05B if chosen is QWEN_15B else QWEN_15B
    dialog = open_dialog()
    shown = rows(dialog)
    default = f"Default: {chosen.name}"
    assert list(shown)[:3] == [default, "SmolLM2-135M-Instruct", other.name]
    assert shown[default]["From"] == "bundled"
    assert shown[other.name]["Quant."] == "Q4_K_M"
    assert shown[QWEN_05B.name if other is QWEN_05B else default]["Size"] == "491 MB"
    row = row_of(dialog, other.name)
    assert "Needs about" in shown_text(dialog.model_picker.table.item(row, 0).toolTip())
    assert not any("★" in name for name in shown), "a packaged model is not a suggestion"
    dialog.model_picker.table.selectRow(row_of(dialog, "SmolLM2-135M-Instruct"))
    assert dialog.model_picker._current == str(answer_model_path()), "chosen by its file"
    dialog.model_picker.table.selectRow(row)
    assert dialog.model_picker._current == str(installed_path(other))
    dialog.model_picker.table.selectRow(row_of(dialog, default))
    assert dialog.model_picker._current == "", "the default is the empty setting"
