"""The evaluation reports as the rows of a table, as the window shows them:
overall, then by position of the answer (in document order), then by kind;
a figure that does not apply is "—". (The profile comparison's rows are
`comparison.rows`.)"""
from __future__ import annotations

from app.evaluation.recall import POSITIONS, EvalReport

# The answer figures shown, in order: (column title, key of answer_accuracy's figures).
ANSWER_COLUMNS = (("Quote@1", "evidence@1"), ("Quote@3", "evidence@3"),
                  ("Accurate", "answer_accuracy"), ("Unsupported", "unsupported_rate"),
                  ("Not in quote", "not_in_quote_rate"), ("Citations", "citation_precision"),
                  ("Cases", "cases"))


def recall_cell(figures: dict | None) -> str:
    if not figures or figures.get("recall") is None:
        return "—"
    return f"{figures['recall']:.1%} ({figures['hits']}/{figures['cases']})"


def in_document_order(by_position: dict) -> list[str]:
    """Positions start, middle, end first, then any others a golden set names."""
    return [p for p in POSITIONS if p in by_position] + sorted(
        p for p in by_position if p not in POSITIONS)


def recall_rows(report: EvalReport) -> list[tuple[str, str, dict | None, dict | None]]:
    """(kind of row, label, chunk figures, context figures): overall, then each
    position (in document order), then each kind; group titles have no figures."""
    chunk, context = report.chunk_recall, report.context_recall
    rows = [("overall", "All cases", chunk["overall"], context["overall"])]
    positions = in_document_order(chunk["by_position"])
    if positions:
        rows.append(("group", "By position of the answer in its section", None, None))
        rows += [("position", p, chunk["by_position"][p], context["by_position"].get(p))
                 for p in positions]
    if chunk["by_kind"]:
        rows.append(("group", "By kind of content", None, None))
        rows += [("kind", k, chunk["by_kind"][k], context["by_kind"].get(k))
                 for k in sorted(chunk["by_kind"])]
    return rows


def answer_rows(report) -> list[tuple[str, str, list[str]]]:
    """(kind of row, label, cells): overall, then by position, then by kind, as
    recall_rows; a figure that does not apply is "—"."""
    def cells(figures: dict) -> list[str]:
        return [("—" if figures.get(key) is None else str(figures[key]) if key == "cases"
                 else f"{figures[key]:.0%}") for _, key in ANSWER_COLUMNS]

    rows = [("overall", "All asked", cells(report.overall))]
    positions = in_document_order(report.by_position)
    for title, names, groups in (("By position of the answer in its section", positions,
                                  report.by_position),
                                 ("By kind of answer", sorted(report.by_kind), report.by_kind)):
        if names:
            rows.append(("group", title, []))
            rows += [("row", name, cells(groups[name])) for name in names]
    return rows
