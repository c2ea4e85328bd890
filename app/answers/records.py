"""A shown answer as a saved record, and back: what a conversation keeps.

The record holds what was on screen (the question, the quote card, the
model's answer with its marked facts, the citations) and, for each source,
the section it came from and the text read from it. That text is what makes
a reopened citation honest: `changed_sources` compares it with the section
as the index holds it now, and a citation whose section has changed or gone
is shown as such instead of opening whatever text sits there today.
"""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any, Iterable

from app.answers.checks.fact_check import Fact
from app.answers.evidence.finder import Evidence
from app.search.retrieval import Match, Result, join_excerpts

VERSION = 1


def results_to_json(results: Iterable[Result]) -> list[dict]:
    return [asdict(r) for r in results]


def results_from_json(items: Iterable[dict]) -> list[Result]:
    results = []
    for item in items or []:
        item = _known(Result, item)
        item["chunks"] = [Match(**_known(Match, m)) for m in item.get("chunks", [])]
        item["excerpts"] = [tuple(e) for e in item.get("excerpts", [])]
        results.append(Result(**item))
    return results


def evidence_to_json(evidence: Iterable[Evidence]) -> list[dict]:
    # the ranker's features explain a ranking, not what was shown: not kept
    return [{k: v for k, v in asdict(e).items() if k != "features"} for e in evidence]


def evidence_from_json(items: Iterable[dict]) -> list[Evidence]:
    return [Evidence(**_known(Evidence, e)) for e in items or []]


def facts_to_json(facts: Iterable[Fact]) -> list[dict]:
    return [f.to_json() for f in facts]


def facts_from_json(items: Iterable[dict]) -> list[Fact]:
    return [Fact(**_known(Fact, f)) for f in items or []]


def section_ids(results: list[Result], evidence: list[Evidence]) -> set[int]:
    """The sections a turn's sources come from (read them in one go for
    every turn of a conversation: `store.sections_by_id`)."""
    return {r.section_id for r in results} | {e.section_id for e in evidence}


def changed_sources(sections: dict[int, dict], results: list[Result],
                    evidence: list[Evidence]) -> set[int]:
    """The numbers (n) of the sources whose section, as `sections` (by id,
    from the index now) holds it, no longer has the text that was read from
    it: edited, moved, or gone from the index."""
    changed = set()
    for n, result in enumerate(results, start=1):
        section = sections.get(result.section_id)
        if section is None or section.get("path") != result.source or \
                _read_text(section["body"], result) != result.text:
            changed.add(n)
    for item in evidence:
        section = sections.get(item.section_id)
        if section is None or section["body"][item.start:item.end] != item.text:
            changed.add(item.n)
    return changed


def _read_text(body: str, result: Result) -> str:
    """The result's text as the section reads now. A chunk result (the
    spring-default profile) holds the chunk as embedded, which for a table
    row is "Header: value; …", not the body's text: only its section's
    presence is checked (the quotes, always verbatim, are checked whole)."""
    return result.text if result.kind == "chunk" else join_excerpts(body, list(result.excerpts))


def _known(kind, item: dict) -> dict[str, Any]:
    """The fields `kind` has: a record written by a later version may carry
    more, and must still open."""
    names = {f.name for f in fields(kind)}
    return {k: v for k, v in dict(item).items() if k in names}
