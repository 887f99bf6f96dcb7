from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.services.errors import RefusedError
from app.services.journal import entries as journal
from app.ui.shell.main_window import MainWindow


def test_opens_on_sample_data_with_highlights(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    assert window.journal_sidebar.entry_ids() == [4, 3, 2, 1]
    assert page.title_edit.text() == "A slow Monday"
    selections = page.editor.extraSelections()
    texts = sorted(sel.cursor.selectedText() for sel in selections)
    assert texts == ["Drank 64 oz of water", "meditated for fifteen minutes"]


@pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")
def test_a_failed_task_ends_in_the_error_dialog_and_views_follow_the_broadcast(
    qtbot: QtBot, window: MainWindow
) -> None:
    def refuse() -> None:
        raise RefusedError("That cannot be done now.")

    window.tasks.run(refuse)  # no on_error: the window's failure signal shows it
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "errorDialog") is not None)
    box = window.findChild(QMessageBox, "errorDialog")
    assert box.text() == "That cannot be done now."
    box.close()

    # the sidebar re-reads from the broadcast Changes (nothing refreshes it by hand)
    db = window.db
    assert db is not None
    window.tasks.run(lambda: journal.add_entry(db, date(2026, 11, 9), "Broadcast"))
    qtbot.waitUntil(lambda: len(window.journal_sidebar.entry_ids()) == 5)
