"""The evaluation view with real widgets, a real index and the real worker thread:
its figures are those of `handbook-qa eval --json`, misses and cases not counted
are listed, profiles compare side by side, results can be saved (the files
themselves: tests/test_evaluation_export.py)."""
import json
import os
from pathlib import Path

import pytest

from app.cli import main
from app.common.bundled import SAMPLE_GOLDEN, SAMPLE_HANDBOOK
from app.gui.eval_view import EvalView, default_golden, misses_html
from app.workspace.embedders import shared_embedders
from test_evaluation_export import made_up_report
from tests.gui import made_up_catalogue

REPO = Path(__file__).resolve().parents[2]
SIZE = (700, 800)
TIMEOUT = 180_000


@pytest.fixture
def view(qtbot, embedder):
    widget = EvalView(shared_embedders())
    qtbot.addWidget(widget)
    widget.resize(*SIZE)
    yield widget
    widget.shutdown()


def run(qtbot, view):
    with qtbot.waitSignal(view.evaluated, timeout=TIMEOUT,
                          raising=True) as blocker:
        view.run_evaluation()
    assert not view.busy
    return blocker.args[0]


def cli_eval(tsv, db, k, capsys):
    assert main(["eval", str(tsv), "--db", str(db), "--json", "--k", str(k)]) == 0
    return json.loads(capsys.readouterr().out)


# ---------------------------------------------------------------- figures

@pytest.mark.slow
def test_the_figures_are_those_of_eval_json(qtbot, view, sample_index, sample_folder, capsys):
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    assert view.k_box.value() == 5
    progress = []
    view.progress.valueChanged.connect(progress.append)
    report = run(qtbot, view)
    expected = cli_eval(SAMPLE_GOLDEN, sample_index, 5, capsys)
    shown = report.to_json()
    for key in ("chunk_recall", "context_recall", "mrr", "average_context_tokens", "cases",
                "k", "profile", "invalid"):
        assert shown[key] == expected[key], key
    assert shown["recall_at_k"] == expected["recall_at_k"]
    assert [m["id"] for m in shown["misses"]] == [m["id"] for m in expected["misses"]]
    # the progress bar went to the end, one step per question
    assert progress and progress[-1] == view.progress.maximum() == report.cases
    # the table shows them: overall, by position, by kind, for both recalls
    cells = view.table_cells()
    overall = expected["chunk_recall"]["overall"], expected["context_recall"]["overall"]
    assert cells[0] == ["All cases",
                        f"{overall[0]['recall']:.1%} ({overall[0]['hits']}/{overall[0]['cases']})",
                        f"{overall[1]['recall']:.1%} ({overall[1]['hits']}/{overall[1]['cases']})"]
    labels = [row[0].strip() for row in cells]
    for key in expected["chunk_recall"]["by_position"]:
        assert key in labels
    for key in expected["chunk_recall"]["by_kind"]:
        assert key in labels
    assert labels.index("start") < labels.index("middle") < labels.index("end")
    summary = view.summary.text()
    assert f"MRR chunk {expected['mrr']['chunk']:.3f}" in summary
    assert f"context {expected['mrr']['context']:.3f}" in summary
    assert f"average context {expected['average_context_tokens']:,.0f}" in summary
    # every miss is listed with what was retrieved instead
    text = view.misses.toPlainText()
    for miss in expected["misses"]:
        assert f"line {miss['line']} · {miss['id']}" in text
        assert miss["answer_span"] in text
        for got in miss["retrieved"]:
            assert f"{got['source']} › {got['heading']}" in text


@pytest.mark.slow
def test_k_is_selectable(qtbot, view, sample_index, sample_folder, capsys):
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    view.k_box.setValue(2)
    report = run(qtbot, view)
    expected = cli_eval(SAMPLE_GOLDEN, sample_index, 2, capsys)
    assert report.k == 2
    assert report.chunk_recall == expected["chunk_recall"]
    assert report.context_recall == expected["context_recall"]
    assert report.mrr == expected["mrr"]
    assert view.recall_table.horizontalHeaderItem(1).text() == "Chunk recall@2"
    view.refresh(sample_index, sample_folder)  # re-indexed, nothing changed
    assert view.status.isHidden()
    view.k_box.setValue(3)
    assert "run again for k = 3" in view.status.text() and not view.status.isHidden()


