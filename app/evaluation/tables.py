"""The evaluation reports as the rows of a table, as the window shows them:
overall, then by position of the answer (in document order), then by kind.
The rows hold data, not text: titles and labels are messages (Said, English
with a template the window words), positions and kinds are the golden set's
keys (the window words those it knows), figures are numbers the window
writes in its language; a figure that does not apply is None. (The profile
comparison's rows are `comparison.table`.)"""
from __future__ import annotations

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.evaluation.recall import POSITIONS, EvalReport

# The answer figures shown, in order: (column title, key of answer_accuracy's
# figures). "cases" is a count, every other figure a fraction (0.67: 67 %).
ANSWER_COLUMNS = ((Said(QT_TRANSLATE_NOOP("Core", "Quote@1")), "evidence@1"),
                  (Said(QT_TRANSLATE_NOOP("Core", "Quote@3")), "evidence@3"),
                  (Said(QT_TRANSLATE_NOOP("Core", "Accurate")), "answer_accuracy"),
                  (Said(QT_TRANSLATE_NOOP("Core", "Unsupported")), "unsupported_rate"),
                  (Said(QT_TRANSLATE_NOOP("Core", "Not in quote")), "not_in_quote_rate"),
                  (Said(QT_TRANSLATE_NOOP("Core", "Citations")), "citation_precision"),
                  (Said(QT_TRANSLATE_NOOP("Core", "Cases")), "cases"))
COUNTED = "cases"  # the one answer figure that is a count

BY_POSITION = QT_TRANSLATE_NOOP("Core", "By position of the answer in its section")


def in_document_order(by_position: dict) -> list[str]:
    """Positions start, middle, end first, then any others a golden set names."""
    return [p for p in POSITIONS if p in by_position] + sorted(
        p for p in by_position if p not in POSITIONS)


def recall_rows(report: EvalReport) -> list[tuple[str, str, dict | None, dict | None]]:
    """(kind of row, label, chunk figures, context figures): overall, then each
    position (in document order), then each kind; group titles have no figures.
    The label of an "overall" or "group" row is a Said; of a "position" or
    "kind" row, the golden set's key. Figures: {"recall": fraction or None,
    "hits": int, "cases": int}, or None where the recall has no such group."""
    chunk, context = report.chunk_recall, report.context_recall
    rows = [("overall", Said(QT_TRANSLATE_NOOP("Core", "All cases")), chunk["overall"],
             context["overall"])]
    positions = in_document_order(chunk["by_position"])
    if positions:
        rows.append(("group", Said(BY_POSITION), None, None))
        rows += [("position", p, chunk["by_position"][p], context["by_position"].get(p))
                 for p in positions]
    if chunk["by_kind"]:
        rows.append(("group", Said(QT_TRANSLATE_NOOP("Core", "By kind of content")), None, None))
        rows += [("kind", k, chunk["by_kind"][k], context["by_kind"].get(k))
                 for k in sorted(chunk["by_kind"])]
    return rows


def answer_rows(report) -> list[tuple[str, str, list]]:
    """(kind of row, label, figures): overall, then by position, then by kind, as
    recall_rows; the figures in ANSWER_COLUMNS' order (a fraction, or the
    count of cases; None where a figure does not apply), none for a group
    title. A "row" is labelled with its position or kind as the golden set
    names it."""
    def figures(group: dict) -> list:
        return [group.get(key) for _, key in ANSWER_COLUMNS]

    rows = [("overall", Said(QT_TRANSLATE_NOOP("Core", "All asked")), figures(report.overall))]
    positions = in_document_order(report.by_position)
    for title, names, groups in ((Said(BY_POSITION), positions, report.by_position),
                                 (Said(QT_TRANSLATE_NOOP("Core", "By kind of answer")),
                                  sorted(report.by_kind), report.by_kind)):
        if names:
            rows.append(("group", title, []))
            rows += [("row", name, figures(groups[name])) for name in names]
    return rows
