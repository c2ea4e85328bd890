"""The source viewer, with real widgets: PDF pages with highlights, text scrolled
to the heading, changed and missing files, and HTML shown literally."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt, QUrl  # noqa: E402

from app.gui import viewer as viewer_module  # noqa: E402
from app.gui.viewer import NOTE_CHANGED, SourceViewer  # noqa: E402
from app.ingest.readers import read_document  # noqa: E402
from app.search.spans import Location  # noqa: E402
from pdfgen import FONT_SIZE, LEADING, PAGE_HEIGHT, make_pdf  # noqa: E402

SIZE = (600, 700)
REPO = Path(__file__).resolve().parents[2]

PAGE_1 = [f"Page one line {n}: the cafeteria serves lunch from noon." for n in range(1, 30)] + [
    "Expense reports are due at the end of each month and must",
    "include every receipt, scanned or photographed, with the",
]
PAGE_2 = [
    "project code written on it before approval is given.",
    "",
    "Per diem rates",
    "",
    "Travellers to Berlin receive a per diem of sixty euros for",
    "each full day away, paid with the next salary after the trip",
    "is closed in the travel portal by the traveller's manager.",
    "",
] + [f"Page two filler line {n} about booking trains and hotels." for n in range(1, 20)]
PAGE_3 = ["Appendix", "", "Contacts for the travel desk are listed on the intranet."]
PER_DIEM_LINE = 4  # index in PAGE_2 of the cited passage's first line


def baseline_y(line_index: int) -> float:
    """pdfgen writes the first line at 72 pt from the top, LEADING pt apart."""
    return PAGE_HEIGHT - 72 - LEADING * line_index


@pytest.fixture
def viewer(qtbot):
    widget = SourceViewer()
    qtbot.addWidget(widget)
    widget.resize(*SIZE)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def guide(tmp_path):
    folder = tmp_path / "handbook"
    folder.mkdir()
    return make_pdf(folder / "guide.pdf", [PAGE_1, PAGE_2, PAGE_3],
                    outline=[("Expenses", 0, 1), ("Per diem rates", 1, 1), ("Appendix", 2, 1)])


def pdf_location(path: Path, needle: str, page: int) -> Location:
    """A location as the index would give it: the child's text as pypdf extracted it."""
    document = read_document(path)
    start = document.text.index(needle)
    section = next(s for s in document.sections
                   if s.start_char <= start < s.end_char)
    end = start + len(needle)
    return Location(path=path, source=path.name, heading=section.heading, page=page,
                    section_start=section.start_char,
                    spans=[(start - section.start_char, end - section.start_char)],
                    texts=[document.text[start:end]])


def per_diem_location(path: Path) -> Location:
    document_text = read_document(path).text
    start = document_text.index("Travellers to Berlin")
    end = document_text.index("manager.") + len("manager.")
    return pdf_location(path, document_text[start:end], page=2)


def yellow_share(viewer: SourceViewer, rect) -> float:
    image = viewer.pdf_view.label.pixmap().toImage()
    pixels = [image.pixelColor(x, y) for x in range(rect.left(), rect.right() + 1)
              for y in range(rect.top(), rect.bottom() + 1)]
    yellow = [c for c in pixels if c.red() > 200 and c.green() > 170 and c.blue() < 140]
    return len(yellow) / max(len(pixels), 1)


# ---------------------------------------------------------------- PDF


def test_pdf_opens_at_the_cited_page_with_the_span_highlighted(viewer, guide):
    viewer.show_location(per_diem_location(guide))
    assert viewer.current_page == 2
    assert viewer.highlight_count >= 1
    assert viewer.title_label.text() == "guide.pdf › Per diem rates (p. 2)"
    assert viewer.title_label.textFormat() == Qt.TextFormat.PlainText
    assert viewer.page_label.text() == "page 2 of 3"
    rects = viewer.pdf_view.rects
    assert all(yellow_share(viewer, rect) > 0.5 for rect in rects)
    # The highlight covers the three cited lines and nothing above or below them.
    scale = viewer.pdf_view.label.pixmap().width() / 612
    top = min(r.top() for r in rects) / scale
    bottom = max(r.bottom() for r in rects) / scale
    first_top = PAGE_HEIGHT - baseline_y(PER_DIEM_LINE) - FONT_SIZE
    last_bottom = PAGE_HEIGHT - baseline_y(PER_DIEM_LINE + 2) + 4
    assert first_top - 4 <= top <= first_top + 6
    assert last_bottom - 8 <= bottom <= last_bottom + 3
    # Outside the highlight the page is still white.
    image = viewer.pdf_view.label.pixmap().toImage()
    assert image.pixelColor(5, 5).name() == "#ffffff"


