"""Go to a day (Ctrl+Shift+C): a calendar whose days with entries are bold; choosing a
day opens its entry (or the nearest one).  The days are read off the GUI thread."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, Signal
from PySide6.QtGui import QFont, QTextCharFormat
from PySide6.QtWidgets import QCalendarWidget, QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from app.services.journal import entries as journal
from app.store import Database
from app.ui.common.tasks import Tasks


class CalendarJump(QDialog):
    entry_chosen = Signal(int)
    nothing_found = Signal()

    def __init__(
        self, db: Database, tasks: Tasks, today: date, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Go to Day")
        self.setObjectName("calendarJump")
        self._db = db
        self._tasks = tasks
        self.bold_days: set[date] = set()
        self.calendar = QCalendarWidget(self)
        self.calendar.setAccessibleName("Calendar: days with entries are bold")
        self.calendar.setGridVisible(False)
        self.calendar.setSelectedDate(QDate(today.year, today.month, today.day))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.calendar)
        layout.addWidget(buttons)
        buttons.accepted.connect(self.choose)
        buttons.rejected.connect(self.reject)
        self.calendar.activated.connect(lambda _d: self.choose())
        self.calendar.currentPageChanged.connect(self._load_month)
        self._load_month(today.year, today.month)

    def _load_month(self, year: int, month: int) -> None:
        db = self._db

        def shown(days: list[date]) -> None:
            if (self.calendar.yearShown(), self.calendar.monthShown()) != (year, month):
                return
            for day in self.bold_days:
                plain = QTextCharFormat()
                self.calendar.setDateTextFormat(QDate(day.year, day.month, day.day), plain)
            bold = QTextCharFormat()
            bold.setFontWeight(QFont.Weight.Bold)
            for day in days:
                self.calendar.setDateTextFormat(QDate(day.year, day.month, day.day), bold)
            self.bold_days = set(days)

        self._tasks.run(lambda: journal.days_with_entries(db, year, month), on_done=shown)

    def choose(self) -> None:
        """Open the chosen day's entry, or the nearest one."""
        db = self._db
        day = self.calendar.selectedDate().toPython()
        assert isinstance(day, date)

        def found(entry_id: int | None) -> None:
            if entry_id is None:
                self.nothing_found.emit()
            else:
                self.entry_chosen.emit(entry_id)
            self.accept()

        self._tasks.run(lambda: journal.entry_near(db, day), on_done=found)
