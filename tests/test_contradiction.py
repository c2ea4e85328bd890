"""An answer that says otherwise than its quote (app/answers/checks/contradiction/).

The cases here are written for these tests, not taken from the golden sets
the check was tuned on (resources/golden/contradictions*.tsv); the figures on
those are benchmarks/guards/contradictions.py's."""
import pytest

from app.answers.checks.contradiction import (BOUND, NAME_KIND, POLARITY, ROLE, VALUE,
                                              contradicting, contradictions)
from app.answers.evidence.finder import Evidence


@pytest.mark.parametrize("quote, question, answer, kind, says", [
    ("Contractors cannot join the pension scheme.", "Can contractors join the pension scheme?",
     "Yes, contractors can join the pension scheme [1].", POLARITY, ""),
    ("Attendance at the summer party is entirely optional.", "Is the summer party required?",
     "Yes, the summer party is required for all staff [1].", POLARITY, ""),
    ("The notice period is 30 days for all staff.", "How long is the notice period?",
     "The notice period is 45 days [1].", VALUE, "30 days"),
    ("Laptops are replaced every 3 years; phones are replaced every 2 years.",
     "How often are phones replaced?", "Phones are replaced every 3 years [1].", ROLE, "2 years"),
    ("You may bring up to two guests to the party.", "How many guests can I bring?",
     "You can bring at least two guests [1].", BOUND, "two"),
    ("With merge (the default), the branches are joined. With rebase, they are replayed.",
     "What does pull do by default?", "By default, pull uses rebase [1].", VALUE, "merge"),
    ("The default value of strict is True.", "Is strict on by default?",
     "strict defaults to False [1].", VALUE, "true"),
    ("The service listens on /run/app.sock.", "Where does the service listen?",
     "The service listens on /run/other.sock [1].", NAME_KIND, ""),
    # in German, Spanish and Russian
    ("Der Dienst startet nicht automatisch.", "Startet der Dienst automatisch?",
     "Ja, der Dienst startet automatisch [1].", POLARITY, ""),
    ("El límite es de 2,5 GB por usuario.", "¿Cuál es el límite por usuario?",
     "El límite es de 25 GB por usuario [1].", VALUE, "2,5 GB"),
    ("Версия 2.0 вышла 17 июня 1996 года.", "Когда вышла версия 2.0?",
     "Версия 2.0 вышла 17 июля 1996 года [1].", VALUE, "17 июня 1996 года"),
    # a bound turned round on a count in words, or a letter
    ("At least one approver must sign the request.", "How many approvers must sign?",
     "At most one approver may sign the request [1].", BOUND, "At least one approver"),
    ("The badge is renewed at most n times a year.", "How often is the badge renewed?",
     "It is renewed at least n times a year [1].", BOUND, "at most n times"),
    # a default the quote names, and another the answer gives it
    ("Archived mail is kept on the default volume (currently vol2) for a year.",
     "Which volume keeps archived mail by default?",
     "By default archived mail is kept on vol7 [1].", VALUE, "vol2"),
    ("Der voreingestellte Drucker ist »Flur«.", "Welcher Drucker ist voreingestellt?",
     "Der voreingestellte Drucker ist »Empfang« [1].", VALUE, "Flur"),
    # the same number, of another thing than the answer's unit
    ("Each export holds 500 rows.", "How big is an export?",
     "Each export is 500 bytes [1].", VALUE, "500 rows"),
    # a "no" to what the quote says in the question's own words
    ("Visitors sign the guest book at the front desk.",
     "Do visitors sign the guest book at the front desk?",
     "No, visitors sign in at the back entrance [1].", POLARITY, ""),
    # an exception denies ("alle außer …")
    ("Das Skript löscht alle Dateien außer den Protokolldateien.",
     "Löscht das Skript die Protokolldateien?",
     "Ja, das Skript löscht auch die Protokolldateien [1].", POLARITY, ""),
    # a switch's default against a yes or no, or said as on or off
    ("Whether the night light turns on by itself. Defaults to no.",
     "Does the night light turn on by itself by default?",
     "Yes, by default the night light turns on by itself [1].", POLARITY, ""),
    ("Whether guests get their own locker. Defaults to false.",
     "Are guest lockers on or off by default?", "Guest lockers are enabled by default [1].",
     VALUE, "false"),
    # another item of the list the default is one of; a dotted name of its shape
    ("The tray takes one of plain (the default), glossy, matte or recycled.",
     "Which paper does the tray take by default?", "By default the tray takes glossy [1].",
     VALUE, "plain"),
    ("The default channel is staff.general.", "Which channel is used by default?",
     "It defaults to staff.random [1].", VALUE, "staff.general"),
])
def test_an_answer_that_says_otherwise_is_caught(quote, question, answer, kind, says):
    found = contradictions(answer, quote, question)
    assert [(c.kind, c.quote_says) for c in found][:1] == [(kind, says)], found
    first = found[0]
    assert answer[first.start:first.end] == first.text, "the words are marked where they stand"


