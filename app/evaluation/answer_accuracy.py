"""Answer evaluation: is what the user reads right, checkable and fast?

`handbook-qa eval CASES.tsv --answers` runs every case through the whole
answer path with the real model and scores, per case and overall, by position
and kind:

- evidence@1 / evidence@3: the answer span lies inside the top-1 / one of
  the top-3 evidence units (the quotes shown before the model writes);
- card@1 / card@3: the same for the card as it stands at the end, after a
  model that checks the passages (app/answers/checks/quote_check.py) has reordered
  them; equal to evidence@1 / @3 for a model that does not check;
- answer accuracy: the model's answer contains every number of the span
  (digits or number words, thousands separators ignored) and at least half of
  the span's content words (lower-cased, lightly stemmed, stopwords left
  out; app/answers/evidence/words.py). A refusal is inaccurate;
- unsupported-fact rate: the share of answers with at least one fact the
  fact check did not find in the sources;
- citation precision: of the sources an answer cites (or is attributed to),
  the share whose text, as shown under Sources, contains the span; averaged
  over the answers that cite something;
- time to the evidence (search + evidence step), to the model's first token,
  and in total; and the model's name.
"""
from __future__ import annotations

import re
import threading
from dataclasses import asdict, dataclass, field
from typing import Callable

from app.answers.answerer import Answerer, EvidenceFound, Finished, QuoteChecked, Retrieved
from app.answers.checks.fact_check import normalise as normalise_facts
from app.answers.evidence.words import content_stems
from app.evaluation.recall import Case, normalise, validate

_DIGITS = re.compile(r"\d+(?:\.\d+)?")


def accurate(answer: str, span: str) -> bool:
    """The answer holds every number of the span and half of its content words."""
    answer_norm, span_norm = normalise_facts(answer), normalise_facts(span)
    answer_numbers = set(_DIGITS.findall(answer_norm))
    if any(number not in answer_numbers for number in _DIGITS.findall(span_norm)):
        return False
    words = set(content_stems(span)) - set(_DIGITS.findall(span_norm))
    if not words:
        return True
    found = words & set(content_stems(answer))
    return len(found) * 2 >= len(words)


@dataclass
class AnswerCase:
    case: Case
    evidence_rank: int | None      # 1-based rank of the first quote holding the span
    accurate: bool
    answer: str
    unsupported: list[str]
    cited: list[int]
    cited_hits: int
    evidence_s: float
    first_token_s: float | None
    total_s: float
    refused: bool
    prompt_tokens: int = 0
    not_in_quote: list[str] = field(default_factory=list)
    declined: bool = False         # the model said the handbook does not say
    span_read: bool = False        # the span was in the sources the model read
    card_rank: int | None = None   # the same as evidence_rank, for the card after the check
    check_s: float = 0.0           # the answer model's check of the card, after the answer

    def evidence_hit(self, k: int) -> bool:
        return self.evidence_rank is not None and self.evidence_rank <= k

    def card_hit(self, k: int) -> bool:
        return self.card_rank is not None and self.card_rank <= k


@dataclass
class AnswerReport:
    cases: int
    model: str
    prompt: str
    overall: dict
    by_position: dict
    by_kind: dict
    timing: dict
    misses: list[dict]
    invalid: list[dict] = field(default_factory=list)
    per_case: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


def evaluate_answers(answerer: Answerer, cases: list[Case],
                     on_progress: Callable[[int, int], None] | None = None) -> AnswerReport:
    store = answerer.searcher.store
    indexed = "\n".join(normalise(body) for body in store.section_bodies())
    usable, invalid = validate(cases, indexed)
    results = []
    for done, case in enumerate(usable, start=1):
        results.append(answer_case(answerer, case))
        if on_progress:
            on_progress(done, len(usable))
    return summarise(results, answerer.model.name, answerer.prompt, invalid)


def answer_case(answerer: Answerer, case: Case) -> AnswerCase:
    span = normalise(case.answer_span)
    sections, evidence, checked, answer = [], [], None, None
    for event in answerer.ask(case.question, cancel=threading.Event()):
        if isinstance(event, Retrieved):
            sections = event.results
        elif isinstance(event, EvidenceFound):
            evidence = event.evidence
        elif isinstance(event, QuoteChecked):
            checked = event.evidence
        elif isinstance(event, Finished):
            answer = event.answer
    rank = _rank_of(span, evidence)
    shown = {r.rank: normalise(r.text) for r in sections}
    # An answer that cites nothing and shares no words with a source lists
    # every source it was given: those are not citations.
    cited = [c["n"] for c in answer.citations] \
        if not answer.refused and (answer.cited or answer.attributed) else []
    timings = answer.timings
    return AnswerCase(
        case=case, evidence_rank=rank,
        accurate=not answer.refused and accurate(answer.text, case.answer_span),
        answer=answer.text, unsupported=[f.text for f in answer.unsupported], cited=cited,
        cited_hits=sum(1 for n in cited if span in shown.get(n, "")),
        evidence_s=timings.get("search_s", 0.0) + timings.get("evidence_s", 0.0),
        first_token_s=timings.get("first_token_s"), total_s=timings.get("total_s", 0.0),
        refused=bool(answer.refused), prompt_tokens=answer.context_tokens,
        not_in_quote=[f.text for f in answer.not_in_quote], declined=answer.declined,
        span_read=any(span in normalise(s.text) for s in answer.sent),
        card_rank=rank if checked is None else _rank_of(span, checked),
        check_s=timings.get("check_s", 0.0))


def _rank_of(span: str, evidence: list) -> int | None:
    return next((i for i, e in enumerate(evidence, start=1) if span in normalise(e.text)), None)


