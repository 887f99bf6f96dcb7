"""Pictures are decoded by one reader (``app/ui/common/images.py``), off the GUI thread:
a scan or photo whose header claims more pixels than Inkling imports is never decoded
(issue 14), a photo is turned upright and decoded at the size shown, and nothing decodes
with ``QImage.fromData``, which holds the interpreter lock for the whole decode (a large
photo froze the GUI, and a thumbnail decode once hung the test suite)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QImageIOHandler, QImageWriter

from app.ui.common.images import read_image
from bench.hostile_files import png_claiming
from tests.notebook_files import tiny_png

APP = Path(__file__).resolve().parents[2] / "app"


def jpeg_turned(width: int, height: int) -> bytes:
    """A ``width`` × ``height`` JPEG (left half red) whose EXIF says to turn it a
    quarter: upright it is ``height`` wide and ``width`` tall."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("blue"))
    for x in range(width // 2):
        for y in range(height):
            image.setPixelColor(x, y, QColor("red"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, b"jpeg")
    writer.setTransformation(QImageIOHandler.Transformation.TransformationRotate90)
    assert writer.write(image), writer.errorString()
    return bytes(data.data())


@pytest.mark.usefixtures("qapp")
def test_a_scan_claiming_ten_gigapixels_is_not_decoded(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_claiming(100_000, 100_000))
    for source in (str(bomb), bomb.read_bytes()):
        image, error = read_image(source)
        assert image is None
        assert error == "it is 100,000 × 100,000 pixels, too large to show"
    fine = tmp_path / "fine.png"
    fine.write_bytes(tiny_png())
    image, error = read_image(str(fine), max_side=2)
    assert error is None
    assert image is not None
    assert (image.width(), image.height()) == (2, 2)


@pytest.mark.usefixtures("qapp")
def test_a_phone_photo_is_shown_upright_at_the_size_asked_for() -> None:
    data = jpeg_turned(400, 100)
    whole, _ = read_image(data)
    thumb, _ = read_image(data, height=56)
    bounded, _ = read_image(data, max_side=50)
    assert whole is not None
    assert thumb is not None
    assert bounded is not None
    assert (whole.width(), whole.height()) == (100, 400)
    assert (thumb.width(), thumb.height()) == (14, 56)
    assert (bounded.width(), bounded.height()) == (12, 50)
    # turned a quarter clockwise: the stored left half (red) is now the top
    assert thumb.pixelColor(7, 5).red() > 200
    assert thumb.pixelColor(7, 50).blue() > 200


@pytest.mark.usefixtures("qapp")
def test_bytes_that_are_no_picture_give_a_reason_not_an_image() -> None:
    image, error = read_image(b"not a picture at all")
    assert image is None
    assert error


def test_nothing_decodes_a_picture_holding_the_interpreter_lock() -> None:
    holding = re.compile(r"\b(?:fromData|loadFromData)\(")
    offenders = [
        str(path.relative_to(APP))
        for path in sorted(APP.rglob("*.py"))
        if holding.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
