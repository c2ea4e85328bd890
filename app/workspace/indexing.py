"""Indexing a folder as a front end does, with the embedder its language needs."""
from __future__ import annotations

import dataclasses
import logging
import threading
from pathlib import Path
from typing import Callable

from app.common.bundled import ModelMissing
from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.ingest.indexer import (IndexReport, Indexer, IndexSettings, LanguageNotRead, Progress,
                                SharedIndexMismatch)
from app.workspace.embedders import (CHOSEN, ENGLISH, MULTILINGUAL, NOT_AVAILABLE,
                                     EmbedderCache, EmbedderUnavailable, indexed_with)
from app.workspace.indexes import opened_index
from app.workspace.settings import AppSettings

log = logging.getLogger(__name__)


def app_index_settings(settings: AppSettings, embedder) -> IndexSettings:
    """How the desktop app indexes: its profile, OCR choice and chunking,
    children fitted to the embedder's window at its budget."""
    return IndexSettings(profile=settings.profile, ocr=settings.ocr,
                         chunking=settings.chunking(embedder))


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


def index_as_chosen(folder: Path, location, embedders: EmbedderCache, settings: AppSettings,
                    on_progress: Callable[[Progress], None] | None = None,
                    cancel: threading.Event | None = None,
                    skip: threading.Event | None = None,
                    make: Callable[[AppSettings, object], IndexSettings] = app_index_settings
                    ) -> IndexReport:
    """Index with the embedder the settings choose. "auto" keeps the one the
    index was built with (MiniLM for a new one) until a document in a
    language MiniLM does not read comes up; then the folder is indexed again
    with the multilingual embedder (the fingerprint changes: every vector is
    remade, never a mix of two models)."""
    built_with = _built_with(location)
    embedder_id = CHOSEN.get(settings.embedder) or built_with or ENGLISH
    auto = settings.embedder not in CHOSEN
    unread: LanguageNotRead | None = None  # what made the run switch embedders
    while True:
        embedder = checked(embedders.get(embedder_id, settings.window_override))
        index_settings = dataclasses.replace(make(settings, embedder),
                                             stop_at_unread_language=auto)
        if unread is not None and built_with is None:
            # a shared index this very run began: nobody else has it yet,
            # so re-embedding it is no rebuild "for everyone"
            index_settings = dataclasses.replace(index_settings, rebuild_shared=True)
        try:
            return index_folder(folder, location, embedder, index_settings, on_progress,
                                cancel, skip)
        except SharedIndexMismatch as refused:
            if unread is None:
                raise
            raise SharedIndexMismatch(Said(QT_TRANSLATE_NOOP("Core", "{first}; {second}"),
                                           first=unread, second=message_of(refused))) \
                from refused
        except LanguageNotRead as error:
            if embedder_id == MULTILINGUAL:
                raise  # cannot happen: it reads every language; never loop
            log.warning("%s: indexing again with %s", error, MULTILINGUAL)
            try:
                embedders.get(MULTILINGUAL).check()
            except Exception as missing:  # noqa: BLE001 - said in words below
                raise EmbedderUnavailable(Said(QT_TRANSLATE_NOOP(
                    "Core", "{path} is in a language other than English ({language}), and "
                    "{reason}"), path=str(error.path), language=str(error.language),
                    reason=message_of(missing))) from missing
            embedder_id, unread = MULTILINGUAL, error


def checked(embedder):
    """The embedder, its model known to be installed (said in words if not)."""
    try:
        embedder.check()
    except ModelMissing as error:
        raise EmbedderUnavailable(Said(NOT_AVAILABLE, reason=message_of(error))) from error
    return embedder


def _built_with(location) -> str | None:
    """The embedder the index at `location` was built with; None for a new one."""
    try:
        with opened_index(location) as store:
            meta = store.meta()
    except Exception:  # noqa: BLE001 - no index yet, or unreadable: indexing will say
        return None
    return indexed_with(meta) if meta else None
