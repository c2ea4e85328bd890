"""The conversation view: questions, streamed answers with `[n]` links, budgets.

Everything shown comes from the user, the documents or the model, so all of it
is escaped; the only links are the app's own (hbqa:cite/TURN/N, hbqa:ask/N).
Tokens arrive fast: they are buffered by the window and the view re-rendered
on a timer, never per token.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.gui.safe_text import APP_SCHEME, SafeTextBrowser, esc

EXAMPLE_QUESTIONS = (
    "How many days of annual leave do I get?",
    "What is the hotel limit per night in London?",
    "How do I roll back a failed deploy?",
)
_MARKER = re.compile(r"\[(\d{1,3})\]")


@dataclass
class Turn:
    question: str
    answer: str = ""
    state: str = "searching"       # searching | reading | generating | done | stopped | error
    status: str = "searching the handbook…"
    budget: str = ""
    citations: list[dict] = field(default_factory=list)
    cited: bool = True
    error: str = ""
    refused: bool = False
    results: list = field(default_factory=list)


class ConversationView(SafeTextBrowser):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.turns: list[Turn] = []
        self.examples = EXAMPLE_QUESTIONS
        self.document().setDefaultStyleSheet(STYLE)
        self.render()

    def add_turn(self, question: str) -> Turn:
        self.turns.append(Turn(question))
        self.render()
        return self.turns[-1]

    def clear_turns(self) -> None:
        self.turns.clear()
        self.render()

    def render(self) -> None:
        bar = self.verticalScrollBar()
        at_bottom = bar.value() >= bar.maximum() - 4
        self.setHtml(self._welcome() if not self.turns else
                     "".join(self._turn_html(i, t) for i, t in enumerate(self.turns)))
        if at_bottom:
            bar.setValue(bar.maximum())

    def _welcome(self) -> str:
        items = "".join(f'<li><a href="{APP_SCHEME}:ask/{i}">{esc(q)}</a></li>'
                        for i, q in enumerate(self.examples))
        return ("<h3>Ask your handbook</h3><p class='meta'>Answers come from the documents in the "
                "folder on the left, with the sources they used. Try one of these:</p>"
                f"<ul>{items}</ul>")

    def _turn_html(self, index: int, turn: Turn) -> str:
        parts = [f"<p class='q'><b>You:</b> {esc(turn.question)}</p>"]
        if turn.answer:
            parts.append(f"<p class='a'>{self._linked(index, turn)}</p>")
        if turn.state in ("searching", "reading", "generating"):
            parts.append(f"<p class='status'>{esc(turn.status)}</p>")
        if turn.error:
            parts.append(f"<p class='error'>{esc(turn.error)}</p>")
        if turn.state in ("done", "stopped") and not turn.refused:
            parts.append(self._sources_line(index, turn))
        return "<div>" + "".join(parts) + "</div><hr/>"

    def _linked(self, index: int, turn: Turn) -> str:
        """Escaped answer text in which valid [n] markers become citation links."""
        valid = {c["n"] for c in turn.citations} if turn.cited else set()
        pieces, last = [], 0
        text = turn.answer
        for match in _MARKER.finditer(text):
            pieces.append(esc(text[last:match.start()]))
            number = int(match.group(1))
            label = esc(match.group(0))
            pieces.append(f'<a href="{APP_SCHEME}:cite/{index}/{number}">{label}</a>'
                          if number in valid or turn.state not in ("done", "stopped") else label)
            last = match.end()
        pieces.append(esc(text[last:]))
        return "".join(pieces).replace("\n", "<br/>")

    def _sources_line(self, index: int, turn: Turn) -> str:
        title = "Sources" if turn.cited else "Sources consulted (the answer cites none)"
        links = " · ".join(
            f'<a href="{APP_SCHEME}:cite/{index}/{c["n"]}">[{c["n"]}] {esc(c["source"])}'
            f'{esc(" (p. %s)" % c["page"]) if c.get("page") else ""}</a>'
            for c in turn.citations)
        suffix = " · stopped" if turn.state == "stopped" else ""
        return (f"<p class='meta'>{esc(title)}: {links}</p>"
                f"<p class='meta'>{esc(turn.budget)}{esc(suffix)}</p>")


STYLE = """
p.q { margin-top: 8px; }
p.a { margin-left: 12px; }
p.status { color: #6b6b6b; font-style: italic; margin-left: 12px; }
p.error { color: #a4262c; margin-left: 12px; }
p.meta { color: #555555; margin-left: 12px; }
"""
