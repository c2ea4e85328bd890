"""The core's messages for a person (app/common/said.py): English text for the
CLI and the logs, the template and values kept for the window to word."""
import pickle

from app.answers.answerer import MODEL_DECLINED_PASSAGES, declined_text, reading_message
from app.common.said import Said
from app.llm.contract import Reading


def test_a_message_is_its_english_text_and_keeps_its_template():
    said = Said("{name} could not be read: {why}", name="a.pdf", why="encrypted")
    assert said == "a.pdf could not be read: encrypted"
    assert said.template == "{name} could not be read: {why}"
    assert said.values == {"name": "a.pdf", "why": "encrypted"}
    assert "could not" in said and said.upper().startswith("A.PDF")  # still a str


def test_a_counted_message_reads_as_english_plurals():
    assert Said("reading %n passage(s)…", n=1) == "reading 1 passage…"
    assert Said("reading %n passage(s)…", n=3) == "reading 3 passages…"
    # the share and the tokens are of what is still to read: the cached part is no wait
    assert reading_message(2, Reading(40, 100, 20)) == "reading 2 passages (80 tokens)… 25 %"
    assert reading_message(1, Reading(1300, 1300, 0)) == "reading 1 passage (1,300 tokens)… 100 %"
    assert reading_message(2, Reading(100, 100, 100)) == "reading 2 passages…"


def test_a_message_crosses_a_process_boundary_whole():
    said = pickle.loads(pickle.dumps(Said("{n} left", n=2)))
    assert isinstance(said, Said) and said.template == "{n} left" and said == "2 left"


def test_the_answerers_notes_are_messages_the_window_can_word():
    note = declined_text([])
    assert isinstance(note, Said) and note.template == MODEL_DECLINED_PASSAGES
    assert str(note) == MODEL_DECLINED_PASSAGES  # the CLI prints the English
