"""Files added, edited, removed or renamed in the open folder while the app
runs: one `changed` signal once things have settled."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from app.ingest.readers import SUPPORTED_SUFFIXES

DEBOUNCE_MS = 1500  # an editor's save is several events: one re-index for them all


class FolderWatcher(QObject):
    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.changed)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(lambda _: self._timer.start())
        self._watcher.fileChanged.connect(lambda _: self._timer.start())

    def watch(self, folder: Path) -> None:
        """The folder, its sub-folders (files added, removed, renamed) and its
        documents (edited in place), within the limits of the OS's watch budget."""
        watched = self._watcher.directories() + self._watcher.files()
        if watched:
            self._watcher.removePaths(watched)
        entries = [p for p in folder.rglob("*") if not p.name.startswith(".")][:5000]
        directories = [str(folder)] + [str(p) for p in entries if p.is_dir()][:500]
        files = [str(p) for p in entries
                 if p.suffix.lower() in SUPPORTED_SUFFIXES and p.is_file()][:2000]
        self._watcher.addPaths(directories + files)
