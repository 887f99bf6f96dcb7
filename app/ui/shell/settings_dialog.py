"""Settings: the model (embedded default or any local GGUF file), threads, context size,
automatic detection, and where the data lives.

Like Picard's options pages, each group of controls loads from the typed ``Settings`` and
saves back into it; the dialog writes the file once, on OK, through ``Tasks`` (off the
GUI thread). A model file chosen here is checked on the long lane (reading its header
never holds up the database) before it can replace the current one: its header, and its
chat template rendered in a child process under a time and a memory limit
(``check_model``); a bad file leaves a one-sentence message and the old choice.
The optional vision model (a multimodal GGUF and its ``mmproj`` projector, for detectors
that read page images) is chosen and checked the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.domain.models_catalog import ModelCatalog, size_text
from app.llm import ModelError, ModelInfo, default_model_path
from app.llm.errors import ModelNotFoundError, NotGGUFError
from app.llm.info import check_gguf_file
from app.llm.server import parse_server_url
from app.paths import database_path
from app.services.models.choice import check_model, model_info
from app.services.models.names import DEFAULT_MODEL_TITLE, display_name
from app.services.models.server import ServerChoice, check_server
from app.services.settings import (
    MAX_GPU_LAYERS,
    MAX_SERVER_CONCURRENCY,
    Settings,
    load_settings,
    save_settings,
)
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Lane, Tasks
from app.ui.shell.models_page import ModelsPage

CONTEXT_SIZES = (1024, 2048, 4096, 8192, 16384, 32768)

MODEL_NOTE = (
    f"The embedded default, {DEFAULT_MODEL_TITLE}, is tiny: it runs on any computer, so "
    "treat its suggestions as rough guesses. The Models tab lists stronger GGUF models, downloads "
    "one when you ask (the only time Inkling goes online) and says what quality to expect."
)


VISION_NOTE = (
    "Without both a multimodal model and its projector, detectors in vision mode (such as "
    "Beer labels) are skipped as “needs a vision model”."
)


def check_projector_file(path: Path) -> Path:
    """The resolved ``path`` when it is an existing GGUF file (a vision projector, ``mmproj``);
    raises a ModelError in one sentence otherwise."""
    try:
        return check_gguf_file(path)
    except NotGGUFError as exc:
        raise ModelError(
            f"{path} is not a vision projector; choose the mmproj .gguf file that goes with "
            "the multimodal model.",
            path=path,
        ) from exc
    except ModelNotFoundError as exc:
        raise ModelError(
            f"No vision projector file was found at {path}; check the path or choose another.",
            path=path,
        ) from exc


def describe_model(info: ModelInfo) -> str:
    """The model's human name (never the GGUF header's), architecture and size."""
    return f"{display_name(info.path)} ({info.architecture}, {size_text(info.size_bytes)})"


DEFAULT_MODEL_NAME = DEFAULT_MODEL_TITLE


def describe_default_model() -> str | None:
    """The embedded default model in a few words, or None when it is not installed.

    Only the file's size is read: parsing a GGUF header takes seconds in Python.
    """
    path = default_model_path()
    if path is None:
        return None
    return f"{DEFAULT_MODEL_NAME} ({size_text(path.stat().st_size)}, {path.name})"


PIPELINE_CHOICES = (
    (
        "Cue words in context (recommended)",
        "rules",
        "Fast and measured best: each habit's words, read with their grammar; no model call",
    ),
    (
        "The language model",
        "model",
        "The model alone; weak with the small embedded model, better with a larger one",
    ),
    (
        "Cue words, then the model",
        "combined",
        "Cue words first; the model is asked about the habits they did not find",
    ),
)


class SettingsDialog(QDialog):
    """Edit ``Settings``; OK saves them and reports what changed."""

    settings_changed = Signal(object)
    """The saved ``Settings`` (emitted on every OK, once they are on disk)."""
    model_changed = Signal(object)
    """The model file now chosen (``Path``), or ``None`` for the embedded default."""
    ready = Signal()
    """The saved settings have been read and the controls show them."""

    def __init__(
        self,
        data_dir: Path,
        db: Database,
        tasks: Tasks,
        current_model: ModelInfo | None,
        parent: QWidget | None = None,
        *,
        catalog: ModelCatalog | None = None,
        current_server: ServerChoice | None = None,
    ) -> None:
        super().__init__(parent)
        self._data_dir = data_dir
        self._current_server = current_server
        self._db = db
        self._tasks = tasks
        self._current_model = current_model
        self._loaded: Settings | None = None
        self._initial_model: Path | None = None
        self._chosen_file: ModelInfo | None = None
        self._vision_model: Path | None = None
        self._vision_projector: Path | None = None
        self._checking = 0
        self._saving = False
        self._sized = False
        self.setWindowTitle("Settings")
        self.setModal(True)
        self.setMinimumWidth(560)

        # ---- model
        self.in_use_label = QLabel()
        self.in_use_label.setWordWrap(True)
        self.in_use_label.setTextFormat(Qt.TextFormat.PlainText)
        self.in_use_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.in_use_label.setAccessibleName("Model in use")
        self.default_radio = QRadioButton("The &embedded default model")
        self.default_radio.setToolTip(f"{DEFAULT_MODEL_TITLE}, installed with Inkling")
        self.default_detail = QLabel()
        self.file_radio = QRadioButton("A model &file on this computer:")
        self.file_radio.setToolTip("Any GGUF model file made for llama.cpp")
        self.file_label = QLabel("No file chosen")
        self.file_label.setTextFormat(Qt.TextFormat.PlainText)
        self.file_label.setWordWrap(True)
        self.file_label.setAccessibleName("Chosen model file")
        self.choose_button = QPushButton("&Choose…")
        self.choose_button.setToolTip("Pick a .gguf model file; it is checked before use")
        self.choose_button.clicked.connect(self.choose_model_file)
        self.server_radio = QRadioButton("A model &server (llama-server, Ollama, LM Studio):")
        self.server_radio.setToolTip(
            "An OpenAI-compatible server, on this computer or another one you trust"
        )
        self.server_edit = QLineEdit()
        self.server_edit.setPlaceholderText("http://127.0.0.1:8080")
        self.server_edit.setAccessibleName("Model server address")
        self.server_model_edit = QLineEdit()
        self.server_model_edit.setPlaceholderText("Model name (empty: the first it lists)")
        self.server_model_edit.setAccessibleName("Model on the server")
        self.server_parallel_spin = QSpinBox()
        self.server_parallel_spin.setRange(1, MAX_SERVER_CONCURRENCY)
        self.server_parallel_spin.setSuffix(" at a time")
        self.server_parallel_spin.setAccessibleName("Requests the server answers at once")
        self.server_parallel_spin.setToolTip(
            "Notebook windows sent to the server together (servers answer several at once: "
            "llama-server --parallel, OLLAMA_NUM_PARALLEL); 1 sends one at a time"
        )
        self.server_check = QPushButton("Chec&k")
        self.server_check.setToolTip("Ask the server for its models before using it")
        self.server_check.clicked.connect(self.check_server)
        self.server_edit.textEdited.connect(self._server_edited)
        self.server_model_edit.textEdited.connect(self._server_edited)
        self._server_checked: ServerChoice | None = None
        group = QButtonGroup(self)
        group.addButton(self.default_radio)
        group.addButton(self.file_radio)
        group.addButton(self.server_radio)
        self.server_radio.toggled.connect(self._update_state)
        self.default_radio.setChecked(True)
        self.default_radio.toggled.connect(self._update_state)
        self.file_radio.toggled.connect(self._file_radio_toggled)
        for detail in (self.default_detail,):
            detail.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            detail.setTextFormat(Qt.TextFormat.PlainText)
        self.model_message = MessageLabel(self)
        self.note = QLabel(MODEL_NOTE)
        self.note.setWordWrap(True)
        self.note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.note.setAccessibleName("About the default model")

        file_row = QHBoxLayout()
        file_row.addSpacing(22)
        file_row.addWidget(self.file_label, 1)
        file_row.addWidget(self.choose_button)
        default_row = QHBoxLayout()
        default_row.addSpacing(22)
        default_row.addWidget(self.default_detail, 1)

        model_box = QGroupBox("Model")
        model_layout = QVBoxLayout(model_box)
        model_layout.setSpacing(6)
        model_layout.addWidget(self.in_use_label)
        model_layout.addSpacing(4)
        model_layout.addWidget(self.default_radio)
        model_layout.addLayout(default_row)
        model_layout.addWidget(self.file_radio)
        model_layout.addLayout(file_row)
        server_row = QHBoxLayout()
        server_row.addSpacing(22)
        server_row.addWidget(self.server_edit, 2)
        server_row.addWidget(self.server_model_edit, 1)
        server_row.addWidget(self.server_parallel_spin)
        server_row.addWidget(self.server_check)
        model_layout.addWidget(self.server_radio)
        model_layout.addLayout(server_row)
        model_layout.addWidget(self.model_message)
        model_layout.addSpacing(4)
        model_layout.addWidget(self.note)

        # ---- performance and detection
        self.threads_spin = QSpinBox()
        self.threads_spin.setRange(1, max(1, os.cpu_count() or 1) * 2)
        self.threads_spin.setAccessibleName("Threads")
        self.threads_spin.setToolTip(
            f"CPU threads the model may use (this computer has {os.cpu_count() or 1})"
        )
        self.gpu_spin = QSpinBox()
        self.gpu_spin.setRange(-1, MAX_GPU_LAYERS)
        self.gpu_spin.setSpecialValueText("All layers")
        self.gpu_spin.setAccessibleName("GPU layers")
        self.gpu_spin.setToolTip(
            "Layers of the model to run on the graphics card: 0 runs everything on the "
            "CPU. Needs llama-cpp-python built with CUDA, Metal or Vulkan (see the README); "
            "the build installed by the set-up uses the CPU only."
        )
        self.context_combo = QComboBox()
        self.context_combo.setAccessibleName("Context size")
        self.context_combo.setToolTip(
            "How much text the model can read at once, in tokens; larger needs more memory"
        )
        for size in CONTEXT_SIZES:
            self.context_combo.addItem(f"{size:,} tokens", size)
        self.auto_detect_check = QCheckBox("&Look for habits a few seconds after I stop typing")
        self.auto_detect_check.setToolTip(
            "When off, detection runs only when you ask for it (Entry ▸ Detect Completions)"
        )
        self.pipeline_combo = QComboBox()
        self.pipeline_combo.setAccessibleName("Who reads journal entries")
        for label, value, tip in PIPELINE_CHOICES:
            self.pipeline_combo.addItem(label, value)
            self.pipeline_combo.setItemData(
                self.pipeline_combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole
            )
        self.pipeline_combo.setToolTip(
            "Cue words are each habit's words (Habits & practices), read in context: "
            "plans, negations and other people's doings do not count."
        )
        self.model_reply_combo = QComboBox()
        self.model_reply_combo.setAccessibleName("How the model shows its evidence")
        self.model_reply_combo.addItem("Copies the words (recommended)", "quotes")
        self.model_reply_combo.addItem("Picks numbered clauses", "clauses")
        self.model_reply_combo.setToolTip(
            "When the model reads entries: copy the words that show a habit was done, or "
            "pick them from the entry's numbered clauses (for models that paraphrase when "
            "they copy); either way Inkling finds the words in the entry itself"
        )
        self.pipeline_combo.currentIndexChanged.connect(self._pipeline_changed)
        model_hint = QLabel(
            "Threads, GPU layers and context size apply when the model next starts."
        )
        model_hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        model_hint.setWordWrap(True)
        run_box = QGroupBox("Detection")
        run_form = QFormLayout(run_box)
        run_form.addRow("&Journal entries:", self.pipeline_combo)
        run_form.addRow("The model's &evidence:", self.model_reply_combo)
        run_form.addRow("&Threads:", self.threads_spin)
        run_form.addRow("&GPU layers:", self.gpu_spin)
        run_form.addRow("Context &size:", self.context_combo)
        run_form.addRow("", model_hint)
        run_form.addRow(self.auto_detect_check)

        # ---- vision (optional)
        self.vision_model_label = QLabel("No multimodal model chosen")
        self.vision_model_label.setTextFormat(Qt.TextFormat.PlainText)
        self.vision_model_label.setWordWrap(True)
        self.vision_model_label.setAccessibleName("Chosen vision model file")
        self.vision_model_button = QPushButton("Choose &model…")
        self.vision_model_button.setToolTip("Pick a multimodal .gguf model; it is checked first")
        self.vision_model_button.clicked.connect(self.choose_vision_model)
        self.vision_projector_label = QLabel("No projector chosen")
        self.vision_projector_label.setTextFormat(Qt.TextFormat.PlainText)
        self.vision_projector_label.setWordWrap(True)
        self.vision_projector_label.setAccessibleName("Chosen vision projector file")
        self.vision_projector_button = QPushButton("Choose &projector…")
        self.vision_projector_button.setToolTip(
            "Pick the vision projector (mmproj .gguf) made for that model"
        )
        self.vision_projector_button.clicked.connect(self.choose_vision_projector)
        self.vision_clear_button = QPushButton("C&lear")
        self.vision_clear_button.setToolTip("Use no vision model")
        self.vision_clear_button.clicked.connect(self.clear_vision)
        self.server_vision_edit = QLineEdit()
        self.server_vision_edit.setPlaceholderText("e.g. llava (empty: none)")
        self.server_vision_edit.setAccessibleName("Vision model on the model server")
        self.server_vision_edit.setToolTip(
            "With a model server as the engine: its model that reads page images "
            "(transcription and vision detectors), when no projector is chosen above"
        )
        self.vision_message = MessageLabel(self)
        self.vision_note = QLabel(VISION_NOTE)
        self.vision_note.setWordWrap(True)
        self.vision_note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.vision_note.setAccessibleName("About the vision model")
        vision_box = QGroupBox("Vision (optional)")
        vision_form = QFormLayout(vision_box)
        vision_model_row = QHBoxLayout()
        vision_model_row.addWidget(self.vision_model_label, 1)
        vision_model_row.addWidget(self.vision_model_button)
        vision_projector_row = QHBoxLayout()
        vision_projector_row.addWidget(self.vision_projector_label, 1)
        vision_projector_row.addWidget(self.vision_projector_button)
        clear_row = QHBoxLayout()
        clear_row.addStretch(1)
        clear_row.addWidget(self.vision_clear_button)
        vision_form.addRow("Multimodal model:", vision_model_row)
        vision_form.addRow("Projector:", vision_projector_row)
        vision_form.addRow("On the model server:", self.server_vision_edit)
        vision_form.addRow(clear_row)
        vision_form.addRow(self.vision_message)
        vision_form.addRow(self.vision_note)

        # ---- data
        self.folder_label = QLabel(str(data_dir))
        self.folder_label.setTextFormat(Qt.TextFormat.PlainText)
        self.folder_label.setWordWrap(True)
        self.folder_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.folder_label.setAccessibleName("Data folder")
        self.folder_label.setToolTip(f"The journal database: {database_path(data_dir).name}")
        self.open_folder_button = QPushButton("&Open folder")
        self.open_folder_button.setToolTip("Show the data folder in the file manager")
        self.open_folder_button.clicked.connect(self.open_data_folder)
        data_box = QGroupBox("Data")
        data_layout = QHBoxLayout(data_box)
        data_layout.addWidget(self.folder_label, 1)
        data_layout.addWidget(self.open_folder_button, 0, Qt.AlignmentFlag.AlignTop)

        # ---- buttons
        self.message = MessageLabel(self)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.defaults_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.defaults_button.setToolTip("The embedded model, default threads and context")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self.defaults_button.clicked.connect(self.restore_defaults)

        general = QWidget()
        general_layout = QVBoxLayout(general)
        general_layout.setSpacing(12)
        general_layout.addWidget(model_box)
        general_layout.addWidget(run_box)
        general_layout.addWidget(vision_box)
        general_layout.addWidget(data_box)
        self.models_page = ModelsPage(data_dir, tasks, catalog=catalog)
        self.models_page.use_requested.connect(self._use_from_models_page)
        self.tabs = QTabWidget()
        self.tabs.addTab(general, "&General")
        self.tabs.addTab(self.models_page, "M&odels")

        layout = QVBoxLayout(self)
        layout.setSpacing(12)
        layout.addWidget(self.tabs)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

        self._show_current()
        self._set_controls_enabled(False)
        self._load()

    # ------------------------------------------------------------------ state

    @property
    def is_ready(self) -> bool:
        return self._loaded is not None

    @property
    def is_busy(self) -> bool:
        return self._checking > 0 or self._saving or self._loaded is None

    @property
    def chosen_model(self) -> Path | None:
        """The model the dialog would save: a file, or None for the embedded default (or
        a model server, ``chosen_server``)."""
        if self.server_radio.isChecked():
            return None
        if self.file_radio.isChecked() and self._chosen_file is not None:
            return self._chosen_file.path
        return None

    def _show_current(self, default_path: Path | None = None) -> None:
        info = self._current_model
        if self._current_server is not None:
            self.in_use_label.setText(f"In use now: {self._current_server.name}")
            self.in_use_label.setToolTip("A model server")
        elif info is None:
            self.in_use_label.setText("No model is loaded right now.")
        elif default_path is not None and info.path == default_path.resolve():
            size = size_text(info.size_bytes)
            self.in_use_label.setText(
                f"In use now: {DEFAULT_MODEL_NAME}, the embedded default ({size})"
            )
            self.in_use_label.setToolTip(str(info.path))
        else:
            self.in_use_label.setText(f"In use now: {describe_model(info)}")
            self.in_use_label.setToolTip(str(info.path))

    def showEvent(self, event: QShowEvent) -> None:
        """Open tall enough for the wrapped notes at a comfortable width."""
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            width = max(self.width(), 620)
            self.resize(width, max(self.height(), self.heightForWidth(width)))

    def _set_controls_enabled(self, on: bool) -> None:
        for widget in (
            self.default_radio,
            self.file_radio,
            self.choose_button,
            self.server_radio,
            self.server_edit,
            self.server_model_edit,
            self.server_parallel_spin,
            self.server_check,
            self.server_vision_edit,
            self.threads_spin,
            self.gpu_spin,
            self.context_combo,
            self.pipeline_combo,
            self.model_reply_combo,
            self.auto_detect_check,
            self.vision_model_button,
            self.vision_projector_button,
            self.vision_clear_button,
            self.defaults_button,
        ):
            widget.setEnabled(on)
        if on:
            self._pipeline_changed()
        self._update_state()

    @property
    def vision_model(self) -> Path | None:
        """The multimodal model file the dialog would save, or None."""
        return self._vision_model

    @property
    def vision_projector(self) -> Path | None:
        """The vision projector file the dialog would save, or None."""
        return self._vision_projector

    @property
    def chosen_server(self) -> ServerChoice | None:
        """The model server the dialog would save (checked), or None."""
        return self._server_checked if self.server_radio.isChecked() else None

    def _server_edited(self) -> None:
        self._server_checked = None  # check again before it can be saved
        self.server_radio.setChecked(True)
        self._update_state()

    def check_server(self) -> None:
        """Ask the server (off the GUI thread) whether it answers and has the model."""
        url, model = self.server_edit.text(), self.server_model_edit.text().strip() or None
        self.server_radio.setChecked(True)
        self._checking += 1
        self._update_state()
        self.model_message.show_info("Asking the server…")

        def ask() -> ServerChoice:
            return check_server(url, model)

        def done(server: ServerChoice) -> None:
            self._checking -= 1
            self._server_checked = server
            self.server_model_edit.setText(server.model or "")
            where = "" if server.address.loopback else " It is not on this computer."
            self.model_message.show_info(f"The server answers with {server.model}.{where}")
            self._update_state()

        def failed(error: BaseException) -> None:
            self._checking -= 1
            self.model_message.show_error(user_message(error))
            self._update_state()

        self._tasks.run(
            ask, lane=Lane.LONG, on_done=if_alive(self, done), on_error=if_alive(self, failed)
        )

    def confirm_remote(self, server: ServerChoice) -> bool:
        """Ask once before the text of entries and pages may go to another computer."""
        answer = QMessageBox.warning(
            self,
            "Send your text to another computer?",
            f"{server.address.host} is not this computer. Inkling will send it the text of "
            "the entries and pages it reads, and that computer's owner can keep it.\n\n"
            "Use this server?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _update_state(self) -> None:
        self.file_label.setEnabled(self.file_radio.isChecked())
        self.server_vision_edit.setEnabled(
            self.server_radio.isEnabled() and self.server_radio.isChecked()
        )
        self.vision_clear_button.setEnabled(
            self.vision_model_button.isEnabled()
            and (self._vision_model is not None or self._vision_projector is not None)
        )
        self.ok_button.setEnabled(
            self._loaded is not None
            and not self._saving
            and self._checking == 0
            and (
                self.default_radio.isChecked()
                or (self.file_radio.isChecked() and self._chosen_file is not None)
                or self.chosen_server is not None
            )
        )

    # ------------------------------------------------------------------ loading

    def _load(self) -> None:
        data = self._data_dir

        def read() -> tuple[Settings, str | None, ModelInfo | None, str | None, Path | None]:
            settings = load_settings(data)
            default_path = default_model_path()
            try:
                default = describe_default_model()
            except Exception as exc:
                default = f"Damaged: {user_message(exc)}"
            saved_info: ModelInfo | None = None
            problem: str | None = None
            if settings.model_path:
                try:
                    saved_info = model_info(data, Path(settings.model_path))
                except Exception as exc:
                    problem = user_message(exc)
            return settings, default, saved_info, problem, default_path

        self._checking += 1
        self._tasks.run(
            read,
            lane=Lane.LONG,
            on_done=if_alive(self, self._loaded_settings),
            on_error=if_alive(self, self._load_failed),
        )

    def _loaded_settings(
        self, value: tuple[Settings, str | None, ModelInfo | None, str | None, Path | None]
    ) -> None:
        self._checking -= 1
        settings, default, saved_info, problem, default_path = value
        self._show_current(default_path)
        self._loaded = settings
        self.default_detail.setText(default or "Not installed: choose a model file instead.")
        self._initial_model = Path(settings.model_path) if settings.model_path else None
        if saved_info is not None:
            self._initial_model = saved_info.path
        self._apply(settings, saved_info)
        if problem is not None:
            self.model_message.show_error(problem)
        self._set_controls_enabled(True)
        self.ready.emit()

    def _load_failed(self, error: BaseException) -> None:
        self._checking -= 1
        self._loaded = Settings()
        self._apply(self._loaded, None)
        self._set_controls_enabled(True)
        self.message.show_error(user_message(error))
        self.ready.emit()

    def _apply(self, settings: Settings, file_info: ModelInfo | None) -> None:
        """Show ``settings`` in the controls."""
        blockers = (self.default_radio, self.file_radio, self.server_radio)
        with QSignalBlocker(blockers[0]), QSignalBlocker(blockers[1]), QSignalBlocker(blockers[2]):
            if settings.server_url:
                self.server_radio.setChecked(True)
            elif settings.model_path:
                self.file_radio.setChecked(True)
            else:
                self.default_radio.setChecked(True)
        self.server_edit.setText(settings.server_url or "")
        self.server_model_edit.setText(settings.server_model or "")
        self.server_parallel_spin.setValue(settings.server_concurrency)
        self.server_vision_edit.setText(settings.server_vision_model or "")
        self._server_checked = None
        if settings.server_url:
            try:  # what was saved was checked then; check again to change it
                saved = parse_server_url(settings.server_url)
                self._server_checked = ServerChoice(saved, settings.server_model)
            except ModelError:
                pass
        self._chosen_file = file_info
        if file_info is not None:
            self._show_file(file_info)
        elif settings.model_path:
            self.file_label.setText(settings.model_path)
        else:
            self.file_label.setText("No file chosen")
        self.threads_spin.setValue(settings.n_threads)
        self.gpu_spin.setValue(settings.n_gpu_layers)
        index = self.context_combo.findData(settings.n_ctx)
        if index < 0:
            self.context_combo.addItem(f"{settings.n_ctx:,} tokens", settings.n_ctx)
            index = self.context_combo.count() - 1
        self.context_combo.setCurrentIndex(index)
        self.auto_detect_check.setChecked(settings.auto_detect)
        self.pipeline_combo.setCurrentIndex(
            max(0, self.pipeline_combo.findData(settings.journal_pipeline))
        )
        self.model_reply_combo.setCurrentIndex(
            max(0, self.model_reply_combo.findData(settings.journal_model_reply))
        )
        self._pipeline_changed()
        self._vision_model = (
            Path(settings.vision_model_path) if settings.vision_model_path else None
        )
        self._vision_projector = (
            Path(settings.vision_projector) if settings.vision_projector else None
        )
        self._show_vision()
        self._update_state()

    def _pipeline_changed(self) -> None:
        """The model's evidence matters only when the model reads entries."""
        self.model_reply_combo.setEnabled(self.pipeline_combo.currentData() != "rules")

    def _file_radio_toggled(self, on: bool) -> None:
        if on and self._chosen_file is None and self._checking == 0:
            self.model_message.show_info(
                "Choose a model file with “Choose…”, or go back to the embedded default."
            )

    def _show_file(self, info: ModelInfo) -> None:
        self.file_label.setText(f"{describe_model(info)}\n{info.path}")
        self.file_label.setToolTip(str(info.path))

    def restore_defaults(self) -> None:
        self.model_message.clear_message()
        self.vision_message.clear_message()
        self._apply(Settings(), None)

    # ------------------------------------------------------------------ choosing a model

    def choose_model_file(self) -> None:
        start = self._chosen_file.path.parent if self._chosen_file is not None else Path.home()
        name, _filter = QFileDialog.getOpenFileName(
            self,
            "Choose a GGUF model file",
            str(start),
            "GGUF model files (*.gguf);;All files (*)",
        )
        if name:
            self.check_model_file(Path(name))

    def check_model_file(self, path: Path) -> None:
        """Validate ``path`` off the GUI thread; only a good file becomes the choice."""
        data = self._data_dir
        self._checking += 1
        self.model_message.show_info(f"Checking {path.name}…")
        self._update_state()
        self._tasks.run(
            lambda: check_model(data, path),
            lane=Lane.LONG,
            on_done=if_alive(self, self._file_ok),
            on_error=if_alive(self, self._file_bad),
        )

    def _file_ok(self, info: ModelInfo) -> None:
        self._checking -= 1
        self._chosen_file = info
        self._show_file(info)
        self.file_radio.setChecked(True)
        self.model_message.show_info(f"{info.name} is a usable model; press OK to switch to it.")
        self._update_state()

    def _file_bad(self, error: BaseException) -> None:
        self._checking -= 1
        self.model_message.show_error(user_message(error))
        self._update_state()

    def _use_from_models_page(self, path: Path) -> None:
        """A model chosen on the Models tab is checked like a chosen file, then shown."""
        self.tabs.setCurrentIndex(0)
        self.check_model_file(path)

    def done(self, result: int) -> None:
        self.models_page.shutdown()  # a running download is cancelled (it can resume)
        super().done(result)

    # ------------------------------------------------------------------ the vision model

    def _show_vision(self) -> None:
        model, projector = self._vision_model, self._vision_projector
        self.vision_model_label.setText(str(model) if model else "No multimodal model chosen")
        self.vision_model_label.setToolTip(str(model) if model else "")
        self.vision_projector_label.setText(str(projector) if projector else "No projector chosen")
        self.vision_projector_label.setToolTip(str(projector) if projector else "")

    def _pick_gguf(self, title: str, current: Path | None) -> Path | None:
        start = current.parent if current is not None else Path.home()
        name, _filter = QFileDialog.getOpenFileName(
            self, title, str(start), "GGUF files (*.gguf);;All files (*)"
        )
        return Path(name) if name else None

    def choose_vision_model(self) -> None:
        path = self._pick_gguf("Choose a multimodal GGUF model", self._vision_model)
        if path is not None:
            self.check_vision_model(path)

    def choose_vision_projector(self) -> None:
        current = self._vision_projector or self._vision_model
        path = self._pick_gguf("Choose its vision projector (mmproj)", current)
        if path is not None:
            self.check_vision_projector(path)

    def check_vision_model(self, path: Path) -> None:
        """Validate a multimodal model off the GUI thread; a bad file keeps the old one."""
        data = self._data_dir

        def check() -> Path:
            return model_info(data, path).path

        self._check_vision(path, check, self._vision_model_ok)

    def check_vision_projector(self, path: Path) -> None:
        """Validate a projector off the GUI thread (it must exist and be GGUF)."""
        self._check_vision(path, lambda: check_projector_file(path), self._vision_projector_ok)

    def _check_vision(
        self, path: Path, check: Callable[[], Path], done: Callable[[Path], None]
    ) -> None:
        self._checking += 1
        self.vision_message.show_info(f"Checking {path.name}…")
        self._update_state()
        self._tasks.run(
            check,
            lane=Lane.LONG,
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._vision_bad),
        )

    def _vision_model_ok(self, path: Path) -> None:
        self._checking -= 1
        self._vision_model = path
        self._vision_checked()

    def _vision_projector_ok(self, path: Path) -> None:
        self._checking -= 1
        self._vision_projector = path
        self._vision_checked()

    def _vision_checked(self) -> None:
        self._show_vision()
        if self._vision_model is not None and self._vision_projector is not None:
            self.vision_message.show_info("Press OK to use this vision model.")
        elif self._vision_model is None:
            self.vision_message.show_info("Now choose the multimodal model it goes with.")
        else:
            self.vision_message.show_info("Now choose its vision projector (mmproj).")
        self._update_state()

    def _vision_bad(self, error: BaseException) -> None:
        self._checking -= 1
        self.vision_message.show_error(user_message(error))
        self._update_state()

    def clear_vision(self) -> None:
        self._vision_model = None
        self._vision_projector = None
        self.vision_message.clear_message()
        self._show_vision()
        self._update_state()

    # ------------------------------------------------------------------ data folder

    def open_data_folder(self) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(self._data_dir))):
            self.message.show_error(
                f"The folder {self._data_dir} could not be opened; open it in your file manager."
            )

    # ------------------------------------------------------------------ saving

    def current_settings(self) -> Settings:
        base = self._loaded or Settings()
        chosen = self.chosen_model
        server = self.chosen_server
        if server is not None:  # the file choice is kept for when the server is given up
            model_path = base.model_path
            confirmed = None if server.address.loopback else server.address.base
        else:
            model_path = str(chosen) if chosen is not None else None
            confirmed = base.server_confirmed
        return base.with_changes(
            model_path=model_path,
            server_url=server.address.base if server is not None else None,
            server_model=server.model if server is not None else None,
            server_confirmed=confirmed,
            server_concurrency=self.server_parallel_spin.value(),
            server_vision_model=(self.server_vision_edit.text().strip() or None)
            if server is not None
            else None,
            vision_model_path=str(self._vision_model) if self._vision_model else None,
            vision_projector=str(self._vision_projector) if self._vision_projector else None,
            n_threads=self.threads_spin.value(),
            n_gpu_layers=self.gpu_spin.value(),
            n_ctx=int(self.context_combo.currentData()),
            auto_detect=self.auto_detect_check.isChecked(),
            journal_pipeline=str(self.pipeline_combo.currentData()),
            journal_model_reply=str(self.model_reply_combo.currentData()),
        )

    def save(self) -> None:
        """Write the settings (off the GUI thread); close once they are on disk."""
        if self.is_busy:
            return
        server = self.chosen_server
        loaded = self._loaded or Settings()
        if (
            server is not None
            and not server.address.loopback
            and loaded.server_confirmed != server.address.base
            and not self.confirm_remote(server)
        ):
            return
        settings = self.current_settings()
        data = self._data_dir
        self._saving = True
        self._update_state()

        def write() -> Settings:
            save_settings(data, settings)
            return settings

        self._tasks.run(
            write, on_done=if_alive(self, self._saved), on_error=if_alive(self, self._save_failed)
        )

    def _saved(self, settings: Settings) -> None:
        self._saving = False
        before = self._loaded or Settings()
        model_moved = self.chosen_model != self._initial_model or (
            settings.server_url,
            settings.server_model,
        ) != (before.server_url, before.server_model)
        self.settings_changed.emit(settings)
        if model_moved:
            self.model_changed.emit(self.chosen_model)
        self._loaded = settings
        self._initial_model = self.chosen_model
        self.accept()

    def _save_failed(self, error: BaseException) -> None:
        self._saving = False
        self.message.show_error(user_message(error))
        self._update_state()
