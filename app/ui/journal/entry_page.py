"""One journal entry: date, title and body, saved automatically; its suggestions
highlighted in the text and reviewed with the mouse (popover, side panel) or the keys."""

from __future__ import annotations

from datetime import date
from itertools import pairwise

from PySide6.QtCore import QDate, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QDateEdit,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.domain.journal.suggestions import SuggestionStatus
from app.services.changes import Changes, OpResult
from app.services.journal import entries as journal
from app.services.journal import review, suggestions, targets
from app.services.journal.context import describe_context
from app.services.journal.detection import DetectionOutcome
from app.services.views import EntryInfo, SuggestionInfo, TargetInfo
from app.store import Database
from app.ui.common.tasks import Tasks
from app.ui.journal.detector import DetectionController
from app.ui.journal.editor import EntryEditor
from app.ui.journal.extras_bar import EntryExtrasBar
from app.ui.journal.find_bar import FindBar
from app.ui.journal.highlights import rebase, target_color
from app.ui.journal.review_panel import (
    NOT_READ_YET,
    NOTHING_FOUND,
    ReviewPanel,
    SuggestionPopover,
)

SAVE_DELAY_MS = 500
NO_CANDIDATES = (
    "There is nothing left to look for in this entry: every active habit and practice "
    "has been suggested already (or none is set up yet)."
)
DETECT_DELAY_MS = 3000


Loaded = tuple[EntryInfo, list[SuggestionInfo], list[TargetInfo], str]
"""An entry as its background load reads it: the entry, its suggestions, the targets,
its place and weather."""


