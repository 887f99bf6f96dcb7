"""Habits & practices: what the user tracks, their streaks and a calendar of completions.

Every read and write goes through :class:`~app.ui.common.tasks.Tasks` (the database lane);
the view re-reads when the main window hands it ``Changes`` touching targets or
completions (connect ``tasks.changed`` to :meth:`HabitsView.refresh`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from PySide6.QtCore import QDate, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import clock
from app.domain.journal.streaks import DayTotal, current_streak, daily_totals, longest_streak
from app.services.changes import Changes, OpResult, Target
from app.services.journal import completions, cues, learning, targets
from app.services.journal.cues import CueInfo
from app.services.journal.learning import ProposalInfo
from app.services.views import CompletionInfo, TargetInfo
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Tasks
from app.ui.journal.heatmap import WEEKS, CalendarHeatmap, long_day, qdate

KEY_ROLE = Qt.ItemDataRole.UserRole
"""Item data: the ``(target_type, id)`` of the row."""


# ------------------------------------------------------------------------ reading


@dataclass(frozen=True)
class TargetStats:
    target: TargetInfo
    totals: dict[date, DayTotal]
    current: int
    longest: int
    cues: CueInfo | None = None
    proposals: tuple[ProposalInfo, ...] = ()
    """Pending proposals learned from the user's decisions (words to add, to stop reading)."""
    learned_exclusions: tuple[str, ...] = ()
    """Exclusions the user accepted: phrases no longer read as done."""

    @property
    def key(self) -> Target:
        return (self.target.target_type, self.target.id)


@dataclass(frozen=True)
class HabitsSnapshot:
    today: date
    items: tuple[TargetStats, ...]
    """Active targets first (habits, then practices), then archived and ended ones."""

    def get(self, key: Target) -> TargetStats | None:
        return next((s for s in self.items if s.key == key), None)


def read_habits(db: Database, today: date) -> HabitsSnapshot:
    """Everything the view shows, read in one go on the operations thread.

    The user's decisions are recounted first (``learning.refresh_proposals``), so what
    they logged, accepted or dismissed since the last read can propose words here."""
    proposals: dict[Target, list[ProposalInfo]] = {}
    for p in learning.refresh_proposals(db).value:
        proposals.setdefault((p.target_type, p.target_id), []).append(p)
    learned: dict[Target, list[str]] = {}
    for p in learning.list_proposals(db, status="accepted"):
        if p.kind == "exclude":
            learned.setdefault((p.target_type, p.target_id), []).append(p.phrase)
    all_targets = targets.list_targets(db, include_inactive=True)
    cue_words = cues.list_cues(db)
    by_target: dict[Target, list[CompletionInfo]] = {}
    for c in completions.list_completions(db):
        by_target.setdefault((c.target_type, c.target_id), []).append(c)
    items = []
    for t in sorted(all_targets, key=lambda t: not t.active):  # stable: keeps service order
        key = (t.target_type, t.id)
        done = by_target.get(key, [])
        days = [c.day for c in done]
        items.append(
            TargetStats(
                t,
                daily_totals((c.day, c.amount) for c in done),
                current_streak(days, today),
                longest_streak(days),
                cue_words.get(key),
                tuple(proposals.get(key, ())) if t.active else (),
                tuple(learned.get(key, ())),
            )
        )
    return HabitsSnapshot(today, tuple(items))


# --------------------------------------------------------------------- formatting


def amount_text(amount: float, unit: str | None) -> str:
    return f"{amount:g} {unit}" if unit else f"{amount:g}"


def proposals_text(n: int) -> str:
    return "1 question" if n == 1 else f"{n} questions"