@pytest.mark.slow
def test_cases_not_counted_are_listed_with_their_line(qtbot, view, sample_index, sample_folder,
                                                      tmp_path):
    tsv = tmp_path / "cases.tsv"
    tsv.write_text("question\tanswer_span\tposition\n"
                   "How many days of annual leave?\t27 days of annual leave\tstart\n"
                   "\n"
                   "Where is the moon base?\tthe moon base is behind the cafeteria\tend\n"
                   "An empty span?\t\tmiddle\n", encoding="utf-8")
    view.refresh(sample_index, sample_folder)
    view.set_tsv(tsv)
    report = run(qtbot, view)
    assert report.cases == 1
    rows = [[view.invalid.topLevelItem(i).text(c) for c in range(3)]
            for i in range(view.invalid.topLevelItemCount())]
    assert rows == [["4", "line-4", "the answer span occurs nowhere in the indexed documents"],
                    ["5", "line-5", "the answer span is empty"]]
    assert view.tabs.tabText(1) == "Not counted (2)"
    assert "2 not counted" in view.summary.text()


@pytest.mark.slow
def test_a_broken_golden_set_is_explained_in_words(qtbot, view, sample_index, sample_folder,
                                                   tmp_path):
    tsv = tmp_path / "broken.tsv"
    tsv.write_text("q\ta\nWhat?\tThat\n", encoding="utf-8")
    view.refresh(sample_index, sample_folder)
    view.set_tsv(tsv)
    with qtbot.waitSignal(view.stopped, timeout=TIMEOUT) as blocker:
        view.run_evaluation()
    assert "line 1" in blocker.args[0] and "answer_span" in blocker.args[0]
    assert view.status.text() == blocker.args[0]
    assert view.report is None and not view.busy and view.run_button.isEnabled()


@pytest.mark.slow
def test_cancel_stops_the_run(qtbot, view, sample_index, sample_folder):
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    view.progress.valueChanged.connect(lambda value: value >= 1 and view.cancel())
    with qtbot.waitSignal(view.stopped, timeout=TIMEOUT) as blocker:
        view.run_evaluation()
    assert blocker.args[0] == "cancelled"
    assert view.report is None and not view.busy


