"""The answer model checks the card's first passage (app/answers/checks/quote_check.py).

The answer steps run with fakes (what the card does with the model's pick);
the pick itself is read from the real Qwen2.5-Coder-1.5B, in-process and in
its own process, as the app runs it."""
import threading

import pytest

from app.answers.checks import quote_check
from app.answers.answerer import Answerer, EvidenceFound, Finished, QuoteChecked, Status
from app.answers.evidence.confidence import PASSAGES, SINGLE, card
from fakes import FakeCheckingModel as CheckingModel, FakeFinder, FakeResult, FakeSearcher

LEAVE = ("The primary caregiver gets 26 weeks, of which 18 weeks at full salary. "
         "The second parent gets 10 weeks of paid leave.")


def _ask(model, confidence=0.2, question="How many weeks are paid at full salary?",
         cancel=None, answer=("Ten", " weeks", " are", " paid", " [1]", ".")):
    model.enqueue(*answer)
    searcher = FakeSearcher([FakeResult(1, "handbook.md", "Parental leave", LEAVE),
                             FakeResult(2, "handbook.md", "Sick leave",
                                        "Sick days are paid in full. A note is needed after "
                                        "three days.")])
    return list(Answerer(searcher, model, finder=FakeFinder(confidence=confidence)).ask(
        question, cancel=cancel or threading.Event()))


def _answer(events):
    return [e for e in events if isinstance(e, Finished)][0].answer


def test_when_the_model_picks_the_first_passage_too_the_card_shows_it_alone():
    model = CheckingModel([0.8, 0.1, 0.05, 0.05])
    events = _ask(model)
    first_shown = [e for e in events if isinstance(e, EvidenceFound)][0].evidence
    checked = [e for e in events if isinstance(e, QuoteChecked)]
    answer = _answer(events)
    assert card(first_shown) == PASSAGES, "before the check: the passages, as equals"
    assert first_shown[0].checked is None, "the list the window already holds is not changed"
    assert len(checked) == 1 and card(checked[0].evidence) == SINGLE
    assert any(isinstance(e, Status) and e.stage == "checking" for e in events)
    assert answer.to_json()["card"] == "single"
    assert answer.to_json()["evidence"][0]["checked"] is True
    assert "check_s" in answer.timings
    prompt, options = model.checked[0]
    assert options == [str(n) for n in range(1, len(options) + 1)] and len(options) >= 2
    assert "How many weeks are paid at full salary?" in prompt
    assert f"[1] {answer.evidence[0].text}" in prompt and prompt.endswith("[")


def test_once_the_quote_stands_alone_a_number_from_another_passage_is_named():
    """The model's "Ten weeks" comes from the second sentence: beside three
    equal passages it is not marked; once the first stands alone it is."""
    answer = _answer(_ask(CheckingModel([0.9, 0.05, 0.05])))
    assert card(answer.evidence) == SINGLE
    # the quote pays 18 weeks at full salary: the answer's ten contradicts it
    assert [(c.text, c.quote_says) for c in answer.contradicts] == [("Ten weeks", "18 weeks")]
    unchecked = _answer(_ask(CheckingModel([0.3, 0.45, 0.25])))
    assert card(unchecked.evidence) == PASSAGES and unchecked.not_in_quote == []
    assert unchecked.contradicts == [], "the passage it drew on says ten weeks"


def test_when_the_model_picks_another_passage_the_card_stays_as_it_was():
    answer = _answer(_ask(CheckingModel([0.2, 0.7, 0.1]), answer=("It", " depends", ".")))
    assert card(answer.evidence) == PASSAGES
    assert answer.to_json()["evidence"][0]["checked"] is False


