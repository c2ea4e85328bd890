"""After an unclean shutdown: a quick look at the index, and a rebuild if needed.

The app marks an index as "open" while it runs and removes the mark when it
closes cleanly. Finding the mark at start-up means the app was killed or the
laptop lost power: then SQLite's quick check and our own cross-checks run
(a second or so), and a damaged index can be rebuilt — it is derived data;
the user's documents are never touched.
"""
from __future__ import annotations

import os
from pathlib import Path

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.store.sqlite import Store


def open_mark(db: Path) -> Path:
    return Path(str(db) + ".open")


def mark_open(db: Path) -> bool:
    """Mark the index as in use; True if it was not closed cleanly last time."""
    mark = open_mark(db)
    unclean = mark.exists()
    mark.parent.mkdir(parents=True, exist_ok=True)
    mark.write_text(str(os.getpid()))
    return unclean


def mark_closed(db: Path) -> None:
    open_mark(db).unlink(missing_ok=True)


def quick_check(db: Path) -> list[str]:
    """Problems found in the index; empty when it is usable. SQLite's own
    findings are its words; ours are Saids (the window words them)."""
    if not db.exists():
        return []
    try:
        with Store(db) as store:
            problems = [row[0] for row in store.db.execute("PRAGMA quick_check")
                        if row[0] != "ok"]
            chunks = store.value("SELECT count(*) FROM chunks")
            vectors = store.value("SELECT count(*) FROM vec_chunks")
            if chunks != vectors:
                problems.append(Said(QT_TRANSLATE_NOOP("Core", "{chunks} chunks but {vectors} "
                                                               "vectors"),
                                     chunks=chunks, vectors=vectors))
            return problems
    except Exception as error:  # an unreadable file is the most damaged index of all
        return [Said(QT_TRANSLATE_NOOP("Core", "the index cannot be opened: {reason}"),
                     reason=str(error))]


def remove_index(db: Path) -> None:
    """Delete a damaged index (and its WAL files) so it is rebuilt from the documents."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