@pytest.mark.slow
def test_compare_profiles_shows_the_comparison_table(qtbot, view, sample_folder):
    from app.common import paths
    from app.evaluation.comparison import rows

    view.refresh(None, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    with qtbot.waitSignal(view.compared, timeout=TIMEOUT) as blocker:
        view.run_comparison()
    comparison = blocker.args[0]
    assert set(comparison["profiles"]) == {"fitted", "spring-default"}
    for profile in comparison["profiles"]:
        assert paths.index_for(sample_folder, f"{profile}-comparison").exists(), \
            "the comparison keeps its own indexes, never the app's"
    expected = [[label.replace("  ", "    ", 1), fitted, spring]
                for label, fitted, spring in rows(comparison)]
    assert view.table_cells(view.compare_table) == expected
    assert view.tabs.currentIndex() == 2
    spring = comparison["profiles"]["spring-default"]
    assert spring["over_window"] == spring["chunks"]


# ---------------------------------------------------------------- defaults and states

def test_the_sample_golden_set_goes_with_the_sample_handbook(view, tmp_path):
    assert default_golden(SAMPLE_HANDBOOK) == SAMPLE_GOLDEN
    assert default_golden(tmp_path) is None
    view.refresh(tmp_path / "index.sqlite", SAMPLE_HANDBOOK)
    assert view.tsv == SAMPLE_GOLDEN
    assert not view.run_button.isEnabled(), "no index yet"
    view.refresh(tmp_path / "other.sqlite", tmp_path)
    assert view.tsv is None and not view.compare_button.isEnabled()
    chosen = tmp_path / "mine.tsv"
    view.set_tsv(chosen)
    view.refresh(tmp_path / "index.sqlite", SAMPLE_HANDBOOK)
    assert view.tsv == chosen, "a golden set the user chose is kept"


# ---------------------------------------------------------------- a report

def test_misses_are_shown_safely(qtbot, view):
    report = made_up_report()
    html = misses_html(report)
    assert "<img" not in html and "&lt;img src=&#x27;/dev/zero&#x27;&gt;" in html
    view._show_report(report)
    text = view.misses.toPlainText()
    assert "def deploy(<b>)" in text and "Trains <img src='/dev/zero'>" in text
    assert "in none of the chunks the search found" in text
    assert "only in chunk #7, outside the top 5; in context result #2" in text
    assert view.save_json.isEnabled() and view.save_csv.isEnabled()



def test_the_tables_write_the_core_s_figures_as_the_cli_does_in_english(view):
    """In English the window's cells read as the CLI's (the core hands over
    numbers; the window writes them): recall "33.3% (1/3)", "—" where a
    recall does not apply, answer shares and counts, the comparison's rows."""
    from app.evaluation.answer_accuracy import AnswerReport
    from app.evaluation.comparison import rows

    report = made_up_report()
    report.chunk_recall["by_kind"]["code"] = {"recall": None, "hits": 0, "cases": 0}
    view._show_report(report)
    cells = view.table_cells()
    assert cells[0] == ["All cases", "33.3% (1/3)", "66.7% (2/3)"]
    assert cells[1] == ["By position of the answer in its section", "", ""]
    assert cells[6] == ["    code", "—", "0.0% (0/1)"]
    assert view.invalid.topLevelItem(0).text(2) == "the answer span is empty"
    figures = {"cases": 1234, "evidence@1": 2 / 3, "evidence@3": 1.0, "answer_accuracy": 0.5,
               "unsupported_rate": 0.0, "not_in_quote_rate": 0.0, "citation_precision": None}
    view.show_answers(AnswerReport(cases=3, model="fake", prompt="evidence", overall=figures,
                                   by_position={}, by_kind={"prose": figures}, misses=[],
                                   timing={"evidence_median_s": 0.5, "first_token_median_s": None,
                                           "total_median_s": 1.25}))
    assert view.answers_table.horizontalHeaderItem(1).text() == "Quote@1"
    assert view.table_cells(view.answers_table) == [
        ["All asked", "67%", "100%", "50%", "0%", "0%", "—", "1,234"],
        ["By kind of answer"] + [""] * 7,
        ["    prose", "67%", "100%", "50%", "0%", "0%", "—", "1,234"]]
    comparison = made_up_comparison(report)
    view.show_comparison(comparison)
    assert view.table_cells(view.compare_table) == [
        [label.replace("  ", "    ", 1), fitted, spring]
        for label, fitted, spring in rows(comparison)]
    bold = [view.compare_table.item(r, 0).font().bold()
            for r in range(view.compare_table.rowCount())]
    assert bold == [not label.startswith(" ") for label, _, _ in rows(comparison)]


# ---------------------------------------------------------------- screenshot

@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("HBQA_SCREENSHOTS") != "1",
                    reason="writes docs/screenshots only when HBQA_SCREENSHOTS=1")
def test_write_screenshot(qtbot, view, sample_index, sample_folder):
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    view.show()
    run(qtbot, view)
    qtbot.wait(100)
    target = REPO / "docs" / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    assert view.grab().save(str(target / "evaluation.png"))


# ---------------------------------------------------------------- answers

