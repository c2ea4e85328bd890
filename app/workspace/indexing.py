"""Indexing a folder as a front end does: into the index its location names."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

from app.ingest.indexer import IndexReport, Indexer, IndexSettings, Progress
from app.workspace.indexes import opened_index
from app.workspace.settings import AppSettings


def app_index_settings(settings: AppSettings, window: int) -> IndexSettings:
    """How the desktop app indexes: its profile, OCR choice and chunking,
    children fitted to the embedder's `window`."""
    return IndexSettings(profile=settings.profile, ocr=settings.ocr,
                         chunking=settings.chunking(window))


def index_folder(folder: Path, location, embedder, settings: IndexSettings,
                 on_progress: Callable[[Progress], None] | None = None,
                 cancel: threading.Event | None = None,
                 skip: threading.Event | None = None) -> IndexReport:
    """One incremental indexing of `folder` into the index at `location`
    (made when it is not there). A disk or server failing comes out as
    StoreError in words; another indexer of the same shared index, as IndexBusy."""
    with opened_index(location, create=True) as store:
        return Indexer(store, embedder, settings, on_progress=on_progress,
                       cancel=cancel, skip=skip).run(Path(folder))
