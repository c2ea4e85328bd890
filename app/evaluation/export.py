"""Reports saved to a file: JSON as the command line's --json writes them,
or CSV for a spreadsheet — a golden-set evaluation (one row per miss, with
what was retrieved instead, and one per case not counted) or the chunk-health
report (one row per chunk over the window)."""
from __future__ import annotations

import csv
import json
from pathlib import Path

from typing import Iterable

from app.evaluation.health import HealthReport, invisible_percent
from app.evaluation.recall import EvalReport

EVAL_CSV_HEADER = ("status", "line", "id", "question", "answer_span", "position", "kind",
                   "source_file", "chunk_rank", "context_rank", "reason", "retrieved")
HEALTH_CSV_HEADER = ("chunk_id", "document", "heading", "chunk_index", "tokens", "window",
                     "invisible_tokens", "invisible_percent", "split_level")


def write_json(report: EvalReport | HealthReport, path: Path) -> None:
    """The report as the command line's --json prints it."""
    Path(path).write_text(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n",
                          encoding="utf-8")


def write_eval_csv(report: EvalReport, path: Path) -> None:
    """One row per miss (with what was retrieved instead) and per case not counted."""
    rows = [("miss", miss["line"], miss["id"], miss["question"], miss["answer_span"],
             miss["position"], miss["kind"], miss["source_file"], _rank(miss["chunk_rank"]),
             _rank(miss["context_rank"]), "", _retrieved(miss)) for miss in report.misses]
    rows += [("not counted", bad["line"], bad["id"], "", "", "", "", "", "", "", bad["reason"], "")
             for bad in report.invalid]
    _write_csv(path, EVAL_CSV_HEADER, rows)


def write_health_csv(report: HealthReport, path: Path) -> None:
    """One row per chunk over the window."""
    _write_csv(path, HEALTH_CSV_HEADER, (
        (chunk.chunk_id, chunk.source, chunk.heading, chunk.chunk_index, chunk.tokens,
         report.window, chunk.invisible_tokens,
         invisible_percent(chunk.tokens, chunk.invisible_tokens), chunk.split_level)
        for chunk in report.over_window))


def _write_csv(path: Path, header: tuple, rows: Iterable[tuple]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def _retrieved(miss: dict) -> str:
    return " | ".join(f"[{r['rank']}] {r['source']} › {r['heading']}" for r in miss["retrieved"])


def _rank(rank: int | None) -> str:
    return "" if rank is None else str(rank)
