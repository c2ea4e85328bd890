"""Two-part questions benchmark: does each part get its evidence, and is a part nothing answers named?

    python -m benchmarks.guards.two_part [--sets sample dev python git bash man] [--json]

Built from the held-out golden questions, nothing written for it: each set's
questions are paired, the first of a pair with one from the other half of
the set (another section, mostly), and joined as a user joins two
questions: "Where do I park my bicycle, and how many days of leave do I
get?" (the first's question mark dropped, the second's first letter lower
case). Pairs the splitter (app/answers/question_parts.py) does not split are
counted and asked as they are. Then each set's questions paired with the
held-out off-topic questions (resources/golden/off-topic-blind-en.txt),
half with the handbook's part first and half second.

Reported, on the card (the passages shown: three for one question, two for
each part of a question in parts), the evidence step only (no
answer model): pairs with both answer spans on the card, each part's span
on the card, and, for the off-topic pairs, the handbook part's span on the
card and the off-topic part named as unanswered; the time from the question
to the card (search and evidence, median). The baseline, from the same run:
the joined question searched and its evidence found whole, as before the
split.
"""
from __future__ import annotations

import statistics
import time

from app.answers.answerer import EVIDENCE_SHOWN, Answerer
from app.answers.question_parts import question_parts
from app.evaluation.recall import normalise
from benchmarks.common import GOLDEN, arguments, indexed, print_figures
from benchmarks.guards.answer_models import held_out

SETS = ("sample", "dev", "python", "git", "bash", "man")


def joined(first: str, second: str) -> str:
    """Two questions as one, the way people write them."""
    return f"{first.rstrip(' ?')}, and {second[:1].lower()}{second[1:]}"


def off_topic_blind() -> list[str]:
    lines = (GOLDEN / "off-topic-blind-en.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def card(answerer: Answerer, question: str, split: bool) -> tuple[list, list[str]]:
    """The card's units and the parts named unanswered, for the question
    split into its parts (as the app asks it) or whole (as it did before)."""
    if split:
        parts, responses, relevant, response = answerer.searched(question)
    else:
        response = answerer.searcher.search(question)
        parts, responses, relevant = [question], [response], [answerer._relevant(response)]
    if not any(relevant):
        return [], list(parts)
    _, evidence, unanswered = answerer.found_evidence(parts, relevant, response, responses)
    return evidence if split else evidence[:EVIDENCE_SHOWN], unanswered


def on_card(span: str, evidence: list) -> bool:
    return any(normalise(span) in normalise(e.text) for e in evidence)


def measure(sets: list[str]) -> dict:
    from app.embedding.minilm import MiniLM
    from app.search.retrieval import Searcher

    embedder = MiniLM()
    strangers = off_topic_blind()
    report = {}
    for name in sets:
        with indexed(name, embedder) as store:
            answerer = Answerer(Searcher(store, embedder), model=None, finder=None)
            cases = held_out(name, None)
            half = len(cases) // 2
            pairs = list(zip(cases[:half], cases[half:2 * half]))
            report[name] = {"pairs": _pairs(answerer, pairs),
                            "off_topic": _off_topic(answerer, cases, strangers)}
    return report


def _pairs(answerer: Answerer, pairs: list) -> dict:
    figures = {"pairs": len(pairs), "split": 0}
    for split in (True, False):
        both = each = 0
        seconds = []
        for a, b in pairs:
            question = joined(a.question, b.question)
            figures["split"] += split and len(question_parts(question)) == 2
            started = time.perf_counter()
            evidence, _ = card(answerer, question, split)
            seconds.append(time.perf_counter() - started)
            found = [on_card(a.answer_span, evidence), on_card(b.answer_span, evidence)]
            both += all(found)
            each += sum(found)
        key = "now" if split else "whole (before)"
        figures[key] = {"both_on_card": round(both / len(pairs), 3),
                        "each_part_on_card": round(each / (2 * len(pairs)), 3),
                        "card_s_p50": round(statistics.median(seconds), 3)}
    return figures


def _off_topic(answerer: Answerer, cases: list, strangers: list[str]) -> dict:
    rows = list(zip(cases, strangers * (len(cases) // len(strangers) + 1)))
    figures = {"pairs": len(rows)}
    for split in (True, False):
        found = named = 0
        for i, (case, stranger) in enumerate(rows):
            question = joined(case.question, stranger) if i % 2 == 0 else \
                joined(stranger, case.question)
            evidence, unanswered = card(answerer, question, split)
            found += on_card(case.answer_span, evidence)
            named += any(normalise(stranger.rstrip("?"))[:30] in normalise(part)
                         for part in unanswered)
        key = "now" if split else "whole (before)"
        figures[key] = {"handbook_part_on_card": round(found / len(rows), 3),
                        "off_topic_part_named": round(named / len(rows), 3)}
    # the handbook part asked alone: the most a split can give it
    alone = sum(on_card(case.answer_span, card(answerer, case.question, False)[0])
                for case, _ in rows)
    figures["alone"] = {"handbook_part_on_card": round(alone / len(rows), 3)}
    return figures


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--sets", nargs="+", choices=SETS, default=list(SETS))
    args = parser.parse_args()
    print_figures(measure(args.sets), args.json, text)


def text(report: dict) -> str:
    lines = ["| set | pairs (split) | both on card: now (before) | each part: now (before) "
             "| to the card: now (before) | off-topic pairs | handbook part on card: now "
             "(before; asked alone) | off-topic part named |", "|---|---|---|---|---|---|---|---|"]
    for name, f in report.items():
        p, o = f["pairs"], f["off_topic"]
        now, was = p["now"], p["whole (before)"]
        lines.append(
            f"| {name} | {p['pairs']} ({p['split']}) | {now['both_on_card']} "
            f"({was['both_on_card']}) | {now['each_part_on_card']} "
            f"({was['each_part_on_card']}) | {now.get('card_s_p50')} s ({was.get('card_s_p50')} s)"
            f" | {o['pairs']} | {o['now']['handbook_part_on_card']} "
            f"({o['whole (before)']['handbook_part_on_card']}; "
            f"{o.get('alone', {}).get('handbook_part_on_card')}) | "
            f"{o['now']['off_topic_part_named']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
