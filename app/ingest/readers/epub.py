"""EPUB books (.epub): a zip of XHTML chapters.

The chapters are read in the book's reading order: META-INF/container.xml
names the package document (OPF), whose spine lists the chapters. Each is an
XHTML page, written into one DocumentBuilder by the HTML reader's own page
parsing (`html.write_page`), so a book keeps the same headings, lists,
tables and code as a web page, and its title is the book's (dc:title).

The zip is checked for bombs first and its XML read without expanding
entities (package.py); the chapters themselves go through html.parser,
which expands no declared entity and fetches nothing. A book whose chapters
are encrypted (DRM) is refused in words; fonts obfuscated the way EPUB
allows are not chapters and do not matter.
"""
from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path
from urllib.parse import unquote

from app.common.documents import Document, ReadError
from app.common.said import QT_TRANSLATE_NOOP, Said
from app.ingest.readers.builder import DocumentBuilder
from app.ingest.readers.html import decode_page, write_page
from app.ingest.readers.package import check_package, parse_xml, read_member

_CONTAINER = "META-INF/container.xml"
_OPF = "{http://www.idpf.org/2007/opf}"
_DC = "{http://purl.org/dc/elements/1.1/}"
_CONTAINER_NS = "{urn:oasis:names:tc:opendocument:xmlns:container}"
_ENCRYPTION_NS = "{http://www.w3.org/2001/04/xmlenc#}"
_PAGES = {"application/xhtml+xml", "text/html"}


def read_epub(path: Path) -> Document:
    path = Path(path)
    names = check_package(path, ".epub", _CONTAINER)
    builder = DocumentBuilder(path, "epub")
    try:
        with zipfile.ZipFile(path) as package:
            title, chapters = _reading_order(package, names)
            _refuse_encrypted(package, names, chapters)
            for chapter in chapters:
                write_page(builder, decode_page(read_member(package, chapter, ".epub")).text)
    except (zipfile.BadZipFile, OSError) as error:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "not an EPUB book: the .epub package is "
                                                       "damaged ({error})"),
                             error=str(error))) from None
    document = builder.build(title=title)
    if not document.sections:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "no text: the book's chapters hold no text "
                                                       "(pictures only?)")))
    return document


def _reading_order(package: zipfile.ZipFile, names: set[str]) -> tuple[str | None, list[str]]:
    """The book's title and its chapters' member names, in spine order."""
    container = parse_xml(read_member(package, _CONTAINER, ".epub"), _CONTAINER)
    rootfile = container.find(f".//{_CONTAINER_NS}rootfile")
    opf_name = rootfile.get("full-path", "") if rootfile is not None else ""
    if opf_name not in names:
        if opf_name:
            raise ReadError(Said(QT_TRANSLATE_NOOP(
                "Core", "not an EPUB book: {container} names no package document that the "
                        ".epub holds ({name})"), container=_CONTAINER, name=opf_name))
        raise ReadError(Said(QT_TRANSLATE_NOOP(
            "Core", "not an EPUB book: {container} names no package document that the .epub "
                    "holds (none)"), container=_CONTAINER))
    opf = parse_xml(read_member(package, opf_name, ".epub"), opf_name)
    folder = posixpath.dirname(opf_name)
    manifest = {item.get("id"): item for item in opf.iter(f"{_OPF}item")}
    chapters = []
    for itemref in opf.iter(f"{_OPF}itemref"):
        item = manifest.get(itemref.get("idref"))
        if item is None or item.get("media-type") not in _PAGES:
            continue
        name = posixpath.normpath(posixpath.join(folder, unquote(item.get("href", ""))))
        if name in names and name not in chapters:  # a chapter missing from the zip is skipped
            chapters.append(name)
    if not chapters:
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "not a readable EPUB book: its spine lists "
                                                       "no chapter the .epub holds")))
    title = opf.find(f".//{_DC}title")
    return ((title.text or "").strip() or None) if title is not None else None, chapters


def _refuse_encrypted(package: zipfile.ZipFile, names: set[str], chapters: list[str]) -> None:
    if "META-INF/encryption.xml" not in names:
        return
    encryption = parse_xml(read_member(package, "META-INF/encryption.xml", ".epub"),
                           "META-INF/encryption.xml")
    encrypted = {unquote(reference.get("URI", ""))
                 for reference in encryption.iter(f"{_ENCRYPTION_NS}CipherReference")}
    if encrypted & set(chapters):
        raise ReadError(Said(QT_TRANSLATE_NOOP("Core", "the book is encrypted (DRM): its chapters "
                                                       "cannot be read")))
