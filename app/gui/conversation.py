"""The conversation view: questions, the evidence quote, streamed answers, budgets.

Each answer leads with the evidence, shown as soon as the search is done
(before the model writes a word): "Passages that may answer", the best three
as equals; when the first is likely right (app/answers/evidence/confidence.py) or the
answer model, once it has answered, picks it too (quote_check.py), one
verbatim quote from the handbook with its citation, the next two passages
one click away. The model's answer follows,
with every fact the sources do not contain marked, and a plain warning above
it when there is one.

Everything shown comes from the user, the documents or the model, so all of it
is escaped; the only links are the app's own (hbqa:cite/TURN/N, hbqa:ask/N,
hbqa:quote/TURN/I, hbqa:more/TURN, hbqa:copy/TURN, hbqa:copymd/TURN). Tokens
arrive fast: they are buffered by the window and the view re-rendered on a
timer, never per token.
"""
from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.answers.answerer import declined_text, unanswered_text
from app.answers.checks import quote_check
from app.answers.evidence.units import LINE as CODE_UNIT
from app.gui.safe_text import APP_SCHEME, SafeTextBrowser, esc
from app.gui.words import citation, worded
from app.ingest.readers import is_markdown
from app.workspace.turns import INTERRUPTED, Turn, contradicts_line, declined_beside_a_quote, \
    single

# Questions the bundled sample handbook answers. Not translated: they are
# asked of that English handbook, which its English embedder reads (a German
# question would not find its passage).
EXAMPLE_QUESTIONS = (
    "How many days of annual leave do I get?",
    "What is the hotel limit per night in London?",
    "How do I roll back a failed deploy?",
)
_MARKER = re.compile(r"\[(\d{1,3})\]")
CHANGED = QT_TRANSLATE_NOOP(
    "ConversationView",
    "The handbook has changed since this answer was given: the sources marked "
    "“changed since” no longer read as quoted here. Ask again for an answer from the "
    "current text.")
SHOWN_TURNS = 30


def changed_mark() -> str:
    """After the citation of a source that changed since the answer: " · changed since"."""
    return " · " + QCoreApplication.translate(
        "ConversationView", "changed since", "after a source's citation: the file changed since")


def quoted(text: str) -> str:
    """Text (already escaped) in the language's quotation marks."""
    return QCoreApplication.translate(
        "ConversationView", "“{text}”", "quotation marks around a quote or a fact").format(
        text=text)


