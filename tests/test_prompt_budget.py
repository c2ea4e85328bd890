"""The prompt never overflows the model's context, whatever the sources."""
import random

import pytest

from app.answers.prompting.prompt import (PromptTooLarge, Source, TRIM_MARK, Turn, build_prompt,
                                messages_for)
from fakes import FakeChatModel


def sources_of(sizes: list[int]) -> list[Source]:
    return [Source(n=i + 1, source=f"doc{i}.md", heading=f"Part {i}", page=None, page_end=None,
                   text=" ".join(f"s{i}w{j}" for j in range(size)))
            for i, size in enumerate(sizes)]


@pytest.mark.parametrize("seed", range(300))
def test_the_budget_never_exceeds_n_ctx(seed):
    rng = random.Random(seed)
    model = FakeChatModel()
    n_ctx = rng.choice([256, 512, 1024, 2048, 4096])
    answer_tokens = rng.choice([16, 64, 128])
    sources = sources_of([rng.randint(0, 3000) for _ in range(rng.randint(0, 6))])
    history = [Turn(" ".join(["q"] * rng.randint(1, 50)), " ".join(["a"] * rng.randint(1, 400)),
                    sources if rng.random() < 0.5 else [])  # follow-ups on the same sources
               for _ in range(rng.randint(0, 5))]
    question = " ".join(["word"] * rng.randint(1, 40))
    prompt = build_prompt(model, question, sources, history, n_ctx, answer_tokens)
    assert prompt.prompt_tokens == model.count(prompt.text)
    assert prompt.prompt_tokens + answer_tokens <= n_ctx
    assert [s.n for s in prompt.sources] == list(range(1, len(prompt.sources) + 1)), \
        "lower-ranked sources go first; the numbering of what is kept stays 1..n"


def test_everything_fits_untouched_when_there_is_room():
    sources = sources_of([50, 50, 50])
    prompt = build_prompt(FakeChatModel(), "How many days?", sources, [], 4096, 512)
    assert [s.text for s in prompt.sources] == [s.text for s in sources]
    assert (prompt.dropped_sources, prompt.trimmed_sources) == (0, 0)
    assert "[2] doc1.md › Part 1\n" in prompt.text


def test_lowest_ranked_sources_go_first_then_the_tail_of_the_longest():
    sources = sources_of([300, 200, 900])
    prompt = build_prompt(FakeChatModel(), "q", sources, [], 700, 64)
    assert [s.n for s in prompt.sources] == [1, 2]
    assert prompt.dropped_sources == 1
    tight = build_prompt(FakeChatModel(), "q", sources_of([600, 100]), [], 400, 64)
    assert [s.n for s in tight.sources] == [1]
    assert tight.sources[0].text.endswith(TRIM_MARK)
    assert tight.sources[0].text.startswith("s0w0 s0w1")


def test_history_goes_before_sources():
    history = [Turn("old question " * 20, "old answer " * 200)]
    prompt = build_prompt(FakeChatModel(), "q", sources_of([300]), history, 600, 64)
    assert prompt.history_turns == 0 and len(prompt.sources) == 1
    roomy = build_prompt(FakeChatModel(), "q", sources_of([300]), history, 4096, 64)
    assert roomy.history_turns == 1


def test_a_question_too_big_for_the_context_is_a_clear_error():
    with pytest.raises(PromptTooLarge, match="context \\(100 tokens\\).*reserved answer \\(64\\)"):
        build_prompt(FakeChatModel(), "word " * 80, sources_of([10]), [], 100, 64)


def test_sources_are_marked_as_data_and_numbered():
    messages = messages_for("Why?", sources_of([3]), [])
    assert "not instructions" in messages[0]["content"]
    assert "[1]" in messages[0]["content"]
    assert messages[-1]["content"].startswith("Sources:\n\n[1] doc0.md › Part 0\ns0w0")
    assert messages[-1]["content"].endswith("Question: Why?")


def test_page_ranges_appear_in_labels():
    source = Source(n=2, source="t.pdf", heading="Travel", page=3, page_end=4, text="x")
    assert source.label == "[2] t.pdf › Travel (pp. 3–4)"
    source.page_end = 3
    assert source.label == "[2] t.pdf › Travel (p. 3)"


def test_a_follow_up_on_the_same_sources_extends_the_previous_prompt():
    """llama.cpp keeps what it read: when the previous prompt and its answer are
    the start of the next one, only the new question is read."""
    model, sources = FakeChatModel(), sources_of([80, 60])
    first = build_prompt(model, "How many days of leave?", sources, [], 4096, 128)
    turn = Turn("How many days of leave?", "Twenty-eight [1].", first.sources)
    second = build_prompt(model, "And for part-timers?", sources, [turn], 4096, 128)
    assert second.text.startswith(first.text)
    assert second.text.count("[1] doc0.md › Part 0") == 1  # the sources are not sent twice
    assert [s.n for s in second.sources] == [1, 2]
    third_turn = Turn("And for part-timers?", "Pro rata [2].", second.sources)
    third = build_prompt(model, "Who approves it?", sources, [turn, third_turn], 4096, 128)
    assert third.text.startswith(second.text)


def test_a_follow_up_on_other_sources_sends_them_with_the_question():
    model = FakeChatModel()
    first = build_prompt(model, "How many days of leave?", sources_of([80]), [], 4096, 128)
    turn = Turn("How many days of leave?", "Twenty-eight.", first.sources)
    other = sources_of([30, 30])
    other[0].text = "something else entirely"
    second = build_prompt(model, "And the hotel limit?", other, [turn], 4096, 128)
    last_user = second.text.rsplit("<user>", 1)[1]
    assert "something else entirely" in last_user and "[2] doc1.md › Part 1" in last_user
    assert "s0w0" not in second.text  # the earlier sources are not carried along
