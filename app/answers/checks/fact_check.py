"""The fact check: every number, quote, command and name in an answer, looked up in its sources.

A small model writes fluent sentences around facts it may have invented. The
facts a reader acts on are few kinds of token, and each can be checked
mechanically against the text the model was given:

- numbers, with their unit when it is one of time, size or share ("18 weeks",
  "£230", "60 %", "1,000", "eighteen", "31 March" gives 31 and March);
- quoted strings ("…", “…”);
- commands, paths and identifiers (`pg_hba.conf`, `--tenant`, `kernel.shmmax=…`,
  `/var/log`, `MAX_ERROR_RATE`, `PersistentKeepalive`, anything in `…`);
- capitalised names inside a sentence (Kestrel House, HRdesk, March).

Both sides are normalised the same way (case, thousands separators, number
words, whitespace) before the lookup; numbers as each text's language writes
them ("1,5", "1.000", "7 декабря 2026") are read as digits first
(written_numbers.py). What is not found is returned as an
unsupported fact with its offsets in the answer, for the view to mark.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from app.answers.checks.markers import MARKER
from app.answers.checks.written_numbers import (DECIMAL_COMMA, UNIT_WORDS, plain_numbers,
                                                plain_units, unit_after)
from app.answers.evidence.words import STOPWORDS, stem
from app.common.language import CYRILLIC, SAMPLE_CHARS, UNDETERMINED, detect
from app.common.word_forms import forms_of_text

NUMBER, QUOTE, CODE, NAME = "number", "quote", "code", "name"

_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_NUMBER_WORDS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
                      "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100",
                      "thousand": "1000", "twice": "2", "once": "1", "half": "0.5",
                      "dozen": "12", "million": "1000000"})
_UNITS = {"day": "day", "week": "week", "month": "month", "year": "year", "hour": "hour",
          "minute": "minute", "min": "minute", "second": "second", "sec": "second",
          "percent": "%", "per cent": "%", "%": "%", "kb": "kb", "mb": "mb", "gb": "gb",
          "tb": "tb", "ms": "ms", "millisecond": "ms"}
_UNIT_PATTERN = r"(?:per cent\b|percent\b|%|(?:millisecond|minute|second|month|week|hour|" \
                r"year|day|min|sec|kb|mb|gb|tb|ms)s?\b)"
# A minus sign belongs to a number only where no word or number stands right
# before it: "-1" and "=-1" are negative, "UTF-8" and "10-20" are not. Dashes
# that PDFs and word processors use as minus signs are read as "-" (normalise).
_SIGN = r"(?:(?<![\w.])-)?"
_DASHES = "\u2010\u2011\u2013\u2212\ufe63\uff0d"  # dashes PDFs and word processors use
_MINUS_LIKE = re.compile(rf"(?<![\w.])[{_DASHES}](?=\d)")
_SIGN_CHARS = re.compile(rf"[-{_DASHES}]")
_DIGITS = re.compile(_SIGN + r"(?:(?<![\w.])\d{1,3}(?:,\d{3})+(?![\d,])|\d+(?:\.\d+)?)")
_NUMBER_WORD = re.compile(r"\b(" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
                          + r")\b", re.IGNORECASE)
_NUMBER_THEN_UNIT = re.compile(r"(" + _SIGN + r"\d+(?:\.\d+)?)[\s-]?(" + _UNIT_PATTERN + ")?", re.IGNORECASE)
_QUOTED = re.compile(r"\"([^\"\n]{2,200})\"|“([^”\n]{2,200})”|`([^`\n]{1,200})`")
_CODE_TOKEN = re.compile(r"(?<![\w/.-])(?:--?[A-Za-z][\w-]*|[\w.~-]*(?:[_/=]|\w\.\w)[\w./=:~-]*"
                         r"|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[A-Za-z]\w*(?:-\w+)+"
                         r"|[A-Za-z]+\d+[A-Za-z]\w*)")  # x10xtozoo, utf8mb4: letters and digits
_CAPITALISED = re.compile(r"\b[A-Z][\w’'&-]*(?:\s+[A-Z][\w’'&-]*)*")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n\s*|[-*•]\s+|\d{1,2}[.)]\s+)$")
_NOT_NAMES = frozenset({"I", "I'm", "I've", "OK"})
_TOKEN = re.compile(r"\d+(?:\.\d+)?|[^\W\d_]+")
NEAR = 4  # tokens either side of a number in which one of its answer neighbours must stand


@dataclass(frozen=True)
class Fact:
    text: str
    kind: str
    start: int       # offsets in the answer
    end: int
    value: str = ""  # a number as digits, where the answer's language writes it otherwise

    def to_json(self) -> dict:
        return {"text": self.text, "kind": self.kind, "start": self.start, "end": self.end}


_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_UNITS_WORDS = {w: i for i, w in enumerate("one two three four five six seven eight nine".split(),
                                           start=1)}
_COMPOUND_NUMBER = re.compile(r"\b(" + "|".join(_TENS) + r")[- ](" + "|".join(_UNITS_WORDS)
                              + r")\b", re.IGNORECASE)


def normalise(text: str) -> str:
    """Lower case, number words as digits ("twenty-five" → 25), no thousands
    separators, one space."""
    text = MARKER.sub(" ", text)
    text = _MINUS_LIKE.sub("-", text)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = _COMPOUND_NUMBER.sub(lambda m: str(_TENS[m.group(1).lower()]
                                              + _UNITS_WORDS[m.group(2).lower()]), text)
    text = _NUMBER_WORD.sub(lambda m: _NUMBER_WORDS[m.group(1).lower()], text)
    text = text.replace("’", "'")
    return re.sub(r"\s+", " ", text).strip().lower()


class Sources:
    """The normalised text the answer is checked against, and its indexes."""

    def __init__(self, texts: list[str]):
        normalised = [normalise(text) for text in texts]
        self.text = " ".join(normalised)
        # Numbers are looked up as digits, each text's read in its language
        # ("1,5 Tage" is 1.5); quotes and code in the text as it is.
        # one language for all: the sources of one answer come from one
        # handbook, and together they are long enough to tell it
        language = detect(" ".join(texts)[:SAMPLE_CHARS])
        self.language = language
        self.languages = {language} - {UNDETERMINED}
        numeric = [normalise(plain_units(plain_numbers(text, language), language))
                   for text in texts]
        numeric_text = " ".join(numeric)
        # A negative number also stands for its digits: an answer that drops
        # the sign ("signal 9" for "kill -9") is not flagged; one that adds or
        # changes it ("-5" for "-1") is.
        self.numbers = {n for found in _DIGITS.findall(numeric_text)
                        for n in _signed_and_not(found)}
        self.units_after = {}
        for match in _NUMBER_THEN_UNIT.finditer(numeric_text):
            unit = _unit(match.group(2))
            for number in _signed_and_not(match.group(1)):
                self.units_after.setdefault(number, set()).add(unit)
        self.words = {stem(w) for w in re.findall(r"[^\W_]+", self.text)}
        # A number is near a word only inside one source: the next source's
        # header ("Source [2] (from EXIT CODES):") is not what the number is
        # said of. NEAR + 1 blank tokens keep the sources apart.
        self.tokens = []
        for text in numeric:
            if self.tokens:
                self.tokens += [""] * (NEAR + 1)
            self.tokens += [stem(t) for t in _TOKEN.findall(text)]
        self.positions: dict[str, list[int]] = {}
        for index, token in enumerate(self.tokens):
            if _DIGITS.fullmatch(token):
                self.positions.setdefault(_canonical(token), []).append(index)
        self.rows = [_row_tokens(line) for text in texts for line in text.splitlines()
                     if _TABLE_ROW.fullmatch(line.strip())]
        self._word_forms: dict[str, set[str]] = {}

    def near(self, number: str, words: set[str]) -> bool:
        """Whether the number stands within NEAR tokens of one of `words` somewhere."""
        if not words:
            return True
        for index in self.positions.get(_canonical(number).lstrip("-"), []):
            if words & set(self.tokens[max(0, index - NEAR):index + NEAR + 1]):
                return True
        return False

    def in_row(self, number: str, words: set[str]) -> bool:
        """Whether the number stands in the one table row whose whole name is
        among `words` ("Name: smallint; …; Range: -32768 to +32767": the
        row's values are said of its name, however far along the row)."""
        number = _canonical(number).lstrip("-")
        named = {frozenset(name) for name, _ in self.rows if name and name <= words}
        # one row named, or "Unlike smallint, a serial column stores 32767" passes
        return len(named) == 1 and any(number in numbers for name, numbers in self.rows
                                       if frozenset(name) in named)

    def has_number(self, number: str, unit: str | None) -> bool:
        number = _canonical(number)
        if number not in self.numbers:
            return False
        units = self.units_after.get(number, set())
        # "18 days" where the sources only ever say "18 weeks" is not supported;
        # "18" alone, or a unit the sources use with that number, is.
        return unit is None or unit in units or units <= {None}

    def has_with_unit(self, number: str, unit: str | None) -> bool:
        return unit is not None and unit in self.units_after.get(_canonical(number), set())

    def has_text(self, text: str) -> bool:
        return normalise(text) in self.text

    def has_code(self, code: str) -> bool:
        """A command the sources hold whole, or one put together from their
        tokens: `set +H` from "the +H option to the set builtin", `wait -n`
        from "If the -n option is supplied, wait waits…". The whole and each
        piece must stand in the sources as a token of their own (`-e` is not
        found inside "-eq"); a piece they lack (`args.subcommands`, "your
        text") is not. A setting is found where the sources say its value in
        words (`skipkeys=True` from "If skipkeys is true"), a template where
        they hold it with a value in its place. Code with a number in it is
        only ever found whole: its number is a fact (`SET work_mem = '64MB'`
        is not put together from "64MB" said of another setting)."""
        code_text = normalise(code)
        if self._has_token(code_text):
            return True
        if _HAS_DIGIT.search(code):
            return False
        setting = _SETTING.fullmatch(code_text)
        if setting:
            return self._says_is(*setting.groups())
        if _PLACEHOLDER.search(code_text):
            return self._has_instance(code_text)
        pieces = [piece.strip("\"'.,;:") for piece in code_text.split()]
        return len(pieces) > 1 and all(
            piece and self._has_token(piece) for piece in pieces)

    def _says_is(self, name: str, value: str) -> bool:
        """Whether the sources say the name is the value in words: `skipkeys=True`
        from "If skipkeys is true", the value a few words after the name, no
        negation before or between them."""
        # "is not true", "isn't true", "never run with fsync off" say otherwise
        between = r"(?:(?!(?:not|no|never|nor)\b)(?![\w']*n't\b)[\w']+[\s:(]+){0,3}?"
        pattern = re.compile(r"(?<![\w-])" + re.escape(name) + r"[\s:(]+" + between
                             + re.escape(value) + r"(?![\w-])")
        return any(not _NEGATION.search(self.text[max(0, m.start() - 40):m.start()])
                   for m in pattern.finditer(self.text))

    def _has_instance(self, template: str) -> bool:
        """Whether the sources hold the template with something in each of its
        placeholders: `\\g<name>` in "\\g<quote>", `git checkout <branch>` in
        "git checkout main"."""
        pieces = _PLACEHOLDERS.split(template)  # `<a><b>` as one: no runaway backtracking
        if not any(re.search(r"[a-z0-9]", piece) for piece in pieces):
            return False  # `<blink>` alone: nothing of it is in the sources
        pattern = r"<?[^\s<>]+>?".join(re.escape(piece) for piece in pieces)
        return re.search(r"(?<![\w-])" + pattern + r"(?![\w-])", self.text) is not None

    def _has_token(self, text: str) -> bool:
        return re.search(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])", self.text) is not None

    def has_name(self, name: str, language: str = "") -> bool:
        """Every word of the name in the sources, in any of its forms: a
        Russian name is declined ("Иванову" for "Иванов")."""
        forms = self._forms(language)
        return all(stem(w) in self.words or _name_forms(w, language) & forms
                   for w in re.findall(r"[^\W_]+", _POSSESSIVE.sub("", normalise(name))))

    def _forms(self, language: str) -> set[str]:
        """The sources' words as their stems in `language` (none where it has no stemmer)."""
        if language not in self._word_forms:
            self._word_forms[language] = {
                form for w in re.findall(r"[^\W_]+", self.text)
                for form in _name_forms(w, language)}
        return self._word_forms[language]


