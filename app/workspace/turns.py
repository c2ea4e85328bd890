"""A question asked and what was shown for it, as plain data: what the
conversation view draws, what is saved of it, and what Copy and Export give.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from app.answers import records
from app.answers.answerer import declined_text, unanswered_text
from app.answers.checks import quote_check
from app.answers.checks.contradiction import Contradiction
from app.answers.evidence.confidence import SINGLE, card, shown_as
from app.answers.answerer import SEARCHING
from app.answers.prompting.prompt import citation_label
from app.common.said import QT_TRANSLATE_NOOP, Said

INTERRUPTED = Said(QT_TRANSLATE_NOOP(
    "Core", "The app was closed before this answer was finished; what was shown is kept. "
    "Ask again for the whole answer."))
UNREADABLE = Said(QT_TRANSLATE_NOOP(
    "Core", "This answer could not be read back from the saved conversation."))


@dataclass
class Turn:
    question: str
    answer: str = ""
    state: str = "searching"       # searching | reading | generating | done | stopped | error
    status: str = SEARCHING
    budget: str = ""
    citations: list[dict] = field(default_factory=list)
    cited: bool = True
    error: str = ""
    refused: bool = False
    results: list = field(default_factory=list)
    evidence: list = field(default_factory=list)     # app.answers.evidence.finder.Evidence, best first
    evidence_ready: bool = False                     # the evidence step has run
    more_shown: bool = False                         # the other two quotes are open
    unsupported: list = field(default_factory=list)  # app.answers.checks.fact_check.Fact
    not_in_quote: list = field(default_factory=list)  # numbers the first quote lacks
    contradicts: list = field(default_factory=list)   # checks.contradiction.Contradiction
    unanswered: list = field(default_factory=list)    # parts of the question nothing answers
    attributed: bool = False                         # uncited, sources matched by words
    declined: bool = False                           # the model said the handbook does not say
    pointed: bool = False                            # (or wrote only a citation marker)
    saved_id: int | None = None                      # its row in the conversations store
    changed: set = field(default_factory=set)        # sources (n) changed since it was saved
    reordered: bool = False                          # the answer model's check moved the passages
    handbooks: list = field(default_factory=list)    # [label, folder, index] when several asked

    def take_evidence(self, evidence: list) -> None:
        """The card's passages: first from the search, then (a second list)
        in the order the answer model's check put them."""
        self.reordered = self.reordered or (self.evidence_ready
                                            and quote_check.reordered(self.evidence, evidence))
        self.evidence = evidence
        self.evidence_ready = True

    def finish(self, answer) -> None:
        """The model's answer as it ended (app.answers.answerer.Answer)."""
        self.answer = answer.text
        self.citations = answer.citations
        self.cited = answer.cited
        self.refused = bool(answer.refused)
        self.state = "stopped" if answer.stopped else "done"
        self.budget = answer.budget
        self.unsupported = answer.unsupported
        self.not_in_quote = answer.not_in_quote
        self.contradicts = answer.contradicts
        self.unanswered = answer.unanswered
        self.attributed = bool(answer.attributed)
        self.declined = answer.declined
        self.pointed = answer.pointed

    def cited_numbers(self) -> set[int]:
        """The sources the answer cites by [n] (none when it cites none)."""
        return {c["n"] for c in self.citations} if self.cited else set()


def declined_beside_a_quote(turn: Turn) -> bool:
    """The model said "The handbook does not say." under a quote: said as the
    model's finding, not the handbook's (the bundled model says it even beside
    the passage that answers)."""
    return turn.declined and bool(turn.evidence) and turn.state in ("done", "stopped")


def single(turn: Turn) -> bool:
    """Whether the card shows one quote as the handbook's answer."""
    return card(turn.evidence) == SINGLE


