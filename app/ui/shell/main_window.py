"""Inkling's main window: the sidebar (Journal, Habits & practices, Notebooks), the content
area, and a
status bar with the model, detection progress (with Cancel) and its speed.

Nothing here touches the database or the model: background work goes through ``Tasks``
(the database lane, one thread and the only writer; the long lane for model files, runs
and the like), model calls through ``ModelBridge`` (the model's owner thread).  Every
view subscribes to ``Tasks.changed`` and refreshes itself, only where affected.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPalette, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app import clock
from app.domain.journal.pipeline import ModelReply, Pipeline
from app.llm import ModelInfo
from app.paths import database_path
from app.services.changes import Changes, OpResult
from app.services.inbox import InboxItem, ItemKind
from app.services.journal import entries as journal
from app.services.journal import samples
from app.services.journal.entries import DeletedEntry
from app.services.models.choice import choose_model, model_info
from app.services.models.names import display_name
from app.services.models.server import ServerChoice, choose_server
from app.services.models.server import connect as connect_server
from app.services.notebooks.models import text_identity, vision_runtime
from app.services.notebooks.runs import ModelIdentity, VisionRuntime, reconcile_interrupted
from app.services.settings import Settings, load_settings
from app.services.views import EntryInfo
from app.store import Database, StorageError, WriteWaits, open_database
from app.ui.common.messages import user_message
from app.ui.common.model_bridge import LoaderFactory, ModelBridge, llama_loader
from app.ui.common.outside_changes import OutsideChanges
from app.ui.common.tasks import WAITING_LABEL, Lane, Tasks
from app.ui.inbox.view import InboxView
from app.ui.journal.calendar_jump import CalendarJump
from app.ui.journal.detector import DetectionController
from app.ui.journal.entry_page import EntryPage
from app.ui.journal.habits import HabitsView
from app.ui.journal.sidebar import JournalSidebar
from app.ui.notebooks.detector_editor import DetectorEditor
from app.ui.notebooks.overview import NotebookOverview
from app.ui.notebooks.page_view import PageView
from app.ui.notebooks.runner import DetectorRunner
from app.ui.notebooks.sidebar import NotebookList
from app.ui.notebooks.tag_browser import TagBrowser
from app.ui.shell.edit_menu import EditMenu
from app.ui.shell.file_menu import FileMenu
from app.ui.shell.help_menu import HelpMenu
from app.ui.shell.icon import app_icon
from app.ui.shell.settings_dialog import SettingsDialog
from app.ui.shell.welcome import WelcomeView

log = logging.getLogger(__name__)

JOURNAL, HABITS, NOTEBOOKS, INBOX = "journal", "habits", "notebooks", "inbox"
UNDO_OFFER_MS = 15_000
"""How long the status bar offers to undo a deletion (Edit ▸ Undo works after it too)."""


class _Placeholder(QWidget):
    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        label = QLabel(text)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(label)
        self.label = label


def _vision_configured(settings: Settings) -> bool:
    """A vision model is set up: a multimodal GGUF and its projector, or a vision model on
    the model server."""
    return bool(settings.vision_model_path and settings.vision_projector) or bool(
        settings.server_url and settings.server_vision_model
    )


FIRST_SIZE = QSize(1180, 760)


def first_size(window: QWidget) -> QSize:
    """The size of a first window: ``FIRST_SIZE``, or nine tenths of a smaller screen
    (never below the window's minimum)."""
    room = window.screen().availableGeometry().size() * 0.9
    return FIRST_SIZE.boundedTo(room).expandedTo(window.minimumSize())


def _day_text(day: date) -> str:
    return f"{day:%a} {day.day} {day:%b %Y}"


def _with_bar(view: QWidget, name: str, *buttons: QPushButton, leading: bool) -> QWidget:
    """``view`` under a row of buttons (on the left when ``leading``, else on the right),
    scrolling when the window is smaller than the view's minimum size (the detector
    editor's form and the page view's three panes are wide)."""
    host = QWidget()
    layout = QVBoxLayout(host)
    layout.setContentsMargins(0, 6, 0, 0)
    layout.setSpacing(0)
    bar = QHBoxLayout()
    bar.setContentsMargins(12, 0, 12, 0)
    if not leading:
        bar.addStretch(1)
    for button in buttons:
        bar.addWidget(button)
    if leading:
        bar.addStretch(1)
    layout.addLayout(bar)
    layout.addWidget(view, 1)
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(host)
    return scroll


class MainWindow(QMainWindow):
    ready = Signal()
    """The database is open and the first view shows its data (a usable window)."""

    def __init__(
        self,
        data_dir: Path,
        *,
        cli_model: str | None = None,
        bridge: ModelBridge | None = None,
        loader_factory: LoaderFactory = llama_loader,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Inkling")
        self.setWindowIcon(app_icon())
        # An explicit minimum: the layout never changes the window's size hints after
        # it is shown (steadier, and quiet on platforms that cannot propagate them).
        self.setMinimumSize(760, 480)
        self.data_dir = data_dir
        self._cli_model = cli_model
        self._loader_factory = loader_factory
        self._own_bridge = bridge is None
        self.db: Database | None = None
        self.settings = Settings()
        self._closed = False
        self._ready = False
        self._asked_before_ready: int | None = None
        """An entry asked for before the journal had loaded: shown once it has."""
        self.launch_seconds: float | None = None
        self.tasks = Tasks(self)
        self.bridge = bridge if bridge is not None else ModelBridge(None, parent=self)
        self.detector = DetectionController(self.tasks, self.bridge, self)
        self.outside = OutsideChanges(self.tasks, self)
        """Other processes' writes to the database, broadcast like the window's own."""

        # ---------------------------------------------------------------- sidebar
        self.nav = QListWidget()
        self.nav.setAccessibleName("Sections")
        self.nav.setObjectName("sectionList")
        self.nav.setFrameShape(QListWidget.Shape.NoFrame)
        journal_item = QListWidgetItem("Journal")
        journal_item.setData(Qt.ItemDataRole.UserRole, JOURNAL)
        self.nav.addItem(journal_item)
        self.journal_sidebar = JournalSidebar(self.tasks)
        sidebar = QWidget()
        sidebar.setObjectName("sidebar")
        side_layout = QVBoxLayout(sidebar)
        side_layout.setContentsMargins(8, 8, 4, 8)
        side_layout.setSpacing(8)
        side_layout.addWidget(self.nav)
        side_layout.addWidget(self.journal_sidebar, 1)
        # the notebook list above the tag browser, shown only in the Notebooks section
        self.notebook_sidebar = QSplitter(Qt.Orientation.Vertical)
        self.notebook_sidebar.setObjectName("notebookSidebar")
        self.notebook_sidebar.setChildrenCollapsible(False)
        self.notebook_sidebar.hide()
        side_layout.addWidget(self.notebook_sidebar, 1)
        # takes the height when no section shows a sidebar of its own (Habits), so the
        # section list stays at the top instead of moving to the middle
        side_layout.addStretch(0)
        sidebar.setMinimumWidth(200)

        # ---------------------------------------------------------------- content
        self.stack = QStackedWidget()
        self.placeholder = _Placeholder("Opening your journal…")
        self.entry_page = EntryPage(self.tasks, self.detector)
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self.entry_page)
        self.habits_view: HabitsView | None = None
        self.inbox_view: InboxView | None = None
        self._reveal_suggestion: tuple[int, int] | None = None
        """(entry, suggestion) to highlight once the entry shows (opened from the inbox)."""
        self.welcome_view: WelcomeView | None = None
        self.settings_dialog: SettingsDialog | None = None
        self.model_info: ModelInfo | None = None
        self._server: ServerChoice | None = None
        """The model server in use (instead of a GGUF file), if one is chosen."""
        self._pending_info: ModelInfo | None = None
        self._find_word: tuple[int, str] | None = None
        self._deleted: list[DeletedEntry] = []
        """Entries deleted in this window, newest last: Edit ▸ Undo puts them back."""
        self.calendar_jump: CalendarJump | None = None
        self.entry_page.can_open_settings = True
        # notebooks: built once the database is open (``_add_views``)
        self.notebook_list: NotebookList | None = None
        self.tag_browser: TagBrowser | None = None
        self.notebook_overview: NotebookOverview | None = None
        self.page_view: PageView | None = None
        self.detector_editor: DetectorEditor | None = None
        self.notebook_runner: DetectorRunner | None = None
        self.notebook_id: int | None = None
        """The notebook open in the Notebooks section."""
        self.notebook_placeholder = _Placeholder(
            "Pick a notebook on the left, or import one with “Import…”."
        )
        self.stack.addWidget(self.notebook_placeholder)
        self.overview_page: QWidget | None = None
        self.page_view_page: QWidget | None = None
        self.editor_page: QWidget | None = None
        self._notebook_page: QWidget = self.notebook_placeholder
        """What the Notebooks section shows when it is selected again."""
        self._model_identity: ModelIdentity | None = None

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(sidebar)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 900])
        self.setCentralWidget(self.splitter)

        # ---------------------------------------------------------------- status bar
        status = self.statusBar()
        self.model_label = QLabel("Model: checking…")
        self.model_label.setAccessibleName("Model in use")
        self.speed_label = QLabel("")
        self.speed_label.setAccessibleName("Model speed")
        self.progress = QProgressBar()
        self.progress.setAccessibleName("Detection progress")
        self.progress.setMaximumWidth(160)
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAccessibleName("Cancel detection")
        self.cancel_button.setToolTip("Stop the model reading this entry")
        self.undo_delete_button = QPushButton("Undo")
        self.undo_delete_button.setObjectName("undoDelete")
        self.undo_delete_button.setAccessibleName("Undo deleting the entry")
        self.undo_delete_button.setToolTip("Bring the deleted entry back (Ctrl+Z)")
        for widget in (self.progress, self.cancel_button, self.undo_delete_button):
            widget.hide()
        self._undo_offer = QTimer(self)
        self._undo_offer.setSingleShot(True)
        self._undo_offer.setInterval(UNDO_OFFER_MS)
        self._undo_offer.timeout.connect(self.undo_delete_button.hide)
        status.addPermanentWidget(self.undo_delete_button)
        status.addPermanentWidget(self.speed_label)
        status.addPermanentWidget(self.progress)
        status.addPermanentWidget(self.cancel_button)
        status.addPermanentWidget(self.model_label)

        self._build_menus()
        self._connect()
        self._restore_geometry()

    # ------------------------------------------------------------------ construction

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_action = QAction("&New Entry", self)
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        file_menu.addAction(self.new_action)
        file_menu.addSeparator()
        self.file_io = FileMenu(self, self.tasks, self)  # import, export, back up, restore
        self.file_io.add_to(file_menu)
        self.settings_action = QAction("&Settings…", self)
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        file_menu.addSeparator()
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        file_menu.addAction(self.quit_action)

        self.edit_menu = EditMenu(
            self,
            app_undo=self.app_undo,
            find=lambda: self._in_entry(self.entry_page.open_find),
            find_next=lambda: self._in_entry(self.entry_page.find_bar.find_next),
            find_previous=lambda: self._in_entry(self.entry_page.find_bar.find_previous),
            say=self.show_status,
        )
        self.edit_menu.add_to(self.menuBar())

        entry_menu = self.menuBar().addMenu("&Entry")
        self.detect_action = QAction("&Detect Completions", self)
        self.detect_action.setShortcut(QKeySequence("Ctrl+D"))
        self.review_action = QAction("&Review Suggestions", self)
        self.review_action.setShortcut(QKeySequence(Qt.Key.Key_F6))
        self.cancel_action = QAction("&Cancel Detection", self)
        self.cancel_action.setEnabled(False)
        for action in (self.detect_action, self.review_action, self.cancel_action):
            entry_menu.addAction(action)
        self.detect_action.setEnabled(False)
        self.review_action.setEnabled(False)
        entry_menu.addSeparator()
        self.go_to_day_action = QAction("&Go to Day…", self)
        self.go_to_day_action.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.delete_action = QAction("De&lete Entry", self)
        self.delete_action.setShortcut(QKeySequence("Ctrl+Shift+Delete"))
        self.delete_action.setEnabled(False)
        entry_menu.addAction(self.go_to_day_action)
        entry_menu.addAction(self.delete_action)

        notebook_menu = self.menuBar().addMenu("&Notebook")
        self.detector_editor_action = QAction("&Detector editor…", self)
        self.detector_editor_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.back_to_overview_action = QAction("&Back to overview", self)
        for action in (self.detector_editor_action, self.back_to_overview_action):
            notebook_menu.addAction(action)
            action.setEnabled(False)

        self.help_menu = HelpMenu(self, self.data_dir, lambda: self.bridge.model_name)
        self.help_menu.add_to(self.menuBar())

    def _connect(self) -> None:
        for view in (self.journal_sidebar, self.entry_page):
            self.tasks.changed.connect(view.refresh)
        self.tasks.changed.connect(self._changed)
        self.tasks.failed.connect(self.show_error)
        self.tasks.waiting.connect(lambda _s: self.statusBar().showMessage(WAITING_LABEL, 3000))
        self.nav.currentItemChanged.connect(self._section_changed)
        self.journal_sidebar.entry_selected.connect(self.open_entry)
        self.journal_sidebar.match_opened.connect(self._find_after_load)
        self.journal_sidebar.new_entry_requested.connect(self.new_entry)
        self.journal_sidebar.entries_loaded.connect(self._entries_loaded)
        self.new_action.triggered.connect(self.new_entry)
        self.quit_action.triggered.connect(self.close)
        self.settings_action.triggered.connect(self.open_settings)
        self.bridge.model_failed.connect(self._model_failed)
        self.entry_page.settings_requested.connect(self.open_settings)
        self.entry_page.status_message.connect(
            lambda text: self.statusBar().showMessage(text, 6000)
        )
        self.entry_page.entry_loaded.connect(self._entry_shown)
        self.detect_action.triggered.connect(self.entry_page.detect_now)
        self.review_action.triggered.connect(self.entry_page.focus_review)
        self.cancel_action.triggered.connect(self.detector.cancel)
        self.cancel_button.clicked.connect(self.detector.cancel)
        self.delete_action.triggered.connect(self.delete_entry)
        self.undo_delete_button.clicked.connect(self.undo_delete)
        self.go_to_day_action.triggered.connect(self.go_to_day)
        self.detector.running_changed.connect(self._detection_running)
        self.detector.cancelled.connect(
            lambda _e: self.statusBar().showMessage("Detection cancelled.", 4000)
        )
        self.bridge.progress.connect(self._progress)
        self.bridge.tokens_per_second.connect(self._speed)
        self.bridge.model_changed.connect(self._model_changed)
        self.detector_editor_action.triggered.connect(self.open_detector_editor)
        self.back_to_overview_action.triggered.connect(self.back_to_overview)
        if not self._own_bridge:
            self._model_changed(self.bridge.model_name)

    # ------------------------------------------------------------------ startup

    def start(self) -> None:
        """Open the database (off the GUI thread) and choose the model."""
        path = database_path(self.data_dir)

        def open_db() -> tuple[Database, Settings]:
            path.parent.mkdir(parents=True, exist_ok=True)
            waits = WriteWaits()  # the CLI or another window may be writing meanwhile
            waits.listen(self.tasks.database_waiting)
            db = open_database(path, waits)
            try:
                reconcile_interrupted(db)  # runs a crash or a kill left "running"
            except Exception:  # never stop the journal from opening
                log.exception("reconciling interrupted notebook runs failed")
            return db, load_settings(self.data_dir)

        self.tasks.run(open_db, on_done=self._opened, on_error=self._open_failed)
        if self._own_bridge:
            self.bridge.await_model()  # detection asked for meanwhile waits for it
            self._choose_model()

    def _choose_model(self, *, switching: bool = False) -> None:
        """Find the model to use (off the GUI thread) and start it on its own thread.

        ``switching``: the user changed it in Settings; the old model stays in use until
        the new one has loaded.
        """
        data, cli_model = self.data_dir, self._cli_model

        def choose() -> tuple[ModelInfo | ServerChoice, Settings, str]:
            settings = load_settings(data)
            server = choose_server(data, cli_model)
            if server is not None:
                return server, settings, server.name
            choice = choose_model(data, cli_model)
            info = model_info(data, choice.path)
            return info, settings, display_name(info.path)

        def chosen(value: tuple[ModelInfo | ServerChoice, Settings, str]) -> None:
            info, settings, name = value
            if self._closed:
                return
            if isinstance(info, ServerChoice):
                server = info
                self._server = server
                self.model_info = self._pending_info = None
                self.bridge.replace_model(lambda: connect_server(server), name=name, path=None)
                self.bridge.preload()
                return
            self._server = None
            loader = self._loader_factory(info.path, settings)
            if switching and self.model_info is not None:
                self._pending_info = info
                self.bridge.switch_model(loader, name=name, path=info.path)
            else:
                self.model_info = info
                self.bridge.replace_model(loader, name=name, path=info.path)
                self.bridge.preload()

        def failed(exc: BaseException) -> None:
            message = user_message(exc)
            if switching and self.model_info is not None:
                self._model_failed(message)
                return
            self.bridge.set_problem(message)
            self.entry_page.show_model_problem(message)

        self.tasks.run(choose, lane=Lane.LONG, on_done=chosen, on_error=failed)

    def _model_failed(self, message: str) -> None:
        """A newly chosen model did not load; the old one is still in use."""
        self._pending_info = None
        still = f" Still using {self.bridge.model_name}." if self.bridge.model_name else ""
        self.show_error(RuntimeError(f"{message}{still}"))

    def _opened(self, value: tuple[Database, Settings]) -> None:
        db, settings = value
        if self._closed:
            self.tasks.run(db.close)
            return
        self.db = db
        self.settings = settings
        self.entry_page.set_auto_detect(settings.auto_detect)
        self.detector.set_pipeline(
            Pipeline(settings.journal_pipeline), ModelReply(settings.journal_model_reply)
        )
        for view in (self.journal_sidebar, self.entry_page, self.detector):
            view.set_database(db)
        self._add_views(db)
        self.outside.set_database(db)
        self.placeholder.label.setText(
            "Pick an entry on the left, or write a new one with “New entry”."
        )
        self.detect_action.setEnabled(False)
        self.nav.setCurrentRow(0)
        self._maybe_welcome(db)
        self.journal_sidebar.reload()
        if db.damage is not None:
            self._show_damaged(db)

    def _show_damaged(self, db: Database) -> None:
        """A damaged database was opened read-only: say so, and how to rescue it."""
        self.damaged_label = QLabel("Read-only: the database is damaged")
        self.damaged_label.setObjectName("damagedDatabase")
        self.statusBar().addPermanentWidget(self.damaged_label)
        self.show_error(
            StorageError(
                f"{db.path} is damaged, so Inkling opened it read-only and will not change it:"
                " File ▸ Rescue a Damaged Database… copies what can still be read into a new"
                " database, and File ▸ Restore… then puts that copy in its place."
            )
        )

    def _open_failed(self, exc: BaseException) -> None:
        self.placeholder.label.setText(f"Inkling could not open its data folder.\n{exc}")
        self.show_error(exc)

    def _add_views(self, db: Database) -> None:
        if self.habits_view is None:
            self.habits_view = HabitsView(db, self.tasks)
            self.tasks.changed.connect(self.habits_view.refresh)
            self.stack.addWidget(self.habits_view)
            item = QListWidgetItem("Habits & practices")
            item.setData(Qt.ItemDataRole.UserRole, HABITS)
            self.nav.addItem(item)
        if self.notebook_list is None:
            self._add_notebook_views(db)
        if self.inbox_view is None:
            self._add_inbox(db)
        self.nav.setFixedHeight(
            self.nav.sizeHintForRow(0) * self.nav.count() + 2 * self.nav.frameWidth() + 4
        )

    def _add_notebook_views(self, db: Database) -> None:
        """The Notebooks section: list and tag browser in the sidebar; the overview, the
        page view and the detector editor in the content area."""
        bridge = self.bridge
        runner = DetectorRunner(db, lambda: bridge.worker, self._model_identity)
        self.notebook_runner = runner
        self._load_vision()
        self.notebook_list = NotebookList(db, self.tasks)
        self.tag_browser = TagBrowser(db, self.tasks)
        self.tag_browser.splitter.setOrientation(Qt.Orientation.Vertical)
        browser_layout = self.tag_browser.layout()
        if browser_layout is not None:
            browser_layout.setContentsMargins(0, 6, 0, 0)
        self.notebook_sidebar.addWidget(self.notebook_list)
        self.notebook_sidebar.addWidget(self.tag_browser)
        self.notebook_sidebar.setSizes([300, 300])

        self.notebook_overview = NotebookOverview(db, self.tasks, runner)
        self.page_view = PageView(
            db, self.tasks, vision_configured=_vision_configured(self.settings)
        )
        self.detector_editor = DetectorEditor(db, self.tasks, runner=runner)
        for view in (
            self.notebook_list,
            self.tag_browser,
            self.notebook_overview,
            self.page_view,
            self.detector_editor,
        ):
            self.tasks.changed.connect(view.refresh)
        self.detectors_button = QPushButton("Detectors…")
        self.detectors_button.setToolTip("Build your own detector and try it on a page")
        self.detectors_button.clicked.connect(self.open_detector_editor)
        page_back = QPushButton("‹ Overview")
        page_back.setToolTip("Back to the notebook overview (Esc)")
        page_back.clicked.connect(self.back_to_overview)
        editor_back = QPushButton("‹ Overview")
        editor_back.setToolTip("Back to the notebook overview")
        editor_back.clicked.connect(self.back_to_overview)
        self.overview_page = _with_bar(
            self.notebook_overview, "overviewPage", self.detectors_button, leading=False
        )
        self.page_view_page = _with_bar(self.page_view, "pageViewPage", page_back, leading=True)
        self.editor_page = _with_bar(
            self.detector_editor, "detectorEditorPage", editor_back, leading=True
        )
        for page in (self.overview_page, self.page_view_page, self.editor_page):
            self.stack.addWidget(page)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.page_view_page)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.setWhatsThis("Back to the notebook overview (page view)")
        escape.activated.connect(self.back_to_overview)

        self.notebook_list.notebook_requested.connect(self.open_notebook)
        self.notebook_list.imported.connect(self.open_notebook)
        self.notebook_list.loaded.connect(self._notebooks_loaded)
        self.tag_browser.page_requested.connect(self.open_page)
        self.notebook_overview.page_requested.connect(self.open_page)
        self.page_view.page_requested.connect(self.open_page)
        self.page_view.status_message.connect(lambda text: self.statusBar().showMessage(text, 6000))

        item = QListWidgetItem("Notebooks")
        item.setData(Qt.ItemDataRole.UserRole, NOTEBOOKS)
        self.nav.addItem(item)

    # ------------------------------------------------------------------ inbox

    def _add_inbox(self, db: Database) -> None:
        """The Inbox section: every pending suggestion and unreviewed finding."""
        view = InboxView(self.tasks)
        self.inbox_view = view
        self.stack.addWidget(view)
        self.tasks.changed.connect(view.refresh)
        view.open_requested.connect(self.open_inbox_item)
        view.status_message.connect(self.show_status)
        item = QListWidgetItem("Inbox")
        item.setData(Qt.ItemDataRole.UserRole, INBOX)
        self.nav.addItem(item)
        view.count_changed.connect(
            lambda count: item.setText(f"Inbox ({count})" if count else "Inbox")
        )
        shortcut = QShortcut(QKeySequence("Ctrl+I"), self)
        shortcut.activated.connect(self.show_inbox)
        view.set_database(db)

    def show_inbox(self) -> None:
        if self.inbox_view is not None:
            self.show_section(INBOX)
            self.inbox_view.focus_list()

    def open_inbox_item(self, item: InboxItem) -> None:
        """Open an inbox item where it is: the entry with the suggestion highlighted, or
        the notebook page with the finding selected."""
        if item.kind == ItemKind.SUGGESTION and item.entry_id is not None:
            self._reveal_suggestion = (item.entry_id, item.id)
            self.open_entry(item.entry_id)
            if self.entry_page.entry_id == item.entry_id:
                self._show_revealed()
        elif item.notebook_id is not None and item.page_id is not None:
            self.open_page(item.notebook_id, item.page_id)
            if self.page_view is not None:
                self.page_view.select_finding(item.id)

    def _show_revealed(self) -> None:
        wanted, self._reveal_suggestion = self._reveal_suggestion, None
        if wanted is not None and wanted[0] == self.entry_page.entry_id:
            self.entry_page.panel.select(wanted[1])
            self.entry_page.focus_review()

    def _maybe_welcome(self, db: Database) -> None:
        def show(empty: bool) -> None:
            if empty and not self._closed:
                self.show_welcome()

        self.tasks.run(lambda: samples.is_empty(db), on_done=show)

    def show_welcome(self) -> None:
        if self.welcome_view is None:
            view = WelcomeView(self.bridge.model_name or None, checking=self.bridge.awaiting)
            view.load_sample_requested.connect(self.load_sample)
            view.sample_notebook_requested.connect(self.load_sample_notebook)
            view.new_entry_requested.connect(self.new_entry)
            view.open_settings_requested.connect(self.open_models_settings)
            self.stack.addWidget(view)
            self.welcome_view = view
        self.show_section(JOURNAL)
        self.stack.setCurrentWidget(self.welcome_view)

    def load_sample(self) -> None:
        db, view = self.db, self.welcome_view
        if db is None or view is None:
            return
        view.set_busy(True, "Loading the sample journal…")

        def loaded(result: OpResult[samples.SampleJournal]) -> None:
            view.set_busy(False)
            entries = sorted(result.value.entries, key=lambda e: (e.day, e.id), reverse=True)
            if entries:
                self.open_entry(entries[0].id)
            reads = self.bridge.problem is None or self.detector.pipeline is Pipeline.RULES
            if self.settings.auto_detect and reads:
                for entry in entries:  # read the sample in the background, newest first
                    self.detector.request(entry.id)

        self.tasks.run(
            lambda: samples.load_sample_journal(db),
            on_done=loaded,
            on_error=lambda exc: view.show_error(user_message(exc)),
        )

    def load_sample_notebook(self) -> None:
        """Open the Notebooks section on the sample notebook (imported the first time)."""
        if self.notebook_list is not None:
            self.show_section(NOTEBOOKS)
            self.notebook_list.load_sample()

    def _leave_welcome(self) -> None:
        if self.welcome_view is not None and self.stack.currentWidget() is self.welcome_view:
            self.stack.setCurrentWidget(
                self.entry_page if self.entry_page.entry_id is not None else self.placeholder
            )

    def _entries_loaded(self, count: int) -> None:
        if not self._ready:
            self._ready = True
            asked, self._asked_before_ready = self._asked_before_ready, None
            ids = self.journal_sidebar.entry_ids()
            if asked is not None:
                self.open_entry(asked)
            elif (
                ids
                and self.stack.currentWidget() is self.placeholder
                and self.entry_page.requested_entry_id is None
            ):
                self.open_entry(ids[0])
            self.ready.emit()

    # ------------------------------------------------------------------ navigation

    def _section_changed(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is None:
            return
        section = item.data(Qt.ItemDataRole.UserRole)
        self.journal_sidebar.setVisible(section == JOURNAL)
        self.notebook_sidebar.setVisible(section == NOTEBOOKS)
        if section == HABITS and self.habits_view is not None:
            self.entry_page.save_now()
            self.stack.setCurrentWidget(self.habits_view)
        elif section == NOTEBOOKS:
            self.entry_page.save_now()
            self.stack.setCurrentWidget(self._notebook_page)
        elif section == INBOX and self.inbox_view is not None:
            self.entry_page.save_now()
            self.stack.setCurrentWidget(self.inbox_view)
        elif section == JOURNAL:
            if self.entry_page.entry_id is not None:
                self.stack.setCurrentWidget(self.entry_page)
            elif self.welcome_view is None or self.stack.currentWidget() is not self.welcome_view:
                self.stack.setCurrentWidget(self.placeholder)

    def show_section(self, section: str) -> None:
        for row in range(self.nav.count()):
            if self.nav.item(row).data(Qt.ItemDataRole.UserRole) == section:
                self.nav.setCurrentRow(row)

    # ------------------------------------------------------------------ notebooks

    def _show_notebook_page(self, page: QWidget) -> None:
        self._notebook_page = page
        self.show_section(NOTEBOOKS)
        self.stack.setCurrentWidget(page)
        self._update_notebook_actions()

    def _update_notebook_actions(self) -> None:
        open_ = self.notebook_id is not None
        self.detector_editor_action.setEnabled(open_)
        self.back_to_overview_action.setEnabled(
            open_ and self._notebook_page is not self.overview_page
        )

    def open_notebook(self, notebook_id: int) -> None:
        """Show a notebook's overview (and use its pages in the detector editor)."""
        overview, editor, books = self.notebook_overview, self.detector_editor, self.notebook_list
        if overview is None or editor is None or books is None or self.overview_page is None:
            return
        if notebook_id != self.notebook_id:
            self.notebook_id = notebook_id
            editor.set_notebook(notebook_id)
        overview.show_notebook(notebook_id)
        if notebook_id in books.notebook_ids():
            books.list.setCurrentRow(books.notebook_ids().index(notebook_id))
        self._show_notebook_page(self.overview_page)

    def open_page(self, notebook_id: int, page_id: int) -> None:
        """Show a page in the page view (its notebook becomes the open one)."""
        view, host = self.page_view, self.page_view_page
        if view is None or host is None:
            return
        if notebook_id != self.notebook_id:
            self.open_notebook(notebook_id)
        view.show_page(notebook_id, page_id)
        self._show_notebook_page(host)
        view.setFocus()

    def open_detector_editor(self) -> None:
        if self.notebook_id is not None and self.editor_page is not None:
            self._show_notebook_page(self.editor_page)

    def back_to_overview(self) -> None:
        view = self.page_view
        if view is not None and view.editing and self._notebook_page is self.page_view_page:
            view.message.show_info("Save or cancel your edit before leaving the page.")
            return
        if self.notebook_id is not None and self.overview_page is not None:
            self._show_notebook_page(self.overview_page)

    def _notebooks_loaded(self) -> None:
        """The list was re-read: if the open notebook is gone (deleted), close its views."""
        books = self.notebook_list
        if books is None or self.notebook_id is None or self.notebook_id in books.notebook_ids():
            return
        self.notebook_id = None
        if self.detector_editor is not None:
            self.detector_editor.set_notebook(None)
        showing = self.stack.currentWidget() is self._notebook_page
        self._notebook_page = self.notebook_placeholder
        if showing:
            self.stack.setCurrentWidget(self.notebook_placeholder)
        self._update_notebook_actions()

    def open_entry(self, entry_id: int) -> None:
        if self.db is None:  # still opening: show it once the journal has loaded
            self._asked_before_ready = entry_id
            return
        self.show_section(JOURNAL)
        self.journal_sidebar.select_entry(entry_id)
        self.entry_page.open_entry(entry_id)

    def _find_after_load(self, entry_id: int, word: str) -> None:
        """Select the matched word once the entry shows (or now, if it already does)."""
        self._find_word = (entry_id, word)
        if self.entry_page.entry_id == entry_id:
            self._select_found()

    def _select_found(self) -> None:
        found, self._find_word = self._find_word, None
        if found is not None and found[0] == self.entry_page.entry_id:
            editor = self.entry_page.editor
            editor.moveCursor(QTextCursor.MoveOperation.Start)
            editor.find(found[1])

    def _entry_shown(self, entry_id: int) -> None:
        self.journal_sidebar.select_entry(entry_id, self.entry_page.entry_day)
        self._select_found()
        self.stack.setCurrentWidget(self.entry_page)
        self.detect_action.setEnabled(True)
        self.review_action.setEnabled(True)
        self.delete_action.setEnabled(True)
        self._show_revealed()

    def new_entry(self) -> None:
        db = self.db
        if db is None:
            return
        self.entry_page.save_now()

        def created(result: OpResult[EntryInfo]) -> None:
            entry_id = result.value.id
            self.open_entry(entry_id)
            self.entry_page.entry_loaded.connect(self._focus_new_entry)
            self._new_entry_id = entry_id

        self.tasks.run(lambda: journal.add_entry(db, clock.today(), ""), on_done=created)

    def _focus_new_entry(self, entry_id: int) -> None:
        self.entry_page.entry_loaded.disconnect(self._focus_new_entry)
        if entry_id == getattr(self, "_new_entry_id", None):
            self.entry_page.editor.setFocus()

    # ------------------------------------------------------------------ delete, undo, go to

    def delete_entry(self) -> None:
        """Delete the entry shown (after saving what was typed); the status bar offers to
        undo it, and so does Edit ▸ Undo."""
        db, entry_id = self.db, self.entry_page.entry_id
        if db is None or entry_id is None:
            return
        unsaved = self.entry_page.take_unsaved()

        def delete() -> OpResult[DeletedEntry]:
            if unsaved is not None:  # saved first, so that undo brings back the last words
                body, title, day = unsaved
                journal.update_entry(db, entry_id, body=body, title=title, day=day)
            return journal.delete_entry(db, entry_id)

        def deleted(result: OpResult[DeletedEntry]) -> None:
            kept = result.value
            self._deleted.append(kept)
            if self.entry_page.entry_id is None and self.stack.currentWidget() is self.entry_page:
                self.stack.setCurrentWidget(self.placeholder)
            self.delete_action.setEnabled(False)
            self.statusBar().showMessage(
                f"Deleted the entry of {_day_text(kept.day)}. Undo brings it back (Ctrl+Z).",
                UNDO_OFFER_MS,
            )
            self.undo_delete_button.show()
            self._undo_offer.start()

        self.tasks.run(delete, on_done=deleted)

    def undo_delete(self) -> None:
        """Put the last deleted entry back, with all it had, and open it."""
        db = self.db
        if db is None or not self._deleted:
            return
        kept = self._deleted.pop()
        self.undo_delete_button.setVisible(bool(self._deleted))

        def restored(result: OpResult[EntryInfo]) -> None:
            self.open_entry(result.value.id)
            self.show_status(f"The entry of {_day_text(kept.day)} is back.")

        def failed(exc: BaseException) -> None:
            self._deleted.append(kept)  # still there to try again
            self.undo_delete_button.show()

        self.tasks.run(
            lambda: journal.restore_entry(db, kept),
            on_done=restored,
            on_error=failed,
            report_errors=True,
        )

    def app_undo(self) -> None:
        """Edit ▸ Undo when no text field has typing to undo: the inbox's last decision in
        the Inbox; else the last deleted entry, unless the keyboard is in the suggestions
        panel; else the entry's last accept or dismiss."""
        focus = QApplication.focusWidget()
        current = self.stack.currentWidget()
        in_panel = focus is not None and (
            focus is self.entry_page.panel or self.entry_page.panel.isAncestorOf(focus)
        )
        if self.inbox_view is not None and current is self.inbox_view:
            self.inbox_view.undo()
        elif self._deleted and not in_panel:
            self.undo_delete()
        elif current is self.entry_page and self.entry_page.entry_id is not None:
            self.entry_page.undo()
        else:
            self.show_status("Nothing to undo.")

    def _in_entry(self, action: Callable[[], None]) -> None:
        """Run ``action`` when an entry shows; else say where it works."""
        if self.stack.currentWidget() is self.entry_page and self.entry_page.entry_id:
            action()
        else:
            self.show_status("Open an entry to find words in it.")

    def go_to_day(self) -> None:
        """A calendar to jump to a day's entry (days with entries in bold)."""
        if self.db is None:
            return
        if self.calendar_jump is not None:
            self.calendar_jump.raise_()
            return
        shown = self.entry_page.entry_day or clock.today()
        dialog = CalendarJump(self.db, self.tasks, shown, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.entry_chosen.connect(self.open_entry)
        dialog.nothing_found.connect(lambda: self.show_status("The journal has no entries yet."))
        dialog.finished.connect(lambda _code: setattr(self, "calendar_jump", None))
        self.calendar_jump = dialog
        dialog.open()

    # ------------------------------------------------------------------ refresh

    def _changed(self, changes: Changes) -> None:
        """The window's own part of a change (the views refresh themselves)."""
        if changes.entries and self.welcome_view is not None:
            self._leave_welcome()

    # ------------------------------------------------------------------ model status

    def _model_changed(self, name: str) -> None:
        pending = self._pending_info
        if pending is not None and pending.path == self.bridge.model_path:
            self.model_info, self._pending_info = pending, None
            self.entry_page.banner.hide()
        if name:
            self.model_label.setText(f"Model: {name}")
            self.model_label.setToolTip(str(self.bridge.model_path or ""))
        else:
            problem = self.bridge.problem
            self.model_label.setText("No model")
            self.model_label.setToolTip(problem or "")
        if self.welcome_view is not None:
            self.welcome_view.set_model_name(name or None, checking=self.bridge.awaiting)
        self._identify_model()

    def _identify_model(self) -> None:
        """The cache identity of the model in use for notebook runs (read off the GUI
        thread: it needs the file's checksum)."""
        path, data, server = self.bridge.model_path, self.data_dir, self._server
        engine: Path | ServerChoice | None = path
        if path is None and server is not None and self.bridge.worker is not None:
            engine = server
        if engine is None:
            # a model without a file (a stand-in): the identity runs use for it anyway
            known = self.bridge.worker is not None
            self._set_model_identity(ModelIdentity("unknown", "unknown", 0, 0) if known else None)
            return
        chosen = engine

        def identify() -> ModelIdentity:
            return text_identity(data, chosen, load_settings(data))

        def identified(identity: ModelIdentity) -> None:
            if self.bridge.model_path == path and self._server == server:
                self._set_model_identity(identity)

        def failed(exc: BaseException) -> None:
            log.warning("could not identify the model %s: %s", chosen, exc)

        self.tasks.run(identify, lane=Lane.LONG, on_done=identified, on_error=failed)

    def _set_model_identity(self, identity: ModelIdentity | None) -> None:
        if identity == self._model_identity:
            return
        self._model_identity = identity
        if self.notebook_runner is not None:
            self.notebook_runner.identity = identity
        if self.notebook_overview is not None:
            self.notebook_overview.reload()  # freshness depends on the model

    def _detection_running(self, running: bool) -> None:
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.cancel_action.setEnabled(running)
        if running:
            self.progress.setRange(0, 0)
            self.statusBar().showMessage("The model is reading the entry…")
        else:
            self.statusBar().clearMessage()

    def _progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))
        else:
            self.progress.setRange(0, 0)

    def _speed(self, value: float) -> None:
        self.speed_label.setText(f"{value:.1f} tokens/s")

    # ------------------------------------------------------------------ dialogs

    def show_status(self, message: str) -> None:
        """A line in the status bar for a while."""
        self.statusBar().showMessage(message, 8000)

    def save_entry(self) -> int | None:
        """Save the entry being edited now (queued on the database lane); its id."""
        self.entry_page.save_now()
        return self.entry_page.entry_id

    def entry_restored(self, entry_id: int, changes: Changes) -> None:
        """A restore replaced the database: the entry shown is closed, and opened again
        from the restored data when it is there."""
        if self.entry_page.entry_id != entry_id:
            return
        self.entry_page.close_entry()
        if entry_id in changes.entries:
            self.open_entry(entry_id)

    def show_error(self, exc: BaseException) -> None:
        """One clear sentence in a (non-blocking) dialog."""
        if self._closed:
            return
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Inkling")
        box.setText(user_message(exc) if not isinstance(exc, RuntimeError) else str(exc))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setObjectName("errorDialog")
        box.open()

    def open_settings(self) -> None:
        if self.db is None:
            return
        if self.settings_dialog is not None:
            self.settings_dialog.raise_()
            return
        dialog = SettingsDialog(
            self.data_dir,
            self.db,
            self.tasks,
            self.model_info,
            self,
            current_server=self._server,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.settings_changed.connect(self._settings_changed)
        dialog.finished.connect(lambda _code: setattr(self, "settings_dialog", None))
        self.settings_dialog = dialog
        dialog.open()

    def open_models_settings(self) -> None:
        """Settings on its Models tab (from the welcome screen's "stronger model" button)."""
        self.open_settings()
        if self.settings_dialog is not None:
            self.settings_dialog.tabs.setCurrentWidget(self.settings_dialog.models_page)

    def _load_vision(self) -> None:
        """Give notebook runs the configured vision model (checked off the GUI thread; its
        own worker thread loads it on first use), or none."""
        self._set_vision(None)
        if not _vision_configured(self.settings):
            return
        data_dir, cli_model = self.data_dir, self._cli_model

        def loaded(runtime: VisionRuntime | None) -> None:
            if self._closed or not _vision_configured(self.settings):
                if runtime is not None:
                    runtime.worker.close()
                return
            self._set_vision(runtime)

        def failed(exc: BaseException) -> None:
            self.statusBar().showMessage(f"Vision detectors are off: {user_message(exc)}")

        self.tasks.run(
            lambda: vision_runtime(data_dir, cli_model),
            lane=Lane.LONG,
            on_done=loaded,
            on_error=failed,
        )

    def _set_vision(self, runtime: VisionRuntime | None) -> None:
        """Swap the vision runtime; the old one's worker cancels its job and closes."""
        runner = self.notebook_runner
        if runner is None:
            if runtime is not None:
                runtime.worker.close()
            return
        old, runner.vision = runner.vision, runtime
        if old is not None:
            old.worker.close()

    def _settings_changed(self, settings: Settings) -> None:
        old, self.settings = self.settings, settings
        self.entry_page.set_auto_detect(settings.auto_detect)
        self.detector.set_pipeline(
            Pipeline(settings.journal_pipeline), ModelReply(settings.journal_model_reply)
        )
        if self.page_view is not None:
            self.page_view.set_vision_configured(_vision_configured(settings))
        if (
            settings.vision_model_path,
            settings.vision_projector,
            settings.server_url,
            settings.server_vision_model,
        ) != (
            old.vision_model_path,
            old.vision_projector,
            old.server_url,
            old.server_vision_model,
        ):
            self._load_vision()
        model_moved = (
            settings.model_path,
            settings.server_url,
            settings.server_model,
            settings.n_threads,
            settings.n_ctx,
            settings.n_gpu_layers,
        ) != (
            old.model_path,
            old.server_url,
            old.server_model,
            old.n_threads,
            old.n_ctx,
            old.n_gpu_layers,
        )
        if model_moved and self._own_bridge:
            self._cli_model = None  # what the person chose now wins over --model
            self._choose_model(switching=True)

    # ------------------------------------------------------------------ geometry and closing

    def _restore_geometry(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(first_size(self))
        for key, splitter in (
            ("window/mainSplitter", self.splitter),
            ("window/entrySplitter", self.entry_page.splitter),
        ):
            state = settings.value(key)
            if isinstance(state, QByteArray) and not state.isEmpty():
                splitter.restoreState(state)

    def _save_geometry(self) -> None:
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/mainSplitter", self.splitter.saveState())
        settings.setValue("window/entrySplitter", self.entry_page.splitter.saveState())
        settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closed:
            self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Save, cancel the model's work, close the model on its thread, let the lanes
        drain (a cancelled run records that it was), and close the database."""
        if self._closed:
            return
        self._closed = True
        self._save_geometry()
        self.entry_page.detect_timer.stop()
        self.entry_page.save_now()
        self.detector.cancel()
        if self.notebook_overview is not None:
            self.notebook_overview.shutdown()  # a detector run stops before the model closes
        self._set_vision(None)
        self.bridge.close()
        self.outside.stop()
        self.tasks.shutdown()  # cancels the rest and waits for both lanes
        db = self.db
        self.db = None
        if db is not None:
            self.tasks.run(db.close)
        self.tasks.wait()
