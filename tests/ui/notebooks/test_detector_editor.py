"""The detector editor: inline validation, the live preview, a trial on one page with a
scripted model, and save (the detector appears in the list and runs from the overview)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.domain import Prompt
from app.services.notebooks import detectors
from app.services.notebooks import runs as notebook_runs
from app.store import Database
from app.ui.common.messages import Tone
from app.ui.common.tasks import Tasks
from app.ui.notebooks.detector_editor import DetectorEditor, TrialResult
from app.ui.notebooks.overview import NotebookOverview
from app.ui.notebooks.runner import DetectorRunner
from tests.ui.notebooks.conftest import ScriptedModel, window_reply

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

Maker = Callable[[ScriptedModel], DetectorRunner]


def open_editor(
    qtbot: QtBot,
    db: Database,
    ops: Tasks,
    notebook: int | None = None,
    runner: DetectorRunner | None = None,
) -> DetectorEditor:
    editor = DetectorEditor(db, ops, runner=runner)
    qtbot.addWidget(editor)
    editor.resize(1200, 800)
    editor.show()
    if notebook is not None:
        editor.set_notebook(notebook)
    qtbot.waitUntil(lambda: not editor.is_busy and editor.list.count() > 0)
    return editor


def test_validation_messages_come_before_save(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    detectors.add_custom_detector(db, name="Dreams", instruction="A dream.", custom_id="dreams")
    editor = open_editor(qtbot, db, ops)
    editor.name.setText("Dreams")
    assert editor.validation.tone is Tone.ERROR
    assert "Write an instruction" in editor.validation.text()
    assert not editor.save_button.isEnabled()

    editor.instruction.setPlainText("x" * 4001)
    assert "4001 characters" in editor.validation.text()
    assert "4000" in editor.validation.text()

    editor.instruction.setPlainText("A page that recounts a dream.")
    editor.custom_id.setText("dreams")
    assert "custom/dreams is already taken" in editor.validation.text()
    assert not editor.save_button.isEnabled()

    editor.custom_id.setText("night-dreams")
    assert editor.validation.isHidden()
    assert editor.save_button.isEnabled()


def test_the_preview_shows_the_compiled_definition_prompt_and_schema(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    editor = open_editor(qtbot, db, ops, notebook)
    editor.name.setText("Harbour visits")
    editor.instruction.setPlainText("A visit to the harbour or the sea.")
    editor.threshold.setValue(55)
    assert editor.threshold_label.text() == "0.55"
    definition = editor.definition_view.toPlainText()
    assert "id: custom/harbour-visits-" in definition
    assert "finding type: custom:harbour-visits-" in definition
    assert "window: 3 page(s), overlap 1" in definition
    assert "confidence threshold: 0.55" in definition
    assert "windows over this notebook:" in definition
    prompt = editor.prompt_view.toPlainText()
    assert "A visit to the harbour or the sea." in prompt
    assert "PAGE 1" in prompt
    assert "harbour before anyone else was up" in prompt  # the notebook's first window
    schema = json.loads(editor.schema_view.toPlainText())
    assert schema["properties"]["evidence"]["items"]["properties"]["page"]["enum"] == [1, 2, 3]

    editor.scope.setCurrentIndex(0)  # each page on its own: one-page windows
    assert "window: 1 page(s), overlap 0" in editor.definition_view.toPlainText()
    assert not editor.adjacent.isEnabled()
    schema = json.loads(editor.schema_view.toPlainText())
    assert schema["properties"]["evidence"]["items"]["properties"]["page"]["enum"] == [1]
    editor.window_choice.setCurrentIndex(1)
    assert "Low Tide" in editor.prompt_view.toPlainText()

    # built-ins are read-only, with their settings shown (the new one's edits discarded)
    editor.ask_unsaved = lambda answered: answered(QMessageBox.StandardButton.Discard)  # type: ignore[method-assign]
    editor.select_detector("swear_words")
    assert not editor.instruction.isEnabled()
    assert editor.save_button.isHidden()
    assert "engine: lexical_count" in editor.definition_view.toPlainText()
    assert "No prompt" in editor.prompt_view.toPlainText()
    editor.auto_tag.setChecked(True)
    qtbot.waitUntil(lambda: notebook_runs.get_auto_tag(db, "swear_words"))


def test_try_on_this_page_shows_the_result_with_evidence(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, make_runner: Maker
) -> None:
    gate = threading.Event()

    def reply(prompt: Prompt) -> str:
        assert gate.wait(10)
        return window_reply(
            True,
            confidence=0.82,
            reason="It is a poem about the tide.",
            evidence=[(1, "The water leaves its letters"), (1, "not in the page")],
        )

    model = ScriptedModel(reply)
    editor = open_editor(qtbot, db, ops, notebook, make_runner(model))
    editor.name.setText("Sea poems")
    editor.instruction.setPlainText("A poem about the sea.")
    editor.scope.setCurrentIndex(0)
    editor.window_choice.setCurrentIndex(1)
    with qtbot.waitSignal(editor.trial_finished, timeout=10_000) as tried:
        editor.try_button.click()
        assert editor.is_busy
        assert not editor.try_button.isEnabled()
        gate.set()
    result = tried.args[0]
    assert isinstance(result, TrialResult)
    assert result.reply is not None
    assert result.reply.detected
    assert [a.anchor_text for a in result.anchors] == ["The water leaves its letters"]
    assert len(model.prompts) == 1
    assert "Low Tide" in model.prompts[0].user
    assert threading.get_ident() not in model.threads
    shown = editor.result.toHtml()
    assert "Detected" in shown
    assert "0.82" in shown
    assert "It is a poem about the tide." in shown
    assert "background-color:#ffe066" in shown
    assert editor.try_button.isEnabled()


def test_save_lists_the_detector_and_it_runs_from_the_overview(
    qtbot: QtBot,
    db: Database,
    ops: Tasks,
    notebook: int,
    make_runner: Maker,
    tmp_path: Path,
) -> None:
    def reply(prompt: Prompt) -> str:
        return window_reply("bloody" in prompt.user, evidence=[(1, "fix the bloody gate hinge")])

    runner = make_runner(ScriptedModel(reply))
    editor = open_editor(qtbot, db, ops, notebook, runner)
    overview = NotebookOverview(db, ops, runner)
    qtbot.addWidget(overview)
    ops.changed.connect(overview.refresh)
    with qtbot.waitSignal(overview.loaded, timeout=10_000):
        overview.show_notebook(notebook)

    editor.name.setText("Chores")
    editor.custom_id.setText("chores")
    editor.instruction.setPlainText("Household chores and repairs.")
    editor.scope.setCurrentIndex(0)
    editor.auto_tag.setChecked(True)
    with qtbot.waitSignal(editor.saved, timeout=10_000) as saved:
        editor.save_button.click()
    assert saved.args == ["custom/chores"]
    qtbot.waitUntil(lambda: "custom/chores" in editor.detector_ids() and not editor.is_busy)
    assert "Saved Chores" in editor.message.text()
    assert notebook_runs.get_auto_tag(db, "custom/chores")
    assert editor.custom_id.isReadOnly()

    qtbot.waitUntil(lambda: "custom/chores" in overview.rows and not overview.is_busy)
    assert overview.rows["custom/chores"].auto_tag.isChecked()
    with qtbot.waitSignal(overview.run_finished, timeout=10_000) as finished:
        overview.rows["custom/chores"].run.click()
    run = finished.args[0]
    assert run.outcome == "success"
    assert len(run.findings) == 1

    # export, delete, import again
    exported = tmp_path / "chores.json"
    editor.export_to("custom/chores", exported)
    qtbot.waitUntil(lambda: exported.exists() and "Exported" in editor.message.text())
    assert json.loads(exported.read_text())["definition"]["detector_id"] == "custom/chores"
    detectors.delete_detector(db, "custom/chores")
    editor.reload()
    qtbot.waitUntil(lambda: "custom/chores" not in editor.detector_ids())
    with qtbot.waitSignal(editor.saved, timeout=10_000):
        editor.import_from(exported)
    qtbot.waitUntil(lambda: "custom/chores" in editor.detector_ids())
