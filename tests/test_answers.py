"""The answer pipeline: streaming, stop, citations, refusals, follow-ups, model files."""
import json
import socket
import threading

import pytest

from app.answers.answerer import (NOTHING_FOUND, Answerer, Conversation, Finished, Status,
                                  Token)
from app.llm.contract import Chunk, ModelError
from app.llm.local import LocalModel, check_model_file
from app.cli import main
from app.common.bundled import answer_model_path
from fakes import FakeChatModel, FakeFinder, FakeResult, FakeSearcher

RESULTS = [FakeResult(1, "handbook.md", "Leave › Annual leave", "Annual leave is 28 days."),
           FakeResult(2, "travel.pdf", "Travel › Hotels", "Hotels up to 160 GBP.", page=4)]


def run(answerer, question, **options):
    events = list(answerer.ask(question, **options))
    tokens = "".join(e.text for e in events if isinstance(e, Token))
    (finished,) = [e for e in events if isinstance(e, Finished)]
    return events, tokens, finished.answer


def test_events_stream_in_order_and_the_answer_carries_its_citations():
    model = FakeChatModel()
    model.enqueue("Leave", " is", " 28", " days", " [1]", ".")
    events, tokens, answer = run(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=2), "How much leave?")
    stages = [e.stage for e in events if isinstance(e, Status)]
    assert stages == ["searching", "reading", "generating"]
    assert tokens == answer.text == "Leave is 28 days [1]."
    assert [c["n"] for c in answer.citations] == [1] and answer.cited
    assert answer.citations[0]["source"] == "handbook.md"
    assert answer.context_tokens <= answer.n_ctx


def test_a_marker_pointing_at_nothing_never_reaches_the_screen():
    model = FakeChatModel()
    model.enqueue("Hotels", " are", " capped", " [", "7", "]", " [2", "].")
    _, tokens, answer = run(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=2), "Hotels?")
    assert "[7]" not in tokens and tokens == answer.text == "Hotels are capped [2]."
    assert [c["n"] for c in answer.citations] == [2]


def test_an_answer_without_markers_is_attributed_to_the_source_it_shares_words_with():
    model = FakeChatModel()
    model.enqueue("Annual", " leave", " is", " generous.", " Hotels", " are", " capped.")
    _, _, answer = run(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=2,
                                one_sentence=False),  # an answer of two sentences
                       "How much leave?")
    assert not answer.cited
    assert [(answer.text[a["start"]:a["end"]], a["n"]) for a in answer.attributed] == [
        ("Annual leave is generous.", 1), ("Hotels are capped.", 2)]
    assert [c["source"] for c in answer.citations] == ["handbook.md", "travel.pdf"]


def test_an_answer_sharing_no_word_with_any_source_still_lists_every_source():
    model = FakeChatModel()
    model.enqueue("Maybe.")
    _, _, answer = run(Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=2), "Leave?")
    assert not answer.cited and answer.attributed == []
    assert [c["source"] for c in answer.citations] == ["handbook.md", "travel.pdf"]


def test_stop_ends_generation_between_tokens():
    model = FakeChatModel()
    model.enqueue(*[f" w{i}" for i in range(100)])
    cancel = threading.Event()
    seen = []
    for event in Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=2).ask("q", cancel=cancel):
        if isinstance(event, Token):
            seen.append(event.text)
            if len(seen) == 3:
                cancel.set()
        if isinstance(event, Finished):
            answer = event.answer
    assert answer.stopped and len(answer.text.split()) <= 4


def test_nothing_relevant_means_no_generation():
    model = FakeChatModel()
    model.enqueue("made", " up")
    _, tokens, answer = run(Answerer(FakeSearcher(RESULTS, distance=0.9), model, finder=FakeFinder(), prompt_units=2), "Sourdough?")
    assert model.prompts == [] and tokens == ""
    assert answer.text == NOTHING_FOUND and answer.refused and answer.citations == []


def test_an_off_topic_question_is_refused_in_its_own_language():
    from app.answers.prompting.languages import NOTHING_FOUND_IN

    model = FakeChatModel()
    for question, language in (("Как испечь хлеб на закваске?", "ru"),
                               ("Wie backe ich ein Sauerteigbrot zu Hause?", "de"),
                               ("¿Cómo se hace el pan de masa madre en casa?", "es")):
        answerer = Answerer(FakeSearcher(RESULTS, distance=0.9), model, finder=FakeFinder(),
                            prompt_units=2)
        _, _, answer = run(answerer, question)
        assert answer.text == NOTHING_FOUND_IN[language] and answer.refused
    assert model.prompts == []


