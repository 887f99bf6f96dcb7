"""The Models page of Settings: the embedded default, the GGUF files in the models folder,
and the recommended models with Download (progress, Cancel, resume) and Use.

Listing reads GGUF headers, so it runs when the page is first shown, on the window's
long lane (``Tasks``), never on the database's.  A download is a long network job on
that lane too, never on the GUI thread, the database thread or the model's.  Its
progress reaches the bar on the GUI thread; Cancel cancels the task's token, which the
download checks at its next chunk, leaving the partial file for a resume.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.domain.models_catalog import ModelCatalog, size_text
from app.domain.progress import Cancelled, Progress
from app.services.models import catalog as models_catalog
from app.services.models.catalog import (
    DownloadResult,
    LocalModel,
    MemoryFit,
    RecommendedInfo,
)
from app.services.models.names import BUILT_IN, display_name
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Lane, Task, Tasks

_PATH_ROLE = Qt.ItemDataRole.UserRole
_PROGRESS_STEPS = 1000


def fit_text(fit: MemoryFit) -> str:
    """``"~2.0 GB, fits"`` and the like, for a table cell."""
    if fit.needed_bytes is None:
        return "unknown"
    need = f"~{size_text(fit.needed_bytes)}"
    if fit.fits is None:
        return need
    return f"{need}, fits" if fit.fits else f"{need}, too big for the free memory"


class ModelsPage(QWidget):
    """Shows local and recommended models; ``use_requested`` carries a chosen file."""

    use_requested = Signal(object)
    """A model file (``Path``) the user wants to use; the dialog validates and saves it."""
    refreshed = Signal()
    download_finished = Signal(object)
    """The ``DownloadResult``, or the exception that ended the download."""

    def __init__(
        self,
        data_dir: Path,
        tasks: Tasks,
        *,
        catalog: ModelCatalog | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._data_dir = data_dir
        self._tasks = tasks
        self._catalog = catalog
        self._shown = False
        self._download: Task | None = None
        self._downloading: str | None = None
        self._refreshing = False
        self.setAccessibleName("Models")

        self.quality_label = QLabel()
        self.quality_label.setWordWrap(True)
        self.quality_label.setTextFormat(Qt.TextFormat.PlainText)
        self.quality_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.quality_label.setAccessibleName("What quality to expect")

        # ---- on this computer
        self.local_tree = QTreeWidget()
        self.local_tree.setAccessibleName("Models on this computer")
        self.local_tree.setHeaderLabels(["Model", "Kind", "Size", "Memory", ""])
        self.local_tree.setRootIsDecorated(False)
        self.local_tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.local_tree.itemSelectionChanged.connect(self._update_state)
        self.local_tree.itemDoubleClicked.connect(lambda *_: self.use_selected_local())
        self.use_local_button = QPushButton("&Use")
        self.use_local_button.setToolTip("Make the selected model the one Inkling uses")
        self.use_local_button.clicked.connect(self.use_selected_local)
        self.folder_label = QLabel()
        self.folder_label.setTextFormat(Qt.TextFormat.PlainText)
        self.folder_label.setWordWrap(True)
        self.folder_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.folder_label.setAccessibleName("Models folder")
        self.open_folder_button = QPushButton("Open &folder")
        self.open_folder_button.setToolTip("Put .gguf files here and they appear in this list")
        self.open_folder_button.clicked.connect(self.open_models_folder)
        local_buttons = QHBoxLayout()
        local_buttons.addWidget(self.folder_label, 1)
        local_buttons.addWidget(self.open_folder_button)
        local_buttons.addWidget(self.use_local_button)
        local_box = QGroupBox("On this computer")
        local_layout = QVBoxLayout(local_box)
        local_layout.addWidget(self.local_tree)
        local_layout.addLayout(local_buttons)

        # ---- recommended
        self.recommended_tree = QTreeWidget()
        self.recommended_tree.setAccessibleName("Recommended models")
        self.recommended_tree.setHeaderLabels(["Model", "Size", "Licence", "Memory", "Status"])
        self.recommended_tree.setRootIsDecorated(False)
        self.recommended_tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.recommended_tree.itemSelectionChanged.connect(self._update_state)
        self.detail_label = QLabel()
        self.detail_label.setWordWrap(True)
        self.detail_label.setTextFormat(Qt.TextFormat.PlainText)
        self.detail_label.setAccessibleName("About the selected model")
        self.download_button = QPushButton("&Download")
        self.download_button.setToolTip(
            "Download the selected model from the model hub (the only time Inkling goes online)"
        )
        self.download_button.clicked.connect(self.download_selected)
        self.use_recommended_button = QPushButton("U&se")
        self.use_recommended_button.setToolTip("Make the downloaded model the one Inkling uses")
        self.use_recommended_button.clicked.connect(self.use_selected_recommended)
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, _PROGRESS_STEPS)
        self.progress_bar.setAccessibleName("Download progress")
        self.progress_bar.setVisible(False)
        self.cancel_button = QPushButton("&Cancel download")
        self.cancel_button.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel_download)
        download_row = QHBoxLayout()
        download_row.addWidget(self.progress_bar, 1)
        download_row.addWidget(self.cancel_button)
        download_row.addStretch(0)
        download_row.addWidget(self.download_button)
        download_row.addWidget(self.use_recommended_button)
        recommended_box = QGroupBox("Recommended")
        recommended_layout = QVBoxLayout(recommended_box)
        recommended_layout.addWidget(self.recommended_tree)
        recommended_layout.addWidget(self.detail_label)
        recommended_layout.addLayout(download_row)

        self.message = MessageLabel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.quality_label)
        layout.addWidget(local_box, 2)
        layout.addWidget(recommended_box, 3)
        layout.addWidget(self.message)
        for tree in (self.local_tree, self.recommended_tree):
            tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            for column in range(1, tree.columnCount()):
                tree.header().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self._update_state()

    def showEvent(self, event: QShowEvent) -> None:
        """The lists are read the first time the page is shown (reading headers takes time)."""
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self.refresh()

    # ------------------------------------------------------------------ state

    @property
    def is_busy(self) -> bool:
        return self._refreshing or self._downloading is not None

    @property
    def is_downloading(self) -> bool:
        return self._downloading is not None

    def _selected_path(self, tree: QTreeWidget) -> Path | None:
        items = tree.selectedItems()
        value = items[0].data(0, _PATH_ROLE) if items else None
        return Path(value) if isinstance(value, str) and value else None

    def _selected_name(self) -> str | None:
        items = self.recommended_tree.selectedItems()
        value = items[0].data(1, _PATH_ROLE) if items else None
        return value if isinstance(value, str) else None

    def _update_state(self) -> None:
        downloading = self._downloading is not None
        self.use_local_button.setEnabled(self._selected_path(self.local_tree) is not None)
        name = self._selected_name()
        downloaded = self._selected_path(self.recommended_tree) is not None
        self.download_button.setEnabled(name is not None and not downloaded and not downloading)
        self.use_recommended_button.setEnabled(downloaded)
        self.progress_bar.setVisible(downloading)
        self.cancel_button.setVisible(downloading)
        items = self.recommended_tree.selectedItems()
        self.detail_label.setText(items[0].toolTip(0) if items else "")

    # ------------------------------------------------------------------ listing

    def refresh(self) -> None:
        """Re-read the models folder and the list (off the GUI thread)."""
        data, catalog = self._data_dir, self._catalog
        self._refreshing = True

        def read() -> tuple[ModelCatalog, list[LocalModel], list[RecommendedInfo], Path]:
            loaded = catalog or models_catalog.load_catalog()
            return (
                loaded,
                models_catalog.list_models(data, catalog=loaded),
                models_catalog.recommended_models(data, catalog=loaded),
                models_catalog.models_dir(data),
            )

        self._tasks.run(
            read,
            lane=Lane.LONG,
            on_done=if_alive(self, self._show),
            on_error=if_alive(self, self._failed),
        )

    def _failed(self, error: BaseException) -> None:
        self._refreshing = False
        self.message.show_error(user_message(error))
        self._update_state()
        self.refreshed.emit()

    def _show(
        self, value: tuple[ModelCatalog, list[LocalModel], list[RecommendedInfo], Path]
    ) -> None:
        self._refreshing = False
        catalog, local, recommended, folder = value
        self._catalog = catalog
        self.quality_label.setText(f"{catalog.quality.default} {catalog.quality.recommended}")
        self.folder_label.setText(f"Models folder: {folder}")
        self.folder_label.setToolTip(str(folder))

        selected_local = self._selected_path(self.local_tree)
        self.local_tree.clear()
        for model in local:
            name = BUILT_IN if model.is_default else display_name(model.path, catalog=catalog)
            item = QTreeWidgetItem(
                [
                    name,
                    model.architecture or "—",
                    size_text(model.size_bytes),
                    "cannot be used" if model.problem else fit_text(model.fit),
                    "In use" if model.in_use else "",
                ]
            )
            item.setToolTip(0, model.problem or str(model.path))
            item.setData(0, _PATH_ROLE, "" if model.problem else str(model.path))
            self.local_tree.addTopLevelItem(item)
            if selected_local is not None and model.path == selected_local:
                item.setSelected(True)

        selected_name = self._selected_name()
        self.recommended_tree.clear()
        for view in recommended:
            entry = view.model
            if view.path is not None:
                status = "Downloaded"
            elif view.partial_bytes:
                status = f"{size_text(view.partial_bytes)} fetched, resumes"
            else:
                status = "Not downloaded"
            item = QTreeWidgetItem(
                [
                    entry.title,
                    size_text(entry.size_bytes) if entry.size_bytes else "size from the hub",
                    entry.license,
                    fit_text(view.fit),
                    status,
                ]
            )
            item.setToolTip(
                0,
                f"{entry.good_for} From {entry.repo} ({entry.filename}); context "
                f"{entry.context_length:,} tokens.",
            )
            item.setData(0, _PATH_ROLE, str(view.path) if view.path else "")
            item.setData(1, _PATH_ROLE, entry.name)
            self.recommended_tree.addTopLevelItem(item)
            if entry.name == selected_name:
                item.setSelected(True)
        self._update_state()
        self.refreshed.emit()

    # ------------------------------------------------------------------ choosing

    def select_recommended(self, name: str) -> None:
        for i in range(self.recommended_tree.topLevelItemCount()):
            item = self.recommended_tree.topLevelItem(i)
            if item is not None:
                item.setSelected(item.data(1, _PATH_ROLE) == name)

    def use_selected_local(self) -> None:
        path = self._selected_path(self.local_tree)
        if path is not None:
            self.use_requested.emit(path)

    def use_selected_recommended(self) -> None:
        path = self._selected_path(self.recommended_tree)
        if path is not None:
            self.use_requested.emit(path)

    def open_models_folder(self) -> None:
        folder = models_catalog.models_dir(self._data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self.message.show_error(
                f"The folder {folder} could not be opened; open it in your file manager."
            )

    # ------------------------------------------------------------------ downloading

    def download_selected(self) -> None:
        name = self._selected_name()
        if name is None or self._downloading is not None:
            return
        data, catalog = self._data_dir, self._catalog
        task = Task()
        self._download = task
        self._downloading = name
        self.progress_bar.setValue(0)
        self.message.show_info(f"Downloading {name}…")
        self._update_state()

        def job() -> DownloadResult:
            return models_catalog.download_model(
                data, name, catalog=catalog, cancel=task.token, on_progress=task.report
            )

        self._tasks.run(
            job,
            lane=Lane.LONG,
            task=task,
            on_progress=if_alive(self, self._show_progress),
            on_done=if_alive(self, self._downloaded),
            on_error=if_alive(self, self._download_failed),
        )

    def _show_progress(self, progress: Progress) -> None:
        if self._downloading is None:
            return
        done, total = progress.done, progress.total
        if total is not None and total > 0:
            self.progress_bar.setRange(0, _PROGRESS_STEPS)
            self.progress_bar.setValue(min(_PROGRESS_STEPS, done * _PROGRESS_STEPS // total))
            self.progress_bar.setFormat(f"{size_text(done)} of {size_text(total)}")
        else:
            self.progress_bar.setRange(0, 0)  # unknown size: a busy bar

    def cancel_download(self) -> None:
        if self._download is not None:
            self._download.cancel()
            self.message.show_info("Cancelling the download…")

    def _downloaded(self, result: DownloadResult) -> None:
        self._downloading = None
        self._download = None
        if result.already_present:
            self.message.show_info(f"{result.model.title} is already downloaded.")
        else:
            self.message.show_info(
                f"{result.model.title} is downloaded and verified; press Use to choose it."
            )
        self._update_state()
        self.download_finished.emit(result)
        self.refresh()

    def _download_failed(self, error: BaseException) -> None:
        self._downloading = None
        self._download = None
        if isinstance(error, Cancelled):
            self.message.show_info(
                "The download was cancelled; Download again to resume where it stopped."
            )
        else:
            self.message.show_error(user_message(error))
        self._update_state()
        self.download_finished.emit(error)
        self.refresh()

    def shutdown(self, msecs: int = 60_000) -> None:
        """Cancel a running download and wait for it to stop (the dialog is closing), so
        that a download asked for again finds the partial file free to resume."""
        task = self._download
        if task is not None:
            task.cancel()
            task.wait(msecs / 1000)
