"""The window's language: which ones there are, which one is chosen, and the
translators that make Qt speak it.

A language is there when its compiled catalogue is: `handbook_qa_<code>.qm`
beside this module (built from the `.ts` sources in app/gui/i18n by the
set-up and by packaging) or in the user's own translations folder, so a new
language is a file dropped in a folder, not a new build of the app
(docs/translations.md). Qt's own catalogue for the language (`qtbase_<code>.qm`:
the buttons of standard dialogs, "Cancel", "Yes") is loaded beside it.
"""
from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.common.paths import data_dir

log = logging.getLogger(__name__)

SYSTEM = "system"
SOURCE = "en"  # the language the strings are written in (its catalogue: plural forms only)
CATALOGUE = "handbook_qa_{code}.qm"
BUNDLED = Path(__file__).resolve().parent / "i18n"


def user_folder() -> Path:
    """Where a user (or a translator trying a new language) puts a catalogue."""
    return data_dir() / "translations"


def catalogue(code: str) -> Path | None:
    """The language's compiled catalogue: the user's own or the bundled one,
    whichever is newer (a translator's improved copy, until an update of the
    app brings a newer one with strings the copy lacks)."""
    found = [path for folder in (user_folder(), BUNDLED)
             if (path := folder / CATALOGUE.format(code=code)).is_file()]
    return max(found, key=lambda path: path.stat().st_mtime, default=None)


def available() -> list[str]:
    """English and every language with a compiled catalogue, as codes ("ru")."""
    codes = {path.name[len("handbook_qa_"):-len(".qm")]
             for folder in (BUNDLED, user_folder()) if folder.is_dir()
             for path in folder.glob(CATALOGUE.format(code="*"))}
    return [SOURCE] + sorted(codes - {SOURCE})


def native_name(code: str) -> str:
    """"Русский", "Español", "Deutsch": each language named in itself, by its
    own catalogue (Qt names a language after a country: "español de España",
    "American English"), else by Qt."""
    if code == SOURCE:
        return "English"
    translator = QTranslator()
    path = catalogue(code)
    name = translator.translate(*OWN_NAME) if path and translator.load(str(path)) else ""
    name = name or QLocale(code).nativeLanguageName()
    return name[:1].upper() + name[1:] if name else code


# The entry each catalogue names its language with: "English" translated.
OWN_NAME = ("Translations", "English", "the name of the language you translate into, "
                                        "in that language: Русский, Español, Deutsch")


def _own_name_for_lupdate() -> None:
    """Never called: lupdate reads OWN_NAME's entry from this literal call."""
    QCoreApplication.translate("Translations", "English", "the name of the language you "
                               "translate into, in that language: Русский, Español, Deutsch")


def resolved(choice: str, system: QLocale | None = None) -> str:
    """The language code a choice ("system" or a code) comes to: the system's
    first UI language that has a catalogue, else English."""
    codes = available()
    if choice != SYSTEM:
        return choice if choice in codes else SOURCE
    for name in (system or QLocale.system()).uiLanguages():
        name = name.replace("-", "_")
        for code in (name, name.split("_")[0].lower()):  # "pt_BR", then "pt"
            if code in codes:
                return code
    return SOURCE


class Language:
    """The translators installed in the application, replaced as a whole
    when the language changes."""

    def __init__(self) -> None:
        self._installed: list[QTranslator] = []
        self.code = SOURCE

    def install(self, choice: str) -> str:
        """Make the application speak `choice`; returns the code it came to."""
        app = QCoreApplication.instance()
        for translator in self._installed:
            app.removeTranslator(translator)
            translator.deleteLater()
        self._installed = []
        self.code = resolved(choice)
        QLocale.setDefault(_locale(self.code, choice))
        self._load(catalogue(self.code))  # English: its plural forms only
        if self.code != SOURCE:
            self._load(Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
                       / f"qtbase_{self.code}.qm")
        return self.code

    def _load(self, path: Path | None) -> None:
        translator = QTranslator(QCoreApplication.instance())
        if path is None or not translator.load(str(path)):
            log.warning("no translations loaded from %s", path)
            return
        QCoreApplication.instance().installTranslator(translator)
        self._installed.append(translator)


def _locale(code: str, choice: str) -> QLocale:
    """Numbers and dates as the system writes them when the language is the
    system's own (de_AT, en_GB); else as the language's main country does,
    English as the United States (the window's source)."""
    system = QLocale.system()
    if choice == SYSTEM and system.name().split("_")[0] == code:
        return system
    return QLocale("en_US" if code == SOURCE else code)


LANGUAGE = Language()
