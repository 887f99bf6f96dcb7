"""``inkling screenshot``: every picture is written, and none is blank."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.cli import main

EXPECTED = {
    "welcome.png",
    "entry-suggestions.png",
    "suggestion-popover.png",
    "habits-heatmap.png",
    "habits-heatmap-dark.png",
    "settings.png",
    "tag-browser.png",
    "page-view.png",
    "notebook-overview.png",
    "detector-editor.png",
    "inbox.png",
    "about.png",
    "notebook-sample.png",
}


def test_screenshot_command_writes_non_empty_pngs(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shots"
    assert main(["screenshot", "--out", str(out), "--json"]) == 0
    files = [Path(p) for p in json.loads(capsys.readouterr().out)["files"]]
    assert {p.name for p in files} == EXPECTED
    for path in files:
        assert path.parent == out
        image = QImage(str(path))
        assert not image.isNull(), path
        assert image.width() > 400
        assert image.height() > 300
        # not a blank picture: many distinct colours
        colours = {
            image.pixel(x, y)
            for x in range(0, image.width(), 7)
            for y in range(0, image.height(), 7)
        }
        assert len(colours) > 8, path


def test_the_screenshots_name_the_model_as_the_window_does() -> None:
    from app.llm import default_model_path
    from app.screenshots import window
    from app.services.models.names import display_name

    default = default_model_path()
    if default is None:
        pytest.skip("the embedded default model is not installed")
    assert display_name(default) == window.MODEL_NAME  # never the GGUF header's name
