"""Zip-packaged formats (.docx, .odt, .epub): the checks made before a byte
of them is parsed, and the one way their XML is parsed.

A zip is refused when it unpacks to more than MAX_UNPACKED_MB (a zip bomb),
before any parser reads it; zipfile stops at each member's declared size, so
a lying header cannot unpack more either. XML is parsed by lxml without
expanding entities, loading a DTD or touching the network, so a "billion
laughs" document stays a few bytes and nothing is ever fetched.
"""
from __future__ import annotations

import zipfile
import zlib
from pathlib import Path

from app.common.documents import ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said

MAX_UNPACKED_MB = 512

# Whole sentences for each format (a translation cannot splice "not a Word
# document" into a sentence of its own): the file is no zip at all, or a zip
# without the member the format needs.
_NOT_A_PACKAGE = {
    ".docx": QT_TRANSLATE_NOOP("Core", "not a Word document: the file is not a valid .docx "
                                       "package ({error})"),
    ".odt": QT_TRANSLATE_NOOP("Core", "not an OpenDocument text: the file is not a valid .odt "
                                      "package ({error})"),
    ".epub": QT_TRANSLATE_NOOP("Core", "not an EPUB book: the file is not a valid .epub "
                                       "package ({error})"),
}
_MEMBER_MISSING = {
    ".docx": QT_TRANSLATE_NOOP("Core", "not a Word document: the package has no {member} "
                                       "(another format renamed .docx?)"),
    ".odt": QT_TRANSLATE_NOOP("Core", "not an OpenDocument text: the package has no {member} "
                                      "(another format renamed .odt?)"),
    ".epub": QT_TRANSLATE_NOOP("Core", "not an EPUB book: the package has no {member} "
                                       "(another format renamed .epub?)"),
}
FILE_MISSING = QT_TRANSLATE_NOOP("Core", "the file does not exist (moved or deleted?)")


def check_package(path: Path, suffix: str, required: str) -> set[str]:
    """The member names of the zip at `path`, once it is known to be a zip
    that holds `required` and is no bomb. `suffix` (".docx", ".odt",
    ".epub") names the format for the messages."""
    try:
        with zipfile.ZipFile(path) as package:
            unpacked = sum(member.file_size for member in package.infolist())
            names = set(package.namelist())
    except FileNotFoundError:
        raise ReadError(Said(FILE_MISSING)) from None
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise ReadError(Said(_NOT_A_PACKAGE[suffix], error=str(error))) from None
    if unpacked > MAX_UNPACKED_MB * 2**20:
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "unpacks to {megabytes} MB (more than {limit} MB): a zip bomb, or not a "
                    "handbook"), megabytes=round(unpacked / 2**20), limit=MAX_UNPACKED_MB))
    if required not in names:
        raise ReadError(Said(_MEMBER_MISSING[suffix], member=required))
    return names


def read_member(package: zipfile.ZipFile, name: str, suffix: str) -> bytes:
    """One member's bytes; a damaged or password-protected member in words."""
    try:
        return package.read(name)
    except RuntimeError:  # zipfile's word for a member that needs a password
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "{name} in the {suffix} package is encrypted (password-protected)"),
            name=name, suffix=suffix)) from None
    except NotImplementedError as error:  # a compression method zipfile lacks
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "{name} in the {suffix} package cannot be unpacked ({error})"),
            name=name, suffix=suffix, error=str(error))) from None
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as error:
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "{name} in the {suffix} package is damaged ({error})"),
            name=name, suffix=suffix, error=str(error))) from None


def parse_xml(data: bytes, name: str):
    """The root element of one XML member, parsed safely (see above)."""
    from lxml import etree  # imported here, only in the reader process

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        if "entit" in str(error).lower():  # libxml2's own guard against entity bombs
            raise ReadError(Said(QT_TRANSLATE_NOOP(
                "Core", "{name} declares entities that expand without bound (a \"billion "
                        "laughs\" file): {error}"), name=name, error=str(error))) from None
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "{name} is not well-formed XML ({error})"),
                             name=name, error=str(error))) from None
    if root is None:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "{name} is empty"), name=name))
    return root


def is_element(node) -> bool:
    """An element, not an unexpanded entity, a comment or a processing instruction."""
    return isinstance(node.tag, str)