def copy_text(turn: Turn, markdown: bool = False, word=str, cite=citation_label) -> str:
    """The turn as the user would paste it: the quote with its citation, the
    model's answer (its unsupported facts named), and the sources; its own
    words, quotation marks and citations as `word` and `cite` give them (the
    window's: app/gui/words.py)."""
    lines = []
    quote = (lambda t: "> " + t.replace("\n", "\n> ")) if markdown else \
        (lambda t: word(Said(QUOTED, text=t)))
    if turn.evidence and single(turn):
        best = turn.evidence[0]
        lines += [quote(best.text), f"— {cite(best.n, best)}", ""]
    elif turn.evidence:
        lines.append(word(Said(QT_TRANSLATE_NOOP("Core", "Passages that may answer:"))))
        for e in turn.evidence:
            lines += [quote(e.text), f"— {cite(e.n, e)}"]
        lines.append("")
    lines += [word(unanswered_text(part)) for part in turn.unanswered]
    if turn.answer and declined_beside_a_quote(turn):
        lines.append(word(declined_text(turn.evidence, turn.pointed)))
    elif turn.answer:
        label = word(Said(QT_TRANSLATE_NOOP("Core", "Model's answer:")))
        lines.append((f"**{label}** " if markdown else f"{label} ") + turn.answer
                     if turn.evidence else turn.answer)
    if turn.unsupported:
        lines.append(word(Said(QT_TRANSLATE_NOOP("Core", "Not backed by the sources: {facts}"),
                               facts=_listed(turn.unsupported, word))))
    if turn.contradicts:
        lines.append(contradicts_line(turn, word))
    if turn.not_in_quote:
        lines.append(word(Said(_NOT_IN[shown_as(turn.evidence)],
                               facts=_listed(turn.not_in_quote, word))))
    if turn.citations and not turn.refused:
        lines += ["", word(Said(QT_TRANSLATE_NOOP("Core", "Sources:")))] + [
            ("- " if markdown else "  ") + f"[{c['n']}] {c['source']} › {c['heading']}" +
            (" " + word(Said(QT_TRANSLATE_NOOP("Core", "(p. {page})"), page=str(c["page"])))
             if c.get("page") else "") for c in turn.citations]
    return "\n".join(lines).strip() + "\n"


# "Not in the quote" / "Not in the passages": a sentence each, so that each
# language words it whole (app.answers.evidence.confidence.shown_as).
_NOT_IN = {"the quote above": QT_TRANSLATE_NOOP("Core", "Not in the quote above: {facts}"),
           "the passages above": QT_TRANSLATE_NOOP("Core", "Not in the passages above: {facts}")}


QUOTED = QT_TRANSLATE_NOOP("Core", "“{text}”")  # each language's quotation marks
_CONTRADICTS = {
    "the quote above": QT_TRANSLATE_NOOP(
        "Core", "Contradicts the quote above: {items}. Read the quote before you rely on the "
        "answer."),
    "the passages above": QT_TRANSLATE_NOOP(
        "Core", "Contradicts the passage it drew on: {items}. Read the passages before you rely "
        "on the answer.")}


def contradicts_line(turn: Turn, word=str) -> str:
    """What the card says under an answer that contradicts it, each item and
    the line worded by `word` (the window's, or English)."""
    items = ", ".join(word(c.said) for c in turn.contradicts)
    return word(Said(_CONTRADICTS[shown_as(turn.evidence)], items=items))


def _listed(facts: list, word) -> str:
    return ", ".join(word(Said(QUOTED, text=f.text)) for f in facts)


# What a saved turn keeps as it is (the rest is rebuilt by app/answers/records.py).
_PLAIN = ("answer", "state", "budget", "citations", "cited", "error", "refused", "attributed",
          "declined", "pointed", "evidence_ready", "more_shown", "handbooks", "unanswered")
IN_PROGRESS = ("searching", "reading", "generating", "checking")


def turn_record(turn: Turn) -> dict:
    """The turn as shown now, for the conversations store."""
    record = {name: getattr(turn, name) for name in _PLAIN}
    record.update(version=records.VERSION, question=turn.question,
                  results=records.results_to_json(turn.results),
                  evidence=records.evidence_to_json(turn.evidence),
                  unsupported=records.facts_to_json(turn.unsupported),
                  not_in_quote=records.facts_to_json(turn.not_in_quote),
                  contradicts=[c.to_json() for c in turn.contradicts])
    return record


def turn_from_record(question: str, record: dict, saved_id: int | None = None) -> Turn:
    """A saved turn as it was shown; one the app was closed in the middle of
    is shown as far as it got, marked as interrupted."""
    turn = Turn(question, saved_id=saved_id)
    try:
        for name in _PLAIN:
            if name in record:
                setattr(turn, name, record[name])
        turn.results = records.results_from_json(record.get("results"))
        turn.evidence = records.evidence_from_json(record.get("evidence"))
        turn.unsupported = records.facts_from_json(record.get("unsupported"))
        turn.not_in_quote = records.facts_from_json(record.get("not_in_quote"))
        turn.contradicts = [Contradiction.from_json(c) for c in record.get("contradicts") or []]
    except (TypeError, ValueError, KeyError, AttributeError):
        turn = Turn(question, saved_id=saved_id, state="error",
                    error=UNREADABLE)
    if turn.state in IN_PROGRESS:
        turn.state, turn.status = "interrupted", ""
    return turn


def conversation_markdown(title: str, turns: list[Turn], word=str,
                          cite=citation_label) -> str:
    """A conversation as a Markdown file: each question as a heading, then
    what was shown under it, as Copy as Markdown gives it."""
    parts = [f"# {title}", ""]
    for turn in turns:
        parts += [f"## {turn.question}", "", copy_text(turn, markdown=True, word=word, cite=cite)]
        if turn.state == "interrupted":
            parts += [f"*{word(INTERRUPTED)}*", ""]
    return "\n".join(parts).rstrip() + "\n"