def _name_forms(word: str, language: str) -> set[str]:
    """A word's stem and that stem's own: Snowball cuts a name's case ending
    in one pass and its suffix in the next ("Иванову" → иванов → иван,
    "Иванов" → иван → ива), so a declined name and its nominative share one;
    "Deutschland" and "Deutsche" share none."""
    form = forms_of_text(word, language)
    return {form, forms_of_text(form, language)} if form else set()


# A table row as the focused prompt gives it, one per line: "Header: value;
# Header: value" (app/answers/evidence/finder.py, _row_context).
_TABLE_ROW = re.compile(r"[^:;\n]{1,60}: [^;\n]*(?:; [^:;\n]{1,60}: [^;\n]*)+")


def _row_tokens(line: str) -> tuple[set[str], set[str]]:
    """A table row's name (the word stems of its first value: "smallint") and
    its numbers (sign dropped, as near() looks them up). Only the name: the
    other cells' words ("small-range integer") name no row of their own."""
    name = line.split(";", 1)[0].split(": ", 1)[1]
    numbers = {_canonical(t).lstrip("-") for t in _TOKEN.findall(normalise(line))
               if _DIGITS.fullmatch(t)}
    return {stem(t) for t in _TOKEN.findall(normalise(name))}, numbers


def extract(answer: str, language: str | None = None) -> list[Fact]:
    """Every checkable fact in the answer, in order; a fact inside a longer one
    (a number inside a quoted string) is left to the longer one. `language`:
    the answer's (answer_language); None reads it as English."""
    language = language or "en"
    facts: list[Fact] = []
    for match in _QUOTED.finditer(answer):
        group = next(i for i in (1, 2, 3) if match.group(i) is not None)
        # `…` marks code (a command, an identifier), not words quoted from a text
        kind = CODE if group == 3 else QUOTE
        facts.append(Fact(match.group(group), kind, match.start(group), match.end(group)))
    for match in _STANDARD.finditer(answer):
        facts.append(Fact(match.group(0), NAME, match.start(), match.end()))
    for match in _CODE_TOKEN.finditer(answer):
        token = match.group(0).rstrip(".,:;")
        if re.search(r"[A-Za-z]", token) and not _is_plain_word(token):
            facts.append(Fact(token, CODE, match.start(), match.start() + len(token)))
    facts += _numbers(answer, language)
    facts += _names(answer, language)
    return _outermost(facts)


