"""Evidence units in Russian, German and Spanish: a sentence ends where the
language ends it, not at its abbreviations, and every unit stays verbatim."""
from __future__ import annotations

import pytest

from app.answers.evidence.units import units_in


def sentences(text: str) -> list[str]:
    return [text[u.start:u.end] for u in units_in(text, 0, len(text), "paragraph")]


@pytest.mark.parametrize("text, expected", [
    ("Отпуск длится 28 дней. «Перенос» возможен, т. е. по заявлению. Пишите Иванову.",
     ["Отпуск длится 28 дней.", "«Перенос» возможен, т. е. по заявлению.",
      "Пишите Иванову."]),
    ("Die Zahlung erfolgt am 7. Dezember. „Ausgleich“ gibt es z. B. bzw. vgl. einmal. "
     "Überstunden verfallen nicht.",
     ["Die Zahlung erfolgt am 7. Dezember.",
      "„Ausgleich“ gibt es z. B. bzw. vgl. einmal.", "Überstunden verfallen nicht."]),
    ("Se paga por transferencia. ¿Cuándo? El día 15, p. ej. en marzo. Última línea.",
     ["Se paga por transferencia.", "¿Cuándo?", "El día 15, p. ej. en marzo.",
      "Última línea."]),
])
def test_sentences_end_where_the_language_ends_them(text, expected):
    assert sentences(text) == expected


def test_english_sentences_end_where_they_always_did():
    """The other languages' rules leave English alone: an English month
    after a year ends a sentence, an ellipsis does not."""
    text = "The format changed in 2019. August releases use the new one. Wait… Then restart."
    assert sentences(text) == ["The format changed in 2019.",
                               "August releases use the new one.", "Wait… Then restart."]