def test_follow_ups_keep_history_and_search_with_the_previous_question():
    model = FakeChatModel()
    model.enqueue("28", " days", " [1]")
    model.enqueue("Yes", " [1]")
    searcher = FakeSearcher(RESULTS)
    answerer = Answerer(searcher, model, finder=FakeFinder(), prompt_units=2)
    conversation = Conversation()
    for question in ("How many days of annual leave do I get?", "And can I carry them over?"):
        *_, last = answerer.ask(question, conversation)
        conversation.add(last.answer)
    assert searcher.queries[1] == "How many days of annual leave do I get? And can I carry them over?"
    assert "28 days [1]" in model.prompts[1], "the previous answer is in the second prompt"


@pytest.mark.parametrize("content, expected", [
    (None, "does not exist"),
    (b"", "empty"),
    (b"PK\x03\x04 this is a zip file", "not a GGUF"),
])
def test_bad_model_files_are_named_with_what_to_do(tmp_path, content, expected):
    path = tmp_path / "model.gguf"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ModelError, match=expected) as error:
        check_model_file(path)
    assert str(path) in str(error.value) and "Settings" in str(error.value)


@pytest.mark.slow
def test_a_truncated_model_file_is_refused_in_words(tmp_path):
    truncated = tmp_path / "truncated.gguf"
    with open(answer_model_path(), "rb") as source:
        truncated.write_bytes(source.read(2_000_000))
    model = LocalModel(truncated)
    with pytest.raises(ModelError, match="could not be loaded.*truncated or damaged"):
        model.load()


