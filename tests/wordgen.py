"""Word files for tests, written with python-docx (the reader's own library)."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

from docx import Document
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn


def handbook(path: Path) -> Path:
    """A small handbook as an office writes one: title, headings, lists,
    a table with a header row, code, a bold term, and furniture to leave out."""
    word = Document()
    word.sections[0].header.paragraphs[0].text = "Confidential - Acme Ltd"
    word.sections[0].footer.paragraphs[0].text = "Page footer text"
    word.add_paragraph("Employee Handbook", style="Title")
    word.add_paragraph("Welcome to Acme. Read this first.")
    word.add_heading("Leave", level=1)
    word.add_paragraph("Annual leave is 25 days per year.")
    word.add_heading("Carry-over", level=2)
    word.add_paragraph("Up to 5 days", style="List Bullet")
    word.add_paragraph("Only until 31 March", style="List Bullet 2")
    word.add_paragraph("Ask your manager", style="List Bullet")
    word.add_paragraph("Fill in the form", style="List Number")
    word.add_paragraph("Send it to HR", style="List Number")
    word.add_heading("Travel", level=1)
    table = word.add_table(rows=3, cols=2)
    for row, cells in zip(table.rows, [("City", "Hotel limit"), ("London", "£180"),
                                        ("Paris", "150 €")]):
        for cell, text in zip(row.cells, cells):
            cell.text = text
    _mark_header(table.rows[0])
    code = word.styles.add_style("Source Code", WD_STYLE_TYPE.PARAGRAPH)
    code.font.name = "Courier New"
    word.add_paragraph("def refund(claim):", style="Source Code")
    word.add_paragraph("    return claim.total", style="Source Code")
    term = word.add_paragraph()
    term.add_run("per_diem_rate").bold = True
    word.add_paragraph("The daily allowance, in euros.")
    outline = word.add_paragraph("Appendix by outline level")
    _outline_level(outline, 0)
    word.add_paragraph("Text under the appendix.")
    with_break = word.add_paragraph("First line")
    with_break.add_run().add_break()
    with_break.add_run("second line")
    word.save(path)
    return path


def _mark_header(row) -> None:
    trpr = row._tr.get_or_add_trPr()
    trpr.append(OxmlElement("w:tblHeader"))


def _outline_level(paragraph, level: int) -> None:
    element = OxmlElement("w:outlineLvl")
    element.set(qn("w:val"), str(level))
    paragraph._p.get_or_add_pPr().append(element)


def replace_part(source: Path, target: Path, name: str, data: bytes) -> Path:
    """A copy of a .docx with one part's bytes replaced."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            new.writestr(item, data if item.filename == name else old.read(item.filename))
    return target


def zip_bomb(target: Path, megabytes: int = 600, member_name: str = "word/document.xml") -> Path:
    """A .docx whose document.xml (or another zip format's `member_name`)
    unpacks to `megabytes` of zeros (about 0.1 % of it on disk)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        with package.open(member_name, "w", force_zip64=True) as member:
            block = b"\0" * 2**20
            for _ in range(megabytes):
                member.write(block)
    target.write_bytes(buffer.getvalue())
    return target


def without_styles(path: Path, paragraphs: list[tuple[str | None, str]]) -> Path:
    """A bare .docx as some generators write it: the document part alone, no
    styles part and no properties part; paragraphs are (style id or None, text)."""
    main = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = "".join(
        "<w:p>" + (f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else "")
        + f"<w:r><w:t>{text}</w:t></w:r></w:p>" for style, text in paragraphs)
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("[Content_Types].xml", (
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.'
            'org/package/2006/content-types"><Default Extension="rels" ContentType="application/'
            'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType='
            '"application/xml"/><Override PartName="/word/document.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'))
        package.writestr("_rels/.rels", (
            '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://'
            'schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
            'Target="word/document.xml"/></Relationships>'))
        package.writestr("word/document.xml", f'<?xml version="1.0" encoding="UTF-8"?>'
                                              f'<w:document xmlns:w="{main}"><w:body>{body}'
                                              f'</w:body></w:document>')
    return path
