"""Screenshots of the desktop app for the README (docs/screenshots/).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py
    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py languages
    QT_SCALE_FACTOR=2 QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py languages

Runs the real app on a copy of the sample handbook with the real models, in
a throw-away data folder, and saves: main window while indexing, an answer
with its quote and sources, the PDF viewer at a cited page, a quote opened in
the viewer with the other passages shown, an error, a saved conversation
reopened from the list, and the window under a dark palette; with
`languages`, the main window and Settings in Russian, Spanish and German
(at 200 % with QT_SCALE_FACTOR=2).
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


FACILITIES = """# Facilities handbook

## Bicycles

Bicycles are parked in the locked shed behind building B; your badge opens it from 6:00 to
22:00. Folding bicycles may be kept under your desk.

## Meeting rooms

Book meeting rooms in the calendar; a booking not used within 15 minutes is released.
"""


def dark_palette():
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    for role, colour in (("Window", "#2b2b2e"), ("WindowText", "#e6e6e6"), ("Base", "#1e1e20"),
                         ("AlternateBase", "#2b2b2e"), ("Text", "#e6e6e6"),
                         ("Button", "#35353a"), ("ButtonText", "#e6e6e6"),
                         ("Highlight", "#3d6fb4"), ("HighlightedText", "#ffffff"),
                         ("Link", "#8ab4f8"), ("ToolTipBase", "#2b2b2e"),
                         ("ToolTipText", "#e6e6e6"), ("PlaceholderText", "#9a9a9a")):
        palette.setColor(getattr(QPalette.ColorRole, role), QColor(colour))
    for role in ("WindowText", "Text", "ButtonText"):
        palette.setColor(QPalette.ColorGroup.Disabled, getattr(QPalette.ColorRole, role),
                         QColor("#7a7a7a"))
    return palette


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
    wait(app, lambda: "files" in window.indexing.label.text())
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
    window.opener.open_citation(len(window.conversation.turns) - 1, pdf)
    wait(app, lambda: False, 1.0)
    window.grab().save(str(OUT / "main-pdf-viewer.png"))

    window.ask("Can I carry over unused annual leave?")
    wait(app, lambda: window.current_turn is None, 300)
    last = len(window.conversation.turns) - 1
    window.conversation.appLinkClicked.emit(f"more/{last}")
    window.opener.open_quote(last, 0)
    wait(app, lambda: False, 1.0)
    window.grab().save(str(OUT / "main-quote.png"))

    # a second conversation, and the first one reopened from the list
    first = window.conversation_id
    window.new_conversation()
    window.ask("How do I roll back a failed deploy?")
    wait(app, lambda: window.current_turn is None, 300)
    window.left.setCurrentWidget(window.conversation_list)
    window.open_saved(first)
    window.conversation.verticalScrollBar().setValue(0)
    wait(app, lambda: False, 0.5)
    window.grab().save(str(OUT / "main-conversations.png"))

    # a second handbook, asked together with the first
    facilities = home / "Facilities handbook"
    facilities.mkdir()
    (facilities / "building.md").write_text(FACILITIES)
    window.open_folder(facilities)
    wait(app, lambda: not window.index_worker.busy)
    window.open_folder(folder)
    wait(app, lambda: not window.index_worker.busy)
    window.set_also_asked([str(facilities)])
    window.ask("Where do I park my bicycle, and how many days of annual leave do I get?")
    wait(app, lambda: window.current_turn is None, 300)
    window.grab().save(str(OUT / "main-several.png"))

    # the same window under a dark system palette
    app.setStyle("Fusion")
    app.setPalette(dark_palette())
    wait(app, lambda: False, 0.5)
    window.grab().save(str(OUT / "main-dark.png"))
    window.close()
    print(f"saved to {OUT}")


# The same small handbook as each language writes it, and a question on it in
# that language (the window's screenshots in docs/screenshots/main-<code>.png).
HANDBOOKS = {
    "ru": ("Справочник сотрудника", """# Справочник сотрудника

## Ежегодный отпуск

Каждый сотрудник получает 28 календарных дней оплачиваемого отпуска в год. Отпуск
оформляется в кадровом портале не позднее чем за две недели.

## Велосипеды

Велосипеды оставляют в запертом навесе за корпусом Б; пропуск открывает его с 6:00 до 22:00.
Складные велосипеды можно держать под рабочим столом.

## Командировки

Суточные в Берлине составляют 60 евро. Гостиница оплачивается до 180 евро за ночь.
""", "Где мне оставить велосипед?"),
    "es": ("Manual del empleado", """# Manual del empleado

## Vacaciones anuales

Cada empleado tiene 28 días naturales de vacaciones pagadas al año. Las vacaciones se
solicitan en el portal de recursos humanos con al menos dos semanas de antelación.

## Bicicletas

Las bicicletas se dejan en el cobertizo cerrado detrás del edificio B; la tarjeta lo abre
de 6:00 a 22:00. Las bicicletas plegables pueden guardarse bajo la mesa.

## Viajes de trabajo

La dieta diaria en Berlín es de 60 euros. El hotel se paga hasta 180 euros por noche.
""", "¿Dónde dejo mi bicicleta?"),
    "de": ("Mitarbeiterhandbuch", """# Mitarbeiterhandbuch

## Jahresurlaub

Alle Mitarbeitenden erhalten 28 Kalendertage bezahlten Urlaub im Jahr. Urlaub wird
spätestens zwei Wochen vorher im Personalportal beantragt.

## Fahrräder

Fahrräder werden im verschlossenen Unterstand hinter Gebäude B abgestellt; der
Mitarbeiterausweis öffnet ihn von 6:00 bis 22:00 Uhr. Falträder dürfen unter dem
Schreibtisch stehen.

## Dienstreisen

Das Tagegeld in Berlin beträgt 60 Euro. Hotels werden bis 180 Euro pro Nacht erstattet.
""", "Wo stelle ich mein Fahrrad ab?"),
}


def languages() -> None:
    """The main window and Settings in each language the window speaks, on a
    handbook in that language, with a question asked in it."""
    home = Path(tempfile.mkdtemp())
    os.environ["HANDBOOK_QA_HOME"] = str(home / "data")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.gui.main_window import MainWindow
    from app.gui.settings_dialog import SettingsDialog
    from app.gui.translations import LANGUAGE

    app = QApplication([])
    OUT.mkdir(parents=True, exist_ok=True)
    scale = os.environ.get("QT_SCALE_FACTOR", "1")
    suffix = "" if scale == "1" else f"-{int(float(scale) * 100)}"
    for code, (name, text, question) in HANDBOOKS.items():
        LANGUAGE.install(code)
        folder = home / name
        folder.mkdir()
        (folder / "handbook.md").write_text(text, encoding="utf-8")
        settings = QSettings(str(home / f"settings-{code}.ini"), QSettings.Format.IniFormat)
        window = MainWindow(folder, settings=settings)
        window.resize(1366, 768)
        window.show()
        wait(app, lambda: not window.index_worker.busy and window.report is not None)
        window.ask(question)
        wait(app, lambda: window.current_turn is None, 300)
        wait(app, lambda: False, 0.5)
        window.grab().save(str(OUT / f"main-{code}{suffix}.png"))
        dialog = SettingsDialog(window.settings, 128, [], window)
        dialog.show()
        wait(app, lambda: False, 0.5)
        dialog.grab().save(str(OUT / f"settings-{code}{suffix}.png"))
        dialog.close()
        window.close()
    print(f"saved to {OUT}")


if __name__ == "__main__":
    languages() if sys.argv[1:] == ["languages"] else main()
