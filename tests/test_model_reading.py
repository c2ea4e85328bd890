"""The prompt is read in steps: progress shown, Stop heard, the answer unchanged.

Real llama.cpp with the bundled model: the point is what llama.cpp does
with the cache when the prompt is read ahead of create_completion.
"""
import threading

import pytest

from app.llm.contract import Chunk, Reading
from app.llm.local import LocalModel, physical_cores

LONG = " ".join(f"Rule {n}: expenses of type {n} are paid within {n + 2} days." for n in range(60))


@pytest.fixture(scope="module")
def model():
    model = LocalModel()
    model.load()
    return model


def _prompt(model, question):
    return model.render([{"role": "system", "content": "Answer from the rules."},
                         {"role": "user", "content": f"{LONG}\n\nQuestion: {question}"}])


@pytest.mark.slow
def test_a_long_prompt_reports_its_reading_and_answers_as_if_read_in_one_go(model):
    prompt, stop = _prompt(model, "Within how many days are expenses of type 7 paid?")
    model.llama.reset()
    whole = model.llama.create_completion(prompt=prompt, max_tokens=24, stop=stop,
                                          temperature=0.0, repeat_penalty=1.3,
                                          frequency_penalty=0.3, seed=0)
    model.llama.reset()
    items = list(model.generate(prompt, stop, 24, threading.Event()))
    readings = [i for i in items if isinstance(i, Reading)]
    chunks = [i for i in items if isinstance(i, Chunk)]
    assert items[:len(readings)] == readings, "all the reading comes before the first word"
    assert len(readings) >= 3
    done = [r.done for r in readings]
    assert done == sorted(done) and done[-1] < readings[0].total
    assert "".join(c.text for c in chunks) == whole["choices"][0]["text"]


@pytest.mark.slow
def test_stop_while_the_prompt_is_read_ends_it_before_any_word(model):
    prompt, stop = _prompt(model, "Which rule is the longest?")
    model.llama.reset()
    cancel = threading.Event()
    stream = model.generate(prompt, stop, 24, cancel)
    first = next(stream)
    cancel.set()
    rest = list(stream)
    assert isinstance(first, Reading)
    assert not [i for i in rest if isinstance(i, Chunk)]
    assert max([first.done] + [r.done for r in rest]) < first.total


@pytest.mark.slow
def test_a_second_question_on_the_same_sources_does_not_read_them_again(model):
    prompt, stop = _prompt(model, "Within how many days are expenses of type 3 paid?")
    list(model.generate(prompt, stop, 8, threading.Event()))
    again, _ = _prompt(model, "Within how many days are expenses of type 9 paid?")
    first = next(iter(model.generate(again, stop, 8, threading.Event())))
    assert first.done > 0.8 * first.total, "the shared prefix stays in llama.cpp's cache"
    # what the window says is the wait: only the new question's tokens
    assert first.cached == first.done and 0 < first.to_read < 0.2 * first.total


@pytest.mark.slow
def test_a_prompt_of_another_kind_between_two_answers_does_not_cost_the_second_its_cache(model):
    # The quote check reads its own prompt after each answer; the next
    # answer shares its system prompt and sources with the last answer, not
    # with the check's prompt.
    prompt, stop = _prompt(model, "Within how many days are expenses of type 3 paid?")
    again, _ = _prompt(model, "Within how many days are expenses of type 9 paid?")
    model.llama.reset()
    list(model.generate(prompt, stop, 8, threading.Event()))
    straight = list(model.generate(again, stop, 16, threading.Event()))

    model.llama.reset()
    list(model.generate(prompt, stop, 8, threading.Event()))
    other, _ = model.render([{"role": "system", "content": "Pick the rule's number."},
                             {"role": "user", "content": "Rule 1 or rule 2?"}])
    model.next_token_probabilities(other, ["1", "2"], threading.Event())
    after_other = list(model.generate(again, stop, 16, threading.Event()))

    assert after_other[0].done > 0.8 * after_other[0].total, "the answers' prefix is not read again"
    assert after_other == straight, "the same answer as with nothing in between"


@pytest.mark.slow
def test_no_copy_is_kept_of_a_cache_too_big_to_be_worth_it(model, monkeypatch):
    import app.llm.local as model_module

    prompt, stop = _prompt(model, "Within how many days are expenses of type 4 paid?")
    list(model.generate(prompt, stop, 4, threading.Event()))
    assert model._kept is not None
    monkeypatch.setattr(model_module, "KEEP_AT_MOST", 1024)
    list(model.generate(prompt, stop, 4, threading.Event()))
    assert model._kept is None, "an older, smaller copy is not kept either"


@pytest.mark.slow
def test_the_model_process_passes_the_reading_on():
    from app.llm.process import ModelProcess

    child = ModelProcess(None)
    try:
        prompt, stop = child.render([{"role": "user", "content": f"{LONG}\n\nQuestion: type 5?"}])
        items = list(child.generate(prompt, stop, 8, threading.Event()))
        assert isinstance(items[0], Reading) and items[0].total > 500
        assert items[0].cached == 0 and items[0].to_read == items[0].total, "read cold"
        assert [i for i in items if isinstance(i, Chunk)]
        assert child.architecture == "llama" and child.size_label == "135M"
    finally:
        child.close()


def test_threads_are_one_per_physical_core_and_never_zero(monkeypatch):
    import psutil

    monkeypatch.setattr(psutil, "cpu_count", lambda logical=True: None if not logical else 8)
    assert physical_cores() >= 1
    monkeypatch.setattr(psutil, "cpu_count", lambda logical=True: 4 if not logical else 8)
    assert physical_cores() == 4
    assert LocalModel(threads=None).threads == 4


@pytest.mark.slow
def test_stop_while_the_model_process_reads_ends_it_and_the_next_question_gets_a_fresh_one():
    from app.llm.process import ModelProcess

    child = ModelProcess(None)
    try:
        prompt, stop = child.render([{"role": "user", "content": f"{LONG * 3}\n\nQuestion: 5?"}])
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        items = list(child.generate(prompt, stop, 8, cancel))
        assert not [i for i in items if isinstance(i, Chunk)], "nothing written after Stop"
        assert child.count("annual leave") > 0, "the next request starts a fresh child"
        again = list(child.generate(prompt, stop, 4, threading.Event()))
        assert [i for i in again if isinstance(i, Chunk)]
    finally:
        child.close()