class EntryPage(QWidget):
    """Edits one entry; every database call goes through ``Tasks``."""

    status_message = Signal(str)
    settings_requested = Signal()
    entry_loaded = Signal(int)
    suggestions_shown = Signal()
    """Emitted after the highlights and the side panel show a new list of suggestions."""

    def __init__(
        self,
        tasks: Tasks,
        detector: DetectionController,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("entryPage")
        self._tasks = tasks
        self._detector = detector
        self._db: Database | None = None
        self._entry: EntryInfo | None = None
        self._requested: int | None = None
        """The entry last asked for: a load that a later request overtook is dropped."""
        self._saved_body = ""
        self._saved_title = ""
        self._saved_day: date | None = None
        self._suggestions: list[SuggestionInfo] = []
        self._targets: dict[tuple[str, int], TargetInfo] = {}
        self._colors: dict[tuple[str, int], QColor] = {}
        self._saving = False
        self._loading = False
        self._undo: list[int] = []
        self._detect_entry: int | None = None
        self._panel_signature: object = None
        self.auto_detect = True
        self.can_open_settings = False

        # header: date and title
        self.date_edit = QDateEdit()
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("ddd d MMM yyyy")
        self.date_edit.setAccessibleName("Entry date")
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText("Title")
        self.title_edit.setAccessibleName("Entry title")
        title_font = self.title_edit.font()
        title_font.setPointSizeF(title_font.pointSizeF() * 1.4)
        title_font.setBold(True)
        self.title_edit.setFont(title_font)
        self.title_edit.setFrame(False)
        self.detect_button = QPushButton("Detect")
        self.detect_button.setAccessibleName("Detect completions now")
        self.detect_button.setToolTip("Look for completions in this entry now (Ctrl+D)")
        self.save_state = QLabel("")
        self.save_state.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.save_state.setAccessibleName("Save state")
        self.save_state.setMinimumWidth(
            max(
                self.save_state.fontMetrics().horizontalAdvance(t)
                for t in ("Not saved", "Editing…")
            )
        )
        # the button's text changes while the model reads: keep its width steady
        self.detect_button.setMinimumWidth(
            self.detect_button.sizeHint().width()
            + self.detect_button.fontMetrics().horizontalAdvance("Reading…")
            - self.detect_button.fontMetrics().horizontalAdvance("Detect")
        )
        # where and in what weather it was written, when the entry came with them
        self.context_label = QLabel()
        self.context_label.setObjectName("entryContext")
        self.context_label.setAccessibleName("Place and weather")
        self.context_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.context_label.hide()
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.setSpacing(8)
        header.addWidget(self.date_edit)
        header.addWidget(self.title_edit, 1)
        header.addWidget(self.save_state)
        header.addWidget(self.detect_button)

        # the model problem banner (a way forward, never a crash)
        self.banner = QFrame()
        self.banner.setObjectName("modelBanner")
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(10, 6, 10, 6)
        self.banner_text = QLabel()
        self.banner_text.setWordWrap(True)
        self.banner_settings = QPushButton("Open Settings…")
        self.banner_settings.setAccessibleName("Open Settings to choose a model")
        self.banner_close = QPushButton("Hide")
        self.banner_close.setAccessibleName("Hide this message")
        banner_layout.addWidget(self.banner_text, 1)
        banner_layout.addWidget(self.banner_settings)
        banner_layout.addWidget(self.banner_close)
        self.banner.hide()
        self.banner_settings.clicked.connect(self.settings_requested)
        self.banner_close.clicked.connect(self.banner.hide)

        self.editor = EntryEditor()
        self.extras = EntryExtrasBar(tasks)
        self.find_bar = FindBar(self.editor)
        self.panel = ReviewPanel()
        self.popover = SuggestionPopover(self)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("entrySplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.editor)
        self.splitter.addWidget(self.panel)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([640, 260])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.setSpacing(8)
        layout.addLayout(header)
        layout.addWidget(self.context_label)
        layout.addWidget(self.extras)
        layout.addWidget(self.banner)
        layout.addWidget(self.find_bar)
        layout.addWidget(self.splitter, 1)

        self.setTabOrder(self.date_edit, self.title_edit)
        self.setTabOrder(self.title_edit, self.detect_button)
        self.setTabOrder(self.detect_button, self.extras.star)
        self.setTabOrder(self.extras.star, self.extras.tag_edit)
        self.setTabOrder(self.extras.tag_edit, self.find_bar.edit)
        find = self.find_bar
        for first, second in pairwise(
            (find.edit, find.previous_button, find.next_button, find.close_button, self.editor)
        ):
            self.setTabOrder(first, second)
        self.setTabOrder(self.editor, self.panel)

        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(SAVE_DELAY_MS)
        self._save_timer.timeout.connect(self.save_now)
        self.detect_timer = QTimer(self)
        self.detect_timer.setSingleShot(True)
        self.detect_timer.setInterval(DETECT_DELAY_MS)
        self.detect_timer.timeout.connect(self._auto_detect)

        self.editor.textChanged.connect(self._text_edited)
        self.title_edit.textEdited.connect(lambda _t: self._schedule_save())
        self.date_edit.dateChanged.connect(lambda _d: self._schedule_save())
        self.editor.highlight_clicked.connect(self._open_popover)
        self.popover.accept_requested.connect(self.accept)
        self.popover.dismiss_requested.connect(self.dismiss)
        self.panel.accept_requested.connect(self.accept)
        self.panel.dismiss_requested.connect(self.dismiss)
        self.panel.undo_requested.connect(self.undo)
        self.panel.current_changed.connect(self._reveal)
        self.panel.leave_requested.connect(self.editor.setFocus)
        self.detect_button.clicked.connect(self.detect_now)
        review_key = QShortcut(QKeySequence(Qt.Key.Key_F6), self)
        review_key.activated.connect(self.focus_review)

        detector.finished.connect(self._detected)
        detector.stale.connect(self._detection_stale)
        detector.failed.connect(self._detection_failed)
        detector.running_changed.connect(self._update_detect_button)
        self.setEnabled(False)

    # ------------------------------------------------------------------ state

    @property
    def entry_id(self) -> int | None:
        return self._entry.id if self._entry is not None else None

    @property
    def requested_entry_id(self) -> int | None:
        """The entry shown or being loaded, once one was asked for."""
        return self._requested

    @property
    def entry_day(self) -> date | None:
        """The day of the entry shown, as last saved."""
        return self._entry.day if self._entry is not None else None

    @property
    def suggestions(self) -> list[SuggestionInfo]:
        return list(self._suggestions)

    @property
    def dirty(self) -> bool:
        if self._entry is None:
            return False
        return (
            self.editor.toPlainText() != self._saved_body
            or self.title_edit.text().strip() != self._saved_title
            or self.date_edit.date().toPython() != self._saved_day
        )

    def set_database(self, db: Database | None) -> None:
        self._db = db
        self.extras.set_database(db)

    def open_find(self) -> None:
        """Show the find bar (Ctrl+F), with the selected words if any."""
        if self._entry is not None:
            self.find_bar.open_bar()

    def set_auto_detect(self, on: bool) -> None:
        self.auto_detect = on
        if not on:
            self.detect_timer.stop()

    # ------------------------------------------------------------------ loading

    def open_entry(self, entry_id: int) -> None:
        db = self._db
        if db is None:
            return
        if entry_id == self.entry_id:
            self._requested = entry_id  # a load still on its way is no longer wanted
            return
        self._requested = entry_id
        self.save_now()
        self.popover.hide_popover()

        def load() -> Loaded:
            return (
                journal.get_entry(db, entry_id),
                suggestions.list_suggestions(db, entry_id=entry_id),
                targets.list_targets(db, include_inactive=True),
                describe_context(db, entry_id),
            )

        self._tasks.run(load, on_done=self._loaded)

    def _loaded(self, loaded: Loaded) -> None:
        entry, items, all_targets, context = loaded
        if entry.id != self._requested:
            return  # another entry was asked for meanwhile; its load follows
        self._set_targets(all_targets)
        self._entry = entry
        self._saved_body, self._saved_title, self._saved_day = entry.body, entry.title, entry.day
        self._suggestions = list(items)
        self._undo.clear()
        self.panel.set_empty_text(NOT_READ_YET)
        self._loading = True
        try:
            self.date_edit.setDate(QDate(entry.day.year, entry.day.month, entry.day.day))
            self.title_edit.setText(entry.title)
            self.editor.setPlainText(entry.body)
        finally:
            self._loading = False
        self.save_state.setText("")
        self.context_label.setText(context)
        self.context_label.setVisible(bool(context))
        self.setEnabled(True)
        self.extras.show_entry(entry.id)
        self._render(reset_current=True)
        self.entry_loaded.emit(entry.id)

    def close_entry(self) -> None:
        """Show nothing (the entry was deleted)."""
        self._entry = None
        self._requested = None
        self._suggestions = []
        self._loading = True
        self.editor.clear()
        self.title_edit.clear()
        self.context_label.clear()
        self.context_label.hide()
        self._loading = False
        self.extras.show_entry(None)
        self.find_bar.hide()
        self._render()
        self.setEnabled(False)

    def _set_targets(self, all_targets: list[TargetInfo]) -> None:
        self._targets = {(t.target_type, t.id): t for t in all_targets}
        self._colors = {key: target_color(key, i) for i, key in enumerate(self._targets)}
        self.editor.set_colors(self._colors)

    def refresh(self, changes: Changes) -> None:
        """Reload what ``changes`` affects for this entry."""
        db = self._db
        entry_id = self.entry_id
        if db is None or entry_id is None:
            return
        if entry_id in changes.deleted_entries:
            self.close_entry()
            return
        self.extras.refresh(changes)
        if changes.targets:

            def shown(items: list[TargetInfo]) -> None:
                self._set_targets(items)
                self._render()

            self._tasks.run(lambda: targets.list_targets(db, include_inactive=True), on_done=shown)
        if changes.suggestions or changes.targets:
            self._reload_suggestions()

    def _reload_suggestions(self) -> None:
        db = self._db
        entry_id = self.entry_id
        if db is None or entry_id is None:
            return

        def done(items: list[SuggestionInfo]) -> None:
            if self.entry_id == entry_id:
                self._suggestions = items
                self._render()

        self._tasks.run(lambda: suggestions.list_suggestions(db, entry_id=entry_id), on_done=done)

    # ------------------------------------------------------------------ rendering

    def _render(self, *, reset_current: bool = False) -> None:
        text = self.editor.toPlainText()
        shown = rebase(self._suggestions, self._saved_body, text)
        self.editor.set_highlights(shown, text)
        visible_ids = {item.suggestion.id for item in shown}
        listed = [
            s
            for s in self._suggestions
            if s.id in visible_ids or s.status == SuggestionStatus.ACCEPTED
        ]
        listed.sort(key=lambda s: (s.anchor_start, s.id))
        if reset_current:
            self.panel.select(None)
        units = {key: t.unit for key, t in self._targets.items()}
        # typing re-renders the highlights at every key; the cards only when they change
        signature = (tuple(listed), tuple(self._colors.items()), tuple(units.items()))
        if reset_current or signature != self._panel_signature:
            self._panel_signature = signature
            self.panel.set_suggestions(listed, self._colors, units)
        self.suggestions_shown.emit()

    # ------------------------------------------------------------------ editing

    def _text_edited(self) -> None:
        if self._loading or self._entry is None:
            return
        self._render()
        self._schedule_save()
        if self.auto_detect:
            self._detect_entry = self._entry.id
            self.detect_timer.start()

    def _schedule_save(self) -> None:
        if self._loading or self._entry is None:
            return
        self.save_state.setText("Editing…")
        self._save_timer.start()

    def take_unsaved(self) -> tuple[str, str, date] | None:
        """The edit not saved yet, as (body, title, day), handed to the caller instead of
        being saved (a deletion folds it into its copy); None when all is saved."""
        self._save_timer.stop()
        if not self.dirty:
            return None
        day = self.date_edit.date().toPython()
        assert isinstance(day, date)
        edit = (self.editor.toPlainText(), self.title_edit.text().strip(), day)
        self._saved_body, self._saved_title, self._saved_day = edit
        return edit

    def save_now(self) -> None:
        """Save what changed (one save at a time; the next follows when it returns)."""
        self._save_timer.stop()
        db, entry = self._db, self._entry
        if db is None or entry is None or not self.dirty:
            return
        if self._saving:
            self._save_timer.start()
            return
        body = self.editor.toPlainText()
        title = self.title_edit.text()
        day = self.date_edit.date().toPython()
        assert isinstance(day, date)
        entry_id = entry.id
        self._saving = True
        self.save_state.setText("Saving…")

        def done(result: OpResult[EntryInfo]) -> None:
            self._saving = False
            if self.entry_id != entry_id:
                return
            self._entry = result.value
            self._saved_body, self._saved_title, self._saved_day = body, title.strip(), day
            self.save_state.setText("Saved" if not self.dirty else "Editing…")
            if self.dirty:
                self._save_timer.start()

        def failed(exc: BaseException) -> None:
            self._saving = False
            self.save_state.setText("Not saved")

        self._tasks.run(
            lambda: journal.update_entry(db, entry_id, body=body, title=title, day=day),
            on_done=done,
            on_error=failed,
            report_errors=True,  # "Not saved" here, and the reason in the window's dialog
        )

    # ------------------------------------------------------------------ detection

    def detect_now(self) -> None:
        entry_id = self.entry_id
        if entry_id is None:
            return
        self.detect_timer.stop()
        self.save_now()
        self._detector.request(entry_id)

    def _auto_detect(self) -> None:
        """A few seconds after typing stopped: read the entry that was typed in (which
        may no longer be the one shown; it was saved when the view moved on)."""
        entry_id, self._detect_entry = self._detect_entry, None
        if not self.auto_detect or entry_id is None:
            return
        if entry_id == self.entry_id:
            if self.editor.toPlainText().strip():
                self.detect_now()
        else:
            self._detector.request(entry_id)

    def _detected(self, entry_id: int, outcome: DetectionOutcome | None) -> None:
        if entry_id != self.entry_id:
            return
        self.banner.hide()
        if outcome is None:
            self.panel.set_empty_text(NO_CANDIDATES)
            self._render()
            self.status_message.emit(NO_CANDIDATES)
            return
        found = len(outcome.created)
        self.status_message.emit(
            outcome.skipped
            or (f"Found {found} suggestion{'s' if found != 1 else ''}." if found else "")
            or "Nothing new found."
        )
        self._suggestions = list(outcome.suggestions)
        self.panel.set_empty_text(outcome.skipped or NOTHING_FOUND)
        self._render()

    def _detection_stale(self, entry_id: int) -> None:
        if entry_id == self.entry_id and self.auto_detect:
            self._detect_entry = entry_id
            self.detect_timer.start()

    def _detection_failed(self, entry_id: int, message: str) -> None:
        self.show_model_problem(message)

    def show_model_problem(self, message: str) -> None:
        self.banner_text.setText(f"The model could not read this entry: {message}")
        self.banner_settings.setVisible(self.can_open_settings)
        self.banner.show()

    def _update_detect_button(self, running: bool) -> None:
        self.detect_button.setText("Reading…" if running else "Detect")

    # ------------------------------------------------------------------ review

    def _find(self, suggestion_id: int) -> SuggestionInfo | None:
        return next((s for s in self._suggestions if s.id == suggestion_id), None)

    def _open_popover(self, suggestion_id: int, at: QPoint) -> None:
        s = self._find(suggestion_id)
        if s is None:
            return
        key = (s.target_type, s.target_id)
        target = self._targets.get(key)
        self.panel.select(suggestion_id)
        self.popover.show_for(
            s,
            self.editor.color_for(key),
            at + QPoint(0, 12),
            target.unit if target is not None else None,
        )

    def _replace(self, view: SuggestionInfo) -> None:
        self._suggestions = [view if s.id == view.id else s for s in self._suggestions]
        self._render()

    def _decide(self, suggestion_id: int, accept: bool) -> None:
        db = self._db
        s = self._find(suggestion_id)
        if db is None or s is None or s.status != SuggestionStatus.PENDING:
            return
        self.popover.hide_popover()
        current = self.panel.current_id
        next_id = self._next_pending_after(suggestion_id) if current == suggestion_id else None

        def done(result: OpResult[SuggestionInfo]) -> None:
            self._undo.append(suggestion_id)
            self._replace(result.value)
            if next_id is not None:
                self.panel.select(next_id)
            verb = "Accepted" if accept else "Dismissed"
            self.status_message.emit(f"{verb}: {result.value.target_name}. Press U to undo.")

        if accept:
            self._tasks.run(lambda: suggestions.accept_suggestion(db, suggestion_id), on_done=done)
        else:
            self._tasks.run(lambda: suggestions.dismiss_suggestion(db, suggestion_id), on_done=done)

    def _next_pending_after(self, suggestion_id: int) -> int | None:
        items = self.panel.items
        ids = [s.id for s in items]
        if suggestion_id not in ids:
            return None
        index = ids.index(suggestion_id)
        for s in items[index + 1 :] + items[:index]:
            if s.status == SuggestionStatus.PENDING:
                return s.id
        return None

    def accept(self, suggestion_id: int) -> None:
        self._decide(suggestion_id, True)

    def dismiss(self, suggestion_id: int) -> None:
        self._decide(suggestion_id, False)

    def undo(self) -> None:
        db = self._db
        if db is None or not self._undo:
            self.status_message.emit("Nothing to undo.")
            return
        suggestion_id = self._undo.pop()

        def done(result: OpResult[SuggestionInfo]) -> None:
            self._replace(result.value)
            self.panel.select(suggestion_id)
            self.status_message.emit(f"Undone: {result.value.target_name} is back for review.")

        self._tasks.run(lambda: review.undo_decision(db, suggestion_id), on_done=done)

    def focus_review(self) -> None:
        self.panel.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _reveal(self, suggestion_id: int) -> None:
        span = self.editor.qt_span(suggestion_id)
        if span is None:
            return
        cursor = self.editor.textCursor()
        cursor.setPosition(span[0])
        self.editor.setTextCursor(cursor)
        self.editor.ensureCursorVisible()
