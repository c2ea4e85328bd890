"""Broken and hostile files: every one gets a status, none stops the run."""
import os
import threading
import time

import pytest

from app.common.chunks import ChunkSettings
from app.ingest.indexer import FAILED, INDEXED, QUARANTINE_AFTER, SKIPPED, Indexer, IndexSettings
from app.ingest.reader_process import ReaderProcess
from app.store.sqlite import Store
from app.workspace.reading import failure_reason
from hostile import build
from pdfgen import make_pdf

pytestmark = pytest.mark.slow


def test_every_hostile_file_gets_a_status_and_the_good_ones_are_indexed(tmp_path, embedder):
    kinds = build(tmp_path / "corpus")
    assert len(set(kinds.values())) >= 30
    with Store(tmp_path / "i.sqlite") as store:
        started = time.monotonic()
        # OCR bounded to a few pages per file: the 500-page scan costs seconds, not minutes
        settings = IndexSettings(chunking=ChunkSettings.for_window(embedder.window),
                                 ocr_max_pages=4)
        report = Indexer(store, embedder, settings).run(tmp_path / "corpus")
        seconds = time.monotonic() - started
        statuses = {f.path: (f.status, f.reason) for f in report.files}
        assert store.check() == []
    print(f"{len(kinds)} files of {len(set(kinds.values()))} kinds in {seconds:.1f} s")
    for line in sorted(f"{s[0]:>9} {p}: {s[1]}" for p, s in statuses.items()):
        print(line)
    bad_name = next(name for name in kinds if name.startswith("bad-name"))
    shown_name = os.fsencode(bad_name).decode("utf-8", "backslashreplace")
    assert set(statuses) == {n for n in kinds if n != bad_name} | {shown_name}
    assert statuses["good.md"][0] == INDEXED and statuses[shown_name][0] == INDEXED
    for name in ("fifo.md", "socket.md", "device.md", "loop-a.md", "outside.md", "dangling.md"):
        assert statuses[name][0] == SKIPPED, name
    assert statuses["latin1.txt"][0] == INDEXED  # Windows-1252, read as such
    for name in ("empty.md", "empty.pdf", "binary.md", "nul.txt", "high-bytes.txt", "zip.md",
                 "png.pdf", "garbage.pdf", "truncated.pdf", "locked.pdf", "image-only.pdf",
                 "huge-line.txt"):
        assert statuses[name][0] == FAILED and statuses[name][1], name
    assert "password" in statuses["locked.pdf"][1]
    assert "text layer" in statuses["image-only.pdf"][1]
    assert "too large" in statuses["huge-line.txt"][1]
    for name in ("good.docx", "ole.docx", "deep.html", "remote.html", "inline-image.html",
                 "good.rst", "include.rst", "deep-list.rst", "malformed.rst", "good.odt",
                 "good.epub", "laughs-chapter.epub"):
        assert statuses[name][0] == INDEXED, (name, statuses[name])
    for name, words in (("corrupt.docx", "not a valid .docx"), ("bomb.docx", "zip bomb"),
                        ("markup-only.html", "no text"), ("corrupt.odt", "not a valid .odt"),
                        ("bomb.odt", "zip bomb"), ("corrupt.epub", "not a valid .epub"),
                        ("bomb.epub", "zip bomb")):
        assert statuses[name][0] == FAILED and words in statuses[name][1], (name, statuses[name])
    for name in ("laughs.docx", "laughs.odt", "laughs.epub"):
        assert statuses[name][1] or statuses[name][0] == INDEXED, name
    assert "OCR found no text on the first 4 of its 500 pages" in statuses["scan-500-pages.pdf"][1]
    assert all(reason for status, reason in statuses.values() if status != INDEXED)


def _slow_pdf(path, pages=120):
    make_pdf(path, [[f"Line {i} of page {p} with several words to read." for i in range(45)]
                    for p in range(pages)])


