"""``inkling`` with no command opens the window; ``run_gui`` itself; the palettes."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import cli
from app.ui.common.text_marks import highlight_background
from app.ui.journal.highlights import target_color
from app.ui.shell import app as gui
from app.ui.shell.main_window import MainWindow


def test_no_command_opens_the_gui(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(gui, "run_gui", lambda *args: calls.append(args) or 0)
    assert cli.main(["--data-dir", str(tmp_path), "--model", "m.gguf"]) == 0
    assert calls[0][1:] == (str(tmp_path), "m.gguf")
    assert cli.main([]) == 0
    assert calls[1][1:] == (None, None)


def test_run_gui_opens_a_usable_window_and_closes_cleanly(
    qtbot: QtBot, tmp_path: Path, tiny_model_path: Path
) -> None:
    seen: dict[str, object] = {}

    def close_when_ready() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        ready = [w for w in windows if w.launch_seconds is not None]
        if not ready:
            QTimer.singleShot(20, close_when_ready)
            return
        window = ready[0]
        seen["seconds"] = window.launch_seconds
        seen["name"] = QApplication.applicationName()
        seen["icon"] = not QApplication.windowIcon().isNull()  # dialogs take it too
        seen["welcome"] = window.stack.currentWidget() is window.welcome_view
        window.close()

    QTimer.singleShot(0, close_when_ready)
    try:
        assert gui.run_gui(["inkling"], tmp_path / "data", str(tiny_model_path)) == 0
    finally:
        gc.unfreeze()  # run_gui froze the start-up heap (settle_heap)
    assert seen["name"] == "Inkling"
    assert seen["icon"] is True
    assert seen["welcome"] is True  # an empty data folder: the welcome screen
    assert isinstance(seen["seconds"], float)
    print(f"\nlaunch to usable window: {seen['seconds'] * 1000:.0f} ms")
    assert (tmp_path / "data" / "inkling.sqlite3").exists()


def test_dark_palette_and_highlights_read_on_it() -> None:
    dark = gui.dark_palette()
    assert dark.color(QPalette.ColorRole.Base).lightness() < 64
    light = QPalette()
    color = target_color(("habit", 1), 0)
    assert highlight_background(color, dark).alpha() > highlight_background(color, light).alpha()
    assert target_color(("habit", 1), 0) != target_color(("habit", 2), 1)