class ConversationView(SafeTextBrowser):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.turns: list[Turn] = []
        self.show_all = False       # every turn, not just the last SHOWN_TURNS
        self.examples = EXAMPLE_QUESTIONS
        self.setAccessibleName(self.tr("Conversation", "accessible name of the answers view"))
        self._dark = is_dark(self.palette())
        self.document().setDefaultStyleSheet(style_sheet(self._dark))
        self.render()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """The system switched between light and dark: the view follows."""
        from PySide6.QtCore import QEvent

        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) \
                and is_dark(self.palette()) != self._dark:
            self._dark = not self._dark
            self.document().setDefaultStyleSheet(style_sheet(self._dark))
            self.render()

    def add_turn(self, question: str) -> Turn:
        self.turns.append(Turn(question))
        self.render()
        return self.turns[-1]

    def clear_turns(self) -> None:
        self.show_turns([])

    def show_turns(self, turns: list[Turn]) -> None:
        """A whole conversation (a saved one reopened), scrolled to its end."""
        self.turns = list(turns)
        self.show_all = False
        self.render()
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())

    def render(self) -> None:
        """The view again from the turns: the last SHOWN_TURNS of them, so that
        a long conversation streams its answer as fast as a short one."""
        bar = self.verticalScrollBar()
        at_bottom = bar.value() >= bar.maximum() - 4
        first = 0 if self.show_all else max(0, len(self.turns) - SHOWN_TURNS)
        more = self.tr("Show the %n earlier question(s)", "", first)
        earlier = (f"<p class='meta'><a href='{APP_SCHEME}:earlier/0'>{esc(more)}</a></p><hr/>"
                   if first else "")
        self.setHtml(self._welcome() if not self.turns else earlier +
                     "".join(self._turn_html(i, self.turns[i])
                             for i in range(first, len(self.turns))))
        if at_bottom:
            bar.setValue(bar.maximum())

    def show_earlier(self) -> None:
        self.show_all = True
        self.render()

    def show_examples(self, shown: bool) -> None:
        """The sample handbook's questions on the empty card (only beside it:
        they ask about its policies, in its language)."""
        self.examples = EXAMPLE_QUESTIONS if shown else ()
        self.render()

    def _welcome(self) -> str:
        title = self.tr("Ask your handbook")
        intro = self.tr("Answers come from the documents in the folder on the left, with the "
                        "sources they used.")
        html = f"<h3>{esc(title)}</h3><p class='meta'>{esc(intro)}</p>"
        if self.examples:
            items = "".join(f'<li><a href="{APP_SCHEME}:ask/{i}">{esc(q)}</a></li>'
                            for i, q in enumerate(self.examples))
            try_these = self.tr("Try one of these:")
            html += f"<p class='meta'>{esc(try_these)}</p><ul>{items}</ul>"
        return html

    def _turn_html(self, index: int, turn: Turn) -> str:
        you = self.tr("You:", "before the question the user asked")
        parts = [f"<p class='q'><b>{esc(you)}</b> {esc(turn.question)}</p>"]
        if turn.evidence:
            parts.append(self._quote_card(index, turn))
        elif turn.evidence_ready and not turn.refused and turn.state != "error":
            nothing = self.tr("No passage in the handbook looks like an answer to this question.")
            parts.append(f"<p class='meta'>{esc(nothing)}</p>")
        if turn.evidence and turn.state in ("done", "stopped"):
            parts += [f"<p class='note'>{esc(worded(unanswered_text(part)))}</p>"
                      for part in turn.unanswered]
        one = single(turn)  # warnings under the card name it: the quote, or the passages
        if turn.unsupported and turn.state in ("done", "stopped"):
            facts = ", ".join(quoted(esc(f.text)) for f in turn.unsupported)
            warning = self.tr("Not backed by the sources: {facts}. The model may have made this "
                              "up: rely on the quote above.") if one else \
                self.tr("Not backed by the sources: {facts}. The model may have made this up: "
                        "rely on the passages above.")
            parts.append(f"<p class='warn'>{_filled(warning, facts=facts)}</p>")
        if turn.contradicts and turn.state in ("done", "stopped"):
            parts.append(f"<p class='warn'>{esc(contradicts_line(turn, worded))}</p>")
        if turn.not_in_quote and turn.state in ("done", "stopped"):
            facts = ", ".join(quoted(esc(f.text)) for f in turn.not_in_quote)
            note = self.tr("Not in the quote above: {facts}. The model took it from another "
                           "sentence of the sources: check which one answers your question.") \
                if one else \
                self.tr("Not in the passages above: {facts}. The model took it from another "
                        "sentence of the sources: check which one answers your question.")
            parts.append(f"<p class='note'>{_filled(note, facts=facts)}</p>")
        if turn.answer and declined_beside_a_quote(turn):
            parts.append(f"<p class='note'>{esc(worded(declined_text(turn.evidence, turn.pointed)))}</p>")
        elif turn.answer:
            label = self.tr("Model's answer (check it against the quote):") if one else \
                self.tr("Model's answer (check it against the passages):")
            label = f"<span class='meta'>{esc(label)}</span> " if turn.evidence else ""
            parts.append(f"<p class='a'>{label}{self._linked(index, turn)}</p>")
        if turn.state in ("searching", "reading", "generating", "checking"):
            parts.append(f"<p class='status'>{esc(worded(turn.status))}</p>")
        if turn.error:
            parts.append(f"<p class='error'>{esc(worded(turn.error))}</p>")
        if turn.state == "interrupted":
            parts.append(f"<p class='note'>{esc(worded(INTERRUPTED))}</p>")
        if turn.changed:
            changed = QCoreApplication.translate("ConversationView", CHANGED)
            parts.append(f"<p class='note'>{esc(changed)}</p>")
        if turn.state in ("done", "stopped", "interrupted") and not turn.refused:
            parts.append(self._sources_line(index, turn))
        return "<div>" + "".join(parts) + "</div><hr/>"

    def _quote_card(self, index: int, turn: Turn) -> str:
        """The best quote, verbatim, with its citation, the next two on demand;
        or, when the first is not likely enough to be right, the best three
        as equals."""
        if not single(turn):
            rows = [self._quote_row(index, i, e, "passage", e.n in turn.changed)
                    for i, e in enumerate(turn.evidence)]
            if turn.reordered:
                rows.append(f"<p class='meta'>{esc(worded(quote_check.ORDERED_BY_BOTH))}</p>")
            title = self.tr("Passages that may answer")
            return ("<table class='card' width='100%' cellpadding='6'><tr><td>"
                    f"<p class='cardtitle'>{esc(title)}</p>" + "".join(rows) +
                    "</td></tr></table>")
        best, *others = turn.evidence
        rows = [self._quote_row(index, 0, best, "quote", best.n in turn.changed)]
        if best.checked:
            rows.append(f"<p class='meta'>{esc(worded(best.checked_note or quote_check.BOTH_PICK))}</p>")
        if others and turn.more_shown:
            rows += [self._quote_row(index, i, e, "quote other", e.n in turn.changed)
                     for i, e in enumerate(others, start=1)]
        toggle = ""
        if others:
            words = self.tr("Hide the other passages") if turn.more_shown else \
                self.tr("%n more passage(s)", "", len(others))
            toggle = f"<a href='{APP_SCHEME}:more/{index}'>{esc(words)}</a>"
        title = self.tr("From the handbook", "title of the card that quotes the handbook")
        return ("<table class='card' width='100%' cellpadding='6'><tr><td>"
                f"<p class='cardtitle'>{esc(title)}</p>" + "".join(rows) +
                (f"<p class='meta'>{toggle}</p>" if toggle else "") + "</td></tr></table>")

    @staticmethod
    def _quote_row(index: int, position: int, evidence, style: str, changed: bool) -> str:
        label = citation(evidence.n, evidence) + (changed_mark() if changed else "")
        context = (f"<p class='meta'>{esc(evidence.context)}</p>"
                   if evidence.context else "")
        return (f"<p class='{style}'>{quoted(_quote_html(evidence))}</p>{context}"
                f"<p class='meta'><a href='{APP_SCHEME}:quote/{index}/{position}'>"
                f"{esc(label)}</a></p>")

    def _linked(self, index: int, turn: Turn) -> str:
        """Escaped answer text in which valid [n] markers become citation links
        and facts not found in the sources are marked."""
        valid = {c["n"] for c in turn.citations} if turn.cited else set()
        done = turn.state in ("done", "stopped")
        text = turn.answer
        unsupported = self.tr("not backed by the sources", "tooltip of a marked fact")
        off_quote = self.tr("not in the quote above", "tooltip of a marked fact")
        said_otherwise = self.tr("the source says otherwise", "tooltip of a marked fact")
        # the answer step names each fact once (unsupported, contradicting, or not in the quote)
        marks = ([(c.start, c.end, "unsupported", said_otherwise) for c in turn.contradicts] +
                 [(f.start, f.end, "unsupported", unsupported) for f in turn.unsupported] +
                 [(f.start, f.end, "offquote", off_quote) for f in turn.not_in_quote]) \
            if done else []
        pieces, last = [], 0
        for match in _MARKER.finditer(text):
            pieces.append(_marked(text, last, match.start(), marks))
            number = int(match.group(1))
            label = esc(match.group(0))
            pieces.append(f'<a href="{APP_SCHEME}:cite/{index}/{number}">{label}</a>'
                          if number in valid or not done else label)
            last = match.end()
        pieces.append(_marked(text, last, len(text), marks))
        return "".join(pieces).replace("\n", "<br/>")

    def _sources_line(self, index: int, turn: Turn) -> str:
        title = self.tr("Sources:", "before the list of the answer's sources") if turn.cited \
            else self.tr("Sources (matched by the words the answer shares with them):") \
            if turn.attributed else self.tr("Sources consulted (the answer cites none):")
        changed = changed_mark()
        links = " · ".join(
            f'<a href="{APP_SCHEME}:cite/{index}/{c["n"]}">[{c["n"]}] {esc(c["source"])}'
            f'{esc(self._page(c["page"])) if c.get("page") else ""}'
            f'{esc(changed) if c["n"] in turn.changed else ""}</a>'
            for c in turn.citations)
        suffix = " · " + self.tr("stopped", "the answer was stopped before its end") \
            if turn.state == "stopped" else ""
        copy_answer, copy_markdown = self.tr("Copy answer"), self.tr("Copy as Markdown")
        copy = (f" · <a href='{APP_SCHEME}:copy/{index}'>{esc(copy_answer)}</a>"
                f" · <a href='{APP_SCHEME}:copymd/{index}'>{esc(copy_markdown)}</a>")
        return (f"<p class='meta'>{esc(title)} {links}</p>"
                f"<p class='meta'>{esc(worded(turn.budget))}{esc(suffix)}{copy}</p>")

    def _page(self, page) -> str:
        """The page after a source's name: " (p. 12)"."""
        return " (" + self.tr("p. {page}", "page number after a source's name").format(
            page=page) + ")"


