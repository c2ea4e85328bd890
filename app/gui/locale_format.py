"""Numbers and dates as the window's language writes them ("1 234,5",
"7 дек. 2026"), through QLocale's default, which app/gui/translations.py sets
with the language.

Until a language is installed (the tests, a bare QApplication) the default is
the system's; the POSIX "C" locale writes 1234 with no grouping, so it is read
as American English, which is what the window wrote before it was translated.
"""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, QLocale, QTime


def locale() -> QLocale:
    current = QLocale()
    if current.language() == QLocale.Language.C:
        return QLocale("en_US")
    return current


def number(value: float, decimals: int = 0) -> str:
    """A count or a measurement with the language's grouping and decimal mark."""
    if decimals == 0:
        return locale().toString(int(round(value)))
    return locale().toString(float(value), "f", decimals)


def percent(fraction: float, decimals: int = 0) -> str:
    """0.734 → "73%" / "73 %" as the language writes a percentage."""
    spaced = locale().language() in _SPACED_PERCENT
    return number(fraction * 100, decimals) + ("\u00a0%" if spaced else "%")


# Languages that put a (no-break) space before the percent sign.
_SPACED_PERCENT = {QLocale.Language.German, QLocale.Language.Russian, QLocale.Language.Spanish}




def short_date(moment: dt.datetime) -> str:
    """A day: "Dec 7, 2026" / "7 дек. 2026 г." / "07.12.26" as the language writes it short."""
    return locale().toString(QDate(moment.year, moment.month, moment.day),
                             QLocale.FormatType.ShortFormat)


def day_and_month(moment: dt.datetime) -> str:
    """A day this year, without the year: "Dec 7" / "7 дек." / "7 dic" / "7. Dez."."""
    return locale().toString(QDate(moment.year, moment.month, moment.day),
                             _DAY_MONTH.get(locale().language(), "MMM d"))


# QLocale has no "day and month" format; these are how each language writes one.
_DAY_MONTH = {QLocale.Language.Russian: "d MMM", QLocale.Language.Spanish: "d MMM",
              QLocale.Language.German: "d. MMM"}


def clock(moment: dt.datetime) -> str:
    """A time of day, as the language writes it (24 h in ru/es/de)."""
    return locale().toString(QTime(moment.hour, moment.minute), QLocale.FormatType.ShortFormat)
