"""Small charts painted with QPainter: a histogram of chunk lengths with
labelled vertical lines (median, p95, window), and the split-level mix as one
stacked bar with its legend. No plotting library: a few dozen rectangles.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.evaluation.health import median, percentile
from app.gui.locale_format import number, percent

BAR = QColor("#8fb3d9")
BAR_OVER = QColor("#d9606e")
OVER_ZONE = QColor(214, 40, 57, 22)
AXIS = QColor("#555555")
GRID = QColor("#e4e4e4")
MEDIAN = QColor("#1f5fa8")
P95 = QColor("#b35c00")
WINDOW = QColor("#c41e3a")


@dataclass
class Marker:
    label: str
    value: float
    color: QColor
    dashed: bool = True


def figure(value: float) -> str:
    """A count, a tick or a median (a whole number or a half) as the language writes it."""
    return number(value) if float(value).is_integer() else number(value, 1)


def nice_step(span: float, target: int) -> float:
    """A round step (1, 2, 2.5, 5 × 10^n) that cuts `span` into about `target` parts."""
    if span <= 0:
        return 1
    raw = span / max(target, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            step = factor * power
            return max(1, int(step)) if step >= 1 else 1
    return 10 * power


class Histogram(QWidget):
    """Chunk lengths in one tokenizer, with median, p95 and the window as lines."""

    def __init__(self, title: str, axis_title: str, parent=None):
        super().__init__(parent)
        self.title = title
        self.axis_title = axis_title
        self.values: list[int] = []
        self.window: int | None = None
        self.window_label = self.tr("window", "chart: the line at the embedder's window")
        self.shade_over_window = False
        self.median: float = 0
        self.p95: float = 0
        self.bins: list[tuple[int, int, int]] = []  # (start, end, count)
        self.setMinimumSize(200, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(340, 230)

    def set_values(self, values: list[int], window: int | None = None,
                   window_label: str | None = None, shade_over_window: bool = False) -> None:
        """The chunk lengths; median and p95 are computed as `inspect` computes them.
        `window_label`: the window line's name (by default "window", translated)."""
        self.values = list(values)
        self.window = window
        self.window_label = window_label if window_label is not None else \
            self.tr("window", "chart: the line at the embedder's window")
        self.shade_over_window = shade_over_window
        self.median = median(self.values)
        self.p95 = percentile(self.values, 0.95)
        self.bins = self._bin()
        self.update()

    @property
    def markers(self) -> list[Marker]:
        if not self.values:
            return []
        found = [Marker(self.tr("median {value}").format(value=figure(self.median)),
                        self.median, MEDIAN),
                 Marker(self.tr("p95 {value}", "chart: the 95th percentile line").format(
                     value=figure(self.p95)), self.p95, P95)]
        if self.window:
            found.append(Marker(self.tr("{line} {value}", "chart: a line's name and its value")
                                .format(line=self.window_label, value=figure(self.window)),
                                self.window, WINDOW, False))
        return found

    def x_max(self) -> float:
        top = max([max(self.values, default=0), self.window or 0, 1])
        step = nice_step(top * 1.06, 10)
        return math.ceil(top * 1.06 / step) * step

    def bin_width(self) -> int:
        """About 12–32 bins; when possible the window is a bin edge, so no bar
        mixes chunks the embedder reads whole with chunks it truncates."""
        x_max = self.x_max()
        candidates = [w for w in (1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 40, 50, 64, 100, 128, 200,
                                  250, 256, 500, 512, 1000) if 10 <= x_max / w <= 32]
        if self.window:
            fitting = [w for w in candidates if self.window % w == 0]
            if fitting:
                return min(fitting, key=lambda w: abs(x_max / w - 20))
        return min(candidates, key=lambda w: abs(x_max / w - 20)) if candidates else \
            nice_step(x_max, 20)

    def _bin(self) -> list[tuple[int, int, int]]:
        if not self.values:
            return []
        width = self.bin_width()
        count = int(math.ceil(self.x_max() / width))
        counts = [0] * count
        for value in self.values:
            counts[min(int(value // width), count - 1)] += 1
        return [(int(i * width), int((i + 1) * width), n) for i, n in enumerate(counts)]

    # -- painting -----------------------------------------------------------------------
    def label_rows(self, fm: QFontMetrics, x_at) -> list[tuple[Marker, int, float, float]]:
        """(marker, row, label left, label width): labels in rows above the plot, each
        starting at its line (or ending there near the right edge), never overlapping."""
        taken: list[list[tuple[float, float]]] = []
        placed = []
        for marker in sorted(self.markers, key=lambda m: m.value):
            x = x_at(marker.value)
            width = fm.horizontalAdvance(" " + marker.label) + 4
            start = max(2.0, min(x - 2, self.width() - width - 2))
            row = next((i for i, spans in enumerate(taken)
                        if all(start + width + 4 < a or start > b + 4 for a, b in spans)), None)
            if row is None:
                taken.append([])
                row = len(taken) - 1
            taken[row].append((start, start + width))
            placed.append((marker, row, start, width))
        return placed

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        font = QFont(self.font())
        small = QFont(font)
        small.setPointSizeF(max(7.0, font.pointSizeF() - 1))
        bold = QFont(font)
        bold.setBold(True)
        fm = QFontMetrics(small)
        row = fm.height() + 2

        title_height = QFontMetrics(bold).height() + 4
        painter.setFont(bold)
        painter.setPen(QColor("#222"))
        title = self.tr("{title} · %Ln chunks", "chart title: the tokenizer, then the count",
                        len(self.values)).format(title=self.title)
        painter.drawText(QRectF(6, 2, self.width() - 12, title_height),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetrics(bold).elidedText(title, Qt.TextElideMode.ElideRight,
                                                       self.width() - 12))
        if not self.values:
            painter.setFont(font)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("no chunks"))
            painter.end()
            return

        counts = [n for _, _, n in self.bins]
        y_step = nice_step(max(counts), 4)
        y_top = max(y_step, math.ceil(max(counts) / y_step) * y_step)
        left = row + fm.horizontalAdvance(figure(y_top)) + 10
        right = self.width() - 14
        x_max = self.x_max()

        def x_at(value: float) -> float:
            return left + (right - left) * value / x_max

        labels = self.label_rows(fm, x_at)
        rows = 1 + max((r for _, r, _, _ in labels), default=0)
        plot = QRectF(left, title_height + rows * row + 4, right - left,
                      self.height() - title_height - rows * row - 4 - 2 * row - 6)
        if plot.height() < 20 or plot.width() < 40:
            painter.end()
            return

        def y_at(count: float) -> float:
            return plot.bottom() - plot.height() * count / y_top

        painter.setFont(small)
        # grid and y axis ticks
        y = 0
        while y <= y_top:
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(plot.left(), y_at(y)), QPointF(plot.right(), y_at(y)))
            painter.setPen(AXIS)
            painter.drawText(QRectF(row, y_at(y) - row / 2, left - row - 6, row),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             figure(y))
            y += y_step
        # the part of the axis beyond the window: what the embedder never reads
        if self.shade_over_window and self.window and self.window < x_max:
            zone = QRectF(QPointF(x_at(self.window), plot.top()), plot.bottomRight())
            painter.fillRect(zone, OVER_ZONE)
        # bars, with their counts above them when there is room
        for start, end, n in self.bins:
            if not n:
                continue
            over = self.shade_over_window and self.window is not None and start >= self.window
            bar = QRectF(QPointF(x_at(start) + 0.5, y_at(n)), QPointF(x_at(end) - 0.5, y_at(0)))
            painter.fillRect(bar, BAR_OVER if over else BAR)
            text = figure(n)
            if fm.horizontalAdvance(text) <= bar.width() + 4:
                width = fm.horizontalAdvance(text) + 2
                box = QRectF(bar.center().x() - width / 2, bar.top() - row + 1, width, row - 1)
                painter.fillRect(box, QColor(255, 255, 255, 200))
                painter.setPen(QColor("#333"))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        # axes, ticks and titles
        painter.setPen(QPen(AXIS, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        tick = nice_step(x_max, max(2, int(plot.width() // 70)))
        value = 0
        while value <= x_max + 1e-9:
            x = x_at(value)
            painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 3))
            text = figure(value)
            half = fm.horizontalAdvance(text) / 2 + 2
            centre = min(x, self.width() - half - 1)
            painter.drawText(QRectF(centre - half, plot.bottom() + 3, 2 * half, row),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)
            value += tick
        axis_row = QRectF(plot.left(), plot.bottom() + 3 + row, plot.width(), row)
        note = ""
        if self.shade_over_window and self.window:
            room = plot.width() - fm.horizontalAdvance(self.axis_title) - 12
            note = next((n for n in ("▮ " + self.tr("past the window: never read"),
                                     "▮ " + self.tr("never read", "chart: short for past the "
                                                    "window: never read"))
                         if fm.horizontalAdvance(n) <= room), "")
        note_width = fm.horizontalAdvance(note) + 8 if note else 0
        painter.drawText(axis_row.adjusted(0, 0, -note_width, 0),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, self.axis_title)
        if note:
            painter.setPen(WINDOW)
            painter.drawText(axis_row, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                             note)
        painter.setPen(AXIS)
        painter.save()
        painter.translate(2, plot.center().y())
        painter.rotate(-90)
        painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), row),
                         Qt.AlignmentFlag.AlignCenter,
                         self.tr("chunks", "chart: the vertical axis, a count of chunks"))
        painter.restore()
        # labelled vertical lines
        for marker, line_row, start, width in labels:
            x = x_at(marker.value)
            pen = QPen(marker.color, 2 if not marker.dashed else 1.6)
            if marker.dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            label_top = title_height + line_row * row
            painter.setPen(pen)
            painter.drawLine(QPointF(x, label_top + row), QPointF(x, plot.bottom()))
            painter.setPen(marker.color)
            painter.drawText(QRectF(start, label_top, width, row),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             " " + marker.label)
        painter.end()


SPLIT_COLORS = {
    "block": QColor("#4e8a3e"),
    "line": QColor("#8fbf5a"),
    "sentence": QColor("#d9c94a"),
    "word": QColor("#e59a3c"),
    "character": QColor("#c41e3a"),
}
OTHER_COLOR = QColor("#9a9a9a")


class SplitMix(QWidget):
    """One stacked bar: the share of chunks per split level, with a legend."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.shares: list[tuple[str, float]] = []
        self.setFixedHeight(48)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(340, self._height(340))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        return self._height(width)

    def set_shares(self, shares: list[tuple[str, float]]) -> None:
        """(label, share) pairs in display order; shares add up to 1."""
        self.shares = list(shares)
        self._fit_height()
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        height = self._height(max(self.width(), 200))
        if height != self.height() or height != self.minimumHeight():
            self.setFixedHeight(height)

    def _legend(self, width: int) -> list[list[tuple[str, QColor]]]:
        fm = QFontMetrics(self.font())
        rows: list[list[tuple[str, QColor]]] = [[]]
        used = 0
        for label, share in self.shares:
            text = self.tr("{level} {share}", "legend: a split level and its share").format(
                level=self.level_name(label), share=percent(share, 1))
            needed = fm.height() + 6 + fm.horizontalAdvance(text) + 16
            if rows[-1] and used + needed > width:
                rows.append([])
                used = 0
            rows[-1].append((text, SPLIT_COLORS.get(label, OTHER_COLOR)))
            used += needed
        return rows

    def level_name(self, level: str) -> str:
        """A split level as the legend names it; the level itself stays the key."""
        names = {"block": self.tr("block", "split level: cut between blocks (paragraphs)"),
                 "line": self.tr("line", "split level: cut between lines"),
                 "sentence": self.tr("sentence", "split level: cut between sentences"),
                 "word": self.tr("word", "split level: cut between words"),
                 "character": self.tr("character", "split level: cut inside a word")}
        return names.get(level, level)

    def _height(self, width: int) -> int:
        fm = QFontMetrics(self.font())
        return 20 + 6 + len(self._legend(width - 8)) * (fm.height() + 4) + 4

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        fm = QFontMetrics(self.font())
        bar = QRectF(4, 2, self.width() - 8, 20)
        painter.fillRect(bar, QColor("#f0f0f0"))
        x = bar.left()
        for label, share in self.shares:
            width = bar.width() * share
            if width > 0:
                painter.fillRect(QRectF(x, bar.top(), max(width, 1.5), bar.height()),
                                 SPLIT_COLORS.get(label, OTHER_COLOR))
            x += width
        painter.setPen(QColor("#999"))
        painter.drawRect(bar)
        y = bar.bottom() + 6
        for legend_row in self._legend(int(bar.width())):
            x = bar.left()
            for text, color in legend_row:
                swatch = fm.height() - 4
                painter.fillRect(QRectF(x, y + 2, swatch, swatch), color)
                painter.setPen(QColor("#222"))
                painter.drawText(QRectF(x + swatch + 4, y, fm.horizontalAdvance(text) + 4,
                                        fm.height()),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
                x += swatch + 6 + fm.horizontalAdvance(text) + 16
            y += fm.height() + 4
        painter.end()