@pytest.mark.slow
def test_a_context_smaller_than_the_reserved_answer_is_a_clear_message(sample_index, capsys):
    code = main(["ask", "How many days of annual leave do I get?", "--db", str(sample_index),
                 "--ctx", "256", "--answer-tokens", "300", "--prompt", "sections"])
    assert code == 1
    assert "cannot hold the question" in capsys.readouterr().err


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to open an internet socket fails the test."""
    real_socket = socket.socket

    def guarded(family=socket.AF_INET, *args, **kwargs):
        if family in (socket.AF_INET, socket.AF_INET6):
            raise AssertionError("the app tried to open a network socket")
        return real_socket(family, *args, **kwargs)

    monkeypatch.setattr(socket, "socket", guarded)
    monkeypatch.setattr(socket, "create_connection",
                        lambda *a, **k: (_ for _ in ()).throw(AssertionError("network")))


@pytest.mark.slow
def test_ask_answers_from_the_sample_handbook_with_the_real_model_offline(sample_index, capsys,
                                                                          no_network):
    code = main(["ask", "How many days of annual leave do I get?", "--db", str(sample_index),
                 "--json"])
    assert code == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["answer"].strip()
    assert answer["model"] == "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert 0 < answer["context_tokens"] <= answer["n_ctx"] == 4096
    assert answer["citations"]
    sources = {(c["source"], c["heading"]) for c in answer["citations"]}
    assert ("employee-handbook.md",
            "Quillmoor Labs Employee Handbook › Leave › Annual leave") in sources


@pytest.mark.slow
def test_eval_answers_runs_the_real_model_on_the_first_cases(sample_index, capsys, no_network):
    """`eval --answers --limit 3`: the real bundled model answers each golden
    question; the report carries every figure the issue names, per case the
    answer given, and its evidence ranks agree with the quotes `search` shows."""
    from app.common.bundled import SAMPLE_GOLDEN

    code = main(["eval", str(SAMPLE_GOLDEN), "--db", str(sample_index), "--answers",
                 "--limit", "3", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cases"] == 3 and report["model"] == "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert set(report["overall"]) >= {"evidence@1", "evidence@3", "answer_accuracy",
                                      "unsupported_rate", "citation_precision",
                                      "not_in_quote_rate"}
    assert all(case["answer"].strip() for case in report["per_case"])
    assert report["timing"]["first_token_median_s"] is not None
    first = report["per_case"][0]
    assert main(["search", "How many weeks at full pay does the main carer get after a birth "
                 "or adoption?", "--db", str(sample_index), "--json"]) == 0
    quotes = [e["text"].lower() for e in json.loads(capsys.readouterr().out)["evidence"]]
    held = next((n for n, q in enumerate(quotes, 1)
                 if "the first 18 weeks are paid at full salary" in q), None)
    assert first["evidence_rank"] == held


@pytest.mark.slow
def test_search_says_how_far_the_first_quote_can_be_trusted(sample_index, capsys):
    """The JSON names the card the app shows, the first quote carries its
    calibrated confidence, and the text output titles the quotes to match."""
    from app.answers.evidence.confidence import SINGLE_QUOTE

    question = "How many weeks at full pay does the main carer get after a birth or adoption?"
    assert main(["search", question, "--db", str(sample_index), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    first = found["evidence"][0]
    assert 0.0 < first["confidence"] < 1.0
    assert found["card"] == ("single" if first["confidence"] >= SINGLE_QUOTE else "passages")
    assert all("confidence" not in e for e in found["evidence"][1:])
    assert main(["search", question, "--db", str(sample_index)]) == 0
    text = capsys.readouterr().out
    title = "From the handbook:" if found["card"] == "single" else "Passages that may answer:"
    assert text.startswith(title)


@pytest.mark.slow
def test_search_keeps_working_when_the_model_file_is_broken(sample_index, tmp_path, capsys):
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * 100)
    assert main(["ask", "leave?", "--db", str(sample_index), "--model", str(broken)]) == 1
    assert "could not be loaded" in capsys.readouterr().err
    assert main(["search", "leave?", "--db", str(sample_index), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"]


@pytest.mark.slow
def test_the_bundled_model_runs_from_its_q8_copy_made_once(isolated_home):
    from app.llm.fast_copy import copy_path

    model = LocalModel()
    model.load()
    copy = copy_path(answer_model_path())
    assert copy.is_file() and copy.is_relative_to(isolated_home)
    assert model.name == "SmolLM2-135M-Instruct.Q4_1.gguf"  # what the user chose, by name
    made = copy.stat().st_mtime_ns
    again = LocalModel()
    assert again.count("How many days of annual leave?") == \
        model.count("How many days of annual leave?")
    assert copy.stat().st_mtime_ns == made  # reused, not made again
    assert not [p for p in copy.parent.iterdir() if p.name.endswith(".partial")]


@pytest.mark.slow
def test_a_damaged_copy_falls_back_to_the_bundled_file_and_is_made_again():
    from app.llm.fast_copy import copy_path

    copy = copy_path(answer_model_path())
    copy.parent.mkdir(parents=True)
    copy.write_bytes(b"GGUF" + b"\0" * 1000)
    model = LocalModel()
    model.load()  # no error: the bundled file itself
    assert model.count("annual leave") > 0
    assert not copy.exists()
    LocalModel().load()
    assert copy.stat().st_size > 100_000_000


def test_a_copy_that_cannot_be_made_means_the_bundled_file_is_used(tmp_path, monkeypatch):
    import app.llm.fast_copy as fast_copy

    def fail(source, target):
        target.write_bytes(b"half")
        raise RuntimeError("llama.cpp could not re-quantise the model (status 1)")

    source = tmp_path / "model.gguf"
    source.write_bytes(b"GGUF")
    monkeypatch.setattr(fast_copy, "_quantize", fail)
    assert fast_copy.fast_copy(source) == source
    assert not list(fast_copy.copy_path(source).parent.iterdir())  # no partial file left


def test_half_made_copies_of_killed_runs_are_cleaned_up(tmp_path, monkeypatch):
    import os
    import time as clock

    import app.llm.fast_copy as fast_copy

    source = tmp_path / "model.gguf"
    source.write_bytes(b"GGUF")
    target = fast_copy.copy_path(source)
    target.parent.mkdir(parents=True)
    stale = target.with_name(f".{target.name}.12345.partial")
    fresh = target.with_name(f".{target.name}.23456.partial")
    stale.write_bytes(b"half")
    fresh.write_bytes(b"half")
    old = clock.time() - 3600
    os.utime(stale, (old, old))
    monkeypatch.setattr(fast_copy, "_quantize", lambda s, t: t.write_bytes(b"GGUF copy"))
    assert fast_copy.fast_copy(source) == target
    assert not stale.exists() and fresh.exists()  # another process may still be making it


@pytest.mark.slow
def test_the_model_process_loads_itself_whatever_is_asked_first():
    """A caller may count or render before anything else: the child process
    must load the model then, not crash on a missing one."""
    from app.llm.process import ModelProcess

    rendering, counting = ModelProcess(None), ModelProcess(None)
    try:
        text, _ = rendering.render([{"role": "user", "content": "How many days of leave?"}])
        assert "<|im_start|>user\nHow many days of leave?" in text
        assert counting.count("annual leave") > 0
    finally:
        rendering.close()
        counting.close()


@pytest.mark.slow
def test_a_model_process_left_mid_answer_replies_to_the_next_request_itself():
    """A reader that stops mid-answer (the Answerer does when the answer's first
    sentence is complete while the model is still writing): the next request
    gets its own reply, not one of the abandoned answer's tokens. (The desktop
    app's next question failed so, since answers stop at their first sentence.)"""
    from app.llm.process import ModelProcess

    model = ModelProcess(None)
    try:
        prompt, stop = model.render([{"role": "user", "content": "Tell a long story."}])
        stream = model.generate(prompt, stop, 200, threading.Event())
        words = (item for item in stream if isinstance(item, Chunk))
        next(words), next(words)
        stream.close()
        counted = model.count("annual leave")
        assert isinstance(counted, int) and counted > 0, counted
        text, _ = model.render([{"role": "user", "content": "How many days of leave?"}])
        assert "How many days of leave?" in text
    finally:
        model.close()


