"""Page images with known text, drawn here with Pillow's own font (no system font, no
download), for the transcription tests; and the check that Tesseract is installed."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from app.llm.ocr import tesseract_path

LINE_HEIGHT = 60
LEFT = 40
TOP = 40


def render_page(path: Path, lines: Sequence[str], *, size: int = 32, width: int = 1000) -> Path:
    """Black text on white, one line every ``LINE_HEIGHT`` pixels from ``TOP``."""
    font = ImageFont.load_default(size=size)
    image = Image.new("L", (width, 2 * TOP + LINE_HEIGHT * len(lines)), 255)
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        draw.text((LEFT, TOP + LINE_HEIGHT * number), line, fill=0, font=font)
    image.save(path)
    return path


def need_tesseract() -> None:
    """Skip without Tesseract, except in CI, whose set-up (scripts/bootstrap.sh) installs
    it: missing there is a failure."""
    if tesseract_path() is None:
        reason = "tesseract is not installed (scripts/bootstrap.sh installs tesseract-ocr as root)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
