"""Inkling's window icon: the application icon's SVG (``app/resources/icons/``, the same
file the desktop's launcher and ``packaging/icons/`` use) drawn at the sizes window
managers and task bars ask for."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from app.resources import app_icon_svg

SIZES = (16, 24, 32, 48, 64, 128, 256)


def render_icon(size: int) -> QImage:
    """The icon at ``size`` × ``size`` pixels (ARGB, transparent around the page)."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(QByteArray(app_icon_svg())).render(painter)
    painter.end()
    return image


def app_icon() -> QIcon:
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(QPixmap.fromImage(render_icon(size)))
    return icon
