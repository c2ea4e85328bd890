"""A golden-set evaluation as the user saves it and as the window tables it,
without Qt: the JSON `handbook-qa eval --json` writes, the CSV a spreadsheet
opens (its columns, one row per miss and per case not counted, every value
read back as written), and the rows of the recall and answer tables."""
import csv
import json

from app.evaluation.answer_accuracy import AnswerReport
from app.evaluation.export import EVAL_CSV_HEADER, write_eval_csv, write_json
from app.evaluation.recall import Case, CaseResult, summarise
from app.common.said import Said
from app.evaluation.tables import answer_rows, recall_rows


def made_up_report():
    cases = [Case(line=2, id="leave", question="How many days?", answer_span="27 days",
                  position="start", kind="prose", source_file="handbook.md"),
             Case(line=3, id="code", question="What does deploy do?",
                  answer_span="def deploy(<b>)", position="end", kind="code"),
             Case(line=4, id="table", question="Per diem?", answer_span="60 EUR",
                  position="middle", kind="table")]
    retrieved = [{"rank": 1, "source": "handbook.md", "heading": "Leave › Annual",
                  "page": None, "snippet": "Full-time employees get 27 days"},
                 {"rank": 2, "source": "guide.pdf", "heading": "Travel", "page": 3,
                  "snippet": "Trains <img src='/dev/zero'>"}]
    results = [CaseResult(cases[0], 1, 1, 300, retrieved),
               CaseResult(cases[1], None, None, 280, retrieved),
               CaseResult(cases[2], 7, 2, 310, retrieved)]
    return summarise(results, 5, "fitted", [{"line": 6, "id": "line-6",
                                             "reason": "the answer span is empty"}])


def test_the_results_export_as_json_and_csv(tmp_path):
    report = made_up_report()
    write_json(report, tmp_path / "eval.json")
    assert json.loads((tmp_path / "eval.json").read_text(encoding="utf-8")) == \
        json.loads(json.dumps(report.to_json()))
    write_eval_csv(report, tmp_path / "eval.csv")
    with open(tmp_path / "eval.csv", newline="", encoding="utf-8") as handle:
        rows = [dict(zip(EVAL_CSV_HEADER, row)) for row in csv.reader(handle)]
    assert tuple(rows[0].values()) == EVAL_CSV_HEADER
    assert [(r["status"], r["line"], r["id"]) for r in rows[1:]] == [
        ("miss", "3", "code"), ("miss", "4", "table"), ("not counted", "6", "line-6")]
    assert rows[1]["chunk_rank"] == "" and rows[2]["chunk_rank"] == "7"
    assert rows[2]["retrieved"] == "[1] handbook.md › Leave › Annual | [2] guide.pdf › Travel"
    assert rows[3]["reason"] == "the answer span is empty"


def read_csv(path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as handle:
        header, *rows = csv.reader(handle)
    assert tuple(header) == EVAL_CSV_HEADER
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_awkward_values_read_back_from_the_csv_as_written(tmp_path):
    """Commas, quotes, line breaks and non-ASCII in a question or a span are
    one cell each, as they were in the golden set; hits are not rows."""
    question = 'Überstunden, "wie viele"\nim Monat?'
    span = "höchstens 10 € pro Tag; danach, laut §4, nichts"
    case = Case(line=9, id="über;1", question=question, answer_span=span, position="end",
                kind="table", source_file="Richtlinien/Reisen, 2024.md")
    hit = Case(line=10, id="hit", question="Q?", answer_span="A")
    retrieved = [{"rank": 1, "source": "a, b.md", "heading": 'Say "yes"', "page": None,
                  "snippet": "…"}]
    report = summarise([CaseResult(case, None, 3, 100, retrieved),
                        CaseResult(hit, 1, 1, 100, retrieved)], 5, "fitted", [])
    write_eval_csv(report, tmp_path / "eval.csv")
    rows = read_csv(tmp_path / "eval.csv")
    assert len(rows) == 1  # the hit is not listed
    assert rows[0] == {"status": "miss", "line": "9", "id": "über;1", "question": question,
                       "answer_span": span, "position": "end", "kind": "table",
                       "source_file": "Richtlinien/Reisen, 2024.md", "chunk_rank": "",
                       "context_rank": "3", "reason": "",
                       "retrieved": '[1] a, b.md › Say "yes"'}


def test_an_evaluation_without_misses_saves_a_csv_with_only_its_header(tmp_path):
    report = summarise([CaseResult(Case(line=2, id="a", question="Q?", answer_span="A"),
                                   1, 1, 10, [])], 5, "fitted", [])
    write_eval_csv(report, tmp_path / "eval.csv")
    assert read_csv(tmp_path / "eval.csv") == []


def test_the_json_keeps_non_ascii_readable(tmp_path):
    report = made_up_report()
    report.misses[0]["question"] = "Wie viele Überstunden?"
    write_json(report, tmp_path / "eval.json")
    text = (tmp_path / "eval.json").read_text(encoding="utf-8")
    assert "Wie viele Überstunden?" in text and text.endswith("}\n")
    assert json.loads(text)["misses"][0]["question"] == "Wie viele Überstunden?"


def test_recall_rows_put_positions_in_document_order_then_kinds():
    report = made_up_report()
    rows = recall_rows(report)
    assert [label for _, label, _, _ in rows] == [
        "All cases", "By position of the answer in its section", "start", "middle", "end",
        "By kind of content", "code", "prose", "table"]
    assert [kind for kind, *_ in rows][:3] == ["overall", "group", "position"]
    # titles are messages the window words; positions and kinds stay the golden set's keys
    assert all(isinstance(label, Said) for kind, label, _, _ in rows
               if kind in ("overall", "group"))
    assert not any(isinstance(label, Said) for kind, label, _, _ in rows
                   if kind in ("position", "kind"))
    overall = rows[0]  # the figures as data: the window writes them (tests/gui/test_eval_view.py)
    assert overall[2] == {"recall": 0.3333, "hits": 1, "cases": 3}  # only "leave" at rank 1
    assert overall[3] == {"recall": 0.6667, "hits": 2, "cases": 3}  # "leave" and "table"


def test_answer_rows_show_each_figure_and_a_dash_where_none_applies():
    figures = {"cases": 3, "evidence@1": 2 / 3, "evidence@3": 1.0, "answer_accuracy": 0.5,
               "unsupported_rate": 0.0, "not_in_quote_rate": 0.0, "citation_precision": None}
    report = AnswerReport(cases=3, model="fake", prompt="evidence", overall=figures,
                          by_position={"other": figures, "end": figures, "start": figures},
                          by_kind={"prose": figures}, timing={}, misses=[])
    rows = answer_rows(report)
    assert [(kind, label) for kind, label, _ in rows] == [
        ("overall", "All asked"), ("group", "By position of the answer in its section"),
        ("row", "start"), ("row", "end"), ("row", "other"),
        ("group", "By kind of answer"), ("row", "prose")]
    assert rows[0][2] == [2 / 3, 1.0, 0.5, 0.0, 0.0, None, 3]  # the window writes them
    assert rows[1][2] == []
    assert isinstance(rows[0][1], Said) and isinstance(rows[1][1], Said)
