"""The files an entry came with, under its text: photos as thumbnails, other files
(videos, audio, PDFs) by name.  Day One's ``dayone-moment:`` links in the text name
these files (``md5.type``), so each photo the text points to is shown here.

The thumbnails are decoded off the GUI thread (:func:`load_attachments`, in the entry's
background load) within the page view's pixel budget; the strip only shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap
from PySide6.QtWidgets import QListView, QListWidget, QListWidgetItem, QWidget

from app.services.journal.context import entry_attachments
from app.services.transfer.notebook_import import IMAGE_PIXELS_MAX
from app.store import Database

THUMBNAIL_SIDE = 120


@dataclass(frozen=True)
class Attachment:
    file_name: str
    media_type: str
    thumbnail: QImage | None
    """None for a file that is not an image, or an image that cannot be shown."""


def _thumbnail(data: bytes) -> QImage | None:
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    reader = QImageReader(buffer)
    reader.setAutoTransform(True)
    size = reader.size()
    if not size.isValid() or size.width() * size.height() > IMAGE_PIXELS_MAX:
        return None
    side = THUMBNAIL_SIDE
    reader.setScaledSize(size.scaled(side, side, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    return None if image.isNull() else image


def load_attachments(db: Database, entry_id: int) -> list[Attachment]:
    """Background: the entry's attachments, its images decoded as thumbnails."""
    return [
        Attachment(a.file_name, a.media_type, _thumbnail(a.data) if a.data else None)
        for a in entry_attachments(db, entry_id)
    ]


class AttachmentStrip(QListWidget):
    """A row of an entry's attachments; hidden when it has none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryAttachments")
        self.setAccessibleName("Attachments")
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(False)
        self.setMovement(QListView.Movement.Static)
        self.setIconSize(QSize(THUMBNAIL_SIDE, THUMBNAIL_SIDE))
        self.setFixedHeight(THUMBNAIL_SIDE + 48)
        self.hide()

    def show_attachments(self, attachments: list[Attachment]) -> None:
        self.clear()
        for attachment in attachments:
            item = QListWidgetItem(attachment.file_name)
            item.setToolTip(f"{attachment.file_name} ({attachment.media_type})")
            if attachment.thumbnail is not None:
                item.setIcon(QPixmap.fromImage(attachment.thumbnail))
            self.addItem(item)
        self.setVisible(bool(attachments))
