"""Saved conversations: one SQLite file in the per-user data folder.

The desktop app writes each turn as it is shown (the question when it is
asked, the quote when the search has found it, the answer when the model has
finished), each write its own transaction. So a kill at any moment loses at
most the answer being written; the question and its quote are already on
disk, and WAL with synchronous=FULL makes a committed turn survive a crash
of the machine as well as of the app.

The store keeps a turn as JSON it does not interpret (app/answers/records.py
says what is in it) plus the few columns it lists and searches by. It knows
nothing of the index: conversations outlive re-indexing, and whether a cited
section is still the same is checked when a conversation is reopened.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.store.contract import StoreError
from app.store.sqlite import set_wal

FILE_NAME = "conversations.sqlite"

SCHEMA = [
    (1, """
    CREATE TABLE conversations(
        id INTEGER PRIMARY KEY,
        folder TEXT NOT NULL,             -- the handbook folder, resolved
        title TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX conversations_by_folder ON conversations(folder, updated);
    CREATE TABLE turns(
        id INTEGER PRIMARY KEY,
        conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL,               -- as shown: searching … done | stopped | error
        record TEXT NOT NULL,              -- JSON: app/answers/records.py
        asked REAL NOT NULL,
        UNIQUE(conversation_id, position)
    );
    """),
]


@dataclass(frozen=True)
class ConversationInfo:
    id: int
    title: str
    created: float
    updated: float
    turns: int


@dataclass(frozen=True)
class SavedTurn:
    id: int
    position: int
    question: str
    state: str
    record: dict[str, Any]


class ConversationStore:
    def __init__(self, path: Path):
        import apsw

        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = apsw.Connection(str(self.path))
            self.db.set_busy_timeout(5000)
            set_wal(self.db)
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except (apsw.Error, OSError) as error:
            raise StoreError(_message(self.path, error)) from error

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ConversationStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        for number, sql in SCHEMA:
            if number > version:
                with self.db:
                    self.db.execute(sql)
                    self.db.execute(f"PRAGMA user_version={number}")

    def _write(self, sql: str, values=()) -> Any:
        import apsw

        try:
            with self.db:
                cursor = self.db.execute(sql, values)
                return cursor
        except apsw.Error as error:
            raise StoreError(_message(self.path, error)) from error

    # -- conversations ------------------------------------------------------------------
    def create(self, folder: str, title: str) -> int:
        now = time.time()
        self._write("INSERT INTO conversations(folder, title, created, updated) "
                    "VALUES (?, ?, ?, ?)", (folder, _title(title), now, now))
        return self.db.last_insert_rowid()

    def conversations(self, folder: str, search: str = "") -> list[ConversationInfo]:
        """The folder's conversations, the one last added to first; with
        `search`, those whose title, questions or answers hold it."""
        where, values = "c.folder = ?", [folder]
        if search.strip():
            pattern = "%" + _like_escaped(search.strip()) + "%"
            where += (" AND (c.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM turns t "
                      "WHERE t.conversation_id = c.id AND (t.question LIKE ? ESCAPE '\\' "
                      "OR t.answer LIKE ? ESCAPE '\\')))")
            values += [pattern] * 3
        rows = self.db.execute(
            f"SELECT c.id, c.title, c.created, c.updated, (SELECT count(*) FROM turns t "
            f"WHERE t.conversation_id = c.id) FROM conversations c WHERE {where} "
            "ORDER BY c.updated DESC, c.id DESC", values).fetchall()
        return [ConversationInfo(*row) for row in rows]

    def info(self, conversation_id: int) -> ConversationInfo | None:
        row = self.db.execute(
            "SELECT c.id, c.title, c.created, c.updated, (SELECT count(*) FROM turns t "
            "WHERE t.conversation_id = c.id) FROM conversations c WHERE c.id = ?",
            (conversation_id,)).fetchone()
        return ConversationInfo(*row) if row else None

    def rename(self, conversation_id: int, title: str) -> None:
        self._write("UPDATE conversations SET title = ? WHERE id = ?",
                    (_title(title), conversation_id))

    def delete(self, conversation_id: int) -> None:
        self._write("DELETE FROM conversations WHERE id = ?", (conversation_id,))

    # -- turns ----------------------------------------------------------------------------
    def add_turn(self, conversation_id: int, question: str, record: dict) -> int:
        """A new last turn; the conversation moves to the top of its list."""
        now = time.time()
        with self.db:
            self._write(
                "INSERT INTO turns(conversation_id, position, question, state, record, asked) "
                "VALUES (?, (SELECT coalesce(max(position), -1) + 1 FROM turns "
                "WHERE conversation_id = ?), ?, ?, ?, ?)",
                (conversation_id, conversation_id, question, record.get("state", ""),
                 _json(record), now))
            turn_id = self.db.last_insert_rowid()
            self._write("UPDATE conversations SET updated = ? WHERE id = ?",
                        (now, conversation_id))
        return turn_id

    def update_turn(self, turn_id: int, record: dict) -> None:
        self._write("UPDATE turns SET answer = ?, state = ?, record = ? WHERE id = ?",
                    (record.get("answer", ""), record.get("state", ""), _json(record), turn_id))

    def turns(self, conversation_id: int) -> list[SavedTurn]:
        rows = self.db.execute(
            "SELECT id, position, question, state, record FROM turns "
            "WHERE conversation_id = ? ORDER BY position", (conversation_id,)).fetchall()
        return [SavedTurn(i, p, q, s, _record(r)) for i, p, q, s, r in rows]

    def check(self) -> list[str]:
        """Problems SQLite finds in the file (empty: consistent)."""
        rows = self.db.execute("PRAGMA integrity_check").fetchall()
        problems = [r[0] for r in rows if r[0] != "ok"]
        problems += [f"turn of missing conversation {r[0]}" for r in self.db.execute(
            "PRAGMA foreign_key_check(turns)").fetchall()]
        return problems


def _message(path: Path, error: Exception) -> str:
    """What an error met while saving conversations means, in words. Unlike
    the index, this file cannot be made again from the documents."""
    import apsw

    if isinstance(error, apsw.FullError):
        return Said(QT_TRANSLATE_NOOP("Core", "the disk holding your saved conversations ({path}) "
                                              "is full; free some space"), path=str(path))
    if isinstance(error, (apsw.CorruptError, apsw.NotADBError)):
        return Said(QT_TRANSLATE_NOOP("Core", "the saved conversations file {path} is damaged "
                                              "({reason}); move it aside to start a new one (your "
                                              "documents and index are not affected)"),
                    path=str(path), reason=str(error))
    if isinstance(error, (apsw.BusyError, apsw.LockedError)):
        return Said(QT_TRANSLATE_NOOP("Core", "the saved conversations file {path} is busy "
                                              "(another window is writing it)"), path=str(path))
    return Said(QT_TRANSLATE_NOOP("Core", "the saved conversations file {path} could not be used "
                                          "({reason})"), path=str(path), reason=str(error))


def default_path() -> Path:
    from app.common import paths

    return paths.data_dir() / FILE_NAME


def _title(text: str) -> str:
    """One line, at most 80 characters: the list shows titles whole."""
    line = " ".join(text.split())
    return (line[:79] + "…") if len(line) > 80 else (line or "Untitled conversation")


def _like_escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _json(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _record(text: str) -> dict:
    """A turn's record; one that cannot be read (written by a newer version,
    or damaged) reads as an empty record, shown as the question alone."""
    try:
        record = json.loads(text)
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}