def unsupported(answer: str, source_texts: list[str], question: str = "") -> list[Fact]:
    """The facts of `answer` that its sources do not contain. A name, an
    identifier or a quoted phrase the question itself holds is the user's
    word, echoed ("The per diem for a day in London is…" when the passage
    given never says London), not one the model made up. A number is the
    user's word only where the question states it as its setting ("How do I
    inline a WITH query referenced twice?"): one it asks about ("Is the
    default `64MB`?") is still checked, and so are a quote or code with a
    number in it."""
    sources, asked = Sources(source_texts), Sources([question])
    whether = _asks_whether(question)
    setting = not whether and _states_its_setting(question)
    language = answer_language(answer, question, sources)
    return [fact for fact in extract(answer, language)
            if not _supported(fact, answer, sources, language)
            and not (_users_word(fact, answer, question, whether, setting)
                     and _supported(fact, answer, asked, language))]


def answer_language(answer: str, question: str, sources: Sources) -> str:
    """The language an answer's numbers and names are read in. Its own when
    the question or the sources are in it too; otherwise the question's, or
    the sources': a few words of an English answer can look Spanish
    ("de_DE.UTF-8 or es_ES.UTF-8"), and a short answer tells nothing. An
    answer in Latin letters is never read as Russian ("1,000 roubles" asked
    in Russian): it is read as English."""
    own, asked, pages = detect(answer), detect(question), sources.language
    if own != UNDETERMINED and own in (asked, pages):
        return own
    if CYRILLIC.search(answer):
        return "ru"
    for language in (asked, pages):
        if language not in (UNDETERMINED, "ru", "uk"):
            return language
    return "en"



