"""A few translations made up for a test, compiled and installed as a
catalogue would be: what a view does with a language, without depending on
the shipped catalogues' wording."""
from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape


def compiled(folder: Path, entries: dict, name: str = "made_up_ru") -> Path:
    """`entries` ((context, source[, disambiguation]) → translation) as a .qm."""
    contexts: dict[str, list[str]] = {}
    for (context, source, *comment), translation in entries.items():
        contexts.setdefault(context, []).append(
            f"<message><source>{escape(source)}</source>"
            + (f"<comment>{escape(comment[0])}</comment>" if comment and comment[0] else "")
            + f"<translation>{escape(translation)}</translation></message>")
    ts = folder / f"{name}.ts"
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                  '<TS version="2.1" language="ru_RU">\n'
                  + "".join(f"<context><name>{context}</name>{''.join(messages)}</context>\n"
                            for context, messages in contexts.items())
                  + "</TS>\n", encoding="utf-8")
    qm = folder / f"{name}.qm"
    subprocess.run([str(Path(sys.executable).parent / "pyside6-lrelease"), "-silent", str(ts),
                    "-qm", str(qm)], check=True)
    return qm


@contextlib.contextmanager
def russian(qapp, folder: Path, entries: dict):
    """The entries installed, and Russian numbers; as before afterwards."""
    from PySide6.QtCore import QLocale, QTranslator

    translator = QTranslator()
    assert translator.load(str(compiled(folder, entries)))
    qapp.installTranslator(translator)
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Russian, QLocale.Country.Russia))
    try:
        yield
    finally:
        qapp.removeTranslator(translator)
        QLocale.setDefault(before)
