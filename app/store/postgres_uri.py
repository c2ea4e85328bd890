"""The shared index's address: a libpq connection string, read without
connecting and without psycopg at import (Settings keeps one, the window
shows one).

A location is a libpq URI (`postgresql://user@host/db`) or key/value string
(`service=handbook`, `host=… dbname=…`). The app never keeps a password: it
is taken out before an address is saved, and left out wherever one is shown.
"""
from __future__ import annotations

from app.common.said import QT_TRANSLATE_NOOP, Said

URI_PREFIXES = ("postgresql://", "postgres://")


def is_server_location(location: str) -> bool:
    """A libpq URI (postgresql://…) or key/value string naming a service or host."""
    text = str(location).strip()
    return text.startswith(URI_PREFIXES) or (
        "=" in text and any(text.startswith(key + "=") or f" {key}=" in text
                            for key in ("service", "host", "dbname", "hostaddr")))


# (a Said: the window words it, app/gui/words.py)
UNREADABLE = Said(QT_TRANSLATE_NOOP("Core", "the address of the shared index cannot be read; "
                                            "write it as postgresql://user@host/database or "
                                            "service=NAME (an @ inside a password is written "
                                            "%40; better, keep the password in ~/.pgpass)"))


def _parts(conninfo: str) -> dict | None:
    """The connection string's parameters as libpq reads them, or None when
    it cannot: unparsable, or a host name holding "@" — an unescaped @ in a
    password (postgresql://me:p@ss@host/db), whose tail libpq would take for
    the host and print in its messages."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(conninfo)
    except Exception:  # noqa: BLE001 - any parse failure
        return None
    hosts = f"{parts.get('host') or ''},{parts.get('hostaddr') or ''}"
    return None if "@" in hosts else parts


def readable(conninfo: str) -> bool:
    """Whether libpq can read this connection string (without connecting)."""
    return _parts(conninfo) is not None


def display_location(conninfo: str) -> str:
    """The location without its password, for messages and the window title."""
    parts = _parts(conninfo)
    if parts is None:  # reported in words when opened, never echoed
        return "the shared index"
    if parts.get("service"):
        return f"service {parts['service']}"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = parts.get("host") or parts.get("hostaddr") or "localhost"
    if host.startswith("/"):  # a Unix socket on this computer
        return f"postgresql://{user}/{parts.get('dbname', '')} (local socket in {host})"
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname', '')}"


def without_password(conninfo: str) -> str:
    """The connection string with any password taken out: the app never keeps
    one (libpq reads it from ~/.pgpass, a service file or PGPASSWORD)."""
    if not conninfo:
        return ""
    from psycopg.conninfo import make_conninfo

    parts = _parts(conninfo)
    if parts is None:  # unreadable: it may hide a password, so none of it is kept
        return ""
    if "password" not in parts:
        return conninfo
    parts.pop("password")
    return make_conninfo(**parts)
