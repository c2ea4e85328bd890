"""One writer per folder: the open folder's indexer, and the other handbooks'
refreshes, each holding the folder's lock while it writes.

A second app on the same folder searches and answers but never indexes, so
two apps cannot fight over an index. The other handbooks asked with the open
one are brought up to date in the background, one at a time, in the order
they were asked for; the first time one is asked, questions wait for it (its
files may be weeks older than its index). The lock itself is the front end's
(the desktop app's QLockFile, which takes over a dead owner's lock): anything
with `try_lock(timeout_ms)`, `unlock()` and `owner()` (its process id).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Protocol

from app.common import paths

OWN_LOCK_WAIT_MS = 200  # a dead owner's lock is taken over within this


class FolderLock(Protocol):
    def try_lock(self, timeout_ms: int) -> bool: ...
    def unlock(self) -> None: ...
    def owner(self) -> int | None: ...


def lock_path(folder: str | Path) -> Path:
    return paths.index_for(Path(folder), "window").with_suffix(".lock")


class Writers:
    """Who writes which folder's index in this app: the open folder, or a refresh."""

    def __init__(self, make_lock: Callable[[Path], FolderLock]):
        self._make_lock = make_lock
        self._own: FolderLock | None = None
        self._refreshing: dict[str, FolderLock] = {}  # folder → its lock, in the worker's order
        self._handed_over: str | None = None  # opened while refreshed: indexed by the window after
        self.first_time: set[str] = set()      # asked for the first time: questions wait

    # -- the open folder ------------------------------------------------------------------
    def lock_open(self, folder: Path) -> int | None:
        """Take the open folder's lock: None when this app now writes it, else
        the process id of the app that does (0: this app's own refresh, which
        hands the folder over when it ends)."""
        if self._handed_over == str(folder):
            return 0
        path = lock_path(folder)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._own = self._make_lock(path)
        if self._own.try_lock(OWN_LOCK_WAIT_MS):
            return None
        return self._own.owner() or -1

    def release_open(self) -> None:
        if self._own is not None:
            self._own.unlock()
            self._own = None

    def open_folder(self, folder: Path) -> bool:
        """The folder being opened: True when its refresh is the one running
        now, to be cancelled; either way the window indexes it once the
        refresh has let go of it."""
        key = str(folder)
        if key not in self._refreshing:
            return False
        self._handed_over = key
        return next(iter(self._refreshing)) == key  # the run in progress, not a later one

    # -- the other handbooks --------------------------------------------------------------
    def refresh(self, folder: str, open_folder: Path | None, first: bool = False) -> bool:
        """Bring another handbook up to date: True when the caller should send
        it to the refresh worker now (its lock is held for it). False when it
        is queued already, is the open folder (indexed by its own indexer), or
        another app writes it."""
        if first:
            self.first_time.add(folder)
        if folder in self._refreshing or folder == str(open_folder):
            return False
        lock = self._make_lock(lock_path(folder))
        if not lock.try_lock(0):
            return False
        self._refreshing[folder] = lock
        return True

    def refreshed(self) -> tuple[str, bool]:
        """The refresh worker has finished its first queued folder (it runs
        them in the order sent): (that folder, whether it was handed over to
        the window, which now takes its lock and indexes it)."""
        folder = next(iter(self._refreshing))
        self._refreshing.pop(folder).unlock()
        self.first_time.discard(folder)
        handed = folder == self._handed_over
        if handed:
            self._handed_over = None
        return folder, handed

    def waiting_for(self, folders: list[str]) -> list[str]:
        """Those of `folders` a question must wait for: asked the first time, still refreshing."""
        return [f for f in folders if f in self.first_time]
