"""Golden-set evaluation: does retrieval find the answer span?

A case is a question and a short answer span from the documents. Two recalls:
- *chunk recall@k*: the span lies inside one of the top-k embedded children —
  what the vector/BM25 search itself found;
- *context recall@k*: the span lies inside the text of the top-k results —
  what would be sent to the model.
Spans match after whitespace normalisation and lower-casing; a span split
across two chunks is a miss. Cases that cannot be evaluated (empty span, span
found nowhere in the index) are reported with their line, never counted.
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.common.typography import MINUS_SIGNS
from app.search.retrieval import Searcher, SearchResponse, chunk_texts

REQUIRED = ("question", "answer_span")
OPTIONAL = ("position", "kind", "source_file", "id")
POSITIONS = ("start", "middle", "end")
# The kinds of content the golden sets name (scripts/check_golden.py); any
# other kind is counted too. Positions and kinds stay keys here: the window
# words the ones it knows (app/gui/eval_view.py), the CLI prints them as written.
KINDS = ("prose", "table", "code", "list", "config")


class CasesError(Exception):
    """The golden TSV itself is unusable; the message names the line."""

    @property
    def message(self) -> str:
        """The message as raised (a Said, for the window to word); str(error) is its English."""
        return self.args[0] if self.args else str(self)


@dataclass
class Case:
    line: int
    id: str
    question: str
    answer_span: str
    position: str = ""
    kind: str = ""
    source_file: str = ""


@dataclass
class CaseResult:
    case: Case
    chunk_rank: int | None     # 1-based rank of the first child holding the span
    context_rank: int | None   # 1-based rank of the first result holding the span
    context_tokens: int
    retrieved: list[dict]

    def chunk_hit(self, k: int) -> bool:
        return self.chunk_rank is not None and self.chunk_rank <= k

    @property
    def context_hit(self) -> bool:
        return self.context_rank is not None


@dataclass
class EvalReport:
    k: int
    profile: str
    cases: int
    chunk_recall: dict
    context_recall: dict
    mrr: dict
    average_context_tokens: float
    misses: list[dict]
    invalid: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        data = asdict(self)
        data["recall_at_k"] = {"chunk": self.chunk_recall, "context": self.context_recall}
        return data


def normalise(text: str) -> str:
    # Typeset PDFs keep ligatures (U+FB01) and minus signs where a reader sees
    # "fi" and "-": a span written as the glyphs read matches either form.
    text = unicodedata.normalize("NFKC", text).translate(MINUS_SIGNS)
    return re.sub(r"\s+", " ", text).strip().lower()


def load_cases(path: Path) -> list[Case]:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise CasesError(Said(QT_TRANSLATE_NOOP("Core", "{path}: cannot be read ({error})"),
                              path=str(path), error=str(error))) from error
    return parse_cases(text, str(path))


def parse_cases(text: str, name: str = "cases") -> list[Case]:
    rows = list(csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))
    if not rows:
        raise CasesError(Said(QT_TRANSLATE_NOOP("Core", "{name}: the file is empty"), name=name))
    header = [column.strip().lower() for column in rows[0]]
    missing = [column for column in REQUIRED if column not in header]
    if missing:
        found = ", ".join(rows[0])
        template = (QT_TRANSLATE_NOOP("Core", "{name} line 1: the header must name the columns "
                                              "{columns} (missing: {missing}); found: {found}")
                    if found else
                    QT_TRANSLATE_NOOP("Core", "{name} line 1: the header must name the columns "
                                              "{columns} (missing: {missing}); found: nothing"))
        raise CasesError(Said(template, name=name, columns=", ".join(REQUIRED),
                              missing=", ".join(missing), found=found))
    cases = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        values = dict(zip(header, (cell.strip() for cell in row)))
        cases.append(Case(line=number, id=values.get("id") or f"line-{number}",
                          question=values.get("question", ""),
                          answer_span=values.get("answer_span", ""),
                          position=values.get("position", "").lower(),
                          kind=values.get("kind", "").lower(),
                          source_file=values.get("source_file", "")))
    return cases


def validate(cases: list[Case], indexed_text: str) -> tuple[list[Case], list[dict]]:
    """Usable cases, and the others with the reason they cannot be counted
    (a Said: English in the CLI and the files saved, worded in the window)."""
    usable, invalid = [], []
    for case in cases:
        reason = None
        if not case.question:
            reason = Said(QT_TRANSLATE_NOOP("Core", "the question is empty"))
        elif not case.answer_span:
            reason = Said(QT_TRANSLATE_NOOP("Core", "the answer span is empty"))
        elif normalise(case.answer_span) not in indexed_text:
            reason = Said(QT_TRANSLATE_NOOP(
                "Core", "the answer span occurs nowhere in the indexed documents"))
        elif case.position and case.position not in POSITIONS:
            reason = Said(QT_TRANSLATE_NOOP("Core", "position must be one of {positions}"),
                          positions=", ".join(POSITIONS))
        if reason:
            invalid.append({"line": case.line, "id": case.id, "reason": reason})
        else:
            usable.append(case)
    return usable, invalid


def evaluate(searcher: Searcher, cases: list[Case], k: int,
             on_progress: Callable[[int, int], None] | None = None,
             count: Callable[[str], int] | None = None) -> EvalReport:
    from app.common.tokens import count_cl100k

    count = count or count_cl100k
    indexed = "\n".join(normalise(body) for body in searcher.store.section_bodies())
    usable, invalid = validate(cases, indexed)
    results = []
    for done, case in enumerate(usable, start=1):
        response = searcher.search(case.question)
        results.append(score_case(searcher, case, response, count))
        if on_progress:
            on_progress(done, len(usable))
    return summarise(results, k, searcher.profile, invalid)


def score_case(searcher: Searcher, case: Case, response: SearchResponse,
               count: Callable[[str], int]) -> CaseResult:
    span = normalise(case.answer_span)
    child_texts = chunk_texts(searcher.store, [c.chunk_id for c in response.candidates])
    chunk_rank = next((rank for rank, c in enumerate(response.candidates, start=1)
                       if span in normalise(child_texts.get(c.chunk_id, ""))), None)
    context_rank = next((r.rank for r in response.results if span in normalise(r.text)), None)
    retrieved = [{"rank": r.rank, "source": r.source, "heading": r.heading, "page": r.page,
                  "snippet": r.text[:160]} for r in response.results]
    tokens = sum(count(r.text) for r in response.results)
    return CaseResult(case, chunk_rank, context_rank, tokens, retrieved)


def summarise(results: list[CaseResult], k: int, profile: str, invalid: list[dict]) -> EvalReport:
    def recall(hit: Callable[[CaseResult], bool]) -> dict:
        return {"overall": _share(results, hit),
                "by_position": {key: _share(group, hit)
                                for key, group in _groups(results, "position").items()},
                "by_kind": {key: _share(group, hit)
                            for key, group in _groups(results, "kind").items()}}

    def reciprocal(rank: int | None) -> float:
        return 1.0 / rank if rank else 0.0

    misses = [{"line": r.case.line, "id": r.case.id, "question": r.case.question,
               "answer_span": r.case.answer_span, "position": r.case.position,
               "kind": r.case.kind, "source_file": r.case.source_file,
               "chunk_rank": r.chunk_rank, "context_rank": r.context_rank,
               "retrieved": r.retrieved}
              for r in results if not (r.chunk_hit(k) and r.context_hit)]
    n = len(results) or 1
    return EvalReport(
        k=k, profile=profile, cases=len(results),
        chunk_recall=recall(lambda r: r.chunk_hit(k)),
        context_recall=recall(lambda r: r.context_hit),
        mrr={"chunk": round(sum(reciprocal(r.chunk_rank if r.chunk_hit(k) else None)
                                for r in results) / n, 4),
             "context": round(sum(reciprocal(r.context_rank) for r in results) / n, 4)},
        average_context_tokens=round(sum(r.context_tokens for r in results) / n, 1),
        misses=misses, invalid=invalid)


def _groups(results: list[CaseResult], attribute: str) -> dict[str, list[CaseResult]]:
    groups: dict[str, list[CaseResult]] = {}
    for result in results:
        key = getattr(result.case, attribute)
        if key:
            groups.setdefault(key, []).append(result)
    return dict(sorted(groups.items()))


def _share(results: list[CaseResult], hit: Callable[[CaseResult], bool]) -> dict:
    hits = sum(1 for r in results if hit(r))
    return {"recall": round(hits / len(results), 4) if results else None,
            "hits": hits, "cases": len(results)}


def format_report(report: EvalReport) -> str:
    def line(name: str, figures: dict) -> str:
        recall = figures["recall"]
        shown = "—" if recall is None else f"{recall:.1%}"
        return f"  {name:<10} {shown:>7}  ({figures['hits']}/{figures['cases']})"

    lines = [f"profile {report.profile} · k = {report.k} · {report.cases} cases · "
             f"MRR chunk {report.mrr['chunk']:.3f}, context {report.mrr['context']:.3f} · "
             f"average context {report.average_context_tokens:.0f} cl100k tokens"]
    for title, recall in (("chunk recall@k", report.chunk_recall),
                          ("context recall@k", report.context_recall)):
        lines.append(f"{title}:")
        lines.append(line("overall", recall["overall"]))
        lines += [line(key, value) for key, value in recall["by_position"].items()]
        lines += [line(key, value) for key, value in recall["by_kind"].items()]
    for miss in report.misses:
        lines.append(f"miss (line {miss['line']}) {miss['id']}: {miss['question']}")
        lines.append(f"    expected: \"{miss['answer_span']}\" in {miss['source_file'] or '?'}")
        lines += [f"    got [{r['rank']}] {r['source']} › {r['heading']}" for r in miss["retrieved"]]
    lines += [f"not counted (line {bad['line']}) {bad['id']}: {bad['reason']}"
              for bad in report.invalid]
    return "\n".join(lines)
