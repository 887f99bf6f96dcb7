"""The notebooks list: each notebook with its page count and a thumbnail of its first page,
and Import (a folder of scans or of PAGE-XML/ALTO files, a text file, or a PDF) running in
the background with progress by page and Cancel: the files are read on the long lane, then
stored on the database lane.  An empty list offers the sample notebook."""

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
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.domain.formats.untrusted import one_line
from app.domain.progress import Cancelled, Progress
from app.services.changes import Changes, OpResult
from app.services.notebooks import pages as notebooks
from app.services.notebooks import samples
from app.services.notebooks.pages import NotebookImported, NotebookInfo
from app.store import Database
from app.ui.common.images import read_image
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Lane, Task, Tasks, Then

THUMB = QSize(40, 52)
ID_ROLE = Qt.ItemDataRole.UserRole
EMPTY_NOTE = (
    "No notebooks yet: import a folder (scans or PAGE-XML/ALTO), a text file or a PDF — "
    "or try the sample notebook."
)
IMPORT_CANCELLED = "The import was cancelled; nothing was added."


REPORT_LINES = 50
"""Most skipped items the window lists after an import (the CLI's JSON lists them all)."""


def import_report(book: NotebookImported, limit: int = REPORT_LINES) -> str:
    """What an import left out, one line each (at most ``limit``), and the pages that
    came without their scan; empty when there is nothing to say."""
    lines: list[str] = []
    if book.without_scan:
        lines.append(
            f"{book.without_scan} page(s) came without a scan (not in the export): they show "
            "their text only; attach a scan from the page view or with "
            "`inkling notebook attach-scan`."
        )
    for skipped in book.skipped[:limit]:
        where = skipped.path + (f" ({skipped.item})" if skipped.item else "")
        lines.append(f"Skipped {one_line(where)}: {skipped.reason}")
    if len(book.skipped) > limit:
        lines.append(f"…and {len(book.skipped) - limit} more (the command line lists them all).")
    return "\n".join(lines)


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
        self._import_task: Task | None = None
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
            "Import a folder of page scans (PNG, JPEG, TIFF) or of PAGE-XML/ALTO files (an "
            "archival export, with or without mets.xml and scans), a text file or a PDF"
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
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setAccessibleName("Cancel the import")
        self.cancel_button.setToolTip("Stop the import; nothing is added")
        self.cancel_button.clicked.connect(self.cancel_import)
        self.cancel_button.hide()
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        layout.addLayout(progress_row)
        self.message = MessageLabel(self)
        layout.addWidget(self.message)
        self.import_report = QPlainTextEdit(self)
        self.import_report.setReadOnly(True)
        self.import_report.setAccessibleName("What the import left out")
        self.import_report.setMaximumHeight(140)
        self.import_report.hide()
        layout.addWidget(self.import_report)
        self.sample_button = QPushButton("Try the sample notebook", self)
        self.sample_button.setToolTip(
            "Six typed pages — a poem, a to-do list, a quotation, names — to try the detectors on"
        )
        self.sample_button.clicked.connect(self.load_sample)
        self.sample_button.hide()
        layout.addWidget(self.sample_button)

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
        self.sample_button.setVisible(not entries)
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

    def load_sample(self) -> None:
        """Import the sample notebook (or open it, when it is already here)."""
        if self._importing:
            return
        self._start_import("Adding the sample notebook…", cancellable=False)
        db = self.db
        self.tasks.run(
            lambda: samples.load_sample_notebook(db),
            on_done=if_alive(self, self._imported),
            on_error=if_alive(self, self._import_failed),
        )

    def _start_import(self, message: str, *, cancellable: bool) -> None:
        self._importing = True
        self.import_report.hide()
        self.import_button.setEnabled(False)
        self.sample_button.setEnabled(False)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.cancel_button.setEnabled(True)
        self.cancel_button.setVisible(cancellable)
        self.message.show_info(message)

    def cancel_import(self) -> None:
        """Stop the running import (between pages, or before it is stored): nothing stays."""
        task = self._import_task
        if task is not None:
            task.cancel()
            self.cancel_button.setEnabled(False)
            self.message.show_info("Cancelling the import…")

    def import_path(self, path: Path) -> None:
        """Import in the background; a refusal is one sentence under the button."""
        if self._importing:
            return
        self._start_import(f"Importing {path.name}…", cancellable=True)
        db = self.db
        task = Task()
        self._import_task = task

        def read() -> Then[OpResult[NotebookInfo]]:
            files = notebooks.read_notebook_files(
                db, path, on_progress=task.report, cancel=task.token
            )

            def store() -> OpResult[NotebookInfo]:
                if task.cancelled:  # cancelled while the files waited for the database
                    notebooks.discard_notebook_read(files)
                    raise Cancelled(IMPORT_CANCELLED)
                stored = notebooks.store_notebook(db, files)
                return OpResult(stored.value, stored.changes)

            return Then(Lane.DATABASE, store)

        self.tasks.run(
            read,
            lane=Lane.LONG,
            task=task,
            on_progress=if_alive(self, self._on_progress),
            on_done=if_alive(self, self._imported),
            on_error=if_alive(self, self._import_failed),
        )

    def _imported(self, result: OpResult[NotebookInfo]) -> None:
        self._import_finished()
        book = result.value
        tagged = len(result.changes.findings)
        verb = "Opened" if result.changes.empty else "Imported"  # the sample, already here
        left_out = len(book.skipped) if isinstance(book, NotebookImported) else 0
        self.message.show_info(
            f"{verb} {book.title} ({book.pages} pages"
            + (
                f"; {tagged} annotation{'s' if tagged != 1 else ''} kept from its PAGE-XML tags"
                if tagged
                else ""
            )
            + (f"; {left_out} files or pages skipped, listed below" if left_out else "")
            + ")."
        )
        report = import_report(book) if isinstance(book, NotebookImported) else ""
        self.import_report.setPlainText(report)
        self.import_report.setVisible(bool(report))
        self.imported.emit(book.id)
        self.reload()

    def _import_failed(self, error: BaseException) -> None:
        self._import_finished()
        if isinstance(error, Cancelled):
            self.message.show_info(IMPORT_CANCELLED)
        else:
            self.message.show_error(user_message(error))

    def _on_progress(self, progress: Progress) -> None:
        total = progress.total
        if self._importing and total is not None and total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(progress.done, total))

    def _import_finished(self) -> None:
        self._importing = False
        self._import_task = None
        self.import_button.setEnabled(True)
        self.sample_button.setEnabled(True)
        self.progress.hide()
        self.cancel_button.hide()