@pytest.mark.parametrize("quote, question, answer", [
    # a "no" to a quote that denies, in other words
    ("Contractors cannot join the pension scheme.", "Can contractors join the pension scheme?",
     "No, contractors are not eligible for the scheme [1]."),
    ("Der Dienst startet nicht automatisch.", "Startet der Dienst automatisch?",
     "Nein, er muss von Hand gestartet werden [1]."),
    # numbers written another way
    ("Refunds are paid within 14 days.", "How fast are refunds paid?",
     "Refunds are paid within two weeks [1]."),
    ("Half of the cost is refunded.", "How much of the cost is refunded?",
     "50% of the cost is refunded [1]."),
    ("The office opened on 3 March 2015.", "When did the office open?",
     "The office opened on March 3, 2015 [1]."),
    ("La cuota es de 1,5 euros al mes.", "¿Cuánto es la cuota?", "La cuota es de 1.5 euros [1]."),
    ("Выпуск содержал около 18000 пакетов.", "Сколько пакетов было в выпуске?",
     "Около 18 000 пакетов [1]."),
    # one of several numbers, said of its own thing
    ("Staff get 25 days of leave and 8 public holidays.", "How many public holidays are there?",
     "You get 8 public holidays [1]."),
    # the question's own number is its setting
    ("It shipped 2,250 packages.", "How many packages did release 3.0 have?",
     "Release 3.0 had 2,250 packages [1]."),
    # an end of a range said of the range
    ("Values from 1 to 256 are accepted.", "What is the largest accepted value?",
     "The largest accepted value is 256 [1]."),
    # the default said as the quote says it
    ("With merge (the default), the branches are joined. With rebase, they are replayed.",
     "What does pull do by default?", "By default, pull uses merge [1]."),
    # nothing to hold to
    ("Ask the office manager.", "Who orders the chairs?", "The office manager orders them [1]."),
    # a bound said the quote's way, or of another thing; a default said again
    # in another unit
    ("At least one approver must sign the request.", "How many approvers must sign?",
     "At least one approver has to sign [1]."),
    ("You need at least one server.", "How many servers do I need?",
     "At least one server, and logs are kept up to one week [1]."),
    ("Se mide en centésimas de segundo, siendo el valor por omisión 2 (0,02 segundos).",
     "¿Cuál es el retardo por omisión?", "El retardo por omisión es de 0,02 segundos [1]."),
    # a unit word the number reader does not know is still a unit
    ("The default size is 10 megabytes.", "What is the default size?",
     "The default size is 10 MB [1]."),
    # a "no" to a question the quote answers no, or says in a sentence that
    # denies; a question whose number the quote does not hold
    ("Guests are not allowed in the server room.", "Are guests allowed in the server room?",
     "No, guests may not enter the server room [1]."),
    ("The kiosk is a 7-inch touch screen.", "Is the kiosk an 8-inch touch screen?",
     "No, the kiosk is a 7-inch touch screen [1]."),
    # a switch asked the other way round
    ("Whether the night light turns on by itself. Defaults to no.",
     "Is the night light off by default?", "Yes, it is off by default [1]."),
    # a decimal comma before a list's comma; a size or a time in its base unit;
    # a compound time; half a kilobyte
    ("Usa un factor de 1,5, fijado al compilar.", "¿Qué factor usa?",
     "Usa un factor de 1.5 [1]."),
    ("The default limit is 1KiB characters.", "What is the default limit?",
     "1024 characters [1]."),
    ("The window is 900 (15 minutes).", "How long is the window?",
     "The window is a quarter of an hour [1]."),
    ("Минимальная граница — 100 секунд.", "Какова минимальная граница?",
     "Граница — 1 минута 40 секунд [1]."),
    ("Passwords are cut at 512 bytes.", "How long can a password be?",
     "Half a kilobyte (512 bytes) [1]."),
    # a "no" that repeats the question's number to deny it
    ("Key sizes of 256, 384 or 521 bits are offered.", "Can I make a 512-bit key?",
     "No, only 256, 384 or 521 bits, so 512 is not an option [1]."),
    # a name the quote's example gives for the question's own thing
    ("A timer foo.timer starts the service foo.service.", "Which unit does backup.timer start?",
     "It starts backup.service [1]."),
])
def test_an_answer_that_agrees_in_other_words_is_left_alone(quote, question, answer):
    assert contradictions(answer, quote, question) == []


def _unit(text: str, n: int, confidence: float | None = None) -> Evidence:
    return Evidence(text=text, source="handbook.md", heading="Leave", page=None, start=0,
                    end=len(text), score=1.0, n=n, section_id=n, kind="sentence",
                    chunk_index=0, confidence=confidence)


def test_an_answer_is_held_to_the_passage_it_drew_on_when_the_card_shows_several():
    """Three passages as equals: the answer's 10 weeks are the second's, so
    the first's 18 weeks are no contradiction; the one quote shown alone is."""
    passages = [_unit("The first 18 weeks are paid at full salary.", 1, confidence=0.1),
                _unit("The second parent gets 10 weeks of paid leave.", 2),
                _unit("Leave is booked in HRdesk.", 3)]
    answer, question = "The second parent gets 10 weeks [2].", "How long is the second parent's leave?"
    assert contradicting(answer, passages, question) == []
    alone = [_unit(passages[0].text, 1, confidence=0.99)]
    assert [c.quote_says for c in contradicting(answer, alone, question)] == ["18 weeks"]


def test_an_empty_answer_or_quote_contradicts_nothing():
    assert contradictions("", "The notice period is 30 days.") == []
    assert contradictions("Yes.", "") == []
