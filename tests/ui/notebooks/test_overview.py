"""The notebook overview: the counters' chart opens pages; runs go in the background with
progress and can be cancelled without touching the published result."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.domain import Prompt
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.store import Database
from app.ui.common.tasks import Tasks
from app.ui.notebooks.overview import NotebookOverview
from app.ui.notebooks.runner import DetectorRunner
from tests.ui.notebooks.conftest import ScriptedModel, window_reply

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

Maker = Callable[[ScriptedModel], DetectorRunner]


def open_overview(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, runner: DetectorRunner | None
) -> NotebookOverview:
    view = NotebookOverview(db, ops, runner)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=10_000):
        view.show_notebook(notebook)
    return view


def test_a_bar_click_opens_its_page(qtbot: QtBot, db: Database, ops: Tasks, notebook: int) -> None:
    view = open_overview(qtbot, db, ops, notebook, None)
    assert view.rows["first_person"].freshness.text() == "Not run yet"
    with qtbot.waitSignal(view.run_finished, timeout=10_000) as done:
        view.rows["first_person"].run.click()
    assert done.args[0].outcome == "success"
    qtbot.waitUntil(lambda: view.chart.series is not None and not view.is_busy)
    assert view.rows["first_person"].freshness.text() == "Up to date"
    pages = notebooks.list_pages(db, notebook)
    assert view.chart.page_ids[0] == pages[0].id
    bar_set = view.chart.series.barSets()[0]  # type: ignore[union-attr]
    run = notebook_runs.published_run(db, notebook, "first_person")
    assert run is not None
    assert run.page_counts is not None
    assert [bar_set.at(i) for i in range(bar_set.count())] == [p["count"] for p in run.page_counts]
    assert bar_set.at(0) > 0
    with qtbot.waitSignal(view.page_requested) as opened:
        view.chart.click_bar(1)
    assert opened.args == [notebook, view.chart.page_ids[1]]

    # the keyboard does the same: Right twice, then Enter opens the second page
    view.chart.setFocus()
    qtbot.keyClick(view.chart, Qt.Key.Key_Right)
    qtbot.keyClick(view.chart, Qt.Key.Key_Right)
    with qtbot.waitSignal(view.page_requested) as opened:
        qtbot.keyClick(view.chart, Qt.Key.Key_Return)
    assert opened.args == [notebook, view.chart.page_ids[1]]


@pytest.mark.usefixtures("model_only")
def test_a_prompt_run_shows_progress_and_cancels_without_publishing(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, make_runner: Maker
) -> None:
    gate = threading.Event()
    calls: list[int] = []

    def reply(prompt: Prompt) -> str:
        calls.append(1)
        if len(calls) > 1:
            assert gate.wait(10)
        return window_reply("Low Tide" in prompt.user, evidence=[(1, "Low Tide")])

    runner = make_runner(ScriptedModel(reply))
    view = open_overview(qtbot, db, ops, notebook, runner)
    assert view.rows["poetry"].freshness.text() == "Not run yet"

    view.rows["poetry"].run.click()
    assert view.running == "poetry"
    assert not view.rows["lists"].run.isEnabled()
    qtbot.waitUntil(lambda: view.progress.maximum() > 0 and view.progress.value() >= 1)
    assert view.progress.isVisible()
    assert view.cancel_button.isVisible()
    # one window read: the time left, from this run's speed
    assert view.progress_label.text() == "Running Poems… Under a minute left."
    total = view.progress.maximum()
    qtbot.waitUntil(lambda: len(calls) == 2)  # the second window is being read
    with qtbot.waitSignal(view.run_finished, timeout=10_000) as finished:
        view.cancel_button.click()
        gate.set()
    assert finished.args[0].attempt_state == "cancelled"
    assert notebook_runs.published_run(db, notebook, "poetry") is None
    qtbot.waitUntil(lambda: not view.is_busy)
    assert not view.progress.isVisible()
    assert "cancelled" in view.message.text()
    assert view.rows["poetry"].freshness.text() == "Not run yet"
    assert view.rows["poetry"].outcome.text().startswith("cancelled")

    # a run afterwards resumes: the two windows read before Cancel are not read again
    calls.clear()
    seen: list[int] = []
    labels: list[str] = []
    view.progress.valueChanged.connect(seen.append)
    view.progress.valueChanged.connect(lambda _: labels.append(view.progress_label.text()))
    with qtbot.waitSignal(view.run_finished, timeout=10_000) as finished:
        view.rows["poetry"].run.click()
    assert finished.args[0].outcome == "success"
    assert (finished.args[0].windows_reused, len(calls)) == (2, 1)
    assert total in seen
    # no estimate while only kept windows went by; then one from the window read
    assert "Running Poems… Resuming: 2 of 3 windows already read." in labels
    assert labels[-1] == (
        "Running Poems… Under a minute left; resuming: 2 of 3 windows already read."
    )
    assert "(2 of 3 windows read by the run that stopped)" in view.message.text()
    qtbot.waitUntil(lambda: view.rows["poetry"].freshness.text() == "Up to date")
    assert notebook_runs.published_run(db, notebook, "poetry") is not None


def test_auto_tag_toggle_is_remembered(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    view = open_overview(qtbot, db, ops, notebook, None)
    view.rows["swear_words"].auto_tag.setChecked(True)
    qtbot.waitUntil(lambda: notebook_runs.get_auto_tag(db, "swear_words"))
    assert "language model" in view.rows["poetry"].freshness.text()


def test_windows_read_from_structure_show_as_skipped_with_their_reasons(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, make_runner: Maker
) -> None:
    model = ScriptedModel(lambda prompt: window_reply(False))
    view = open_overview(qtbot, db, ops, notebook, make_runner(model))
    with qtbot.waitSignal(view.run_finished, timeout=10_000) as finished:
        view.rows["todo_lists"].run.click()
    run = finished.args[0]
    assert model.prompts == []  # the checklist was read from its lines; nothing else could be
    [todo] = run.findings
    assert todo.detector_data["list_style"] == "checkbox"
    qtbot.waitUntil(lambda: not view.is_busy)
    row = view.rows["todo_lists"]
    assert f"skip by structure ×{run.windows_total}" in row.outcome.text()
    assert "was not sent to the model" in row.outcome.toolTip()
