"""Numbers the quote states otherwise: another value, said of another thing, a bound turned round.

Both texts' numbers are made plain first (digits with a decimal point,
English units, dates whole, numbers said in words in four languages), then
compared as quantities: "one day" is "24 hours", "50 %" is "half".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from app.answers.checks.contradiction.found import BOUND, ROLE, VALUE, Contradiction
from app.answers.checks.fact_check import NUMBER, canonical_number, extract, normalise, \
    parsed_number
from app.answers.checks.written_numbers import UNIT_WORDS, plain_numbers, plain_units, whole_dates
from app.answers.evidence.words import STOPWORDS, stem
from app.common.language import detect
from app.common.word_forms import is_stopword


AT_LEAST = r"at least|no less than|not less than|minimum(?: of)?|min\.?|mindestens|wenigstens|" \
            r"al menos|como mínimo|по меньшей мере|не менее|как минимум|минимум"
AT_MOST = r"up to|at most|no more than|not more than|maximum(?: of)?|max\.?|bis zu|höchstens|" \
           r"maximal|hasta|como máximo|a lo sumo|не более|до|максимум|не больше"
_BOUND_BEFORE = {"least": re.compile(r"(?:" + AT_LEAST + r")\s*$", re.IGNORECASE),
                 "most": re.compile(r"(?:" + AT_MOST + r")\s*$", re.IGNORECASE)}
# A quantity in the base of its kind, so that a number written in another
# unit is the same: seconds, bytes, a share of one.
_SCALE = {"ms": Fraction(1, 1000), "second": 1, "minute": 60, "hour": 3600, "day": 86400,
          "week": 7 * 86400, "year": 365 * 86400, "month": Fraction(365 * 86400, 12),
          "kb": 1024, "mb": 1024 ** 2, "gb": 1024 ** 3, "tb": 1024 ** 4, "byte": 1,
          "%": Fraction(1, 100)}
# A kilobyte is 1000 bytes to some pages and 1024 to others: either is the same size.
_DECIMAL_SCALE = {**_SCALE, "kb": 1000, "mb": 1000 ** 2, "gb": 1000 ** 3, "tb": 1000 ** 4}
_KIND = {"ms": "time", "second": "time", "minute": "time", "hour": "time", "day": "time",
         "week": "time", "month": "time", "year": "time", "kb": "size", "mb": "size",
         "gb": "size", "tb": "size", "byte": "size", "%": "share"}
_AND_A_HALF = re.compile(r"\b(\d+) and (?:a )?(?:0\.5|half)\b")
_ONE_UNIT = re.compile(r"\b(?:an?|one) (?=(?:hour|day|week|month|year|minute|second)\b)")
_SMALL = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten"
                                           .split())}
_AND_A_HALF_WORDS = re.compile(r"\b(" + "|".join(_SMALL) + r") and a half\b", re.IGNORECASE)
_HALF_A_WORD = re.compile(r"\bhalf\b(?!\s+(?:of\s+)?(?:the|a|an|your|its|their|his|her|"
                          r"hours?|days?|weeks?|months?|years?|minutes?|percent)\b)",
                          re.IGNORECASE)
_ONE_A_WORD = re.compile(r"\b(once)\b|\b(one)\b(?!\s+(?:a|per|every|hours?|days?|weeks?|"
                         r"months?|years?|minutes?|seconds?)\b)", re.IGNORECASE)
_HALF_AN = re.compile(r"\bhalf an? (hour|day|minute|second|year|week|month|kilobyte|megabyte|"
                      r"gigabyte)\b", re.IGNORECASE)
# A number of millions or thousands said in words: "1,9 mil millones" is
# "1.900 millones", "2.5 million" is 2500000.
_SCALES = (("mil millones", 10 ** 9), ("millardos?", 10 ** 9), ("milliarden?", 10 ** 9),
           (r"миллиард\w*", 10 ** 9), ("billions?", 10 ** 9), ("millones", 10 ** 6),
           ("millón", 10 ** 6), ("millionen", 10 ** 6), ("millions?", 10 ** 6),
           (r"миллион\w*", 10 ** 6), ("thousand", 1000), ("mil", 1000), ("tausend", 1000),
           (r"тысяч\w*", 1000))
_SCALED = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s+(" + "|".join(p for p, _ in _SCALES) + r")\b",
                     re.IGNORECASE)
_QUARTER_HOUR = re.compile(r"\ba quarter of an hour\b")
_BYTES = re.compile(r"\b(\d+(?:\.\d+)?) bytes?\b")
_QUANTITY = re.compile(
    r"(?<![\w.-])(?P<date>\d{4}-\d\d-\d\d)(?![\w-]|\.\d)"
    r"|(?<![\w.])(?P<version>v?\d+(?:\.\d+){2,})(?![\w-]|\.\d)"
    r"|(?<![\w.])(?<!\w-)(?P<number>-?\d+(?:\.\d+)?)(?:[\s-]?(?P<unit>per cent\b|percent\b|%|"
    r"(?:millisecond|minute|second|month|week|hour|year|day|min|sec|kilobyte|megabyte|gigabyte|"
    r"terabyte|kib|mib|gib|tib|kb|mb|gb|tb|ms|byte)s?\b))?",
    re.IGNORECASE)
_UNIT_NAMES = {"per cent": "%", "percent": "%", "millisecond": "ms", "min": "minute",
               "sec": "second", "kilobyte": "kb", "kib": "kb", "megabyte": "mb", "mib": "mb",
               "gigabyte": "gb", "gib": "gb", "terabyte": "tb", "tib": "tb"}
# Where a clause ends: punctuation, or a conjunction that does not join two
# numbers ("between 30 seconds and 1 day" is one range).
_CLAUSE_BREAK = re.compile(r"[;:()]|,\s(?!\d)|\.\s|\s(?:and|or|but|while|whereas|und|oder|y|o|и|"
                           r"или|а)\s(?!\d)", re.IGNORECASE)
# What stands between the two ends of a range: a dash, "to", "and" (after
# "between"), a month's name before the second ("1996 по декабрь 1997").
_RANGE = re.compile(r"\s*(?:[-–—]|to|until|till|through|bis|a|hasta|по|до)\s*"
                    r"(?:[^\W\d_]+\s+)?", re.IGNORECASE)
_RESTATED = re.compile(r"\s*\(\s*")
_BETWEEN = re.compile(r"(?:between|zwischen|entre|между)\s+(?:\S+\s+){0,2}$", re.IGNORECASE)
_BETWEEN_AND = re.compile(r"\s*(?:and|und|y|и)\s*(?:[^\W\d_]+\s+)?", re.IGNORECASE)
# An answer's sentence is all about its numbers ("For a single IPv6 host, use
# a mask length of 128"): only a sentence's end, or "but", sets them apart.
SENTENCE_BREAK = re.compile(r"[;.!?]\s|\s(?:but|aber|pero|но)\s", re.IGNORECASE)
# A word with a letter in it, an identifier whole: "ipv6", "MERGE_HEAD", "write-only"
WORD = re.compile(r"[\w-]*[^\W\d_][\w-]*")
MIN_OTHER_WORDS = 1   # answer words said of another number of the quote, and not of its own


@dataclass(frozen=True)
class Quantity:
    number: str
    unit: str | None
    start: int
    end: int

    @property
    def value(self) -> Fraction | None:
        try:
            return Fraction(self.number)
        except ValueError:
            return None

    def same(self, other: Quantity) -> bool:
        """Equal numbers, in units of one kind or none: "24 hours" is "1
        day", "50 %" is "0.5", "18" is "18 weeks"."""
        if {_form(self), _form(other)} == {"year", "date"}:
            return self.number[:4] == other.number[:4]   # a year said of a whole date
        if self.value is None or other.value is None:
            return self.number == other.number
        if self.unit and other.unit and self.unit != other.unit:
            if _KIND.get(self.unit) != _KIND.get(other.unit) or self.unit not in _SCALE:
                return False
            return any(self.value * scale[self.unit] == other.value * scale[other.unit]
                       for scale in (_SCALE, _DECIMAL_SCALE))
        if "%" in (self.unit, other.unit) and self.unit != other.unit:
            percent, plain = (self, other) if self.unit == "%" else (other, self)
            return percent.value / 100 == plain.value or percent.value == plain.value
        if (self.unit is None) != (other.unit is None) and (self.unit or other.unit) in _SCALE:
            # "1024" for "1 KiB", "900" for "15 minutes": a count of the base unit
            plain, unit = (self, other) if self.unit is None else (other, self)
            return plain.value in (unit.value, unit.value * _SCALE[unit.unit],
                                   unit.value * _DECIMAL_SCALE[unit.unit])
        return self.value == other.value


