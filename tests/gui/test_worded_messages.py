"""The core's messages (app/common/said.py) in the window: worded in its
language from the template, the values written as the language writes them,
made a sentence after wording where the window shows one."""
import pytest

from app.evaluation import health
from app.evaluation.health import HealthReport, LengthStats, OverWindowChunk
from app.gui.health_panel import HealthPanel
from app.gui.locale_format import number
from tests.gui import made_up_catalogue

RUSSIAN = {
    ("Core", health.VERDICT):
        "{over} из {chunks} фрагментов длиннее окна в {window} токенов · p95: {p95}",
    ("Core", health.CHARACTER_SPLITS): "{share} % фрагментов резались по символам",
    ("SplitMix", "character", "split level: cut inside a word"): "по символам",
}


@pytest.fixture
def russian(qapp, tmp_path):
    with made_up_catalogue.russian(qapp, tmp_path, RUSSIAN):
        yield


def made_up_report() -> HealthReport:
    stats = LengthStats(median=40, p95=140, max=300, mean=45.0)
    chunk = OverWindowChunk(chunk_id=1, source="a.md", heading="Leave", chunk_index=0,
                            tokens=300, invisible_tokens=172, split_level="character")
    return HealthReport(profile="fitted", window=128, budget=120, overlap=0, documents=1,
                        failed_documents=0, sections=3, chunks=12345, wordpiece=stats,
                        cl100k=stats, over_window=[chunk], visible_share=0.9,
                        split_levels={"block": 0.9, "character": 0.1})


def test_the_health_verdict_and_warnings_are_worded_in_the_window_language(qtbot, russian):
    panel = HealthPanel()
    qtbot.addWidget(panel)
    report = made_up_report()
    panel.show_report(report, [300], [300], list(report.split_levels.items()))
    assert panel.verdict.text() == (f"1 из {number(12345)} фрагментов длиннее окна в 128 "
                                    "токенов · p95: 140")
    assert number(12345) != "12,345"  # the Russian grouping, not the English
    assert "⚠ 10 % фрагментов резались по символам" in panel.warnings.text()
    assert panel.table.item(0, 6).text() == "по символам"  # the split level, worded
    assert str(report.verdict).startswith("1 of 12,345 chunks")  # the CLI's English


def test_a_connection_test_s_finding_is_worded_then_made_a_sentence(qtbot):
    from app.gui.shared_index import SharedIndexBox
    from app.store.postgres_probe import Probe
    from app.store.postgres_uri import UNREADABLE

    box = SharedIndexBox(test=lambda conninfo: Probe(False, False, UNREADABLE))
    qtbot.addWidget(box)
    box.edit.setText("service=handbook")
    with qtbot.waitSignal(box.tested, timeout=10_000):
        box.test()
    shown = box.result.text()
    assert shown.startswith("The address of the shared index cannot be read; write it as")
    assert shown.endswith("~/.pgpass).")  # one full stop, not two