def test_pdf_page_fits_the_viewer_width_and_follows_resizes(viewer, guide, qtbot):
    viewer.show_location(per_diem_location(guide))
    view = viewer.pdf_view
    width = view.label.pixmap().width()
    assert view.viewport().width() - 20 <= width <= view.viewport().width()
    viewer.resize(900, 700)
    qtbot.waitUntil(lambda: view.label.pixmap().width() > width + 200)
    assert viewer.highlight_count >= 1
    viewer.zoom_box.setCurrentIndex(viewer.zoom_box.findText("50%"))
    assert view.label.pixmap().width() < width
    assert viewer.highlight_count >= 1


def test_pdf_highlight_is_scrolled_into_view(qtbot, guide):
    widget = SourceViewer()
    qtbot.addWidget(widget)
    widget.resize(600, 300)  # the page is much taller than the view
    widget.show()
    qtbot.waitExposed(widget)
    widget.show_location(per_diem_location(guide))
    view = widget.pdf_view
    qtbot.wait(10)  # let the deferred reveal run
    top = min(r.top() for r in view.rects)
    value = view.verticalScrollBar().value()
    assert value > 0
    assert value <= top <= value + view.viewport().height()


def test_pdf_page_buttons_change_the_page(viewer, guide, qtbot):
    viewer.show_location(per_diem_location(guide))
    qtbot.mouseClick(viewer.next_button, Qt.MouseButton.LeftButton)
    assert viewer.current_page == 3
    assert viewer.page_label.text() == "page 3 of 3"
    assert not viewer.next_button.isEnabled()
    assert viewer.highlight_count == 0  # the passage is not on page 3
    qtbot.mouseClick(viewer.prev_button, Qt.MouseButton.LeftButton)
    assert viewer.current_page == 2 and viewer.highlight_count >= 1
    qtbot.mouseClick(viewer.prev_button, Qt.MouseButton.LeftButton)
    assert viewer.current_page == 1
    assert not viewer.prev_button.isEnabled()


def test_pdf_passage_across_a_page_break_is_highlighted_on_both_pages(viewer, guide, qtbot):
    text = read_document(guide).text
    start = text.index("Expense reports")
    end = text.index("approval is given.") + len("approval is given.")
    viewer.show_location(pdf_location(guide, text[start:end], page=2))
    # Page 2 holds only the end of the passage: its first line is highlighted.
    scale = viewer.pdf_view.label.pixmap().width() / 612
    rects = viewer.pdf_view.rects
    assert len(rects) == 1
    assert abs(rects[0].top() / scale - (PAGE_HEIGHT - baseline_y(0) - FONT_SIZE)) < 6
    qtbot.mouseClick(viewer.prev_button, Qt.MouseButton.LeftButton)
    assert viewer.current_page == 1
    assert viewer.highlight_count == 2  # the last two lines of page 1


@pytest.mark.slow  # the real OCR model reads the scan first, as indexing would
def test_a_scanned_pdf_is_highlighted_over_the_lines_ocr_read(viewer, tmp_path, monkeypatch):
    from pdfgen import make_scanned_pdf

    monkeypatch.setenv("HANDBOOK_QA_HOME", str(tmp_path / "home"))  # its OCR cache
    path = make_scanned_pdf(tmp_path / "scan.pdf", [[
        "Leave policy", "", "Annual leave is 25 days per year.", "",
        "Carry-over is limited to five days.", "Ask your manager before 31 March."]])
    text = read_document(path).text
    start = text.index("Carry")
    viewer.show_location(pdf_location(path, text[start:start + 35], page=1))
    rects = viewer.pdf_view.rects
    assert len(rects) == 1 and yellow_share(viewer, rects[0]) > 0.3
    scale = viewer.pdf_view.label.pixmap().width() / 612
    top = rects[0].top() / scale
    expected = PAGE_HEIGHT - baseline_y(4) - FONT_SIZE  # line 4 of the page, as printed
    assert expected - 6 <= top <= expected + 6


