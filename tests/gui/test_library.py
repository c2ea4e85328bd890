"""The library panel reads well in its narrow column: names, formats, reasons."""
import pytest
from PySide6.QtCore import Qt

from app.gui.library import DETAIL_ROLE, PATH_ROLE, LibraryPanel


def row(path, status="indexed", error=None, fmt="markdown", chunks=5, over=0, pages=None,
        encoding="UTF-8", title=""):
    return {"path": path, "status": status, "error": error, "format": fmt, "chunks": chunks,
            "over_window": over, "pages": pages, "encoding": encoding, "title": title}


ROWS = [
    row("employee-handbook.md", title="Employee Handbook"),
    row("policies/hr/parental-leave-and-family-care-policy-2026-final.docx", fmt="docx"),
    row("policies/hr/conges.txt", fmt="text", encoding="Windows-1252"),
    row("scans/floor-plan.pdf", status="failed", chunks=0,
        error="the PDF has no text layer (scanned images?); it would need OCR"),
    row("guide.pdf", fmt="pdf", pages=12, over=2),
]


@pytest.fixture
def panel(qtbot):
    panel = LibraryPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 600)
    panel.show()
    panel.show_documents(ROWS, unchanged={"guide.pdf"})
    return panel


def details(panel):
    return {item.data(0, PATH_ROLE): item.data(0, DETAIL_ROLE) for item in panel.documents()}


def test_documents_are_grouped_by_folder(panel):
    top = [panel.tree.topLevelItem(i).text(0) for i in range(panel.tree.topLevelItemCount())]
    assert top == ["employee-handbook.md", "guide.pdf", "policies/hr/ (2)", "scans/ (1)"]
    names = [item.text(0) for item in panel.documents()]
    assert "parental-leave-and-family-care-policy-2026-final.docx" in names  # the whole name


def test_each_document_says_its_format_and_status(panel):
    shown = details(panel)
    assert shown["employee-handbook.md"] == "Markdown · 5 chunks"
    assert shown["policies/hr/conges.txt"] == "Text · Windows-1252 · 5 chunks"
    assert shown["guide.pdf"] == "PDF · 12 pages · 5 chunks · 2 over the window · unchanged"
    assert shown["scans/floor-plan.pdf"] == (
        "Failed: the PDF has no text layer (scanned images?); it would need OCR")
    assert panel.statuses()["guide.pdf"] == "unchanged"


def test_a_failure_reason_takes_the_lines_it_needs(panel):
    items = {item.data(0, PATH_ROLE): item for item in panel.documents()}
    failed = panel.tree.visualItemRect(items["scans/floor-plan.pdf"]).height()
    indexed = panel.tree.visualItemRect(items["employee-handbook.md"]).height()
    assert failed > indexed  # wrapped, not cut to one line


def test_filter_by_name_or_reason_and_problems_only(panel):
    def visible():
        return sorted(item.data(0, PATH_ROLE) for item in panel.documents() if not item.isHidden())

    panel.filter.setText("OCR")
    assert visible() == ["scans/floor-plan.pdf"]
    panel.filter.setText("hr")
    assert visible() == ["policies/hr/conges.txt",
                         "policies/hr/parental-leave-and-family-care-policy-2026-final.docx"]
    assert panel.tree.topLevelItem(3).isHidden()  # scans/: nothing left to show
    panel.filter.clear()
    panel.show_box.setCurrentIndex(1)  # problems only: failed or over the window
    assert visible() == ["guide.pdf", "scans/floor-plan.pdf"]


def test_sorting_by_chunks_is_numeric(panel):
    panel.show_documents([row("a.md", chunks=100), row("b.md", chunks=9), row("c.md", chunks=20)])
    panel.tree.sortItems(1, Qt.SortOrder.AscendingOrder)
    assert [item.text(0) for item in panel.documents()] == ["b.md", "c.md", "a.md"]


def test_names_are_never_markup(panel):
    panel.show_documents([row("<b>bold<i>.md", title="<img src=x>")])
    (item,) = panel.documents()
    assert item.text(0) == "<b>bold<i>.md"
    assert "&lt;b&gt;" in item.toolTip(0) and "<img" not in item.toolTip(0)


def test_scanned_documents_are_marked_ocr_with_the_readers_confidence():
    from app.gui.library import format_text

    scan = row("scan.pdf", fmt="pdf", pages=12) | {"ocr_pages": 12, "ocr_confidence": 0.934}
    assert format_text(scan) == "PDF · 12 pages · OCR 93% sure"
    mixed = scan | {"ocr_pages": 3}
    assert format_text(mixed) == "PDF · 12 pages · OCR 3 pages, 93% sure"


def test_the_language_each_document_was_read_in_is_named():
    """It decides the embedder (MiniLM reads English only): a wrong guess shows."""
    from app.gui.library import format_text

    assert format_text(row("otpusk.md") | {"language": "ru"}) == "Markdown · Russian"
    assert format_text(row("leave.md") | {"language": "en"}) == "Markdown · English"
    assert format_text(row("codes.md") | {"language": "und"}) == "Markdown"
