"""The two profiles side by side on the same folder and the same golden set.

What the Spring AI defaults would cost on the user's own documents: recall
by position and kind for both profiles, how many chunks each makes, how much
of their chunk tokens the embedder actually reads, and how much context each
sends to the model.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from app.evaluation.health import health_report
from app.evaluation.recall import Case, EvalReport, evaluate
from app.ingest.indexer import Indexer, IndexSettings
from app.search.retrieval import Searcher, SearchSettings
from app.store.sqlite import Store

PROFILES = ("fitted", "spring-default")


def compare(folder: Path, cases: list[Case], k: int, embedder,
            db_for: Callable[[str], Path],
            on_progress: Callable[[str], None] = lambda message: None) -> dict:
    """Index (or reuse) the folder with both profiles, evaluate both, return figures."""
    columns = {}
    for profile in PROFILES:
        with Store(db_for(profile)) as store:
            on_progress(f"indexing with profile {profile}…")
            Indexer(store, embedder, IndexSettings(profile=profile)).run(folder)
            on_progress(f"evaluating profile {profile}…")
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


def rows(comparison: dict) -> list[tuple[str, str, str]]:
    """(label, fitted, spring-default) rows of the comparison table."""
    fitted, spring = (comparison["profiles"][p] for p in PROFILES)
    k = comparison["k"]

    def recall(column: dict, kind: str, group: str | None, key: str | None) -> str:
        figures = column[kind]["overall"] if group is None else column[kind][group].get(key)
        if not figures or figures["recall"] is None:
            return "—"
        return f"{figures['recall']:.0%} ({figures['hits']}/{figures['cases']})"

    table = []
    for kind, title in (("chunk_recall", "chunk"), ("context_recall", "context")):
        table.append((f"{title} recall@{k}", recall(fitted, kind, None, None),
                      recall(spring, kind, None, None)))
        for group in ("by_position", "by_kind"):
            keys = sorted(set(fitted[kind][group]) | set(spring[kind][group]))
            table += [(f"  {key}", recall(fitted, kind, group, key),
                       recall(spring, kind, group, key)) for key in keys]
    table += [
        ("chunks", f"{fitted['chunks']:,}", f"{spring['chunks']:,}"),
        ("chunks over the window", f"{fitted['over_window']:,}", f"{spring['over_window']:,}"),
        ("chunk tokens the embedder reads", f"{fitted['visible_share']:.0%}",
         f"{spring['visible_share']:.0%}"),
        ("average context tokens (cl100k)", f"{fitted['average_context_tokens']:,.0f}",
         f"{spring['average_context_tokens']:,.0f}"),
    ]
    return table


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
