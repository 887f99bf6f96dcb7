"""A long journal: the sidebar lists every month but loads only the newest months'
entries at first; older months load when opened, or when one of their entries is."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.paths import database_path
from app.services.journal import entries as journal
from app.store import open_database
from app.ui.common.model_bridge import ModelBridge
from app.ui.journal.sidebar import EAGER_ENTRIES, ENTRY_ROLE, FILLED_ROLE
from tests.ui.journal.conftest import OpenWindow

MONTHS = 12
PER_MONTH = 40


def test_older_months_load_when_opened(
    qtbot: QtBot, open_window: OpenWindow, tmp_path: Path, bridge: ModelBridge
) -> None:
    folder = tmp_path / "long-journal"
    db = open_database(database_path(folder))
    try:
        entries = [
            journal.NewEntry(date(2025, month, 1 + day), f"Day {day + 1} of month {month}.")
            for month in range(1, MONTHS + 1)
            for day in range(PER_MONTH // 2)
            for _twice in range(2)
        ]
        journal.add_entries(db, entries)
        january = journal.list_month(db, 2025, 1)
    finally:
        db.close()

    window = open_window(folder, bridge)
    sidebar = window.journal_sidebar
    months = sidebar._months()
    assert [m.text(0) for m in months[:2]] == ["December 2025", "November 2025"]
    assert len(months) == MONTHS
    filled = [m for m in months if m.data(0, FILLED_ROLE)]
    assert len(filled) * PER_MONTH >= EAGER_ENTRIES
    assert len(filled) < MONTHS
    assert len(sidebar.entry_ids()) == len(filled) * PER_MONTH
    newest = sidebar.entry_ids()[0]
    qtbot.waitUntil(lambda: window.entry_page.entry_id == newest, timeout=5000)

    # opening an entry of a month not loaded yet loads that month and selects it
    oldest = january[0]
    assert oldest.id not in sidebar.entry_ids()
    window.open_entry(oldest.id)
    qtbot.waitUntil(lambda: oldest.id in sidebar.entry_ids(), timeout=5000)
    qtbot.waitUntil(
        lambda: (
            sidebar.tree.currentItem() is not None
            and sidebar.tree.currentItem().data(0, ENTRY_ROLE) == oldest.id
        ),
        timeout=5000,
    )
    assert months[-1].isExpanded()

    # expanding a month loads its entries
    february = sidebar._months()[-2]
    assert not february.data(0, FILLED_ROLE)
    february.setExpanded(True)
    qtbot.waitUntil(lambda: february.childCount() == PER_MONTH, timeout=5000)

    # saving an entry reloads the months without losing what is loaded
    with qtbot.waitSignal(sidebar.entries_loaded, timeout=5000):
        window.entry_page.editor.setPlainText("Edited, in January.")
        window.entry_page.save_now()
    qtbot.waitUntil(lambda: "Edited" in " ".join(sidebar.entry_texts()), timeout=5000)
    assert sidebar._months()[-2].childCount() == PER_MONTH
