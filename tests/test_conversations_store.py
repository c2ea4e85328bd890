"""Saved conversations (app/store/conversations.py): what is written is read
back whole, per handbook, newest first, and a kill never leaves it half-made."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from app.store.contract import StoreError
from app.store.conversations import ConversationStore

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def store(tmp_path):
    with ConversationStore(tmp_path / "conversations.sqlite") as opened:
        yield opened


def test_a_turn_is_read_back_as_it_was_written(store):
    conversation = store.create("/hr", "How many days of leave?")
    record = {"state": "done", "answer": "28 days [1].", "citations": [{"n": 1, "page": 3}],
              "evidence": [{"text": "Everyone gets 28 days — “verbatim”.", "start": 0}]}
    turn = store.add_turn(conversation, "How many days of leave?", {"state": "searching"})
    store.update_turn(turn, record)
    [saved] = store.turns(conversation)
    assert (saved.id, saved.position, saved.question, saved.state) == \
        (turn, 0, "How many days of leave?", "done")
    assert saved.record == record


def test_each_handbook_lists_its_own_conversations_newest_first(store):
    first = store.create("/hr", "Leave")
    store.add_turn(first, "Leave?", {})
    other = store.create("/it", "VPN")
    time.sleep(0.01)
    second = store.create("/hr", "Parking")
    store.add_turn(second, "Parking?", {})
    assert [c.id for c in store.conversations("/hr")] == [second, first]
    assert [c.title for c in store.conversations("/it")] == ["VPN"]
    time.sleep(0.01)
    store.add_turn(first, "And in December?", {})  # asked again: back to the top
    listed = store.conversations("/hr")
    assert [c.id for c in listed] == [first, second]
    assert listed[0].turns == 2
    assert other not in [c.id for c in listed]


def test_search_finds_titles_questions_and_answers_and_takes_wildcards_literally(store):
    leave = store.create("/hr", "Leave")
    turn = store.add_turn(leave, "How many days?", {})
    store.update_turn(turn, {"answer": "You get 28 days, 100% paid.", "state": "done"})
    parking = store.create("/hr", "Parking_rules")
    store.add_turn(parking, "When does the car park open?", {})
    assert [c.id for c in store.conversations("/hr", "car park")] == [parking]
    assert [c.id for c in store.conversations("/hr", "28 DAYS")] == [leave]
    assert [c.id for c in store.conversations("/hr", "100%")] == [leave]
    assert [c.id for c in store.conversations("/hr", "k_ng")] == []  # "_" is not a wildcard
    assert [c.id for c in store.conversations("/hr", "ing_r")] == [parking]


def test_rename_and_delete(store):
    conversation = store.create("/hr", "  How   many\ndays? ")
    assert store.info(conversation).title == "How many days?"
    store.add_turn(conversation, "How many days?", {})
    store.rename(conversation, "Leave " * 30)
    title = store.info(conversation).title
    assert len(title) == 80 and title.endswith("…")
    store.delete(conversation)
    assert store.conversations("/hr") == [] and store.turns(conversation) == []
    assert store.check() == []


def test_a_record_that_cannot_be_read_comes_back_empty(store):
    conversation = store.create("/hr", "Leave")
    turn = store.add_turn(conversation, "Leave?", {"state": "done"})
    store.db.execute("UPDATE turns SET record = '{not json' WHERE id = ?", (turn,))
    [saved] = store.turns(conversation)
    assert saved.question == "Leave?" and saved.record == {}


def test_a_damaged_file_is_refused_in_words_naming_it(tmp_path):
    path = tmp_path / "conversations.sqlite"
    path.write_bytes(b"this is not a database" * 200)
    with pytest.raises(StoreError, match="saved conversations file .*conversations.sqlite.* "
                                         "damaged"):
        ConversationStore(path)


WRITER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from app.store.conversations import ConversationStore
    store = ConversationStore(sys.argv[1])
    n = 0
    while True:
        conversation = store.create("/hr", f"conversation {{n}}")
        turn = store.add_turn(conversation, f"question {{n}}", {{"state": "searching"}})
        print(conversation, flush=True)
        store.update_turn(turn, {{"state": "generating", "answer": "x" * 2000}})
        store.update_turn(turn, {{"state": "done", "answer": "y" * 4000}})
        n += 1
""")


def test_a_writer_killed_at_random_moments_loses_no_saved_conversation(tmp_path):
    """The suite's short version of tests/stress/conversation_kill_harness.py:
    every conversation whose creation the writer reported is there after a
    SIGKILL, with its question, and the file is consistent."""
    path = tmp_path / "conversations.sqlite"
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(root=ROOT))
    reported: list[int] = []
    for kill in range(5):
        process = subprocess.Popen([sys.executable, str(script), str(path)],
                                   stdout=subprocess.PIPE, text=True)
        reported += [int(process.stdout.readline()) for _ in range(3 + kill)]
        process.send_signal(signal.SIGKILL)
        reported += [int(line) for line in process.stdout.read().split()]
        process.wait()
    with ConversationStore(path) as store:
        assert store.check() == []
        kept = {c.id: c for c in store.conversations("/hr")}
        assert set(reported) <= set(kept)
        answers = {"searching": "", "generating": "x" * 2000, "done": "y" * 4000}
        for conversation in reported:
            [turn] = store.turns(conversation)
            assert turn.question == kept[conversation].title.replace("conversation", "question")
            # each write whole: the state, its answer column and its record agree
            assert turn.record["state"] == turn.state
            assert turn.record.get("answer", "") == answers[turn.state]
