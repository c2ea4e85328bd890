"""The in-app source viewer that a citation opens.

A PDF is shown one page at a time, rendered by pdfium, with the cited
children's text highlighted on the page; Markdown and plain text are shown as
plain text (never as markup: see `safe_text`), scrolled to the section's
heading with the cited spans highlighted.

Where the passage lies is found by the core, without Qt: in the text by
`app.search.spans`, on a PDF page by `app.search.page_boxes`; this module
shows it.
"""
from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPoint, QRect, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QFont,
    QImage,
    QPainter,
    QPalette,
    QPixmap,
    QRegion,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.common.documents import HEADING_SEPARATOR
from app.common.said import message_of
from app.gui.locale_format import percent
from app.gui.safe_text import esc, plain_label
from app.gui.words import worded
from app.ingest.readers import read_document
from app.search.page_boxes import find_boxes, ocr_boxes, ocr_cache
from app.search.spans import (Location, heading_line_start, indexed_ranges, searched_ranges,
                              stale_top)

# Marked here, translated where shown (SourceViewer).
NOTE_CHANGED = QT_TRANSLATE_NOOP(
    "SourceViewer", "The file changed since it was indexed; the highlight may be approximate.")
PLACEHOLDER = QT_TRANSLATE_NOOP("SourceViewer", "Click a source to show it here.")
HIGHLIGHT = QColor(255, 221, 64)  # multiplied onto the page: white turns yellow, ink stays ink
TEXT_HIGHLIGHT = QColor(255, 232, 115)
ZOOMS = [None, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0]  # None: fit width
PAGE_MARGIN = 8  # logical pixels left and right of a fit-width page
HIGHLIGHT_PAD = 1.5  # points around the text boxes, so the ink does not touch the edge
RESIZE_DEBOUNCE_MS = 150
# A huge page (a poster, a map) at 200% would allocate gigabytes: cap the bitmap.
MAX_RENDER_PIXELS = 40_000_000


def location_title(location: Location) -> str:
    title = location.source
    if location.heading:
        title += HEADING_SEPARATOR + location.heading
    if location.page:
        title += " (" + QCoreApplication.translate(
            "SourceViewer", "p. {page}", "page number after a source's name").format(
            page=location.page) + ")"
    return title


# ---------------------------------------------------------------- PDF pages


_IMAGE_FORMATS = {
    "RGBX": QImage.Format.Format_RGBX8888,
    "RGBA": QImage.Format.Format_RGBA8888,
    "RGB": QImage.Format.Format_RGB888,
    "L": QImage.Format.Format_Grayscale8,
}


def render_page(page, scale: float):
    """The page as a QImage we own, and the converter from page points to its pixels."""
    # rev_byteorder: pdfium's native order is BGR(X); Qt wants RGB(X).
    bitmap = page.render(scale=scale, rev_byteorder=True, prefer_bgrx=True)
    image_format = _IMAGE_FORMATS.get(bitmap.mode)
    if image_format is None:
        raise ValueError(QCoreApplication.translate(
            "SourceViewer", "unexpected bitmap mode {mode}").format(mode=bitmap.mode))
    array = bitmap.to_numpy()
    view = QImage(array, bitmap.width, bitmap.height, bitmap.stride, image_format)
    # convertToFormat copies the pixels: the bitmap's buffer is freed with `bitmap`.
    # RGB32 is also the format QPainter's Multiply mode is fast and exact on.
    image = view.convertToFormat(QImage.Format.Format_RGB32)
    return image, bitmap.get_posconv(page)


