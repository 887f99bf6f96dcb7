"""A calendar heatmap of completions: weeks across, weekdays down, the last 26 weeks.

Custom-painted. Darker cells mean more (a larger amount, or more sessions). Month names
run along the top, weekday names down the side, a "Less … More" legend at the bottom.
Hovering a cell shows its day and what was logged; arrow keys move a day cursor and
Enter (or a click) reports the day through ``day_selected``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import date, timedelta

from PySide6.QtCore import QDate, QEvent, QLocale, QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QColor,
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app import clock
from app.domain.journal.streaks import DayTotal
from app.ui.common.accessibility import give_role
from app.ui.common.messages import is_dark

WEEKS = 26
LEVELS = 4
"""Intensity levels above zero (zero: nothing logged)."""
_LEVEL_STRENGTH = (0.0, 0.35, 0.58, 0.8, 1.0)


def qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def long_day(day: date) -> str:
    """ "Tuesday, 3 November 2026" in the user's locale."""
    return QLocale().toString(qdate(day), QLocale.FormatType.LongFormat)


def default_describe(total: DayTotal | None) -> str:
    if total is None:
        return "nothing logged"
    return "done" if total.count == 1 else f"{total.count} times"


def level_for(value: float, top: float) -> int:
    """0 for nothing, else 1..LEVELS by the share of the busiest day."""
    if value <= 0 or top <= 0:
        return 0
    return max(1, min(LEVELS, math.ceil(LEVELS * value / top - 1e-9)))


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


