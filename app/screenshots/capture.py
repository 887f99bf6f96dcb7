"""What every picture of ``inkling screenshot`` needs: an offscreen platform, a quiet
message handler, waiting for the views, and saving a widget as PNG (light or dark)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

IGNORED_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)


def ensure_platform() -> None:
    """Offscreen unless a display is there (and the caller chose nothing)."""
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is not None:
        return
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@contextmanager
def quiet_platform_notes() -> Iterator[None]:
    """Drop the offscreen plugin's note that it cannot resize windows; pass on the rest."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    previous: Any = None

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message.startswith(IGNORED_QT_MESSAGES):
            return
        if previous is not None:
            previous(kind, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous = qInstallMessageHandler(handler)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


@contextmanager
def readable_font(app: Any, points: float = 10.0) -> Iterator[None]:
    """The application's font at ``points`` or more while pictures are taken, then as it was."""
    from PySide6.QtGui import QFont

    saved = QFont(app.font())
    font = QFont(app.font())
    font.setPointSizeF(max(font.pointSizeF(), points))
    app.setFont(font)
    try:
        yield
    finally:
        app.setFont(saved)


def wait(condition: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    """Run the event loop until ``condition()`` holds."""
    from PySide6.QtCore import QEventLoop
    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"Timed out waiting for {what} while taking screenshots.")
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.005)


def settle() -> None:
    from PySide6.QtWidgets import QApplication

    for _ in range(5):
        QApplication.processEvents()


def save(widget: Any, path: Path) -> Path:
    settle()
    image = widget.grab()
    if image.isNull() or not image.save(str(path), "PNG"):
        raise OSError(f"The screenshot {path} could not be written.")
    return path


def save_dark(widget: Any, path: Path) -> Path:
    """The same view with the dark palette the app uses when the system is dark."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    from app.ui.shell.app import dark_palette

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    light = QPalette(app.palette())
    app.setPalette(dark_palette())
    try:
        return save(widget, path)
    finally:
        app.setPalette(light)
        settle()
