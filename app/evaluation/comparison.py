"""The two profiles side by side on the same folder and the same golden set.

What the Spring AI defaults would cost on the user's own documents: recall
by position and kind for both profiles, how many chunks each makes, how much
of their chunk tokens the embedder actually reads, and how much context each
sends to the model.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.evaluation.health import health_report
from app.evaluation.recall import Case, EvalReport, evaluate
from app.ingest.indexer import Indexer, IndexSettings
from app.search.retrieval import Searcher, SearchSettings
from app.store.sqlite import Store

PROFILES = ("fitted", "spring-default")


def compare(folder: Path, cases: list[Case], k: int, embedder,
            db_for: Callable[[str], Path],
            on_progress: Callable[[str], None] = lambda message: None) -> dict:
    """Index (or reuse) the folder with both profiles, evaluate both, return figures.
    `on_progress` is told each stage as a message (a Said: the CLI prints its English)."""
    columns = {}
    for profile in PROFILES:
        with Store(db_for(profile)) as store:
            on_progress(Said(QT_TRANSLATE_NOOP("Core", "indexing with profile {profile}…"),
                             profile=profile))
            Indexer(store, embedder, IndexSettings(profile=profile)).run(folder)
            on_progress(Said(QT_TRANSLATE_NOOP("Core", "evaluating profile {profile}…"),
                             profile=profile))
            report = evaluate(Searcher(store, embedder, SearchSettings(results=k)), cases, k)
            health = health_report(store)
        columns[profile] = _column(report, health)
    return {"folder": str(folder), "k": k, "cases": len(cases), "profiles": columns}


def _column(report: EvalReport, health) -> dict:
    return {"chunk_recall": report.chunk_recall, "context_recall": report.context_recall,
            "mrr": report.mrr, "chunks": health.chunks,
            "over_window": len(health.over_window), "visible_share": health.visible_share,
            "average_context_tokens": report.average_context_tokens,
            "evaluated": report.cases, "not_counted": len(report.invalid)}


class Row(NamedTuple):
    """A row of the comparison table, as data: the window writes it in its
    language, the CLI in English (`rows`).

    kind: "recall", a recall@k overall (label a Said; figures as
    recall's {"recall", "hits", "cases"}, or None); "part", the same recall
    for one position or kind (label the golden set's key, shown indented
    under its recall); "count", a number of chunks; "share", a fraction of
    the chunk tokens; "tokens", an average number of tokens."""
    kind: str
    label: str
    fitted: object
    spring: object


def table(comparison: dict) -> list[Row]:
    """The rows of the comparison table, fitted beside spring-default."""
    fitted, spring = (comparison["profiles"][p] for p in PROFILES)
    k = comparison["k"]

    def figures(column: dict, kind: str, group: str | None, key: str | None) -> dict | None:
        return column[kind]["overall"] if group is None else column[kind][group].get(key)

    rows = []
    for kind, title in (("chunk_recall", QT_TRANSLATE_NOOP("Core", "chunk recall@{k}")),
                        ("context_recall", QT_TRANSLATE_NOOP("Core", "context recall@{k}"))):
        rows.append(Row("recall", Said(title, k=k), figures(fitted, kind, None, None),
                        figures(spring, kind, None, None)))
        for group in ("by_position", "by_kind"):
            keys = sorted(set(fitted[kind][group]) | set(spring[kind][group]))
            rows += [Row("part", key, figures(fitted, kind, group, key),
                         figures(spring, kind, group, key)) for key in keys]
    rows += [
        Row("count", Said(QT_TRANSLATE_NOOP("Core", "chunks")), fitted["chunks"],
            spring["chunks"]),
        Row("count", Said(QT_TRANSLATE_NOOP("Core", "chunks over the window")),
            fitted["over_window"], spring["over_window"]),
        Row("share", Said(QT_TRANSLATE_NOOP("Core", "chunk tokens the embedder reads")),
            fitted["visible_share"], spring["visible_share"]),
        Row("tokens", Said(QT_TRANSLATE_NOOP("Core", "average context tokens (cl100k)")),
            fitted["average_context_tokens"], spring["average_context_tokens"]),
    ]
    return rows


def rows(comparison: dict) -> list[tuple[str, str, str]]:
    """(label, fitted, spring-default) rows of the comparison table in English
    text, as the CLI prints them: a position or kind indented by two spaces."""
    return [(f"  {row.label}" if row.kind == "part" else str(row.label),
             _english(row.kind, row.fitted), _english(row.kind, row.spring))
            for row in table(comparison)]


def _english(kind: str, value) -> str:
    if kind in ("recall", "part"):
        if not value or value["recall"] is None:
            return "—"
        return f"{value['recall']:.0%} ({value['hits']}/{value['cases']})"
    if kind == "share":
        return f"{value:.0%}"
    return f"{value:,.0f}" if kind == "tokens" else f"{value:,}"


def format_table(comparison: dict, markdown: bool = False) -> str:
    header = ("", "fitted", "spring-default")
    table = [header] + rows(comparison)
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|---|---|---|"]
        lines += ["| " + " | ".join(cell.replace("  ", "· ") for cell in row) + " |"
                  for row in table[1:]]
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    return "\n".join(f"{row[0]:<{widths[0]}}  {row[1]:>{widths[1]}}  {row[2]:>{widths[2]}}"
                     for row in table)
