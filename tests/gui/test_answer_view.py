"""The answer view as a user sees it: the quote first, marked facts, copy."""
import pytest
from PySide6.QtWidgets import QApplication

from app.gui.main_window import MainWindow
from tests.gui.test_main_window import Replies, ask, folder, wait_indexed  # noqa: F401 - fixtures
from tests.gui.test_translations import speaking  # noqa: F401 - a fixture

pytestmark = pytest.mark.slow  # the real embedder indexes the folder


@pytest.fixture
def window(qtbot, folder, qsettings):  # noqa: F811 - the fixture imported above
    """The window with a model that checks the first passage and picks it
    (Qwen 1.5B's way): the card shows one quote, as it then would."""
    from fakes import FakeCheckingModel

    replies = Replies()
    replies.model = FakeCheckingModel([0.9, 0.05, 0.03, 0.01, 0.01])
    window = MainWindow(folder, model_factory=replies, settings=qsettings)
    qtbot.addWidget(window)
    wait_indexed(qtbot, window)
    return window, replies


def test_the_quote_comes_first_verbatim_with_its_citation(qtbot, window):
    window, replies = window
    replies.model.enqueue("You", " get", " 28", " days", " [1].")
    ask(qtbot, window, "How many days of annual leave do I get?")
    text = window.conversation.toPlainText()
    quote = "“Everyone gets 28 days of annual leave per year, booked in the HR portal.”"
    assert quote in text
    assert text.index(quote) < text.index("You get 28 days")
    assert "[1] handbook.md › Staff handbook › Annual leave" in text
    assert "Not backed by the sources" not in text


def test_a_quote_opens_in_the_viewer_highlighted_at_its_offsets(qtbot, window):
    window, replies = window
    replies.model.enqueue("60", " EUR", " [1]")
    ask(qtbot, window, "What is the per diem in Berlin?")
    turn = window.conversation.turns[0]
    assert turn.evidence[0].text == "The per diem in Berlin is 60 EUR per day."
    window.conversation.appLinkClicked.emit("quote/0/0")
    assert window.side.currentWidget() is window.viewer
    assert window.viewer.current_page == 2 and window.viewer.highlight_count >= 1


def test_a_made_up_number_is_marked_and_named_above_the_answer(qtbot, window):
    window, replies = window
    replies.model.enqueue("You", " get", " 35", " days", " [1].")
    answer = ask(qtbot, window, "How many days of annual leave do I get?")
    assert [f.text for f in answer.unsupported] == ["35 days"]
    text = window.conversation.toPlainText()
    assert "Not backed by the sources: “35 days”" in text
    assert text.index("Not backed by the sources") < text.index("You get 35 days")
    assert "class=\"unsupported\"" in window.conversation.toHtml() or \
        "ffd6d6" in window.conversation.toHtml()
    quote = "“Everyone gets 28 days of annual leave per year, booked in the HR portal.”"
    assert text.index(quote) < text.index("Not backed by the sources")


def test_copy_answer_gives_the_quote_the_answer_and_the_sources(qtbot, window):
    window, replies = window
    replies.model.enqueue("You", " get", " 28", " days", " [1].")
    ask(qtbot, window, "How many days of annual leave do I get?")
    window.conversation.appLinkClicked.emit("copymd/0")
    copied = QApplication.clipboard().text()
    assert copied.startswith("> Everyone gets 28 days of annual leave per year")
    assert "**Model's answer:** You get 28 days [1]." in copied
    assert "- [1] handbook.md › Staff handbook › Annual leave" in copied
    window.conversation.appLinkClicked.emit("copy/0")
    assert QApplication.clipboard().text().startswith("“Everyone gets 28 days")


def test_the_other_passages_are_one_click_away(qtbot, window):
    window, replies = window
    replies.model.enqueue("28", " days", " [1]")
    ask(qtbot, window, "How many days of annual leave do I get?")
    turn = window.conversation.turns[0]
    assert len(turn.evidence) >= 2
    other = turn.evidence[1].text
    assert other not in window.conversation.toPlainText()
    window.conversation.appLinkClicked.emit("more/0")
    assert other in window.conversation.toPlainText()