class Numbers:
    """A text's numbers, made plain, with the words each is said of and the
    bound said before it ("up to", "at least")."""

    def __init__(self, text: str, language: str, breaks: re.Pattern | None = None):
        self.raw = text
        self.text = _plain(text, language)
        self.language = language
        self.quantities = [_quantity(m) for m in _QUANTITY.finditer(self.text)]
        self.spans = _raw_spans(text, self.quantities, language)
        spans = [(q.start, q.end) for q in self.quantities]
        self.words = [said_of(self.text, span, spans, language, breaks or _CLAUSE_BREAK)
                      for span in spans]
        # The two ends of a range are said of the same thing ("1–256", "30
        # seconds to 1 day", "с апреля 1996 по декабрь 1997").
        self.partners = {i: {i} for i in range(len(spans))}
        for i in range(len(spans) - 1):
            between = self.text[spans[i][1]:spans[i + 1][0]]
            # a range, or the same number said again in brackets: "900 (15 minutes)"
            if _RANGE.fullmatch(between) or _RESTATED.fullmatch(between) or \
                    _BETWEEN_AND.fullmatch(between) and _BETWEEN.search(self.text, 0, spans[i][0]):
                joined = self.partners[i] | self.partners[i + 1]
                for j in joined:
                    self.partners[j] = joined
        self.words = [set().union(*(self.words[j] for j in self.partners[i]))
                      for i in range(len(spans))]
        self.bounds = [_bound(self.text[max(0, q.start - 30):q.start]) for q in self.quantities]

    def written(self, index: int) -> str:
        """The number as the text writes it ("2,5 GB", "17 июня 1996 года")."""
        span = self.spans[index]
        if span is None:
            q = self.quantities[index]
            return self.text[q.start:q.end]
        return self.raw[span[0]:span[1]]