def test_a_parser_that_hangs_is_abandoned_within_the_timeout(tmp_path, embedder):
    folder = tmp_path / "f"
    folder.mkdir()
    _slow_pdf(folder / "a-slow.pdf")  # read first: nothing else overlaps its parsing
    (folder / "fine.md").write_text("# Fine\n\nStill indexed.\n")
    settings = IndexSettings(chunking=ChunkSettings.for_window(embedder.window),
                             read_timeout=0.2)
    with Store(tmp_path / "i.sqlite") as store:
        started = time.monotonic()
        report = Indexer(store, embedder, settings).run(folder)
        elapsed = time.monotonic() - started
    statuses = {f.path: (f.status, f.reason) for f in report.files}
    assert statuses["a-slow.pdf"][0] == FAILED and "longer than 0.2 s" in statuses["a-slow.pdf"][1]
    timed_out = statuses["a-slow.pdf"][1]  # a message the window words (app/common/said.py)
    assert timed_out.template == ("reading it took longer than {seconds} s (the file may make "
                                  "the parser loop); skipped")
    assert timed_out.values == {"seconds": 0.2}
    assert statuses["fine.md"][0] == INDEXED
    assert elapsed < 0.2 + 2 + 3, "moves on within the timeout + 2 s (+ process start-up)"


def test_a_file_that_crashes_the_parser_twice_is_quarantined_until_it_changes(tmp_path, embedder,
                                                                             monkeypatch):
    folder = tmp_path / "f"
    folder.mkdir()
    _slow_pdf(folder / "crash.pdf", pages=200)
    (folder / "fine.md").write_text("# Fine\n\nStill indexed.\n")
    killer = _kill_reader_while_reading(monkeypatch, "crash.pdf")
    with Store(tmp_path / "i.sqlite") as store:
        for attempt in range(QUARANTINE_AFTER):
            report = Indexer(store, embedder).run(folder)
            status = {f.path: f for f in report.files}["crash.pdf"]
            assert status.status == FAILED and "crashed" in status.reason
            assert status.reason.template == ("the parser crashed on this file (damaged or "
                                              "hostile content?); skipped")
            assert failure_reason(store.document("crash.pdf")) == status.reason
        assert killer.kills == QUARANTINE_AFTER
        report = Indexer(store, embedder).run(folder)
        status = {f.path: f for f in report.files}["crash.pdf"]
        assert "quarantined" in status.reason and killer.kills == QUARANTINE_AFTER
        assert status.reason.values == {"times": QUARANTINE_AFTER}
        assert failure_reason(store.document("crash.pdf")).values == {"times": QUARANTINE_AFTER}
        monkeypatch.undo()
        make_pdf(folder / "crash.pdf", [["Now a small and healthy file."]])
        report = Indexer(store, embedder).run(folder)
        assert {f.path: f.status for f in report.files}["crash.pdf"] == INDEXED


class _Killer:
    kills = 0


def _kill_reader_while_reading(monkeypatch, name):
    """Simulate a native parser crash: SIGKILL the reader while it parses `name`."""
    killer = _Killer()
    original = ReaderProcess.request

    def request(self, path, *options):
        original(self, path, *options)
        if path.name == name:
            def kill():
                time.sleep(0.05)
                os.kill(self.pid, 9)
                killer.kills += 1
            threading.Thread(target=kill).start()
            time.sleep(0.2)

    monkeypatch.setattr(ReaderProcess, "request", request)
    return killer


def test_a_file_deleted_during_indexing_is_reported_and_removed(tmp_path, embedder):
    folder = tmp_path / "f"
    folder.mkdir()
    for name in ("a.md", "b.md", "c.md"):
        (folder / name).write_text(f"# {name}\n\nText of {name}.\n")

    def on_progress(progress):
        if progress.current == "a.md" and (folder / "c.md").exists():
            (folder / "c.md").unlink()

    with Store(tmp_path / "i.sqlite") as store:
        report = Indexer(store, embedder, on_progress=on_progress).run(folder)
        statuses = {f.path: (f.status, f.reason) for f in report.files}
        assert statuses["c.md"] == (FAILED, "the file disappeared during indexing")
        assert store.document("c.md") is None
        assert statuses["a.md"][0] == statuses["b.md"][0] == INDEXED
