"""The main window with the welcome screen, habits and settings; the model switch."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.domain import TextModel
from app.llm import ModelLoadError
from app.services.journal import suggestions
from app.services.settings import Settings, save_settings
from app.ui.common.model_bridge import Loader, ModelBridge
from app.ui.shell.main_window import HABITS, MainWindow
from tests.services.conftest import ScriptedModel
from tests.ui.journal.conftest import OpenWindow, scripted_reply
from tests.ui.journal.helpers import query


def test_an_empty_folder_opens_the_welcome_screen_and_loads_the_sample(
    qtbot: QtBot, open_window: OpenWindow, tmp_path: Path, bridge: ModelBridge
) -> None:
    window = open_window(tmp_path / "fresh", bridge)
    welcome = window.welcome_view
    qtbot.waitUntil(lambda: window.welcome_view is not None, timeout=5000)
    welcome = window.welcome_view
    assert welcome is not None
    assert window.stack.currentWidget() is welcome
    assert "Scripted test model" in welcome.model_label.text()
    with qtbot.waitSignal(window.entry_page.entry_loaded, timeout=5000) as loaded:
        qtbot.mouseClick(welcome.sample_button, Qt.MouseButton.LeftButton)
    assert loaded.args == [4]  # the newest sample entry
    assert window.stack.currentWidget() is window.entry_page
    qtbot.waitUntil(lambda: len(window.journal_sidebar.entry_ids()) == 4, timeout=5000)
    # the model reads the whole sample in the background, newest entry first
    qtbot.waitUntil(lambda: not window.detector.running, timeout=10_000)
    assert {s.anchor_text for s in window.entry_page.suggestions} == {
        "Played guitar for half an hour",
        "Flossed before bed",
    }
    stored = query(qtbot, window, lambda db: suggestions.list_suggestions(db))
    assert len({s.entry_id for s in stored}) == 3  # entry 3 mentions only plans


def test_habits_section(qtbot: QtBot, window: MainWindow) -> None:
    window.show_section(HABITS)
    assert window.stack.currentWidget() is window.habits_view
    assert not window.journal_sidebar.isVisible()
    window.show_section("journal")
    assert window.stack.currentWidget() is window.entry_page


# dialogs are top-level windows: the offscreen platform cannot pass on their size hints
OFFSCREEN_DIALOG = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


@OFFSCREEN_DIALOG
def test_settings_opens_from_the_menu(qtbot: QtBot, window: MainWindow) -> None:
    window.settings_action.trigger()
    dialog = window.settings_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    dialog.reject()
    qtbot.waitUntil(lambda: window.settings_dialog is None)


@OFFSCREEN_DIALOG
def test_the_welcome_screens_model_button_opens_the_models_tab(
    qtbot: QtBot, open_window: OpenWindow, tmp_path: Path, bridge: ModelBridge
) -> None:
    window = open_window(tmp_path / "fresh", bridge)
    qtbot.waitUntil(lambda: window.welcome_view is not None, timeout=5000)
    assert window.welcome_view is not None
    qtbot.mouseClick(window.welcome_view.settings_button, Qt.MouseButton.LeftButton)
    dialog = window.settings_dialog
    assert dialog is not None
    assert dialog.tabs.currentWidget() is dialog.models_page
    qtbot.waitUntil(lambda: not dialog.models_page.is_busy, timeout=30_000)
    dialog.reject()
    qtbot.waitUntil(lambda: window.settings_dialog is None)


@OFFSCREEN_DIALOG
def test_a_model_that_fails_to_load_keeps_the_old_one(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path, tiny_model_path: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "broken.gguf"
    shutil.copy(tiny_model_path, bad)
    models: list[ScriptedModel] = []

    def factory(path: Path, settings: Settings) -> Loader:
        def load() -> TextModel:
            if path == bad.resolve():
                raise ModelLoadError(path, "llama.cpp could not read it")
            model = ScriptedModel(scripted_reply)
            models.append(model)
            return model

        return load

    window = MainWindow(sample_dir, cli_model=str(tiny_model_path), loader_factory=factory)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.bridge.model_changed, timeout=30_000):
        window.start()
    qtbot.waitUntil(lambda: window.model_info is not None, timeout=30_000)
    assert window.model_label.text() == "Model: Tiny Random Llama"
    with qtbot.waitSignal(window.bridge.model_failed, timeout=30_000):
        chosen = Settings(model_path=str(bad))
        save_settings(sample_dir, chosen)  # what OK in Settings does, then it tells the window
        window._settings_changed(chosen)
    assert window.model_label.text() == "Model: Tiny Random Llama"
    assert window.model_info is not None
    assert window.model_info.path == tiny_model_path.resolve()
    box = window.findChild(QMessageBox, "errorDialog")
    assert box is not None
    assert "broken.gguf" in box.text()
    assert "Still using Tiny Random Llama" in box.text()
    box.close()
    # the old model still answers
    with qtbot.waitSignal(window.detector.finished, timeout=30_000):
        window.open_entry(2)
        qtbot.waitUntil(lambda: window.entry_page.entry_id == 2, timeout=30_000)
        window.detect_action.trigger()
    assert len(models) == 1
    window.shutdown()
    assert models[0].closed


def test_an_entry_asked_for_while_the_journal_opens_is_the_one_shown(
    qtbot: QtBot, sample_dir: Path
) -> None:
    """Opening an entry before the database is open (a slow disk, a busy machine) must not
    be lost, nor be overtaken by the newest entry the window shows by default."""
    window = MainWindow(sample_dir, bridge=ModelBridge(lambda: ScriptedModel(scripted_reply)))
    qtbot.addWidget(window)
    window.show()
    asked = 1
    with qtbot.waitSignal(window.ready, timeout=30_000):
        window.start()
        assert window.db is None  # it opens on the database thread
        window.open_entry(asked)
    qtbot.waitUntil(lambda: window.entry_page.entry_id == asked, timeout=10_000)
    ids = window.journal_sidebar.entry_ids()
    assert ids[0] != asked  # not what the window would have shown by itself
    assert window.journal_sidebar.tree.currentItem() is not None
    assert window.stack.currentWidget() is window.entry_page
    window.shutdown()


def test_a_load_overtaken_by_a_later_request_is_dropped(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path
) -> None:
    window = open_window(sample_dir, ModelBridge(lambda: ScriptedModel(scripted_reply)))
    page = window.entry_page
    qtbot.waitUntil(lambda: page.entry_id is not None, timeout=10_000)
    first = page.entry_id
    others = [i for i in window.journal_sidebar.entry_ids() if i != first]
    shown: list[int] = []
    page.entry_loaded.connect(shown.append)
    page.open_entry(others[0])
    page.open_entry(others[1])  # asked before the first load came back
    qtbot.waitUntil(lambda: page.entry_id == others[1], timeout=10_000)
    qtbot.wait(200)
    assert shown == [others[1]]
    assert page.entry_id == others[1]