class CalendarHeatmap(QWidget):
    """Completions per day for one habit or practice."""

    day_selected = Signal(object)
    """A ``date`` the user clicked or chose with the keyboard (Enter/Space)."""

    GAP = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._today = clock.today()
        self._totals: dict[date, DayTotal] = {}
        self._use_amounts = False
        self._top = 0.0
        self._describe: Callable[[DayTotal | None], str] = default_describe
        self._accent: QColor | None = None
        self._current: date | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Completion calendar")
        self.setToolTip("")  # tooltips are per cell, see event()
        self._update_description()

    # ------------------------------------------------------------------ data

    def set_data(
        self,
        totals: Mapping[date, DayTotal],
        *,
        today: date,
        use_amounts: bool = False,
        describe: Callable[[DayTotal | None], str] | None = None,
    ) -> None:
        """Show ``totals``; with ``use_amounts`` the intensity follows the amount, else
        the number of completions that day."""
        self._today = today
        self._totals = dict(totals)
        self._use_amounts = use_amounts
        self._describe = describe or default_describe
        visible = [self.value(d) for d in self._totals if self.first_day <= d <= today]
        self._top = max(visible, default=0.0)
        if self._current is not None and not self.first_day <= self._current <= today:
            self._current = None
        self._update_description()
        self.updateGeometry()
        self.update()

    def set_accent(self, colour: QColor | None) -> None:
        """The colour of the busiest cells (None: a green that suits the palette)."""
        self._accent = colour
        self.update()

    @property
    def today(self) -> date:
        return self._today

    @property
    def first_day(self) -> date:
        """The first day of the first (oldest) week shown."""
        return self._week_start(self._today) - timedelta(weeks=WEEKS - 1)

    def visible_days(self) -> list[date]:
        count = (self._today - self.first_day).days + 1
        return [self.first_day + timedelta(days=i) for i in range(count)]

    def total(self, day: date) -> DayTotal | None:
        return self._totals.get(day)

    def value(self, day: date) -> float:
        total = self._totals.get(day)
        if total is None:
            return 0.0
        if self._use_amounts and total.amount is not None:
            return total.amount
        return float(total.count)

    def level(self, day: date) -> int:
        if not self.first_day <= day <= self._today:
            return 0
        level = level_for(self.value(day), self._top)
        if self._top <= 1 and level:
            return LEVELS - 1  # done-or-not: one calm shade, the darkest is for "the most"
        return level

    def describe_day(self, day: date) -> str:
        return f"{long_day(day)}: {self._describe(self._totals.get(day))}"

    @property
    def current_day(self) -> date | None:
        """The keyboard cursor (None until the widget is focused or a day is clicked)."""
        return self._current

    def set_current_day(self, day: date | None) -> None:
        if day is not None:
            day = min(max(day, self.first_day), self._today)
        if day != self._current:
            self._current = day
            self._update_description()
            self.update()

    # -------------------------------------------------------------- geometry

    def _first_weekday(self) -> int:
        """The locale's first day of the week as Python's weekday() (Monday = 0)."""
        return int(QLocale().firstDayOfWeek().value) - 1

    def _week_start(self, day: date) -> date:
        return day - timedelta(days=(day.weekday() - self._first_weekday()) % 7)

    def _cell(self) -> int:
        return max(12, round(self.fontMetrics().height() * 1.05))

    def _pitch(self) -> int:
        return self._cell() + self.GAP

    def _left(self) -> int:
        fm = self.fontMetrics()
        names = [self._weekday_name(row) for row in range(7)]
        return max(fm.horizontalAdvance(n) for n in names) + 8

    def _top_margin(self) -> int:
        return self.fontMetrics().height() + 4

    def _grid_width(self) -> int:
        return WEEKS * self._pitch() - self.GAP

    def _origin(self) -> QPoint:
        """Top-left of the grid (weekday names to its left, month names above)."""
        return QPoint(self._left(), self._top_margin())

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        width = self._left() + self._grid_width() + 4
        height = self._top_margin() + 7 * self._pitch() + fm.height() + 8
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def cell_rect(self, day: date) -> QRect | None:
        """Where ``day`` is drawn, or None when it is outside the range shown."""
        if not self.first_day <= day <= self._today:
            return None
        offset = (day - self.first_day).days
        column, row = divmod(offset, 7)
        origin = self._origin()
        pitch = self._pitch()
        return QRect(
            origin.x() + column * pitch, origin.y() + row * pitch, self._cell(), self._cell()
        )

    def day_at(self, point: QPoint) -> date | None:
        origin = self._origin()
        pitch = self._pitch()
        dx, dy = point.x() - origin.x(), point.y() - origin.y()
        if dx < 0 or dy < 0:
            return None
        column, row = dx // pitch, dy // pitch
        if column >= WEEKS or row >= 7 or dx % pitch >= self._cell() or dy % pitch >= self._cell():
            return None
        day = self.first_day + timedelta(days=column * 7 + row)
        return day if day <= self._today else None

    def _weekday_name(self, row: int) -> str:
        weekday = (self._first_weekday() + row) % 7 + 1  # Qt: Monday = 1
        return QLocale().dayName(weekday, QLocale.FormatType.ShortFormat)

    # ----------------------------------------------------------------- colours

    def _colours(self) -> tuple[QColor, QColor]:
        palette = self.palette()
        window = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.WindowText)
        dark = is_dark(palette)
        empty = _mix(window, text, 0.13 if dark else 0.09)
        accent = self._accent or (QColor("#3fb950") if dark else QColor("#1a7f37"))
        return empty, accent

    def level_colour(self, level: int) -> QColor:
        empty, accent = self._colours()
        return _mix(empty, accent, _LEVEL_STRENGTH[max(0, min(LEVELS, level))])

    # ---------------------------------------------------------------- painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        muted = QColor(palette.color(QPalette.ColorRole.WindowText))
        muted.setAlphaF(0.7)
        fm = self.fontMetrics()
        origin = self._origin()
        pitch, cell = self._pitch(), self._cell()
        radius = cell / 5

        painter.setPen(muted)
        for row in (0, 2, 4, 6):
            name = self._weekday_name(row)
            y = origin.y() + row * pitch
            box = QRect(origin.x() - self._left(), y, self._left() - 6, cell)
            painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, name)

        label_end = -1
        for column in range(WEEKS):
            week = self.first_day + timedelta(weeks=column)
            week_end = week + timedelta(days=6)
            if week.day == 1:
                month = week.month
            elif week_end.month != week.month:
                month = week_end.month
            elif column == 0:
                next_first = (week.replace(day=1) + timedelta(days=32)).replace(day=1)
                if (next_first - self.first_day).days // 7 < 3:
                    continue  # the next month starts right away: leave the room to it
                month = week.month
            else:
                continue
            x = origin.x() + column * pitch
            if x < label_end + 6:
                continue
            name = QLocale().monthName(month, QLocale.FormatType.ShortFormat)
            painter.drawText(QPoint(x, origin.y() - fm.descent() - 4), name)
            label_end = x + fm.horizontalAdvance(name)

        painter.setPen(Qt.PenStyle.NoPen)
        for day in self.visible_days():
            rect = self.cell_rect(day)
            assert rect is not None
            painter.setBrush(self.level_colour(self.level(day)))
            painter.drawRoundedRect(QRectF(rect), radius, radius)

        today_rect = self.cell_rect(self._today)
        if today_rect is not None:
            outline = QColor(palette.color(QPalette.ColorRole.WindowText))
            outline.setAlphaF(0.55)
            painter.setPen(QPen(outline, 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(
                QRectF(today_rect).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius
            )

        if self.hasFocus() and self._current is not None:
            rect = self.cell_rect(self._current)
            if rect is not None:
                painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRectF(rect).adjusted(-1.5, -1.5, 1.5, 1.5), radius, radius)

        # legend: Less ■■■■■ More, right-aligned under the grid
        legend_y = origin.y() + 7 * pitch + 4
        small = cell - 2
        less, more = "Less", "More"
        width = (
            fm.horizontalAdvance(less)
            + fm.horizontalAdvance(more)
            + (LEVELS + 1) * (small + 3)
            + 12
        )
        x = origin.x() + self._grid_width() - width
        painter.setPen(muted)
        text_box = QRect(x, legend_y, fm.horizontalAdvance(less), fm.height())
        painter.drawText(text_box, Qt.AlignmentFlag.AlignVCenter, less)
        x += fm.horizontalAdvance(less) + 6
        painter.setPen(Qt.PenStyle.NoPen)
        for level in range(LEVELS + 1):
            painter.setBrush(self.level_colour(level))
            top = legend_y + (fm.height() - small) / 2
            painter.drawRoundedRect(QRectF(x, top, small, small), radius, radius)
            x += small + 3
        painter.setPen(muted)
        painter.drawText(
            QRect(x + 3, legend_y, fm.horizontalAdvance(more) + 2, fm.height()),
            Qt.AlignmentFlag.AlignVCenter,
            more,
        )
        painter.end()

    # ------------------------------------------------------------- interaction

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            day = self.day_at(event.pos())
            if day is None:
                QToolTip.hideText()
                event.ignore()
            else:
                rect = self.cell_rect(day) or QRect()
                QToolTip.showText(event.globalPos(), self.describe_day(day), self, rect)
            return True
        if event.type() == QEvent.Type.PaletteChange:
            self.update()
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        day = self.day_at(event.position().toPoint())
        if day is not None and event.button() == Qt.MouseButton.LeftButton:
            self.set_current_day(day)
            self.day_selected.emit(day)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {
            Qt.Key.Key_Up: -1,
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Left: -7,
            Qt.Key.Key_Right: 7,
        }
        key = Qt.Key(event.key())
        if key in steps:
            start = self._current or self._today
            self.set_current_day(start + timedelta(days=steps[key]))
            event.accept()
        elif key == Qt.Key.Key_Home:
            self.set_current_day(self.first_day)
            event.accept()
        elif key == Qt.Key.Key_End:
            self.set_current_day(self._today)
            event.accept()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self._current is not None:
                self.day_selected.emit(self._current)
            event.accept()
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        if self._current is None:
            self.set_current_day(self._today)
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def _update_description(self) -> None:
        days = sum(1 for d in self._totals if self.first_day <= d <= self._today)
        summary = f"Last {WEEKS} weeks: {days} day{'s' if days != 1 else ''} with completions."
        if self._current is not None:
            summary += " Selected: " + self.describe_day(self._current) + "."
        self.setAccessibleDescription(summary)


give_role(CalendarHeatmap, QAccessible.Role.Chart)