def _filled(text: str, **html_values: str) -> str:
    """A translated sentence, escaped, with HTML values (escaped already) put in."""
    return esc(text).format(**html_values)


_LEAD_IN_BREAK = re.compile(r"(?<=:)[ \t]*\n\s*")


def _quote_html(evidence) -> str:
    """A quote as its source lays it out where that carries meaning: code
    line by line, indents kept; a lead-in ending in a colon above the value
    under it ("The default value for LESSEDIT is:" / `%E ?lm+%lm. %g`). A
    prose line wrapped in the source (a man page, a PDF) runs on, as HTML
    does anyway."""
    if evidence.kind == CODE_UNIT:
        lines = evidence.text.splitlines()
        indent = min((len(line) - len(line.lstrip()) for line in lines if line.strip()),
                     default=0)
        return "<br/>".join(esc(line[indent:]).replace("  ", "&nbsp; ") for line in lines)
    text = _as_read(evidence.text) if is_markdown(evidence.source) else evidence.text
    return "<br/>".join(esc(part) for part in _LEAD_IN_BREAK.split(text))


# A Markdown link as its reader sees it: "[`process.send()`][]",
# "[entry points][]", "[ES modules](esm.md)" show their text only. The quote
# stays the source's words; only link markup, which a reader of the rendered
# page never sees, is left out (the sources panel shows the file as written).
_MARKDOWN_LINK = re.compile(r"(?<!!)\[([^\[\]\n]+)\](?:\[[^\[\]\n]*\]|\([^()\s]+\))")


