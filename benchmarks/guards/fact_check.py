"""Fact-check benchmark: are altered facts caught, and correct answers left alone?

    python -m benchmarks.guards.fact_check [--seed 0] [--json]

A generated set, from both golden sets and their corpora (the sample handbook,
and the PostgreSQL dev corpus when devset/build.py has built it): for every
case, the *correct answer* is the sentence of its section that holds the
answer span, reworded the way a model rewords (a lead-in, small numbers as
words, thousands separators dropped, a citation marker); the *altered answer*
is the same with one fact changed — a number (another value), a name (another
name) or a command or identifier (one character changed). The fact check
(app/answers/checks/fact_check.py) runs on each against the whole section.

Reported: the share of altered answers in which the changed fact is flagged
(target ≥ 95 %), and the share of correct answers with any flag at all
(false alarms, target ≤ 5 %), overall and by the kind of fact changed. Apart
from those: correct answers whose number and unit is swapped for another
the same section says with the same unit (the wrong line's "25 days"), and
how many of those are flagged.
"""
from __future__ import annotations

import random
import re

from app.answers.checks.fact_check import CODE, NAME, NUMBER, extract, unsupported
from app.answers.evidence.units import units_in
from app.evaluation.recall import load_cases
from app.store.sqlite import Store
from benchmarks.common import arguments, golden, index_path, print_figures

SETS = ("sample", "dev")
WORDS = "zero one two three four five six seven eight nine ten".split()
OTHER_NAMES = ["Northwind", "Globex", "Ravenholm", "Zanzibar", "Okonkwo"]
LEAD_INS = ["According to the handbook, ", "", "The handbook says: ", "Yes. "]


def answer_sentence(store: Store, span: str) -> tuple[str, str] | None:
    """(the sentence holding the span, its whole section), from the index."""
    for row in store.rows("SELECT s.body, c.kind, c.start_char, c.end_char FROM chunks c "
                          "JOIN sections s ON s.id = c.section_id"):
        body = row["body"]
        lowered = body.lower()
        at = lowered.find(span.lower(), row["start_char"], row["end_char"])
        if at < 0:
            continue
        for unit in units_in(body, row["start_char"], row["end_char"], row["kind"]):
            if unit.start <= at and at + len(span) <= unit.end:
                return body[unit.start:unit.end], body
    return None


def reworded(sentence: str, rng: random.Random) -> str:
    text = re.sub(r"(?<![\d.,])\b([0-9])\b(?![\d.,:/])", lambda m: WORDS[int(m.group(1))]
                  if rng.random() < 0.5 else m.group(1), sentence)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    lead = rng.choice(LEAD_INS)
    if lead and text[:1].isupper() and not text[:2].isupper():
        text = text[0].lower() + text[1:] if lead.endswith(", ") else text
    return lead + text.rstrip(".") + " [1]."


def altered(answer: str, rng: random.Random) -> tuple[str, str] | None:
    """The answer with one fact changed, and the kind of fact; None if it has none."""
    facts = [f for f in extract(answer) if f.kind in (NUMBER, NAME, CODE)]
    if not facts:
        return None
    fact = rng.choice(facts)
    changed = _change(fact.text, fact.kind, rng)
    if changed is None or changed == fact.text:
        return None
    return answer[:fact.start] + changed + answer[fact.end:], fact.kind


def _change(text: str, kind: str, rng: random.Random) -> str | None:
    if kind == NUMBER:
        digits = re.search(r"\d+(?:\.\d+)?", text)
        if digits:
            value = digits.group(0)
            new = str(int(float(value)) * 2 + 3) if "." not in value else value + "5"
            return text[:digits.start()] + new + text[digits.end():]
        word = text.split()[0].lower()
        if word in WORDS:
            return text.replace(text.split()[0], WORDS[(WORDS.index(word) + 3) % len(WORDS)], 1)
        return None
    if kind == NAME:
        return rng.choice(OTHER_NAMES)
    letters = [i for i, c in enumerate(text) if c.isalpha()]
    if not letters:
        return None
    i = letters[len(letters) // 2]
    return text[:i] + ("q" if text[i] != "q" else "z") + text[i + 1:]


_WITH_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)[\s-]?(days?|weeks?|months?|years?|hours?|minutes?|"
                        r"seconds?|%|MB|GB|kB|ms)\b", re.IGNORECASE)


