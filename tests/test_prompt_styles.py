"""A prompt per model family: chosen from the GGUF's architecture, measured per family."""
import threading

import pytest

from app.answers.answerer import Answerer, Finished, Status
from app.answers.checks.citations import drop_echoed_header, echoed_header_length
from app.answers.prompting.styles import QWEN2, QWEN2_LARGE, SMOLLM2, style_for
from fakes import FakeChatModel, FakeFinder, FakeResult, FakeSearcher

RESULTS = [FakeResult(1, "handbook.md", "Leave › Annual leave", "Annual leave is 28 days."),
           FakeResult(2, "travel.pdf", "Travel › Hotels", "Hotels up to 160 GBP.", page=4)]


class QwenLike(FakeChatModel):
    architecture = "qwen2"


@pytest.mark.parametrize("architecture, size, style", [
    ("qwen2", "0.5B", QWEN2), ("QWEN2", None, QWEN2), ("qwen2", "1.5B", QWEN2_LARGE),
    ("qwen2", "7B", QWEN2_LARGE), ("qwen2", "500M", QWEN2), ("qwen2", "big", QWEN2),
    ("llama", "135M", SMOLLM2), (None, None, SMOLLM2), ("gemma3", "4B", SMOLLM2)])
def test_the_style_follows_the_architecture_and_size_and_unknown_families_get_smollm2s(
        architecture, size, style):
    assert style_for(architecture, size) is style
    def read(style):  # units read, with the units around each
        return style.units * (1 + sum(style.neighbours))

    assert read(QWEN2_LARGE) < read(QWEN2), "a larger model reads less: each read costs it more"


def test_qwen_reads_three_units_headed_by_their_heading_and_is_not_told_to_refuse():
    """Told "if the sources do not answer, say: The handbook does not say.",
    Qwen says it beside the sentence that answers (15 of 23 dev cases)."""
    model = QwenLike()
    model.enqueue("Annual", " leave", " is", " 28", " days", " [1].")
    answer = _ask(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder()), "Leave?")
    prompt = model.prompts[0]
    assert "does not say" not in prompt
    assert "Source [1] (from Leave › Annual leave):" in prompt
    assert "handbook.md" not in prompt and "(p. 4)" not in prompt
    assert "Source [2] (from Travel › Hotels):" in prompt  # more than SmolLM2's one unit
    assert answer.text == "Annual leave is 28 days [1]."


def test_smollm2_keeps_its_measured_prompt():
    model = FakeChatModel()
    model.enqueue("28", " days", " [1].")
    _ask(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder()), "Leave?")
    prompt = model.prompts[0]
    assert "If the sources do not answer the question, say: The handbook does not say." in prompt
    assert "[1] handbook.md › Leave › Annual leave" in prompt
    assert "travel.pdf" not in prompt  # one unit


def test_units_asked_for_override_the_style():
    model = QwenLike()
    model.enqueue("28", " days", " [1].")
    _ask(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=1), "Leave?")
    assert "Source [2]" not in model.prompts[0]


def test_a_copied_source_header_is_dropped_and_the_answer_after_it_kept_whole():
    """Qwen 0.5B sometimes starts by copying the header; the heading's
    "25.1." is no sentence end, and its next line is the answer."""
    model = QwenLike()
    model.enqueue("Source", " [1]", " (from", " 25.1.", " Routine", " Vacuuming):", "\n",
                  "Annual", " leave", " is", " 28", " days", " [1].", " Then", " more", " text.")
    answer = _ask(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder()), "Leave?")
    assert answer.text == "Annual leave is 28 days [1]."


@pytest.mark.parametrize("written, length", [
    ("Source [", None), ("Source [1] (from 8.14. ", None), ("[1] [25. Ro", None),
    ("Source [1] (from 8.14. JSON Types):", 35), ("[1]: Twenty days.", 5),
    ("[1] The database", 0), ("Leave is 28 days [1].", 0), ("(a) first", 0),
    ("Source [1] states that", 0)])
def test_a_header_being_copied_holds_the_sentence_cut_until_it_is_complete(written, length):
    assert echoed_header_length(written) == length


@pytest.mark.parametrize("answer, shown", [
    ("[1] (from 9.4. String Functions) bit_length counts bits.", "bit_length counts bits."),
    ("[1] [25.1. Routine Vacuuming]: Run VACUUM.", "Run VACUUM."),
    ("[1] [5]", "[1] [5]"),                                # two markers, no heading
    ("Source [1] (from Leave):", "Source [1] (from Leave):"),   # nothing after it
    ("Source [1] says 28 days.", "Source [1] says 28 days.")])
def test_only_a_copied_header_is_dropped(answer, shown):
    assert drop_echoed_header(answer) == shown


def _ask(answerer, question):
    events = list(answerer.ask(question, cancel=threading.Event()))
    assert [e for e in events if isinstance(e, Status)]
    return [e for e in events if isinstance(e, Finished)][0].answer
