"""The overview and editor pictures render over the sample notebook."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from app.screenshots.notebook_overview import render_overview_and_editor

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def test_pictures_of_the_overview_and_the_editor(qtbot: QtBot, tmp_path: Path) -> None:
    written = render_overview_and_editor(tmp_path / "shots")
    assert [p.name for p in written] == ["notebook-overview.png", "detector-editor.png"]
    for path in written:
        image = QImage(str(path))
        assert not image.isNull()
        assert image.width() >= 1000