@pytest.mark.slow
def test_evaluate_answers_shows_quotes_answers_and_the_wrong_ones(qtbot, embedder, sample_index,
                                                                 sample_folder):
    """The Answers tab: the first N golden questions through the app's own
    answer path (its search, prompt and model: here a fake model, so the
    answers are known), the figures of `eval --answers`, and each wrong
    answer beside the span it should hold."""
    from fakes import FakeChatModel

    from app.workspace.settings import AppSettings
    from app.workspace.answering import evaluation_answerer, own_model

    model = FakeChatModel()
    model.enqueue("The", " first", " 18", " weeks", " are", " paid", " at", " full", " salary.")
    model.enqueue("Ten", " years.")                      # wrong: 26 weeks of service
    model.enqueue("Yes,", " split", " into", " up", " to", " three", " further", " blocks.")
    view = EvalView(shared_embedders(), answerer_factory=evaluation_answerer(
        shared_embedders(), own_model(lambda settings: model), AppSettings))
    qtbot.addWidget(view)
    view.resize(*SIZE)
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    view.limit_box.setValue(3)
    assert not view.answers_button.isHidden() and view.answers_button.isEnabled()
    with qtbot.waitSignal(view.answered, timeout=TIMEOUT) as blocker:
        view.run_answers()
    report = blocker.args[0]
    assert report.cases == 3 and report.overall["answer_accuracy"] == pytest.approx(2 / 3, 0.01)
    assert view.tabs.currentIndex() == 3 and not view.busy
    table = view.answers_table
    assert table.item(0, 0).text() == "All asked"
    assert table.item(0, 3).text() == "67%" and table.item(0, 7).text() == "3"
    misses = view.answer_misses.toPlainText()
    assert "parental-service" in misses and "completed 26 weeks of continuous service" in misses
    assert "answered: Ten years." in misses and "parental-blocks" not in misses
    assert "fake.gguf" in view.answers_summary.text()
    view.shutdown()


@pytest.mark.slow
def test_evaluate_answers_with_the_real_bundled_model_in_its_process(qtbot, embedder,
                                                                    sample_index, sample_folder):
    """The app's own path: the bundled model in its child process, one case
    after another (an answer stopped at its first sentence while the model
    is still writing must not leave its tokens to the next case's requests)."""
    from app.workspace.settings import AppSettings
    from app.workspace.answering import evaluation_answerer, own_model

    view = EvalView(shared_embedders(), answerer_factory=evaluation_answerer(
        shared_embedders(), own_model(), AppSettings))
    qtbot.addWidget(view)
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    view.limit_box.setValue(4)
    with qtbot.waitSignal(view.answered, timeout=300_000) as blocker:
        view.run_answers()
    report = blocker.args[0]
    assert report.cases == 4 and "SmolLM2-135M" in report.model
    assert all(case["answer"].strip() for case in report.per_case)
    view.shutdown()


def test_a_model_that_fails_to_load_is_closed_and_the_failure_said(qtbot, embedder,
                                                                   sample_index, sample_folder):
    from app.llm.contract import ModelError
    from app.workspace.settings import AppSettings
    from app.workspace.answering import evaluation_answerer, own_model

    closed = []

    class Broken:
        def load(self):
            raise ModelError("broken.gguf could not be loaded: not a GGUF file")

        def close(self):
            closed.append(True)

    view = EvalView(shared_embedders(), answerer_factory=evaluation_answerer(
        shared_embedders(), own_model(lambda settings: Broken()), AppSettings))
    qtbot.addWidget(view)
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    with qtbot.waitSignal(view.stopped, timeout=TIMEOUT) as blocker:
        view.run_answers()
    assert "broken.gguf could not be loaded" in blocker.args[0] and closed == [True]
    assert "broken.gguf" in view.status.text() and not view.busy
    view.shutdown()


def test_without_an_answer_model_the_answers_button_is_not_offered(view):
    assert view.answers_button.isHidden() and not view.tabs.isTabVisible(3)


