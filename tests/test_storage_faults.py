"""A full disk and a second writer: clear words, and the committed index intact."""
import subprocess
import sys
from pathlib import Path

import pytest

from app.ingest.indexer import FAILED, INDEXED, Indexer
from app.store.sqlite import Store

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


def write_handbook(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "leave.md").write_text("# Leave\n\n## Annual\n\nAnnual leave is 28 days per year.\n")
    (root / "parking.txt").write_text("Parking\n=======\n\nThe car park opens at 7:00.\n")


def big_text(sections: int = 300) -> str:
    return "# Big\n\n" + "\n".join(
        f"## Part {i}\n\nRule {i}: " + " ".join(f"word{i}x{j}" for j in range(80)) + ".\n"
        for i in range(sections))


def content(store):
    return (store.rows("SELECT path, sha256, status, chunks FROM documents ORDER BY path"),
            store.rows("SELECT document_id, chunk_index, text FROM chunks ORDER BY id"),
            store.rows("SELECT rowid FROM vec_chunks ORDER BY rowid"))


def test_a_full_disk_stops_the_run_in_words_and_keeps_the_index(tmp_path, embedder):
    folder = tmp_path / "handbook"
    write_handbook(folder)
    with Store(tmp_path / "index.db") as store:
        first = Indexer(store, embedder).run(folder)
        assert first.count(INDEXED) == 2
        before = content(store)
        pages = store.value("PRAGMA page_count")
        store.db.execute(f"PRAGMA max_page_count = {pages + 2}")
        (folder / "a-big.md").write_text(big_text(30))
        # larger, so indexed after a-big.md (small files go first)
        (folder / "b-later.md").write_text("# Later\n\nNever reached.\n\n" + big_text(40))
        report = Indexer(store, embedder).run(folder)

        result = {f.path: f for f in report.files}
        assert result["a-big.md"].status == FAILED
        reason = result["a-big.md"].reason
        assert "disk is full" in reason and "index is unchanged" in reason
        assert "free some space" in reason
        assert report.stopped and "disk is full" in report.stopped
        assert "b-later.md" not in result or result["b-later.md"].status != INDEXED
        assert "stopped" in report.stopped
        assert report.to_json()["stopped"] == report.stopped

        assert store.check() == []
        documents, chunks, vectors = content(store)
        assert [d for d in documents if d["path"] in ("leave.md", "parking.txt")] == before[0]
        assert chunks == before[1] and vectors == before[2]
        assert store.value("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH 'leave'") > 0

        store.db.execute("PRAGMA max_page_count = 1073741823")  # space freed
        again = Indexer(store, embedder).run(folder)
        assert {f.path: f.status for f in again.files if f.status == INDEXED} == {
            "a-big.md": INDEXED, "b-later.md": INDEXED}
        assert again.stopped is None
        assert store.check() == []


WRITER = r"""
import sys
sys.path.insert(0, {root!r})
from app.embedding.minilm import MiniLM
from app.ingest.indexer import Indexer
from app.store.sqlite import Store
with Store({db!r}) as store:
    report = Indexer(store, MiniLM()).run({folder!r})
print(report.count("indexed"), report.count("unchanged"), report.count("failed"))
"""


@pytest.mark.parametrize("existing", [False, True],
                         ids=["new-index", "existing-index"])
def test_two_processes_indexing_at_once_never_corrupt_the_index(tmp_path, embedder, existing):
    folder = tmp_path / "handbook"
    write_handbook(folder)
    for i in range(4):
        (folder / f"extra{i}.md").write_text(big_text(8).replace("Big", f"Extra {i}"))
    db = tmp_path / "index.db"
    if existing:
        Store(db).close()
    script = WRITER.format(root=str(ROOT), db=str(db), folder=str(folder))
    children = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outcomes = [child.communicate(timeout=300) + (child.returncode,) for child in children]
    with Store(db) as store:
        assert store.check() == []  # sound whatever happened to the writers
    for out, err, code in outcomes:
        assert code == 0, err[-3000:]  # both finish: the second waits on the lock
    with Store(db) as store:
        assert store.check() == []
        for row in store.documents():
            assert row["status"] == INDEXED
            assert store.value("SELECT count(*) FROM chunks WHERE document_id = ?",
                               (row["id"],)) == row["chunks"]
        # a normal run afterwards finds everything in place
        report = Indexer(store, embedder).run(folder)
        assert report.count(FAILED) == 0 and report.count(INDEXED) == 0


class FaultyDisk:
    """An SQLite VFS over the real one whose writes or reads fail on demand,
    the way a failing drive or an unplugged USB stick fails (SQLITE_IOERR)."""

    def __init__(self):
        import apsw

        self.fail_writes = self.fail_reads = False
        base = apsw.vfs_names()[0]
        disk = self

        class File(apsw.VFSFile):
            def xWrite(self, data, offset):
                if disk.fail_writes:
                    raise apsw.exception_for(apsw.SQLITE_IOERR_WRITE)
                return super().xWrite(data, offset)

            def xRead(self, amount, offset):
                if disk.fail_reads:
                    raise apsw.exception_for(apsw.SQLITE_IOERR_READ)
                return super().xRead(amount, offset)

        class VFS(apsw.VFS):
            def __init__(self):
                super().__init__("faulty-disk", base, makedefault=True)

            def xOpen(self, name, flags):
                return File(base, name, flags)

        self.vfs = VFS()

    def close(self):
        self.vfs.unregister()


@pytest.fixture
def faulty_disk():
    disk = FaultyDisk()
    yield disk
    disk.close()


def test_an_io_error_while_writing_stops_in_words_and_keeps_the_index(tmp_path, embedder,
                                                                       faulty_disk):
    folder = tmp_path / "handbook"
    write_handbook(folder)
    with Store(tmp_path / "index.db") as store:
        assert Indexer(store, embedder).run(folder).count(INDEXED) == 2
        before = content(store)
        (folder / "a-new.md").write_text(big_text(5))
        faulty_disk.fail_writes = True
        try:
            report = Indexer(store, embedder).run(folder)
        finally:
            faulty_disk.fail_writes = False

        failed = {f.path: f.reason for f in report.files if f.status == FAILED}
        assert "input/output error" in failed["a-new.md"]
        assert "index is unchanged" in failed["a-new.md"]
        assert report.stopped and "input/output error" in report.stopped
        assert store.check() == []
        documents, chunks, vectors = content(store)
        assert [d for d in documents if d["path"] != "a-new.md"] == before[0]
        assert chunks == before[1] and vectors == before[2]

        again = Indexer(store, embedder).run(folder)  # the drive works again
        assert [f.path for f in again.files if f.status == INDEXED] == ["a-new.md"]
        assert store.check() == []


def test_an_io_error_while_searching_is_a_message_not_a_traceback(tmp_path, embedder,
                                                                  faulty_disk, capsys):
    from app.cli import main

    folder = tmp_path / "handbook"
    write_handbook(folder)
    db = tmp_path / "index.db"
    assert main(["index", str(folder), "--db", str(db)]) == 0
    capsys.readouterr()
    faulty_disk.fail_reads = True
    try:
        code = main(["search", "How many days of annual leave?", "--db", str(db)])
    finally:
        faulty_disk.fail_reads = False
    err = capsys.readouterr().err
    assert code != 0
    assert "Traceback" not in err
    assert str(db) in err and "could not be read" in err
    assert main(["search", "How many days of annual leave?", "--db", str(db)]) == 0