def test_a_number_the_quote_lacks_is_named_and_marked(qtbot):
    """The model's number is in the sources but not in the quote shown first:
    the view says so between the quote and the answer, and marks it."""
    from app.answers.evidence.finder import Evidence
    from app.answers.checks.fact_check import NUMBER, Fact
    from app.gui.conversation import ConversationView
    from app.workspace.turns import copy_text

    view = ConversationView()
    qtbot.addWidget(view)
    turn = view.add_turn("How many weeks of parental leave are paid at full salary?")
    quote = "The primary caregiver gets 26 weeks, of which the first 18 are at full salary."
    turn.evidence = [Evidence(text=quote, source="handbook.md", heading="Parental leave",
                              page=None, start=0, end=len(quote), score=1.2, n=1,
                              section_id=1, kind="sentence", chunk_index=0,
                              confidence=0.6, checked=True)]
    turn.answer, turn.state = "The answer is: 10", "done"
    turn.not_in_quote = [Fact("10", NUMBER, 15, 17)]
    view.render()
    text = view.toPlainText()
    assert "Not in the quote above: “10”" in text
    assert text.index(quote) < text.index("Not in the quote above") < text.index("The answer is")
    assert "Not backed by the sources" not in text
    assert "fff1b8" in view.toHtml() or "offquote" in view.toHtml()  # the 10 is marked
    assert "Not in the quote above: “10”" in copy_text(turn)


def test_an_answer_that_contradicts_its_quote_is_named_marked_and_kept(qtbot, speaking):
    """A "Yes" under a quote that says it cannot: the view names it under the
    card, marks the word like an unsupported fact, copies it, keeps it in a
    saved conversation, and words it in the window's language."""
    from app.answers.checks.contradiction import POLARITY, VALUE, Contradiction
    from app.answers.evidence.finder import Evidence
    from app.gui.conversation import ConversationView
    from app.workspace.turns import copy_text, turn_from_record, turn_record

    view = ConversationView()
    qtbot.addWidget(view)
    turn = view.add_turn("Can unused time off in lieu be paid out within 3 months?")
    quote = "Time off in lieu must be taken within three months; it cannot be paid out."
    turn.evidence = [Evidence(text=quote, source="handbook.md", heading="Overtime", page=None,
                              start=0, end=len(quote), score=1.2, n=1, section_id=1,
                              kind="sentence", chunk_index=0, confidence=0.9)]
    turn.answer, turn.state = "Yes, within 4 months it can be paid out [1].", "done"
    turn.contradicts = [Contradiction(POLARITY, "Yes", 0, 3),
                        Contradiction(VALUE, "4 months", 12, 20, "3 months")]
    view.render()
    text = view.toPlainText()
    line = ("Contradicts the quote above: “Yes” (the source says otherwise), “4 months” "
            "(the source says “3 months”). Read the quote before you rely on the answer.")
    assert line in text
    assert text.index(quote) < text.index("Contradicts") < text.index("Yes, within")
    assert "the source says otherwise" in view.toHtml()  # the words' tooltip
    assert line in copy_text(turn)
    again = turn_from_record(turn.question, turn_record(turn))
    assert again.contradicts == turn.contradicts
    speaking("de")
    view.render()
    assert "Widerspricht dem Zitat oben: „Yes“ (die Quelle sagt etwas anderes), „4 months“ " \
           "(die Quelle sagt „3 months“)." in view.toPlainText()


def test_an_unsure_first_quote_is_shown_as_passages_that_may_answer(qtbot):
    """When the first quote is not likely right (app/answers/evidence/confidence.py),
    the card does not present it as the handbook's answer: the best three are
    shown together, as equals, each with its citation, and the warnings point
    at the passages."""
    from app.answers.evidence.finder import Evidence
    from app.gui.conversation import ConversationView
    from app.workspace.turns import copy_text

    view = ConversationView()
    qtbot.addWidget(view)
    turn = view.add_turn("Which keyword changes a variable of the enclosing function?")
    texts = ["Variables are local unless declared otherwise.",
             "You can do a similar thing in a nested scope using the nonlocal keyword.",
             "Global variables are declared with global."]
    turn.evidence = [Evidence(text=t, source="faq.html", heading=f"Scopes {i}", page=None,
                              start=0, end=len(t), score=1.2 - i / 10, n=i + 1, section_id=i,
                              kind="sentence", chunk_index=0,
                              confidence=0.3 if i == 0 else None)
                     for i, t in enumerate(texts)]
    turn.answer, turn.state = "Use nonlocal.", "done"
    view.render()
    text = view.toPlainText()
    assert "Passages that may answer" in text and "From the handbook" not in text
    for i, t in enumerate(texts):  # all three on screen at once, no click needed
        assert f"“{t}”" in text
        assert f"[{i + 1}] faq.html › Scopes {i}" in text
    assert "more passage" not in text
    assert "check it against the passages" in text
    copied = copy_text(turn)
    assert copied.startswith("Passages that may answer:")
    assert all(t in copied for t in texts)


