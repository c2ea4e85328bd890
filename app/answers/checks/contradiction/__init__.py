"""An answer that says the opposite of the quote it stands under.

The fact check (fact_check.py) asks whether each fact of an answer is in the
sources; an answer can pass it and still contradict the passage shown first:

- a yes/no answer against a quote that says the opposite: "Can unused time
  off in lieu be paid out?" under "…; it cannot be paid out." → "Yes, any
  time off in lieu … can be paid out";
- a number the quote states differently: another value ("up to 15 working
  days" where the quote says 20, though 15 is in it, said of something else),
  the quote's number said of another thing ("26 weeks … at full salary" where
  the quote pays 18 weeks at full salary), or a bound turned round ("at least
  three days" for "up to three days").

Each is found by comparing the answer with the quote alone, in the
question's language (English, German, Spanish, Russian): what the quote says
of the question's subject, not of anything else the sources hold. A number
written another way ("one and a half hours", "50 %" for "half", "one day" for
"24 hours", "18 000" for "18000") is the same number. Measured on five
batches written blind, the last held out (docs/answers.md,
benchmarks/guards/contradictions.py).

    polarity.py   a "yes" the quote denies, a "no" to what it says; a truth
                  value, first or last
    switches.py   a switch's default said otherwise
    numbers.py    numbers made plain and compared: value, role, bound
    bounds.py     a bound turned round on a count in words or a letter
    defaults.py   the default the quote names
    names.py      a name or a command the quote states otherwise
    found.py      what is found, and how the card says it
"""
from __future__ import annotations

from app.answers.checks.contradiction.bounds import bounds
from app.answers.checks.contradiction.defaults import default
from app.answers.checks.contradiction.found import (BOUND, NAME_KIND, POLARITY, ROLE, SAYS_INSTEAD,
                                                    SAYS_OTHERWISE, VALUE, Contradiction,
                                                    overlaps)
from app.answers.checks.contradiction.names import names
from app.answers.checks.contradiction.numbers import SENTENCE_BREAK, WORD, Numbers, \
    holds_number, meaningful, numbers
from app.answers.checks.contradiction.polarity import ordinal, polarity, says_yes, truth
from app.answers.checks.contradiction.switches import switched
from app.answers.checks.fact_check import Sources, answer_language
from app.answers.checks.markers import MARKER
from app.answers.checks.quote_check import answer_support
from app.answers.evidence.confidence import answering
from app.answers.evidence.words import stem

__all__ = ["BOUND", "NAME_KIND", "POLARITY", "ROLE", "SAYS_INSTEAD", "SAYS_OTHERWISE", "VALUE",
           "Contradiction", "contradicting", "contradictions", "overlaps"]


def contradictions(answer: str, quote: str, question: str = "") -> list[Contradiction]:
    """Where `answer` says the opposite of `quote` (the passage shown first)."""
    text = MARKER.sub(" ", answer)
    if not text.strip() or not quote.strip():
        return []
    language = answer_language(text, question, Sources([quote]))
    found = polarity(text, quote, question, language) + truth(text, quote) + \
        ordinal(text, quote, question)
    _add(found, switched(text, quote))
    # The question's own numbers are its setting ("How many packages did
    # Debian 4.0 have?"), unless the answer says yes to them (a "no" says
    # them to deny them: "No, … so 512 is not an option").
    asked = Numbers(question, language, SENTENCE_BREAK)
    given = [] if says_yes(text, language) else asked.quantities
    asked_words = meaningful({stem(w) for w in WORD.findall(asked.text)}, language)
    found += numbers(text, quote, language, given, asked_words)
    _add(found, bounds(text, quote))
    _add(found, default(text, quote, language, question))
    return found + names(text, quote, question, language, found)


def _add(found: list[Contradiction], more: list[Contradiction]) -> None:
    """`more` added to `found`, but for the words already named (once is enough)."""
    found += [c for c in more if not overlaps(c, found)]


def contradicting(answer: str, evidence: list, question: str = "") -> list[Contradiction]:
    """What the answer says otherwise than the card it stands under: its one
    quote, or, where the card shows passages as equals, the passage the
    answer drew on (the one holding most of its facts and words; a number
    another passage holds differently is no contradiction of that one)."""
    passages = [e.text for e in answering(evidence)]
    if not passages:
        return []
    support = answer_support(answer, question, passages) if len(passages) > 1 else [1.0]
    drawn = max(range(len(passages)), key=support.__getitem__)
    found = contradictions(answer, passages[drawn], question)
    others = [p for i, p in enumerate(passages) if i != drawn]
    # a number another passage shown holds is no contradiction: the answer
    # (to a question in two parts, say) drew on that one for it
    return [c for c in found if c.kind not in (VALUE, ROLE, BOUND)
            or not any(holds_number(c.text, p) for p in others)]
