"""The Settings dialog with real widgets: round trip, validation, warnings, safe text."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
)

from app.llm.speeds import record_speed  # noqa: E402
from app.common.bundled import answer_model_path  # noqa: E402
from app.common.chunks import CITATION_FIELDS, DROP, EMBED, RETRIEVE  # noqa: E402
from app.embedding.minilm import MiniLM  # noqa: E402
from app.workspace.settings import CONTEXT_SIZES, AppSettings  # noqa: E402
from app.gui.settings_dialog import (  # noqa: E402
    BUILTIN_FIELDS,
    BUNDLED_MODEL_TEXT,
    REINDEX_NOTE,
    SettingsDialog,
)

WINDOW = 128
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def gguf(tmp_path):
    path = tmp_path / "model.gguf"
    path.write_bytes(b"GGUF" + b"\x03\x00\x00\x00" + b"\x00" * 64)
    return path


@pytest.fixture
def open_dialog(qtbot):
    def make(settings=None, window=WINDOW, fields=("owner", "updated", "deprecated")):
        dialog = SettingsDialog(settings or AppSettings(), window, list(fields))
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        return dialog
    return make


def custom_settings(model_path: str = "") -> AppSettings:
    return AppSettings(
        model_path=model_path, n_ctx=8192, answer_tokens=512, results=5, candidates=40,
        context_tokens=1200, overlap=16, window_override=0, profile="spring-default",
        metadata={"heading": RETRIEVE, "title": EMBED, "source": RETRIEVE,
                  "chunk_index": RETRIEVE, "total_chunks": RETRIEVE, "page": RETRIEVE,
                  "owner": DROP, "legacy_field": EMBED})


def select_data(combo, value):
    index = combo.findData(value)
    assert index >= 0, value
    combo.setCurrentIndex(index)


# ----- round trip ------------------------------------------------------------------------------

def test_defaults_round_trip(open_dialog):
    dialog = open_dialog(AppSettings())
    assert dialog.result_settings() == AppSettings()
    assert dialog.ok_button.isEnabled()
    assert dialog.reindex_note.isHidden()
    assert dialog.window_warning.isHidden()
    assert dialog.model_error.isHidden()


def test_non_default_settings_round_trip(open_dialog, gguf):
    settings = custom_settings(str(gguf))
    dialog = open_dialog(settings)
    assert dialog.result_settings() == settings
    assert dialog.result_settings() is not settings
    assert dialog.ok_button.isEnabled()
    assert dialog.reindex_note.isHidden()
    assert dialog.model_edit.text() == str(gguf)


def test_result_does_not_share_metadata_with_input(open_dialog):
    settings = AppSettings()
    dialog = open_dialog(settings)
    select_data(dialog.policy_combo("title"), EMBED)
    assert settings.metadata["title"] == RETRIEVE
    assert dialog.result_settings().metadata["title"] == EMBED


def test_each_widget_changes_the_result(open_dialog, gguf):
    dialog = open_dialog(AppSettings())
    dialog.model_edit.setText(str(gguf))
    select_data(dialog.n_ctx_combo, 16384)
    dialog.answer_spin.setValue(1024)
    dialog.results_spin.setValue(7)
    dialog.context_spin.setValue(900)
    dialog.candidates_spin.setValue(60)
    dialog.overlap_spin.setValue(24)
    dialog.window_spin.setValue(256)
    select_data(dialog.profile_combo, "spring-default")
    select_data(dialog.policy_combo("heading"), RETRIEVE)
    select_data(dialog.policy_combo("title"), DROP)
    select_data(dialog.policy_combo("owner"), EMBED)

    result = dialog.result_settings()
    assert result.model_path == str(gguf)
    assert result.n_ctx == 16384
    assert result.answer_tokens == 1024
    assert result.results == 7
    assert result.context_tokens == 900
    assert result.search().context_tokens == 900
    assert result.candidates == 60
    assert result.overlap == 24
    assert result.window_override == 256
    assert result.profile == "spring-default"
    assert result.metadata["heading"] == RETRIEVE
    assert result.metadata["title"] == DROP
    assert result.metadata["owner"] == EMBED
    # untouched front-matter fields keep their implicit default and are not written
    assert "updated" not in result.metadata and "deprecated" not in result.metadata
    result.chunking(MiniLM(window=result.window_override)).validate()  # the chunker accepts it


def test_context_sizes_offered_and_defaults(open_dialog):
    dialog = open_dialog()
    sizes = [dialog.n_ctx_combo.itemData(i) for i in range(dialog.n_ctx_combo.count())]
    assert sizes == list(CONTEXT_SIZES)
    assert dialog.n_ctx_combo.currentData() == 4096
    assert (dialog.answer_spin.minimum(), dialog.answer_spin.maximum()) == (64, 2048)
    assert (dialog.results_spin.minimum(), dialog.results_spin.maximum()) == (1, 10)
    assert (dialog.candidates_spin.minimum(), dialog.candidates_spin.maximum()) == (5, 100)
    assert (dialog.window_spin.minimum(), dialog.window_spin.maximum()) == (0, 512)
    assert dialog.window_spin.text() == f"from tokenizer.json ({WINDOW})"
    assert dialog.model_edit.placeholderText() == BUNDLED_MODEL_TEXT


def test_unlisted_context_size_is_kept(open_dialog):
    settings = AppSettings(n_ctx=3000)
    dialog = open_dialog(settings)
    assert dialog.result_settings() == settings


def test_overlap_stays_below_half_the_chunk_budget(open_dialog):
    dialog = open_dialog()
    assert dialog.overlap_spin.maximum() < WINDOW // 2
    dialog.overlap_spin.setValue(dialog.overlap_spin.maximum())
    result = dialog.result_settings()
    result.chunking(MiniLM()).validate()
    dialog.window_spin.setValue(256)
    assert dialog.overlap_spin.maximum() > WINDOW // 2
    dialog.overlap_spin.setValue(dialog.overlap_spin.maximum())
    dialog.result_settings().chunking(MiniLM(window=256)).validate()


# ----- model file ------------------------------------------------------------------------------

def test_empty_model_file_disables_ok_until_cleared(open_dialog, tmp_path, monkeypatch, qtbot):
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args, **kwargs: (str(empty), "GGUF models (*.gguf)")))
    dialog = open_dialog()
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    assert dialog.model_edit.text() == str(empty)
    assert dialog.model_error.isVisible()
    assert "empty (0 bytes)" in dialog.model_error.text()
    assert not dialog.ok_button.isEnabled()

    qtbot.mouseClick(dialog.bundled_button, Qt.MouseButton.LeftButton)
    assert dialog.model_edit.text() == ""
    assert dialog.model_error.isHidden()
    assert dialog.ok_button.isEnabled()
    assert dialog.result_settings().model_path == ""


def test_non_gguf_file_then_valid_gguf(open_dialog, tmp_path, gguf, monkeypatch, qtbot):
    bogus = tmp_path / "notes.gguf"
    bogus.write_bytes(b"PK\x03\x04 this is a zip, not a model")
    chosen = [str(bogus)]
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args, **kwargs: (chosen[0], "")))
    dialog = open_dialog()
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    assert "not a GGUF model file" in dialog.model_error.text()
    assert dialog.model_error.isVisible()
    assert not dialog.ok_button.isEnabled()

    chosen[0] = str(gguf)
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    assert dialog.model_error.isHidden()
    assert dialog.ok_button.isEnabled()
    assert dialog.result_settings().model_path == str(gguf)


def test_browse_cancelled_keeps_the_path(open_dialog, gguf, monkeypatch, qtbot):
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args, **kwargs: ("", "")))
    dialog = open_dialog(AppSettings(model_path=str(gguf)))
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    assert dialog.model_edit.text() == str(gguf)


def test_browse_asks_for_gguf_files(open_dialog, monkeypatch, qtbot):
    seen = []

    def fake(*args, **kwargs):
        seen.append((args, kwargs))
        return "", ""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(fake))
    dialog = open_dialog()
    qtbot.mouseClick(dialog.browse_button, Qt.MouseButton.LeftButton)
    assert seen and "GGUF models (*.gguf)" in seen[0][0] + tuple(seen[0][1].values())


def test_missing_model_typed_in_and_ok_refuses(open_dialog, tmp_path):
    dialog = open_dialog()
    dialog.model_edit.setText(str(tmp_path / "nowhere.gguf"))
    assert "does not exist" in dialog.model_error.text()
    assert not dialog.ok_button.isEnabled()
    dialog.accept()  # even a programmatic accept is refused
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.isVisible()


def test_invalid_model_in_initial_settings_is_flagged(open_dialog, tmp_path):
    dialog = open_dialog(AppSettings(model_path=str(tmp_path / "gone.gguf")))
    assert dialog.model_error.isVisible()
    assert not dialog.ok_button.isEnabled()


def test_model_path_with_markup_is_shown_literally(open_dialog, tmp_path):
    odd = tmp_path / "<img src=x>"
    odd.mkdir()
    path = odd / "<b>bold.gguf"
    path.write_bytes(b"")
    dialog = open_dialog()
    dialog.model_edit.setText(str(path))
    assert dialog.model_edit.text() == str(path)
    assert dialog.model_error.textFormat() == Qt.TextFormat.PlainText
    assert "<img src=x>" in dialog.model_error.text()
    assert "<b>bold.gguf" in dialog.model_error.text()
    for label in (dialog.window_warning, dialog.reindex_note, dialog.chunking_error):
        assert label.textFormat() == Qt.TextFormat.PlainText


# ----- chunking --------------------------------------------------------------------------------

def test_window_warning_only_when_override_differs(open_dialog):
    dialog = open_dialog()
    assert dialog.window_warning.isHidden()
    dialog.window_spin.setValue(WINDOW)
    assert dialog.window_warning.isHidden()
    dialog.window_spin.setValue(256)
    assert dialog.window_warning.isVisible()
    text = dialog.window_warning.text()
    assert "re-chunks and re-embeds the whole index" in text
    assert f"trained on {WINDOW}-token inputs" in text
    dialog.window_spin.setValue(64)
    assert dialog.window_warning.isVisible()
    assert "re-chunks and re-embeds" in dialog.window_warning.text()
    dialog.window_spin.setValue(0)
    assert dialog.window_warning.isHidden()
    assert dialog.ok_button.isEnabled()


def test_window_too_small_for_a_chunk_disables_ok(open_dialog):
    dialog = open_dialog()
    dialog.window_spin.setValue(10)
    assert dialog.chunking_error.isVisible()
    assert not dialog.ok_button.isEnabled()
    dialog.window_spin.setValue(96)
    assert dialog.chunking_error.isHidden()
    assert dialog.ok_button.isEnabled()


@pytest.mark.parametrize("change", [
    lambda d: d.overlap_spin.setValue(8),
    lambda d: d.window_spin.setValue(256),
    lambda d: select_data(d.profile_combo, "spring-default"),
    lambda d: select_data(d.policy_combo("title"), EMBED),
    lambda d: select_data(d.policy_combo("owner"), DROP),
])
def test_reindex_note_when_chunking_changes(open_dialog, change):
    dialog = open_dialog()
    assert dialog.reindex_note.isHidden()
    change(dialog)
    assert dialog.reindex_note.isVisible()
    assert dialog.reindex_note.text() == REINDEX_NOTE


def test_reindex_note_hidden_for_other_settings_and_after_undo(open_dialog):
    dialog = open_dialog()
    select_data(dialog.n_ctx_combo, 8192)
    dialog.answer_spin.setValue(256)
    dialog.results_spin.setValue(6)
    dialog.candidates_spin.setValue(50)
    assert dialog.reindex_note.isHidden()
    dialog.overlap_spin.setValue(8)
    assert dialog.reindex_note.isVisible()
    dialog.overlap_spin.setValue(0)
    assert dialog.reindex_note.isHidden()


def test_sections_returned_only_for_fitted(open_dialog):
    dialog = open_dialog()
    assert dialog.results_spin.isEnabled() and dialog.context_spin.isEnabled()
    select_data(dialog.profile_combo, "spring-default")
    assert not dialog.results_spin.isEnabled()
    assert not dialog.context_spin.isEnabled()  # spring-default returns whole chunks


# ----- metadata policy -------------------------------------------------------------------------

def test_metadata_table_rows(open_dialog):
    dialog = open_dialog(custom_settings())
    table = dialog.metadata_table
    names = [table.item(row, 0).text() for row in range(table.rowCount())]
    assert names[:len(BUILTIN_FIELDS)] == list(BUILTIN_FIELDS)
    assert names[len(BUILTIN_FIELDS):] == ["owner", "updated", "deprecated", "legacy_field"]
    for row, name in enumerate(names):
        assert table.cellWidget(row, 1) is dialog.policy_combo(name)


def test_citation_fields_cannot_be_dropped(open_dialog):
    dialog = open_dialog()
    for name in CITATION_FIELDS:
        combo = dialog.policy_combo(name)
        values = [combo.itemData(i) for i in range(combo.count())]
        assert DROP not in values, name
        assert set(values) == {EMBED, RETRIEVE}
        assert "cannot be dropped" in combo.toolTip()
    for name in ("title", "owner"):
        combo = dialog.policy_combo(name)
        assert [combo.itemData(i) for i in range(combo.count())] == [EMBED, RETRIEVE, DROP]
        labels = [combo.itemText(i) for i in range(combo.count())]
        assert labels == ["embed", "retrieve only", "drop"]


def test_dropped_citation_field_in_saved_settings_falls_back(open_dialog):
    settings = AppSettings()
    settings.metadata["page"] = DROP  # hand-edited settings file
    dialog = open_dialog(settings)
    assert dialog.policy_combo("page").currentData() == RETRIEVE
    assert dialog.result_settings().metadata["page"] == RETRIEVE


def test_field_names_with_markup_are_plain_items(open_dialog):
    dialog = open_dialog(fields=["<img src=x>"])
    table = dialog.metadata_table
    names = [table.item(row, 0).text() for row in range(table.rowCount())]
    assert "<img src=x>" in names


# ----- exec ------------------------------------------------------------------------------------

def _answer_modal(save: bool):
    def press():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SettingsDialog)
        dialog.overlap_spin.setValue(4)
        which = QDialogButtonBox.StandardButton.Ok if save else QDialogButtonBox.StandardButton.Cancel
        dialog.button_box.button(which).click()
    QTimer.singleShot(50, press)


def test_edit_returns_new_settings_on_save(qtbot):
    _answer_modal(save=True)
    result = SettingsDialog.edit(AppSettings(), WINDOW, ["owner"])
    assert result is not None and result.overlap == 4


def test_edit_returns_none_on_cancel(qtbot):
    _answer_modal(save=False)
    assert SettingsDialog.edit(AppSettings(), WINDOW) is None


# ----- screenshot ------------------------------------------------------------------------------

@pytest.mark.skipif(os.environ.get("HBQA_SCREENSHOTS") != "1",
                    reason="set HBQA_SCREENSHOTS=1 to write docs/screenshots/settings.png")
def test_screenshot(open_dialog, gguf, qtbot, tmp_path, models_on_disk):
    record_speed(models_on_disk["llama"], 14.2)
    record_speed(answer_model_path(), 48.0)
    settings = AppSettings(overlap=16, window_override=256,
                           model_folders=[str(models_on_disk["mine"])])
    dialog = open_dialog(settings)
    assert dialog.width() >= 560
    qtbot.waitUntil(lambda: not dialog.model_picker.searching)
    dialog.resize(dialog.preferred_size())
    qtbot.wait(50)
    target = REPO / "docs" / "screenshots" / "settings.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(target))
    # a second shot with an invalid model, the files that cannot be used and the
    # re-index note, for review
    dialog.model_picker.table.scrollToBottom()
    dialog.model_edit.setText(str(gguf.parent / "missing.gguf"))
    select_data(dialog.policy_combo("owner"), DROP)
    dialog.resize(dialog.preferred_size())
    qtbot.wait(50)
    review = Path(os.environ.get("HBQA_SCREENSHOT_REVIEW_DIR", tmp_path)) / "settings-errors.png"
    assert dialog.grab().save(str(review))


# ----- what the model reads, and the wait it costs here -------------------------------------

def test_answers_can_be_quick_thorough_or_whole_sections(open_dialog):
    dialog = open_dialog(AppSettings())
    assert [dialog.prompt_combo.itemData(i) for i in range(dialog.prompt_combo.count())] == \
        ["evidence", "thorough", "sections"]
    select_data(dialog.prompt_combo, "thorough")
    assert dialog.result_settings().prompt == "thorough"
    assert open_dialog(AppSettings(prompt="thorough")).prompt_combo.currentData() == "thorough"


def test_the_wait_before_the_first_word_is_the_one_measured_on_this_computer(open_dialog, gguf):
    """Until the chosen model has answered here, the dialog says so; then it
    shows each way of reading's wait at the reading speed measured for it."""
    from app.answers.answerer import SEARCH_AND_EVIDENCE_S, TYPICAL_PROMPT_TOKENS

    dialog = open_dialog(AppSettings(model_path=str(gguf)))
    assert "once this model has answered on this computer" in dialog.wait_label.text()
    record_speed(gguf, 20.0, reading_per_s=100.0)
    dialog.model_edit.setText("")
    dialog.model_edit.setText(str(gguf))
    shown = dialog.wait_label.text()
    quick = SEARCH_AND_EVIDENCE_S + TYPICAL_PROMPT_TOKENS["evidence"] / 100.0
    thorough = SEARCH_AND_EVIDENCE_S + TYPICAL_PROMPT_TOKENS["thorough"] / 100.0
    assert f"quick about {quick:.1f} s" in shown and f"thorough about {thorough:.1f} s" in shown
