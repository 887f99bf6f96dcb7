"""An entry's star, tags and photos under its title: a star toggle, tag chips ("×" takes
one off, the line edit adds one) and photo thumbnails (a click shows the photo, whose
window can take it off the entry; **Add Photo…** keeps a PNG, JPEG or TIFF with it).
Photos are read, checked and decoded off the GUI thread."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import pairwise

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.services.changes import Changes, OpResult
from app.services.journal import extras
from app.services.journal.extras import EntryExtras, PhotoInfo
from app.store import Database
from app.ui.common.images import read_image
from app.ui.common.tasks import Tasks
from app.ui.notebooks.look import FlowLayout, clear_layout, tag_chip

THUMB = 56
"""Thumbnail height in pixels."""
CHIP_COLOUR = QColor("#5c6bc0")
STARRED, NOT_STARRED = "★", "☆"


def _kind(media_type: str) -> str:
    """What an attachment is, in a word a person reads."""
    major = media_type.partition("/")[0]
    if major == "image":
        return "Photo"
    if major == "video":
        return "Video"
    if major == "audio":
        return "Recording"
    return "PDF" if media_type == "application/pdf" else "File"


def _decode(data: bytes, height: int | None) -> QImage:
    """A photo, upright, as an image ``height`` pixels tall when given (QImage is safe off
    the GUI thread, QPixmap is not); a null image when it cannot be read."""
    image, _reason = read_image(data, height=height)
    return image if image is not None else QImage()


class PhotoDialog(QDialog):
    remove_requested = Signal()

    def __init__(self, name: str, image: QImage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(name)
        self.setObjectName("photoDialog")
        layout = QVBoxLayout(self)
        label = QLabel()
        label.setAccessibleName(f"Photo {name}")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        if image.isNull():
            label.setText("This photo cannot be shown.")
        else:
            label.setPixmap(QPixmap.fromImage(image))
        scroll = QScrollArea()
        scroll.setWidget(label)
        scroll.setWidgetResizable(True)
        layout.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.remove_button = buttons.addButton(
            "Remove from Entry", QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.remove_button.clicked.connect(self.remove_requested)
        self.remove_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.label = label
        self.resize(min(900, max(320, image.width() + 40)), min(700, max(240, image.height() + 80)))


class EntryExtrasBar(QWidget):
    """Star, tags and photos of the entry shown; every database call goes through Tasks."""

    def __init__(self, tasks: Tasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryExtras")
        self._tasks = tasks
        self._db: Database | None = None
        self.entry_id: int | None = None
        self.extras: EntryExtras | None = None
        self.chips: dict[str, QFrame] = {}
        self.thumbnails: dict[int, QToolButton] = {}
        self.files: dict[int, QToolButton] = {}
        """Attachments that are not pictures (videos, recordings, PDFs), by id."""
        self.photo_dialog: PhotoDialog | None = None

        self.star = QToolButton()
        self.star.setObjectName("starButton")
        self.star.setCheckable(True)
        self.star.setText(NOT_STARRED)
        self.star.setAccessibleName("Starred")
        self.star.setToolTip("Star this entry")
        self.chip_box = QWidget()
        self.chip_box.setAccessibleName("Tags")
        self.chip_layout = FlowLayout(self.chip_box)
        self.tag_edit = QLineEdit()
        self.tag_edit.setPlaceholderText("Add a tag")
        self.tag_edit.setAccessibleName("Add a tag to this entry")
        self.tag_edit.setMaximumWidth(140)
        self.photo_box = QWidget()
        self.photo_box.setAccessibleName("Photos")
        self.photo_layout = QHBoxLayout(self.photo_box)
        self.photo_layout.setContentsMargins(0, 0, 0, 0)
        self.photo_layout.setSpacing(4)
        self.add_photo_button = QToolButton()
        self.add_photo_button.setObjectName("addPhoto")
        self.add_photo_button.setText("Add Photo…")
        self.add_photo_button.setAccessibleName("Add a photo to this entry")
        self.add_photo_button.clicked.connect(self.choose_photo)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.star)
        layout.addWidget(self.chip_box, 1)
        layout.addWidget(self.tag_edit)
        layout.addWidget(self.photo_box)
        layout.addWidget(self.add_photo_button)
        self.star.clicked.connect(self._star_clicked)
        self.tag_edit.returnPressed.connect(self._add_from_edit)

    def set_database(self, db: Database | None) -> None:
        self._db = db

    def show_entry(self, entry_id: int | None) -> None:
        """Show ``entry_id``'s extras (read in the background), or nothing."""
        if entry_id != self.entry_id:
            self.entry_id = entry_id
            self._show(None)
        self.reload()

    def reload(self) -> None:
        db, entry_id = self._db, self.entry_id
        if db is None or entry_id is None:
            return

        def shown(value: EntryExtras | None) -> None:
            if value is not None and value.entry_id == self.entry_id:
                self._show(value)

        self._tasks.run(lambda: extras.get_extras_or_none(db, entry_id), on_done=shown)

    def refresh(self, changes: Changes) -> None:
        if self.entry_id is not None and self.entry_id in changes.entries:
            self.reload()

    # ------------------------------------------------------------------ showing

    def _show(self, value: EntryExtras | None) -> None:
        old = self.extras
        self.extras = value
        starred = value is not None and value.starred
        self.star.setChecked(starred)
        self.star.setText(STARRED if starred else NOT_STARRED)
        self.star.setToolTip("Starred: click to unstar" if starred else "Star this entry")
        self.star.setAccessibleDescription("on" if starred else "off")
        tags = value.tags if value is not None else ()
        photos = value.photos if value is not None else ()
        changed = old is None or value is None or (old.tags, old.photos) != (tags, photos)
        if old is None or value is None or old.tags != tags:
            self._fill_chips(tags)
        if old is None or value is None or old.photos != photos:
            self._fill_photos(photos)
        if changed:
            self._chain_tabs()

    def _chain_tabs(self) -> None:
        """Tab goes star, each chip's "×", the tag field, each attachment: as they read
        (widgets made later would otherwise come last in the window's tab order)."""
        removers = [
            button for chip in self.chips.values() for button in chip.findChildren(QToolButton)
        ]
        chain: list[QWidget] = [self.star, *removers, self.tag_edit]
        laid = (self.photo_layout.itemAt(i) for i in range(self.photo_layout.count()))
        chain += [w for item in laid if item is not None and (w := item.widget()) is not None]
        chain.append(self.add_photo_button)
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _fill_chips(self, tags: tuple[str, ...]) -> None:
        clear_layout(self.chip_layout)
        self.chips = {}
        for tag in tags:
            chip = tag_chip(tag, CHIP_COLOUR, tag, partial(self.remove_tag, tag))
            self.chip_layout.addWidget(chip)
            self.chips[tag] = chip
        self.chip_box.updateGeometry()

    def _fill_photos(self, photos: tuple[PhotoInfo, ...]) -> None:
        clear_layout(self.photo_layout)
        self.thumbnails = {}
        self.files = {}
        db = self._db
        for photo in photos:
            button = QToolButton()
            kind = _kind(photo.media_type)
            if kind != "Photo":  # a video, a recording, a PDF: kept, named, not decoded
                button.setObjectName("attachmentFile")
                button.setAccessibleName(f"{kind} {photo.file_name}")
                button.setText(f"{kind}: {photo.file_name}")
                button.setToolTip(
                    f"{photo.file_name} is kept with the entry; File ▸ Export takes it out."
                )
                self.photo_layout.addWidget(button)
                self.files[photo.id] = button
                continue
            button.setObjectName("photoThumbnail")
            button.setAccessibleName(f"Photo {photo.file_name}")
            button.setToolTip(f"{photo.file_name}: click to see it")
            button.setIconSize(QSize(THUMB * 4 // 3, THUMB))
            button.setText("…")
            button.clicked.connect(lambda _=False, p=photo: self.open_photo(p))
            self.photo_layout.addWidget(button)
            self.thumbnails[photo.id] = button
            if db is not None:
                self._load_thumbnail(db, photo.id)

    def _load_thumbnail(self, db: Database, photo_id: int) -> None:
        def shown(image: QImage) -> None:
            button = self.thumbnails.get(photo_id)
            if button is not None and not image.isNull():
                button.setIcon(QIcon(QPixmap.fromImage(image)))
                button.setText("")
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)

        self._tasks.run(lambda: _decode(extras.photo_data(db, photo_id), THUMB), on_done=shown)

    # ------------------------------------------------------------------ editing

    def _run(self, fn: Callable[[], OpResult[EntryExtras]]) -> None:
        def done(result: OpResult[EntryExtras]) -> None:
            if result.value.entry_id == self.entry_id:
                self._show(result.value)

        self._tasks.run(fn, on_done=done, report_errors=True)

    def _star_clicked(self, checked: bool) -> None:
        db, entry_id = self._db, self.entry_id
        if db is not None and entry_id is not None:
            self._run(lambda: extras.set_starred(db, entry_id, checked))

    def _add_from_edit(self) -> None:
        text = self.tag_edit.text().strip()
        if text:
            self.tag_edit.clear()
            self.add_tag(text)

    def add_tag(self, tag: str) -> None:
        db, entry_id = self._db, self.entry_id
        if db is not None and entry_id is not None:
            self._run(lambda: extras.add_tag(db, entry_id, tag))

    def remove_tag(self, tag: str) -> None:
        db, entry_id = self._db, self.entry_id
        if db is not None and entry_id is not None:
            self._run(lambda: extras.remove_tag(db, entry_id, tag))

    def choose_photo(self) -> None:
        """Ask for a picture file and keep it with the entry (read and checked off the GUI
        thread; a refused file ends in the error dialog and changes nothing)."""
        db, entry_id = self._db, self.entry_id
        if db is None or entry_id is None:
            return
        path, _filter = QFileDialog.getOpenFileName(
            self, "Add a Photo", "", "Pictures (*.png *.jpg *.jpeg *.tif *.tiff)"
        )
        if path:
            self._run(lambda: extras.add_photo_file(db, entry_id, path))

    def remove_photo(self, photo_id: int) -> None:
        db, entry_id = self._db, self.entry_id
        if db is not None and entry_id is not None:
            self._run(lambda: extras.remove_photo(db, entry_id, photo_id))

    def open_photo(self, photo: PhotoInfo) -> None:
        db = self._db
        if db is None:
            return

        def shown(image: QImage) -> None:
            dialog = PhotoDialog(photo.file_name, image, self.window())
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.finished.connect(lambda _c: setattr(self, "photo_dialog", None))
            dialog.remove_requested.connect(lambda: self.remove_photo(photo.id))
            self.photo_dialog = dialog
            dialog.open()

        self._tasks.run(lambda: _decode(extras.photo_data(db, photo.id), None), on_done=shown)
