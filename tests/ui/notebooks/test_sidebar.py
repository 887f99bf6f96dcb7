"""The notebooks list: import of a folder of scans in the background, with thumbnails, and
a clear sentence when a file is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from app.services.notebooks import pages as notebooks
from app.store import Database
from app.ui.common.messages import Tone
from app.ui.common.tasks import Tasks
from app.ui.notebooks.sidebar import NotebookList
from tests.notebook_files import tiny_png

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def open_list(qtbot: QtBot, db: Database, ops: Tasks) -> NotebookList:
    view = NotebookList(db, ops)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: not view.is_busy)
    return view


def test_importing_a_folder_shows_progress_then_the_notebook_with_a_thumbnail(
    qtbot: QtBot,
    db: Database,
    ops: Tasks,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "Harbour scans"
    folder.mkdir()
    (folder / "page-01.png").write_bytes(tiny_png(40))
    (folder / "page-02.png").write_bytes(tiny_png(200))
    view = open_list(qtbot, db, ops)
    assert view.list.count() == 0
    assert "No notebooks yet" in view.message.text()
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder))
    )
    with qtbot.waitSignal(view.imported, timeout=10_000) as imported:
        view.import_folder_action.trigger()
        assert view.progress.isVisible()
        assert not view.import_button.isEnabled()
    qtbot.waitUntil(lambda: view.list.count() == 1 and not view.is_busy)
    assert not view.progress.isVisible()
    assert view.import_button.isEnabled()
    item = view.list.item(0)
    assert item.text() == "Harbour scans\n2 pages"
    assert not item.icon().isNull()
    assert "Imported Harbour scans (2 pages)" in view.message.text()
    book = notebooks.list_notebooks(db)[0]
    assert imported.args == [book.id]
    with qtbot.waitSignal(view.notebook_requested) as requested:
        view.list.itemActivated.emit(item)
    assert requested.args == [book.id]

    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
    )
    view.delete_notebook(book.id)
    qtbot.waitUntil(lambda: view.list.count() == 0 and not view.is_busy)
    assert notebooks.list_notebooks(db) == []
    assert "Deleted Harbour scans" in view.message.text()


def test_a_refused_file_says_why(qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path) -> None:
    bad = tmp_path / "notes.pdf"
    bad.write_bytes(b"not a pdf at all")
    view = open_list(qtbot, db, ops)
    view.import_path(bad)
    qtbot.waitUntil(lambda: not view.is_busy and view.message.tone is Tone.ERROR)
    assert "notes.pdf" in view.message.text()
    assert view.list.count() == 0
