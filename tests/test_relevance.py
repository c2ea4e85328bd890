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


# -- the answerer's decision, over one or several handbooks ----------------------------

class Store:
    def __init__(self, languages: list[str], texts: dict[int, str]):
        self._languages, self.texts = languages, texts

    def languages(self) -> list[str]:
        return self._languages

    def chunks_by_id(self, ids) -> dict[int, dict]:
        return {i: {"text": self.texts[i]} for i in ids if i in self.texts}


class Handbooks:
    """A searcher over handbooks whose candidates' ids tell which (id // 1000)."""

    embedder = None  # the evidence finder's, not read here

    def __init__(self, *handbooks):
        self.handbooks = handbooks
        self.store = Store([], {i: t for h in handbooks for i, t in h.store.texts.items()})

    def index_of(self, chunk_id: int) -> int:
        return chunk_id // 1000

    def searcher_of(self, index: int):
        return self.handbooks[index]


@dataclass
class Handbook:
    embedder: object
    store: Store


@dataclass
class Response:
    query: str
    candidates: list
    results: tuple = ("a section",)


def relevant(searcher, query: str, candidates: list, threshold: float | None = None) -> bool:
    from app.answers.answerer import Answerer

    return Answerer(searcher, None, relevance_threshold=threshold)._relevant(
        Response(query, candidates))


RUSSIAN = Handbook(E5Like(), Store(["ru"], TEXTS))


def test_a_follow_up_is_judged_with_the_question_it_was_searched_with():
    # "А совместителям?" alone shares no word with the children; searched
    # together with the question before it, it does
    near = [Candidate(1, 0.17), Candidate(3, 0.18)]
    assert relevant(Handbooks(RUSSIAN), "Сколько дней отпуска в год? А совместителям?", near)
    assert not relevant(Handbooks(RUSSIAN), "А совместителям?", near)


def test_each_handbook_is_held_to_its_own_embedders_measure():
    english = Handbook(MiniLMLike(), Store(["en"], {1001: "Bicycles are parked at gate B."}))
    searcher = Handbooks(RUSSIAN, english)
    assert relevant(searcher, "Сколько дней отпуска в год?", [Candidate(1001, 0.5)])
    assert not relevant(searcher, "Сколько дней отпуска в год?", [Candidate(1, 0.5)])


def test_a_threshold_asked_for_is_the_only_measure_even_zero():
    assert not relevant(Handbooks(RUSSIAN), "Сколько дней отпуска в год?",
                        [Candidate(1, 0.01)], threshold=0.0)
    assert relevant(Handbooks(RUSSIAN), "Как испечь хлеб?", [Candidate(1, 0.0)], threshold=0.0)


def test_a_question_too_short_to_tell_is_held_to_the_threshold_alone():
    undetermined = Handbook(E5Like(), Store(["und", "ru"], TEXTS))
    assert relevant(Handbooks(undetermined), "ls -la?", [Candidate(1, 0.17)])
