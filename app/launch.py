"""The `handbook-qa` entry point: the desktop app, or one command.

The one module that knows both front ends: the command line (`app.cli`) and
the desktop app (`app.gui`) never import each other, and Qt is imported only
when the app opens.
"""
from __future__ import annotations

import sys
from pathlib import Path

from app import cli


def main(argv: list[str] | None = None) -> int:
    return cli.main(sys.argv[1:] if argv is None else argv, open_gui=_open_gui)


def _open_gui(folder: Path | None, db: Path | None) -> int:
    from app.gui.main import run_gui

    return run_gui(folder, db)