def said_of(text: str, span: tuple[int, int], spans: list[tuple[int, int]],
            language: str, breaks: re.Pattern) -> set[str]:
    """The content words (stems) of the clause around `span` (told by
    `breaks`) that stand nearer to it than to any other of `spans` (the
    text's other numbers) in that clause: what a number is said of."""
    start, end = _clause_around(text, *span, breaks)
    others = [s for s in spans if start <= s[0] < end and s != span]
    words = set()
    for match in WORD.finditer(text[start:end]):
        word = (start + match.start(), start + match.end())
        distance = _distance(word, span)
        if all(distance <= _distance(word, other) for other in others):
            words.add(stem(match.group(0)))
    return meaningful(words, language)


def numbers(answer: str, quote_text: str, language: str, given: list[Quantity],
             asked: set[str]) -> list[Contradiction]:
    quote = Numbers(quote_text, language)
    if not quote.quantities:
        return []  # a number beside a quote with none is the fact check's, not a contradiction
    said = Numbers(answer, language, SENTENCE_BREAK)
    found = []
    for index, span in enumerate(said.spans):
        if any(said.quantities[index].same(q) for q in given):
            continue
        kind, instead = _one_number(said, index, quote, asked)
        if kind:
            start, end = span or (0, 0)   # (0, 0): said, not marked
            found.append(Contradiction(kind, said.written(index), start, end, instead))
    return found


