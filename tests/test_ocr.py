"""Scanned PDFs are read with the real OCR model, bounded, cancellable, cached."""
import threading

import pytest

from app.common.chunks import ChunkSettings
from app.common.documents import ReadError
from app.ingest.indexer import Indexer, IndexSettings
from app.ingest.readers import ocr, read_document
from app.ingest.readers.pdf import read_pdf
from app.store.sqlite import Store
from pdfgen import make_pdf, make_scanned_pdf
from tests.test_readers import check_invariants

pytestmark = pytest.mark.slow  # the real PP-OCRv4 models

LEAVE = [("Leave policy", 1), "", "Annual leave is 25 days per year.", "",
         "Carry-over is limited to five days.", "Ask your manager before 31 March."]
TRAVEL = [("Travel", 1), "", "Hotels in London are paid up to 180 pounds a night."]


def letters(text: str) -> str:
    """OCR may drop a space between words; compare the letters and digits."""
    return "".join(c for c in text.casefold() if c.isalnum())


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HANDBOOK_QA_HOME", str(tmp_path / "home"))


def test_a_scanned_page_is_read(tmp_path):
    document = read_document(make_scanned_pdf(tmp_path / "scan.pdf", [LEAVE]))
    check_invariants(document)
    assert document.ocr_pages == 1 and document.ocr_confidence > 0.8
    for sentence in ("Annual leave is 25 days per year.", "Ask your manager before 31 March."):
        assert letters(sentence) in letters(document.text)


def test_only_the_pages_without_text_are_read(tmp_path):
    text_pdf = make_pdf(tmp_path / "text.pdf", [TRAVEL])
    scan = make_scanned_pdf(tmp_path / "scan.pdf", [LEAVE])
    import pypdf

    writer = pypdf.PdfWriter()
    for source in (text_pdf, scan):
        writer.append(str(source))
    writer.write(tmp_path / "mixed.pdf")
    document = read_document(tmp_path / "mixed.pdf")
    assert document.ocr_pages == 1
    assert "Hotels in London are paid up to 180 pounds a night." in document.text
    assert letters("Carry-over is limited to five days.") in letters(document.text)


def test_ocr_switched_off_says_so(tmp_path):
    with pytest.raises(ReadError, match="would need OCR, which is switched off"):
        read_pdf(make_scanned_pdf(tmp_path / "scan.pdf", [LEAVE]), ocr=False)


def test_a_scan_is_read_once_then_from_the_cache(tmp_path, monkeypatch):
    path = make_scanned_pdf(tmp_path / "scan.pdf", [LEAVE])
    first = read_document(path)

    def no_second_reading(page):
        raise AssertionError("OCR ran again on a page it had read")

    monkeypatch.setattr(ocr, "_read_page", no_second_reading)
    assert read_document(path).text == first.text


def test_the_highlight_boxes_lie_on_the_lines(tmp_path):
    path = make_scanned_pdf(tmp_path / "scan.pdf", [LEAVE])
    document = read_document(path)
    (page,) = ocr.load_cache(__import__("hashlib").sha256(path.read_bytes()).hexdigest()).values()
    start = page.text.index("Carry")
    boxes = page.boxes_for(start, start + 5)
    line = next(line for line in page.lines if line.text.startswith("Carry"))
    (box,) = boxes
    assert line.box[0] <= box[0] < box[2] <= line.box[2] and box[1:4:2] == line.box[1:4:2]
    assert box[2] - box[0] < (line.box[2] - line.box[0]) / 2  # "Carry" only, not the line
    assert document.sections


def test_the_indexer_reads_scans_with_progress_bounded_by_the_page_limit(tmp_path, embedder):
    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "note.md").write_text("# Note\n\nThe canteen opens at 8:00.\n")
    make_scanned_pdf(folder / "scan.pdf", [LEAVE, TRAVEL, LEAVE], dpi=150)
    seen = []
    settings = IndexSettings(chunking=ChunkSettings.for_window(embedder.window), ocr_max_pages=2)
    with Store(tmp_path / "i.sqlite") as store:
        report = Indexer(store, embedder, settings,
                         on_progress=lambda progress: seen.append(progress.current or "")).run(folder)
        assert report.count("indexed") == 2
        row = store.document("scan.pdf")
        assert row["ocr_pages"] == 2 and row["ocr_confidence"] > 0.5  # the first two of three
    assert "scan.pdf · OCR page 2 of 2" in seen


def test_a_long_scan_can_be_cancelled_and_the_rest_stays(tmp_path, embedder):
    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "note.md").write_text("# Note\n\nThe canteen opens at 8:00.\n")
    make_scanned_pdf(folder / "long-scan.pdf", [LEAVE] * 40, dpi=100)
    cancel = threading.Event()

    def watch(progress):
        if "OCR page 2 of" in (progress.current or ""):
            cancel.set()

    with Store(tmp_path / "i.sqlite") as store:
        settings = IndexSettings(chunking=ChunkSettings.for_window(embedder.window))
        report = Indexer(store, embedder, settings, on_progress=watch, cancel=cancel).run(folder)
        assert report.cancelled
        assert store.document("note.md")["status"] == "indexed"  # small files go first
        assert store.document("long-scan.pdf") is None
        assert store.check() == []