def test_the_models_refusal_beside_a_quote_is_said_as_the_models(qtbot, window):
    """The bundled model answers "The handbook does not say." even beside the
    passage that answers: under a quote that reads as the handbook's word, so
    the view says what it is — the model found nothing — and points at the quote."""
    from app.answers.answerer import MODEL_DECLINED

    window, replies = window
    replies.model.enqueue("The", " handbook", " does", " not", " say.")
    answer = ask(qtbot, window, "How many days of annual leave do I get?")
    assert answer.declined and answer.to_json()["declined"] is True
    text = window.conversation.toPlainText()
    assert "The handbook does not say" not in text
    assert MODEL_DECLINED in text
    assert text.index("“Everyone gets 28 days") < text.index(MODEL_DECLINED)
    window.conversation.appLinkClicked.emit("copy/0")
    copied = QApplication.clipboard().text()
    assert MODEL_DECLINED in copied and "Model's answer" not in copied


def test_a_citation_marker_alone_is_not_shown_as_the_models_answer(qtbot, window):
    """An answer of "[1]" and nothing else says where to look, not what the
    passage says: the view says the model wrote no answer and points at the quote."""
    from app.answers.answerer import MODEL_POINTED

    window, replies = window
    replies.model.enqueue("[1]")
    answer = ask(qtbot, window, "How many days of annual leave do I get?")
    assert answer.pointed
    text = window.conversation.toPlainText()
    assert MODEL_POINTED in text and "Model's answer" not in text
    assert text.index("“Everyone gets 28 days") < text.index(MODEL_POINTED)


def test_the_card_shows_one_quote_once_the_answer_model_picks_it_too(qtbot, window):
    """Asked with a model that checks (Qwen 1.5B's style), the card starts as
    passages that may answer and, once the model picks the first, shows it
    as the handbook's answer, saying why."""
    from app.answers.evidence.confidence import PASSAGES, card
    from app.answers.checks.quote_check import BOTH_PICK

    window, replies = window
    replies.model.enqueue("The", " car", " park", " [1].")
    cards = []
    window.answer_worker.evidence.connect(lambda evidence: cards.append(card(evidence)))
    ask(qtbot, window, "Is parking free for staff?")
    assert cards[0] == PASSAGES and cards[-1] == "single", cards
    text = window.conversation.toPlainText()
    assert "From the handbook" in text and BOTH_PICK in text
    assert "Passages that may answer" not in text
    assert replies.model.checked, "the model read the list"


def test_the_passages_are_reordered_once_the_answer_model_has_read_them(qtbot, window):
    """A model that checks but ranks another passage first: the card stays
    "Passages that may answer", now in the order the search and the model
    agree on, and says so."""
    from app.answers.evidence.confidence import PASSAGES, card
    from app.answers.checks.quote_check import ORDERED_BY_BOTH

    window, replies, cards = _ask_with_pick(qtbot, window, [0.01, 0.9, 0.05, 0.03, 0.01])
    first, last = cards[0], cards[-1]
    assert card(first) == card(last) == PASSAGES
    assert last[0].text == first[1].text and last[1].text == first[0].text
    text = window.conversation.toPlainText()
    assert ORDERED_BY_BOTH in text and "From the handbook" not in text
    assert text.index(f"“{last[0].text}”") < text.index(f"“{last[1].text}”")


def test_no_order_line_when_the_check_left_the_passages_as_they_were(qtbot, window):
    """The model reads the passages but the two orders tie: nothing moved,
    so the card says nothing about an order."""
    from app.answers.evidence.confidence import PASSAGES, card
    from app.answers.checks.quote_check import ORDERED_BY_BOTH

    window, replies, cards = _ask_with_pick(qtbot, window, [0.3, 0.6, 0.05, 0.03, 0.02])
    assert len(cards) == 2 and card(cards[-1]) == PASSAGES and replies.model.checked
    assert [e.text for e in cards[0]] == [e.text for e in cards[-1]]
    assert ORDERED_BY_BOTH not in window.conversation.toPlainText()


