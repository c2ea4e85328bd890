"""The folder lock the app's writers hold (app/workspace/writers.py), as Qt
keeps it: QLockFile takes over the lock of an owner that died."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLockFile


class QtFolderLock:
    def __init__(self, path: Path):
        self._lock = QLockFile(str(path))

    def try_lock(self, timeout_ms: int) -> bool:
        return self._lock.tryLock(timeout_ms)

    def unlock(self) -> None:
        self._lock.unlock()

    def owner(self) -> int | None:
        return self._lock.getLockInfo()[-3]  # (pid, host, app name): PySide drops the bool
