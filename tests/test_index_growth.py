"""Re-indexing the same document again and again must not grow the index without bound."""
import os

import pytest

from app.ingest.indexer import INDEXED, Indexer
from app.store.sqlite import Store

pytestmark = pytest.mark.slow
RUNS = int(os.environ.get("HBQA_REINDEX_RUNS", "100"))


def index_size(db):
    return sum(os.path.getsize(p) for p in (db, f"{db}-wal") if os.path.exists(p))


def test_reindexing_one_document_many_times_keeps_the_database_small(tmp_path, embedder):
    folder = tmp_path / "handbook"
    folder.mkdir()
    for i in range(5):
        (folder / f"doc{i}.md").write_text(f"# Document {i}\n\n" + " ".join(
            f"Sentence {j} of document {i} about leave and travel." for j in range(150)))
    db = tmp_path / "i.sqlite"
    with Store(db) as store:
        indexer = Indexer(store, embedder)
        indexer.run(folder)
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        first = index_size(db)
        for run in range(RUNS):
            (folder / "doc0.md").write_text(f"# Document 0, edit {run}\n\n" + " ".join(
                f"Sentence {j} of edit {run} about leave and travel." for j in range(150)))
            report = indexer.run(folder)
            assert {f.path: f.status for f in report.files}["doc0.md"] == INDEXED
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        last = index_size(db)
        assert store.check() == []
    print(f"index after 1 run: {first / 1024:.0f} KiB; after {RUNS} re-indexings of one "
          f"document: {last / 1024:.0f} KiB ({last / first:.2f}x)")
    assert last < 1.5 * first