def test_when_the_model_ranks_another_passage_first_the_card_is_reordered():
    """The model puts the second unit first and the ranker's first last: the
    passages are shown in the order both agree on (the second parent's leave
    first), still as equals, when the answer draws on no passage more than
    the others; the list the window already holds is unchanged."""
    events = _ask(CheckingModel([0.02, 0.9, 0.05, 0.03]), answer=("It", " depends", "."))
    before = [e for e in events if isinstance(e, EvidenceFound)][0].evidence
    after = [e for e in events if isinstance(e, QuoteChecked)][0].evidence
    answer = _answer(events)
    assert [e.text for e in before][:2] == [
        "The primary caregiver gets 26 weeks, of which 18 weeks at full salary.",
        "The second parent gets 10 weeks of paid leave."]
    assert [e.text for e in after][:2] == [e.text for e in before][1::-1]
    assert len(after) == len(before) and before[0].checked is None
    assert card(after) == PASSAGES and after[0].checked is False
    assert [e["text"] for e in answer.to_json()["evidence"]] == [e.text for e in after]


def test_the_evaluation_scores_the_card_before_and_after_the_check():
    """evidence@1 is the card before the model writes; card@1 the card at the end."""
    from app.evaluation.answer_accuracy import answer_case, figures
    from app.evaluation.recall import Case

    model = CheckingModel([0.02, 0.9, 0.05, 0.03])
    model.enqueue("Ten", " weeks", ".")
    searcher = FakeSearcher([FakeResult(1, "handbook.md", "Parental leave", LEAVE),
                             FakeResult(2, "handbook.md", "Sick leave", "Sick days are paid.")])
    answerer = Answerer(searcher, model, finder=FakeFinder(confidence=0.2))
    result = answer_case(answerer, Case(2, "second-parent", "How long is the second parent's "
                                        "leave?", "10 weeks of paid leave"))
    assert (result.evidence_rank, result.card_rank) == (2, 1)
    scored = figures([result])
    assert (scored["evidence@1"], scored["card@1"]) == (0.0, 1.0)


def test_a_unit_below_the_three_shown_can_come_onto_the_card():
    """The fourth unit, which the model picks, replaces the third shown."""
    events = _ask(CheckingModel([0.05, 0.05, 0.1, 0.8]), answer=("It", " depends", "."))
    before = [e for e in events if isinstance(e, EvidenceFound)][0].evidence
    after = [e for e in events if isinstance(e, QuoteChecked)][0].evidence
    assert after[0].text == before[0].text
    assert after[1].text == "A note is needed after three days."
    assert "A note is needed after three days." not in [e.text for e in before]


def test_the_fused_order_keeps_the_rankers_first_when_the_model_agrees():
    assert quote_check.fused_order([0.8, 0.1, 0.05, 0.03, 0.02]) == [0, 1, 2, 3, 4]
    assert quote_check.fused_order([0.7, 0.0, 0.0, 0.0, 0.3])[0] == 0
    # a tie between the two orders goes to the ranker's
    assert quote_check.fused_order([0.3, 0.6, 0.1]) == [0, 1, 2]
    # the model's first, second in the ranker's list, passes a first the model puts last
    assert quote_check.fused_order([0.01, 0.9, 0.05, 0.04]) == [1, 0, 2, 3]
    # one both put second passes one first for the ranker and fifth for the model
    order = quote_check.fused_order([0.01, 0.3, 0.04, 0.6, 0.05])
    assert order.index(1) < order.index(0)


def test_the_passage_the_answer_draws_on_comes_first_unless_the_model_agreed():
    """The model's "Ten weeks" is the second sentence's: once it is written,
    that sentence leads the passages, where the ranker's order and the
    model's pick alone tie and keep the ranker's first. A pick of the first that counts as agreeing
    keeps the first alone on the card."""
    events = _ask(CheckingModel([0.4, 0.45, 0.1, 0.05]))
    before = [e for e in events if isinstance(e, EvidenceFound)][0].evidence
    after = [e for e in events if isinstance(e, QuoteChecked)][0].evidence
    assert before[0].text.startswith("The primary caregiver")
    assert quote_check.fused_order([0.4, 0.45, 0.1, 0.05])[0] == 0, "the two orders alone tie"
    assert after[0].text == "The second parent gets 10 weeks of paid leave."
    assert card(after) == PASSAGES
    agreed = [e for e in _ask(CheckingModel([0.8, 0.1, 0.05, 0.05]))
              if isinstance(e, QuoteChecked)][0].evidence
    assert agreed[0].text.startswith("The primary caregiver") and card(agreed) == SINGLE
    said_nothing = [e for e in _ask(CheckingModel([0.4, 0.45, 0.1, 0.05]),
                                    answer=("The", " handbook", " does", " not", " say", "."))
                    if isinstance(e, QuoteChecked)][0].evidence
    assert said_nothing[0].text.startswith("The primary caregiver")