def days_text(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def kind_text(target: TargetInfo) -> str:
    if target.target_type == "habit":
        return "Habit" if target.active else "Habit (archived)"
    return "Practice" if target.active else "Practice (ended)"


def describe_target(target: TargetInfo) -> str:
    """One line under the name: what it is and what is logged by default."""
    parts = [kind_text(target)]
    if target.target_type == "habit":
        if target.unit:
            parts.append(f"counted in {target.unit}")
        if target.default_amount is not None:
            parts.append(f"default {amount_text(target.default_amount, target.unit)}")
    elif target.default_amount is not None:
        parts.append(f"default {target.default_amount:g} minutes per session")
    return " · ".join(parts)


def day_describer(target: TargetInfo) -> Callable[[DayTotal | None], str]:
    def describe(total: DayTotal | None) -> str:
        if total is None:
            return "nothing logged"
        if target.target_type == "practice":
            sessions = "1 session" if total.count == 1 else f"{total.count} sessions"
            if total.amount is not None:
                return f"{sessions}, {total.amount:g} minutes"
            return sessions
        if total.amount is not None:
            return amount_text(total.amount, target.unit)
        return "done"

    return describe


def _action_text(target: TargetInfo) -> tuple[str, str]:
    """(button text, tooltip) for archiving or restoring this target."""
    if target.target_type == "habit":
        if target.active:
            return "Ar&chive", "Hide this habit from detection and the list; its history stays"
        return "Res&tore", "Track this habit again"
    if target.active:
        return "End &practice", "End this practice; its sessions stay"
    return "Res&ume", "Track this practice again"


# ------------------------------------------------------------------------ dialogs


class AddTargetDialog(QDialog):
    """Add a habit or a practice; the service's one-sentence refusal shows inline."""

    added = Signal(object)
    """The new ``TargetInfo``."""

    def __init__(self, db: Database, tasks: Tasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._db = db
        self._tasks = tasks
        self.setWindowTitle("Add a habit or practice")
        self.setModal(True)

        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. Meditation, Drink water, Guitar")
        self.name_edit.setAccessibleName("Name")

        self.habit_radio = QRadioButton("&Habit")
        self.habit_radio.setToolTip("Done or not, at most once a day, with an optional amount")
        self.practice_radio = QRadioButton("&Practice")
        self.practice_radio.setToolTip("Sessions you spend time on, with minutes")
        self.habit_radio.setChecked(True)
        kinds = QButtonGroup(self)
        kinds.addButton(self.habit_radio)
        kinds.addButton(self.practice_radio)
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.habit_radio)
        kind_row.addWidget(self.practice_radio)
        kind_row.addStretch()
        self.kind_hint = QLabel()
        self.kind_hint.setWordWrap(True)
        self.kind_hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.unit_edit = QLineEdit()
        self.unit_edit.setPlaceholderText("optional, e.g. oz, pages, km")
        self.unit_edit.setAccessibleName("Unit")
        self.amount_spin = QDoubleSpinBox()
        self.amount_spin.setRange(0, 1_000_000)
        self.amount_spin.setDecimals(1)
        self.amount_spin.setSpecialValueText("None")
        self.amount_spin.setAccessibleName("Default amount")
        self.amount_spin.setToolTip("Logged when an entry or a click gives no amount")
        self.minutes_spin = QSpinBox()
        self.minutes_spin.setRange(0, 24 * 60)
        self.minutes_spin.setSingleStep(5)
        self.minutes_spin.setSpecialValueText("None")
        self.minutes_spin.setSuffix(" min")
        self.minutes_spin.setAccessibleName("Default minutes")
        self.minutes_spin.setToolTip("Minutes logged for a session when none are given")

        self.form = QFormLayout()
        self.form.addRow("&Name:", self.name_edit)
        self.form.addRow("Kind:", kind_row)
        self.form.addRow("", self.kind_hint)
        self.form.addRow("&Unit:", self.unit_edit)
        self.form.addRow("Default &amount:", self.amount_spin)
        self.form.addRow("Default &minutes:", self.minutes_spin)

        self.message = MessageLabel(self)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.add_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.add_button.setText("Add")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

        self.habit_radio.toggled.connect(self._kind_changed)
        self.name_edit.textChanged.connect(self._update_enabled)
        self._kind_changed()
        self._update_enabled()
        self.setMinimumWidth(420)

    @property
    def is_practice(self) -> bool:
        return self.practice_radio.isChecked()

    def _kind_changed(self) -> None:
        practice = self.is_practice
        self.form.setRowVisible(self.unit_edit, not practice)
        self.form.setRowVisible(self.amount_spin, not practice)
        self.form.setRowVisible(self.minutes_spin, practice)
        self.kind_hint.setText(
            "Sessions you spend time on; several a day are fine."
            if practice
            else "Done or not, once a day, optionally with an amount."
        )

    def _update_enabled(self) -> None:
        self.add_button.setEnabled(bool(self.name_edit.text().strip()))

    def submit(self) -> None:
        name = self.name_edit.text()
        db = self._db
        fn: Callable[[], OpResult[TargetInfo]]
        if self.is_practice:
            minutes = self.minutes_spin.value() or None

            def fn() -> OpResult[TargetInfo]:
                return targets.add_practice(db, name, default_minutes=minutes)

        else:
            unit = self.unit_edit.text()
            amount = self.amount_spin.value() or None

            def fn() -> OpResult[TargetInfo]:
                return targets.add_habit(db, name, unit=unit, default_amount=amount)

        self.message.clear_message()
        self.buttons.setEnabled(False)
        self._tasks.run(
            fn, on_done=if_alive(self, self._done), on_error=if_alive(self, self._failed)
        )

    def _done(self, result: OpResult[TargetInfo]) -> None:
        self.buttons.setEnabled(True)
        self.added.emit(result.value)
        self.accept()

    def _failed(self, error: BaseException) -> None:
        self.buttons.setEnabled(True)
        self.message.show_error(user_message(error))
        self.name_edit.setFocus()


# --------------------------------------------------------------------------- view


class _Stat(QWidget):
    """A big number with a caption under it."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = QLabel("–")
        font = QFont(self.value.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.value.setFont(font)
        self.caption = QLabel(caption)
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.value)
        layout.addWidget(self.caption)
        self._caption = caption

    def set_value(self, text: str) -> None:
        self.value.setText(text)
        self.setAccessibleName(f"{self._caption}: {text}")


class _ProposalRow(QWidget):
    """A learned proposal as a question with its two answers."""

    answered = Signal(object, bool)
    """``(ProposalInfo, accepted)`` when one of the two buttons is clicked."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.proposal: ProposalInfo | None = None
        self.question = QLabel(self)
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setWordWrap(True)
        self.yes = QPushButton(self)
        self.yes.setObjectName("accept")
        self.no = QPushButton("No thanks", self)
        self.no.setObjectName("dismiss")
        self.yes.clicked.connect(lambda: self._answer(True))
        self.no.clicked.connect(lambda: self._answer(False))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.question, 1)
        layout.addWidget(self.yes)
        layout.addWidget(self.no)

    def show_proposal(self, proposal: ProposalInfo | None) -> None:
        self.proposal = proposal
        self.setVisible(proposal is not None)
        if proposal is None:
            return
        self.setObjectName(f"proposal-{proposal.id}")
        self.question.setText(proposal.question)
        seen = "days" if proposal.kind == "cue" else "dismissed suggestions"
        self.question.setToolTip(f"Seen in {proposal.support} {seen}")
        self.yes.setText("Add word" if proposal.kind == "cue" else "Stop reading it")
        self.yes.setAccessibleName(f"Yes: {proposal.question}")
        self.no.setAccessibleName(f"No: {proposal.question}")
        self.yes.setEnabled(True)
        self.no.setEnabled(True)

    def _answer(self, accept: bool) -> None:
        if self.proposal is not None:
            self.answered.emit(self.proposal, accept)


