"""Indexing in the status bar: stage, files, chunks, rate, ETA and the file
being read, with Skip file and Cancel while it runs."""
from __future__ import annotations

from PySide6.QtWidgets import QProgressBar, QPushButton, QStatusBar

from app.gui.safe_text import plain_label


class IndexStatus:
    def __init__(self, bar: QStatusBar, cancel, skip):
        self.label = plain_label("")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(cancel)
        self.skip_button = QPushButton("Skip file")
        self.skip_button.setToolTip("Leave the file being indexed and go on with the others "
                                    "(it is tried again at the next run)")
        self.skip_button.clicked.connect(skip)
        bar.addWidget(self.label, 1)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.skip_button)
        bar.addPermanentWidget(self.cancel_button)
        self.show(False)

    def show(self, visible: bool, text: str = "") -> None:
        self.progress.setVisible(visible)
        self.cancel_button.setVisible(visible)
        self.skip_button.setVisible(visible)
        self.label.setText(text)
        if visible:
            self.progress.setRange(0, 0)  # busy until the first file count arrives

    def update(self, progress) -> None:
        """An app.ingest.indexer.Progress."""
        if progress.stage == "scanning":
            self.show(True, "Indexing: scanning the folder…")
            return
        if progress.stage == "measuring":  # a shared index, after its files (postgres_tuning)
            self.show(True, f"Indexing: {progress.current} (minutes on a very large index)…")
            self.skip_button.setVisible(False)  # no file is being read: Cancel stops it
            return
        self.progress.setRange(0, max(progress.files_total, 1))
        self.progress.setValue(progress.files_done)
        eta = f" · about {progress.eta_seconds:.0f} s left" if progress.eta_seconds else ""
        current = f" · {progress.current}" if progress.current else ""
        self.label.setText(
            f"Indexing: {progress.files_done}/{progress.files_total} files · "
            f"{progress.chunks_done:,} chunks · {progress.chunks_per_second:.0f} chunks/s"
            f"{eta}{current}")
