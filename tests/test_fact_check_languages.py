"""The fact check on answers and handbooks in Russian, German and Spanish:
numbers as those languages write them, names declined, answers across
languages. English is checked as before (tests/test_fact_check.py)."""
from __future__ import annotations

import pytest

from app.answers.checks.fact_check import unsupported
from app.answers.checks.written_numbers import plain_numbers

RU = ["Отпуск продлевается на 1,5 дня. Сумма компенсации составляет 1 000 рублей. "
      "Заявление передаётся Иванову до 07.12.2026."]
DE = ["Überstunden werden mit 1,5 Tagen Freizeit ausgeglichen. Der Zuschuss der "
      "Deutschen Bahn beträgt 1.000 Euro und wird am 7. Dezember gezahlt."]
ES = ["Cada empleado recibe 2,5 días de vacaciones por mes y una ayuda de 1.200 euros "
      "que se paga el 15 de marzo."]


def flagged(answer: str, sources: list[str], question: str) -> list[str]:
    return [fact.text for fact in unsupported(answer, sources, question)]


@pytest.mark.parametrize("text, language, plain", [
    ("1,5 дня и 1 000 рублей", "ru", "1.5 дня и 1000 рублей"),
    ("до 7 декабря 2026 г.", "ru", "до 7 12 2026"),
    ("am 07.12.2026: 1.000,50 Euro", "de", "am 7 12 2026: 1000.50 Euro"),
    ("el 15 de marzo, 1.200 euros", "es", "el 15 3, 1200 euros"),
    ("version 3.11.2 costs 1,500", "en", "version 3.11.2 costs 1,500"),  # English as it is
    ("1\u00a0000 pages", "en", "1\u00a0000 pages"),  # English as it is, even here
    ("10\u202f000 строк", "ru", "10000 строк"),
])
def test_numbers_are_read_as_their_language_writes_them(text, language, plain):
    assert plain_numbers(text, language) == plain


@pytest.mark.parametrize("answer, sources, question", [
    ("Отпуск продлевается на 1,5 дня.", RU, "На сколько продлевается отпуск?"),
    ("Компенсация — 1 000 рублей.", RU, "Какова компенсация?"),
    ("Заявление передаётся до 7 декабря 2026 года.", RU, "До какого числа?"),
    ("Es gibt 1,5 Tage Freizeit.", DE, "Wie viel Freizeit gibt es?"),
    ("Der Zuschuss beträgt 1.000 Euro.", DE, "Wie hoch ist der Zuschuss?"),
    ("Die Deutsche Bahn zahlt den Zuschuss am 7. Dezember.", DE, "Wer zahlt?"),
    ("Recibe 2,5 días de vacaciones al mes.", ES, "¿Cuántos días de vacaciones?"),
    ("La ayuda es de 1.200 euros.", ES, "¿Cuánto es la ayuda?"),
    # asked in English on the same pages: the answer writes numbers the English way
    ("The leave is extended by 1.5 days.", RU, "By how much is the leave extended?"),
    ("Compensation is 1,000 roubles.", RU, "How much is the compensation?"),
    ("The allowance is 1,000 euros.", DE, "How much is the allowance?"),
    ("You get 2.5 days of vacation per month.", ES, "How many vacation days a month?"),
])
def test_a_number_the_sources_hold_is_not_flagged(answer, sources, question):
    assert flagged(answer, sources, question) == []


@pytest.mark.parametrize("answer, sources, question, wrong", [
    ("Отпуск продлевается на 2,5 дня.", RU, "На сколько продлевается отпуск?", "2,5"),
    ("Компенсация — 1 500 рублей.", RU, "Какова компенсация?", "1 500"),
    ("Der Zuschuss beträgt 1.500 Euro.", DE, "Wie hoch ist der Zuschuss?", "1.500"),
    ("La ayuda es de 1.500 euros.", ES, "¿Cuánto es la ayuda?", "1.500"),
    ("Compensation is 2,000 roubles.", RU, "How much is the compensation?", "2,000"),
    ("The allowance is 1,200 euros.", DE, "How much is the allowance?", "1,200"),
])
def test_a_number_the_sources_do_not_hold_is_flagged(answer, sources, question, wrong):
    assert wrong in flagged(answer, sources, question)


def test_a_russian_name_is_found_in_another_case_and_an_unknown_one_is_flagged():
    question = "Кому передаётся заявление?"
    assert flagged("Заявление передают Иванову.", RU, question) == []
    assert flagged("Заявление передают Иванов или Петрову.", RU, question) == ["Петрову"]


def test_a_name_is_not_found_in_a_longer_word_that_begins_like_it():
    sources = ["Die Bahnhöfe in Deutschland öffnen um fünf Uhr."]
    assert flagged("Den Zuschuss zahlt die Deutsche Bahn.", sources, "Wer zahlt?") == \
        ["Deutsche Bahn"]


def test_an_english_answer_that_looks_spanish_is_read_as_english():
    """Locale names are Spanish and Portuguese stopwords: the answer is read
    in the question's language, as the sources are."""
    sources = ["Each user may keep up to 1,500 files in the shared folder. The locales "
               "de_DE.UTF-8 and es_ES.UTF-8 are installed."]
    answer = "Use de_DE.UTF-8 or es_ES.UTF-8; the limit is 1,500 files."
    assert flagged(answer, sources, "How many files may I keep?") == []


def test_german_nouns_are_no_names_but_a_name_of_two_words_is_checked():
    question = "Wer zahlt den Zuschuss?"
    assert flagged("Den Zuschuss zahlt die Firma als Ausgleich.", DE, question) == []
    assert flagged("Den Zuschuss zahlt die Deutsche Telekom.", DE, question) == \
        ["Deutsche Telekom"]


@pytest.mark.parametrize("answer, question, flagged", [
    ("Ждёт 5 секунд.", "Сколько ждёт резолвер?", []),
    ("Ждёт 5 минут.", "Сколько ждёт резолвер?", ["5"]),          # the source says seconds
    ("It waits 5 seconds.", "How long does the resolver wait?", []),
    ("It waits 5 minutes.", "How long does the resolver wait?", ["5 minutes"]),
    ("По умолчанию 5.", "Сколько ждёт резолвер?", []),           # no unit: nothing to hold
    ("Не больше 30 секунд.", "Какой предел?", []),                # the source gives 30 no unit
])
def test_a_number_with_another_unit_than_its_russian_source_is_flagged(answer, question,
                                                                       flagged):
    source = "Параметр timeout задаёт время ожидания: по умолчанию 5 секунд, не больше 30."
    assert [f.text for f in unsupported(answer, [source], question)] == flagged


@pytest.mark.parametrize("answer, flagged", [
    ("Es sind 3 Tage, die Pause höchstens 1,5 Stunden.", []),
    ("Es sind 3 Wochen.", ["3"]),
    ("Die Pause dauert höchstens 1,5 Minuten.", ["1,5"]),
    ("It is 3 days.", []),
])
def test_german_units_are_read_as_units(answer, flagged):
    source = "Der Standardwert ist 3 Tage; höchstens 1,5 Stunden Pause."
    assert [f.text for f in unsupported(answer, [source], "Wie lange?")] == flagged


def test_spanish_units_are_read_as_units():
    source = "Cada empleado tiene 27 días de vacaciones al año."
    assert not unsupported("Son 27 días.", [source], "¿Cuántos días?")
    assert [f.text for f in unsupported("Son 27 semanas.", [source], "¿Cuántos días?")] == ["27"]