def _one_number(said: Numbers, index: int, quote: Numbers,
                asked: set[str]) -> tuple[str | None, str]:
    """How the answer's number `index` contradicts the quote (None: it does
    not), and the quote's number it should have been."""
    quantity, words = said.quantities[index], said.words[index]
    own = [i for i, q in enumerate(quote.quantities) if quantity.same(q)]
    if not own:
        if not any(_comparable(quantity, q) for q in quote.quantities):
            return None, ""   # "two years" beside "from 2003 to 2005": said of nothing there
        return VALUE, _closest(words | asked, quote, quantity)
    bound = said.bounds[index]
    if bound and all(quote.bounds[i] not in (None, bound) for i in own):
        return BOUND, quote.written(own[0])
    counted = [_counted(quote, i) for i in own]
    if quantity.unit in _SCALE and all(counted):
        return VALUE, f"{quote.written(own[0])} {counted[0]}"   # "1000 Byte" for "1000 Zeilen"
    own = sorted(set().union(*(quote.partners[i] for i in own)))
    theirs = set().union(*(quote.words[i] for i in own))
    others = [i for i in range(len(quote.quantities)) if i not in own]
    elsewhere = {i: (words & quote.words[i]) - theirs for i in others}
    best = max(elsewhere, key=lambda i: len(elsewhere[i]), default=None)
    # said of another number, and of nothing the quote says of this one alone
    # ("the last eight weeks of the caregiver's leave … at half salary": the
    # caregiver's leave is the quote's 26 weeks, but half salary is 8's own)
    alone = (words & theirs) - set().union(*(quote.words[i] for i in others))
    if best is not None and len(elsewhere[best]) >= MIN_OTHER_WORDS and not alone:
        return ROLE, quote.written(best)
    return None, ""


def _counted(numbers: Numbers, index: int) -> str | None:
    """The word a unitless number counts, where it is not a unit ("1000
    Zeilen", "3 retries"): a thing of another kind than seconds or bytes. A
    word of three letters or a unit's usual short form may be a unit ("24
    hrs", "24 Std.", "30 msec"): not counted."""
    quantity = numbers.quantities[index]
    if quantity.unit is not None:
        return None
    after = re.match(r"\s+([^\W\d_]{4,})", numbers.text[quantity.end:])
    if not after or is_stopword(after.group(1).lower(), {numbers.language}) \
            or after.group(1).lower() in STOPWORDS or _ABBREVIATED.fullmatch(after.group(1)) \
            or is_unit(after.group(1), numbers.language):
        return None
    return after.group(1)


_ABBREVIATED = re.compile(r"[mun]?secs?|mins|hrs|yrs|wks|msecs?", re.IGNORECASE)


# Words of a unit in any of the four languages, by their start, that the
# number reader does not take as one ("megabytes", "Kilobyte", "минуты" in
# another language's text), and characters, which an answer may count in bytes.
_UNITISH = re.compile(r"(?:kilo|mega|giga|tera|kibi|mebi|gibi|byte|bit|octet|second|sekund|"
                      r"segund|minut|hour|hora|stund|tag|día|dia|week|woch|seman|month|monat|"
                      r"mes|year|jahr|año|char|zeich|carac|percent|prozent|porcent|"
                      r"сек|мин|час|дн|ден|сут|недел|месяц|год|лет|байт|бит|кило|мега|гига|"
                      r"процент|символ|знак)", re.IGNORECASE)