class HabitsView(QWidget):
    """List of habits and practices; the selected one's streak, calendar and manual log."""

    loaded = Signal()
    """Emitted after every (re)read from the database has been shown."""

    def __init__(
        self,
        db: Database,
        tasks: Tasks,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._db = db
        self._tasks = tasks
        self._snapshot: HabitsSnapshot | None = None
        self._selected: Target | None = None
        self._loading = False
        self._stale = False
        self._outdated = False
        self._populating = False
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(0)
        self._reload_timer.timeout.connect(self.reload)
        self.setAccessibleName("Habits and practices")

        # ---- left: the list
        title = QLabel("Habits & practices")
        title_font = QFont(title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        title_font.setBold(True)
        title.setFont(title_font)

        self.tree = QTreeWidget()
        self.tree.setAccessibleName("Habits and practices")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Name", "Kind", "Streak"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setEditTriggers(
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
        )
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.itemChanged.connect(self._item_edited)

        self.add_button = QPushButton("&Add…")
        self.add_button.setToolTip("Add a habit or practice to track")
        self.add_button.clicked.connect(self.open_add_dialog)
        self.show_inactive = QCheckBox("Show a&rchived")
        self.show_inactive.setToolTip("Also list archived habits and ended practices (greyed)")
        self.show_inactive.toggled.connect(self._repopulate)

        list_buttons = QHBoxLayout()
        list_buttons.addWidget(self.add_button)
        list_buttons.addStretch()
        list_buttons.addWidget(self.show_inactive)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 6, 0)
        left_layout.addWidget(title)
        left_layout.addWidget(self.tree, 1)
        left_layout.addLayout(list_buttons)

        # ---- right: the selected target
        self.name_label = QLabel()
        name_font = QFont(self.name_label.font())
        name_font.setPointSizeF(name_font.pointSizeF() * 1.6)
        name_font.setBold(True)
        self.name_label.setFont(name_font)
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        self.name_label.setWordWrap(True)
        self.kind_label = QLabel()
        self.kind_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.kind_label.setTextFormat(Qt.TextFormat.PlainText)

        self.rename_button = QPushButton("Re&name")
        self.rename_button.setToolTip("Rename in the list (F2)")
        self.rename_button.clicked.connect(self.start_rename)
        self.active_button = QPushButton("Ar&chive")
        self.active_button.clicked.connect(self.toggle_active)

        heading = QHBoxLayout()
        names = QVBoxLayout()
        names.setSpacing(2)
        names.addWidget(self.name_label)
        names.addWidget(self.kind_label)
        heading.addLayout(names, 1)
        heading.addWidget(self.rename_button, 0, Qt.AlignmentFlag.AlignTop)
        heading.addWidget(self.active_button, 0, Qt.AlignmentFlag.AlignTop)

        self.current_stat = _Stat("current streak")
        self.longest_stat = _Stat("longest streak")
        self.recent_stat = _Stat(f"days logged in {WEEKS} weeks")
        stats = QHBoxLayout()
        stats.setSpacing(28)
        for stat in (self.current_stat, self.longest_stat, self.recent_stat):
            stats.addWidget(stat)
        stats.addStretch()

        self.heatmap = CalendarHeatmap()
        self.heatmap.day_selected.connect(self._day_picked)
        self.day_label = QLabel(" ")
        self.day_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.day_label.setTextFormat(Qt.TextFormat.PlainText)
        self.day_label.setAccessibleName("Selected day")

        self.log_date = QDateEdit()
        self.log_date.setCalendarPopup(True)
        self.log_date.setAccessibleName("Day to log")
        self.log_date.setToolTip("The day the habit or practice was done")
        self.log_date.setDisplayFormat("ddd d MMM yyyy")
        self.log_amount = QDoubleSpinBox()
        self.log_amount.setRange(0, 1_000_000)
        self.log_amount.setDecimals(1)
        self.log_amount.setAccessibleName("Amount")
        self.log_amount.setMinimumWidth(150)
        self.log_button = QPushButton("&Log")
        self.log_button.setToolTip("Log a completion for the chosen day")
        self.log_button.clicked.connect(self.log_chosen_day)
        log_row = QHBoxLayout()
        self.log_date_label = QLabel("&Day:")
        self.log_date_label.setBuddy(self.log_date)
        self.log_amount_label = QLabel("A&mount:")
        self.log_amount_label.setBuddy(self.log_amount)
        log_row.addWidget(self.log_date_label)
        log_row.addWidget(self.log_date)
        log_row.addSpacing(12)
        log_row.addWidget(self.log_amount_label)
        log_row.addWidget(self.log_amount)
        log_row.addSpacing(12)
        log_row.addWidget(self.log_button)
        log_row.addStretch()
        self.log_group = QGroupBox("Log by hand")
        log_layout = QVBoxLayout(self.log_group)
        log_layout.addLayout(log_row)

        self.cues_edit = QLineEdit()
        self.cues_edit.setAccessibleName("Cue words")
        self.cues_edit.setPlaceholderText("No cue words: never found in entries")
        self.cues_edit.setToolTip(
            "Words that show it was done, separated by commas. “swim*” matches any ending "
            "(swimming, swims), “#” any number (“# km”)."
        )
        self.cues_edit.returnPressed.connect(self.save_cues)
        self.cues_save = QPushButton("&Save words")
        self.cues_save.clicked.connect(self.save_cues)
        self.cues_reset = QPushButton("Suggested")
        self.cues_reset.setToolTip("Go back to the words suggested by the name")
        self.cues_reset.clicked.connect(self.reset_cues)
        self.cues_note = QLabel()
        self.cues_note.setWordWrap(True)
        self.cues_note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        cue_row = QHBoxLayout()
        cue_row.addWidget(self.cues_edit, 1)
        cue_row.addWidget(self.cues_save)
        cue_row.addWidget(self.cues_reset)
        self.cues_group = QGroupBox("Words that show it was done")
        cues_layout = QVBoxLayout(self.cues_group)
        cues_layout.addLayout(cue_row)
        cues_layout.addWidget(self.cues_note)

        self.proposals_group = QGroupBox("Learned from your decisions")
        self.proposals_group.setToolTip(
            "Words Inkling noticed on the days you logged this by hand or accepted it, "
            "and phrases you keep dismissing. Nothing changes until you answer."
        )
        self.proposals_layout = QVBoxLayout(self.proposals_group)
        self._proposal_rows: list[_ProposalRow] = []
        self.proposals_group.hide()

        self.message = MessageLabel(self)

        detail = QWidget()
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(12, 0, 0, 0)
        detail_layout.setSpacing(12)
        detail_layout.addLayout(heading)
        detail_layout.addLayout(stats)
        detail_layout.addWidget(self.heatmap)
        detail_layout.addWidget(self.day_label)
        detail_layout.addWidget(self.log_group)
        detail_layout.addWidget(self.cues_group)
        detail_layout.addWidget(self.proposals_group)
        detail_layout.addWidget(self.message)
        detail_layout.addStretch()

        self.placeholder = QLabel(
            "Nothing to show yet.\n\nAdd a habit or practice with “Add…”, "
            "then log it here or accept it from a journal entry."
        )
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(detail)
        scroll = QScrollArea()
        scroll.setWidget(self.stack)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("habitsSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(scroll)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([300, 620])
        left.setMinimumWidth(220)
        left.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.addWidget(self.splitter)

        self.setTabOrder(self.tree, self.add_button)
        self.setTabOrder(self.add_button, self.show_inactive)
        self.setTabOrder(self.show_inactive, self.rename_button)
        self.setTabOrder(self.rename_button, self.active_button)
        self.setTabOrder(self.active_button, self.heatmap)
        self.setTabOrder(self.heatmap, self.log_date)
        self.setTabOrder(self.log_date, self.log_amount)
        self.setTabOrder(self.log_amount, self.log_button)
        self.setTabOrder(self.log_button, self.cues_edit)
        self.setTabOrder(self.cues_edit, self.cues_save)
        self.setTabOrder(self.cues_save, self.cues_reset)

        self._proposal_icon = self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxInformation
        )
        self._show_target(None)
        self.reload()

    # ------------------------------------------------------------- loading

    def showEvent(self, event: QShowEvent) -> None:
        """A view left open past midnight catches up with the new day when shown."""
        super().showEvent(event)
        if self._outdated or (self._snapshot is not None and self._snapshot.today != clock.today()):
            self._outdated = False
            self.reload()

    @property
    def snapshot(self) -> HabitsSnapshot | None:
        return self._snapshot

    @property
    def is_loading(self) -> bool:
        return self._loading or self._reload_timer.isActive()

    def refresh(self, changes: Changes) -> None:
        """Re-read when habits, practices or completions changed. A suggestion's answer
        can propose an exclusion: re-read for it now if shown, else when next shown."""
        if changes.targets or changes.completions:
            self._reload_timer.start()  # several refreshes in one turn read once
        elif changes.suggestions:
            if self.isVisible():
                self._reload_timer.start()
            else:
                self._outdated = True

    def reload(self) -> None:
        if self._loading:
            self._stale = True
            return
        self._loading = True
        db, today = self._db, clock.today()
        self._tasks.run(
            lambda: read_habits(db, today),
            on_done=if_alive(self, self._loaded),
            on_error=if_alive(self, self._failed),
        )

    def _loaded(self, snapshot: HabitsSnapshot) -> None:
        self._loading = False
        self._snapshot = snapshot
        if self._stale:
            self._stale = False
            self.reload()
        self._repopulate()
        self.loaded.emit()

    def _failed(self, error: BaseException) -> None:
        self._loading = False
        self.message.show_error(user_message(error))

    # ---------------------------------------------------------------- list

    def item_for(self, key: Target) -> QTreeWidgetItem | None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if item is not None and item.data(0, KEY_ROLE) == key:
                return item
        return None

    def select(self, key: Target) -> None:
        """Select a habit or practice (shown once it is in the list)."""
        self._selected = key
        item = self.item_for(key)
        if item is not None:
            self.tree.setCurrentItem(item)

    def _repopulate(self) -> None:
        snapshot = self._snapshot
        if snapshot is None:
            return
        show_all = self.show_inactive.isChecked()
        greyed = self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        self._populating = True
        try:
            with QSignalBlocker(self.tree):
                self.tree.clear()
                for stats in snapshot.items:
                    t = stats.target
                    if not t.active and not show_all:
                        continue
                    streak = days_text(stats.current) if stats.current else "–"
                    item = QTreeWidgetItem([t.name, kind_text(t), streak])
                    item.setData(0, KEY_ROLE, stats.key)
                    item.setTextAlignment(
                        2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                    tip = describe_target(t)
                    if stats.proposals:
                        item.setIcon(0, self._proposal_icon)
                        tip += f"\n{proposals_text(len(stats.proposals))} to answer"
                    item.setToolTip(0, tip)
                    item.setToolTip(2, f"Current streak: {days_text(stats.current)}")
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
                    if not t.active:
                        for column in range(3):
                            item.setForeground(column, greyed)
                            font = item.font(column)
                            font.setItalic(True)
                            item.setFont(column, font)
                    self.tree.addTopLevelItem(item)
            key = self._selected
            chosen = self.item_for(key) if key is not None else None
            if chosen is None and self.tree.topLevelItemCount():
                chosen = self.tree.topLevelItem(0)
            if chosen is not None:
                self.tree.setCurrentItem(chosen)
        finally:
            self._populating = False
        current = self.tree.currentItem()
        self._show_target(current.data(0, KEY_ROLE) if current is not None else None)

    def _current_changed(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        if self._populating:
            return
        key = current.data(0, KEY_ROLE) if current is not None else None
        self._selected = key
        self.message.clear_message()
        self._show_target(key)

    # -------------------------------------------------------------- detail

    def current_stats(self) -> TargetStats | None:
        if self._snapshot is None or self._selected is None:
            return None
        return self._snapshot.get(self._selected)

    def _show_target(self, key: Target | None) -> None:
        snapshot = self._snapshot
        stats = snapshot.get(key) if snapshot is not None and key is not None else None
        if stats is None or snapshot is None:
            self.stack.setCurrentWidget(self.placeholder)
            return
        self._selected = stats.key
        t = stats.target
        self.stack.setCurrentIndex(1)
        self.name_label.setText(t.name)
        self.kind_label.setText(describe_target(t))
        text, tip = _action_text(t)
        self.active_button.setText(text)
        self.active_button.setToolTip(tip)
        self.current_stat.set_value(days_text(stats.current))
        self.longest_stat.set_value(days_text(stats.longest))
        first = snapshot.today.toordinal() - (WEEKS * 7 - 1)
        recent = sum(1 for d in stats.totals if d.toordinal() >= first)
        self.recent_stat.set_value(str(recent))
        self.heatmap.set_data(
            stats.totals,
            today=snapshot.today,
            use_amounts=any(total.amount is not None for total in stats.totals.values()),
            describe=day_describer(t),
        )
        self.heatmap.setAccessibleName(f"Completion calendar for {t.name}")
        chosen = self.heatmap.current_day
        self.day_label.setText(self.heatmap.describe_day(chosen) if chosen else " ")
        self._setup_log_row(t, snapshot.today)
        self._show_cues(stats.cues, stats.learned_exclusions)
        self._show_proposals(stats.proposals)

    def _show_cues(self, view: CueInfo | None, learned: tuple[str, ...] = ()) -> None:
        words = view.cues if view is not None else ()
        self.cues_edit.setText(", ".join(words))
        self.cues_edit.setCursorPosition(0)  # show the first words, not the last
        self.cues_reset.setEnabled(view is not None and not view.seeded)
        if view is None or not words:
            note = (
                "Habits of not doing something are never read as done in entries."
                if view is not None and view.abstinence
                else "Add words to let Inkling find it in your entries."
            )
        elif view.seeded:
            note = (
                "Suggested from the name. Entries are read in context: "
                "“didn't run”, “want to run” or “my sister ran” are not counted."
            )
        else:
            note = "Your own words. Entries are read in context: plans and negations do not count."
        if learned:
            quoted = ", ".join(f"\u201c{phrase}\u201d" for phrase in learned)
            note += f" Not read as done (you agreed): {quoted}."
        self.cues_note.setText(note)

    def _show_proposals(self, proposals: tuple[ProposalInfo, ...]) -> None:
        """One row per pending proposal: the question and its two answers. Rows are
        kept and reused (never deleted while the view lives); extra ones are hidden."""
        while len(self._proposal_rows) < len(proposals):
            row = _ProposalRow(self.proposals_group)
            row.answered.connect(self.answer_proposal)
            self.proposals_layout.addWidget(row)
            self._proposal_rows.append(row)
        for n, row in enumerate(self._proposal_rows):
            row.show_proposal(proposals[n] if n < len(proposals) else None)
        self.proposals_group.setTitle(
            f"Learned from your decisions ({proposals_text(len(proposals))})"
        )
        self.proposals_group.setVisible(bool(proposals))

    def answer_proposal(self, proposal: ProposalInfo, accept: bool) -> None:
        """Accept or dismiss a proposal in the background; the view re-reads after."""
        db = self._db
        answer = learning.accept_proposal if accept else learning.dismiss_proposal

        def done(result: OpResult[ProposalInfo]) -> None:
            p = result.value
            if not accept:
                text = f"Inkling will not ask about \u201c{p.phrase}\u201d again."
            elif p.kind == "cue":
                text = f"Added \u201c{p.phrase}\u201d to {p.target_name}'s words."
            else:
                text = f"\u201c{p.phrase}\u201d is no longer read as {p.target_name}."
            self.message.show_info(text)

        self.message.clear_message()
        for button in self.proposals_group.findChildren(QPushButton):
            button.setEnabled(False)  # one answer at a time; the re-read enables them again
        self._tasks.run(
            lambda: answer(db, proposal.id),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._proposal_failed),
        )

    def _proposal_failed(self, error: BaseException) -> None:
        self._show_error(error)
        self.reload()

    def save_cues(self) -> None:
        self._change_cues(self.cues_edit.text().split(","))

    def reset_cues(self) -> None:
        self._change_cues(None)

    def _change_cues(self, words: list[str] | None) -> None:
        stats = self.current_stats()
        if stats is None:
            return
        t = stats.target
        db = self._db

        def done(result: OpResult[CueInfo]) -> None:
            self._show_cues(result.value)
            self.message.show_info(f"Saved the words for {t.name}.")

        self.message.clear_message()
        self._tasks.run(
            lambda: cues.set_cues(db, t.target_type, t.id, words),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._show_error),
        )

    def _setup_log_row(self, t: TargetInfo, today: date) -> None:
        self.log_date.setMaximumDate(qdate(today))
        if self.log_date.date() > qdate(today) or not self.log_date.date().isValid():
            self.log_date.setDate(qdate(today))
        if self.log_date.date() == QDate(2000, 1, 1):  # QDateEdit's default
            self.log_date.setDate(qdate(today))
        if t.target_type == "practice":
            self.log_amount_label.setText("&Minutes:")
            self.log_amount.setDecimals(0)
            self.log_amount.setSuffix(" min")
            default = f"{t.default_amount:g} min" if t.default_amount else "none"
        else:
            self.log_amount_label.setText("A&mount:")
            self.log_amount.setDecimals(1)
            self.log_amount.setSuffix(f" {t.unit}" if t.unit else "")
            default = amount_text(t.default_amount, t.unit) if t.default_amount else "none"
        self.log_amount.setSpecialValueText(f"Default ({default})")
        self.log_amount.setAccessibleName(self.log_amount_label.text().replace("&", "")[:-1])
        self.log_group.setEnabled(t.active)
        self.log_group.setToolTip("" if t.active else "Restore it to log new completions")

    def _day_picked(self, day: date) -> None:
        self.day_label.setText(self.heatmap.describe_day(day))
        self.log_date.setDate(qdate(day))

    # ------------------------------------------------------------- actions

    def _show_error(self, error: BaseException) -> None:
        self.message.show_error(user_message(error))

    def open_add_dialog(self) -> AddTargetDialog:
        dialog = AddTargetDialog(self._db, self._tasks, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.added.connect(self._target_added)
        dialog.open()
        return dialog

    def _target_added(self, target: TargetInfo) -> None:
        self._selected = (target.target_type, target.id)
        self.message.show_info(f"Added {target.name}.")

    def start_rename(self) -> None:
        item = self.tree.currentItem()
        if item is not None:
            self.tree.setFocus()
            self.tree.editItem(item, 0)

    def _item_edited(self, item: QTreeWidgetItem, column: int) -> None:
        if self._populating or column != 0:
            return
        key: Target = item.data(0, KEY_ROLE)
        stats = self._snapshot.get(key) if self._snapshot is not None else None
        if stats is None:
            return
        old, new = stats.target.name, item.text(0)
        if new == old:
            return
        db = self._db

        def failed(error: BaseException) -> None:
            self.message.show_error(user_message(error))
            current = self.item_for(key)
            if current is not None:
                with QSignalBlocker(self.tree):
                    current.setText(0, old)

        def done(result: OpResult[TargetInfo]) -> None:
            self.message.show_info(f"Renamed “{old}” to “{result.value.name}”.")

        self.message.clear_message()
        self._tasks.run(
            lambda: targets.rename_target(db, key[0], key[1], new),
            on_done=if_alive(self, done),
            on_error=if_alive(self, failed),
        )

    def toggle_active(self) -> None:
        stats = self.current_stats()
        if stats is None:
            return
        t = stats.target
        db, activate = self._db, not t.active

        def done(result: OpResult[TargetInfo]) -> None:
            v = result.value
            state = "archived" if v.target_type == "habit" else "ended"
            if v.active:
                self.message.show_info(f"{v.name} is tracked again.")
            elif self.show_inactive.isChecked():
                self.message.show_info(f"{v.name} is {state}; its history stays.")
            else:
                self.message.show_info(
                    f"{v.name} is {state}; its history stays, "
                    "and “Show archived” brings it back into view."
                )

        self.message.clear_message()
        self._tasks.run(
            lambda: targets.set_active(db, t.target_type, t.id, activate),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._show_error),
        )

    def log_chosen_day(self) -> None:
        stats = self.current_stats()
        if stats is None:
            return
        t = stats.target
        day = self.log_date.date().toPython()
        assert isinstance(day, date)
        amount = self.log_amount.value() or None
        db = self._db

        def done(result: OpResult[CompletionInfo]) -> None:
            if result.changes.empty:
                self.message.show_info(f"{t.name} was already logged on {long_day(day)}.")
            else:
                self.message.show_info(f"Logged {t.name} on {long_day(day)}.")
            self.log_amount.setValue(0)

        self.message.clear_message()
        self._tasks.run(
            lambda: completions.log_completion(db, t.target_type, t.id, day, amount=amount),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._show_error),
        )
