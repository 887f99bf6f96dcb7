"""A bar chart of a lexical counter's counts per page (QtCharts); a bar opens its page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QValueAxis,
)
from PySide6.QtCore import QMargins, Qt, Signal
from PySide6.QtGui import QAccessible, QColor, QKeyEvent, QPainter
from PySide6.QtWidgets import QWidget

from app.ui.common.accessibility import give_role

KEYS_HELP = "Left and Right choose a page, Enter opens it."


@dataclass(frozen=True)
class PageCount:
    page_id: int
    order: int
    """0-based page position; the chart labels pages 1-based."""
    count: int


class CountChart(QChartView):
    """Counts per page for one or more counters; clicking a bar emits ``page_clicked``."""

    page_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        chart = QChart()
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        chart.setMargins(QMargins(4, 4, 4, 4))
        chart.setBackgroundRoundness(0)
        super().__init__(chart, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(220)
        self.setAccessibleName("Counts per page")
        self._chart = chart
        self._pages: list[int] = []
        self.series: QBarSeries | None = None
        self.current = -1
        """The page (index) chosen with the keyboard: Left/Right move, Enter opens."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("Click a bar, or use Left/Right and Enter, to open that page")
        self.setAccessibleDescription(KEYS_HELP)

    @property
    def page_ids(self) -> list[int]:
        return list(self._pages)

    def set_counts(self, series: Mapping[str, Sequence[PageCount]]) -> None:
        """``series`` maps a counter's title to its counts (pages in order)."""
        chart = self._chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        self.series = None
        pages: dict[int, int] = {}
        for counts in series.values():
            for item in counts:
                pages.setdefault(item.page_id, item.order)
        self._pages = sorted(pages, key=lambda pid: (pages[pid], pid))
        if not self._pages:
            chart.setTitle("No counts yet: run a counter to see them here.")
            return
        chart.setTitle("")
        bars = QBarSeries()
        colours = ["#4e79a7", "#e15759", "#59a14f", "#f28e2b"]
        top = 0
        for index, (title, counts) in enumerate(series.items()):
            by_page = {item.page_id: item.count for item in counts}
            bar_set = QBarSet(title)
            bar_set.setColor(QColor(colours[index % len(colours)]))
            bar_set.setSelectedColor(QColor(colours[index % len(colours)]).darker(160))
            for page_id in self._pages:
                value = by_page.get(page_id, 0)
                top = max(top, value)
                bar_set.append(value)
            bars.append(bar_set)
        bars.clicked.connect(self._clicked)
        self.current = -1
        chart.addSeries(bars)
        x_axis = QBarCategoryAxis()
        x_axis.append([str(pages[pid] + 1) for pid in self._pages])
        x_axis.setTitleText("Page")
        y_axis = QValueAxis()
        step = max(1, -(-top // 5))
        y_axis.setRange(0, max(1, -(-top // step) * step))
        y_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        y_axis.setTickAnchor(0)
        y_axis.setTickInterval(step)
        y_axis.setLabelFormat("%d")
        y_axis.setTitleText("Count")
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        bars.attachAxis(x_axis)
        bars.attachAxis(y_axis)
        self.series = bars

    def _clicked(self, index: int, _bar_set: QBarSet) -> None:
        if 0 <= index < len(self._pages):
            self.page_clicked.emit(self._pages[index])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self._pages and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            start = 0 if self.current < 0 else self.current + step
            self.select(max(0, min(len(self._pages) - 1, start)))
            return
        if self.current >= 0 and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.page_clicked.emit(self._pages[self.current])
            return
        super().keyPressEvent(event)

    def select(self, index: int) -> None:
        """Mark one page's bars as the keyboard's choice (and say what they count)."""
        self.current = index
        if self.series is not None:
            counts = []
            for bar_set in self.series.barSets():
                bar_set.deselectAllBars()
                bar_set.selectBar(index)
                counts.append(f"{bar_set.label()} {bar_set.at(index):g}")
            self.setAccessibleDescription(f"Page {index + 1}: {', '.join(counts)}. {KEYS_HELP}")

    def click_bar(self, index: int) -> None:
        """What a click on the ``index``-th page's bar does (keyboard and tests)."""
        if self.series is not None and self.series.count():
            self.series.clicked.emit(index, self.series.barSets()[0])


give_role(CountChart, QAccessible.Role.Chart)
