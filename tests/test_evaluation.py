"""The golden-set evaluation: its TSV contract, its arithmetic, and the recall floor."""
import json
from pathlib import Path

import pytest

from app.cli import main
from app.common.said import Said
from app.common.bundled import SAMPLE_GOLDEN
from app.evaluation.recall import (Case, CaseResult, CasesError, evaluate, load_cases,
                                   parse_cases, summarise, validate)
from app.search.retrieval import Searcher, SearchSettings
from app.store.sqlite import Store

FLOOR = json.loads((Path(__file__).parent / "recall_floor.json").read_text())


def test_a_tsv_without_the_required_header_names_line_one():
    with pytest.raises(CasesError, match="line 1.*answer_span"):
        parse_cases("How many days?\t28 days\n")
    with pytest.raises(CasesError, match="empty"):
        parse_cases("")


def test_unusable_cases_are_reported_with_their_line_not_counted():
    cases = parse_cases("question\tanswer_span\tposition\n"
                        "How many days?\t28 days\tstart\n"
                        "Empty span?\t\tmiddle\n"
                        "Nowhere?\tpurple elephants\tend\n"
                        "Bad position?\t28 days\tsomewhere\n")
    usable, invalid = validate(cases, "annual leave is 28 days per year")
    assert [c.line for c in usable] == [2]
    assert [(bad["line"], bad["reason"]) for bad in invalid] == [
        (3, "the answer span is empty"),
        (4, "the answer span occurs nowhere in the indexed documents"),
        (5, "position must be one of start, middle, end")]
    # English for the CLI and the files saved; a template and values for the window
    assert [bad["reason"].template for bad in invalid][2] == "position must be one of {positions}"
    assert all(isinstance(bad["reason"], Said) for bad in invalid)


def test_a_broken_golden_set_says_so_in_english_with_a_message_the_window_can_word(tmp_path):
    with pytest.raises(CasesError) as caught:
        parse_cases("\n", "cases.tsv")
    assert str(caught.value) == ("cases.tsv line 1: the header must name the columns question, "
                                 "answer_span (missing: question, answer_span); found: nothing")
    assert isinstance(caught.value.message, Said) and caught.value.message.values["name"] == \
        "cases.tsv"
    with pytest.raises(CasesError) as caught:
        load_cases(tmp_path / "none.tsv")
    assert str(caught.value).startswith(f"{tmp_path / 'none.tsv'}: cannot be read (")
    assert caught.value.message.template == "{path}: cannot be read ({error})"


def test_recall_is_computed_per_position_and_kind():
    def result(position, kind, chunk_rank, context_rank):
        case = Case(1, f"{position}-{kind}", "q", "s", position, kind)
        return CaseResult(case, chunk_rank, context_rank, 100, [])

    report = summarise([result("start", "prose", 1, 1), result("end", "prose", 6, 2),
                        result("end", "table", None, None), result("middle", "code", 2, None)],
                       k=5, profile="fitted", invalid=[])
    assert report.chunk_recall["overall"] == {"recall": 0.5, "hits": 2, "cases": 4}
    assert report.context_recall["overall"]["recall"] == 0.5
    assert report.chunk_recall["by_position"]["end"] == {"recall": 0.0, "hits": 0, "cases": 2}
    assert report.context_recall["by_kind"]["prose"]["recall"] == 1.0
    assert report.mrr["chunk"] == pytest.approx((1 + 0.5) / 4)
    assert report.mrr["context"] == pytest.approx((1 + 0.5) / 4)
    assert [m["id"] for m in report.misses] == ["end-prose", "end-table", "middle-code"]


@pytest.mark.slow
def test_recall_on_the_sample_set_never_drops_below_the_recorded_floor(sample_index, embedder):
    with Store(sample_index) as store:
        report = evaluate(Searcher(store, embedder, SearchSettings(results=5)),
                          load_cases(SAMPLE_GOLDEN), k=5)
    print(f"chunk recall@5 {report.chunk_recall['overall']}, "
          f"context recall@5 {report.context_recall['overall']}")
    assert report.invalid == []
    assert report.chunk_recall["overall"]["recall"] >= FLOOR["chunk"]
    assert report.context_recall["overall"]["recall"] >= FLOOR["context"]


@pytest.mark.slow
def test_eval_json_follows_the_contract(sample_index, capsys, tmp_path):
    cases = tmp_path / "cases.tsv"
    cases.write_text("id\tquestion\tanswer_span\tposition\tkind\n"
                     "a\tHow many keeping-in-touch days can I work on parental leave?\t"
                     "keeping-in-touch days\tmiddle\tprose\n"
                     "b\tWhat?\tno such words anywhere at all\tend\tprose\n")
    assert main(["eval", str(cases), "--db", str(sample_index), "--json", "--k", "5"]) == 0
    report = json.loads(capsys.readouterr().out)
    for recall in ("chunk", "context"):
        figures = report["recall_at_k"][recall]
        assert set(figures) == {"overall", "by_position", "by_kind"}
    assert report["cases"] == 1
    assert report["invalid"] == [{"line": 3, "id": "b", "reason":
                                  "the answer span occurs nowhere in the indexed documents"}]


def test_eval_with_a_broken_tsv_says_which_line(tmp_path, capsys):
    cases = tmp_path / "cases.tsv"
    cases.write_text("q\ta\nwhat\tthat\n")
    assert main(["eval", str(cases), "--db", str(tmp_path / "none.sqlite")]) == 1
    assert "line 1" in capsys.readouterr().err
