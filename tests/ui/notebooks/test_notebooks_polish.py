"""The Notebooks section's rough edges (issue 19): a sample to try, a cancellable import,
findings counted per detector with Run all, and no silently dropped detector edits."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.services.notebooks import detectors
from app.services.notebooks import pages as notebooks
from app.services.notebooks.samples import SAMPLE_TITLE
from app.store import Database
from app.ui.common.tasks import Tasks
from app.ui.notebooks import sidebar as sidebar_module
from app.ui.notebooks.detector_editor import DetectorEditor
from app.ui.notebooks.runner import DetectorRunner
from app.ui.notebooks.sidebar import IMPORT_CANCELLED, NotebookList
from tests.ui.notebooks.conftest import SAMPLE, ScriptedModel, window_reply
from tests.ui.notebooks.test_overview import open_overview

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

Button = QMessageBox.StandardButton


def open_list(qtbot: QtBot, db: Database, ops: Tasks) -> NotebookList:
    view = NotebookList(db, ops)
    ops.changed.connect(view.refresh)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: not view.is_busy)
    return view


def test_an_empty_list_offers_the_sample_notebook_once(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    view = open_list(qtbot, db, ops)
    assert view.sample_button.isVisible()
    with qtbot.waitSignal(view.imported, timeout=10_000) as imported:
        view.sample_button.click()
    books = notebooks.list_notebooks(db)
    assert [(b.id, b.title, b.pages) for b in books] == [(imported.args[0], SAMPLE_TITLE, 6)]
    qtbot.waitUntil(lambda: not view.is_busy and view.notebook_ids() == [books[0].id])
    assert not view.sample_button.isVisible()
    with qtbot.waitSignal(view.imported, timeout=10_000) as again:
        view.load_sample()  # from the welcome screen: opens it, adds no copy
    assert again.args[0] == books[0].id
    assert len(notebooks.list_notebooks(db)) == 1


def test_an_import_can_be_cancelled_and_leaves_nothing(
    qtbot: QtBot, db: Database, ops: Tasks, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = threading.Event(), threading.Event()
    real = notebooks.read_notebook_files

    def slow_read(*args: Any, **kwargs: Any) -> notebooks.NotebookRead:
        started.set()
        assert release.wait(10)
        return real(*args, **kwargs)  # its cancel token was cancelled meanwhile

    monkeypatch.setattr(sidebar_module.notebooks, "read_notebook_files", slow_read)
    view = open_list(qtbot, db, ops)
    view.import_path(SAMPLE)
    assert view.cancel_button.isVisible()
    assert started.wait(10)
    view.cancel_button.click()
    release.set()
    qtbot.waitUntil(lambda: not view.is_busy, timeout=10_000)
    assert view.message.text() == IMPORT_CANCELLED
    assert not view.cancel_button.isVisible()
    assert notebooks.list_notebooks(db) == []
    pages_folder = Path(db.path).parent / "pages"
    assert not pages_folder.exists() or not any(pages_folder.iterdir())


def test_the_overview_counts_findings_and_runs_all(
    qtbot: QtBot,
    db: Database,
    ops: Tasks,
    notebook: int,
    make_runner: Callable[[ScriptedModel], DetectorRunner],
) -> None:
    runner = make_runner(ScriptedModel(lambda _prompt: window_reply(False)))
    view = open_overview(qtbot, db, ops, notebook, runner)
    assert view.rows["swear_words"].findings.text() == "—"  # never run
    wanted = [d for d, row in view.rows.items() if row.freshness.text() == "Not run yet"]
    assert "swear_words" in wanted
    assert "first_person" in wanted
    finished: list[str] = []
    view.run_finished.connect(lambda run: finished.append(run.detector_id))
    view.run_all_button.click()
    assert not view.run_all_button.isEnabled()
    qtbot.waitUntil(lambda: set(finished) == set(wanted) and not view.is_busy, timeout=60_000)
    assert len(finished) == len(wanted)  # one after another, each once
    swears = view.rows["swear_words"].findings.text()
    assert swears.endswith("to review")
    assert swears[0].isdigit()
    assert int(swears.split()[0]) > 0
    assert view.run_all_button.isEnabled()
    qtbot.waitUntil(lambda: not view.is_busy)
    view.run_all()  # nothing left to do: it says so
    assert view.running is None
    assert "up to date" in view.message.text()


def open_editor(qtbot: QtBot, db: Database, ops: Tasks) -> DetectorEditor:
    editor = DetectorEditor(db, ops)
    qtbot.addWidget(editor)
    editor.resize(1200, 800)
    editor.show()
    qtbot.waitUntil(lambda: not editor.is_busy and editor.list.count() > 1)
    return editor


@pytest.mark.parametrize("answer", [Button.Cancel, Button.Discard, Button.Save])
def test_unsaved_detector_edits_are_not_dropped_silently(
    qtbot: QtBot, db: Database, ops: Tasks, answer: QMessageBox.StandardButton
) -> None:
    detectors.add_custom_detector(db, name="Dreams", instruction="A dream.", custom_id="dreams")
    editor = open_editor(qtbot, db, ops)
    editor.select_detector("custom/dreams")
    assert editor.name.text() == "Dreams"
    assert not editor.has_unsaved_changes
    editor.instruction.setPlainText("A page that recounts a dream, or a nightmare.")
    assert editor.has_unsaved_changes
    asked: list[str] = []

    def ask(answered: Callable[[QMessageBox.StandardButton], None]) -> None:
        asked.append(editor.name.text())
        answered(answer)

    editor.ask_unsaved = ask  # type: ignore[method-assign]
    editor.select_detector("poetry")  # another detector is picked
    assert asked == ["Dreams"]
    if answer == Button.Cancel:
        assert editor.list.currentItem().text() == "Dreams"
        assert "nightmare" in editor.instruction.toPlainText()
        return
    if answer == Button.Save:
        qtbot.waitUntil(lambda: "nightmare" in saved_instruction(db), timeout=10_000)
    qtbot.waitUntil(lambda: "(built-in)" in editor.list.currentItem().text(), timeout=10_000)
    assert "nightmare" not in editor.instruction.toPlainText()
    assert not editor.has_unsaved_changes
    assert ("nightmare" in saved_instruction(db)) is (answer == Button.Save)


def saved_instruction(db: Database) -> str:
    return str(detectors.get_definition(db, "custom/dreams").extra_config.get("instruction"))


def test_the_question_is_a_real_dialog_and_cancel_keeps_the_edits(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    editor = open_editor(qtbot, db, ops)
    editor.name.setText("Harbour visits")  # a new detector, typed but not saved
    editor.select_detector("poetry")
    box = editor.findChild(QMessageBox, "unsavedDetectorQuestion")
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    assert "Harbour visits" in box.text()
    box.button(Button.Cancel).click()
    qtbot.waitUntil(lambda: editor.findChild(QMessageBox, "unsavedDetectorQuestion") is None)
    assert editor.name.text() == "Harbour visits"
    assert editor.list.currentRow() == 0  # still the new-detector form
