"""Ingestion end to end with the real embedder and real SQLite + sqlite-vec."""
import os
import threading

import pytest

from app.common.chunks import ChunkSettings
from app.ingest.indexer import FAILED, INDEXED, REMOVED, UNCHANGED, Indexer, IndexSettings
from app.store.sqlite import Store
from pdfgen import make_pdf

pytestmark = pytest.mark.slow

GUIDE = """# Guide

## Leave

Annual leave is 28 days per year, booked in the HR portal at least two weeks ahead.

## Expenses

| Category | Limit |
|---|---|
| Meals | 45 EUR |
| Hotel | 160 EUR |
"""


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "handbook"
    (root / "sub").mkdir(parents=True)
    (root / "guide.md").write_text(GUIDE)
    (root / "sub" / "notes.txt").write_text("Parking\n=======\n\nThe car park opens at 7:00.\n")
    make_pdf(root / "travel.pdf", [["Travel", "Book trains through the travel desk."],
                                   ["Per diem", "The per diem in Berlin is 60 EUR."]],
             outline=[("Travel", 0, 1), ("Per diem", 1, 1)])
    return root


def index(store, embedder, folder, **options):
    settings = IndexSettings(chunking=ChunkSettings.for_window(embedder.window,
                                                               **options.pop("chunking", {})),
                             **options)
    return Indexer(store, embedder, settings).run(folder)


def statuses(report):
    return {f.path: f.status for f in report.files}


def assert_consistent(store):
    assert store.check() == []
    per_document = {row["id"]: row["chunks"] for row in store.documents()
                    if row["status"] == INDEXED}
    counted = {row["document_id"]: row["n"] for row in store.rows(
        "SELECT document_id, count(*) AS n FROM chunks GROUP BY document_id")}
    assert {k: v for k, v in per_document.items() if v} == counted


def test_incremental_reindex_touch_edit_delete_add(tmp_path, folder, embedder):
    with Store(tmp_path / "i.sqlite") as store:
        first = index(store, embedder, folder)
        assert statuses(first) == {"guide.md": INDEXED, "sub/notes.txt": INDEXED,
                                   "travel.pdf": INDEXED}
        assert_consistent(store)

        assert set(statuses(index(store, embedder, folder)).values()) == {UNCHANGED}

        os.utime(folder / "guide.md", (1, 1))  # touched, same content: no re-embedding
        assert statuses(index(store, embedder, folder))["guide.md"] == UNCHANGED

        old_ids = {r["id"] for r in store.rows("SELECT c.id FROM chunks c JOIN documents d "
                                                "ON d.id = c.document_id WHERE d.path = 'sub/notes.txt'")}
        (folder / "sub" / "notes.txt").write_text("Parking\n=======\n\nThe car park opens at 6:30.\n")
        edited = index(store, embedder, folder)
        assert statuses(edited) == {"guide.md": UNCHANGED, "sub/notes.txt": INDEXED,
                                    "travel.pdf": UNCHANGED}
        texts = [r["text"] for r in store.rows("SELECT text FROM chunks")]
        assert any("6:30" in t for t in texts) and not any("7:00" in t for t in texts)
        assert not old_ids & {r["id"] for r in store.rows("SELECT id FROM chunks")}

        (folder / "travel.pdf").unlink()
        (folder / "new.md").write_text("# New\n\nA new page about badges.\n")
        changed = index(store, embedder, folder)
        assert statuses(changed)["travel.pdf"] == REMOVED
        assert statuses(changed)["new.md"] == INDEXED
        assert store.document("travel.pdf") is None
        assert not store.rows("SELECT 1 FROM chunks WHERE text LIKE '%per diem%'")
        assert_consistent(store)


def test_children_carry_pages_and_sections_carry_page_ranges(tmp_path, folder, embedder):
    with Store(tmp_path / "i.sqlite") as store:
        index(store, embedder, folder)
        row = store.rows("SELECT c.page, s.heading, s.page_start FROM chunks c JOIN sections s "
                         "ON s.id = c.section_id WHERE c.text LIKE '%Berlin%'")[0]
        assert row == {"page": 2, "heading": "Per diem", "page_start": 2}


