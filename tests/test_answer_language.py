"""The answer in the asker's language: the prompt asks for it, the refusal is known in it."""
import pytest

from app.answers.answerer import Answerer, Finished, declines
from app.answers.prompting.languages import answer_rule
from app.answers.prompting.styles import SMOLLM2
from fakes import FakeChatModel, FakeFinder, FakeResult, FakeSearcher

PASSAGE = "Каждый сотрудник получает 27 дней оплачиваемого отпуска в год."


def ask(question: str, *reply: str):
    model = FakeChatModel()
    model.enqueue(*reply)
    searcher = FakeSearcher([FakeResult(1, "otpusk.md", "Отпуск", PASSAGE)])
    events = list(Answerer(searcher, model, finder=FakeFinder()).ask(question))
    return model.prompts[0], next(e.answer for e in events if isinstance(e, Finished))


@pytest.mark.parametrize("question, language", [
    ("Сколько дней отпуска у меня в году?", "Russian"),
    ("Wie viele Urlaubstage habe ich im Jahr?", "German"),
    ("¿Cuántos días de vacaciones tengo al año?", "Spanish"),
])
def test_a_question_in_another_language_asks_for_the_answer_in_it(question, language):
    prompt, _ = ask(question, "27", " [1].")
    assert f"Write the answer in {language}." in prompt


def test_an_english_question_leaves_the_prompt_as_it_was_measured():
    """The English figures were measured with this prompt: not a word more."""
    prompt, _ = ask("How many days of leave do I get a year?", "27", " days", " [1].")
    assert "Write the answer in" not in prompt and SMOLLM2.focused_system in prompt
    assert answer_rule("ls -la /etc/fstab") == ""  # names and paths alone: English


@pytest.mark.parametrize("refusal", ["В справочнике об этом не сказано.",
                                     "Das Handbuch sagt dazu nichts.",
                                     "El manual no lo dice.", "The handbook does not say."])
def test_the_refusal_is_known_in_each_language(refusal):
    assert declines(refusal)
    first, *rest = refusal.split(" ")
    _, answer = ask("Сколько стоит парковка?", first, *(" " + word for word in rest))
    assert answer.declined


@pytest.mark.parametrize("answer", ["В справочнике не указано, сколько дней, но 27 [1].",
                                    "El manual no lo dice, pero son 27 días [1]."])
def test_an_answer_that_only_starts_like_a_refusal_is_an_answer(answer):
    assert not declines(answer)
