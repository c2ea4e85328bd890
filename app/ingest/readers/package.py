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

MAX_UNPACKED_MB = 512


def check_package(path: Path, kind: str, suffix: str, required: str) -> set[str]:
    """The member names of the zip at `path`, once it is known to be a zip
    that holds `required` and is no bomb. `kind` names the format for the
    messages ("a Word document")."""
    try:
        with zipfile.ZipFile(path) as package:
            unpacked = sum(member.file_size for member in package.infolist())
            names = set(package.namelist())
    except FileNotFoundError:
        raise ReadError("the file does not exist (moved or deleted?)") from None
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise ReadError(f"not {kind}: the file is not a valid {suffix} package ({error})") from None
    if unpacked > MAX_UNPACKED_MB * 2**20:
        raise ReadError(f"unpacks to {unpacked / 2**20:,.0f} MB (more than {MAX_UNPACKED_MB} MB): "
                        f"a zip bomb, or not a handbook")
    if required not in names:
        raise ReadError(f"not {kind}: the package has no {required} (another format renamed "
                        f"{suffix}?)")
    return names


def read_member(package: zipfile.ZipFile, name: str, suffix: str) -> bytes:
    """One member's bytes; a damaged or password-protected member in words."""
    try:
        return package.read(name)
    except RuntimeError:  # zipfile's word for a member that needs a password
        raise ReadError(f"{name} in the {suffix} package is encrypted (password-protected)"
                        ) from None
    except NotImplementedError as error:  # a compression method zipfile lacks
        raise ReadError(f"{name} in the {suffix} package cannot be unpacked ({error})") from None
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as error:
        raise ReadError(f"{name} in the {suffix} package is damaged ({error})") from None


def parse_xml(data: bytes, name: str):
    """The root element of one XML member, parsed safely (see above)."""
    from lxml import etree  # imported here, only in the reader process

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        if "entit" in str(error).lower():  # libxml2's own guard against entity bombs
            raise ReadError(f"{name} declares entities that expand without bound (a "
                            f"\"billion laughs\" file): {error}") from None
        raise ReadError(f"{name} is not well-formed XML ({error})") from None
    if root is None:
        raise ReadError(f"{name} is empty")
    return root


def is_element(node) -> bool:
    """An element, not an unexpanded entity, a comment or a processing instruction."""
    return isinstance(node.tag, str)
