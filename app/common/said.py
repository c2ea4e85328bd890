"""Messages the core hands to a person, without Qt: what happened, as an
English template marked for translation, and its values. The CLI prints the
English (`str(message)`); the window words it in its own language
(app/gui/words.py), finding the template in its catalogue.

    WAITING = QT_TRANSLATE_NOOP("Core", "{name} is being indexed; ask again in a moment.")
    raise SomeError(Said(WAITING, name=folder.name))

`QT_TRANSLATE_NOOP` is the name Qt's lupdate looks for, so the templates reach
the `.ts` catalogues with the window's strings (docs/translations.md). A
counted message ("reading %n passage(s)…", the value `n`) needs the
language's plural forms, which lupdate records only from a call with the
count: such a template is not marked here but listed in app/gui/words.py.
"""
from __future__ import annotations

import json

CONTEXT = "Core"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate reads
    """Marks `text` for the catalogues and returns it unchanged."""
    return text


class Said(str):
    """A message as English text (it *is* the English string, so code that
    joins, logs or compares it keeps working) that remembers its template and
    values for the window to word again."""

    template: str
    values: dict  # an int is a count ("1,234" / "1 234"); a page or a port is a str

    def __new__(cls, template: str, **values) -> Said:
        text = super().__new__(cls, _english(template, values))
        text.template = template
        text.values = values
        return text

    def __reduce__(self):  # crosses process and thread boundaries whole
        return (_said, (self.template, self.values))


def _english(template: str, values: dict) -> str:
    """The template filled in; a count `n` fills "%n" and makes "(s)" a plural
    (Qt's own convention for counted strings, which the window words with the
    language's plural forms)."""
    if "n" in values:
        n = values["n"]
        template = template.replace("%n", f"{n:,}").replace("(s)", "" if n == 1 else "s")
    return template.format(**{k: _english_value(v) for k, v in values.items()}) if values \
        else template


def _english_value(value):
    """An int value is a count, grouped as English writes it ("1,234"), a
    float a measure ("231.5"): pass a number that is a name (a page, a port)
    as a str."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:,g}" if isinstance(value, float) else value


def _said(template: str, values: dict) -> Said:
    return Said(template, **values)


def to_json(message: str) -> str | None:
    """A message as stored beside its English text (an index's failure
    reasons), so a window in another language can word it again; None for
    text that is not a marked message."""
    if not isinstance(message, Said):
        return None
    return json.dumps({"template": message.template,
                       "values": {k: _stored(v) for k, v in message.values.items()}},
                      ensure_ascii=False)


def from_json(text: str | None, english: str) -> str:
    """The message stored by to_json, or the English text as it is (an index
    written before messages were stored, or a value it cannot read)."""
    try:
        data = json.loads(text) if text else None
        values = {k: _loaded(v) for k, v in data["values"].items()}
        return Said(data["template"], **values)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return english


def _stored(value):
    if isinstance(value, Said):
        return {"said": json.loads(to_json(value))}
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else str(value)


def _loaded(value):
    if isinstance(value, dict) and "said" in value:
        inner = value["said"]
        return Said(inner["template"], **{k: _loaded(v) for k, v in inner["values"].items()})
    return value


def message_of(error: BaseException) -> str:
    """An exception's message, the Said it was raised with kept whole
    (str(error) would give its English only)."""
    if len(error.args) == 1 and isinstance(error.args[0], Said):
        return error.args[0]
    return str(error)