def test_damaged_pdf_shows_a_message(viewer, tmp_path):
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nthis is not really a PDF\n")
    viewer.show_location(Location(broken, "broken.pdf", "Broken", 1, 0, [(0, 5)], ["hello"]))
    assert viewer.current_page is None
    assert viewer.stack.currentWidget() is viewer.message_label
    assert "broken.pdf" in viewer.message_label.text()
    assert viewer.message_label.textFormat() == Qt.TextFormat.PlainText


# ---------------------------------------------------------------- Markdown and text

FILLER = "".join(f"Filler line {n} of the introduction.\n\n" for n in range(40))
TAIL = "".join(f"Closing line {n}.\n\n" for n in range(80))
MARKDOWN = (
    "# Staff handbook\n\n" + FILLER +
    "## Annual leave\n\n"
    'Raw <img src="/dev/zero"> and <b>bold</b> stay literal.\n\n'
    "Everyone gets 28 days of annual leave per year, booked in the HR portal.\n\n"
    + TAIL
)
CHILD = "Everyone gets 28 days of annual leave per year, booked in the HR portal."


def markdown_location(path: Path, child: str = CHILD) -> Location:
    document = read_document(path)
    section = next(s for s in document.sections if s.heading_path[-1] == "Annual leave")
    start = section.body.index(child)
    return Location(path=path, source=path.name, heading=section.heading, page=None,
                    section_start=section.start_char,
                    spans=[(start, start + len(child))], texts=[child])


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n")


def selected(viewer: SourceViewer) -> list[str]:
    return [s.cursor.selectedText().replace("\u2029", "\n")
            for s in viewer.text.extraSelections()]


def test_markdown_is_plain_text_scrolled_to_the_heading_with_the_span_highlighted(
        viewer, tmp_path, qtbot):
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    viewer.show_location(markdown_location(path))
    shown = viewer.text.toPlainText()
    assert '<img src="/dev/zero">' in shown and "<b>bold</b>" in shown
    assert viewer.highlight_count == 1
    assert selected(viewer) == [CHILD]
    assert viewer.current_page is None
    assert not viewer.note_label.isVisible()
    assert not viewer.prev_button.isVisible() and not viewer.zoom_box.isVisible()
    qtbot.waitUntil(lambda: viewer.text.first_visible_line() == line_of(MARKDOWN, "## Annual"))
    assert viewer.title_label.text() == "handbook.md › Staff handbook › Annual leave"


def test_changed_file_falls_back_to_searching_and_says_so(viewer, tmp_path, qtbot):
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    location = markdown_location(path)
    changed = MARKDOWN.replace("# Staff handbook\n\n", "# Staff handbook\n\nA new intro.\n\n")
    path.write_text(changed)  # edited after indexing: every offset moved
    viewer.show_location(location)
    assert viewer.note_label.isVisible()
    assert viewer.note_label.text() == NOTE_CHANGED
    assert selected(viewer) == [CHILD]
    qtbot.waitUntil(lambda: viewer.text.first_visible_line() == line_of(changed, "## Annual"))


def test_changed_wording_is_still_found_by_its_start_and_end(viewer, tmp_path):
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    location = markdown_location(path)
    path.write_text(MARKDOWN.replace("28 days of annual leave", "thirty days of yearly leave"))
    viewer.show_location(location)
    assert viewer.note_label.isVisible()
    assert selected(viewer) == [CHILD.replace("28 days of annual leave",
                                              "thirty days of yearly leave")]


def test_text_gone_from_the_file_shows_the_note_without_a_highlight(viewer, tmp_path):
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    location = markdown_location(path)
    path.write_text("# Staff handbook\n\nEverything was rewritten.\n")
    viewer.show_location(location)
    assert viewer.note_label.isVisible()
    assert viewer.highlight_count == 0


