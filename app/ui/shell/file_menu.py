"""The File menu's imports, exports, backup, restore and rescue.

Each action asks for a file or folder, then runs its service through the window's
``Tasks`` behind a progress dialog whose Cancel stops the work between entries (nothing
is half-imported or half-written): an import reads its files on the long lane and
stores them on the database lane, then lists what it left out and why (a report beside
the window, when it left anything out), an export writes from a read-only snapshot on the
long lane, backup and restore run on the database lane.  A refusal is one sentence in
the window's error dialog; what an import or a restore changed reaches the views through
``Tasks.changed`` like any other change.  The menu knows the window only through
``FileMenuHost``.

Restore swaps the database file while the window stays open: the services' ``Database``
object reconnects to the restored file, so the views keep it; the entry being edited is
saved first and reloaded afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QProgressDialog, QWidget

from app.domain.formats.skipped import Skipped, skipped_lines
from app.domain.progress import Cancelled, Progress
from app.services.changes import Changes, OpResult
from app.services.transfer import backup, journal_export, journal_import, rescue
from app.store import Database
from app.ui.common.tasks import Lane, Task, Tasks, Then

IMPORTS: Final = (
    # kind, menu text, asks for a folder (else a file)
    ("dayone", "&Day One…", False),
    ("markdown", "&Markdown folder…", True),
    ("logseq", "&Logseq folder…", True),
    ("text", "&Text files…", True),
)
REPORT_ITEMS_MAX: Final = 1000
"""The most skipped items an import's report lists one by one."""
EXPORTS: Final = (
    ("markdown", "&Markdown…"),
    ("loop-csv", "&Loop Habit Tracker CSV…"),
    ("json", "&JSON (suggestions and findings)…"),
)


class FileMenuHost(Protocol):
    """What the File menu needs from the window it is in."""

    @property
    def db(self) -> Database | None: ...

    def show_error(self, exc: BaseException) -> None: ...

    def show_status(self, message: str) -> None: ...

    def save_entry(self) -> int | None:
        """Save the entry being edited (queued on the database lane first); its id."""
        ...

    def entry_restored(self, entry_id: int, changes: Changes) -> None:
        """A restore replaced the database under ``entry_id``, the entry that was shown."""
        ...


Work = Callable[[Database, Task], Any]
"""An action's work: the service call (or its first phase, returning ``Then``)."""