def test_answers_are_not_evaluated_while_the_window_answers_a_question(qtbot, embedder,
                                                                      sample_index, sample_folder):
    """The run borrows the window's model: started during a question it would
    wait for it, and the next question for the whole run."""
    from fakes import FakeChatModel

    from app.workspace.settings import AppSettings
    from app.workspace.answering import evaluation_answerer, own_model

    borrowed = []

    def borrow(settings):
        borrowed.append(settings)
        return own_model(lambda s: FakeChatModel())(settings)

    view = EvalView(shared_embedders(), answerer_factory=evaluation_answerer(
        shared_embedders(), borrow, AppSettings), model_busy=lambda: True)
    qtbot.addWidget(view)
    view.refresh(sample_index, sample_folder)
    view.set_tsv(SAMPLE_GOLDEN)
    view.run_answers()
    assert not view.busy and not borrowed
    assert "A question is being answered" in view.status.text()
    view.model_free()  # the window's question ended: the advice no longer holds
    assert not view.status.isVisibleTo(view) and view.status.text() == ""


# ---------------------------------------------------------------- another language

RUSSIAN = {  # (context, source, disambiguation): translation — a few of the view's entries
    ("Core", "All cases", ""): "Все вопросы",
    ("Core", "By position of the answer in its section", ""): "По месту ответа в разделе",
    ("Core", "By kind of content", ""): "По виду текста",
    ("Core", "All asked", ""): "Все заданные",
    ("Core", "By kind of answer", ""): "По виду ответа",
    ("Core", "Quote@1", ""): "Цитата@1",
    ("Core", "Cases", ""): "Вопросы",
    ("Core", "the answer span is empty", ""): "ответ пуст",
    ("Core", "{name} line 1: the header must name the columns {columns} (missing: {missing}); "
             "found: {found}", ""):
        "{name}, строка 1: в заголовке нужны столбцы {columns} (нет: {missing}); есть: {found}",
    ("Core", "chunk recall@{k}", ""): "полнота по фрагментам@{k}",
    ("Core", "chunks", ""): "фрагменты",
    ("Core", "evaluating profile {profile}…", ""): "оценка профиля {profile}…",
    ("EvalView", "Chunk recall@{k}", ""): "Полнота по фрагментам@{k}",
    ("EvalView", "start", "position of the answer in its section"): "начало",
    ("EvalView", "end", "position of the answer in its section"): "конец",
    ("EvalView", "code", "kind of content"): "код",
    ("EvalView", "Comparing profiles: {stage}", ""): "Сравнение профилей: {stage}",
    ("EvalWorker", "The golden set cannot be used: {error}", ""):
        "Набор вопросов нельзя использовать: {error}",
}


@pytest.fixture
def russian(qapp, tmp_path):
    """The catalogue above installed, and Russian numbers; English again after."""
    with made_up_catalogue.russian(qapp, tmp_path, RUSSIAN):
        yield


def made_up_comparison(report) -> dict:
    column = {"chunk_recall": report.chunk_recall, "context_recall": report.context_recall,
              "mrr": report.mrr, "chunks": 1234, "over_window": 0, "visible_share": 0.987,
              "average_context_tokens": 1234.5, "evaluated": 3, "not_counted": 1}
    return {"folder": "/handbook", "k": 5, "cases": 4,
            "profiles": {"fitted": column, "spring-default": dict(column, chunks=56789)}}