# A question that asks what, how or why ("During a merge, what do stage numbers
# 1, 2 and 3 mean?") states its numbers as the setting of what it asks; one
# that asks whether ("Is the notice period 25 days?", "When I resign, is
# it 25 days?") or which of two ("25 or 30 days?") asks about them, and the
# answer must not take them as given.
_WH_QUESTION = re.compile(r"(?:[^,?]{0,60},\s*)?(?:what|which|how|why|when|where|who|whose)\b",
                          re.IGNORECASE)
_WHETHER = re.compile(r"(?:^|[.?!,;:]\s*)(?:is|are|was|were|do|does|did|can|could|should|shall|"
                      r"will|would|has|have|had|may|might|must|isn't|aren't|doesn't|don't|"
                      r"can't|won't)\b|\bor\b", re.IGNORECASE)


def _asks_whether(question: str) -> bool:
    """Whether the question, or one of its clauses, asks whether or which of two."""
    return _WHETHER.search(question.strip()) is not None


def _states_its_setting(question: str) -> bool:
    """Whether the question asks what, how or why (see above)."""
    return _WH_QUESTION.match(question.strip()) is not None


def _users_word(fact: Fact, answer: str, question: str, whether: bool, setting: bool) -> bool:
    """Whether the question holding the fact makes it the user's word: a name
    or an identifier; a quoted phrase ("bash says "command not found"")
    unless the question asks whether it holds ('Does it allow "unlimited
    remote work"?'); a number only where the question states it as its
    setting and the answer says it after the same word ("referenced twice",
    not "is 200" for "above 200"). A quote or code with a number in it is
    never the user's word ("Is the default `64MB`?" is still checked); a
    name is, with its number ("ISO 8601")."""
    if fact.kind == NUMBER:
        return setting and _same_word_before(fact, answer, question)
    if fact.kind == NAME:
        return True  # "ISO 8601" too: a standard's number is part of its name
    return not _HAS_DIGIT.search(fact.text) and (fact.kind == CODE or not whether)


