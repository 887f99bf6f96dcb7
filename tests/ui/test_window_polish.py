"""The main window's rough edges from issue 19: the first screen while the model is being
checked, human model names, a section list that stays put, and noticing what another
process wrote to the database."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from pytestqt.qtbot import QtBot

from app import __version__
from app.paths import database_path
from app.services.journal import entries as journal
from app.services.journal import samples
from app.services.notebooks import pages as notebooks
from app.services.settings import Settings
from app.store import open_database
from app.ui.common.model_bridge import Loader, ModelBridge
from app.ui.shell import main_window as main_window_module
from app.ui.shell.help_menu import ShortcutsDialog, shortcut_rows
from app.ui.shell.main_window import HABITS, JOURNAL, NOTEBOOKS, MainWindow
from app.ui.shell.welcome import CHECKING
from tests.notebook_files import SAMPLE_NOTEBOOK
from tests.services.conftest import ScriptedModel

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

Open = Callable[..., MainWindow]


def scripted_loader(_path: Path, _settings: Settings) -> Loader:
    model = ScriptedModel(lambda _prompt: '{"hits": []}')
    return lambda: model


@pytest.fixture
def open_window(qtbot: QtBot) -> Iterator[Open]:
    windows: list[MainWindow] = []

    def make(folder: Path, *, wait: bool = True, **kwargs: object) -> MainWindow:
        window = MainWindow(folder, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(window)
        windows.append(window)
        window.resize(1200, 800)
        window.show()
        if wait:
            with qtbot.waitSignal(window.ready, timeout=10_000):
                window.start()
        else:
            window.start()
        return window

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def bridge() -> Iterator[ModelBridge]:
    model = ScriptedModel(lambda _prompt: '{"hits": []}')
    b = ModelBridge(lambda: model, name="Scripted test model")
    yield b
    b.close()


def test_the_first_screen_waits_for_the_model_without_a_scare_and_names_it_humanly(
    qtbot: QtBot,
    open_window: Open,
    tmp_path: Path,
    tiny_model_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()
    real_choose = main_window_module.choose_model

    def slow_choose(*args: object, **kwargs: object) -> object:
        assert release.wait(10)  # the model is still being checked
        return real_choose(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(main_window_module, "choose_model", slow_choose)
    model_file = tmp_path / "harbour-notes-1.5b-Q4_K_M.gguf"  # its header says otherwise
    model_file.write_bytes(tiny_model_path.read_bytes())
    window = open_window(
        tmp_path / "data", cli_model=str(model_file), loader_factory=scripted_loader
    )
    try:
        qtbot.waitUntil(lambda: window.welcome_view is not None, timeout=5000)
        welcome = window.welcome_view
        assert welcome is not None
        assert welcome.model_label.text() == CHECKING
        assert "No language model" not in welcome.model_label.text()
    finally:
        release.set()
    # the GGUF header's name ("Tiny Random Llama") is never shown: the cleaned file name is
    qtbot.waitUntil(lambda: "Harbour Notes 1.5B" in welcome.model_label.text(), timeout=10_000)
    assert window.model_label.text() == "Model: Harbour Notes 1.5B"
    assert "Tiny Random Llama" not in welcome.model_label.text()


def nav_top(window: MainWindow) -> QPoint:
    return window.nav.mapTo(window, QPoint(0, 0))


def test_the_section_list_stays_at_the_top_in_every_section(
    qtbot: QtBot, open_window: Open, tmp_path: Path, bridge: ModelBridge
) -> None:
    window = open_window(tmp_path / "data", bridge=bridge)
    window.show_section(JOURNAL)
    qtbot.wait(50)
    journal_top = nav_top(window)
    for section in (HABITS, NOTEBOOKS, JOURNAL):
        window.show_section(section)
        qtbot.waitUntil(lambda: nav_top(window) == journal_top, timeout=2000)
        # a click aimed at "Journal" lands on Journal
        rect = window.nav.visualItemRect(window.nav.item(0))
        assert window.nav.itemAt(rect.center()) is window.nav.item(0)
    window.show_section(HABITS)
    qtbot.wait(100)
    assert nav_top(window) == journal_top


def test_a_sample_notebook_from_the_first_screen(
    qtbot: QtBot, open_window: Open, tmp_path: Path, bridge: ModelBridge
) -> None:
    window = open_window(tmp_path / "data", bridge=bridge)
    qtbot.waitUntil(lambda: window.welcome_view is not None, timeout=5000)
    assert window.welcome_view is not None
    qtbot.mouseClick(window.welcome_view.notebook_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.notebook_id is not None, timeout=10_000)
    assert window.stack.currentWidget() is window.overview_page
    assert window.notebook_list is not None
    qtbot.waitUntil(lambda: window.notebook_list.notebook_ids() == [window.notebook_id])


def test_what_another_process_writes_appears_without_losing_the_users_place(
    qtbot: QtBot, open_window: Open, tmp_path: Path, bridge: ModelBridge
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    other = open_database(database_path(folder))  # the other process's connection
    try:
        loaded = samples.load_sample_journal(other).value
        window = open_window(folder, bridge=bridge)
        window.outside.timer.setInterval(50)
        first = max(loaded.entries, key=lambda e: (e.day, e.id))
        window.open_entry(first.id)
        editor = window.entry_page.editor
        qtbot.waitUntil(
            lambda: (
                window.entry_page.entry_id == first.id
                and editor.toPlainText() == first.body
                and not window.tasks.busy
            ),
            timeout=10_000,
        )
        window.entry_page._save_timer.setInterval(60_000)  # the typing stays unsaved
        editor.moveCursor(editor.textCursor().MoveOperation.End)
        qtbot.keyClicks(editor, " Unsaved words.")
        assert window.notebook_list is not None

        added = journal.add_entry(other, first.day, "Written from the command line.").value
        book = notebooks.import_notebook(other, SAMPLE_NOTEBOOK, title="From the CLI").value

        qtbot.waitUntil(lambda: added.id in window.journal_sidebar.entry_ids(), timeout=10_000)
        qtbot.waitUntil(lambda: book.id in window.notebook_list.notebook_ids(), timeout=10_000)
        assert window.entry_page.entry_id == first.id  # the selection stays
        assert window.journal_sidebar.tree.currentItem().data(0, Qt.ItemDataRole.UserRole) == (
            first.id
        )
        assert editor.toPlainText().endswith(" Unsaved words.")  # and the unsaved text

        journal.delete_entry(other, added.id)
        qtbot.waitUntil(lambda: added.id not in window.journal_sidebar.entry_ids(), timeout=10_000)
        assert editor.toPlainText().endswith(" Unsaved words.")
    finally:
        other.close()


def test_help_shows_about_and_the_shortcuts_of_the_actions(
    qtbot: QtBot, open_window: Open, tmp_path: Path, bridge: ModelBridge
) -> None:
    window = open_window(tmp_path / "data", bridge=bridge)
    help_menu = window.help_menu
    help_menu.about_action.trigger()
    about = help_menu.about_label.text()
    assert __version__ in about
    assert str(tmp_path / "data") in about
    assert "Scripted test model" in about
    assert "LGPL-3.0" in about
    assert "Apache-2.0" in about
    assert help_menu.dialog is not None
    help_menu.dialog.reject()

    extra = QAction("Fly &Away", window)  # a new action shows up by itself
    extra.setShortcut(QKeySequence("Ctrl+Shift+Y"))
    window.addAction(extra)
    rows = dict(shortcut_rows(window))
    native = QKeySequence.SequenceFormat.NativeText
    assert rows["New Entry"] == QKeySequence(QKeySequence.StandardKey.New).toString(native)
    assert rows["Detect Completions"] == QKeySequence("Ctrl+D").toString(native)
    assert rows["Keyboard Shortcuts"] == QKeySequence("Ctrl+/").toString(native)
    assert rows["Fly Away"] == QKeySequence("Ctrl+Shift+Y").toString(native)
    help_menu.shortcuts_action.trigger()
    dialog = help_menu.dialog
    assert isinstance(dialog, ShortcutsDialog)
    shown = {dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())}
    assert {"New Entry", "Settings", "Fly Away"} <= shown
    dialog.reject()
