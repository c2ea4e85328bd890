"""Whether a handbook holds anything about a question (app/answers/evidence/relevance.py).

e5 places every text close to every other: between its sure and its beyond
distance, a question in the handbook's language must share words with the
nearest children, and a question in another language (which shares none by
nature) is held to the threshold alone. MiniLM's rule is the distance alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from app.answers.evidence.relevance import about_the_question, shared_words


@dataclass
class Candidate:
    chunk_id: int
    vector_distance: float | None


class E5Like:
    relevance_threshold = 0.18
    relevance_band = (0.16, 0.19)


class MiniLMLike:
    relevance_threshold = 0.74
    relevance_band = None


TEXTS = {1: "Сотрудник получает 28 календарных дней оплачиваемого отпуска в год.",
         2: "Велосипеды оставляют на парковке у входа B.",
         3: "Заявление на отпуск подают за две недели."}


def about(question: str, best: float, embedder=E5Like(), languages=("ru",)) -> bool:
    candidates = [Candidate(1, best), Candidate(2, best + 0.01), Candidate(3, best + 0.02),
                  Candidate(4, None)]  # a child found by words only has no distance
    return about_the_question(question, candidates, embedder, lambda: list(languages),
                              lambda ids: {i: TEXTS[i] for i in ids if i in TEXTS})


def test_close_enough_is_about_the_question_whatever_its_words():
    assert about("Как испечь хлеб на закваске?", 0.15)


def test_beyond_the_band_nothing_is_about_it():
    assert not about("Сколько дней отпуска положено в год?", 0.195)


def test_in_the_band_a_question_sharing_the_handbooks_words_passes():
    assert about("Сколько дней отпуска положено в год?", 0.17)   # отпуска → отпуск, дней


def test_in_the_band_a_question_sharing_no_words_is_refused():
    assert not about("Как испечь хлеб на закваске?", 0.17)


def test_a_question_in_another_language_is_held_to_the_threshold_alone():
    # an English question on a Russian handbook shares no words with it
    assert about("How many days of leave do I get a year?", 0.175)
    assert not about("How many days of leave do I get a year?", 0.185)


def test_minilm_keeps_its_threshold_alone():
    assert about("Как испечь хлеб на закваске?", 0.70, MiniLMLike())
    assert not about("Сколько дней отпуска положено в год?", 0.75, MiniLMLike())


def test_no_distance_at_all_is_not_about_it():
    assert not about_the_question("отпуск?", [Candidate(1, None)], E5Like(), lambda: ["ru"],
                                  lambda ids: {})


def test_shared_words_count_forms_and_leave_out_function_words():
    assert shared_words("Сколько дней отпуска?", [TEXTS[1]], "ru") == 1.0  # «сколько» is a function word
    assert shared_words("¿Dónde aparco la bicicleta?", ["Las bicicletas se aparcan fuera."],
                        "es") == 1.0
    assert shared_words("Wie backe ich Brot?", ["Urlaub wird beantragt."], "de") == 0.0