def test_bad_files_are_reported_and_the_rest_is_indexed(tmp_path, folder, embedder):
    (folder / "empty.md").write_text("")
    (folder / "binary.md").write_bytes(b"\x00\x01\x02PNG\x00" * 100)
    (folder / "latin1.txt").write_bytes("Caf\xe9 cr\xe8me".encode("latin-1"))
    (folder / "garbage.pdf").write_bytes(b"%PDF-1.4\n" + os.urandom(2000))
    make_pdf(folder / "locked.pdf", [["Secret salaries"]], user_password="secret")
    make_pdf(folder / "scan.pdf", [[]])
    with Store(tmp_path / "i.sqlite") as store:
        report = index(store, embedder, folder)
        reasons = {f.path: f.reason for f in report.failed}
        assert set(reasons) == {"empty.md", "binary.md", "garbage.pdf", "locked.pdf", "scan.pdf"}
        assert "empty" in reasons["empty.md"]
        assert "not a text file" in reasons["binary.md"]
        assert store.document("latin1.txt")["encoding"] == "Windows-1252"  # read, not refused
        assert "password" in reasons["locked.pdf"]
        assert "text layer" in reasons["scan.pdf"]
        assert report.count(INDEXED) == 4
        assert_consistent(store)
        failed = store.document("locked.pdf")
        assert failed["status"] == FAILED and "password" in failed["error"]


def test_a_failure_reason_is_a_message_kept_in_the_index(tmp_path, folder, embedder):
    """Why a file failed or was skipped reaches the report and the index as a
    marked message (app/common/said.py): read in the reader process, carried
    by the indexer, stored beside its English text, read back by
    failure_reason; cleared when the file is indexed again."""
    import json

    from app.common.said import Said
    from app.ingest.indexer import SKIPPED
    from app.workspace.reading import failure_reason

    (folder / "bad.docx").write_bytes(b"PK\x03\x04 not really a zip")
    make_pdf(folder / "scan.pdf", [[]])
    (folder / "dangling.md").symlink_to(tmp_path / "nowhere.md")
    not_a_zip = "not a Word document: the file is not a valid .docx package ({error})"
    no_ocr = ("the PDF has no text layer (scanned images?); it would need OCR, which is "
              "switched off")
    with Store(tmp_path / "i.sqlite") as store:
        report = index(store, embedder, folder, ocr=False)
        results = {f.path: f for f in report.files}
        bad, scan, dangling = results["bad.docx"], results["scan.pdf"], results["dangling.md"]
        assert (bad.status, scan.status, dangling.status) == (FAILED, FAILED, SKIPPED)
        for result in (bad, scan, dangling):
            assert isinstance(result.reason, Said), result
        assert (bad.reason.template, bad.reason.values) == (not_a_zip,
                                                            {"error": "File is not a zip file"})
        assert bad.reason == ("not a Word document: the file is not a valid .docx package "
                              "(File is not a zip file)")
        assert scan.reason.template == no_ocr
        assert dangling.reason.template == "a broken link, or the file vanished while scanning"
        assert json.loads(json.dumps(report.to_json()))["failures"]  # still plain JSON text

        rows = {row["path"]: row for row in store.documents()}
        assert rows["bad.docx"]["error"] == bad.reason  # the English, as before
        stored = failure_reason(store.document("bad.docx"))
        assert isinstance(stored, Said) and stored == bad.reason
        assert (stored.template, stored.values) == (not_a_zip, {"error": "File is not a zip file"})
        assert failure_reason(rows["scan.pdf"]).template == no_ocr
        assert failure_reason(rows["guide.md"]) is None  # indexed: no reason

        (folder / "bad.docx").unlink()
        (folder / "scan.pdf").unlink()
        (folder / "bad.md").write_text("")
        index(store, embedder, folder)
        assert failure_reason(store.document("bad.md")).template == "the file is empty"
        (folder / "bad.md").write_text("# Fixed\n\nNow it has text.\n")
        index(store, embedder, folder)
        fixed = store.document("bad.md")
        assert fixed["status"] == INDEXED and (fixed["error"], fixed["error_said"]) == (None, None)


def test_a_file_that_turns_bad_keeps_what_was_indexed(tmp_path, folder, embedder):
    with Store(tmp_path / "i.sqlite") as store:
        index(store, embedder, folder)
        before = store.value("SELECT count(*) FROM chunks")
        (folder / "guide.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00garbage")  # now binary
        report = index(store, embedder, folder)
        assert statuses(report)["guide.md"] == FAILED
        assert store.value("SELECT count(*) FROM chunks") == before
        assert store.document("guide.md")["status"] == FAILED
        (folder / "guide.md").write_text(GUIDE)  # fixed again: indexed again
        assert statuses(index(store, embedder, folder))["guide.md"] == INDEXED
        assert_consistent(store)


def test_a_change_of_chunking_settings_rebuilds_everything(tmp_path, folder, embedder):
    with Store(tmp_path / "i.sqlite") as store:
        index(store, embedder, folder)
        report = index(store, embedder, folder, chunking={"overlap": 8})
        assert report.rebuilt and "overlap" in report.rebuilt
        assert set(statuses(report).values()) == {INDEXED}
        assert store.meta()["overlap"] == "8"
        assert_consistent(store)