def test_a_new_question_is_asked_without_the_previous_answer_a_follow_up_with_it():
    model = FakeChatModel()
    for _ in range(3):
        model.enqueue("Noted", " [1].")
    answerer = Answerer(FakeSearcher(RESULTS), model, finder=FakeFinder(), prompt_units=2)
    conversation = Conversation()
    for question in ("How many days of annual leave do I get?",
                     "What is the hotel limit in London for one night?", "And in Berlin?"):
        *_, last = answerer.ask(question, conversation)
        conversation.add(last.answer)
    assert "annual leave do I get" not in model.prompts[1], "a new question starts afresh"
    assert "hotel limit in London" in model.prompts[2], "a follow-up keeps the history"


@pytest.mark.parametrize("text, declined", [
    ("The handbook does not say.", True),
    ("the handbook does not say", True),
    ("The handbook does not seem to say!", True),
    ("The handbook does not say [1].", True),
    ("**The handbook does not say.**", True),
    ("The handbook does not say how long, but 28 days are given.", False),
    ("You get 28 days.", False),
    # as the models wrap it: SmolLM2's usual form, and Qwen's
    ("The answer is: The handbook does not say.", True),
    ("Answer: the handbook does not say.", True),
    ("The passages do not mention this.", True),
    ("I'm sorry, but the provided text does not specify that.", True),
    ("The answer is: 28 days.", False),
    ("The passages do not mention a limit, so 28 days apply.", False),
])
def test_a_refusal_is_recognised_only_when_it_is_the_whole_answer(text, declined):
    from app.answers.answerer import declines

    assert declines(text) is declined


@pytest.mark.parametrize("text, pointed", [
    ("[1]", True), ("[1], [3].", True), ("[1–3]", True), ("**[2]**", True),
    ("See [1].", False), ("27 [1].", False), ("", False), ("The handbook does not say.", False),
])
def test_an_answer_of_markers_alone_is_told(text, pointed):
    from app.answers.answerer import points_only

    assert points_only(text) is pointed


def test_a_citation_marker_alone_is_never_shown_as_the_answer():
    """With whole sections the 1.5B answered 4 of 20 questions with "[1]" and
    nothing else: the card says the model wrote no answer and points at the
    quote, in the app, the copy and the CLI's text."""
    from app.answers.answerer import MODEL_POINTED_PASSAGES, Answerer, Finished
    from app.workspace.turns import Turn, copy_text
    from fakes import FakeChatModel, FakeFinder, FakeResult, FakeSearcher

    model = FakeChatModel()
    model.enqueue("[1]")
    searcher = FakeSearcher([FakeResult(1, "leave.md", "Leave", "Everyone gets 28 days.")])
    events = list(Answerer(searcher, model, finder=FakeFinder(confidence=0.3)).ask(
        "How many days of leave do I get?"))
    answer = next(e.answer for e in events if isinstance(e, Finished))
    assert answer.pointed and answer.declined and answer.to_json()["pointed"] is True
    turn = Turn("How many days of leave do I get?")
    turn.take_evidence(answer.evidence)
    turn.finish(answer)
    copied = copy_text(turn)
    assert MODEL_POINTED_PASSAGES in copied and "Model's answer" not in copied
