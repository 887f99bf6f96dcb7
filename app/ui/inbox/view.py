"""The review inbox: every pending suggestion and unreviewed finding in one list, newest
first, with filters, keyboard triage and bulk decisions that one undo takes back.

Keys while the list has focus: **A** accept, **X** dismiss (a finding: reject), **J**/**K**
(or the arrows) next/previous, **U** undo the last decision (a bulk one included),
**Enter** open the entry or page at the item.  The list loads a page at a time
(``app.services.inbox``) and the next page when the highlight nears the end.  Every
database call goes through ``Tasks``; the view re-reads itself from ``Tasks.changed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from PySide6.QtCore import QDate, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDateEdit,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.services import inbox
from app.services.changes import Changes, OpResult, Target
from app.services.inbox import Decision, InboxChoices, InboxFilter, InboxItem, InboxKey, ItemKind
from app.store import Database
from app.ui.common.messages import MessageLabel, if_alive, user_message
from app.ui.common.tasks import Tasks

KEY_HELP = "A accept · X dismiss · J/K next/previous · U undo · Enter open"
EMPTY = "Nothing waits for a decision. New suggestions and findings will appear here."
EMPTY_FILTERED = "Nothing here matches these filters."
FETCH_AHEAD = 5
"""Load the next page when the highlight comes this close to the end of the list."""
ANY_DAY = QDate(1900, 1, 1)
"""The date edits' "Any day" (their minimum, shown as that text)."""


@dataclass(frozen=True)
class _Loaded:
    """One read of the inbox: the first rows, counts and the filters' choices."""

    items: tuple[InboxItem, ...]
    next_after: InboxKey | None
    total: int
    shown: int
    choices: InboxChoices


def _target_key(target: Target) -> str:
    return f"{target[0]}:{target[1]}"


def _target(key: str) -> Target:
    kind, _, number = key.partition(":")
    return kind, int(number)


def item_text(item: InboxItem) -> str:
    day = f"{item.day:%a} {item.day.day} {item.day:%b %Y}"
    source = "Journal" if item.kind == ItemKind.SUGGESTION else "Notebook"
    return f"{item.title}\n\u201c{item.quote}\u201d\n{source} \u00b7 {item.where} \u00b7 {day}"


class InboxDelegate(QStyledItemDelegate):
    """Each item as it reads best: the habit or finding in bold, the words it rests on,
    then where and when in the muted colour; each line elided to the width.  The item's
    text (what screen readers and tooltips get) stays the three lines of
    :func:`item_text`."""

    PAD = 6

    @staticmethod
    def _lines(index: QModelIndex | QPersistentModelIndex) -> list[str]:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        lines = str(text or "").split("\n", 2)
        return lines + [""] * (3 - len(lines))

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        metrics = QFontMetrics(option.font)
        bold = QFont(option.font)
        bold.setBold(True)
        height = QFontMetrics(bold).lineSpacing() + 2 * metrics.lineSpacing() + 2 * self.PAD
        return QSize(200, height)  # the list gives each row its whole width

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        view = QStyleOptionViewItem(option)
        self.initStyleOption(view, index)
        view.text = ""  # the background and selection only
        widget = view.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, view, painter, widget)
        palette: QPalette = view.palette
        selected = bool(view.state & QStyle.StateFlag.State_Selected)
        text = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        muted = text if selected else palette.color(QPalette.ColorRole.PlaceholderText)
        bold = QFont(view.font)
        bold.setBold(True)
        title, quote, where = self._lines(index)
        rect = view.rect.adjusted(self.PAD, self.PAD, -self.PAD, -self.PAD)
        painter.save()
        top = rect.top()
        for line, font, color in (
            (title, bold, text),
            (quote, view.font, text),
            (where, view.font, muted),
        ):
            metrics = QFontMetrics(font)
            painter.setFont(font)
            painter.setPen(color)
            shown = metrics.elidedText(line, Qt.TextElideMode.ElideRight, rect.width())
            painter.drawText(
                QRect(rect.left(), top, rect.width(), metrics.height()),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                shown,
            )
            top += metrics.lineSpacing()
        painter.restore()


