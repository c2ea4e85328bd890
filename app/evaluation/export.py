"""A golden-set evaluation saved to a file: JSON as `handbook-qa eval --json`
writes it, or CSV with one row per miss (and what was retrieved instead)
and one per case not counted, for a spreadsheet."""
from __future__ import annotations

import csv
import json
from pathlib import Path

from app.evaluation.recall import EvalReport

EVAL_CSV_HEADER = ("status", "line", "id", "question", "answer_span", "position", "kind",
                   "source_file", "chunk_rank", "context_rank", "reason", "retrieved")


def write_eval_json(report: EvalReport, path: Path) -> None:
    Path(path).write_text(json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n",
                          encoding="utf-8")


def write_eval_csv(report: EvalReport, path: Path) -> None:
    """One row per miss (with what was retrieved instead) and per case not counted."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(EVAL_CSV_HEADER)
        for miss in report.misses:
            retrieved = " | ".join(f"[{r['rank']}] {r['source']} › {r['heading']}"
                                   for r in miss["retrieved"])
            writer.writerow(("miss", miss["line"], miss["id"], miss["question"],
                             miss["answer_span"], miss["position"], miss["kind"],
                             miss["source_file"], _rank(miss["chunk_rank"]),
                             _rank(miss["context_rank"]), "", retrieved))
        for bad in report.invalid:
            writer.writerow(("not counted", bad["line"], bad["id"], "", "", "", "", "", "", "",
                             bad["reason"], ""))


def _rank(rank: int | None) -> str:
    return "" if rank is None else str(rank)
