"""The File menu's imports, exports, backup and restore.

Each action asks for a file or folder, then runs its service on the database thread
(``Operations``) behind a progress dialog whose Cancel stops the work between entries
(nothing is half-imported or half-written).  A refusal is one sentence in the main
window's error dialog; what an import or a restore changed reaches the views through
``Operations.changed`` like any other change.

Restore swaps the database file while the window stays open: the services' ``Database``
object reconnects to the restored file, so the views keep it; the entry being edited is
saved first and reloaded afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QProgressDialog

from app.domain.progress import Cancelled, CancelToken, ProgressFn
from app.services import backup, journal_export, journal_import
from app.services.changes import OpResult
from app.store import Database

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

IMPORTS: Final = (
    # kind, menu text, asks for a folder (else a file)
    ("dayone", "&Day One…", False),
    ("markdown", "&Markdown folder…", True),
    ("logseq", "&Logseq folder…", True),
    ("text", "&Text files…", True),
)
EXPORTS: Final = (
    ("markdown", "&Markdown…"),
    ("loop-csv", "&Loop Habit Tracker CSV…"),
    ("json", "&JSON (suggestions and findings)…"),
)


class _Progress(QObject):
    """Carries ``(done, total)`` from the database thread to the GUI thread (queued)."""

    changed = Signal(int, int)


class FileMenu(QObject):
    """Adds Import, Export, Back up and Restore to a menu and carries them out."""

    finished = Signal(str)
    """A one-line summary of what a finished action did (also shown in the status bar)."""
    progressed = Signal(int, int)
    """``(done, total)`` of the running action, on the GUI thread."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._busy = False
        self.progress_dialog: QProgressDialog | None = None
        self.import_actions: dict[str, QAction] = {}
        self.export_actions: dict[str, QAction] = {}
        self.backup_action = QAction("&Back Up…", window)
        self.restore_action = QAction("&Restore…", window)
        self.backup_action.triggered.connect(self.ask_backup)
        self.restore_action.triggered.connect(self.ask_restore)

    def add_to(self, menu: QMenu) -> None:
        importing = menu.addMenu("&Import")
        for kind, text, folder in IMPORTS:
            action = importing.addAction(text)
            action.triggered.connect(lambda _=False, k=kind, f=folder: self.ask_import(k, f))
            self.import_actions[kind] = action
        exporting = menu.addMenu("E&xport")
        for kind, text in EXPORTS:
            action = exporting.addAction(text)
            action.triggered.connect(lambda _=False, k=kind: self.ask_export(k))
            self.export_actions[kind] = action
        menu.addAction(self.backup_action)
        menu.addAction(self.restore_action)

    @property
    def busy(self) -> bool:
        return self._busy

    # ------------------------------------------------------------------ asking

    def ask_import(self, kind: str, folder: bool) -> None:
        if folder:
            path = QFileDialog.getExistingDirectory(self._window, f"Import a {kind} folder")
        else:  # Day One: the .zip, or Journal.json in the unpacked folder
            path, _ = QFileDialog.getOpenFileName(
                self._window,
                "Import a Day One export",
                "",
                "Day One export (*.zip *.json);;All files (*)",
            )
            if path.lower().endswith(".json"):
                path = str(Path(path).parent)
        if path:
            self.import_from(kind, Path(path))

    def ask_export(self, kind: str) -> None:
        if kind == "json":
            path, _ = QFileDialog.getSaveFileName(
                self._window,
                "Export suggestions and findings",
                "inkling-review.json",
                "JSON (*.json)",
            )
        else:
            path = QFileDialog.getExistingDirectory(
                self._window, "Export into a new or empty folder"
            )
        if path:
            self.export_to(kind, Path(path))

    def ask_backup(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self._window,
            "Back up the database",
            "inkling-backup.sqlite3",
            "Inkling backup (*.sqlite3)",
        )
        if path:
            self.backup_to(Path(path))

    def ask_restore(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self._window, "Restore a backup", "", "Inkling backup (*.sqlite3);;All files (*)"
        )
        if not path:
            return
        answer = QMessageBox.question(
            self._window,
            "Restore a backup",
            f"Replace everything in Inkling with {Path(path).name}? What you wrote since that "
            "backup will be gone.",
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.restore_from(Path(path))

    # ------------------------------------------------------------------ doing

    def import_from(self, kind: str, path: Path) -> None:
        def work(db: Database, progress: ProgressFn, stop: CancelToken) -> Any:
            return journal_import.import_journal(db, kind, path, on_progress=progress, cancel=stop)

        def summary(result: Any) -> str:
            assert isinstance(result, OpResult)
            return journal_import.describe(result.value)

        self._run(f"Importing {path.name}…", work, summary)

    def export_to(self, kind: str, path: Path) -> None:
        def work(db: Database, progress: ProgressFn, stop: CancelToken) -> Any:
            if kind == "markdown":
                return journal_export.export_markdown(db, path, on_progress=progress, cancel=stop)
            if kind == "loop-csv":
                return journal_export.export_loop_csv(db, path, on_progress=progress, cancel=stop)
            return journal_export.export_json(db, path)

        def summary(result: Any) -> str:
            assert isinstance(result, journal_export.ExportSummary)
            return f"Exported {result.items} item(s) to {result.path}."

        self._run(f"Exporting to {path.name}…", work, summary)

    def backup_to(self, path: Path) -> None:
        def work(db: Database, _progress: ProgressFn, _stop: CancelToken) -> Any:
            return backup.backup_database(db, path)

        def summary(result: Any) -> str:
            assert isinstance(result, backup.BackupSummary)
            return f"Backed up to {result.path}."

        self._run("Backing up…", work, summary, cancellable=False)

    def restore_from(self, path: Path) -> None:
        page = self._window.entry_page
        page.save_now()  # queued before the restore on the same thread
        shown = page.entry_id

        def work(db: Database, _progress: ProgressFn, _stop: CancelToken) -> Any:
            return backup.restore_database(db, path)

        def summary(result: Any) -> str:
            assert isinstance(result, OpResult)
            restored = result.value
            assert isinstance(restored, backup.RestoreSummary)
            if shown is not None and page.entry_id == shown:
                page.close_entry()
                if shown in result.changes.entries:
                    self._window.open_entry(shown)
            return (
                f"Restored {Path(restored.path).name}: {restored.entries} entries, "
                f"{restored.notebooks} notebooks."
            )

        self._run("Restoring…", work, summary, cancellable=False)

    def _run(
        self,
        label: str,
        work: Callable[[Database, ProgressFn, CancelToken], Any],
        summary: Callable[[Any], str],
        *,
        cancellable: bool = True,
    ) -> None:
        db = self._window.db
        if db is None or self._busy:
            return
        self._busy = True
        stop = CancelToken()
        relay = _Progress(self)
        dialog = QProgressDialog(label, "Cancel" if cancellable else "", 0, 0, self._window)
        dialog.setObjectName("fileProgress")
        dialog.setWindowTitle("Inkling")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)
        dialog.setAutoReset(False)
        dialog.setAutoClose(False)
        if not cancellable:
            dialog.setCancelButton(None)
        dialog.canceled.connect(stop.cancel)

        def show_progress(done: int, total: int) -> None:
            dialog.setMaximum(total)
            dialog.setValue(done)
            self.progressed.emit(done, total)

        relay.changed.connect(show_progress)
        self.progress_dialog = dialog

        def finish() -> None:
            self._busy = False
            self.progress_dialog = None
            dialog.canceled.disconnect(stop.cancel)
            dialog.close()
            dialog.deleteLater()
            relay.deleteLater()

        def done(result: Any) -> None:
            finish()
            message = summary(result)
            self._window.statusBar().showMessage(message, 8000)
            self.finished.emit(message)

        def failed(error: BaseException) -> None:
            finish()
            if isinstance(error, Cancelled):
                self._window.statusBar().showMessage(str(error), 8000)
                self.finished.emit(str(error))
            else:
                self._window.show_error(error)

        self._window.ops.run(
            lambda: work(db, lambda p: relay.changed.emit(p.done, p.total or 0), stop),
            on_done=done,
            on_error=failed,
        )
