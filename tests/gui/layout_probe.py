"""The main window in one language, at 1366×768 logical pixels, in a process
of its own so that QT_SCALE_FACTOR (200 %) applies: writes to OUT, as JSON,
the cut texts of each right-hand view ({} when nothing is cut).

    QT_SCALE_FACTOR=2 python tests/gui/layout_probe.py de /tmp/cut.json
"""
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parent), str(HERE)]
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(code: str, out: Path) -> None:
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.gui import catalogues
    from app.gui.main_window import MainWindow
    from app.gui.settings_dialog import SettingsDialog
    from app.gui.translations import LANGUAGE
    from fakes import FakeChatModel
    from tests.gui.test_main_window import HANDBOOK
    from tests.gui.window_texts import cut_widgets

    app = QApplication([])
    catalogues.compile_all()
    assert LANGUAGE.install(code) == code
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["HANDBOOK_QA_HOME"] = str(Path(tmp) / "home")
        folder = Path(tmp) / "handbook"
        folder.mkdir()
        (folder / "handbook.md").write_text(HANDBOOK)
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        model = FakeChatModel()
        window = MainWindow(folder, model_factory=lambda _: model, settings=settings)
        window.resize(1366, 768)
        window.show()
        loop = QEventLoop()
        window.indexingDone.connect(lambda _: loop.quit())
        QTimer.singleShot(120_000, loop.quit)
        loop.exec()
        cut = {}
        for tabs in (window.left, window.side):
            for tab in range(tabs.count()):
                tabs.setCurrentIndex(tab)
                app.processEvents()
                found = cut_widgets(window)
                if found:
                    cut[tabs.tabText(tab)] = found
        dialog = SettingsDialog(window.settings, 128, [], window)
        dialog.show()
        app.processEvents()
        if cut_widgets(dialog):
            cut["Settings"] = cut_widgets(dialog)
        dialog.close()
        out.write_text(json.dumps(cut, ensure_ascii=False))
        window.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