_WORD = re.compile(r"[\w'-]+")


def _same_word_before(fact: Fact, answer: str, question: str) -> bool:
    said = _WORD.findall(answer[:fact.start].lower())[-1:]
    for match in re.finditer(r"(?<![\w.])" + re.escape(fact.text.lower()) + r"(?![\w])",
                             question.lower()):
        if _WORD.findall(question[:match.start()].lower())[-1:] == said and said:
            return True
    return False


def numbers_not_in(answer: str, quote: str, already: list[Fact] = (),
                   question: str = "") -> list[Fact]:
    """The numbers of `answer` that `quote` (the passage shown first) does not
    hold, leaving out facts already flagged: the sources may hold them, but
    the model took them from another sentence ("The answer is: 10" beside "the
    first 18 weeks are paid at full salary"), so the two disagree and the
    reader must choose."""
    flagged = {(f.start, f.end) for f in already}
    shown = Sources([quote])
    found = []
    for fact in extract(answer, answer_language(answer, question, shown) if question else None):
        if fact.kind != NUMBER or (fact.start, fact.end) in flagged:
            continue
        if _number_of(fact, shown) is None:
            found.append(fact)
    return found


def _supported(fact: Fact, answer: str, sources: Sources, language: str | None = None) -> bool:
    if fact.kind == NUMBER:
        number, unit = _parsed(fact) or (None, None)
        if number is None or not sources.has_number(number, unit):
            return False
        if language and language != UNDETERMINED and sources.languages and \
                language not in sources.languages:
            return True  # asked across languages: no word beside it can stand in both
        # A model restates the sentence around a number in the question's
        # words ("By default, a checkpoint happens every 5 minutes" from "The
        # default settings are 5 minutes and 1 GB"): a number with the unit
        # the sources use with it may stand near any word of the answer's
        # sentence; a bare one must stand near the words beside it.
        # A table row's value is said of the row's name, which the answer's
        # sentence names ("A smallint column holds up to 32767").
        sentence = _sentence_words(answer, fact)
        return sources.near(number, _neighbours(answer, fact)) or (
            sources.has_with_unit(number, unit) and sources.near(number, sentence)) or \
            sources.in_row(number, sentence)
    if fact.kind == NAME:
        return sources.has_name(fact.text, language)
    if fact.kind == CODE:
        return sources.has_code(fact.text)
    return sources.has_text(fact.text)


def _number_of(fact: Fact, sources: Sources) -> str | None:
    """The number of a number fact, when `sources` hold it (with its unit, if
    the sources use one with it); None otherwise."""
    number, unit = _parsed(fact) or (None, None)
    return number if number is not None and sources.has_number(number, unit) else None


def _parsed(fact: Fact) -> tuple[str, str | None] | None:
    """A number fact's number and unit ("5 minutes" → 5, minute)."""
    match = _NUMBER_THEN_UNIT.match(normalise(fact.value or fact.text))
    return (match.group(1), _unit(match.group(2))) if match else None


