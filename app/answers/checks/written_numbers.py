"""Numbers as Russian, German and Spanish texts write them, made plain for
the fact check: "1,5" is 1.5, "1.000" and "1 000" are 1000, "07.12.2026"
and "7 декабря 2026" are the same day, "5 секунд" is 5 seconds.

The fact check (fact_check.py) compares an answer's numbers with its
sources' as digits with a decimal point. A German handbook's "1,5 Tage"
asked in English ("1.5 days") must be found, and a Russian answer's
"1 000 рублей" must not be read as 1 and 000. Which reading a comma or a
point has depends on the language the text is written in: "1,500" is one
and a half in German and fifteen hundred in English. English text (and
text too short to tell) is left as it is: its figures are the product's
reference point.
"""
from __future__ import annotations

import re

DECIMAL_COMMA = frozenset({"ru", "de", "es", "fr", "it", "pt", "nl"})

# Digit groups set apart by a space that never breaks a line (NBSP, narrow
# NBSP, thin space) or, in the decimal comma languages, a plain one
# ("1 000 рублей"): a thousands separator.
_GROUPED_THIN = re.compile(r"(?<![\d.,])\d{1,3}(?:[\u00a0\u202f\u2009]\d{3})+(?![\d])")
_GROUPED_SPACE = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d]|[.,]\d)")
_THOUSANDS_POINT = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.])")
_DECIMAL = re.compile(r"(?<![\d.,])(\d+),(\d+)(?!\d|,\d)")   # "1,5, fijado"; not "1,5,7"
_DOTTED_DATE = re.compile(r"(?<![\d.])(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(\d{4})(?![\d])")

