"""The Notebooks section of the main window: list and tag browser in the sidebar, the
overview, the page view and the detector editor in the content area."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.services.changes import OpResult
from app.services.notebooks import pages as notebooks
from app.services.notebooks.pages import NotebookInfo
from app.services.settings import Settings, save_settings
from app.ui.common.model_bridge import ModelBridge
from app.ui.shell.main_window import NOTEBOOKS, MainWindow
from tests.ui.notebooks.conftest import SAMPLE, ScriptedModel, window_reply

OpenWindow = Callable[[Path, ModelBridge], MainWindow]


@pytest.fixture
def bridge() -> Iterator[ModelBridge]:
    model = ScriptedModel(lambda _prompt: window_reply(False))
    b = ModelBridge(lambda: model, name="Scripted test model")
    yield b
    b.close()


@pytest.fixture
def open_window(qtbot: QtBot) -> Iterator[OpenWindow]:
    windows: list[MainWindow] = []

    def make(folder: Path, bridge: ModelBridge) -> MainWindow:
        window = MainWindow(folder, bridge=bridge)
        qtbot.addWidget(window)
        windows.append(window)
        window.show()
        with qtbot.waitSignal(window.ready, timeout=10_000):
            window.start()
        return window

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def window(open_window: OpenWindow, tmp_path: Path, bridge: ModelBridge) -> MainWindow:
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    return open_window(folder, bridge)


def import_sample(qtbot: QtBot, window: MainWindow) -> int:
    """Import the sample notebook through the service (on the window's database lane);
    its changes reach the views like any other task's."""
    db = window.db
    assert db is not None
    done: list[OpResult[NotebookInfo]] = []
    window.tasks.run(
        lambda: notebooks.import_notebook(db, SAMPLE, title="Harbour notebook"),
        on_done=done.append,
    )
    qtbot.waitUntil(lambda: bool(done), timeout=10_000)
    notebook_id = done[0].value.id
    books = window.notebook_list
    assert books is not None
    qtbot.waitUntil(lambda: notebook_id in books.notebook_ids(), timeout=5000)
    return notebook_id


def open_in_list(qtbot: QtBot, window: MainWindow, notebook_id: int) -> None:
    books = window.notebook_list
    overview = window.notebook_overview
    assert books is not None
    assert overview is not None
    window.show_section(NOTEBOOKS)
    row = books.notebook_ids().index(notebook_id)
    item = books.list.item(row)
    rect = books.list.visualItemRect(item)
    qtbot.mouseClick(books.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: overview.state is not None and not overview.is_busy, timeout=10_000)


def test_notebooks_section_exists(window: MainWindow) -> None:
    sections = [
        window.nav.item(i).data(Qt.ItemDataRole.UserRole) for i in range(window.nav.count())
    ]
    assert NOTEBOOKS in sections
    assert not window.notebook_sidebar.isVisible()
    window.show_section(NOTEBOOKS)
    assert window.notebook_sidebar.isVisible()
    assert not window.journal_sidebar.isVisible()
    assert window.stack.currentWidget() is window.notebook_placeholder
    # nothing to act on yet: the notebook actions are off
    assert not window.detector_editor_action.isEnabled()
    assert not window.back_to_overview_action.isEnabled()
    window.show_section("journal")
    assert window.journal_sidebar.isVisible()
    assert not window.notebook_sidebar.isVisible()


def test_selecting_an_imported_notebook_shows_its_overview(
    qtbot: QtBot, window: MainWindow
) -> None:
    notebook_id = import_sample(qtbot, window)
    open_in_list(qtbot, window, notebook_id)
    overview, editor = window.notebook_overview, window.detector_editor
    assert overview is not None
    assert editor is not None
    assert window.stack.currentWidget() is window.overview_page
    assert window.notebook_id == notebook_id
    assert overview.notebook_id == notebook_id
    assert overview.heading.text().startswith("Harbour notebook")
    assert editor.notebook_id == notebook_id
    assert window.detector_editor_action.isEnabled()
    assert window.detectors_button.isVisible()

    window.detectors_button.click()
    assert window.stack.currentWidget() is window.editor_page
    window.back_to_overview_action.trigger()
    assert window.stack.currentWidget() is window.overview_page

    # the section remembers what it showed
    window.show_section("journal")
    window.show_section(NOTEBOOKS)
    assert window.stack.currentWidget() is window.overview_page


def test_page_requested_shows_the_page_view(qtbot: QtBot, window: MainWindow) -> None:
    notebook_id = import_sample(qtbot, window)
    open_in_list(qtbot, window, notebook_id)
    overview, view, db = window.notebook_overview, window.page_view, window.db
    assert overview is not None
    assert view is not None
    assert db is not None
    pages = notebooks.list_pages(db, notebook_id)
    overview.page_requested.emit(notebook_id, pages[2].id)
    assert window.stack.currentWidget() is window.page_view_page
    qtbot.waitUntil(lambda: view.snapshot is not None and not view.is_loading, timeout=5000)
    snapshot = view.snapshot
    assert snapshot is not None
    assert snapshot.page.id == pages[2].id
    assert window.back_to_overview_action.isEnabled()

    # next page from the page view itself stays in the page view
    view.next_page()
    qtbot.waitUntil(
        lambda: view.snapshot is not None and view.snapshot.page.id == pages[3].id, timeout=5000
    )
    assert window.stack.currentWidget() is window.page_view_page

    # Esc goes back to the overview
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert window.stack.currentWidget() is window.overview_page


def test_run_results_reach_the_views(qtbot: QtBot, window: MainWindow) -> None:
    notebook_id = import_sample(qtbot, window)
    open_in_list(qtbot, window, notebook_id)
    overview = window.notebook_overview
    assert overview is not None
    with qtbot.waitSignal(overview.run_finished, timeout=20_000) as finished:
        overview.run_detector("first_person")
    assert finished.args is not None
    qtbot.waitUntil(lambda: not overview.is_busy, timeout=5000)
    state = overview.state
    assert state is not None
    first_person = next(d for d in state.detectors if d.definition.detector_id == "first_person")
    assert first_person.published is not None


def test_closing_with_the_overview_open_does_not_hang(
    qtbot: QtBot, window: MainWindow, bridge: ModelBridge
) -> None:
    notebook_id = import_sample(qtbot, window)
    open_in_list(qtbot, window, notebook_id)
    overview = window.notebook_overview
    assert overview is not None
    overview.run_detector("swear_words")  # still running (or just done) when the window closes
    started = time.monotonic()
    window.close()
    assert time.monotonic() - started < 10
    assert bridge.closed
    assert window.tasks.wait(0)  # the run's phases have all stopped
    qtbot.wait(300)  # its result arrives after the close: quietly


def test_the_page_view_follows_the_vision_settings(
    open_window: OpenWindow, tmp_path: Path, bridge: ModelBridge
) -> None:
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    both = Settings(vision_model_path="/models/vision.gguf", vision_projector="/models/mmproj.gguf")
    save_settings(folder, both)
    window = open_window(folder, bridge)
    view = window.page_view
    assert view is not None
    assert view.vision_configured
    window._settings_changed(both.with_changes(vision_projector=None))
    assert not view.vision_configured
    window._settings_changed(both)
    assert view.vision_configured


def test_runs_from_the_window_get_the_configured_vision_model(
    qtbot: QtBot,
    open_window: OpenWindow,
    tmp_path: Path,
    bridge: ModelBridge,
    tiny_model_path: Path,
) -> None:
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    vision = Settings(vision_model_path=str(tiny_model_path), vision_projector=str(tiny_model_path))
    save_settings(folder, vision)
    window = open_window(folder, bridge)
    runner = window.notebook_runner
    assert runner is not None
    qtbot.waitUntil(lambda: runner.vision is not None, timeout=10_000)
    first = runner.vision
    assert first is not None
    assert len(first.identity.digest) == 64

    def change(settings: Settings) -> None:  # as the settings dialog does: save, announce
        save_settings(folder, settings)
        window._settings_changed(settings)

    change(vision.with_changes(vision_projector=None))
    assert runner.vision is None  # switched off: the old worker is closed

    change(vision.with_changes(vision_projector=str(tmp_path / "gone.gguf")))
    qtbot.waitUntil(lambda: "Vision detectors are off" in window.statusBar().currentMessage())
    assert runner.vision is None
