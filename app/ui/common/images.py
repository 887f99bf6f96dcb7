"""Decoding pictures off the GUI thread.

Everything goes through :class:`QImageReader`: PySide releases the interpreter lock while
it reads, where ``QImage.fromData`` holds it for the whole decode (a large photo decoded
by the task worker froze the GUI, and a decode that waits on Qt's plugin loader while
holding the lock can deadlock with the GUI thread).  The reader also checks the size in
the header before decoding, decodes straight to the size shown, and turns a phone photo
upright from its EXIF orientation."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageIOHandler, QImageReader

from app.services.transfer.notebook_import import IMAGE_PIXELS_MAX

MAX_IMAGE_SIDE = 2400
"""Pictures larger than this are read scaled down (no view needs more)."""


def _target(size: QSize, max_side: int, height: int | None) -> QSize | None:
    """The size to decode at: ``height`` tall when given, else within ``max_side``;
    None keeps the picture's own size."""
    if not size.isValid() or size.isEmpty():
        return None
    if height is not None and size.height() != height:
        width = max(1, round(size.width() * height / size.height()))
        return QSize(width, height)
    if max(size.width(), size.height()) > max_side:
        return size.scaled(max_side, max_side, Qt.AspectRatioMode.KeepAspectRatio)
    return None


def read_image(
    source: str | bytes, max_side: int = MAX_IMAGE_SIDE, *, height: int | None = None
) -> tuple[QImage | None, str | None]:
    """A picture from a file path or its bytes, upright and scaled down past ``max_side``
    (or to ``height`` pixels tall); ``(None, reason)`` when it cannot be read.  One whose
    header claims more than ``IMAGE_PIXELS_MAX`` pixels is never decoded."""
    buffer: QBuffer | None = None
    if isinstance(source, bytes):
        buffer = QBuffer()
        buffer.setData(QByteArray(source))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        reader = QImageReader(buffer)
    else:
        reader = QImageReader(source)
    reader.setAutoTransform(True)
    size = reader.size()
    if size.isValid() and size.width() * size.height() > IMAGE_PIXELS_MAX:
        return None, f"it is {size.width():,} × {size.height():,} pixels, too large to show"
    rotated = bool(reader.transformation() & QImageIOHandler.Transformation.TransformationRotate90)
    shown = size.transposed() if rotated else size  # the size upright
    target = _target(shown, max_side, height)
    if target is not None:  # scaling applies to the picture as stored, before the turn
        reader.setScaledSize(target.transposed() if rotated else target)
    image = reader.read()
    if buffer is not None:
        buffer.close()
    if image.isNull():
        return None, reader.errorString()
    return image, None
