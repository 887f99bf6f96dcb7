"""Inkling's window icon, drawn rather than shipped: an ink drop on a rounded page, at
the sizes window managers and task bars ask for."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPixmap

SIZES = (16, 24, 32, 48, 64, 128, 256)
PAGE, INK = QColor("#f4efe6"), QColor("#2f4f8f")


def _draw(size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.06
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(INK)
    painter.drawRoundedRect(
        QRectF(margin, margin, size - 2 * margin, size - 2 * margin), size * 0.2, size * 0.2
    )
    painter.setBrush(PAGE)
    drop = QPainterPath()
    top, bottom, half = size * 0.2, size * 0.8, size * 0.22
    centre = size / 2
    drop.moveTo(QPointF(centre, top))
    drop.cubicTo(
        QPointF(centre + half * 0.2, top + size * 0.15),
        QPointF(centre + half, bottom - size * 0.3),
        QPointF(centre + half, bottom - half),
    )
    drop.arcTo(QRectF(centre - half, bottom - 2 * half, 2 * half, 2 * half), 0, -180)
    drop.cubicTo(
        QPointF(centre - half, bottom - size * 0.3),
        QPointF(centre - half * 0.2, top + size * 0.15),
        QPointF(centre, top),
    )
    painter.drawPath(drop)
    painter.end()
    return pixmap


def app_icon() -> QIcon:
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(_draw(size))
    return icon