def paint_highlights(image: QImage, boxes, posconv) -> list[QRect]:
    """Yellow rectangles over the boxes, in the image's pixels (returned)."""
    rects = []
    for left, bottom, right, top in boxes:
        # Page points (origin bottom-left) to bitmap pixels (origin top-left);
        # posconv also accounts for the crop box and the page's rotation.
        x0, y0 = posconv.to_bitmap(left - HIGHLIGHT_PAD, top + HIGHLIGHT_PAD)
        x1, y1 = posconv.to_bitmap(right + HIGHLIGHT_PAD, bottom - HIGHLIGHT_PAD)
        rects.append(QRect(QPoint(x0, y0), QPoint(x1, y1)).normalized())
    region = QRegion()
    for rect in rects:
        region = region.united(rect)  # painted once: overlaps would multiply darker
    painter = QPainter(image)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
    painter.setClipRegion(region)
    painter.fillRect(region.boundingRect(), HIGHLIGHT)
    painter.end()
    return rects


class PdfPane(QScrollArea):
    """One PDF page at a time, at fit width or a zoom, cited text highlighted."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.setWidget(self.label)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        # Always on: a scroll bar that comes and goes would change the fit width,
        # which re-renders, which can bring it back: an endless loop.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setBackgroundRole(QPalette.ColorRole.Dark)
        self.pdf = None
        self.page = self.page_count = self.cited_page = 0
        self.texts: list[str] = []
        self.zoom: float | None = None  # None: fit width
        self.rects: list[QRect] = []  # highlight rectangles, in pixmap pixels
        self._boxes: dict[int, list] = {}  # page -> highlight boxes in points
        self._scale = 0.0
        self._follow = True  # keep the highlight in view until the user scrolls
        self._resize_timer = _single_shot(self, RESIZE_DEBOUNCE_MS, self._on_resized)
        self._reveal_timer = _single_shot(self, 0, self._reveal)
        for bar in (self.verticalScrollBar(), self.horizontalScrollBar()):
            bar.actionTriggered.connect(self._user_scrolled)

    def open(self, path: Path, page: int, texts: list[str]) -> str | None:
        """Show `page` of the PDF; a message for the user when it cannot be shown."""
        self.close_document()
        try:
            # From memory, not by path: pdfium would hold the file open (and locked,
            # on Windows) for as long as the page is on screen.
            data = Path(path).read_bytes()
            pdf = pdfium.PdfDocument(data)
        except OSError as exc:
            return self.tr("{name} cannot be read: {reason}").format(
                name=path.name, reason=exc.strerror or exc)
        except Exception:  # noqa: BLE001 - PdfiumError and friends: a message, never a crash
            return self.tr("{name} cannot be opened: the PDF is damaged or needs a password. "
                           "Try opening it in the system viewer.").format(name=path.name)
        if len(pdf) == 0:
            pdf.close()
            return self.tr("{name} has no pages.").format(name=path.name)
        self.pdf, self.page_count, self.texts = pdf, len(pdf), list(texts)
        self._data, self._ocr = data, None  # OCR lines: looked up only for a scanned page
        self.cited_page = min(max(page, 1), self.page_count)
        return self.go_to(self.cited_page)

    def close_document(self) -> None:
        if self.pdf is not None:
            self.pdf.close()
        self.pdf, self.page, self.page_count, self.rects = None, 0, 0, []
        self._boxes, self._data, self._ocr = {}, b"", None
        self.label.clear()

    def go_to(self, page: int) -> str | None:
        self.page = min(max(page, 1), self.page_count)
        self._follow = True
        return self.render()

    def set_zoom(self, zoom: float | None) -> str | None:
        self.zoom = zoom
        return self.render() if self.pdf is not None else None

    def render(self) -> str | None:
        """Render the current page at the current scale; a message if pdfium fails."""
        dpr = self.devicePixelRatioF()
        page = self.pdf[self.page - 1]
        try:
            boxes = self._page_boxes(page)
            scale = self._target_scale(page, dpr)
            image, posconv = render_page(page, scale * dpr)
            self.rects = paint_highlights(image, boxes, posconv)
        except Exception as exc:  # noqa: BLE001 - a damaged page must not take the app down
            return self.tr("Page {page} cannot be shown: {error}").format(
                page=self.page, error=str(exc) or type(exc).__name__)
        finally:
            page.close()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(dpr)
        self.label.setPixmap(pixmap)
        self.label.resize(pixmap.deviceIndependentSize().toSize())
        self._scale = scale
        self._reveal()
        self._reveal_timer.start()  # again once the scroll area has taken the new size
        return None

    def _page_boxes(self, page) -> list:
        # Searched once per page; re-renders (resize, zoom) only rescale them. Short
        # phrases are trusted only on the cited page, where the passage is expected.
        if self.page not in self._boxes:
            lenient = self.page == self.cited_page
            self._boxes[self.page] = (find_boxes(page, self.texts, lenient)
                                      or self._ocr_boxes(lenient))
        return self._boxes[self.page]

    def _ocr_boxes(self, lenient: bool) -> list:
        """Boxes from the OCR lines the indexer cached, for a page pdfium found
        no text on (hashing the file only then, not for every PDF opened)."""
        if self._ocr is None:
            self._ocr = ocr_cache(self._data) if self._data else {}
        return ocr_boxes(self._ocr.get(self.page - 1), self.texts, lenient)

    def _target_scale(self, page, dpr: float) -> float:
        width, height = page.get_size()
        if self.zoom is None:
            scale = max(self.viewport().width() - 2 * PAGE_MARGIN, 100) / max(width, 1)
        else:
            scale = self.zoom * self.logicalDpiX() / 72  # 100% = the page's real size
        cap = math.sqrt(MAX_RENDER_PIXELS / max(width * height, 1)) / dpr
        return min(scale, cap)

    def resizeEvent(self, event):  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.pdf is not None and self.zoom is None:
            self._resize_timer.start()  # debounced: a drag sends dozens of resizes

    def _on_resized(self) -> None:
        if self.pdf is None or self.zoom is not None:
            return
        page = self.pdf[self.page - 1]
        try:
            target = self._target_scale(page, self.devicePixelRatioF())
        finally:
            page.close()
        if abs(target - self._scale) <= 0.005 * self._scale:
            return
        bar = self.verticalScrollBar()
        ratio = bar.value() / max(bar.maximum(), 1)
        self.render()
        if not self._follow:
            bar.setValue(round(ratio * bar.maximum()))

    def _user_scrolled(self, _action: int) -> None:
        self._follow = False

    def _reveal(self) -> None:
        """Scroll so the first highlight sits a quarter down the view (or show the top)."""
        if not self._follow or self.pdf is None:
            return
        if not self.rects:
            self.verticalScrollBar().setValue(0)
            return
        dpr = self.devicePixelRatioF()
        first = min(self.rects, key=lambda rect: (rect.top(), rect.left()))  # spans come unordered
        top = round(first.top() / dpr) - self.viewport().height() // 4
        self.verticalScrollBar().setValue(max(top, 0))
        self.horizontalScrollBar().setValue(max(round(first.left() / dpr) - 40, 0))


def _single_shot(parent, msec: int, slot) -> QTimer:
    # A child timer, not QTimer.singleShot(lambda): it dies with its widget.
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(msec)
    timer.timeout.connect(slot)
    return timer


# ---------------------------------------------------------------- text pane


class TextPane(QPlainTextEdit):
    """The document as plain text: HTML in a handbook stays literal."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._top = 0  # the Qt position to keep at the top of the view
        self._follow = True
        self._reveal_timer = _single_shot(self, 0, self._reveal)
        self.verticalScrollBar().actionTriggered.connect(self._user_scrolled)

    def show_text(self, text: str, ranges: list[tuple[int, int]], top: int) -> None:
        self.setPlainText(text)
        # Qt counts positions in UTF-16 units; Python in code points.
        to_qt = _utf16_offsets(text)
        self.setExtraSelections([self._selection(to_qt(a), to_qt(b)) for a, b in ranges])
        self._top, self._follow = to_qt(top), True
        self._reveal()
        self._reveal_timer.start()  # again once laid out at its real size

    def show_nothing(self) -> None:
        self.setExtraSelections([])
        self.clear()

    def _selection(self, start: int, end: int) -> QTextEdit.ExtraSelection:
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        char_format = QTextCharFormat()
        char_format.setBackground(TEXT_HIGHLIGHT)
        selection.cursor, selection.format = cursor, char_format
        return selection

    def _reveal(self) -> None:
        """Put the heading's line at the top: jump to the end first, so that making
        the line visible scrolls up to it and leaves it at the top edge."""
        if not self._follow:
            return
        self.moveCursor(QTextCursor.MoveOperation.End)
        cursor = self.textCursor()
        cursor.setPosition(min(self._top, self.document().characterCount() - 1))
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def resizeEvent(self, event):  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self._follow:
            self._reveal_timer.start()  # rewrapping moves lines: keep the heading on top

    def _user_scrolled(self, _action: int) -> None:
        self._follow = False

    def first_visible_line(self) -> int:
        return self.cursorForPosition(QPoint(2, 2)).blockNumber()