def figures(results: list[AnswerCase]) -> dict:
    n = len(results)
    if not n:
        return {"cases": 0}
    citing = [r for r in results if r.cited]
    # Answers marked "not in the quote above": does the mark point the reader
    # the right way (the quote holds the span, the model's answer is wrong)?
    marked = [r for r in results if r.not_in_quote]
    return {"cases": n,
            "evidence@1": round(sum(r.evidence_hit(1) for r in results) / n, 3),
            "evidence@3": round(sum(r.evidence_hit(3) for r in results) / n, 3),
            "card@1": round(sum(r.card_hit(1) for r in results) / n, 3),
            "card@3": round(sum(r.card_hit(3) for r in results) / n, 3),
            "answer_accuracy": round(sum(r.accurate for r in results) / n, 3),
            "unsupported_rate": round(sum(bool(r.unsupported) for r in results) / n, 3),
            "citation_precision": round(sum(r.cited_hits / len(r.cited) for r in citing)
                                        / len(citing), 3) if citing else None,
            "refused": sum(r.refused for r in results),
            # A model that says "the handbook does not say" with the answer in
            # front of it (issue #29: Qwen did so 15 times in 23 under SmolLM2's prompt)
            "span_read": sum(r.span_read for r in results),
            "declined_with_span_read": sum(r.declined and r.span_read for r in results),
            "not_in_quote_rate": round(len(marked) / n, 3),
            "marked_quote_right": round(sum(r.evidence_hit(1) for r in marked) / len(marked), 3)
            if marked else None,
            "marked_model_right": round(sum(r.accurate for r in marked) / len(marked), 3)
            if marked else None}


def _median(values: list[float]) -> float | None:
    values = sorted(v for v in values if v is not None)
    return round(values[len(values) // 2], 3) if values else None


def summarise(results: list[AnswerCase], model: str, prompt: str,
              invalid: list[dict]) -> AnswerReport:
    def grouped(attribute: str) -> dict:
        keys = sorted({getattr(r.case, attribute) for r in results} - {""})
        return {key: figures([r for r in results if getattr(r.case, attribute) == key])
                for key in keys}

    timing = {"evidence_median_s": _median([r.evidence_s for r in results]),
              "first_token_median_s": _median([r.first_token_s for r in results]),
              "total_median_s": _median([r.total_s for r in results])}
    misses = [{"line": r.case.line, "id": r.case.id, "question": r.case.question,
               "answer_span": r.case.answer_span, "answer": r.answer,
               "evidence_rank": r.evidence_rank, "unsupported": r.unsupported}
              for r in results if not r.accurate]
    per_case = [{"line": r.case.line, "id": r.case.id, "accurate": r.accurate,
                 "evidence_rank": r.evidence_rank, "card_rank": r.card_rank, "answer": r.answer,
                 "unsupported": r.unsupported, "not_in_quote": r.not_in_quote,
                 "declined": r.declined, "span_read": r.span_read,
                 "prompt_tokens": r.prompt_tokens, "first_token_s": r.first_token_s,
                 "total_s": r.total_s} for r in results]
    return AnswerReport(cases=len(results), model=model, prompt=prompt,
                        overall=figures(results), by_position=grouped("position"),
                        by_kind=grouped("kind"), timing=timing, misses=misses,
                        invalid=invalid, per_case=per_case)


def format_answer_report(report: AnswerReport) -> str:
    def line(name: str, figures: dict) -> str:
        if not figures.get("cases"):
            return f"  {name:<10} —"
        precision = figures["citation_precision"]
        return (f"  {name:<10} evidence@1 {figures['evidence@1']:.0%} · evidence@3 "
                f"{figures['evidence@3']:.0%} · accuracy {figures['answer_accuracy']:.0%} · "
                f"unsupported {figures['unsupported_rate']:.0%} · citation precision "
                f"{'—' if precision is None else f'{precision:.0%}'} ({figures['cases']} cases)")

    timing = report.timing
    lines = [f"model {report.model} · prompt {report.prompt} · {report.cases} cases · "
             f"median time to evidence {timing['evidence_median_s']}s, first token "
             f"{timing['first_token_median_s']}s, total {timing['total_median_s']}s",
             line("overall", report.overall)]
    marked = report.overall
    if any(r["card_rank"] != r["evidence_rank"] for r in report.per_case):
        lines.append(f"  the card after the answer model's check: card@1 {marked['card@1']:.0%} · "
                     f"card@3 {marked['card@3']:.0%}")
    if marked.get("marked_quote_right") is not None:
        lines.append(f"  marked \"not in the quote above\": {marked['not_in_quote_rate']:.0%} "
                     f"of answers; of those, the quote held the span in "
                     f"{marked['marked_quote_right']:.0%}, the model was right in "
                     f"{marked['marked_model_right']:.0%}")
    if marked.get("span_read"):
        lines.append(f"  the model said the handbook does not say in "
                     f"{marked['declined_with_span_read']} of the {marked['span_read']} cases "
                     "whose answer was in what it read")
    lines += [line(k, v) for k, v in report.by_position.items()]
    lines += [line(k, v) for k, v in report.by_kind.items()]
    for miss in report.misses:
        lines.append(f"miss (line {miss['line']}) {miss['id']}: {miss['question']}")
        lines.append(f"    expected: \"{miss['answer_span']}\"")
        lines.append(f"    answered: {miss['answer'][:300]!r}")
    lines += [f"not counted (line {bad['line']}) {bad['id']}: {bad['reason']}"
              for bad in report.invalid]
    return "\n".join(lines)