def parsed_number(fact: Fact | str) -> tuple[str, str | None] | None:
    """A number fact's (or a number's text's) number, canonical ("1,000" →
    1000, "5.0" → 5), and its unit as the check names it ("5 minutes" → 5,
    minute; "10 MB" → 10, mb)."""
    parsed = _parsed(fact if isinstance(fact, Fact) else Fact(fact, NUMBER, 0, len(fact)))
    return (_canonical(parsed[0]), parsed[1]) if parsed else None


# Words an answer says about itself, not about the number beside it: "The
# answer is: 10" says nothing of what 10 counts, so 10 is checked alone.
_ABOUT_THE_ANSWER = frozenset("answer answers question handbook source sources passage text "
                              "quote according says said".split())


def _neighbours(answer: str, fact: Fact) -> set[str]:
    """The content words right before and after a number in the answer ("up to
    six further blocks" → up, further, block): the number must stand near one
    of them in the sources too, or "six" would be supported by any other six."""
    before = _content_words(answer[:fact.start])[-2:]
    after = _content_words(answer[fact.end:])[:2]
    return {stem(w) for w in before + after}


def _content_words(text: str) -> list[str]:
    """The words of `text` that can say what a number counts, in order. A
    possessive's "s" is none ("a host's health 20 times": host, health)."""
    text = _POSSESSIVE.sub("", normalise(text))
    return [w for w in _TOKEN.findall(text) if w not in STOPWORDS
            and w not in _ABOUT_THE_ANSWER and not _DIGITS.fullmatch(w)]


_POSSESSIVE = re.compile(r"(?<=\w)'s\b")
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n")


def _sentence_words(answer: str, fact: Fact) -> set[str]:
    """The content words of the answer's sentence that holds the fact."""
    ends = [m.end() for m in _SENTENCE_END.finditer(answer, 0, fact.start)]
    after = _SENTENCE_END.search(answer, fact.end)
    sentence = answer[ends[-1] if ends else 0:fact.start] + " " + \
        answer[fact.end:after.start() if after else len(answer)]
    return {stem(w) for w in _content_words(sentence)}


_ANSWER_NUMBER = re.compile(
    r"(?:(?:(?<![\w.])[-" + _DASHES + r"](?=\d))?(?:(?<![\w.])\d{1,3}(?:,\d{3})+(?![\d,])|(?<![\w.])\d+(?:\.\d+)?)"
    r"|\b(?:(?:" + "|".join(_TENS) + r")[- ](?:" + "|".join(_UNITS_WORDS) + r")|"
    + "|".join(_NUMBER_WORDS) + r")\b)(?:[\s-]?" + _UNIT_PATTERN + ")?", re.IGNORECASE)


def _numbers(answer: str, language: str) -> list[Fact]:
    """Digits (with a unit after them when there is one) and number words."""
    facts = _written(answer, language) if language in DECIMAL_COMMA else []
    taken = [(f.start, f.end) for f in facts]
    for match in _ANSWER_NUMBER.finditer(answer):
        if _overlaps(match, taken):
            continue  # "1,5" read as one number above, not as 1 and 5
        if _inside_marker(answer, match.start()) or _LIST_NUMBER.match(answer, match.start()) \
                and _line_start(answer, match.start()):
            continue  # [1], or the "2." of a numbered list
        text, start = match.group(0), match.start()
        if _SIGN_CHARS.match(text) and _line_start(answer, start):
            text, start = text[1:], start + 1  # "-5 days" as a list item: no sign
        word = text.split()[0].split("-")[0].lower()
        if word in ("once", "half", "one") and not re.search(_UNIT_PATTERN, text, re.IGNORECASE):
            continue  # "at once", "one of them": not a quantity
        if word in _NUMBER_WORDS and (_COMPOUND_WORD.match(answer, match.end())
                                      or _PHRASE_BEFORE.search(answer, 0, start)):
            continue  # "zero-padded", "divide-by-zero": a word, not a quantity ("three-day" keeps its unit)
        if _STANDARD_BEFORE.search(answer, 0, start):
            continue  # "ISO 8601", "RFC 3339": part of a name, checked as one (see extract)
        facts.append(Fact(text, NUMBER, start, match.end()))
    return [_with_unit(f, answer, language) for f in facts] if language in UNIT_WORDS else facts