def _as_read(text: str) -> str:
    def link_text(match: re.Match) -> str:
        in_code = text.count("`", 0, match.start()) % 2  # `arr[i][j]` is no link
        return match.group(0) if in_code else match.group(1)
    return _MARKDOWN_LINK.sub(link_text, text)


def _marked(text: str, start: int, end: int, marks: list[tuple[int, int, str, str]]) -> str:
    """text[start:end], escaped, with the checked facts inside it marked
    (start, end, style, what the mark means)."""
    pieces, position = [], start
    for mark_start, mark_end, style, title in sorted(marks):
        mark_start, mark_end = max(mark_start, position), min(mark_end, end)
        if mark_start >= mark_end:
            continue
        pieces.append(esc(text[position:mark_start]))
        pieces.append(f"<span class='{style}' title='{esc(title)}'>"
                      f"{esc(text[mark_start:mark_end])}</span>")
        position = mark_end
    pieces.append(esc(text[position:end]))
    return "".join(pieces)


# The view's colours for a light and a dark system palette: a light card
# under the light text of a dark theme would be unreadable.
COLOURS = {
    False: {"status": "#6b6b6b", "error": "#a4262c", "meta": "#555555", "warn": "#8a4b00",
            "warn_bg": "#fff4e0", "other": "#333333", "card": "#f4f7fb", "card_border": "#c9d6e6",
            "unsupported": "#ffd6d6", "note": "#5a4a00", "offquote": "#fff1b8"},
    True: {"status": "#a8a8a8", "error": "#ff8a8f", "meta": "#b4b4b4", "warn": "#ffc46b",
           "warn_bg": "#3a2a10", "other": "#d0d0d0", "card": "#1f2a38", "card_border": "#3d5573",
           "unsupported": "#6b1f24", "note": "#e8d27a", "offquote": "#5a4a10"},
}

STYLE = """
p.q {{ margin-top: 8px; }}
p.a {{ margin-left: 12px; }}
p.status {{ color: {status}; font-style: italic; margin-left: 12px; }}
p.error {{ color: {error}; margin-left: 12px; }}
p.meta {{ color: {meta}; margin-left: 12px; }}
p.warn {{ color: {warn}; background-color: {warn_bg}; margin-left: 12px; }}
p.cardtitle {{ color: {meta}; font-size: small; margin: 0; }}
p.quote {{ margin-left: 12px; font-size: large; }}
p.other {{ font-size: medium; color: {other}; }}
p.passage {{ margin-left: 12px; font-size: medium; }}
table.card {{ background-color: {card}; border: 1px solid {card_border}; margin-left: 12px; }}
span.unsupported {{ background-color: {unsupported}; text-decoration: underline; }}
p.note {{ color: {note}; margin-left: 12px; }}
span.offquote {{ background-color: {offquote}; }}
"""


def style_sheet(dark: bool) -> str:
    return STYLE.format(**COLOURS[dark])


def is_dark(palette) -> bool:
    from PySide6.QtGui import QPalette

    return palette.color(QPalette.ColorRole.Base).lightness() < 128
