"""The text of a file in whatever encoding a user's editor wrote it.

Order of trust: a byte-order mark (what Windows Notepad writes for
"Unicode"), then strict UTF-8 (almost every modern file), then a guess by
charset-normalizer for legacy code pages (Windows-1252 from Word and Notepad,
Windows-1251, KOI8-R, Shift JIS, ...). A file that is none of these — binary,
or text so garbled that no encoding reads it cleanly — is refused in words.
"""
from __future__ import annotations

import codecs
from dataclasses import dataclass

from app.common.documents import ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said

# UTF-32's marks begin with UTF-16's: test them first.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8 with BOM"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)

# When charset-normalizer finds several code pages equally clean (a short
# French text reads the same in cp1250, cp1252 and cp1257 except for a few
# letters), the one Windows editors write for that script wins: on measured
# samples the library's own first pick turned "à" into "ŕ" (cp1250) and
# Russian into Mac Cyrillic.
_PREFERRED = ("cp1252", "cp1251", "cp1250", "cp1253", "cp1254", "cp1257", "koi8_r",
              "shift_jis", "cp932", "gb18030", "big5", "euc_kr", "iso8859_15")
_TIE = 0.01  # chaos within this of the best counts as equally clean
# The code pages tried. Left to itself charset-normalizer stops at its first
# clean reading, and on a short KOI8-R text that was Shift JIS 2004 (Russian
# shown as Japanese): every encoding here gets its chance instead.
_CANDIDATES = _PREFERRED + ("cp1255", "cp1256", "cp1258", "cp874", "latin_1", "iso8859_2",
                            "iso8859_5", "iso8859_7", "iso8859_9", "cp437", "cp850", "cp866",
                            "mac_roman", "mac_cyrillic", "euc_jp")

_NAMES = {
    "utf_8": "UTF-8", "cp1252": "Windows-1252", "cp1251": "Windows-1251",
    "cp1250": "Windows-1250", "cp1253": "Windows-1253", "cp1254": "Windows-1254",
    "cp1257": "Windows-1257", "latin_1": "Latin-1", "iso8859_15": "Latin-9",
    "koi8_r": "KOI8-R", "shift_jis": "Shift JIS", "cp932": "Shift JIS (Windows)",
    "gb18030": "GB18030", "big5": "Big5", "euc_kr": "EUC-KR", "euc_jp": "EUC-JP",
    "utf_16": "UTF-16", "utf_32": "UTF-32",
}


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str  # as the library shows it: "UTF-8", "Windows-1252", "UTF-16"...


def decode(data: bytes, declared: str | None = None) -> Decoded:
    """`data` as text, newlines normalised to "\\n" (markdown-it does the same
    internally, and offsets computed from its line numbers must match).

    `declared` is the encoding the file names for itself (an HTML page's
    `<meta charset>`): trusted after a byte-order mark and valid UTF-8, before
    any guess."""
    decoded = (_with_bom(data) or _as_utf8(data) or _as_declared(data, declared)
               or _guessed(data))
    text = decoded.text.replace("\r\n", "\n").replace("\r", "\n")
    return Decoded(text, decoded.encoding)


def _with_bom(data: bytes) -> Decoded | None:
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                return Decoded(data.decode(codec), name)
            except UnicodeDecodeError as exc:
                raise ReadError(Said(QT_TRANSLATE_NOOP(
                    "Core", "starts with a {encoding} byte-order mark but is not valid "
                            "{encoding}: bad bytes at position {position}"),
                    encoding=name, position=exc.start)) from None
    return None


def _as_utf8(data: bytes) -> Decoded | None:
    if b"\x00" in data:
        # No legacy code page has NUL in text; UTF-16 without a mark is rare
        # enough that a binary file is the likelier reading.
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "not a text file (binary?): it contains "
                                                       "NUL bytes")))
    try:
        return Decoded(data.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError:
        return None


def _as_declared(data: bytes, declared: str | None) -> Decoded | None:
    if not declared:
        return None
    try:
        codec = codecs.lookup(declared).name.replace("-", "_")
    except LookupError:
        return None  # a name no codec has: guess instead
    if codec in ("latin_1", "iso8859_1", "ascii"):
        codec = "cp1252"  # what browsers read for both (WHATWG Encoding)
    if codec.startswith(("utf_16", "utf_32")):
        return None  # without a byte-order mark this declaration is wrong: guess
    return Decoded(data.decode(codec, errors="replace"), _NAMES.get(codec, codec.upper()))


def _guessed(data: bytes) -> Decoded:
    from charset_normalizer import from_bytes  # only for the rare non-UTF-8 file

    matches = list(from_bytes(data, cp_isolation=list(_CANDIDATES)))
    if not matches:
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "not a text file (binary?): no text encoding reads it cleanly (tried UTF-8, "
                    "UTF-16 and the common Windows and ISO code pages)")))
    best = min(matches, key=lambda m: m.chaos)
    tied = [m for m in matches if m.chaos <= best.chaos + _TIE]
    choice = min(tied, key=_preference)
    text = str(choice)
    codec = _same_reading(data, text) or choice.encoding
    return Decoded(text, _NAMES.get(codec, codec.upper()))


def _same_reading(data: bytes, text: str) -> str | None:
    """The most common code page that reads `data` as exactly `text`: German
    in Windows-1252 and in Windows-1250 is the same bytes, and the library
    should then say the name the user's editor would."""
    for codec in _PREFERRED:
        try:
            if data.decode(codec) == text:
                return codec
        except UnicodeDecodeError:
            continue
    return None


def _preference(match) -> int:
    return _PREFERRED.index(match.encoding) if match.encoding in _PREFERRED else len(_PREFERRED)
