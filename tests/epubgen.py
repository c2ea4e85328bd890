"""EPUB books for tests, zipped from XHTML and XML as e-book tools write them."""
from __future__ import annotations

import zipfile
from pathlib import Path

CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles></container>"""

# The manifest lists the chapters out of order: the spine is the reading order.
OPF = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>Employee Handbook</dc:title>
<dc:language>en</dc:language></metadata>
<manifest>
<item id="travel" href="text/travel%20rules.xhtml" media-type="application/xhtml+xml"/>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="leave" href="text/leave.xhtml" media-type="application/xhtml+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
<item id="gone" href="text/missing.xhtml" media-type="application/xhtml+xml"/>
</manifest>
<spine><itemref idref="nav"/><itemref idref="leave"/><itemref idref="gone"/>
<itemref idref="css"/><itemref idref="travel"/></spine>
</package>"""


def page(title: str, body: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html>'
            '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
            f'<head><title>{title}</title><link rel="stylesheet" href="../style.css"/></head>'
            f'<body>{body}</body></html>')


NAV = page("Contents", '<nav epub:type="toc"><ol><li><a href="text/leave.xhtml">Leave</a></li>'
                       '<li><a href="text/travel%20rules.xhtml">Travel</a></li></ol></nav>')
LEAVE = page("Leave", """
<section epub:type="chapter"><h1>Leave</h1><p>Annual leave is 25 days per year.</p>
<h2>Carry-over</h2>
<ul><li>Up to 5 days<ul><li>Only until 31 March</li></ul></li><li>Ask your manager</li></ul>
<ol><li>Fill in the form</li><li>Send it to HR</li></ol></section>""")
TRAVEL = page("Travel", """
<h1>Travel</h1>
<table><thead><tr><th>City</th><th>Hotel limit</th></tr></thead>
<tbody><tr><td>London</td><td>£180</td></tr><tr><td>Paris</td><td>150 €</td></tr></tbody></table>
<pre><code class="language-python">def refund(claim):
    return claim.total</code></pre>
<dl><dt>per_diem_rate</dt><dd>The daily allowance, in euros.</dd></dl>""")


def epub(path: Path, parts: dict | None = None, without: tuple[str, ...] = ()) -> Path:
    """A small book: the mimetype first and stored, a container, an OPF whose
    spine orders two chapters (and a navigation page, a stylesheet and a
    chapter the zip lacks, as real books have)."""
    members = {"META-INF/container.xml": CONTAINER, "OEBPS/content.opf": OPF,
               "OEBPS/nav.xhtml": NAV, "OEBPS/text/leave.xhtml": LEAVE,
               "OEBPS/text/travel rules.xhtml": TRAVEL, "OEBPS/style.css": "h1 {color: red}",
               **(parts or {})}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, data in members.items():
            if name not in without:
                package.writestr(name, data)
    return path


def laughs_opf() -> str:
    """The OPF with a billion-laughs DOCTYPE: &j; would be 10^9 "lol"s."""
    doctype = ('<!DOCTYPE package [<!ENTITY a "lol">'
               + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                         for i in range(9)) + "]>")
    return OPF.replace('?>\n', '?>' + doctype, 1).replace("Employee Handbook", "&j;")


def laughs_chapter() -> str:
    """A chapter whose DOCTYPE declares the same entities: html.parser never expands them."""
    doctype = ('<!DOCTYPE html [<!ENTITY a "lol">'
               + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                         for i in range(9)) + "]>")
    return LEAVE.replace("<!DOCTYPE html>", doctype).replace("25 days", "&j; 25 days")
