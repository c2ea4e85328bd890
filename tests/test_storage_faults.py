"""A full disk and a second writer: clear words, and the committed index intact."""
import subprocess
import sys
from pathlib import Path

import pytest

from app.indexer import FAILED, INDEXED, Indexer
from app.store import Store

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
        (folder / "b-later.md").write_text("# Later\n\nNever reached.\n")
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
from app.embedder import Embedder
from app.indexer import Indexer
from app.store import Store
with Store({db!r}) as store:
    report = Indexer(store, Embedder()).run({folder!r})
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