def _utf16_offsets(text: str):
    if all(ord(char) <= 0xFFFF for char in text):  # the usual case: offsets agree
        return lambda offset: offset
    return lambda offset: len(text[:offset].encode("utf-16-le")) // 2


# ---------------------------------------------------------------- the viewer


class SourceViewer(QWidget):
    """Shows a cited source at the cited place: a PDF page or the text, highlighted."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._location: Location | None = None
        self._build_widgets()
        self._build_layout()
        self.clear()

    # -- public API --------------------------------------------------------

    @property
    def current_page(self) -> int | None:
        """The PDF page shown (1-based), or None."""
        return self.pdf_view.page if self.stack.currentWidget() is self.pdf_view else None

    @property
    def highlight_count(self) -> int:
        """Highlight rectangles on the PDF page, or highlighted ranges in the text."""
        if self.stack.currentWidget() is self.pdf_view:
            return len(self.pdf_view.rects)
        if self.stack.currentWidget() is self.text:
            return len(self.text.extraSelections())
        return 0

    def show_location(self, location: Location) -> None:
        self.clear()
        self._location = location
        title = location_title(location)
        self.title_label.setText(title)
        self.title_label.setToolTip(f"<p>{esc(title)}</p>")  # tooltips detect rich text
        path = Path(location.path)
        if not path.is_file():
            self._show_message(
                self.tr("The file {source} cannot be found ({path}). It was moved or deleted "
                        "since the handbook was indexed; re-index the folder to update it.")
                .format(source=location.source, path=path))
            return
        self.open_button.setEnabled(True)
        if path.suffix.lower() == ".pdf":
            self._show_pdf(location)
        else:
            self._show_text(location)

    def clear(self) -> None:
        self._location = None
        self.pdf_view.close_document()
        self.text.show_nothing()
        self.title_label.setText("")
        self.title_label.setToolTip("")
        self.note_label.hide()
        self.open_button.setEnabled(False)
        self._show_message(QCoreApplication.translate("SourceViewer", PLACEHOLDER))

    # -- widgets -----------------------------------------------------------

    def _build_widgets(self) -> None:
        self.title_label = plain_label()
        font = QFont(self.title_label.font())
        font.setBold(True)
        self.title_label.setFont(font)
        # A long heading path is clipped rather than widening the whole window.
        self.title_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.prev_button = _tool_button(self.tr("◀ Previous", "button: the previous page"),
                                        self._previous_page)
        self.next_button = _tool_button(self.tr("Next ▶", "button: the next page"),
                                        self._next_page)
        self.page_label = plain_label()
        self.zoom_box = QComboBox()
        for zoom in ZOOMS:
            self.zoom_box.addItem(self.tr("Fit width", "zoom: the page as wide as the pane")
                                  if zoom is None else percent(zoom), zoom)
        self.zoom_box.currentIndexChanged.connect(self._zoom_changed)
        self.open_button = _tool_button(self.tr("Open in system viewer"), self._open_externally)
        self.note_label = plain_label(QCoreApplication.translate("SourceViewer", NOTE_CHANGED))
        self.note_label.setStyleSheet("background: #fff3c4; color: #5c4400; padding: 3px;")
        self.message_label = plain_label()
        self.message_label.setWordWrap(True)
        self.message_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message_label.setMargin(24)
        self.pdf_view = PdfPane()
        self.text = TextPane()
        self.stack = QStackedWidget()
        for widget in (self.message_label, self.pdf_view, self.text):
            self.stack.addWidget(widget)

    def _build_layout(self) -> None:
        controls = QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        for widget in (self.prev_button, self.page_label, self.next_button):
            controls.addWidget(widget)
        controls.addStretch(1)
        controls.addWidget(self.zoom_box)
        controls.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.title_label)
        layout.addLayout(controls)
        layout.addWidget(self.note_label)
        layout.addWidget(self.stack, 1)

    # -- showing -----------------------------------------------------------

    def _show_message(self, message: str) -> None:
        self.message_label.setText(message)
        self.stack.setCurrentWidget(self.message_label)
        self._update_controls()

    def _show_pdf(self, location: Location) -> None:
        # Shown first: the fit width is that of the visible pane, controls included.
        self.stack.setCurrentWidget(self.pdf_view)
        self._update_controls()
        error = self.pdf_view.open(Path(location.path), location.page or 1, location.texts)
        self._after_pdf(error)

    def _after_pdf(self, error: str | None) -> None:
        if error is not None:
            self.pdf_view.close_document()
            self._show_message(error)
            return
        self.stack.setCurrentWidget(self.pdf_view)
        self._update_controls()

    def _show_text(self, location: Location) -> None:
        try:
            document = read_document(Path(location.path))
        except Exception as exc:  # noqa: BLE001 - readers raise ReadError; a viewer never crashes
            self._show_message(self.tr("{source} cannot be shown: {error}").format(
                source=location.source, error=worded(message_of(exc))))
            return
        text = document.text
        ranges = indexed_ranges(text, location)
        changed = ranges is None
        if changed:
            ranges = searched_ranges(text, location)
            top = stale_top(text, location, ranges)
        else:
            top = heading_line_start(text, location.section_start)
        self.note_label.setVisible(changed)
        self.stack.setCurrentWidget(self.text)  # first: scrolling needs its real size
        self._update_controls()
        self.text.show_text(text, ranges, top)

    def _update_controls(self) -> None:
        is_pdf = self.stack.currentWidget() is self.pdf_view
        for widget in (self.prev_button, self.page_label, self.next_button, self.zoom_box):
            widget.setVisible(is_pdf)
        if is_pdf:
            page, count = self.pdf_view.page, self.pdf_view.page_count
            self.page_label.setText(self.tr("page {page} of {count}").format(page=page,
                                                                            count=count))
            self.prev_button.setEnabled(page > 1)
            self.next_button.setEnabled(page < count)

    # -- actions -----------------------------------------------------------

    def _previous_page(self) -> None:
        self._go_to_page(self.pdf_view.page - 1)

    def _next_page(self) -> None:
        self._go_to_page(self.pdf_view.page + 1)

    def _go_to_page(self, page: int) -> None:
        if self.current_page is not None and 1 <= page <= self.pdf_view.page_count:
            self._after_pdf(self.pdf_view.go_to(page))

    def _zoom_changed(self, index: int) -> None:
        error = self.pdf_view.set_zoom(self.zoom_box.itemData(index))
        if self.current_page is not None:
            self._after_pdf(error)

    def _open_externally(self) -> None:
        path = Path(self._location.path) if self._location else None
        if path is not None and path.is_file():  # local files only, never a URL
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def _tool_button(text: str, slot) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.clicked.connect(slot)
    return button
