from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.services.errors import RefusedError
from app.services.journal import entries as journal
from app.ui.common.tasks import WAITING_LABEL
from app.ui.shell.main_window import MainWindow
from tests.lock_holder import write_lock_held


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


def inkling(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", *argv, "--data-dir", str(data), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_window_and_a_command_work_on_one_data_folder_at_once(
    qtbot: QtBot, window: MainWindow, sample_dir: Path
) -> None:
    added = inkling(sample_dir, "entry", "add", "--date", "2026-11-10", "--text", "From a shell.")
    assert added.returncode == 0, added.stderr
    db = window.db
    assert db is not None
    with write_lock_held(db.path, seconds=1.5):  # another Inkling writes a while: the window waits
        window.tasks.run(lambda: journal.add_entry(db, date(2026, 11, 11), "From the window."))
        qtbot.waitUntil(lambda: window.statusBar().currentMessage() == WAITING_LABEL)
    qtbot.waitUntil(lambda: len(window.journal_sidebar.entry_ids()) == 6, timeout=10_000)
    days = {entry.day for entry in journal.list_entries(db)}
    assert {date(2026, 11, 10), date(2026, 11, 11)} <= days