def test_another_embedder_fingerprint_rebuilds(tmp_path, folder, embedder, monkeypatch):
    with Store(tmp_path / "i.sqlite") as store:
        index(store, embedder, folder)
        store.set_meta({"model_sha256": "0" * 64})
        report = index(store, embedder, folder)
        assert "model_sha256" in report.rebuilt
        assert report.count(INDEXED) == 3


def test_cancel_leaves_a_consistent_index_and_the_next_run_finishes(tmp_path, folder, embedder):
    cancel = threading.Event()

    def on_progress(progress):
        if progress.stage == "indexing" and progress.files_done == 1:
            cancel.set()

    with Store(tmp_path / "i.sqlite") as store:
        report = Indexer(store, embedder, on_progress=on_progress, cancel=cancel).run(folder)
        assert report.cancelled and report.count(INDEXED) == 1
        assert_consistent(store)
        report = Indexer(store, embedder).run(folder)
        assert report.count(INDEXED) == 2 and report.count(UNCHANGED) == 1


def test_progress_reports_files_chunks_and_eta(tmp_path, folder, embedder):
    seen = []
    with Store(tmp_path / "i.sqlite") as store:
        Indexer(store, embedder, on_progress=seen.append).run(folder)
    stages = [p.stage for p in seen]
    assert stages[0] == "scanning" and stages[-1] == "done"
    indexing = [p for p in seen if p.stage == "indexing"]
    assert [p.files_done for p in indexing] == [0, 1, 2]
    assert all(p.files_total == 3 for p in indexing)
    assert indexing[-1].eta_seconds is not None and indexing[-1].chunks_done > 0
    # the last line a user sees gives the run's speed ("0.0 chunks/s" before),
    # and none when nothing needed embedding
    assert seen[-1].chunks_per_second > 0
    again = []
    with Store(tmp_path / "i.sqlite") as store:
        Indexer(store, embedder, on_progress=again.append).run(folder)
    assert again[-1].stage == "done" and again[-1].chunks_per_second == 0


@pytest.mark.slow
def test_one_huge_file_neither_delays_the_others_nor_runs_for_an_hour(tmp_path, embedder):
    root = tmp_path / "handbook"
    root.mkdir()
    (root / "a-huge.txt").write_text("word " * 60_000)   # one line, no structure at all
    for i in range(3):
        (root / f"z-small-{i}.txt").write_text(f"Policy {i} applies to everyone.\n")
    order = []
    settings = IndexSettings(max_chunks_per_file=50)
    with Store(tmp_path / "index.sqlite") as store:
        report = Indexer(store, embedder, settings,
                         on_progress=lambda p: p.current and order.append(p.current)).run(root)
        huge = next(f for f in report.files if f.path == "a-huge.txt")
        assert huge.status == INDEXED and huge.chunks == 50
        assert huge.reason.startswith("too large to index fully: the first 50 of its")
        assert store.value("SELECT count(*) FROM chunks c JOIN documents d ON "
                           "d.id = c.document_id WHERE d.path = 'a-huge.txt'") == 50
    assert order.index("a-huge.txt") > max(order.index(f"z-small-{i}.txt") for i in range(3)), \
        "the small files are indexed before the huge one, whatever their names"


@pytest.mark.slow
def test_skip_leaves_the_file_being_indexed_and_the_others_are_indexed(tmp_path, embedder):
    root = tmp_path / "handbook"
    root.mkdir()
    (root / "huge.txt").write_text("The fire drill starts at the west staircase.\n")
    with Store(tmp_path / "index.sqlite") as store:
        Indexer(store, embedder).run(root)
    (root / "huge.txt").write_text("word " * 40_000)  # it grows; the user skips it
    (root / "small.txt").write_text("The car park opens at 7:00.\n")  # new, after it
    skip = threading.Event()

    def on_progress(progress):
        if progress.current == "huge.txt":
            skip.set()  # as the app's Skip file button does while it is announced

    with Store(tmp_path / "index.sqlite") as store:
        report = Indexer(store, embedder, on_progress=on_progress, skip=skip).run(root)
        statuses = {f.path: (f.status, f.reason) for f in report.files}
        assert statuses["small.txt"][0] == INDEXED
        assert statuses["huge.txt"][0] == "skipped"
        assert "Skip file" in statuses["huge.txt"][1]
        old = store.rows("SELECT c.text FROM chunks c JOIN documents d ON d.id = c.document_id "
                         "WHERE d.path = 'huge.txt'")
        assert [row["text"] for row in old] == ["The fire drill starts at the west staircase."], \
            "what was indexed before is kept"
        assert store.check() == []
        again = Indexer(store, embedder).run(root)
        assert {f.path: f.status for f in again.files}["huge.txt"] == INDEXED, \
            "a skipped file is tried again at the next run"
