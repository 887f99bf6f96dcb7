"""Writes the application icon's PNGs (packaging/icons/hicolor/NxN/apps/) from its SVG
(app/resources/icons/), drawn by Qt offscreen exactly as the window draws it.

    QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py

The PNGs are committed; tests/test_packaging.py checks they match the SVG."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QGuiApplication

from app.resources import APP_ID
from app.ui.shell.icon import render_icon

SIZES = (16, 32, 48, 64, 128, 256)
ICONS = Path(__file__).resolve().parent / "icons" / "hicolor"


def png_path(size: int) -> Path:
    return ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for size in SIZES:
        path = png_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not render_icon(size).save(str(path), b"PNG"):
            print(f"could not write {path}", file=sys.stderr)
            return 1
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
