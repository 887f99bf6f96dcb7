"""The journal's part of the sidebar: entries by month, search as you type, new entry."""

from __future__ import annotations

import html
from dataclasses import dataclass
from datetime import date
from itertools import pairwise

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.services.changes import Changes
from app.services.errors import NotFoundError
from app.services.journal import entries as journal
from app.services.journal import targets
from app.services.views import EntryInfo, TargetInfo
from app.store import Database, SearchFilter, SearchHit
from app.ui.common.tasks import Tasks
from app.ui.inbox.view import ANY_DAY, DayEdit

SEARCH_DELAY_MS = 150
EAGER_ENTRIES = 200
"""On opening, the newest months are listed with their entries up to about this many."""
ENTRY_ROLE = Qt.ItemDataRole.UserRole
WORD_ROLE = Qt.ItemDataRole.UserRole + 1
MONTH_ROLE = Qt.ItemDataRole.UserRole + 2
FILLED_ROLE = Qt.ItemDataRole.UserRole + 3
MonthKey = tuple[int, int]
NO_FILTERED = "No entry matches these filters."


def marked_snippet(hit: SearchHit) -> str:
    """The snippet as HTML with the matched words in bold and highlighted."""
    out: list[str] = []
    pos = 0
    for start, end in hit.marks:
        out.append(html.escape(hit.snippet[pos:start]))
        out.append(
            f"<b style='background-color: rgba(255, 200, 0, 90)'>"
            f"{html.escape(hit.snippet[start:end])}</b>"
        )
        pos = end
    out.append(html.escape(hit.snippet[pos:]))
    return "".join(out)


@dataclass(frozen=True)
class _Loaded:
    """What one reload read (on the operations thread)."""

    months: list[journal.MonthCount]
    filled: dict[MonthKey, list[EntryInfo]]
    """The months whose entries were read, by month."""
    fresh: set[MonthKey]
    """Months listed for the first time (created by a new entry, a date or an import)."""
    current_key: MonthKey | None
    """The month the current entry is in now (its date may have changed)."""


def entry_label(entry: EntryInfo) -> str:
    title = entry.title or (entry.body.strip().splitlines() or ["Untitled"])[0][:60]
    return f"{entry.day:%a %d} · {title or 'Untitled'}"