def test_the_support_counts_the_answers_facts_and_words_each_passage_holds():
    support = quote_check.answer_support(
        "Run `ls -t` to sort by modification time.", "How do I list newest files first?",
        ["-t     sort by time, newest first; see --time", "-c     with -lt: sort by ctime",
         "Exit status: 0 if OK"])
    assert support[0] > support[1] > support[2] == 0.0, "-t and two of its words, one word, none"
    assert quote_check.answer_support("", "Why?", ["A unit."]) == [0.0]


def test_the_passage_the_model_picks_and_answers_from_is_shown_alone():
    """Neither the ranker's first nor agreed on: the model gives the second
    sentence 0.6 and its answer, "Ten weeks", is that sentence's. The card
    shows it alone, saying why; the CLI prints it, since it was not first."""
    from app.cli import _checked_text

    events = _ask(CheckingModel([0.3, 0.6, 0.1]))
    before = [e for e in events if isinstance(e, EvidenceFound)][0].evidence
    after = [e for e in events if isinstance(e, QuoteChecked)][0].evidence
    assert card(after) == SINGLE and after[0].checked is True
    assert after[0].text == "The second parent gets 10 weeks of paid leave."
    assert after[0].checked_note == quote_check.ANSWER_PICK
    assert _answer(events).not_in_quote == [], "the answer's number is the quote's"
    text = _checked_text(before, after)
    assert "The second parent gets 10 weeks" in text and quote_check.ANSWER_PICK in text
    # a pick under the threshold, or an answer drawn as much from another, is no card
    assert quote_check.alone([0.3, quote_check.ANSWER_PICK_AT - 0.01, 0.1], [0, 2, 0]) is None
    assert quote_check.alone([0.3, 0.6, 0.1], [0, 2, 2]) is None
    assert quote_check.alone([0.3, 0.6, 0.1], [2, 1, 0]) is None
    assert quote_check.alone([0.3, 0.6, 0.1], [0, 2, 1]) == 1
    assert quote_check.alone([0.8, 0.1, 0.1], [0, 0, 0]) == 0, "agreeing needs no answer"


def test_agreement_is_a_clear_pick_of_the_first():
    assert quote_check.agrees([0.8, 0.15, 0.05]) is True
    assert quote_check.agrees([0.5, 0.5]) is False, "a tie is no pick"
    assert quote_check.agrees([0.3, 0.6, 0.1]) is False
    low = quote_check.AGREES_AT - 0.05
    assert quote_check.agrees([low, (1 - low) / 2, (1 - low) / 2]) is False
    assert quote_check.agrees(None) is None


def test_after_a_stop_nothing_is_checked_and_the_answer_says_stopped():
    cancel = threading.Event()
    model = CheckingModel([0.9, 0.1], delay=0.0)
    cancel.set()
    answer = _answer(_ask(model, cancel=cancel))
    assert model.checked == [] and answer.stopped
    assert card(answer.evidence) == PASSAGES


def test_a_stop_during_the_check_leaves_the_card_and_the_answer_whole():
    class StoppedWhileChecking(CheckingModel):
        def next_token_probabilities(self, prompt, options, cancel):
            cancel.set()  # the user's Stop, heard while the list is read
            return super().next_token_probabilities(prompt, options, cancel)

    events = _ask(StoppedWhileChecking([0.9, 0.1]))
    answer = _answer(events)
    assert not [e for e in events if isinstance(e, QuoteChecked)]
    assert card(answer.evidence) == PASSAGES and "checked" not in answer.to_json()["evidence"][0]
    assert answer.text.startswith("Ten weeks") and not answer.stopped