def _with_unit(fact: Fact, answer: str, language: str) -> Fact:
    """A number in a Russian, German or Spanish answer with the unit word
    after it, as the English unit its value is checked with ("5 секунд")."""
    parsed = _parsed(fact)
    if parsed and parsed[1] is not None:
        return fact  # "5 MB": a unit written the English way already
    unit = unit_after(answer, fact.end, language)
    return replace(fact, value=f"{fact.value or fact.text} {unit}") if unit else fact


# Numbers as the decimal-comma languages write them, in an answer: a date
# with points ("07.12.2026"), digit groups ("1 000", "1.000,5"), a decimal
# comma ("1,5").
_WRITTEN_DATE = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d])")
_WRITTEN_NUMBER = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?"
                             r"|\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![.\d])|\d+,\d+)(?![\d,])")


def _written(answer: str, language: str) -> list[Fact]:
    """The numbers of an answer in Russian, German, Spanish … that its own
    way of writing makes more than digits: each with its value in digits
    (a date gives its day, month and year)."""
    facts = [Fact(m[i], NUMBER, m.start(i), m.end(i), str(int(m[i])))
             for m in _WRITTEN_DATE.finditer(answer) for i in (1, 2, 3)]
    taken = [(f.start, f.end) for f in facts]
    for match in _WRITTEN_NUMBER.finditer(answer):
        if not _overlaps(match, taken):
            facts.append(Fact(match[0], NUMBER, match.start(), match.end(),
                              plain_numbers(match[0], language).replace(" ", "")))
    return facts


def _overlaps(match: re.Match, spans: list[tuple[int, int]]) -> bool:
    return any(start < match.end() and match.start() < end for start, end in spans)


def _names(answer: str, language: str = "en") -> list[Fact]:
    if language in _OTHER_NAMES:
        return _other_names(answer, language)
    facts = []
    for match in _CAPITALISED.finditer(answer):
        words = match.group(0).split()
        start = match.start()
        if _starts_sentence(answer[:start]):
            if len(words) == 1:
                continue  # "Yes", "The", "Employees": a sentence's first word says nothing
            # "Open HRdesk…", "You get…": a first word that is an ordinary English
            # word is capitalised only for starting the sentence ("New York"
            # keeps York, which must then be in the sources)
            first = words[0]
            if first.lower() in _vocabulary():
                start = answer.index(words[1], start + len(first))
                words = words[1:]
        text = " ".join(words)
        if text in _NOT_NAMES or len(text) == 1 or not any(c.isalpha() for c in text):
            continue  # "I", or an initial ("U" of "U.S.")
        if len(words) == 1 and text.isupper() and text.lower() in _vocabulary():
            continue  # emphasis: "does NOT"
        facts.append(Fact(text, NAME, start, start + len(answer[start:match.end()])))
    return facts


# Capitalised words in the languages whose capitals are not all in A-Z, and
# how many words in a row make a name: German writes every noun with a
# capital, so one word tells nothing there ("Urlaub"), two do ("Deutsche Bahn").
_OTHER_NAMES = {"ru": 1, "es": 1, "de": 2, "fr": 1, "it": 1, "pt": 1, "nl": 1}
_CAPITALISED_ANY = re.compile(r"\b[^\W\d_a-zà-ÿа-яё][\w’'&-]*(?:\s+[^\W\d_a-zà-ÿа-яё][\w’'&-]*)*")


def _other_names(answer: str, language: str) -> list[Fact]:
    """Names in an answer in another language: capitalised words inside a
    sentence (its first word is capitalised for starting it, whatever it is)."""
    facts = []
    for match in _CAPITALISED_ANY.finditer(answer):
        words, start = match.group(0).split(), match.start()
        if not words[0][0].isupper():
            continue
        if _starts_sentence(answer[:start]):
            if len(words) == 1:
                continue
            start = answer.index(words[1], start + len(words[0]))
            words = words[1:]
        text = " ".join(words)
        if len(words) < _OTHER_NAMES[language] or len(text) == 1 or text in _NOT_NAMES:
            continue
        facts.append(Fact(text, NAME, start, start + len(answer[start:match.end()])))
    return facts