class JournalSidebar(QWidget):
    """Emits ``entry_selected(id)``; ``new_entry_requested`` for the New entry button."""

    entry_selected = Signal(int)
    match_opened = Signal(int, str)
    """(entry id, the first matched word) when a search result is opened."""
    new_entry_requested = Signal()
    entries_loaded = Signal(int)
    """How many entries the journal has (the months list them)."""
    results_shown = Signal(int)
    """How many search hits the list now shows."""

    def __init__(self, tasks: Tasks, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._db: Database | None = None
        self._search_seq = 0
        self._current: int | None = None
        self._current_month: MonthKey | None = None
        self._month_items: dict[MonthKey, QTreeWidgetItem] = {}
        self._months_loaded = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search entries")
        self.search.setAccessibleName("Search entries")
        self.search.setClearButtonEnabled(True)
        self.filter_button = QToolButton()
        self.filter_button.setText("Filters")
        self.filter_button.setCheckable(True)
        self.filter_button.setAccessibleName("Search filters")
        self.filter_button.setToolTip("Narrow the search by days, tag, habit or practice")
        self.filters = QWidget()
        self.filters.setObjectName("searchFilters")
        self.start_edit = DayEdit("From")
        self.end_edit = DayEdit("To")
        self.tag_box = QComboBox()
        self.tag_box.setAccessibleName("Tag")
        self.tag_box.addItem("Any tag", None)
        self.target_box = QComboBox()
        self.target_box.setAccessibleName("Habit or practice")
        self.target_box.addItem("Any habit or practice", None)
        form = QFormLayout(self.filters)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("From", self.start_edit)
        form.addRow("To", self.end_edit)
        form.addRow("Tag", self.tag_box)
        form.addRow("Habit", self.target_box)
        self.filters.hide()
        search_row = QHBoxLayout()
        search_row.setSpacing(4)
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.filter_button)
        self.new_button = QPushButton("New entry")
        self.new_button.setAccessibleName("New entry")
        self.new_button.setToolTip("Write a new entry for today (Ctrl+N)")
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName("Entries by month")
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.results = QListWidget()
        self.results.setAccessibleName("Search results")
        self.results.setWordWrap(True)
        self.results.setSpacing(2)
        self.no_results = QLabel("No entry contains these words.")
        self.no_results.setWordWrap(True)
        self.no_results.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.no_results.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.tree)
        self.stack.addWidget(self.results)
        self.stack.addWidget(self.no_results)
        layout.addLayout(search_row)
        layout.addWidget(self.filters)
        layout.addWidget(self.new_button)
        layout.addWidget(self.stack, 1)
        order: list[QWidget] = [self.search, self.filter_button, self.start_edit, self.end_edit]
        order += [self.tag_box, self.target_box, self.new_button, self.tree]
        for first, second in pairwise(order):
            self.setTabOrder(first, second)

        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self._run_search)
        self.search.textChanged.connect(lambda _t: self._search_timer.start())
        self.filter_button.toggled.connect(self._show_filters)
        for edit in (self.start_edit, self.end_edit):
            edit.dateChanged.connect(lambda _d: self._search_timer.start())
        for box in (self.tag_box, self.target_box):
            box.currentIndexChanged.connect(lambda _i: self._search_timer.start())
        self.new_button.clicked.connect(self.new_entry_requested)
        self.tree.currentItemChanged.connect(self._tree_selected)
        self.tree.itemExpanded.connect(self._month_expanded)
        self.results.currentItemChanged.connect(self._result_selected)
        self.results.itemClicked.connect(lambda item: self._result_selected(item, None))

    def set_database(self, db: Database | None) -> None:
        self._db = db
        self._months_loaded = False

    # ------------------------------------------------------------------ entries

    def refresh(self, changes: Changes) -> None:
        """Re-read the months when entries were added, changed or deleted (and the
        filters' choices, when they show)."""
        if changes.entries or changes.deleted_entries:
            self.reload()
        if self.filters.isVisible() and (changes.entries or changes.targets):
            self._load_choices()

    def reload(self) -> None:
        """List the months, and the entries of the months that show them: the expanded
        ones, the current entry's (wherever its day now is), and months that were not
        there before — at first every month, later those a new entry, a changed date or an
        import created — newest first up to ``EAGER_ENTRIES`` entries.  Other months load
        their entries when opened: a journal of 50,000 entries opens as fast as a new one,
        and saving an entry reloads a month, not the whole journal."""
        db = self._db
        if db is None:
            return
        wanted = {key for key, item in self._month_items.items() if item.isExpanded()}
        if self._current_month is not None:
            wanted.add(self._current_month)
        current = self._current
        listed = set(self._month_items) if self._months_loaded else set()

        def load() -> _Loaded:
            months = journal.list_months(db)
            keys = set(wanted)
            current_key: MonthKey | None = None
            if current is not None:
                try:
                    day = journal.get_entry(db, current).day
                except NotFoundError:  # deleted meanwhile
                    pass
                else:
                    current_key = (day.year, day.month)
                    keys.add(current_key)
            shown = 0
            fresh: set[MonthKey] = set()
            for month in months:  # newest first
                key = (month.year, month.month)
                if key in listed:
                    continue
                if shown >= EAGER_ENTRIES:
                    break
                fresh.add(key)
                shown += month.entries
            known = {(m.year, m.month) for m in months}
            keys = (keys | fresh) & known
            filled = {key: journal.list_month(db, *key) for key in keys}
            return _Loaded(months, filled, fresh, current_key)

        self._tasks.run(load, on_done=self._show_months)
        if self.search.text().strip():
            self._run_search()

    def _show_months(self, loaded: _Loaded) -> None:
        months, filled = loaded.months, loaded.filled
        if loaded.current_key is not None:
            self._current_month = loaded.current_key
        scroll = self.tree.verticalScrollBar().value()
        self.tree.blockSignals(True)
        try:
            expanded = {key for key, item in self._month_items.items() if item.isExpanded()}
            self._months_loaded = True
            self.tree.clear()
            self._month_items = {}
            current_item: QTreeWidgetItem | None = None
            for month in months:
                key = (month.year, month.month)
                month_item = self._month_item(month)
                self.tree.addTopLevelItem(month_item)
                self._month_items[key] = month_item
                if key in filled:
                    found = self._fill(month_item, filled[key])
                    current_item = found or current_item
                    month_item.setExpanded(
                        key in expanded
                        or key in loaded.fresh
                        or key == self._current_month
                        or found is not None
                    )
            self.tree.verticalScrollBar().setValue(scroll)
            if current_item is not None:
                self.tree.setCurrentItem(current_item)
        finally:
            self.tree.blockSignals(False)
        # a month to show that this load did not fill (opened meanwhile): load it now
        reopen = expanded | ({self._current_month} if self._current_month else set())
        for key in reopen:
            item = self._month_items.get(key)
            if item is not None and not item.data(0, FILLED_ROLE):
                item.setExpanded(True)  # signals are on again: _month_expanded loads it
        self.entries_loaded.emit(sum(month.entries for month in months))

    @staticmethod
    def _month_item(month: journal.MonthCount) -> QTreeWidgetItem:
        month_item = QTreeWidgetItem([f"{date(month.year, month.month, 1):%B %Y}"])
        month_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        month_item.setData(0, MONTH_ROLE, (month.year, month.month))
        month_item.setToolTip(0, f"{month.entries:,} entries")
        font = month_item.font(0)
        font.setBold(True)
        month_item.setFont(0, font)
        month_item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        return month_item

    def _fill(
        self, month_item: QTreeWidgetItem, entries: list[EntryInfo]
    ) -> QTreeWidgetItem | None:
        """Put a month's entries (newest first) under its item; returns the current one."""
        month_item.takeChildren()
        current: QTreeWidgetItem | None = None
        for entry in sorted(entries, key=lambda e: (e.day, e.id), reverse=True):
            child = QTreeWidgetItem([entry_label(entry)])
            child.setData(0, ENTRY_ROLE, entry.id)
            child.setToolTip(0, entry.title or "Untitled")
            month_item.addChild(child)
            if entry.id == self._current:
                current = child
        month_item.setData(0, FILLED_ROLE, True)
        return current

    def _month_expanded(self, month_item: QTreeWidgetItem) -> None:
        """Load a month's entries the first time it is opened."""
        db = self._db
        key = month_item.data(0, MONTH_ROLE)
        if db is None or key is None or month_item.data(0, FILLED_ROLE):
            return
        year, month = key

        def done(entries: list[EntryInfo]) -> None:
            item = self._month_items.get((year, month))
            if item is not None and not item.data(0, FILLED_ROLE):
                self.tree.blockSignals(True)
                try:
                    found = self._fill(item, entries)
                    if found is not None:
                        self.tree.setCurrentItem(found)
                finally:
                    self.tree.blockSignals(False)

        self._tasks.run(lambda: journal.list_month(db, year, month), on_done=done)

    def _months(self) -> list[QTreeWidgetItem]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in items if item is not None]

    def _entry_items(self) -> list[tuple[QTreeWidgetItem, QTreeWidgetItem]]:
        """(month item, entry item), newest first, of the months loaded so far."""
        pairs = []
        for month in self._months():
            for j in range(month.childCount()):
                child = month.child(j)
                if child is not None:
                    pairs.append((month, child))
        return pairs

    def entry_ids(self) -> list[int]:
        return [int(child.data(0, ENTRY_ROLE)) for _month, child in self._entry_items()]

    def entry_texts(self) -> list[str]:
        return [child.text(0) for _month, child in self._entry_items()]

    def select_entry(self, entry_id: int, day: date | None = None) -> None:
        """Make ``entry_id`` the current entry; with its ``day``, open its month (loading
        it if needed) so that it shows."""
        self._current = entry_id
        if day is not None:
            self._current_month = (day.year, day.month)
        for month, child in self._entry_items():
            if child.data(0, ENTRY_ROLE) == entry_id:
                month.setExpanded(True)
                self.tree.blockSignals(True)
                self.tree.setCurrentItem(child)
                self.tree.blockSignals(False)
                return
        if day is not None:
            item = self._month_items.get((day.year, day.month))
            if item is not None:
                item.setExpanded(True)  # loads it (_month_expanded)

    def _tree_selected(self, item: QTreeWidgetItem | None, _previous: object) -> None:
        if item is None:
            return
        entry_id = item.data(0, ENTRY_ROLE)
        if entry_id is not None:
            self._current = int(entry_id)
            parent = item.parent()
            if parent is not None:
                self._current_month = parent.data(0, MONTH_ROLE)
            self.entry_selected.emit(int(entry_id))

    # ------------------------------------------------------------------ search

    def search_filter(self) -> SearchFilter:
        """What the filters let through (nothing chosen while they are hidden)."""
        if not self.filter_button.isChecked():
            return SearchFilter()
        days = []
        for edit in (self.start_edit, self.end_edit):
            value = edit.date()
            day = None if value == ANY_DAY else value.toPython()
            assert day is None or isinstance(day, date)
            days.append(day)
        target = self.target_box.currentData()
        kind, _, number = str(target or "").partition(":")
        return SearchFilter(
            start=days[0],
            end=days[1],
            tag=self.tag_box.currentData(),
            target=(kind, int(number)) if target else None,
        )

    def _show_filters(self, shown: bool) -> None:
        self.filters.setVisible(shown)
        if shown:
            self._load_choices()
        self._search_timer.start()

    def _load_choices(self) -> None:
        """Offer the tags entries have and the habits and practices (read in the
        background), keeping what is chosen."""
        db = self._db
        if db is None:
            return

        def load() -> tuple[list[str], list[TargetInfo]]:
            return journal.list_tags(db), targets.list_targets(db, include_inactive=True)

        def shown(value: tuple[list[str], list[TargetInfo]]) -> None:
            tags, all_targets = value
            self._fill_box(self.tag_box, "Any tag", [(tag, tag) for tag in tags])
            self._fill_box(
                self.target_box,
                "Any habit or practice",
                [(f"{t.target_type}:{t.id}", t.name) for t in all_targets],
            )

        self._tasks.run(load, on_done=shown)

    @staticmethod
    def _fill_box(box: QComboBox, anything: str, values: list[tuple[str, str]]) -> None:
        chosen = box.currentData()
        box.blockSignals(True)
        try:
            box.clear()
            box.addItem(anything, None)
            for value, text in values:
                box.addItem(text, value)
            box.setCurrentIndex(max(box.findData(chosen), 0))
        finally:
            box.blockSignals(False)

    def _run_search(self) -> None:
        db = self._db
        text = self.search.text()
        where = self.search_filter()
        if not text.strip() and where.empty:
            self.stack.setCurrentWidget(self.tree)
            return
        if db is None:
            return
        if self.end_edit.date() < self.start_edit.date() and self.end_edit.date() != ANY_DAY:
            self.no_results.setText("The first day comes after the last one.")
            self.stack.setCurrentWidget(self.no_results)
            return
        self._search_seq += 1
        seq = self._search_seq

        def done(hits: list[SearchHit]) -> None:
            if seq == self._search_seq and self.search.text() == text:
                self.no_results.setText(
                    "No entry contains these words." if text.strip() else NO_FILTERED
                )
                self._show_hits(hits)

        self._tasks.run(lambda: journal.search_entries(db, text, where=where), on_done=done)

    def _show_hits(self, hits: list[SearchHit]) -> None:
        self.results.blockSignals(True)
        try:
            self.results.clear()
            for hit in hits:
                item = QListWidgetItem()
                item.setData(ENTRY_ROLE, hit.entry_id)
                if hit.marks:
                    start, end = hit.marks[0]
                    item.setData(WORD_ROLE, hit.snippet[start:end])
                label = QLabel(
                    f"<b>{html.escape(hit.title or 'Untitled')}</b> "
                    f"<span style='color: palette(placeholder-text)'>{hit.day:%d %b %Y}</span>"
                    f"<br>{marked_snippet(hit)}"
                )
                label.setWordWrap(True)
                label.setTextFormat(Qt.TextFormat.RichText)
                label.setContentsMargins(4, 3, 4, 3)
                label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
                width = max(120, self.results.viewport().width() - 8)
                item.setSizeHint(QSize(width, label.heightForWidth(width) + 6))
                self.results.addItem(item)
                self.results.setItemWidget(item, label)
        finally:
            self.results.blockSignals(False)
        self.stack.setCurrentWidget(self.results if hits else self.no_results)
        self.results_shown.emit(len(hits))

    def hit_ids(self) -> list[int]:
        return [int(self.results.item(i).data(ENTRY_ROLE)) for i in range(self.results.count())]

    def _result_selected(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is not None:
            entry_id = int(item.data(ENTRY_ROLE))
            self._current = entry_id
            word = item.data(WORD_ROLE)
            self.entry_selected.emit(entry_id)
            if word:
                self.match_opened.emit(entry_id, str(word))
