"""The File menu: imports with progress and Cancel, an error dialog for a bad file,
exports, backup and a restore that swaps the database under the open window."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from app.services.journal import entries as journal
from app.store import Database, EntrySource
from app.store.db import inspect_database
from app.ui.shell.main_window import MainWindow

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "journals"

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def database(window: MainWindow) -> Database:
    assert window.db is not None
    return window.db


def menu_texts(window: MainWindow) -> list[str]:
    file_menu = window.menuBar().actions()[0].menu()
    texts = []
    for action in file_menu.actions():
        texts.append(action.text())
        if action.menu() is not None:
            texts += ["  " + sub.text() for sub in action.menu().actions()]
    return texts


def test_the_file_menu_lists_imports_exports_backup_and_restore(window: MainWindow) -> None:
    texts = menu_texts(window)
    for text in (
        "&Import",
        "  &Day One…",
        "  &Markdown folder…",
        "  &Logseq folder…",
        "  &Text files…",
        "E&xport",
        "  &Markdown…",
        "  &Loop Habit Tracker CSV…",
        "&Back Up…",
        "&Restore…",
    ):
        assert text in texts


def test_import_day_one_shows_progress_and_the_new_entries(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = len(window.journal_sidebar.entry_ids())
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *a, **k: (str(FIXTURES / "dayone" / "Journal.json"), "")),
    )
    seen: list[tuple[int, int]] = []
    window.file_io.progressed.connect(lambda d, t: seen.append((d, t)))
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000) as finished:
        window.file_io.import_actions["dayone"].trigger()
        assert window.file_io.busy
        assert window.file_io.progress_dialog is not None
    assert finished.args == ["Imported 2 entries."]
    assert seen == [(1, 2), (2, 2)]
    assert not window.file_io.busy
    qtbot.waitUntil(lambda: len(window.journal_sidebar.entry_ids()) == before + 2)
    assert "Imported 2 entries." in window.statusBar().currentMessage()


def test_a_bad_file_ends_in_an_error_dialog_and_imports_nothing(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-11-02.md").write_bytes(b"\xff\xfe broken")  # nothing valid
    (vault / "Ideas.md").write_text("undated", encoding="utf-8")
    before = len(journal.list_entries(database(window)))
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(vault))
    )
    window.file_io.import_actions["markdown"].trigger()
    qtbot.waitUntil(
        lambda: window.findChild(QMessageBox, "errorDialog") is not None, timeout=10_000
    )
    box = window.findChild(QMessageBox, "errorDialog")
    assert box.text() == f"{vault / '2026-11-02.md'} is not UTF-8 text."
    box.close()
    assert not window.file_io.busy
    assert len(journal.list_entries(database(window))) == before


def test_an_imported_entry_shows_where_it_was_written_and_its_photo(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileName",
        staticmethod(lambda *a, **k: (str(FIXTURES / "dayone"), "")),
    )
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000):
        window.file_io.import_actions["dayone"].trigger()
    page = window.entry_page
    assert page.context_label.isHidden()  # the sample entry came with no place
    with database(window).session(readonly=True) as session:
        berlin = session.scalars(
            select(EntrySource.entry_id).where(
                EntrySource.source_id == "5A1B2C3D4E5F40718293A4B5C6D7E8F9"
            )
        ).one()
    window.open_entry(berlin)
    qtbot.waitUntil(lambda: page.entry_id == berlin, timeout=5000)
    assert page.context_label.text() == "Berlin, Germany"
    assert not page.context_label.isHidden()
    # the link names the photo the entry shows
    assert page.editor.toPlainText().endswith("![](af46d2c8855d78fe176d08ba114484e0.png)")
    qtbot.waitUntil(lambda: len(page.extras.thumbnails) == 1, timeout=5000)
    (photo,) = page.extras.thumbnails.values()
    assert photo.accessibleName() == "Photo af46d2c8855d78fe176d08ba114484e0.png"


def test_an_import_that_skipped_files_shows_what_and_why(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "2026-11-01.md").write_text("fine", encoding="utf-8")
    (vault / "2026-11-02.md").write_bytes(b"\xff\xfe broken")
    (vault / "Ideas.md").write_text("undated", encoding="utf-8")
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(vault))
    )
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000) as finished:
        window.file_io.import_actions["markdown"].trigger()
    assert finished.args == ["Imported 1 entry; 2 skipped."]
    box = window.file_io.import_report
    assert box is not None
    assert box.objectName() == "importReport"
    assert box.isVisible()
    assert box.text() == "Imported 1 entry; 2 skipped."
    assert box.informativeText().split("\n") == [
        "1 × It is not UTF-8 text. (2026-11-02.md)",
        "1 × It has no date: neither its name nor its front matter gives one. (Ideas.md)",
    ]
    assert box.detailedText().split("\n") == [
        "2026-11-02.md: It is not UTF-8 text.",
        "Ideas.md: It has no date: neither its name nor its front matter gives one.",
    ]
    assert window.findChild(QMessageBox, "errorDialog") is None
    box.close()
    qtbot.waitUntil(lambda: window.file_io.import_report is None)


def test_cancel_stops_an_import_and_leaves_nothing(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(400):
        day = date.fromordinal(date(2020, 1, 1).toordinal() + i)
        (folder / f"{day.isoformat()}.md").write_text(f"Entry {i}", encoding="utf-8")
    before = len(journal.list_entries(database(window)))
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder))
    )
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000) as finished:
        window.file_io.import_actions["markdown"].trigger()
        dialog = window.file_io.progress_dialog
        assert dialog is not None
        dialog.canceled.emit()  # what its Cancel button (or Esc) does
    assert finished.args == ["The import was cancelled; nothing was imported."]
    assert window.findChild(QMessageBox, "errorDialog") is None
    assert len(journal.list_entries(database(window))) == before


def test_export_backup_and_restore_from_the_menu(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = database(window)
    originals = [(e.id, e.body) for e in journal.list_entries(db)]
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(tmp_path / "md"))
    )
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000) as finished:
        window.file_io.export_actions["markdown"].trigger()
    assert finished.args == [f"Exported {len(originals)} item(s) to {tmp_path / 'md'}."]
    assert len(list((tmp_path / "md").glob("*.md"))) == len(originals)

    saved = tmp_path / "saved.sqlite3"
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(saved), ""))
    )
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000):
        window.file_io.backup_action.trigger()
    assert inspect_database(saved) is not None

    # change things after the backup: a new entry and an edit of the entry on screen
    added = journal.add_entry(db, date(2026, 11, 20), "written after the backup").value.id
    shown = window.entry_page.entry_id
    assert shown is not None
    journal.update_entry(db, shown, body="edited after the backup")
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(saved), ""))
    )
    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
    )
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000) as finished:
        window.file_io.restore_action.trigger()
    assert finished.args[0].startswith(f"Restored saved.sqlite3: {len(originals)} entries")
    assert [(e.id, e.body) for e in journal.list_entries(db)] == originals
    qtbot.waitUntil(lambda: added not in window.journal_sidebar.entry_ids())
    qtbot.waitUntil(lambda: window.entry_page.entry_id == shown)
    assert window.entry_page.editor.toPlainText() == dict(originals)[shown]
    # the window keeps working on the restored database
    with qtbot.waitSignal(window.file_io.finished, timeout=10_000):
        window.file_io.backup_to(tmp_path / "again.sqlite3")
    assert inspect_database(tmp_path / "again.sqlite3") is not None