def borrowed(answer: str, section: str, rng: random.Random) -> str | None:
    """The answer with a number and its unit swapped for another the section
    says with the same unit ("25 days" of annual leave for the notice
    period's "30 days"): a small model's usual invented number, which no
    value made up for the purpose can stand for. None if there is none."""
    mine = list(_WITH_UNIT.finditer(answer))
    rng.shuffle(mine)
    for match in mine:
        value, unit = match.group(1), match.group(2).lower().rstrip("s")
        others = sorted({m.group(1) for m in _WITH_UNIT.finditer(section)
                         if m.group(2).lower().rstrip("s") == unit and m.group(1) != value})
        if others:
            return answer[:match.start(1)] + rng.choice(others) + answer[match.end(1):]
    return None


def run(seed: int = 0) -> dict:
    rng = random.Random(seed)
    other_rng = random.Random(seed + 1)  # its own draws: the others' stay as they were
    swaps = {"altered": 0, "caught": 0}
    by_kind: dict[str, dict[str, int]] = {}
    correct = flagged_correct = 0
    examples = {"missed": [], "false_alarms": []}
    for name in SETS:
        db = index_path(name)  # made by benchmarks.guards.evidence
        if not db.exists():
            continue
        with Store(db) as store:
            for case in load_cases(golden(name)):
                found = answer_sentence(store, case.answer_span)
                if found is None:
                    continue
                sentence, section = found
                good = reworded(sentence, rng)
                correct += 1
                alarms = unsupported(good, [section], case.question)
                if alarms:
                    flagged_correct += 1
                    examples["false_alarms"].append((good, [f.text for f in alarms]))
                swapped = borrowed(good, section, other_rng)
                if swapped is not None:
                    swaps["altered"] += 1
                    swaps["caught"] += bool(unsupported(swapped, [section], case.question))
                bad = altered(good, rng)
                if bad is None:
                    continue
                text, kind = bad
                counts = by_kind.setdefault(kind, {"altered": 0, "caught": 0})
                counts["altered"] += 1
                if unsupported(text, [section], case.question):
                    counts["caught"] += 1
                else:
                    examples["missed"].append(text)
    altered_total = sum(c["altered"] for c in by_kind.values())
    caught_total = sum(c["caught"] for c in by_kind.values())
    return {"correct_answers": correct,
            "false_alarm_rate": round(flagged_correct / max(correct, 1), 3),
            "altered_answers": altered_total,
            "caught_rate": round(caught_total / max(altered_total, 1), 3),
            "by_kind": {k: {**v, "caught_rate": round(v["caught"] / v["altered"], 3)}
                        for k, v in sorted(by_kind.items())},
            "borrowed": {**swaps, "caught_rate": round(swaps["caught"] / max(swaps["altered"], 1), 3)},
            "examples": {k: v[:8] for k, v in examples.items()}}


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = run(args.seed)
    print_figures(result, args.json, result_text)


def result_text(result: dict) -> str:
    lines = [f"caught: {result['caught_rate']:.1%} of {result['altered_answers']} altered "
             f"answers · false alarms: {result['false_alarm_rate']:.1%} of "
             f"{result['correct_answers']} correct answers"]
    lines += [f"  {kind:<7} {figures['caught']}/{figures['altered']} caught"
              for kind, figures in result["by_kind"].items()]
    swaps = result["borrowed"]
    lines.append(f"  a number with its unit swapped for another of the same section: "
                 f"{swaps['caught']}/{swaps['altered']} caught (not in the totals above)")
    lines += [f"  {kind}: {item}" for kind, items in result["examples"].items() for item in items]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
