"""The window on a damaged database, and storage failures in its dialogs: one sentence,
never the SQL or an entry's text."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy.exc import IntegrityError, OperationalError

from app.paths import database_path
from app.ui.common.messages import user_message
from app.ui.common.model_bridge import ModelBridge
from app.ui.shell.main_window import MainWindow
from tests.store.damaged import damage_entries, make_journal

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

SECRET = "PRIVATE diary text"


def driver_error(message: str, code: int) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
    return error


def test_a_full_disk_in_a_dialog_is_one_sentence_without_private_text() -> None:
    full = OperationalError(
        "INSERT INTO journal_entries (body) VALUES (?)",
        (SECRET,),
        driver_error("database or disk is full", sqlite3.SQLITE_FULL),
    )
    message = user_message(full)
    assert message == (
        "The disk is full, so nothing was saved to the database; free some space and try again."
    )
    constraint = IntegrityError("INSERT INTO habits (name) VALUES (?)", (SECRET,), Exception())
    assert "PRIVATE" not in user_message(constraint)
    assert "INSERT" not in user_message(constraint)


def test_a_damaged_database_opens_read_only_with_a_dialog_saying_how_to_rescue(
    qtbot: QtBot, bridge: ModelBridge, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    make_journal(database_path(folder), 300)
    damage_entries(database_path(folder))
    window = MainWindow(folder, bridge=bridge)
    qtbot.addWidget(window)

    def dialogs() -> list[str]:
        return [box.text() for box in window.findChildren(QMessageBox, "errorDialog")]

    try:
        window.start()  # (the months on the damaged page cannot be listed: not "ready")
        qtbot.waitUntil(lambda: any("read-only" in text for text in dialogs()), timeout=10_000)
        assert window.db is not None
        assert window.db.damage is not None
        (text,) = [text for text in dialogs() if "read-only" in text]
        assert "is damaged, so Inkling opened it read-only" in text
        assert "File ▸ Rescue a Damaged Database…" in text
        label = window.findChild(QLabel, "damagedDatabase")
        assert label is not None
        assert label.text() == "Read-only: the database is damaged"
        assert all("PRIVATE" not in text for text in dialogs())
    finally:
        window.shutdown()
