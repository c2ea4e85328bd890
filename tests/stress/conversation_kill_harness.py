"""Kill campaign for saved conversations: SIGKILL the real app while it answers.

Each round starts the desktop app (offscreen, the real embedder and index,
a fake model that writes slowly so most kills land mid-answer) on a small
handbook, asks question after question, and reports each turn once the
window has saved it. The parent kills the app after a random delay. After
every kill:

- the conversations file is consistent (integrity_check, no orphan turns);
- every conversation and turn the app reported as saved is there, with its
  question, and reopens (app/workspace/turns.turn_from_record) without error;
- a turn killed mid-answer reopens as "interrupted", never as finished.

    python tests/stress/conversation_kill_harness.py --kills 60

Prints one line per kill and a summary; exits 1 if anything was lost.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (str(ROOT), str(ROOT / "tests")):
    if path not in sys.path:
        sys.path.insert(0, path)

CHILD = r"""
import os, sys
sys.path[:0] = [{root!r}, {tests!r}]
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from app.gui.main_window import MainWindow
from fakes import FakeChatModel

app = QApplication([])
model = FakeChatModel(delay=0.05)
window = MainWindow(sys.argv[1], model_factory=lambda settings: model,
                    settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))
state = {{"asked": 0, "reported": set(), "ready": False}}

def indexed(report):
    state["ready"] = True

def next_question(*_):
    if state["ready"] and window.current_turn is None:
        if state["asked"] % 4 == 0:
            window.new_conversation()
        model.enqueue(*(["word "] * 40 + ["[1]."]))
        window.ask(f"How many days of annual leave do I get? ({{state['asked']}})")
        state["asked"] += 1

def report():
    for turn in window.conversation.turns:
        key = (turn.saved_id, turn.state)
        if turn.saved_id is not None and key not in state["reported"]:
            state["reported"].add(key)
            print("SAVED", window.conversation_id, turn.saved_id, turn.state, flush=True)
    next_question()

window.indexingDone.connect(indexed)
timer = QTimer(); timer.timeout.connect(report); timer.start(20)
app.exec()
"""

HANDBOOK = """# Staff handbook

## Annual leave

Everyone gets 28 days of annual leave per year, booked in the HR portal.

## Parking

The car park opens at 7:00 and closes at 20:00.
"""


def one_round(child: Path, folder: Path, settings: Path, home: Path, delay: float) -> list:
    env = {**os.environ, "HANDBOOK_QA_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    process = subprocess.Popen([sys.executable, str(child), str(folder), str(settings)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               env=env)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)
    reader.start()
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()
    reader.join(timeout=10)
    return [line.split() for line in lines if line.startswith("SAVED")]


def check(home: Path, reported: list) -> list[str]:
    from app.workspace.turns import turn_from_record
    from app.store.conversations import ConversationStore, FILE_NAME

    problems = []
    with ConversationStore(home / FILE_NAME) as store:
        problems += store.check()
        saved_turns = {}
        for info in store.conversations(FOLDER_KEY[0]):
            for turn in store.turns(info.id):
                saved_turns[turn.id] = (info.id, turn)
    for _, conversation, turn_id, state in reported:
        found = saved_turns.get(int(turn_id))
        if found is None or found[0] != int(conversation):
            problems.append(f"turn {turn_id} of conversation {conversation} ({state}) is lost")
            continue
        shown = turn_from_record(found[1].question, found[1].record, found[1].id)
        if not found[1].record or shown.error.startswith("This answer could not be read"):
            problems.append(f"turn {turn_id} does not reopen: {shown.error}")
        elif shown.state == "error":
            problems.append(f"turn {turn_id} was not answered: {shown.error}")
        if state == "done" and shown.state != "done":
            problems.append(f"turn {turn_id} was saved done but reopens {shown.state}")
    return problems


FOLDER_KEY: list[str] = []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-delay", type=float, default=4.0)
    parser.add_argument("--max-delay", type=float, default=12.0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="hbqa-conv-kill-") as scratch:
        scratch = Path(scratch)
        folder = scratch / "handbook"
        folder.mkdir()
        (folder / "handbook.md").write_text(HANDBOOK)
        FOLDER_KEY.append(str(folder.resolve()))
        home, settings, child = scratch / "home", scratch / "settings.ini", scratch / "child.py"
        child.write_text(CHILD.format(root=str(ROOT), tests=str(ROOT / "tests")))
        reported: list = []
        mid_answer = lost = 0
        for kill in range(1, args.kills + 1):
            delay = rng.uniform(args.min_delay, args.max_delay)
            lines = one_round(child, folder, settings, home, delay)
            reported += lines
            last_state = lines[-1][3] if lines else "-"
            mid_answer += last_state != "done"
            problems = check(home, reported)
            lost += len(problems)
            print(f"kill {kill:3d} after {delay:4.1f} s: {len(lines):3d} saves, last "
                  f"{last_state:10s} {'OK' if not problems else '; '.join(problems[:3])}",
                  flush=True)
        conversations = len({line[1] for line in reported})
        print(f"{args.kills} kills, {mid_answer} with an answer being written; "
              f"{conversations} conversations and {len({line[2] for line in reported})} turns "
              f"reported saved; {lost} lost or inconsistent")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