def test_the_core_s_labels_and_figures_come_out_in_the_window_s_language(qtbot, russian):
    """Titles and labels the core hands over (Said) and the golden set's positions
    and kinds are worded from the catalogue; the figures are written as Russian
    writes numbers; the CLI's English is untouched."""
    from app.common.said import Said
    from app.evaluation.answer_accuracy import AnswerReport
    from app.evaluation.comparison import rows
    from app.evaluation.recall import Case, validate

    view = EvalView(shared_embedders())
    qtbot.addWidget(view)
    report = made_up_report()
    report.invalid = validate([Case(line=6, id="line-6", question="Q?", answer_span="")], "")[1]
    view._show_report(report)
    assert view.recall_table.horizontalHeaderItem(1).text() == "Полнота по фрагментам@5"
    cells = view.table_cells()
    assert cells[0] == ["Все вопросы", "33,3\u00a0% (1/3)", "66,7\u00a0% (2/3)"]
    assert [row[0] for row in cells[1:]] == [  # "middle", "prose", "table": not in this catalogue
        "По месту ответа в разделе", "    начало", "    middle", "    конец",
        "По виду текста", "    код", "    prose", "    table"]
    assert view.invalid.topLevelItem(0).text(2) == "ответ пуст"
    assert "код" in view.misses.toPlainText()  # the tags of a miss

    figures = {"cases": 3, "evidence@1": 2 / 3, "evidence@3": 1.0, "answer_accuracy": 0.5,
               "unsupported_rate": 0.0, "not_in_quote_rate": 0.0, "citation_precision": None}
    view.show_answers(AnswerReport(cases=3, model="fake", prompt="evidence", overall=figures,
                                   by_position={"start": figures}, by_kind={}, misses=[],
                                   timing={"evidence_median_s": 0.5, "first_token_median_s": None,
                                           "total_median_s": 1.25}))
    table = view.answers_table
    assert table.horizontalHeaderItem(1).text() == "Цитата@1"
    assert table.horizontalHeaderItem(7).text() == "Вопросы"
    assert view.table_cells(table)[0] == ["Все заданные", "67\u00a0%", "100\u00a0%", "50\u00a0%",
                                          "0\u00a0%", "0\u00a0%", "—", "3"]
    assert [row[0] for row in view.table_cells(table)[1:]] == [
        "По месту ответа в разделе", "    начало"]

    comparison = made_up_comparison(report)
    view.show_comparison(comparison)
    shown = view.table_cells(view.compare_table)
    assert shown[0] == ["полнота по фрагментам@5", "33\u00a0% (1/3)", "33\u00a0% (1/3)"]
    assert ["    конец", "0\u00a0% (0/1)", "0\u00a0% (0/1)"] in shown
    chunks = next(row for row in shown if row[0] == "фрагменты")
    assert chunks[1:] == ["1\u00a0234", "56\u00a0789"]
    assert view.compare_table.item(0, 0).font().bold()  # a recall: bold
    assert not view.compare_table.item(1, 0).font().bold()  # a position under it
    assert rows(comparison)[0] == ("chunk recall@5", "33% (1/3)", "33% (1/3)")  # the CLI's

    view._on_message(Said("evaluating profile {profile}…", profile="fitted"))
    assert view.status.text() == "Сравнение профилей: оценка профиля fitted…"


def test_a_broken_golden_set_is_explained_in_the_window_s_language(qtbot, russian, tmp_path):
    from app.gui.eval_view import EvalWorker

    tsv = tmp_path / "broken.tsv"
    tsv.write_text("q\ta\nWhat?\tThat\n", encoding="utf-8")
    worker = EvalWorker(shared_embedders(), "evaluate", str(tmp_path), str(tmp_path / "none"),
                        str(tsv), 5)
    said = []
    worker.failed.connect(said.append)
    worker.run()  # the golden set is read first: no index, no model needed
    assert said == [f"Набор вопросов нельзя использовать: {tsv}, строка 1: в заголовке нужны "
                    "столбцы question, answer_span (нет: question, answer_span); есть: q, a"]


def test_every_position_and_kind_of_the_golden_sets_has_a_label(monkeypatch):
    """The window words the golden set's keys from a table: one for each the core knows."""
    from app.evaluation.recall import KINDS, POSITIONS
    from app.gui import eval_view

    class Marked:
        @staticmethod
        def translate(context, text, disambiguation=None, n=-1):
            return f"«{text}»"

    monkeypatch.setattr(eval_view, "QCoreApplication", Marked)
    assert [eval_view.group_words(key) for key in POSITIONS + KINDS] == [
        f"«{key}»" for key in POSITIONS + KINDS]
    assert eval_view.group_words("other") == "other"  # a golden set's own: as written
