"""Opening an index for a front end: a file that is not there is said, not made."""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Iterator

from app.store.backends import Location, parse_location, store_session
from app.store.contract import IndexStore, StoreError
from app.workspace.handbooks import Handbooks

PROFILES_TRIED = ("fitted", "spring-default")  # the app's own index of a folder, in this order


class NoIndex(StoreError):
    """A location asked that holds no index yet."""

    def __init__(self, location: Location):
        super().__init__(f"no index at {location}")
        self.location = location


@contextlib.contextmanager
def opened_index(location: str | Location, create: bool = False) -> Iterator[IndexStore]:
    """The index at `location` for a `with` block. `create`: indexing may
    make it; otherwise one that is not there raises NoIndex (opening a file
    would make an empty one). A disk or server failing, at the start or
    mid-read, comes out as StoreError in words."""
    location = parse_location(location)
    if not create and not location.exists():
        raise NoIndex(location)
    with store_session(location, create=create) as store:
        yield store


def warm_index(location: str | Location, embedders) -> None:
    """Read an index's vectors into memory, and load the embedder it was built
    with, before its first question."""
    location = parse_location(location)
    if location.exists():
        with opened_index(location) as store:
            embedders.for_index(store.meta()).embed_queries(["warm-up"])
            store.warm()


def app_index(folder: Path) -> Path:
    """The index the desktop app keeps of a folder: the fitted profile's,
    or the spring-default one's when only that exists (the fitted one's path
    when neither does, for the message that says so)."""
    made = [Handbooks.index_of(folder, profile) for profile in PROFILES_TRIED]
    return next((index for index in made if index.exists()), made[0])


def vector_search_info(location: str | Location) -> dict:
    """How the index searches vectors (exact, or a shared index's HNSW graph
    with the recall measured for it)."""
    with opened_index(location) as store:
        return store.vector_search_info()
