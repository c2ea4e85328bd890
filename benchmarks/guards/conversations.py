"""Reopening a long saved conversation (#31: 1,000 turns in at most 1 s).

    QT_QPA_PLATFORM=offscreen python -m benchmarks.guards.conversations [--turns 1000] [--repeat 5]

Writes a conversation of N turns into a fresh conversations file, each turn
as the window saves a real answer (three sources of ~1,800 tokens between
them, three quotes, citations, a marked fact), then times what the window
does when the user clicks it in the list: read the turns, rebuild them
(app/workspace/turns.turn_from_record), check every source against the
index's sections (app/answers/records.changed_sources; the sections are
given in memory, so the index's own read is not in the figure) and show
them (ConversationView.show_turns). The baseline from the same run is the
same work for a 10-turn conversation. Prints the median and slowest of
`--repeat` runs of each.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from app.answers.evidence.finder import Evidence
from app.answers.checks.fact_check import NUMBER, Fact
from app.answers.records import changed_sources, section_ids
from app.workspace.turns import Turn, turn_from_record, turn_record
from app.search.retrieval import Match, Result
from app.store.conversations import ConversationStore
from benchmarks.common import arguments

SENTENCE = "Everyone gets 28 days of annual leave per year, booked in the HR portal. "


def realistic_turn(i: int) -> Turn:
    body = SENTENCE * 30  # ~600 tokens per source, as the default 1,800 over three
    results = [Result(rank=n, score=0.8, source=f"policies/handbook-{n}.md",
                      heading="Annual leave", heading_path=["Staff handbook", "Annual leave"],
                      page=None, page_end=None, section_id=100 * i + n, document_id=n,
                      text=body, excerpts=[(0, len(body))],
                      chunks=[Match(k, k, SENTENCE, 0, len(SENTENCE), k + 1, 0.3, k + 1, 0.016)
                              for k in range(5)], kind="section")
               for n in (1, 2, 3)]
    evidence = [Evidence(text=SENTENCE.strip(), source=r.source, heading=r.heading, page=None,
                         start=0, end=len(SENTENCE) - 1, score=1.0, n=r.rank,
                         section_id=r.section_id, kind="sentence", chunk_index=0, offset=0)
                for r in results]
    answer = "You get 28 days of annual leave per year [1]."
    return Turn(f"Question {i}: how many days of annual leave do I get?", answer=answer,
                state="done", budget="3 sources · 1,812 tokens", results=results,
                evidence=evidence, evidence_ready=True,
                citations=[{"n": r.rank, "source": r.source, "heading": r.heading,
                            "page": None} for r in results],
                unsupported=[Fact("28 days", NUMBER, 8, 15)])


def reopen(store: ConversationStore, conversation: int, sections: dict, view) -> float:
    started = time.perf_counter()
    turns = [turn_from_record(t.question, t.record, t.id) for t in store.turns(conversation)]
    for turn in turns:
        turn.changed = changed_sources(sections, turn.results, turn.evidence)
    view.show_turns(turns)
    return time.perf_counter() - started


def measure(count: int, repeat: int, view) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as scratch:
        with ConversationStore(Path(scratch) / "conversations.sqlite") as store:
            conversation = store.create("/handbook", "Leave")
            sections = {}
            for i in range(count):
                turn = realistic_turn(i)
                store.add_turn(conversation, turn.question, turn_record(turn))
                for sid in section_ids(turn.results, turn.evidence):
                    sections[sid] = {"body": turn.results[0].text,
                                     "path": turn.results[sid % 100 - 1].source}
            size = (Path(scratch) / "conversations.sqlite").stat().st_size
            times = [reopen(store, conversation, sections, view) for _ in range(repeat)]
    return statistics.median(times), max(times), size


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app.gui.conversation import ConversationView

    app = QApplication.instance() or QApplication([])
    view = ConversationView()
    view.resize(540, 600)
    base = measure(10, args.repeat, view)
    long = measure(args.turns, args.repeat, view)
    print(f"reopen 10 turns (baseline):  median {base[0] * 1000:7.1f} ms, slowest "
          f"{base[1] * 1000:7.1f} ms")
    print(f"reopen {args.turns} turns:        median {long[0] * 1000:7.1f} ms, slowest "
          f"{long[1] * 1000:7.1f} ms ({long[0] / base[0]:.1f}x the baseline; file "
          f"{long[2] / 1e6:.1f} MB)")
    del app


if __name__ == "__main__":
    main()
