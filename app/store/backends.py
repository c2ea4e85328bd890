"""Which store a location names, and opening it.

A location is an index file (the SQLite store, the default) or a PostgreSQL
server: a libpq URI (`postgresql://user@host/db`) or key/value string
(`service=handbook`, `host=… dbname=…`). Front ends pass what the user typed
to `parse_location` and open it with `open_store`.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from app.common.said import message_of
from app.store.contract import IndexStore, StoreError
from app.store.postgres_uri import display_location, is_server_location


class ServerLocation(str):
    """A shared index on a PostgreSQL server; the string is the libpq
    connection string. Show it with `.display`, which leaves out a password."""

    @property
    def display(self) -> str:
        return display_location(self)

    def exists(self) -> bool:  # the server says, when it is opened
        return True


Location = Path | ServerLocation


def parse_location(text: str | Path) -> Location:
    if isinstance(text, (Path, ServerLocation)):
        return text
    return ServerLocation(text.strip()) if is_server_location(text) else Path(text)


def describe(location: Location) -> str:
    return location.display if isinstance(location, ServerLocation) else str(location)


def open_store(location: Location, create: bool = True,
               interactive: bool = False) -> IndexStore:
    """The store at `location`; StoreError (in words) when it cannot be opened.
    `create`: an index may be made there (indexing); otherwise a shared
    index's database must already hold one (a file's absence is the caller's
    to check, as it always was). `interactive`: the window's own reads, which
    give up on a server that does not answer in seconds."""
    if isinstance(location, ServerLocation):
        from app.store.postgres import PostgresStore

        return PostgresStore(str(location), create=create, interactive=interactive)
    from app.store.sqlite import Store

    return Store(Path(location))


@contextmanager
def store_session(location: Location, create: bool = True) -> Iterator[IndexStore]:
    """open_store for a `with` block whose storage failures (a disk, or a
    server gone mid-read) come out as StoreError in words, like a failure to
    open: callers catch one exception. Anything else passes unchanged."""
    try:
        with open_store(location, create) as store:
            yield store
    except StoreError:
        raise
    except Exception as error:
        message = storage_failure(location, error)
        if message is None:
            raise
        raise StoreError(message) from error


def timed_out(error: BaseException) -> bool:
    """Whether a shared index's server was given up on (the window's statement
    limit): a reconnection would wait as long again, so it is not retried."""
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency
        return False
    return isinstance(error, psycopg.errors.QueryCanceled)


def storage_failure(location: Location, error: BaseException) -> str | None:
    """A failure of the store's own engine met mid-command (a disk, a server),
    in words; None for anything else."""
    if isinstance(error, StoreError):
        return message_of(error)  # a Said kept whole, for the window to word
    try:
        import apsw

        if isinstance(error, apsw.Error):
            from app.store.sqlite import storage_message

            return storage_message(Path(location), error)
    except ImportError:  # pragma: no cover - apsw is a dependency
        pass
    try:
        import psycopg
    except ImportError:
        return None
    if isinstance(error, psycopg.Error):
        from app.store.postgres_errors import server_message

        return server_message(describe(location), error)
    return None
