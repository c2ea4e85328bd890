"""The front end's own reads of the open index (library, viewer, settings),
or of the several handbooks an answer came from.

A read that fails (a full or vanished disk, the shared index's server down)
gives a default and says why in words through `on_failure`, so a front end
shows a sentence instead of a traceback. On a shared index one connection is
kept for these reads (opening one costs a TLS handshake and several round
trips each time on a VPN), and a connection that went stale (the server
restarted) is replaced once before anything is said.
"""
from __future__ import annotations

import contextlib
import logging
from typing import Callable

from app.common import said
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.search.several import Handbook, SeveralStores
from app.store.backends import (Location, ServerLocation, open_store, parse_location,
                                storage_failure, timed_out)

log = logging.getLogger(__name__)


def failure_reason(row: dict) -> str | None:
    """Why a document row of the index (store.documents(), store.document())
    could not be indexed: the marked message (app/common/said.py) the indexer
    stored beside the English text, for the window to word in its language;
    the English text as it is where none was stored (an index written before
    messages were, a reason that is no marked message); None for no reason."""
    english = row.get("error")
    if english is None:
        return None
    return said.from_json(row.get("error_said"), english)


def sentence(message: str) -> str:
    """A store's message ("the index … is full") as a sentence."""
    return message[:1].upper() + message[1:] + "."


class IndexReader:
    """Reads for one front end, on one thread (the workers open their own)."""

    def __init__(self, location: Callable[[], Location], on_failure: Callable[[str], None]):
        self._location = location
        self._on_failure = on_failure
        self._kept = None  # (location, store): the shared index's connection

    def exists(self) -> bool:
        """Whether the open index is there to read (a file is made by its
        first indexing; a server says when it is opened)."""
        return self._location().exists()

    def read(self, read, default=None, handbooks=()):
        """`read(store)` on the index, or `default` when it cannot be read.
        With `handbooks` ((label, folder, location) of an answer from
        several), on all of them, ids and paths as that answer has them."""
        if len(handbooks) > 1:
            return self._read_several(read, default, handbooks)
        location = self._location()
        shared = isinstance(location, ServerLocation)
        for attempt in (1, 2):
            stale = shared and self._kept is not None  # opened by an earlier read
            try:
                if not shared:
                    with open_store(location, create=False) as store:
                        return read(store)
                return read(self._shared(location))
            except Exception as error:
                self.close()
                message = storage_failure(location, error)
                if message is None:
                    raise
                if stale and attempt == 1 and not timed_out(error):
                    continue  # a fresh connection gets one try; a server that is down, not two
                self._on_failure(message)  # the window words it as a sentence
                return default
        return default

    def _read_several(self, read, default, handbooks):
        with contextlib.ExitStack() as stack:
            stores = []
            for label, _, location in handbooks:
                try:  # each opened and read on its own, so a failure names its handbook
                    stores.append(Handbook(label, stack.enter_context(
                        open_store(parse_location(location), create=False))))
                except Exception as error:
                    message = storage_failure(parse_location(location), error)
                    if message is None:
                        raise
                    self._on_failure(Said(QT_TRANSLATE_NOOP("Core", "{handbook}: {reason}"),
                                          handbook=label, reason=message))
                    return default
            try:
                return read(SeveralStores(stores))
            except Exception as error:
                message = storage_failure(parse_location(handbooks[0][2]), error)
                if message is None:
                    raise
                self._on_failure(Said(QT_TRANSLATE_NOOP(
                    "Core", "One of the handbooks asked could not be read: {reason}"),
                    reason=message))
                return default

    def _shared(self, location: ServerLocation):
        if self._kept is None or self._kept[0] != location:
            self.close()
            self._kept = (location, open_store(location, create=False, interactive=True))
        return self._kept[1]

    def close(self) -> None:
        if self._kept is not None:
            kept, self._kept = self._kept[1], None
            try:
                kept.close()
            except Exception:  # noqa: BLE001 - a broken connection is closed anyway
                log.debug("closing the shared index's reader failed", exc_info=True)
