"""The sidebar shows and selects an entry wherever its month is: a new entry on the first
day of a month, a changed date, an import while the window is open; an emptied month goes.

The sample journal's entries are in November 2026; Inkling's clock is set by each test.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from app.clock import FixedClock
from app.paths import database_path
from app.services.journal import entries as journal
from app.store import open_database
from app.ui.common.model_bridge import ModelBridge
from app.ui.journal import sidebar as sidebar_module
from app.ui.journal.sidebar import ENTRY_ROLE, FILLED_ROLE, JournalSidebar
from app.ui.shell.main_window import MainWindow
from tests.ui.journal.conftest import OpenWindow, show_entry
from tests.ui.journal.helpers import query

pytestmark = pytest.mark.dates


def months(sidebar: JournalSidebar) -> dict[str, list[int]]:
    """Month label → its loaded entry ids, as the tree shows them."""
    return {
        month.text(0): [int(month.child(i).data(0, ENTRY_ROLE)) for i in range(month.childCount())]
        for month in sidebar._months()
    }


def selected(sidebar: JournalSidebar) -> int | None:
    item = sidebar.tree.currentItem()
    return (
        None if item is None or item.data(0, ENTRY_ROLE) is None else int(item.data(0, ENTRY_ROLE))
    )


def shown_and_selected(sidebar: JournalSidebar, entry_id: int, month: str) -> bool:
    """The entry is under ``month``, that month is open, and the entry is the current item."""
    item = next((m for m in sidebar._months() if m.text(0) == month), None)
    return (
        item is not None
        and item.isExpanded()
        and entry_id in months(sidebar)[month]
        and selected(sidebar) == entry_id
    )


def click_new_entry(qtbot: QtBot, window: MainWindow) -> int:
    with qtbot.waitSignal(window.entry_page.entry_loaded, timeout=5000) as loaded:
        qtbot.mouseClick(window.journal_sidebar.new_button, Qt.MouseButton.LeftButton)
    return int(loaded.args[0])


def set_date(qtbot: QtBot, window: MainWindow, day: date) -> None:
    page = window.entry_page
    page.date_edit.setDate(QDate(day.year, day.month, day.day))
    page.save_now()
    qtbot.waitUntil(lambda: not page.dirty and page.entry_day == day, timeout=5000)


PAGO_PAGO = ZoneInfo("Pacific/Pago_Pago")  # UTC-11
KIRITIMATI = ZoneInfo("Pacific/Kiritimati")  # UTC+14
LONDON = ZoneInfo("Europe/London")


@pytest.mark.parametrize(
    ("moment", "day", "month"),
    [
        # the first minute of December in Pago Pago: UTC is already at 11:00
        (datetime(2026, 12, 1, 0, 0, tzinfo=PAGO_PAGO), "2026-12-01", "December 2026"),
        # the first minute of a year in Kiritimati: UTC is still in 2026
        (datetime(2027, 1, 1, 0, 0, tzinfo=KIRITIMATI), "2027-01-01", "January 2027"),
        # the last minute of November in Kiritimati: UTC is at 09:59 the same day
        (datetime(2026, 11, 30, 23, 59, tzinfo=KIRITIMATI), "2026-11-30", "November 2026"),
        # the sample's own month, mid-afternoon in London
        (datetime(2026, 11, 18, 15, 0, tzinfo=LONDON), "2026-11-18", "November 2026"),
    ],
)
def test_a_new_entry_is_shown_and_selected_in_its_month(
    qtbot: QtBot, window: MainWindow, clock: FixedClock, moment: datetime, day: str, month: str
) -> None:
    clock.set(moment)
    sidebar = window.journal_sidebar
    before = set(sidebar.entry_ids())
    new_id = click_new_entry(qtbot, window)
    page = window.entry_page
    assert page.editor.toPlainText() == ""
    assert page.date_edit.date().toPython() == date.fromisoformat(day)
    assert page.editor.hasFocus()
    qtbot.waitUntil(lambda: shown_and_selected(sidebar, new_id, month), timeout=5000)
    assert set(sidebar.entry_ids()) == before | {new_id}  # nothing else lost or doubled
    assert "November 2026" in months(sidebar)
    assert list(months(sidebar)) == sorted(
        months(sidebar), key=lambda label: datetime.strptime(label, "%B %Y"), reverse=True
    )


def test_a_changed_date_moves_the_entry_and_an_emptied_month_goes(
    qtbot: QtBot, window: MainWindow, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 12, 1, 8, 0, tzinfo=LONDON))
    sidebar = window.journal_sidebar
    new_id = click_new_entry(qtbot, window)
    qtbot.waitUntil(lambda: shown_and_selected(sidebar, new_id, "December 2026"), timeout=5000)

    # into a month that does not exist yet: created, open, the entry selected
    set_date(qtbot, window, date(2027, 2, 28))
    qtbot.waitUntil(lambda: shown_and_selected(sidebar, new_id, "February 2027"), timeout=5000)
    assert "December 2026" not in months(sidebar)  # left empty: gone

    # back into the sample's month, among its entries
    set_date(qtbot, window, date(2026, 11, 4))
    qtbot.waitUntil(lambda: shown_and_selected(sidebar, new_id, "November 2026"), timeout=5000)
    assert list(months(sidebar)) == ["November 2026"]
    november = query(qtbot, window, lambda db: journal.list_month(db, 2026, 11))
    assert sorted(months(sidebar)["November 2026"]) == sorted(e.id for e in november)


def test_a_changed_date_opens_a_month_that_was_listed_but_not_loaded(
    qtbot: QtBot,
    open_window: OpenWindow,
    sample_dir: Path,
    bridge: ModelBridge,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sidebar_module, "EAGER_ENTRIES", 1)  # only the newest month loads
    db = open_database(database_path(sample_dir))
    try:
        old = journal.add_entry(db, date(2025, 6, 9), "An older entry.").value
    finally:
        db.close()
    window = open_window(sample_dir, bridge)
    show_entry(qtbot, window, 1)
    sidebar = window.journal_sidebar
    june = next(m for m in sidebar._months() if m.text(0) == "June 2025")
    assert not june.data(0, FILLED_ROLE)
    assert not june.isExpanded()

    set_date(qtbot, window, date(2025, 6, 20))
    qtbot.waitUntil(lambda: shown_and_selected(sidebar, 1, "June 2025"), timeout=5000)
    assert sorted(months(sidebar)["June 2025"]) == sorted([1, old.id])


def test_entries_imported_while_the_window_is_open_show_in_their_months(
    qtbot: QtBot, window: MainWindow
) -> None:
    sidebar = window.journal_sidebar
    added = query(
        qtbot,
        window,
        lambda db: journal.add_entries(
            db,
            [
                journal.NewEntry(date(2027, 3, 14), "Imported, on a spring-forward day."),
                journal.NewEntry(date(2028, 2, 29), "Imported, on a leap day."),
                journal.NewEntry(date(2024, 12, 31), "Imported, on the last day of a year."),
            ],
        ),
    )
    ids = added.changes.entries  # the operation broadcast them, as an import's does
    qtbot.waitUntil(lambda: ids <= set(sidebar.entry_ids()), timeout=5000)
    assert list(months(sidebar)) == [
        "February 2028",
        "March 2027",
        "November 2026",
        "December 2024",
    ]
    assert selected(sidebar) == 1  # the entry being read stays the current one
    assert window.entry_page.entry_id == 1
