"""Per-user locations, via platformdirs (XDG on Linux, the native places elsewhere).

`HANDBOOK_QA_HOME` overrides the data folder (tests and portable installs).
"""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "handbook-qa"


def data_dir() -> Path:
    override = os.environ.get("HANDBOOK_QA_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """Files the app can always make again (a faster copy of the answer model)."""
    override = os.environ.get("HANDBOOK_QA_HOME")
    if override:
        return Path(override) / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def default_db() -> Path:
    return data_dir() / "index.sqlite"


def index_for(folder: Path, profile: str = "fitted") -> Path:
    """The desktop app's index of one folder: one file per folder and profile,
    so switching between folders (or profiles) never rebuilds anything."""
    import hashlib

    resolved = Path(folder).resolve()
    digest = hashlib.sha1(str(resolved).encode("utf-8", "surrogateescape")).hexdigest()[:12]
    name = "".join(c if c.isalnum() or c in "-_" else "-" for c in resolved.name)[:40] or "folder"
    return data_dir() / "indexes" / f"{name}-{digest}-{profile}.sqlite"
