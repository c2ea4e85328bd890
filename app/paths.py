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


def default_db() -> Path:
    return data_dir() / "index.sqlite"
