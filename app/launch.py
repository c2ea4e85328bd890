"""The `handbook-qa` entry point: the desktop app, or one command.

The one module that knows both front ends: the command line (`app.cli`) and
the desktop app (`app.gui`) never import each other, and Qt is imported only
when the app opens.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from app import cli


def main(argv: list[str] | None = None) -> int:
    try:
        return cli.main(sys.argv[1:] if argv is None else argv, open_gui=_open_gui)
    except BrokenPipeError:
        # `handbook-qa search … --json | head`: the reader has gone, which is
        # no error. Python's advice: point stdout at devnull so the exit's
        # flush does not fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _open_gui(folder: Path | None, db: Path | None) -> int:
    from app.gui.main import run_gui

    return run_gui(folder, db)
