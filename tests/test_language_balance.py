"""A question in another language than the handbook's (app/search/language_balance.py).

A multilingual embedder ranks text in the question's own language ahead of
the same meaning in another: an English question on a Russian handbook drew
half its top five from the untranslated English leftovers. The handbook's
own text is dealt first, two to one, and nothing is dropped.
"""
from __future__ import annotations

from dataclasses import dataclass

from app.search.language_balance import handbook_language_first

RU = "Сотрудник получает двадцать восемь календарных дней оплачиваемого отпуска каждый год."
EN = "The employee gets twenty eight calendar days of paid leave every single year here."


@dataclass
class Candidate:
    chunk_id: int


def dealt(question: str, texts: dict[int, str], languages=("ru",)) -> list[int]:
    candidates = [Candidate(i) for i in texts]
    return [c.chunk_id for c in handbook_language_first(
        candidates, question, lambda: list(languages),
        lambda ids: {i: texts[i] for i in ids})]


def test_the_handbooks_own_language_comes_first_two_to_one():
    texts = {1: EN, 2: EN, 3: RU, 4: RU, 5: RU, 6: EN}
    assert dealt("How many days of paid leave do I get a year?", texts) == [3, 4, 1, 5, 2, 6]


def test_a_question_in_the_handbooks_language_keeps_its_ranking():
    texts = {1: EN, 2: RU, 3: RU}
    assert dealt("Сколько дней отпуска в году?", texts) == [1, 2, 3]
    assert dealt("How many days of paid leave do I get a year?", texts,
                 languages=("en", "ru")) == [1, 2, 3]


def test_a_question_too_short_to_tell_keeps_its_ranking():
    assert dealt("ls -l?", {1: EN, 2: "ls -l --all", 3: RU}) == [1, 2, 3]


def test_an_index_that_recorded_no_languages_keeps_its_ranking():
    # documents indexed before languages were recorded: nothing to tell by
    texts = {1: EN, 2: EN, 3: RU}
    assert dealt("How many days of paid leave do I get a year?", texts, languages=()) == [1, 2, 3]
