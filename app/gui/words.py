"""The core's messages in the window's language (app/common/said.py): a
message the core marked is looked up in the catalogue by its English
template and filled with its values, each worded the same way; any other text
(an operating system's error, a document's words) is shown as it is.

`citation` is the window's own "[n] source › heading (p. N)": the core's
citation_label is also what the answer model reads, in English.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from app.common.said import CONTEXT, Said
from app.gui.locale_format import locale, number
from app.workspace.reading import sentence


def worded(message: object) -> str:
    if not isinstance(message, Said):
        # A fixed message read back as plain text (a saved conversation's
        # note) is still found by its English; any other text is left as is.
        text = str(message)
        return QCoreApplication.translate(CONTEXT, text) if text else text
    n = message.values.get("n")
    template = QCoreApplication.translate(CONTEXT, message.template, None,
                                          n if isinstance(n, int) else -1)
    if not message.values:
        return template
    values = {name: _value(value) for name, value in message.values.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a catalogue's placeholder mistyped
        return message.template.format(**values)


def as_sentence(message: object) -> str:
    """A message the core words as a fragment ("the index … is damaged"),
    worded, then made a sentence the window shows on its own."""
    return sentence(worded(message))


def _value(value: object) -> str:
    """A count or a measure as the language writes it, a message worded; any
    other text (a file's name, an error's own words) exactly as it is."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return number(value)
    if isinstance(value, float):
        return locale().toString(value, "f", QLocale.FloatingPointPrecisionOption
                                 .FloatingPointShortest)
    return worded(value) if isinstance(value, Said) else str(value)


def _counted_templates() -> None:
    """The core's counted messages, for lupdate: a literal call with a count
    is what makes it record the plural forms. Never called."""
    QCoreApplication.translate("Core", "reading %n passage(s)…", None, 1)
    QCoreApplication.translate("Core", "reading %n passage(s) ({tokens} tokens)… {share} %", None,
                               1)
    QCoreApplication.translate("Core", "%n source(s) · {used} / {window} tokens", None, 1)


def citation(n: int, source) -> str:
    """`[n] source › heading (p. N)` in the window's language."""
    pages = ""
    if source.page and source.page_end and source.page_end != source.page:
        pages = " " + QCoreApplication.translate("Citation", "(pp. {first}–{last})").format(
            first=source.page, last=source.page_end)
    elif source.page:
        pages = " " + QCoreApplication.translate("Citation", "(p. {page})").format(
            page=source.page)
    return f"[{n}] {source.source} › {source.heading}{pages}"