def is_unit(word: str, language: str) -> bool:
    """"megabytes", "Sekunden", "KiB": a unit in some form, known to the
    number reader or not (a word that only starts like one, "messages", is
    taken for one: the check then stays silent)."""
    return any(q.unit for q in Numbers(f"1 {word}", language).quantities) or \
        bool(_UNITISH.match(word))


def _raw_spans(text: str, quantities: list[Quantity],
               language: str) -> list[tuple[int, int] | None]:
    """Where each plain number stands in the text as written: the number
    fact of the same value, in order ("eight weeks" for 8 weeks, "2,5 GB"
    for 2.5 gb); a whole date as its day, month and year; else its digits;
    None where none of these is found."""
    facts = [(parsed_number(f), f) for f in extract(text, language) if f.kind == NUMBER]
    used, spans = set(), []
    for quantity in quantities:
        match = next((f for parsed, f in facts if parsed and id(f) not in used
                      and parsed[0] == quantity.number), None)
        if match is not None:
            used.add(id(match))
            spans.append(_with_unit_word(text, (match.start, match.end), quantity))
            continue
        spans.append(_date_span(text, quantity.number) or _digits_span(text, quantity.number))
    return spans


def _with_unit_word(text: str, span: tuple[int, int], quantity: Quantity) -> tuple[int, int]:
    """The span with the unit word after it, where the number has a unit
    the fact left out ("2,5" of "2,5 GB")."""
    if quantity.unit is None or re.search(r"[^\W\d_]|%", text[span[0]:span[1]]):
        return span
    unit = re.match(r"[ \u00a0]?(?:%|[^\W\d_]+)", text[span[1]:])
    return (span[0], span[1] + unit.end()) if unit else span


def _date_span(text: str, number: str) -> tuple[int, int] | None:
    """A whole date as the text writes it: its day, then its month in any
    form, then its year ("17 июня 1996 года", "March 3, 2015")."""
    date = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", number)
    if not date:
        return None
    year, day = date.group(1), str(int(date.group(3)))
    pattern = (r"(?<!\d)0?" + day + r"\b[^\d]{0,20}?" + year + r"(?:\s*(?:г\.|года|год))?"
               r"|[^\W\d_]+\s+0?" + day + r"\b,?\s+" + year)
    found = re.search(pattern, text)
    return (found.start(), found.end()) if found else None


def _digits_span(text: str, number: str) -> tuple[int, int] | None:
    written = re.escape(number).replace(r"\.", r"[.,]")
    found = re.search(r"(?<![\d.,])v?" + written + r"(?![\d])", text)
    return (found.start(), found.end()) if found else None


def _closest(words: set[str], quote: Numbers, said: Quantity) -> str:
    """The quote's number most likely said of what the answer's number is:
    one with a unit of the same kind first, then the one whose words the
    answer and the question share most."""
    def score(i: int) -> tuple:
        q = quote.quantities[i]
        same_form = _form(q) == _form(said)   # a date for a date, a version for a version
        kind = q.unit is not None and _KIND.get(q.unit) == _KIND.get(said.unit or "")
        return (same_form, kind, len(words & quote.words[i]))
    return quote.written(max(range(len(quote.quantities)), key=score))


def _comparable(said: Quantity, other: Quantity) -> bool:
    """Whether two numbers could say the same thing: both dates, versions or
    plain numbers, with units of one kind or none."""
    forms = {_form(said), _form(other)}
    if len(forms) > 1:
        return forms == {"year", "date"}   # "August 1994" beside "16 August 1993"
    if said.unit and other.unit:
        return _KIND.get(said.unit) == _KIND.get(other.unit)
    return True   # a number said with a unit its source leaves out, or without one


def _form(quantity: Quantity) -> str:
    """A date, a version, a year (1900-2099 with no unit) or any other number."""
    if re.fullmatch(r"\d{4}-\d\d-\d\d", quantity.number):
        return "date"
    if quantity.number.count(".") >= 2:
        return "version"
    if quantity.unit in (None, "year") and re.fullmatch(r"(?:19|20)\d\d", quantity.number):
        return "year"   # "1997", "1997 года"
    return "number"