class FileMenu(QObject):
    """Adds Import, Export, Back up and Restore to a menu and carries them out."""

    finished = Signal(str)
    """A one-line summary of what a finished action did (also shown in the status bar)."""
    progressed = Signal(int, int)
    """``(done, total)`` of the running action, on the GUI thread."""

    def __init__(self, window: QWidget, tasks: Tasks, host: FileMenuHost) -> None:
        super().__init__(window)
        self._window = window
        self._tasks = tasks
        self._host = host
        self._busy = False
        self.progress_dialog: QProgressDialog | None = None
        self.import_report: QMessageBox | None = None
        """The report of the last import that left something out, while it is open."""
        self.import_actions: dict[str, QAction] = {}
        self.export_actions: dict[str, QAction] = {}
        self.backup_action = QAction("&Back Up…", window)
        self.restore_action = QAction("&Restore…", window)
        self.backup_action.triggered.connect(self.ask_backup)
        self.restore_action.triggered.connect(self.ask_restore)
        self.rescue_action = QAction("Res&cue a Damaged Database…", window)
        self.rescue_action.triggered.connect(self.ask_rescue)

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
        menu.addAction(self.rescue_action)

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

    def ask_rescue(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self._window,
            "Copy what can be read into a new database",
            "inkling-rescued.sqlite3",
            "Inkling database (*.sqlite3)",
        )
        if path:
            self.rescue_to(Path(path))

    # ------------------------------------------------------------------ doing

    def import_from(self, kind: str, path: Path) -> None:
        def work(db: Database, task: Task) -> Then[OpResult[journal_import.ImportSummary]]:
            read = journal_import.read_journal(kind, path, cancel=task.token)
            return Then(
                Lane.DATABASE,
                lambda: journal_import.store_journal(
                    db, read, on_progress=task.report, cancel=task.token
                ),
            )

        def summary(result: Any) -> str:
            assert isinstance(result, OpResult)
            done = result.value
            assert isinstance(done, journal_import.ImportSummary)
            first = journal_import.headline(done)
            if done.skipped:
                self._show_import_report(path, first, done.skipped)
            return first

        self._run(f"Importing {path.name}…", Lane.LONG, work, summary)

    def _show_import_report(self, path: Path, first: str, skipped: tuple[Skipped, ...]) -> None:
        """What an import left out, after it: the reasons grouped, each item in the
        details (at most ``REPORT_ITEMS_MAX``).  Not modal: the entries are there to read."""
        box = QMessageBox(self._window)
        box.setObjectName("importReport")
        box.setWindowTitle(f"Imported {path.name}")
        box.setIcon(QMessageBox.Icon.Information)
        box.setText(first)
        box.setInformativeText("\n".join(skipped_lines(skipped)))
        listed = [
            f"{s.path}{f' ({s.item})' if s.item else ''}: {s.reason}"
            for s in skipped[:REPORT_ITEMS_MAX]
        ]
        if len(skipped) > REPORT_ITEMS_MAX:
            listed.append(f"… and {len(skipped) - REPORT_ITEMS_MAX} more.")
        box.setDetailedText("\n".join(listed))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.import_report = box
        box.finished.connect(lambda _result: setattr(self, "import_report", None))
        box.open()

    def export_to(self, kind: str, path: Path) -> None:
        def work(db: Database, task: Task) -> journal_export.ExportSummary:
            progress, cancel = task.report, task.token
            if kind == "markdown":
                return journal_export.export_markdown(db, path, on_progress=progress, cancel=cancel)
            if kind == "loop-csv":
                return journal_export.export_loop_csv(db, path, on_progress=progress, cancel=cancel)
            return journal_export.export_json(db, path)

        def summary(result: Any) -> str:
            assert isinstance(result, journal_export.ExportSummary)
            return f"Exported {result.items} item(s) to {result.path}."

        self._run(f"Exporting to {path.name}…", Lane.LONG, work, summary)

    def backup_to(self, path: Path) -> None:
        def summary(result: Any) -> str:
            assert isinstance(result, backup.BackupSummary)
            return f"Backed up to {result.path}."

        self._run(
            "Backing up…",
            Lane.DATABASE,
            lambda db, _task: backup.backup_database(db, path),
            summary,
            cancellable=False,
        )

    def restore_from(self, path: Path) -> None:
        shown = self._host.save_entry()  # queued before the restore on the same lane

        def summary(result: Any) -> str:
            assert isinstance(result, OpResult)
            restored = result.value
            assert isinstance(restored, backup.RestoreSummary)
            if shown is not None:
                self._host.entry_restored(shown, result.changes)
            return (
                f"Restored {Path(restored.path).name}: {restored.entries} entries, "
                f"{restored.notebooks} notebooks."
            )

        self._run(
            "Restoring…",
            Lane.DATABASE,
            lambda db, _task: backup.restore_database(db, path),
            summary,
            cancellable=False,
        )

    def rescue_to(self, path: Path) -> None:
        def summary(result: Any) -> str:
            assert isinstance(result, rescue.RescueSummary)
            return f"{rescue.describe(result)} File ▸ Restore… puts it in place."

        self._run(
            "Rescuing…",
            Lane.LONG,  # it only reads the database
            lambda db, _task: rescue.rescue_database(db.path, path),
            summary,
            cancellable=False,
        )

    def _run(
        self,
        label: str,
        lane: Lane,
        work: Work,
        summary: Callable[[Any], str],
        *,
        cancellable: bool = True,
    ) -> None:
        db = self._host.db
        if db is None or self._busy:
            return
        self._busy = True
        task = Task()
        dialog = QProgressDialog(label, "Cancel" if cancellable else "", 0, 0, self._window)
        dialog.setObjectName("fileProgress")
        dialog.setWindowTitle("Inkling")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)
        dialog.setAutoReset(False)
        dialog.setAutoClose(False)
        if not cancellable:
            dialog.setCancelButton(None)
        dialog.canceled.connect(task.cancel)
        self.progress_dialog = dialog

        def show_progress(progress: Progress) -> None:
            total = progress.total or 0
            dialog.setMaximum(total)
            dialog.setValue(progress.done)
            self.progressed.emit(progress.done, total)

        def finish() -> None:
            self._busy = False
            self.progress_dialog = None
            dialog.canceled.disconnect(task.cancel)
            dialog.close()
            dialog.deleteLater()

        def done(result: Any) -> None:
            finish()
            message = summary(result)
            self._host.show_status(message)
            self.finished.emit(message)

        def failed(error: BaseException) -> None:
            finish()
            if isinstance(error, Cancelled):
                self._host.show_status(str(error))
                self.finished.emit(str(error))
            else:
                self._host.show_error(error)

        self._tasks.run(
            lambda: work(db, task),
            lane=lane,
            task=task,
            on_progress=show_progress,
            on_done=done,
            on_error=failed,
        )
