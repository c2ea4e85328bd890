"""Tiny PDF writer for tests: pages of plain text lines, optional outline.

Uses only pypdf (already a dependency), so tests need no fixture files.
Each page's lines are written top-down in one text object with a leading
(`TL`) and `T*`, which makes pypdf extract them as separate lines.
"""
from __future__ import annotations

from pathlib import Path

from pypdf import PageObject, PdfWriter
from pypdf.generic import (
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
)

PAGE_WIDTH = 612
PAGE_HEIGHT = 792
FONT_SIZE = 12
LEADING = 14


def pdf_string(text: str) -> str:
    """A PDF literal string: parentheses and backslashes must be escaped."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return f"({escaped})"


# A line may be (text, heading level): set in bold at the level's size, as a
# word processor prints headings, for PDFs without an outline; level 4 is bold
# at body size. (text, level or None, indent) also sets it `indent` points
# right of the margin, as groff prints a manual page's body and definitions.
HEADING_SIZES = {1: 20, 2: 16, 3: 14, 4: 12}


def _content(lines: list) -> bytes:
    if not lines:
        # No text operators at all, only a filled rectangle: like a scanned page,
        # something is drawn but there is no text layer.
        return b"0.5 g 72 72 200 200 re f"
    ops = [f"BT /F1 {FONT_SIZE} Tf {LEADING} TL 72 {PAGE_HEIGHT - 72} Td"]
    placed = any(not isinstance(line, str) and len(line) > 2 for line in lines)
    for index, line in enumerate(lines):
        text, level, indent = (line, None, 0) if isinstance(line, str) else (*line, 0)[:3]
        font = f"/F2 {HEADING_SIZES.get(level, FONT_SIZE)} Tf " if level else ""
        back = f" /F1 {FONT_SIZE} Tf" if level else ""
        move = f"1 0 0 1 {72 + indent} {PAGE_HEIGHT - 72 - index * LEADING} Tm " if placed \
            else ("" if index == 0 else "T* ")
        ops.append(f"{move}{font}{pdf_string(text)} Tj{back}")
    ops.append("ET")
    # WinAnsiEncoding is close enough to latin-1 for the test texts.
    return "\n".join(ops).encode("latin-1")


def _font_resources() -> DictionaryObject:
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
        }
    )
    bold = DictionaryObject(font)
    bold[NameObject("/BaseFont")] = NameObject("/Helvetica-Bold")
    return DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font, NameObject("/F2"): bold})}
    )


def _add_page(writer: PdfWriter, lines: list[str]) -> None:
    page = PageObject.create_blank_page(width=PAGE_WIDTH, height=PAGE_HEIGHT)
    page[NameObject("/Resources")] = _font_resources()
    stream = DecodedStreamObject()
    stream.set_data(_content(lines))
    page[NameObject("/Contents")] = writer._add_object(stream)
    writer.add_page(page)


def make_pdf(
    path: Path,
    pages: list[list[str]],
    outline: list[tuple[str, int, int]] | None = None,
    title: str | None = None,
    user_password: str | None = None,
) -> Path:
    """Write a PDF to `path` and return the path.

    pages: one list of text lines per page (an empty list gives a page with a
        drawn rectangle and no text, like a scanned image); a line may be
        (text, heading level) to print it as a bold heading.
    outline: (title, page_index, level) in document order; level 1 is a
        top-level bookmark, level 2 a child of the last level-1 entry, etc.
    title: the /Title metadata entry.
    user_password: encrypt (RC4-128, no `cryptography` needed) with this
        user password.
    """
    writer = PdfWriter()
    for lines in pages:
        _add_page(writer, lines)
    parents: list = []  # parents[i] is the last outline item of level i + 1
    for entry_title, page_index, level in outline or []:
        # A skipped level hangs the entry under the deepest existing parent.
        parent = parents[min(level - 2, len(parents) - 1)] if level > 1 and parents else None
        item = writer.add_outline_item(title=entry_title, page_number=page_index, parent=parent)
        del parents[level - 1 :]
        parents.append(item)
    if title is not None:
        writer.add_metadata({"/Title": title})
    if user_password is not None:
        writer.encrypt(
            user_password=user_password,
            owner_password=user_password + "-owner",
            algorithm="RC4-128",
        )
    path = Path(path)
    with path.open("wb") as handle:
        writer.write(handle)
    return path


def make_scanned_pdf(path: Path, pages: list[list], dpi: int = 200) -> Path:
    """A PDF of page images and no text layer, like a scanner's: the pages of
    `make_pdf(pages)` rendered at `dpi` and saved as pictures (Pillow)."""
    import io

    import pypdfium2

    source = io.BytesIO()
    writer_path = Path(path).with_suffix(".source.pdf")
    make_pdf(writer_path, pages)
    source.write(writer_path.read_bytes())
    writer_path.unlink()
    document = pypdfium2.PdfDocument(source.getvalue())
    images = [document[index].render(scale=dpi / 72).to_pil().convert("RGB")
              for index in range(len(document))]
    document.close()
    images[0].save(path, "PDF", resolution=dpi, save_all=True, append_images=images[1:])
    return Path(path)