def _bound(before: str) -> str | None:
    for name, pattern in _BOUND_BEFORE.items():
        if pattern.search(before.lower()):
            return name
    return None


_DOTS_RANGE = re.compile(r"(?<=\d)\s*(?:\.\.\.?|…)\s*(?=\d)")
# Small numbers as German, Spanish and Russian write them in words (English
# ones are read by the fact check's normalise). Articles are left alone:
# "ein", "eine", "un", "una" are no count.
_WORDS = {
    "de": "eins:1 zwei:2 drei:3 vier:4 fünf:5 sechs:6 sieben:7 acht:8 neun:9 zehn:10 elf:11 "
          "zwölf:12 zwanzig:20 dreißig:30 vierzig:40 fünfzig:50 hundert:100 tausend:1000",
    "es": "uno:1 dos:2 tres:3 cuatro:4 cinco:5 seis:6 siete:7 ocho:8 nueve:9 diez:10 once:11 "
          "doce:12 veinte:20 treinta:30 cuarenta:40 cincuenta:50 cien:100 ciento:100 mil:1000",
    "ru": "один:1 одна:1 одно:1 два:2 две:2 три:3 четыре:4 пять:5 шесть:6 семь:7 восемь:8 "
          "девять:9 десять:10 двадцать:20 тридцать:30 сорок:40 пятьдесят:50 сто:100 "
          "тысяча:1000 тысячи:1000",
}
_NUMBER_WORDS = {language: dict(pair.split(":") for pair in words.split())
                 for language, words in _WORDS.items()}
# A run of number words is one number: "mil treinta" 1030, "treinta y cinco"
# 35, "двадцать три" 23, "zwei tausend" 2000.
_NUMBER_RUN = {language: re.compile(
    r"(?<![\w-])((?:" + "|".join(words) + r")(?:\s+(?:(?:y|und|и)\s+)?(?:" + "|".join(words)
    + r"))*)(?![\w-])(?!\s+millones)", re.IGNORECASE)
    for language, words in _NUMBER_WORDS.items()}
_ONE_UNIT_WORDS = {
    "de": re.compile(r"\b(?:ein|eine|einen|einem)\s+(?=(?:jahr|monat|woche|tag|stunde|minute|"
                     r"sekunde)\b)", re.IGNORECASE),
    "es": re.compile(r"\b(?:un|una)\s+(?=(?:año|mes|semana|día|hora|minuto|segundo)\b)",
                     re.IGNORECASE)}
_NOTHING = re.compile(r"(?!)")


def _number_words(text: str, language: str) -> str:
    if language not in _NUMBER_RUN:
        return text
    return _NUMBER_RUN[language].sub(lambda m: str(_run_value(m.group(1), language)), text)


def _run_value(run: str, language: str) -> int:
    """The number a run of number words says: each word added, a thousand
    multiplying what came before it."""
    total = current = 0
    for word in re.findall(r"[^\W\d_]+", run.lower()):
        value = int(_NUMBER_WORDS[language].get(word, 0))
        if value == 1000:
            total += (current or 1) * 1000
            current = 0
        elif value:
            current += value
    return total + current


