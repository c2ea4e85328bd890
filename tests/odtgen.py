"""OpenDocument text files for tests, zipped from XML as LibreOffice writes it."""
from __future__ import annotations

import zipfile
from pathlib import Path

NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"')

STYLES = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {NAMESPACES} office:version="1.3"><office:styles>
<style:style style:name="Standard" style:family="paragraph"/>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard"/>
<style:style style:name="Preformatted_20_Text" style:display-name="Preformatted Text"
  style:family="paragraph" style:parent-style-name="Standard"/>
<style:style style:name="List_20_Heading" style:display-name="List Heading"
  style:family="paragraph"/>
<style:style style:name="List_20_Contents" style:display-name="List Contents"
  style:family="paragraph"/>
</office:styles></office:document-styles>"""

META = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {NAMESPACES}><office:meta><dc:title>Handbook from meta.xml</dc:title>
</office:meta></office:document-meta>"""

BODY = """
<text:p text:style-name="Title">Employee Handbook</text:p>
<text:p>Welcome to Acme.<text:s text:c="3"/>Read this first.<text:note text:note-class="footnote">
<text:note-citation>1</text:note-citation><text:note-body><text:p>A footnote.</text:p>
</text:note-body></text:note><office:annotation><text:p>A comment.</text:p>
</office:annotation></text:p>
<text:table-of-content text:name="TOC"><text:index-body>
<text:p>Leave .......... 1</text:p></text:index-body></text:table-of-content>
<text:h text:outline-level="1"><text:number>1.</text:number>Leave</text:h>
<text:p>Annual leave is <text:span>25 days</text:span> per year.<text:line-break/>Second line.
</text:p>
<text:h text:outline-level="2">Carry-over</text:h>
<text:list text:style-name="L2">
 <text:list-item><text:p>Up to 5 days</text:p>
  <text:list><text:list-item><text:p>Only until 31 March</text:p></text:list-item></text:list>
 </text:list-item>
 <text:list-item><text:p>Ask your manager</text:p></text:list-item>
</text:list>
<text:list text:style-name="L1">
 <text:list-item><text:p>Fill in the form</text:p></text:list-item>
 <text:list-item><text:p>Send it to HR</text:p></text:list-item>
</text:list>
<text:h text:outline-level="1">Travel</text:h>
<table:table table:name="Limits"><table:table-column table:number-columns-repeated="2"/>
 <table:table-header-rows><table:table-row>
  <table:table-cell><text:p>City</text:p></table:table-cell>
  <table:table-cell><text:p>Hotel limit</text:p></table:table-cell>
 </table:table-row></table:table-header-rows>
 <table:table-row><table:table-cell><text:p>London</text:p></table:table-cell>
  <table:table-cell><text:p>£180</text:p></table:table-cell></table:table-row>
 <table:table-row><table:table-cell><text:p>Paris</text:p></table:table-cell>
  <table:table-cell><text:p>150 €</text:p></table:table-cell></table:table-row>
</table:table>
<text:p text:style-name="P1">def refund(claim):</text:p>
<text:p text:style-name="P1"><text:s text:c="4"/>return claim.total</text:p>
<text:p text:style-name="List_20_Heading">per_diem_rate</text:p>
<text:p text:style-name="List_20_Contents">The daily allowance, in euros.</text:p>
<text:p><draw:frame draw:name="Box"><draw:text-box><text:p>Text box text.</text:p>
</draw:text-box></draw:frame>Beside the box.</text:p>
<text:tracked-changes><text:changed-region text:id="c1"><text:deletion>
<text:p>Deleted words.</text:p></text:deletion></text:changed-region></text:tracked-changes>
<text:section text:name="Appendix">
 <text:h text:outline-level="1">Appendix</text:h>
 <text:p>Text in a section.</text:p>
</text:section>
"""

AUTOMATIC_STYLES = """<office:automatic-styles>
<style:style style:name="P1" style:family="paragraph"
  style:parent-style-name="Preformatted_20_Text"/>
<text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-format="1"/>
</text:list-style>
<text:list-style style:name="L2">
<text:list-level-style-bullet text:level="1" text:bullet-char="•"/>
</text:list-style>
</office:automatic-styles>"""


def content(body: str = BODY, doctype: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>{doctype}<office:document-content '
            f'{NAMESPACES} office:version="1.3">{AUTOMATIC_STYLES}<office:body><office:text>'
            f'{body}</office:text></office:body></office:document-content>')


def odt(path: Path, content_xml: str | bytes | None = None, extra: dict | None = None) -> Path:
    """An .odt as LibreOffice zips one: the mimetype first and stored, then
    the manifest, content, styles and meta."""
    parts = {"META-INF/manifest.xml": MANIFEST, "content.xml": content_xml or content(),
             "styles.xml": STYLES, "meta.xml": META, **(extra or {})}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("mimetype", "application/vnd.oasis.opendocument.text",
                         compress_type=zipfile.ZIP_STORED)
        for name, data in parts.items():
            package.writestr(name, data)
    return path


MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">
<manifest:file-entry manifest:full-path="/"
  manifest:media-type="application/vnd.oasis.opendocument.text"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>"""

ENCRYPTED_MANIFEST = MANIFEST.replace(
    'manifest:media-type="text/xml"/>',
    'manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1" '
    'manifest:checksum="x"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" '
    'manifest:initialisation-vector="x"/></manifest:encryption-data></manifest:file-entry>')


def laughs(body_text: str = "&j;") -> str:
    """content.xml with a billion-laughs DOCTYPE: &j; would be 10^9 "lol"s."""
    doctype = ('<!DOCTYPE office:document-content [<!ENTITY a "lol">'
               + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'
                         for i in range(9)) + "]>")
    return content(f"<text:p>{body_text}</text:p><text:p>Plain text survives.</text:p>",
                   doctype)