# Month names (and their case forms) as the day stands with them: a date
# written in words and one in digits then give the same numbers.
MONTHS = {
    "ru": ("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр",
           "октябр", "ноябр", "декабр"),
    "de": ("januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september",
           "oktober", "november", "dezember"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"),
}
_RU_ENDINGS = r"(?:ь|я|а|е|й|ю)?"
_MONTH_AFTER_DAY = {
    language: re.compile(
        r"(?<![\d.,])(0?[1-9]|[12]\d|3[01])\.?\s+(?:de\s+)?("
        + "|".join(re.escape(m) + (_RU_ENDINGS if language == "ru" else "") for m in months)
        + r")\b(?:\s+(?:de\s+)?(\d{4})(?:\s*(?:г\.|года|год))?)?", re.IGNORECASE)
    for language, months in MONTHS.items()
}


# Units as those languages write them after a number, read as the English
# unit the fact check knows ("5 секунд" is 5 seconds, "3 Tage" 3 days): a
# number stated with another unit than its source's is then told apart. A
# form not listed here is no unit, which the check holds against nothing.
UNIT_WORDS = {
    "ru": (("миллисекунд[а-яё]*", "ms"), ("секунд[а-яё]*", "seconds"),
           ("минут[а-яё]*", "minutes"), ("час(?:а|ов|ам|ами|ах)?", "hours"),
           ("(?:день|дн(?:я|ей|ям|ями|ях))", "days"), ("недел(?:я|и|ь|ю|ям|ями|ях)", "weeks"),
           ("месяц[а-яё]*", "months"), ("(?:год(?:а|у|ов|ам)?|лет)", "years"),
           ("процент[а-яё]*", "percent"), ("(?:кб|килобайт[а-яё]*)", "kb"),
           ("(?:мб|мегабайт[а-яё]*)", "mb"), ("(?:гб|гигабайт[а-яё]*)", "gb")),
    "de": (("millisekunden?", "ms"), ("sekunden?", "seconds"), ("minuten?", "minutes"),
           ("stunden?", "hours"), ("tag(?:e|en)?", "days"), ("wochen?", "weeks"),
           ("monat(?:e|en)?", "months"), ("jahr(?:e|en)?", "years"), ("prozent", "percent")),
    "es": (("milisegundos?", "ms"), ("segundos?", "seconds"), ("minutos?", "minutes"),
           ("horas?", "hours"), ("d[ií]as?", "days"), ("semanas?", "weeks"),
           ("mes(?:es)?", "months"), ("años?", "years"), ("por ciento", "percent")),
}
_UNIT_AFTER = {  # a unit word right after a number: group uI names UNIT_WORDS[language][I]
    language: re.compile(r"[ \u00a0\u202f-]?(?:" + "|".join(
        f"(?P<u{i}>{pattern})" for i, (pattern, _) in enumerate(pairs))
        + r")(?![^\W\d_])", re.IGNORECASE)
    for language, pairs in UNIT_WORDS.items()
}
_NUMBER_WITH_UNIT = {
    language: re.compile(r"(?<![\w.,])\d+(?:\.\d+)?(?=" + pattern.pattern + ")", re.IGNORECASE)
    for language, pattern in _UNIT_AFTER.items()
}


def unit_after(text: str, position: int, language: str | None) -> str | None:
    """The English unit a unit word right after `position` names; None when
    no unit word of `language` stands there."""
    pattern = _UNIT_AFTER.get(language or "")
    match = pattern.match(text, position) if pattern else None
    return UNIT_WORDS[language][int(match.lastgroup[1:])][1] if match else None


def plain_units(text: str, language: str | None) -> str:
    """`text` with the English unit put between each number and its unit
    word (its numbers made plain first): the word itself stays, for the
    check of the words around a number."""
    if language not in UNIT_WORDS:
        return text
    return _NUMBER_WITH_UNIT[language].sub(
        lambda m: f"{m[0]} {unit_after(text, m.end(), language)}", text)


def plain_numbers(text: str, language: str | None) -> str:
    """`text` with its numbers written plainly: thousands unseparated, a
    decimal point, a date as "day month year" in digits."""
    if language not in DECIMAL_COMMA:
        return text
    text = _GROUPED_THIN.sub(_joined, text)
    text = _DOTTED_DATE.sub(lambda m: f"{int(m[1])} {int(m[2])} {m[3]}", text)
    if language in _MONTH_AFTER_DAY:
        text = _MONTH_AFTER_DAY[language].sub(lambda m: _date(m, language), text)
    text = _GROUPED_SPACE.sub(_joined, text)
    text = _THOUSANDS_POINT.sub(lambda m: m[0].replace(".", ""), text)
    return _DECIMAL.sub(r"\1.\2", text)


def _joined(match: re.Match) -> str:
    return re.sub(r"\D", "", match[0])


def _date(match: re.Match, language: str) -> str:
    word = match[2].lower()
    # the longest stem that begins the word: "ма" (май, мая) is not "март"
    month = max((i for i, stem in enumerate(MONTHS[language]) if word.startswith(stem)),
                key=lambda i: len(MONTHS[language][i]))
    year = f" {match[3]}" if match[3] else ""
    return f"{int(match[1])} {month + 1}{year}"


_EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december")
_EN_DAY_MONTH_YEAR = re.compile(r"\b(0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\s+(" + "|".join(_EN_MONTHS)
                                + r"),?\s+(\d{4})\b", re.IGNORECASE)
_EN_MONTH_DAY_YEAR = re.compile(r"\b(" + "|".join(_EN_MONTHS) + r")\s+(0?[1-9]|[12]\d|3[01])"
                                r"(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.IGNORECASE)


def whole_dates(text: str, language: str | None) -> str:
    """`text` with each whole date (day, month and year) as one ISO token,
    "2012-06-30", whichever way it is written ("30 июня 2012 года",
    "30.06.2012", "June 30, 2012", "30 June 2012"): a date is compared whole,
    not as three numbers that each may stand elsewhere."""
    def iso(year: str, month: int, day: str) -> str:
        return f"{year}-{month:02d}-{int(day):02d}"

    text = _EN_DAY_MONTH_YEAR.sub(
        lambda m: iso(m[3], _EN_MONTHS.index(m[2].lower()) + 1, m[1]), text)
    text = _EN_MONTH_DAY_YEAR.sub(
        lambda m: iso(m[3], _EN_MONTHS.index(m[1].lower()) + 1, m[2]), text)
    text = _DOTTED_DATE.sub(lambda m: iso(m[3], int(m[2]), m[1]), text)
    if language in _MONTH_AFTER_DAY:
        text = _MONTH_AFTER_DAY[language].sub(
            lambda m: iso(m[3], int(_date(m, language).split()[1]), m[1]) if m[3] else m[0], text)
    return text

