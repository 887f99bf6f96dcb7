"""The page-view picture for ``inkling screenshot``."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.screenshots.notebooks import PAGE_VIEW_SIZE, render_page_view

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def test_the_page_view_picture_is_written(tmp_path: Path, qapp: object) -> None:
    path = render_page_view(tmp_path / "shots")
    assert path == tmp_path / "shots" / "page-view.png"
    image = QImage(str(path))
    assert (image.width(), image.height()) == PAGE_VIEW_SIZE
