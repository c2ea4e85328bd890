"""Starting the desktop app."""
from __future__ import annotations

import sys
from pathlib import Path


def run_gui(folder: Path | None = None, db: Path | None = None) -> int:
    """Open the main window on `folder` (or the last one, or the sample handbook).

    `db` is accepted for the command line's sake; the app keeps one index per
    folder and profile in the per-user data folder.
    """
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from app.common.bundled import RESOURCES
    from app.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Handbook QA")
    app.setOrganizationName("HandbookQA")
    app.setDesktopFileName("handbook-qa")  # matches packaging/linux/handbook-qa.desktop
    icon = RESOURCES / "icons" / "handbook-qa.png"  # PNG: no image-format plugin needed
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    qsettings = QSettings("HandbookQA", "handbook-qa")
    install_language(qsettings)  # before the window: every string it makes is translated
    if folder is not None and not Path(folder).is_dir():
        print(f"handbook-qa: {folder} is not a folder", file=sys.stderr)
        return 2
    window = MainWindow(Path(folder) if folder else None, settings=qsettings)
    window.show()
    return app.exec()


def install_language(qsettings) -> str:
    """The window's language as Settings chose it (the system's by default),
    before any window is built."""
    from app.gui.translations import LANGUAGE
    from app.workspace.settings import AppSettings

    return LANGUAGE.install(AppSettings.from_json(qsettings.value("settings", "")).language)


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    return run_gui(folder)
