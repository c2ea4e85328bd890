"""Indexing in the status bar: stage, files, chunks, rate, ETA and the file
being read, with Skip file and Cancel while it runs."""
from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QProgressBar, QPushButton, QStatusBar

from app.gui.locale_format import number
from app.gui.safe_text import plain_label
from app.gui.words import worded


class IndexStatus(QObject):
    """A QObject for its tr(): the widgets it puts in the status bar are the bar's."""

    def __init__(self, bar: QStatusBar, cancel, skip):
        super().__init__(bar)
        self.label = plain_label("")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel", "button: stop indexing"))
        self.cancel_button.clicked.connect(cancel)
        self.skip_button = QPushButton(self.tr("Skip file"))
        self.skip_button.setToolTip(self.tr("Leave the file being indexed and go on with the "
                                            "others (it is tried again at the next run)"))
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
            self.show(True, self.tr("Indexing: scanning the folder…"))
            return
        if progress.stage == "measuring":  # a shared index, after its files (postgres_tuning)
            self.show(True, self.tr("Indexing: {step} (minutes on a very large index)…").format(
                step=worded(progress.current)))
            self.skip_button.setVisible(False)  # no file is being read: Cancel stops it
            return
        self.progress.setRange(0, max(progress.files_total, 1))
        self.progress.setValue(progress.files_done)
        # a list of facts, each translated whole; the last one is the file being read
        parts = [self.tr("Indexing: {done}/%Ln files", "", progress.files_total).format(
                     done=number(progress.files_done)),
                 self.tr("%Ln chunks", "", progress.chunks_done),
                 self.tr("{rate} chunks/s").format(rate=number(progress.chunks_per_second))]
        if progress.eta_seconds:
            parts.append(self.tr("about {seconds} s left").format(
                seconds=number(progress.eta_seconds)))
        if progress.current:
            parts.append(worded(progress.current))  # the file, or a Said ("… · OCR page 2 of 9")
        self.label.setText(" · ".join(parts))