def test_text_file_with_an_underlined_heading(viewer, tmp_path, qtbot):
    content = "Badges\n======\n\n" + FILLER + "Lost badges\n-----------\n\n" \
              "Lost badges are replaced at reception.\n\n" + TAIL
    path = tmp_path / "notes.txt"
    path.write_text(content)
    document = read_document(path)
    section = next(s for s in document.sections if s.heading_path[-1] == "Lost badges")
    child = "Lost badges are replaced at reception."
    viewer.show_location(Location(path, "notes.txt", section.heading, None, section.start_char,
                                  [(0, len(child))], [child]))
    assert selected(viewer) == [child]
    qtbot.waitUntil(lambda: viewer.text.first_visible_line() == line_of(content, "Lost badges\n"))


def test_missing_file_shows_a_message_naming_it(viewer, tmp_path):
    gone = tmp_path / "gone" / "policy.md"
    viewer.show_location(Location(gone, "gone/policy.md", "Policy", None, 0, [(0, 4)], ["Text"]))
    assert viewer.stack.currentWidget() is viewer.message_label
    assert "gone/policy.md" in viewer.message_label.text()
    assert viewer.current_page is None and viewer.highlight_count == 0
    assert not viewer.open_button.isEnabled()


def test_open_in_system_viewer_opens_the_local_file(viewer, tmp_path, monkeypatch):
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    opened = []
    monkeypatch.setattr(viewer_module.QDesktopServices, "openUrl", opened.append)
    viewer.show_location(markdown_location(path))
    viewer.open_button.click()
    assert opened == [QUrl.fromLocalFile(str(path))]


def test_clear_empties_the_viewer(viewer, tmp_path):
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    viewer.show_location(markdown_location(path))
    viewer.clear()
    assert viewer.highlight_count == 0 and viewer.current_page is None
    assert viewer.title_label.text() == "" and viewer.text.toPlainText() == ""


# ---------------------------------------------------------------- screenshots


@pytest.mark.skipif(os.environ.get("HBQA_SCREENSHOTS") != "1",
                    reason="writes docs/screenshots only when HBQA_SCREENSHOTS=1")
def test_write_screenshots(viewer, guide, tmp_path, qtbot):
    target = REPO / "docs" / "screenshots"
    target.mkdir(parents=True, exist_ok=True)
    viewer.show_location(per_diem_location(guide))
    qtbot.wait(50)
    assert viewer.grab().save(str(target / "viewer-pdf.png"))
    path = tmp_path / "handbook.md"
    path.write_text(MARKDOWN)
    viewer.show_location(markdown_location(path))
    qtbot.wait(50)
    assert viewer.grab().save(str(target / "viewer-markdown.png"))


def _text_location(path: Path, heading: str, child: str) -> Location:
    document = read_document(path)
    section = next(s for s in document.sections if s.heading_path[-1] == heading)
    start = section.body.index(child)
    return Location(path=path, source=path.name, heading=section.heading, page=None,
                    section_start=section.start_char,
                    spans=[(start, start + len(child))], texts=[child])


@pytest.mark.parametrize("name", ["policy.html", "policy.docx"])
def test_html_and_word_show_as_text_at_the_heading_with_the_span_highlighted(
        viewer, tmp_path, qtbot, name):
    from wordgen import handbook

    if name.endswith(".html"):
        path = tmp_path / name
        path.write_text("<html><body><nav>Menu</nav><main><h1>Leave</h1>"
                        + "<p>Filler paragraph number %d.</p>" * 40 % tuple(range(40))
                        + "<h2>Carry-over</h2><ul><li>Up to 5 days</li><li>Ask your manager"
                        "</li></ul></main></body></html>")
        heading, child = "Carry-over", "- Up to 5 days"
    else:
        path = handbook(tmp_path / name)
        heading, child = "Carry-over", "- Up to 5 days"
    viewer.show_location(_text_location(path, heading, child))
    assert viewer.highlight_count == 1 and selected(viewer) == [child]
    assert "Menu" not in viewer.text.toPlainText()
    assert not viewer.note_label.isVisible()  # found at its offsets: the file is as indexed
