"""Text for scanned pages: OCR with the PP-OCRv4 models of rapidocr-onnxruntime.

rapidocr-onnxruntime, because its wheel carries its ONNX models (detection,
direction, recognition: 16 MB) and runs them on the onnxruntime the embedder
already uses: nothing is downloaded, ever. A page is rendered with pdfium (the
viewer's renderer) at 300 dpi and read line by line, in the reader process,
which keeps the engine loaded between files: 1-2 s a page on 2 cores.

Each page's result is cached by the file's content hash in the per-user cache
folder, with every line's box in PDF points: re-indexing (a settings change
re-chunks everything) does not read the scan again, and the viewer draws its
highlight over the lines the quote came from (`OcrPage.boxes_for`).
"""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ENGINE = "rapidocr-onnxruntime 1.4.4, PP-OCRv4"
RENDER_DPI = 300  # at 200 dpi PP-OCRv4 ran words together on 150-dpi scans ("daysperyear")
MAX_OCR_PAGES = 300     # a scan longer than this is read up to here (about 10 minutes)
MIN_CONFIDENCE = 0.5    # lines the recogniser is less sure of are noise, not text
PARAGRAPH_GAP = 1.0     # a vertical gap over this many line heights starts a paragraph

log = logging.getLogger(__name__)
_engine = None


@dataclass(frozen=True)
class OcrLine:
    text: str
    confidence: float
    box: tuple[float, float, float, float]  # left, bottom, right, top in PDF points


@dataclass
class OcrPage:
    lines: list[OcrLine]

    @property
    def text(self) -> str:
        return "".join(piece for piece, _ in self._pieces())

    @property
    def confidence(self) -> float | None:
        if not self.lines:
            return None
        return sum(line.confidence for line in self.lines) / len(self.lines)

    def _pieces(self):
        """(text, line or None): the lines joined, blank lines between paragraphs."""
        previous = None
        for line in self.lines:
            if previous is not None:
                yield ("\n\n" if _gap(previous, line) else "\n"), None
            yield line.text, line
            previous = line

    def boxes_for(self, start: int, end: int) -> list[tuple[float, float, float, float]]:
        """The parts of line boxes that hold page text [start, end): each line's
        box cut in proportion to the characters the span covers in it."""
        boxes, offset = [], 0
        for piece, line in self._pieces():
            low, high = max(start, offset), min(end, offset + len(piece))
            if line is not None and low < high:
                left, bottom, right, top = line.box
                width = (right - left) / max(len(piece), 1)
                boxes.append((left + (low - offset) * width, bottom,
                              left + (high - offset) * width, top))
            offset += len(piece)
        return boxes


def _gap(above: OcrLine, below: OcrLine) -> bool:
    height = max(above.box[3] - above.box[1], 1.0)
    return above.box[1] - below.box[3] > PARAGRAPH_GAP * height


def read_pages(data: bytes, pages: list[int],
               progress: Callable[[int, int], None] | None = None,
               max_pages: int = MAX_OCR_PAGES) -> dict[int, OcrPage]:
    """OCR of the 0-based `pages` of the PDF in `data`, the first `max_pages` of them."""
    pages = pages[:max_pages]
    key = hashlib.sha256(data).hexdigest()
    cached = load_cache(key)
    import pypdfium2

    missing = [number for number in pages if number not in cached]
    document = pypdfium2.PdfDocument(data) if missing else None
    try:
        for done, number in enumerate(pages, start=1):
            if number not in cached:
                cached[number] = _read_page(document[number])
            if progress is not None:
                progress(done, len(pages))
    finally:
        if document is not None:
            document.close()
    if missing:  # a re-index of a known scan writes nothing
        _save_cache(key, cached)
    return {number: cached[number] for number in pages}


def _read_page(page) -> OcrPage:
    import numpy as np

    scale = RENDER_DPI / 72
    height = page.get_height()
    image = np.asarray(page.render(scale=scale).to_pil().convert("RGB"))
    result, _ = _ocr_engine()(image)
    lines = []
    for corners, text, confidence in result or []:
        if float(confidence) < MIN_CONFIDENCE or not str(text).strip():
            continue
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        # pixels, origin top-left -> points, origin bottom-left (as pdfium's text boxes)
        box = (min(xs) / scale, height - max(ys) / scale, max(xs) / scale, height - min(ys) / scale)
        lines.append(OcrLine(" ".join(str(text).split()), round(float(confidence), 3), box))
    lines.sort(key=lambda line: (-round(line.box[3] / 4), line.box[0]))  # rows, then left to right
    return OcrPage(lines)


def _ocr_engine():
    global _engine
    if _engine is None:
        from rapidocr_onnxruntime import RapidOCR

        _engine = RapidOCR()
        logging.getLogger("RapidOCR").setLevel(logging.WARNING)
    return _engine


# -- the cache ------------------------------------------------------------------------

def cache_file(key: str) -> Path:
    from app.common.paths import cache_dir

    return cache_dir() / "ocr" / f"{key}.json"


def load_cache(key: str) -> dict[int, OcrPage]:
    """Pages read before from the file with this content hash ({} if none, or unreadable)."""
    try:
        data = json.loads(cache_file(key).read_text(encoding="utf-8"))
        if data.get("engine") != ENGINE:
            return {}
        return {int(number): OcrPage([OcrLine(text, confidence, tuple(box))
                                      for text, confidence, box in lines])
                for number, lines in data["pages"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _save_cache(key: str, pages: dict[int, OcrPage]) -> None:
    path = cache_file(key)
    payload = {"engine": ENGINE, "pages": {
        str(number): [[line.text, line.confidence, list(line.box)] for line in page.lines]
        for number, page in pages.items()}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".partial")
        partial.write_text(json.dumps(payload), encoding="utf-8")
        partial.replace(path)  # never a half-written cache file
    except OSError as error:
        log.warning("the OCR result was not cached: %s", error)