def test_only_a_model_whose_style_checks_reads_the_list_again():
    small = CheckingModel([0.9, 0.1])
    small.size_label = "0.5B"   # picks "1" whatever it reads (docs/answers.md)
    _ask(small)
    assert small.checked == []
    sure = CheckingModel([0.9, 0.1])
    _ask(sure, confidence=1.0)  # the card shows one quote already
    assert sure.checked == []


# -- the pick from the real model ---------------------------------------------------

UNITS = ["Grass in the park is cut every Monday.",
         "The office closes at 6 pm on Fridays.",
         "Visitors must sign in at the front desk."]


@pytest.fixture(scope="module")
def qwen():
    from app.llm.local import LocalModel
    from app.llm import catalogue as answer_models
    from conftest import INSTALLED_MODELS

    model = answer_models.by_key("qwen2.5-coder-1.5b")
    path = answer_models.installed_path(model, [INSTALLED_MODELS])
    assert path is not None, answer_models.missing_reason(model)
    loaded = LocalModel(path)
    loaded.load()
    return loaded


@pytest.mark.slow
def test_the_real_model_picks_the_passage_that_answers(qwen):
    picks = quote_check.pick_probabilities(qwen, "When does the office close on Fridays?",
                                           UNITS, threading.Event())
    assert len(picks) == 3 and abs(sum(picks) - 1) < 1e-6
    assert max(picks) == picks[1] > 0.5
    assert quote_check.agrees(picks) is False
    again = quote_check.pick_probabilities(qwen, "Where do visitors sign in?", UNITS,
                                           threading.Event())
    assert max(again) == again[2], "the cache of the first list does not leak into the second"


@pytest.mark.slow
def test_a_stop_before_the_pick_gives_none(qwen):
    cancel = threading.Event()
    cancel.set()
    assert quote_check.pick_probabilities(qwen, "Where do visitors sign in?", UNITS,
                                          cancel) is None


@pytest.mark.slow
def test_the_model_in_its_own_process_picks_the_same(qwen):
    from app.llm.process import ModelProcess

    process = ModelProcess(qwen.path)
    try:
        question = "When does the office close on Fridays?"
        there = quote_check.pick_probabilities(process, question, UNITS, threading.Event())
        qwen.llama.reset()  # read from the start, as in the fresh process
        here = quote_check.pick_probabilities(qwen, question, UNITS, threading.Event())
        assert there == pytest.approx(here, abs=1e-4)
    finally:
        process.close()


def test_ask_prints_the_passages_again_only_when_the_check_moved_them():
    from app.cli import _checked_text

    events = _ask(CheckingModel([0.02, 0.9, 0.05, 0.03]), answer=("It", " depends", "."))
    before = [e for e in events if isinstance(e, EvidenceFound)][0].evidence
    after = [e for e in events if isinstance(e, QuoteChecked)][0].evidence
    text = _checked_text(before, after)
    assert text.startswith("After the answer model's check, passages that may answer:")
    assert text.index("The second parent gets 10 weeks") < text.index("The primary caregiver")
    same = [e for e in _ask(CheckingModel([0.3, 0.6, 0.05, 0.05]), answer=("It", " depends", "."))
            if isinstance(e, (EvidenceFound, QuoteChecked))]
    assert _checked_text(same[0].evidence, same[1].evidence) == ""
    single = [e for e in _ask(CheckingModel([0.9, 0.05, 0.03, 0.02]))
              if isinstance(e, QuoteChecked)][0].evidence
    assert _checked_text(before, single).startswith("From the handbook: passage 1.")


def test_the_confidence_stays_with_the_searchs_first_only_while_it_is_first():
    """The card's confidence is said of the search's first unit shown first:
    once the check moves another unit up, no unit shown carries it."""
    events = _ask(CheckingModel([0.02, 0.9, 0.05, 0.03]))
    after = [e for e in events if isinstance(e, QuoteChecked)][0].evidence
    assert [e.confidence for e in after] == [None] * len(after)
    kept = [e for e in _ask(CheckingModel([0.3, 0.6, 0.05, 0.05]), answer=("It", " depends", "."))
            if isinstance(e, QuoteChecked)][0].evidence
    assert kept[0].confidence == 0.2 and kept[0].checked is False
