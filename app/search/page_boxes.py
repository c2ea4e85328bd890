"""Where a cited passage lies on a PDF page: the boxes to highlight.

The page's own text layer (pdfium's characters, each with its box) is
searched as `spans` searches a document's text; a scanned page without a text
layer is searched in the OCR lines the indexer read from it. Boxes are
(left, bottom, right, top) in page points, origin bottom-left.
"""
from __future__ import annotations

from app.search.spans import find_span, snap_to_words, stream_of


def page_chars(textpage) -> list[str]:
    """The page's characters, by pdfium char index (the index count_rects wants).
    get_text_range can insert or drop chars relative to that index; this cannot."""
    import pypdfium2 as pdfium

    chars = []
    for index in range(textpage.count_chars()):
        code = pdfium.raw.FPDFText_GetUnicode(textpage, index)
        chars.append(chr(code) if 0 < code <= 0x10FFFF else " ")
    return chars


def find_boxes(page, texts: list[str], lenient: bool) -> list[tuple[float, float, float, float]]:
    """Text boxes (left, bottom, right, top in points) covering each text found on the page."""
    if not any(text.strip() for text in texts):
        return []
    textpage = page.get_textpage()
    try:
        chars = page_chars(textpage)
        stream = stream_of(chars)
        boxes = []
        for text in texts:
            span = find_span(stream.key, text, lenient=lenient, page=True)
            if span is not None:
                first, last = snap_to_words(chars, stream.where[span[0]],
                                            stream.where[span[1] - 1])
                count = textpage.count_rects(first, last - first + 1)
                boxes += [textpage.get_rect(index) for index in range(count)]
        return boxes
    finally:
        textpage.close()


def ocr_cache(data: bytes) -> dict:
    """The OCR lines the indexer read from this file's scanned pages ({} if none)."""
    import hashlib

    from app.ingest.readers.ocr import load_cache

    return load_cache(hashlib.sha256(data).hexdigest())


def ocr_boxes(ocr_page, texts: list[str], lenient: bool) -> list[tuple[float, float, float, float]]:
    """Boxes over the OCR lines of a scanned page that hold each text: a page
    without a text layer has nothing for pdfium to search."""
    if ocr_page is None:
        return []
    page_text = ocr_page.text
    stream = stream_of(page_text)
    boxes = []
    for text in texts:
        span = find_span(stream.key, text, lenient=lenient, page=True)
        if span is not None:
            boxes += ocr_page.boxes_for(stream.where[span[0]], stream.where[span[1] - 1] + 1)
    return boxes
