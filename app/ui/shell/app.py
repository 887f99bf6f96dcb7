"""Starting the desktop app: ``run_gui`` (what ``inkling`` with no command runs)."""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from app import __version__
from app.paths import data_dir as resolve_data_dir
from app.resources import APP_ID
from app.ui.shell.icon import app_icon

ORGANIZATION = "Inkling"
APPLICATION = "Inkling"


def dark_palette() -> QPalette:
    """A calm dark palette for the Fusion style."""
    p = QPalette()
    base, window, text = QColor(30, 31, 34), QColor(43, 45, 48), QColor(223, 225, 229)
    disabled = QColor(120, 122, 128)
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: QColor(50, 53, 58),
        QPalette.ColorRole.ToolTipBase: QColor(60, 63, 68),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor(158, 161, 168),  # 4.5:1 on Window
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: window,
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 110, 110),
        QPalette.ColorRole.Link: QColor(110, 170, 255),
        QPalette.ColorRole.Highlight: QColor(62, 110, 190),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Light: QColor(70, 73, 78),
        QPalette.ColorRole.Midlight: QColor(58, 61, 66),
        QPalette.ColorRole.Mid: QColor(40, 42, 45),
        QPalette.ColorRole.Dark: QColor(22, 23, 25),
        QPalette.ColorRole.Shadow: QColor(0, 0, 0),
    }
    for role, color in roles.items():
        p.setColor(role, color)
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def light_palette(app: QApplication) -> QPalette:
    """The Fusion style's light palette with WCAG AA contrast where it falls short: the
    selection (white on Qt's #308cc6 is 3.7:1) and muted text (half-transparent black
    is 3.9:1 on the window)."""
    p = app.style().standardPalette()
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        p.setColor(group, QPalette.ColorRole.Highlight, QColor(38, 103, 168))
        p.setColor(group, QPalette.ColorRole.PlaceholderText, QColor(102, 102, 102))
    return p


def apply_color_scheme(app: QApplication) -> None:
    """Light or dark, following the system (Qt 6 style hints).

    Only the Fusion style (used on Linux) gets an explicit palette; the native macOS and
    Windows styles follow the system's scheme by themselves.
    """
    if app.style().name().lower() != "fusion":
        return
    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        app.setPalette(dark_palette())
    else:
        app.setPalette(light_palette(app))


def make_application(argv: Sequence[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(list(argv))
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)  # packaging/APP_ID.desktop: Wayland matches the window to it
    app.setWindowIcon(app_icon())  # every window and dialog, not only the main one
    if "Fusion" in list(QStyleFactory.keys()) and sys.platform.startswith("linux"):
        app.setStyle("Fusion")
    apply_color_scheme(app)
    QGuiApplication.styleHints().colorSchemeChanged.connect(lambda _s: apply_color_scheme(app))
    return app


def settle_heap() -> None:
    """Move what start-up allocated out of the collector's way.

    A full (generation 2) collection walks every tracked object while holding the GIL,
    whichever thread triggers it: with the model thread allocating as it generates, a
    big heap means a GUI pause. Freezing the start-up heap keeps those walks short.
    """
    gc.collect()
    gc.freeze()


def run_gui(
    argv: Sequence[str], data_dir: str | Path | None = None, model: str | None = None
) -> int:
    """Open Inkling's window over ``data_dir`` (default: the platform's data folder)."""
    from app.ui.common.gc_policy import GuiThreadCollector
    from app.ui.shell.main_window import MainWindow

    started = time.perf_counter()
    app = make_application(argv)
    collector = GuiThreadCollector(app)
    window = MainWindow(resolve_data_dir(data_dir), cli_model=model)

    def ready() -> None:
        window.launch_seconds = time.perf_counter() - started
        settle_heap()

    window.ready.connect(ready)
    window.show()
    window.start()
    code = app.exec()
    window.shutdown()
    collector.stop()
    return int(code)