def _plain(text: str, language: str) -> str:
    """Numbers as digits with a decimal point and English units, one unit
    said in words ("an hour", "a quarter of an hour", "one and a half") as
    its number."""
    text = whole_dates(text, language)
    text = _DOTS_RANGE.sub(" to ", text)     # "0...255"
    text = _ONE_UNIT_WORDS.get(language, _NOTHING).sub("1 ", text)   # "ein Jahr", "un año"
    text = _AND_A_HALF_WORDS.sub(lambda m: f"{_SMALL[m.group(1).lower()]}.5", text)
    text = _HALF_A_WORD.sub("half_", text)  # "at half salary" is no quantity; "half the cost" is
    text = _ONE_A_WORD.sub(lambda m: (m.group(1) or m.group(2)) + "_", text)  # "one of", "once"
    text = _HALF_AN.sub(r"0.5 \1", text)
    text = normalise(plain_units(plain_numbers(text, language), language))
    text = _SCALED.sub(_scaled, text)
    text = _number_words(text, language)
    text = _QUARTER_HOUR.sub("15 minutes", text)
    text = _ONE_UNIT.sub("1 ", text)
    text = _AND_A_HALF.sub(lambda m: f"{int(m.group(1))}.5", text)
    text = _COMPOUND_TIME.sub(_compound_time, text)
    return _BYTES.sub(r"\1 byte", text)


# "1 minute 40 seconds", "2 hours and 30 minutes" (after the units are made
# English, the words they were written in standing beside them: "1 minutes
# минуту 40 seconds"): one time. Not "2 hours or 30 minutes", nor "between
# 1 hour and 30 minutes" (a range).
_WRITTEN_UNIT = r"(?: (?:" + "|".join(
    pattern for pairs in UNIT_WORDS.values() for pattern, _ in pairs) + r"))?"
_COMPOUND_TIME = re.compile(r"(?<!between )(?<!zwischen )(?<!entre )(?<!между )"
                            r"(?<![\d.])(\d+) (hour|minute)s?" + _WRITTEN_UNIT
                            + r",? (?:and |und |y |и )?(\d+) (minute|second)s?\b", re.IGNORECASE)


def _compound_time(match: re.Match) -> str:
    larger, smaller = match.group(2), match.group(4)
    if _SCALE[larger] <= _SCALE[smaller]:
        return match.group(0)
    total = int(match.group(1)) * _SCALE[larger] // _SCALE[smaller] + int(match.group(3))
    return f"{total} {smaller}s"


def _scaled(match: re.Match) -> str:
    scale = next(factor for pattern, factor in _SCALES
                 if re.fullmatch(pattern, match.group(2), re.IGNORECASE))
    value = Fraction(match.group(1)) * scale
    return str(int(value)) if value.denominator == 1 else match.group(0)


def _quantity(match: re.Match) -> Quantity:
    if match.group("version") or match.group("date"):  # "3.7.15", "2012-06-30": as written
        written = (match.group("version") or match.group("date")).lstrip("v")
        return Quantity(written, None, match.start(), match.end())
    unit = (match.group("unit") or "").lower()
    unit = unit if unit in ("%", "ms") else unit.rstrip("s")
    return Quantity(canonical_number(match.group("number")), _UNIT_NAMES.get(unit, unit) or None,
                     match.start(), match.end())


def _clause_around(text: str, start: int, end: int, breaks: re.Pattern) -> tuple[int, int]:
    before = [m.end() for m in breaks.finditer(text, 0, start)]
    after = breaks.search(text, end)
    return (before[-1] if before else 0), (after.start() if after else len(text))


def _distance(word: tuple[int, int], span: tuple[int, int]) -> int:
    """Characters between a word and a number, either way round."""
    return span[0] - word[1] if word[1] <= span[0] else word[0] - span[1]


def meaningful(words: set[str], language: str) -> set[str]:
    """Words that say what a number counts: no function words, and no unit
    (the unit is compared with the number itself)."""
    return {w for w in words if len(w) > 1 and w not in STOPWORDS and w not in _UNIT_STEMS
            and not is_stopword(w, {language})}


_UNIT_STEMS = frozenset(stem(w) for w in "hour hours day days week weeks month months year years "
                        "minute minutes second seconds percent byte bytes".split())



def holds_number(text: str, passage: str) -> bool:
    """Whether the passage holds the number `text` says (as a quantity)."""
    language = detect(passage)
    said = Numbers(text, language).quantities
    return bool(said) and any(q.same(s) for q in Numbers(passage, language).quantities
                              for s in said)

