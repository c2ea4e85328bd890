"""A corpus of broken and hostile files, one per kind, for the indexer to survive.

`build(folder)` writes them and returns {relative name: kind}. Used by
tests/test_hostile_files.py (fast) and tests/stress/ (long runs).
"""
from __future__ import annotations

import os
import random
import socket
from pathlib import Path

from pdfgen import make_pdf

GOOD = "# Good\n\nThe canteen opens at 8:00.\n"


def build(folder: Path, big: bool = True) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    kinds: dict[str, str] = {}

    def write(name: str, data: bytes | str, kind: str) -> None:
        path = folder / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        kinds[name] = kind

    rng = random.Random(7)
    write("good.md", GOOD, "a normal file, indexed beside the others")
    write("empty.md", b"", "empty Markdown")
    write("empty.pdf", b"", "zero-byte PDF")
    write("blank.txt", "   \n\n\t  \n", "whitespace only")
    write("binary.md", bytes(rng.randrange(256) for _ in range(4096)), "random bytes named .md")
    write("nul.txt", "text with \x00 NUL bytes \x00 inside", "NUL bytes in text")
    write("latin1.txt", "Caf\xe9 cr\xe8me br\xfbl\xe9e".encode("latin-1"), "a legacy code page")
    write("high-bytes.txt", bytes(range(1, 256)) * 16, "bytes no text encoding reads")
    write("utf16.txt", "Hello in UTF-16".encode("utf-16"), "UTF-16 with BOM")
    write("zip.md", b"PK\x03\x04" + bytes(rng.randrange(256) for _ in range(500)), "a zip named .md")
    write("png.pdf", b"\x89PNG\r\n\x1a\n" + bytes(500), "a PNG named .pdf")
    write("garbage.pdf", b"%PDF-1.4\n" + bytes(rng.randrange(256) for _ in range(3000)),
          "garbage after a PDF header")
    write("header-only.pdf", b"%PDF-1.7\n", "a PDF header and nothing else")
    make_pdf(folder / "whole.pdf", [["Page one text."], ["Page two text."]])
    data = (folder / "whole.pdf").read_bytes()
    write("truncated.pdf", data[: len(data) // 2], "a PDF cut in half")
    (folder / "whole.pdf").unlink()
    make_pdf(folder / "locked.pdf", [["Secret"]], user_password="secret")
    kinds["locked.pdf"] = "encrypted PDF with a user password"
    make_pdf(folder / "image-only.pdf", [[], []])
    kinds["image-only.pdf"] = "PDF without a text layer"
    make_pdf(folder / "scan-500-pages.pdf", [[]] * 500)
    kinds["scan-500-pages.pdf"] = "500 pages without a text layer: OCR is bounded per file"
    write("loop.pdf", _page_tree_loop(), "a PDF whose page tree points at itself")
    write("nested-quotes.md", ">" * 20000 + " deep\n", "20,000 nested block quotes")
    write("nested-lists.md", "".join("  " * i + "- x\n" for i in range(1000)),
          "1,000 nested list levels")
    write("emphasis.md", "*a_" * 10000 + "\n", "quadratic emphasis delimiters")
    write("brackets.md", "[" * 8000 + "x" + "]" * 8000 + "\n", "deeply nested link brackets")
    write("many-headings.md", "".join(f"# H{i}\n\nt{i}\n" for i in range(300)), "300 headings")
    write("wide-table.md", "|" + "|".join(f"c{i}" for i in range(2000)) + "|\n|"
          + "|".join("-" for _ in range(2000)) + "|\n|" + "|".join("v" for _ in range(2000))
          + "|\n", "a table with 2,000 columns")
    write("no-spaces.txt", ",".join(str(i) for i in range(3000)), "text without any space")
    write("controls.txt", "".join(chr(c) for c in range(1, 32)) * 50, "control characters")
    write("html.md", "# Page\n\n<script>alert(1)</script><img src='/dev/zero'>\n",
          "raw HTML in Markdown")
    write("bidi.md", "# Bidi\n\nInvoice \u202egnp.exe\u202c total\n", "right-to-left override")
    if big:
        write("huge-line.txt", b"x" * (50 * 1024 * 1024), "a 50 MB single-line file")
    _html(write, big)
    _word(folder, kinds, big)
    _rst(write)
    _odt(folder, kinds, big)
    _epub(folder, kinds, big)
    name = os.fsdecode(b"bad-name-\xff\xfe.md")
    write(name, GOOD.replace("Good", "Badname"), "a file name that is not valid UTF-8")
    _specials(folder, kinds)
    return kinds


def _html(write, big: bool) -> None:
    write("deep.html", "<div>" * 100_000 + "<p>Deep text.</p>" + "</span>" * 50_000,
          "100,000 nested tags, never closed, and 50,000 stray end tags")
    write("remote.html", "<html><head><link rel=stylesheet href='http://example.com/a.css'>"
          "<script src='http://example.com/x.js'></script></head><body>"
          "<img src='http://example.com/t.png'><iframe src='http://example.com/f'></iframe>"
          "<p>Remote references are never fetched.</p></body></html>",
          "remote images, scripts, styles and frames")
    write("markup-only.html", "<html><head><script>run()</script></head><body><nav>Menu"
          "</nav></body></html>", "an HTML page with no text outside menus and scripts")
    if big:  # a page saved with its pictures inline, as Word and wikis do
        blob = "A" * (48 * 1024 * 1024)
        write("inline-image.html", f"<h1>Report</h1><p>Parking is free.</p>"
              f"<img src='data:image/png;base64,{blob}'>", "a 48 MB page that is one inline image")


def _word(folder: Path, kinds: dict[str, str], big: bool) -> None:
    from wordgen import handbook, replace_part, zip_bomb

    good = handbook(folder / "good.docx")
    kinds["good.docx"] = "a normal Word file"
    (folder / "corrupt.docx").write_bytes(b"PK\x03\x04" + os.urandom(2000))
    kinds["corrupt.docx"] = "a corrupt ZIP named .docx"
    laughs = ('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "lol">'
              + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                        for i in range(9))
              + ']><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/'
              'main"><w:body><w:p><w:r><w:t>&j;</w:t></w:r></w:p></w:body></w:document>')
    replace_part(good, folder / "laughs.docx", "word/document.xml", laughs.encode())
    kinds["laughs.docx"] = "billion laughs: nested XML entities in document.xml"
    ole = ('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
           'xmlns:o="urn:schemas-microsoft-com:office:office"><w:body><w:p><w:r><w:t>Text '
           'beside an object.</w:t></w:r><w:r><w:object><o:OLEObject ProgID="Package"/>'
           '</w:object></w:r></w:p></w:body></w:document>')
    replace_part(good, folder / "ole.docx", "word/document.xml", ole.encode())
    kinds["ole.docx"] = "an embedded OLE object"
    if big:
        zip_bomb(folder / "bomb.docx")
        kinds["bomb.docx"] = "a zip bomb: 600 MB of zeros in 0.6 MB"


def _rst(write) -> None:
    write("good.rst", "Good\n====\n\nThe library opens at 9:00.\n",
          "a normal reStructuredText file")
    write("include.rst", "Before.\n\n.. include:: /etc/passwd\n\n.. raw:: html\n\n"
          "   <script>alert(1)</script>\n\n.. csv-table:: Users\n   :file: /etc/passwd\n\n"
          "After the directives.\n", "reStructuredText that includes /etc/passwd and raw HTML")
    write("deep-list.rst", "".join("  " * i + "- x\n\n" for i in range(400)),
          "a reStructuredText list nested 400 levels deep")
    write("malformed.rst", "Title\n=====\n\n*unclosed ``markup |nosuch|\n\n+---+\n| a |\n"
          "+--+\n\nWrong\n~~~~~\n\n.. unknown-directive:: x\n\n   Its text.\n",
          "malformed reStructuredText: unclosed markup, a broken table, titles out of order")


def _odt(folder: Path, kinds: dict[str, str], big: bool) -> None:
    from odtgen import laughs, odt

    odt(folder / "good.odt")
    kinds["good.odt"] = "a normal OpenDocument text"
    (folder / "corrupt.odt").write_bytes(b"PK\x03\x04" + os.urandom(2000))
    kinds["corrupt.odt"] = "a corrupt ZIP named .odt"
    odt(folder / "laughs.odt", laughs())
    kinds["laughs.odt"] = "billion laughs: nested XML entities in content.xml"
    if big:  # the bomb check counts every member, whatever its name
        (folder / "bomb.odt").write_bytes((folder / "bomb.docx").read_bytes())
        kinds["bomb.odt"] = "a zip bomb named .odt"


def _epub(folder: Path, kinds: dict[str, str], big: bool) -> None:
    from epubgen import epub, laughs_chapter, laughs_opf

    epub(folder / "good.epub")
    kinds["good.epub"] = "a normal EPUB book"
    (folder / "corrupt.epub").write_bytes(b"PK\x03\x04" + os.urandom(2000))
    kinds["corrupt.epub"] = "a corrupt ZIP named .epub"
    epub(folder / "laughs.epub", {"OEBPS/content.opf": laughs_opf()})
    kinds["laughs.epub"] = "billion laughs: nested XML entities in an EPUB's package document"
    epub(folder / "laughs-chapter.epub", {"OEBPS/text/leave.xhtml": laughs_chapter()})
    kinds["laughs-chapter.epub"] = "billion laughs in an EPUB chapter's DOCTYPE"
    if big:
        (folder / "bomb.epub").write_bytes((folder / "bomb.docx").read_bytes())
        kinds["bomb.epub"] = "a zip bomb named .epub"


def _specials(folder: Path, kinds: dict[str, str]) -> None:
    os.mkfifo(folder / "fifo.md")
    kinds["fifo.md"] = "a FIFO"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(folder / "socket.md"))
    sock.close()
    kinds["socket.md"] = "a UNIX socket"
    os.symlink("/dev/zero", folder / "device.md")
    kinds["device.md"] = "a link to a device (/dev/zero)"
    os.symlink(folder / "loop-b.md", folder / "loop-a.md")
    os.symlink(folder / "loop-a.md", folder / "loop-b.md")
    kinds["loop-a.md"] = kinds["loop-b.md"] = "a symbolic link loop"
    outside = folder.parent / "outside-secret.md"
    outside.write_text("# Secret\n\nOutside the folder.\n")
    os.symlink(outside, folder / "outside.md")
    kinds["outside.md"] = "a link out of the folder"
    os.symlink(folder / "missing.md", folder / "dangling.md")
    kinds["dangling.md"] = "a dangling link"
    unreadable = folder / "unreadable.md"
    unreadable.write_text(GOOD)
    unreadable.chmod(0)
    kinds["unreadable.md"] = "no read permission (root can still read it)"


def _page_tree_loop() -> bytes:
    """A hand-written PDF whose /Pages node lists itself as its own kid."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1,
                                                                             xref)
    return bytes(out)