def _starts_sentence(before: str) -> bool:
    """Whether a word after `before` starts a sentence; a citation marker in
    between changes nothing ("[1] Yes, …", "… shell [1]. Yes")."""
    if _SENTENCE_START.search(before):
        return True
    if MARKER.search(before):  # only where a marker stands before the word
        stripped = MARKER.sub("", before).rstrip()
        return bool(_SENTENCE_START.search(stripped + " " if stripped else ""))
    return False


def _outermost(facts: list[Fact]) -> list[Fact]:
    facts = sorted(facts, key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Fact] = []
    for fact in facts:
        if kept and fact.start < kept[-1].end:
            continue
        kept.append(fact)
    return kept


def _is_plain_word(token: str) -> bool:
    """An ordinary word, maybe hyphenated ("full-time") or abbreviated ("e.g."),
    not an identifier. A hyphenated token is ordinary only when each part is a
    whole word of the embedder's English vocabulary: "quillmoor-prod" is a name."""
    if re.fullmatch(r"[A-Za-z]+|(?:[A-Za-z]\.)+[A-Za-z]\.?", token):  # e.g, U.S
        return True
    for separator in "-/":  # full-time, and/or; not /etc/x nor quillmoor-prod
        if re.fullmatch(rf"[A-Za-z]+(?:{separator}[A-Za-z]+)+", token):
            return all(part.lower() in _vocabulary() for part in token.split(separator))
    return False


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """The whole words (not ##pieces) of the bundled MiniLM tokenizer: 30,000
    common English words and word pieces, read from the shipped tokenizer.json."""
    from app.common.bundled import TOKENIZER_PATH

    vocab = json.loads(TOKENIZER_PATH.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(word for word in vocab if word.isalpha())


_LIST_NUMBER = re.compile(r"\d{1,2}[.)]\s")
_PHRASE_BEFORE = re.compile(r"\w-(?:by|to|of)-$", re.IGNORECASE)  # "divide-by-zero"
# A standard's body and its number name it ("ISO 8601", "RFC 3339", "IEEE
# 754"): a name, the user's word when the question holds it, not a quantity
# near some words. A closed list: "EUR 9" and "HTTP 503" are numbers.
_STANDARD_BODY = r"\b(?:ISO|RFC|IEEE|ECMA|ANSI|IEC|POSIX|PEP) "
_STANDARD = re.compile(_STANDARD_BODY + r"\d+\b")
_STANDARD_BEFORE = re.compile(_STANDARD_BODY + "$")
_SETTING = re.compile(r"([a-z_][\w.-]*)\s*=\s*([a-z_][\w.-]*)")  # `skipkeys=True`, normalised
_HAS_DIGIT = re.compile(r"\d")
_PLACEHOLDER = re.compile(r"<[a-z][\w-]*>")
_PLACEHOLDERS = re.compile(r"(?:<[a-z][\w-]*>)+")
# A negation in the few words before a setting's name ("Never run with fsync off").
_NEGATION = re.compile(r"\b(?:not|no|never|nor)\b(?:\W+\w+){0,3}\W*$|n't\b(?:\W+\w+){0,3}\W*$")  # `<branch-name>` in a command's template, normalised
# A number word joined to a word that makes it an adjective, not a count
# ("zero-padded", "two-phase"); "two-thirds", "ten-digit" stay quantities.
_COMPOUND_WORD = re.compile(r"-(?:padded|phase|sided|way|factor|liner|off|shot)\b", re.IGNORECASE)


def _line_start(answer: str, offset: int) -> bool:
    return not answer[:offset].strip(" \t") or answer[:offset].rstrip(" \t").endswith("\n")


def _inside_marker(answer: str, offset: int) -> bool:
    return any(m.start() <= offset < m.end() for m in MARKER.finditer(answer))


def _signed_and_not(number: str) -> set[str]:
    canonical = _canonical(number)
    return {canonical, canonical.lstrip("-")}


def canonical_number(number: str) -> str:
    """A number as the check compares it: "1,000" 1000, "5.50" 5.5, "007" 7."""
    return _canonical(number)


def _canonical(number: str) -> str:
    number = number.replace(",", "")
    sign = "-" if number.startswith("-") else ""
    number = number.lstrip("-")
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    number = number.lstrip("0") or "0"
    return sign + number if number != "0" else number


def _unit(text: str | None) -> str | None:
    if not text:
        return None
    text = text.lower()
    return _UNITS.get(text) or _UNITS.get(text.rstrip("s")) or text
