"""The notebooks list: each notebook with its page count and a thumbnail of its first page,
and Import (a folder of scans or of PAGE-XML/ALTO files, a text file, or a PDF) running in
the background with progress by page: the files are read on the long lane, then stored on
the database lane."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.domain.progress import Progress
from app.services.changes import Changes, OpResult
from app.services.notebooks import pages as notebooks
from app.services.notebooks.pages import NotebookInfo
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Lane, Task, Tasks, Then
from app.ui.notebooks.page_view import read_image

THUMB = QSize(40, 52)
ID_ROLE = Qt.ItemDataRole.UserRole
EMPTY_NOTE = "No notebooks yet: import a folder (scans or PAGE-XML/ALTO), a text file or a PDF."


@dataclass(frozen=True)
class NotebookEntry:
    notebook: NotebookInfo
    thumbnail: QImage | None
    """Scaled off the GUI thread (a QImage may be made on any thread; a QPixmap may not)."""


def load_entries(db: Database) -> list[NotebookEntry]:
    """The notebooks with their first page's image scaled to a thumbnail (background)."""
    entries: list[NotebookEntry] = []
    for book in notebooks.list_notebooks(db):
        thumb: QImage | None = None
        pages = notebooks.list_pages(db, book.id) if book.pages else []
        first = next((p for p in pages if p.image_path), None)
        path = notebooks.image_file(db, first) if first is not None else None
        if path is not None and path.exists():
            image, _ = read_image(str(path), max_side=2 * THUMB.height())  # never decoded whole
            if image is not None:
                thumb = image.scaled(
                    THUMB,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
        entries.append(NotebookEntry(book, thumb))
    return entries


def _placeholder() -> QPixmap:
    pixmap = QPixmap(THUMB)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


class NotebookList(QWidget):
    """Notebooks and their import; ``notebook_requested`` when one is opened."""

    notebook_requested = Signal(int)
    imported = Signal(int)
    loaded = Signal()

    def __init__(self, db: Database, tasks: Tasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.tasks = tasks
        self._importing = False
        self._loading = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        title = QLabel("Notebooks", self)
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        header.addWidget(title, 1)
        self.import_button = QPushButton("Import…", self)
        self.import_button.setToolTip(
            "Import a folder of page scans or of PAGE-XML/ALTO files, a text file or a PDF"
        )
        menu = QMenu(self.import_button)
        self.import_folder_action = menu.addAction("Folder of page images or PAGE-XML/ALTO…")
        self.import_text_action = menu.addAction("Text file…")
        self.import_pdf_action = menu.addAction("PDF…")
        self.import_folder_action.triggered.connect(self._pick_folder)
        self.import_text_action.triggered.connect(self._pick_text)
        self.import_pdf_action.triggered.connect(self._pick_pdf)
        self.import_button.setMenu(menu)
        header.addWidget(self.import_button)
        layout.addLayout(header)

        self.progress = QProgressBar(self)
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.progress.setAccessibleName("Importing")
        self.progress.hide()
        layout.addWidget(self.progress)
        self.message = MessageLabel(self)
        layout.addWidget(self.message)

        self.list = QListWidget(self)
        self.list.setIconSize(THUMB)
        self.list.setAccessibleName("Notebooks")
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        layout.addWidget(self.list, 1)
        self.reload()

    @property
    def is_busy(self) -> bool:
        return self._importing or self._loading > 0

    # ------------------------------------------------------------------ list

    def refresh(self, changes: Changes) -> None:
        if changes.notebooks or changes.pages:
            self.reload()

    def reload(self) -> None:
        db = self.db
        self._loading += 1
        self.tasks.run(
            lambda: load_entries(db),
            on_done=if_alive(self, self._show),
            on_error=if_alive(self, self._load_failed),
        )

    def _load_failed(self, error: BaseException) -> None:
        self._loading -= 1
        self.message.show_error(user_message(error))

    def _show(self, entries: list[NotebookEntry]) -> None:
        self._loading -= 1
        current = self.current_notebook()
        self.list.clear()
        for entry in entries:
            book = entry.notebook
            pages = f"{book.pages} page{'s' if book.pages != 1 else ''}"
            item = QListWidgetItem(f"{book.title}\n{pages}")
            item.setData(ID_ROLE, book.id)
            item.setToolTip(f"{book.title} — {pages}")
            pixmap = (
                QPixmap.fromImage(entry.thumbnail)
                if entry.thumbnail is not None
                else _placeholder()
            )
            item.setIcon(QIcon(pixmap))
            item.setSizeHint(QSize(0, THUMB.height() + 8))
            self.list.addItem(item)
            if book.id == current:
                self.list.setCurrentItem(item)
        if not entries and not self.message.text():
            self.message.show_info(EMPTY_NOTE)
        elif self.message.text() == EMPTY_NOTE:
            self.message.clear_message()
        self.loaded.emit()

    def current_notebook(self) -> int | None:
        item = self.list.currentItem()
        return int(item.data(ID_ROLE)) if item is not None else None

    def notebook_ids(self) -> list[int]:
        return [int(self.list.item(i).data(ID_ROLE)) for i in range(self.list.count())]

    def _activated(self, item: QListWidgetItem) -> None:
        self.notebook_requested.emit(int(item.data(ID_ROLE)))

    def _context_menu(self, position: QPoint) -> None:
        item = self.list.itemAt(position)
        if item is None:
            return
        menu = QMenu(self)
        menu.addAction("Open", lambda: self._activated(item))
        menu.addAction("Delete notebook…", lambda: self.delete_notebook(int(item.data(ID_ROLE))))
        menu.exec(self.list.viewport().mapToGlobal(position))

    def delete_notebook(self, notebook_id: int) -> None:
        """Delete a notebook (after asking) with its pages, runs, findings and images."""
        title = next(
            (
                self.list.item(i).text().split("\n")[0]
                for i in range(self.list.count())
                if self.list.item(i).data(ID_ROLE) == notebook_id
            ),
            "this notebook",
        )
        answer = QMessageBox.question(
            self,
            "Delete notebook",
            f"Delete {title}, its page images and every finding? This cannot be undone.",
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        db = self.db

        def done(_result: object) -> None:
            self.message.show_info(f"Deleted {title}.")
            self.reload()

        self.tasks.run(
            lambda: notebooks.delete_notebook(db, notebook_id),
            on_done=if_alive(self, done),
            on_error=if_alive(self, lambda e: self.message.show_error(user_message(e))),
        )

    # ------------------------------------------------------------------ import

    def _pick_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, "Import a folder of page images, or of PAGE-XML or ALTO files beside them"
        )
        if folder:
            self.import_path(Path(folder))

    def _pick_text(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import a text notebook", "", "Text (*.txt *.md);;All files (*)"
        )
        if path:
            self.import_path(Path(path))

    def _pick_pdf(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a PDF", "", "PDF (*.pdf)")
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> None:
        """Import in the background; a refusal is one sentence under the button."""
        if self._importing:
            return
        self._importing = True
        self.import_button.setEnabled(False)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.message.show_info(f"Importing {path.name}…")
        db = self.db
        task = Task()

        def read() -> Then[OpResult[NotebookInfo]]:
            files = notebooks.read_notebook_files(db, path, on_progress=task.report)
            return Then(Lane.DATABASE, lambda: notebooks.store_notebook(db, files))

        def done(result: OpResult[NotebookInfo]) -> None:
            self._import_finished()
            book = result.value
            names = len(result.changes.findings)
            self.message.show_info(
                f"Imported {book.title} ({book.pages} pages"
                + (f"; {names} names from its PAGE-XML tags)." if names else ").")
            )
            self.imported.emit(book.id)
            self.reload()

        def failed(error: BaseException) -> None:
            self._import_finished()
            self.message.show_error(user_message(error))

        self.tasks.run(
            read,
            lane=Lane.LONG,
            task=task,
            on_progress=if_alive(self, self._on_progress),
            on_done=if_alive(self, done),
            on_error=if_alive(self, failed),
        )

    def _on_progress(self, progress: Progress) -> None:
        total = progress.total
        if self._importing and total is not None and total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(progress.done, total))

    def _import_finished(self) -> None:
        self._importing = False
        self.import_button.setEnabled(True)
        self.progress.hide()
