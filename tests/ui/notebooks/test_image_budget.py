"""A scan whose header claims more pixels than Inkling imports is never decoded for the
page view or a thumbnail (one imported before the limit existed, say): issue 14."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.ui.notebooks.page_view import read_image
from bench.hostile_files import png_claiming
from tests.notebook_files import tiny_png


@pytest.mark.usefixtures("qapp")
def test_a_scan_claiming_ten_gigapixels_is_not_decoded(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_claiming(100_000, 100_000))
    image, error = read_image(str(bomb))
    assert image is None
    assert error == "it is 100,000 × 100,000 pixels, too large to show"
    fine = tmp_path / "fine.png"
    fine.write_bytes(tiny_png())
    image, error = read_image(str(fine), max_side=2)
    assert error is None
    assert image is not None
    assert (image.width(), image.height()) == (2, 2)
