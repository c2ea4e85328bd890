"""A switch's default ("Defaults to yes", "El valor por defecto es off")
said otherwise: a yes or no to "… by default?", or "enabled" for "false"."""
from __future__ import annotations

import re

from app.answers.checks.contradiction.defaults import SAYS_DEFAULT
from app.answers.checks.contradiction.found import VALUE, Contradiction


# A quote that gives a switch's default ("Defaults to yes", "El valor por
# defecto es off", "Voreinstellung: nein") answers "… by default?" by itself.
# The value must end its phrase: "Defaults to no." is a switch, "Defaults to
# no timeout" and "the default is an empty list" are not.
_SWITCH = r"(yes|no|on|off|true|false|enabled|disabled|ja|nein|aus|sí|si|да|нет|вкл|выкл)"
_DEFAULT_SWITCH = re.compile(
    r"(?:\bdefaults?\s+(?:to|is|value\s+is)|\bthe\s+default\s+is|por\s+(?:defecto|omisión)"
    r"\s+es|voreinstellung:?|vorgabe:?|standardwert\s+ist|по\s+умолчанию\s*[—:-]?)"
    r"\s+[\"'«»„“]?" + _SWITCH + r"[\"'«»“”]?(?=\s*(?:[.;,)]|$))", re.IGNORECASE)
_SWITCH_ON = {"yes", "on", "true", "enabled", "ja", "sí", "si", "да", "вкл"}
# a question asked the other way round: "Is it disabled by default?"
_ASKS_OFF = re.compile(r"(?<![\w-])(?:disabled?|off|turned off|deaktiviert|aus|desactivad[oa]|"
                       r"отключен\w*|выключен\w*|not|nicht|no|не)(?![\w-])", re.IGNORECASE)
# An answer that says the switch's state in words ("on" and "off" only
# after "is", "turned", "switched": "waits on the network" says no state).
_STATE = r"(?<![\w-])({words}|(?:is|are|turned|switched|set)\s+{short})(?![\w-])"
_SAID_ON = re.compile(_STATE.format(words=r"enabled|active|aktiviert|eingeschaltet|activad[oa]|"
                                           r"habilitad[oa]|включен\w*", short="on"), re.IGNORECASE)
_SAID_OFF = re.compile(_STATE.format(words=r"disabled|inactive|deaktiviert|ausgeschaltet|"
                                            r"desactivad[oa]|deshabilitad[oa]|отключен\w*|"
                                            r"выключен\w*", short="off"), re.IGNORECASE)


def switched(answer: str, quote: str) -> list[Contradiction]:
    """An answer that says a switch is on (or off) by default where the quote
    gives its default the other way ("WakeSystem= is enabled by default"
    under "Defaults to false")."""
    if not SAYS_DEFAULT.search(answer):
        return []
    quoted = {m.group(1).lower() in _SWITCH_ON: m.group(1) for m in _DEFAULT_SWITCH.finditer(quote)}
    on, off = list(_SAID_ON.finditer(answer)), list(_SAID_OFF.finditer(answer))
    if len(quoted) != 1 or bool(on) == bool(off):
        return []   # the quote gives no one default, or the answer says both or neither
    said = (on or off)[0]
    (quoted_on, written), = quoted.items()
    if bool(on) == quoted_on:
        return []
    return [Contradiction(VALUE, said.group(1), said.start(1), said.end(1), written)]


def default_switch(quote: str, question: str) -> bool | None:
    """What a yes/no question about a default should be answered, where the
    quote gives that default as a switch and nothing else: True for yes."""
    if not SAYS_DEFAULT.search(question):
        return None
    said = {m.group(1).lower() in _SWITCH_ON for m in _DEFAULT_SWITCH.finditer(quote)}
    if len(said) != 1:
        return None
    on = said.pop()
    return not on if _ASKS_OFF.search(question) else on