class DayEdit(QDateEdit):
    """A day, or "Any day" (its minimum).  Tab always moves on to the next control: a
    date edit would move between its day, month and year, and on "Any day" it has
    none to move to, which kept the focus in it for good."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setAccessibleName(f"{name} day")
        self.setCalendarPopup(True)
        self.setDisplayFormat("d MMM yyyy")
        self.setMinimumDate(ANY_DAY)
        self.setSpecialValueText("Any day")
        self.setDate(ANY_DAY)

    def focusNextPrevChild(self, next: bool) -> bool:
        return QWidget.focusNextPrevChild(self, next)


class InboxList(QListWidget):
    """The queue; the triage keys become signals."""

    accept_requested = Signal()
    dismiss_requested = Signal()
    undo_requested = Signal()
    open_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods & ~Qt.KeyboardModifier.ShiftModifier:
            super().keyPressEvent(event)
            return
        key = event.key()
        row = self.currentRow()
        if key == Qt.Key.Key_A:
            self.accept_requested.emit()
        elif key == Qt.Key.Key_X:
            self.dismiss_requested.emit()
        elif key == Qt.Key.Key_U:
            self.undo_requested.emit()
        elif key == Qt.Key.Key_J:
            self.setCurrentRow(min(row + 1, self.count() - 1))
        elif key == Qt.Key.Key_K:
            self.setCurrentRow(max(row - 1, 0))
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.open_requested.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


class InboxView(QWidget):
    """The Inbox section."""

    count_changed = Signal(int)
    """Everything waiting, whatever the filters (the sidebar shows it)."""
    open_requested = Signal(object)
    """An ``InboxItem`` to open where it is (its entry, or its notebook page)."""
    status_message = Signal(str)
    current_changed = Signal()

    def __init__(self, tasks: Tasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inboxView")
        self._tasks = tasks
        self._db: Database | None = None
        self._items: list[InboxItem] = []
        self._next_after: InboxKey | None = None
        self._fetching = False
        self._generation = 0
        self._undo: list[Decision] = []
        self._stale = True
        self._filling = False
        self._want: tuple[ItemKind, int] | None = None
        """An item the next reload highlights (the first one an undo brought back)."""
        self.total = 0
        self.shown = 0

        heading = QLabel("Inbox")
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        heading.setFont(font)
        self.summary = QLabel("")
        self.summary.setAccessibleName("Inbox summary")
        self.summary.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        top = QHBoxLayout()
        top.addWidget(heading)
        top.addWidget(self.summary, 1)

        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName("Show")
        self.kind_box.addItem("Everything", None)
        self.kind_box.addItem("Journal suggestions", ItemKind.SUGGESTION.value)
        self.kind_box.addItem("Notebook findings", ItemKind.FINDING.value)
        self.target_box = QComboBox()
        self.target_box.setAccessibleName("Habit or practice")
        self.detector_box = QComboBox()
        self.detector_box.setAccessibleName("Detector")
        self.notebook_box = QComboBox()
        self.notebook_box.setAccessibleName("Notebook")
        self.start_edit = DayEdit("From")
        self.end_edit = DayEdit("To")
        filters = QHBoxLayout()
        filters.setSpacing(6)
        for widget in (self.kind_box, self.target_box, self.detector_box, self.notebook_box):
            filters.addWidget(widget)
        filters.addWidget(QLabel("From"))
        filters.addWidget(self.start_edit)
        filters.addWidget(QLabel("to"))
        filters.addWidget(self.end_edit)
        filters.addStretch(1)

        self.list = InboxList()
        self.list.setObjectName("inboxList")
        self.list.setAccessibleName("Waiting for a decision")
        self.list.setAlternatingRowColors(True)
        self.list.setUniformItemSizes(True)
        self.list.setItemDelegate(InboxDelegate(self.list))
        self.empty_label = QLabel(EMPTY)
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.message = MessageLabel()

        self.accept_button = QPushButton("Accept")
        self.accept_button.setToolTip("Accept the highlighted item (A)")
        self.dismiss_button = QPushButton("Dismiss")
        self.dismiss_button.setToolTip("Dismiss the highlighted item (X)")
        self.open_button = QPushButton("Open")
        self.open_button.setToolTip("Open the entry or page (Enter)")
        self.undo_button = QPushButton("Undo")
        self.undo_button.setToolTip("Undo the last decision (U)")
        self.accept_all_button = QPushButton("Accept all shown")
        self.accept_all_button.setToolTip(
            "Accept everything these filters show; Undo takes it back"
        )
        self.dismiss_all_button = QPushButton("Dismiss all shown")
        self.dismiss_all_button.setToolTip(
            "Dismiss everything these filters show; Undo takes it back"
        )
        buttons = QHBoxLayout()
        for button in (self.accept_button, self.dismiss_button, self.open_button, self.undo_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.accept_all_button)
        buttons.addWidget(self.dismiss_all_button)
        keys = QLabel(KEY_HELP)
        keys.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        # the filters and buttons are wide: the content scrolls sideways in a narrow
        # window rather than pushing the sidebar to its minimum (as the other wide views)
        content = QWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.setSpacing(8)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(self.message)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty_label, 1)
        layout.addLayout(buttons)
        layout.addWidget(keys)
        self.empty_label.hide()

        for box in (self.kind_box, self.target_box, self.detector_box, self.notebook_box):
            box.currentIndexChanged.connect(self._filters_changed)
        for edit in (self.start_edit, self.end_edit):
            edit.dateChanged.connect(self._filters_changed)
        self.list.currentRowChanged.connect(self._row_changed)
        self.list.accept_requested.connect(self.accept_current)
        self.list.dismiss_requested.connect(self.dismiss_current)
        self.list.undo_requested.connect(self.undo)
        self.list.open_requested.connect(self.open_current)
        self.list.itemActivated.connect(lambda _item: self.open_current())
        self.accept_button.clicked.connect(self.accept_current)
        self.dismiss_button.clicked.connect(self.dismiss_current)
        self.open_button.clicked.connect(self.open_current)
        self.undo_button.clicked.connect(self.undo)
        self.accept_all_button.clicked.connect(lambda: self.decide_all(accept=True))
        self.dismiss_all_button.clicked.connect(lambda: self.decide_all(accept=False))
        self._fill_choices(InboxChoices((), (), ()))
        self._update_buttons()

    # ------------------------------------------------------------------ state

    @property
    def items(self) -> list[InboxItem]:
        return list(self._items)

    @property
    def current(self) -> InboxItem | None:
        row = self.list.currentRow()
        return self._items[row] if 0 <= row < len(self._items) else None

    @property
    def undo_depth(self) -> int:
        return len(self._undo)

    def set_database(self, db: Database | None) -> None:
        self._db = db
        self._undo.clear()
        self.reload()

    def filter(self) -> InboxFilter:
        kind = self.kind_box.currentData()
        target = self.target_box.currentData()
        detector = self.detector_box.currentData()
        notebook = self.notebook_box.currentData()
        return InboxFilter(
            kind=ItemKind(kind) if kind else None,
            target=_target(target) if target else None,
            detector_id=detector,
            notebook_id=notebook,
            start=self._day(self.start_edit),
            end=self._day(self.end_edit),
        )

    def set_filter(self, where: InboxFilter) -> None:
        """Choose filters in the boxes (values the boxes do not offer are left out)."""
        self._filling = True
        try:
            for box, value in (
                (self.kind_box, where.kind.value if where.kind else None),
                (self.target_box, _target_key(where.target) if where.target else None),
                (self.detector_box, where.detector_id),
                (self.notebook_box, where.notebook_id),
            ):
                index = box.findData(value)
                box.setCurrentIndex(max(index, 0))
            for edit, day in ((self.start_edit, where.start), (self.end_edit, where.end)):
                edit.setDate(QDate(day.year, day.month, day.day) if day else ANY_DAY)
        finally:
            self._filling = False
        self._filters_changed()

    @staticmethod
    def _day(edit: QDateEdit) -> date | None:
        value = edit.date()
        if value == ANY_DAY:
            return None
        day = value.toPython()
        assert isinstance(day, date)
        return day

    # ------------------------------------------------------------------ loading

    def refresh(self, changes: Changes) -> None:
        """Re-read what is waiting when a change may have touched it."""
        if inbox.affects_inbox(changes):
            self.reload()

    def reload(self, *, select: tuple[ItemKind, int] | None = None) -> None:
        """Read the queue again from the top, as far as it was loaded; the highlight
        stays on its item (``select``: on that one), else on its row."""
        db = self._db
        if db is None:
            return
        where = self.filter()
        if not self._valid_range():  # the message says so; the dates wait to be fixed
            where = replace(where, start=None, end=None)
        current = self.current
        keep = select or self._want or ((current.kind, current.id) if current else None)
        row = max(self.list.currentRow(), 0)
        limit = max(inbox.PAGE_SIZE, len(self._items))
        self._generation += 1
        generation = self._generation
        self._fetching = False

        def load() -> _Loaded:
            page = inbox.list_inbox(db, where, after=None, limit=limit)
            everything = inbox.inbox_counts(db)
            shown = inbox.inbox_counts(db, where) if where != inbox.EVERYTHING else everything
            return _Loaded(
                page.items, page.next_after, everything.total, shown.total, inbox.inbox_choices(db)
            )

        def done(loaded: _Loaded) -> None:
            if generation != self._generation:
                return
            self._want = None
            self._fill_choices(loaded.choices)
            self.total, self.shown = loaded.total, loaded.shown
            self.count_changed.emit(loaded.total)
            self._show(list(loaded.items), loaded.next_after, keep, row)

        self._tasks.run(load, on_done=if_alive(self, done), on_error=if_alive(self, self._failed))

    def _valid_range(self) -> bool:
        start, end = self._day(self.start_edit), self._day(self.end_edit)
        return start is None or end is None or start <= end

    def _failed(self, error: BaseException) -> None:
        self.message.show_error(user_message(error))

    def _show(
        self,
        items: list[InboxItem],
        next_after: InboxKey | None,
        keep: tuple[ItemKind, int] | None,
        row: int,
    ) -> None:
        self._items = items
        self._next_after = next_after
        self.list.blockSignals(True)
        try:
            self.list.clear()
            for item in items:
                self.list.addItem(self._list_item(item))
        finally:
            self.list.blockSignals(False)
        ids = [(i.kind, i.id) for i in items]
        if keep in ids:
            row = ids.index(keep)
        if items:
            self.list.setCurrentRow(min(row, len(items) - 1))
        filtered = self.filter() != inbox.EVERYTHING
        self.empty_label.setText(EMPTY_FILTERED if filtered and self.total else EMPTY)
        self.empty_label.setVisible(not items)
        self.list.setVisible(bool(items))
        self._update_summary()
        self._update_buttons()
        self.current_changed.emit()

    @staticmethod
    def _list_item(item: InboxItem) -> QListWidgetItem:
        widget_item = QListWidgetItem(item_text(item))
        widget_item.setData(Qt.ItemDataRole.UserRole, (item.kind.value, item.id))
        widget_item.setToolTip(item_text(item))
        return widget_item

    def _update_summary(self) -> None:
        if not self.total:
            self.summary.setText("nothing waiting")
        elif self.shown == self.total:
            self.summary.setText(f"{self.total} waiting")
        else:
            self.summary.setText(f"{self.total} waiting, {self.shown} shown")

    def _update_buttons(self) -> None:
        has = self.current is not None
        for button in (self.accept_button, self.dismiss_button, self.open_button):
            button.setEnabled(has)
        self.undo_button.setEnabled(bool(self._undo))
        for button in (self.accept_all_button, self.dismiss_all_button):
            button.setEnabled(bool(self._items))
        self.accept_all_button.setText(
            f"Accept all {self.shown} shown" if self.shown else "Accept all shown"
        )
        self.dismiss_all_button.setText(
            f"Dismiss all {self.shown} shown" if self.shown else "Dismiss all shown"
        )

    def _row_changed(self, row: int) -> None:
        self._update_buttons()
        self.current_changed.emit()
        if row >= len(self._items) - FETCH_AHEAD:
            self.fetch_more()

    def fetch_more(self) -> None:
        """Load the page after the last item shown (one at a time)."""
        db, after = self._db, self._next_after
        if db is None or after is None or self._fetching:
            return
        self._fetching = True
        where = self.filter()
        generation = self._generation

        def done(page: inbox.InboxPage) -> None:
            if generation != self._generation:
                return
            self._fetching = False
            self._next_after = page.next_after
            self._items += page.items
            for item in page.items:
                self.list.addItem(self._list_item(item))
            self._update_buttons()

        self._tasks.run(
            lambda: inbox.list_inbox(db, where, after=after),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._failed),
        )

    def _filters_changed(self) -> None:
        if self._filling:
            return
        if not self._valid_range():
            self.message.show_error("The first day comes after the last one.")
            return
        self.message.hide()
        self.list.setCurrentRow(0)
        self._items = []
        self.reload()

    def _fill_choices(self, choices: InboxChoices) -> None:
        """Offer what is waiting (keeping a value chosen before, even if nothing of it
        waits any more, so that a filter does not jump away after a bulk decision)."""
        self._filling = True
        try:
            targets = [(_target_key(target), name) for target, name in choices.targets]
            self._fill_box(self.target_box, "Any habit or practice", targets)
            self._fill_box(
                self.detector_box, "Any detector", [(c.key, c.label) for c in choices.detectors]
            )
            self._fill_box(self.notebook_box, "Any notebook", list(choices.notebooks))
        finally:
            self._filling = False

    @staticmethod
    def _fill_box(box: QComboBox, anything: str, values: Sequence[tuple[object, str]]) -> None:
        chosen, label = box.currentData(), box.currentText()
        wanted = [(None, anything), *values]
        if chosen is not None and all(value != chosen for value, _ in values):
            wanted.append((chosen, label))
        current = [(box.itemData(i), box.itemText(i)) for i in range(box.count())]
        if current == wanted:
            return
        box.clear()
        for value, text in wanted:
            box.addItem(text, value)
        box.setCurrentIndex(max(box.findData(chosen), 0))

    # ------------------------------------------------------------------ deciding

    def accept_current(self) -> None:
        self._decide_current(accept=True)

    def dismiss_current(self) -> None:
        self._decide_current(accept=False)

    def _decide_current(self, *, accept: bool) -> None:
        db, item = self._db, self.current
        if db is None or item is None:
            return
        ref = (item.kind, item.id)

        def done(result: OpResult[Decision]) -> None:
            if result.value.count:
                self._undo.append(result.value)
            self._drop(ref)
            verb = "Accepted" if accept else "Dismissed"
            self._say(f"{verb}: {item.title}. Press U to undo.")

        self._tasks.run(
            lambda: inbox.decide(db, [ref], accept=accept),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._failed),
        )

    def _drop(self, ref: tuple[ItemKind, int]) -> None:
        """Take a decided item out of the list at once; the highlight moves to the next."""
        ids = [(i.kind, i.id) for i in self._items]
        if ref not in ids:
            return
        row = ids.index(ref)
        del self._items[row]
        self.list.takeItem(row)
        if self._items:
            self.list.setCurrentRow(min(row, len(self._items) - 1))
        self._update_buttons()
        self.current_changed.emit()

    def decide_all(self, *, accept: bool) -> None:
        """Accept or dismiss everything the filters show (one undo takes it back)."""
        db = self._db
        if db is None or not self._items:
            return
        where = self.filter()

        def done(result: OpResult[Decision]) -> None:
            decision = result.value
            if decision.count:
                self._undo.append(decision)
            verb = "Accepted" if accept else "Dismissed"
            noun = "item" if decision.count == 1 else "items"
            self._say(f"{verb} {decision.count} {noun}. Press U to undo.")

        self._tasks.run(
            lambda: inbox.decide_all(db, where, accept=accept),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._failed),
        )

    def undo(self) -> None:
        db = self._db
        if db is None or not self._undo:
            self._say("Nothing to undo.")
            return
        decision = self._undo.pop()
        first = (
            (ItemKind.SUGGESTION, decision.suggestions[0])
            if decision.suggestions
            else (ItemKind.FINDING, decision.findings[0].finding_id)
        )

        def done(result: OpResult[inbox.Restored]) -> None:
            restored = result.value
            noun = "item is" if restored.restored == 1 else "items are"
            text = f"Undone: {restored.restored} {noun} back for review."
            if restored.skipped:
                text += f" {restored.skipped} could not come back: their words were edited."
            self._say(text)
            self._want = first  # the reload this change brings highlights it
            if result.changes.empty:
                self.reload()

        self._update_buttons()
        self._tasks.run(
            lambda: inbox.undo(db, decision),
            on_done=if_alive(self, done),
            on_error=if_alive(self, self._failed),
        )

    def open_current(self) -> None:
        item = self.current
        if item is not None:
            self.open_requested.emit(item)

    def _say(self, text: str) -> None:
        self.status_message.emit(text)

    def focus_list(self) -> None:
        self.list.setFocus(Qt.FocusReason.ShortcutFocusReason)