def test_the_passage_the_model_picks_and_answers_from_is_shown_alone(qtbot, window):
    """The model picks a passage the search did not put first, and its
    answer's number is that passage's: the card shows it alone as the
    handbook's answer, and says why."""
    from app.answers.evidence.confidence import PASSAGES, card
    from app.answers.checks.quote_check import ANSWER_PICK, BOTH_PICK

    def pick_the_leave(prompt, options):
        lines = [line for line in prompt.splitlines() if line.startswith("[")]
        wanted = next(n for n, line in enumerate(lines) if "28 days" in line)
        assert wanted > 0, "the search put the leave passage first: nothing to show"
        return [0.6 if n == wanted else 0.4 / (len(options) - 1) for n in range(len(options))]

    window, replies = window
    replies.model.pick = pick_the_leave
    replies.model.enqueue("Staff", " get", " 28", " days", " [1].")
    cards = []
    window.answer_worker.evidence.connect(lambda evidence: cards.append(list(evidence)))
    ask(qtbot, window, "Can staff park in the car park during their annual leave days?")
    assert card(cards[0]) == PASSAGES and card(cards[-1]) == "single"
    assert "28 days" in cards[-1][0].text and "28 days" not in cards[0][0].text
    text = window.conversation.toPlainText()
    assert "From the handbook" in text and ANSWER_PICK in text and BOTH_PICK not in text


def _ask_with_pick(qtbot, window, pick: list[float]):
    """Asks with a checking model whose pick among the units is `pick`; returns
    the window, its replies and every card the view was handed, in order."""
    window, replies = window
    replies.model.pick = pick
    replies.model.enqueue("Yes", " [1].")
    cards = []
    window.answer_worker.evidence.connect(lambda evidence: cards.append(list(evidence)))
    ask(qtbot, window, "Is parking free for staff?")
    return window, replies, cards


def test_a_quote_keeps_its_code_lines_and_a_value_under_its_lead_in(qtbot):
    """A stanza of code shown as one run-on line, or a lead-in and the value
    under it run together, no longer read as the source does; a prose line
    wrapped in the source still runs on."""
    from app.answers.evidence.finder import Evidence
    from app.gui.conversation import ConversationView

    view = ConversationView()
    qtbot.addWidget(view)
    turn = view.add_turn("What is the default LESSEDIT?")
    texts = [("The default value for LESSEDIT is:\n\n              %E ?lm+%lm. %g", "sentence"),
             ("[Interface]\n    DNS = 10.44.0.53\n    MTU = 1380", "code"),
             ("The editor is started\n       with the file name.", "sentence")]
    turn.evidence = [Evidence(text=t, source="less.txt", heading="PROMPTS", page=None,
                              start=0, end=len(t), score=1.0, n=1, section_id=1, kind=kind,
                              chunk_index=0) for t, kind in texts]
    turn.answer, turn.state = "%E ?lm+%lm. %g", "done"
    view.render()
    lines = [line.strip() for line in view.toPlainText().splitlines()]
    assert "“The default value for LESSEDIT is:" in lines and "%E ?lm+%lm. %g”" in lines
    assert "“[Interface]" in lines and "DNS = 10.44.0.53" in lines and "MTU = 1380”" in lines
    assert "“The editor is started with the file name.”" in lines


def test_a_markdown_quote_shows_a_links_text_not_its_markup(qtbot):
    """Node.js's docs link names as "[`process.send()`][]": the card shows
    what a reader of the page reads. A plain-text source keeps its brackets,
    and so does code inside backticks."""
    from app.answers.evidence.finder import Evidence
    from app.gui.conversation import ConversationView

    view = ConversationView()
    qtbot.addWidget(view)
    turn = view.add_turn("How does a child send messages to its parent?")
    text = ("Children have a [`process.send()`][] method, see [IPC](ipc.md); "
            "`args[0][1]` stays.")
    turn.evidence = [Evidence(text=text, source=source, heading="Child process", page=None,
                              start=0, end=len(text), score=1.0, n=n, section_id=n,
                              kind="sentence", chunk_index=0)
                     for n, source in ((1, "api/child_process.md"), (2, "notes.txt"))]
    turn.answer, turn.state = "Use process.send().", "done"
    view.render()
    shown = view.toPlainText()
    assert "“Children have a `process.send()` method, see IPC; `args[0][1]` stays.”" in shown
    assert f"“{text}”" in shown
