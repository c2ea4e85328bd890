"""Screenshots of the desktop app for the README (docs/screenshots/).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py

Runs the real app on a copy of the sample handbook with the real models, in
a throw-away data folder, and saves: main window while indexing, an answer
with its quote and sources, the PDF viewer at a cited page, a quote opened in
the viewer with the other passages shown, and an error.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "screenshots"


def wait(app, condition, seconds=180.0):
    import time

    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.02)


def main() -> None:
    home = Path(tempfile.mkdtemp())
    os.environ["HANDBOOK_QA_HOME"] = str(home / "data")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.common.bundled import SAMPLE_HANDBOOK
    from app.gui.main_window import MainWindow

    app = QApplication([])
    folder = home / "Quillmoor handbook"
    shutil.copytree(SAMPLE_HANDBOOK, folder)
    (folder / "scanned-floor-plan.pdf").write_bytes(b"%PDF-1.4\n% a scan without text\n")
    settings = QSettings(str(home / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(folder, settings=settings)
    window.resize(1366, 768)
    window.show()
    OUT.mkdir(parents=True, exist_ok=True)
    wait(app, lambda: "files" in window.progress_label.text())
    window.grab().save(str(OUT / "main-indexing.png"))
    wait(app, lambda: not window.index_worker.busy)
    wait(app, lambda: False, 0.5)
    window.grab().save(str(OUT / "main-error.png"))

    window.messages.hide()
    window.ask("How many weeks of parental leave are paid at full salary?")
    wait(app, lambda: window.current_turn is None, 300)
    window.grab().save(str(OUT / "main-answer.png"))

    window.ask("What is the per diem for a day in London?")
    wait(app, lambda: window.current_turn is None, 300)
    results = window.sources.results
    pdf = next((n for n, r in enumerate(results, start=1) if r.source.endswith(".pdf")), 1)
    window.open_citation(len(window.conversation.turns) - 1, pdf)
    wait(app, lambda: False, 1.0)
    window.grab().save(str(OUT / "main-pdf-viewer.png"))

    window.ask("Can I carry over unused annual leave?")
    wait(app, lambda: window.current_turn is None, 300)
    last = len(window.conversation.turns) - 1
    window.conversation.appLinkClicked.emit(f"more/{last}")
    window.open_quote(last, 0)
    wait(app, lambda: False, 1.0)
    window.grab().save(str(OUT / "main-quote.png"))
    window.close()
    print(f"saved to {OUT}")


if __name__ == "__main__":
    main()
