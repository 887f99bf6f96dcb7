from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QDate, QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton, QToolTip, QWidget
from pytestqt.qtbot import QtBot

from app.clock import FixedClock
from app.services.journal import completions, targets
from app.store import Database, open_database
from app.ui.common.tasks import Tasks
from app.ui.journal.habits import AddTargetDialog, HabitsView
from app.ui.journal.heatmap import CalendarHeatmap

TODAY = date(2026, 11, 30)

# The offscreen platform cannot resize windows to their hints; it says so when one shows.
pytestmark = [
    pytest.mark.dates,
    pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints"),
]


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "inkling.sqlite3")
    yield database
    database.close()


@pytest.fixture
def ops(qtbot: QtBot) -> Iterator[Tasks]:
    tasks = Tasks()
    yield tasks
    tasks.wait()


@pytest.fixture(autouse=True)
def on_the_30th(clock: FixedClock) -> FixedClock:
    """Inkling's clock at noon on ``TODAY`` in London (tests move it further)."""
    clock.set(datetime.combine(TODAY, time(12), tzinfo=ZoneInfo("Europe/London")))
    return clock


def make_view(qtbot: QtBot, db: Database, ops: Tasks) -> HabitsView:
    view = HabitsView(db, ops)
    ops.changed.connect(view.refresh)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitUntil(lambda: view.snapshot is not None and not view.is_loading)
    return view


def settle(qtbot: QtBot, view: HabitsView, ops: Tasks) -> None:
    qtbot.waitUntil(lambda: ops.pending == 0 and not view.is_loading)


def names(view: HabitsView) -> list[str]:
    return [view.tree.topLevelItem(i).text(0) for i in range(view.tree.topLevelItemCount())]


def test_add_a_habit_through_the_dialog(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    view = make_view(qtbot, db, ops)
    assert view.stack.currentWidget() is view.placeholder
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    dialog = view.findChild(AddTargetDialog)
    assert dialog is not None
    assert dialog.isVisible()
    assert not dialog.add_button.isEnabled()
    qtbot.keyClicks(dialog.name_edit, "Drink water")
    qtbot.keyClicks(dialog.unit_edit, "oz")
    dialog.amount_spin.setValue(64)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: names(view) == ["Drink water"])
    stored = targets.list_targets(db)
    assert [(t.name, t.unit, t.default_amount) for t in stored] == [("Drink water", "oz", 64.0)]
    assert view.name_label.text() == "Drink water"
    assert "counted in oz" in view.kind_label.text()


def test_add_a_practice_and_see_a_refusal_inline(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    view = make_view(qtbot, db, ops)
    dialog = view.open_add_dialog()
    qtbot.mouseClick(dialog.practice_radio, Qt.MouseButton.LeftButton)
    assert dialog.minutes_spin.isVisibleTo(dialog)
    assert not dialog.unit_edit.isVisibleTo(dialog)
    qtbot.keyClicks(dialog.name_edit, "x" * 130)
    qtbot.mouseClick(dialog.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.message.isVisible())
    assert dialog.message.text() == "A name can be at most 120 characters long."
    assert dialog.isVisible()
    dialog.name_edit.clear()
    qtbot.keyClicks(dialog.name_edit, "Guitar")
    dialog.minutes_spin.setValue(20)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: names(view) == ["Guitar"])
    [guitar] = targets.list_targets(db)
    assert (guitar.target_type, guitar.default_amount) == ("practice", 20.0)


def test_rename_in_place(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    habit = targets.add_habit(db, "Medtation").value
    view = make_view(qtbot, db, ops)
    view.tree.setCurrentItem(view.item_for(("habit", habit.id)))
    qtbot.mouseClick(view.rename_button, Qt.MouseButton.LeftButton)
    editor = view.tree.findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "Meditation")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: targets.get_target(db, "habit", habit.id).name == "Meditation")
    settle(qtbot, view, ops)
    assert names(view) == ["Meditation"]
    assert view.name_label.text() == "Meditation"


def test_f2_renames_too(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    habit = targets.add_habit(db, "Reed").value
    view = make_view(qtbot, db, ops)
    view.tree.setFocus()
    view.tree.setCurrentItem(view.item_for(("habit", habit.id)))
    qtbot.keyClick(view.tree, Qt.Key.Key_F2)
    editor = view.tree.findChild(QLineEdit)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "Read")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: targets.get_target(db, "habit", habit.id).name == "Read")


def test_rename_to_blank_is_refused_and_the_old_name_comes_back(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    habit = targets.add_habit(db, "Floss").value
    view = make_view(qtbot, db, ops)
    item = view.item_for(("habit", habit.id))
    assert item is not None
    item.setText(0, "   ")  # what the in-place editor commits
    qtbot.waitUntil(lambda: view.message.isVisible())
    assert view.message.text() == "A habit or practice needs a name."
    assert names(view) == ["Floss"]
    assert targets.get_target(db, "habit", habit.id).name == "Floss"


def test_archive_hides_and_restore_brings_back(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    floss = targets.add_habit(db, "Floss").value
    targets.add_practice(db, "Running")
    view = make_view(qtbot, db, ops)
    view.select(("habit", floss.id))
    assert view.active_button.text().replace("&", "") == "Archive"
    qtbot.mouseClick(view.active_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: names(view) == ["Running"])
    assert not targets.get_target(db, "habit", floss.id).active

    qtbot.mouseClick(view.show_inactive, Qt.MouseButton.LeftButton)
    assert names(view) == ["Running", "Floss"]  # active first, archived greyed after
    archived = view.item_for(("habit", floss.id))
    assert archived is not None
    assert archived.font(0).italic()
    assert archived.text(1) == "Habit (archived)"
    view.select(("habit", floss.id))
    assert view.active_button.text().replace("&", "") == "Restore"
    assert not view.log_group.isEnabled()
    qtbot.mouseClick(view.active_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: targets.get_target(db, "habit", floss.id).active)
    settle(qtbot, view, ops)
    assert names(view) == ["Floss", "Running"]


def test_ending_a_practice(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    run = targets.add_practice(db, "Running").value
    view = make_view(qtbot, db, ops)
    assert view.active_button.text().replace("&", "") == "End practice"
    qtbot.mouseClick(view.active_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not targets.get_target(db, "practice", run.id).active)
    settle(qtbot, view, ops)
    assert names(view) == []
    assert view.stack.currentWidget() is view.placeholder


def test_heatmap_cells_and_streaks_for_logged_days(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    water = targets.add_habit(db, "Water", unit="oz").value
    logged = {TODAY: 64.0, TODAY - timedelta(days=1): 32.0, TODAY - timedelta(days=2): 16.0}
    logged[TODAY - timedelta(days=10)] = 64.0
    for day, amount in logged.items():
        completions.log_completion(db, "habit", water.id, day, amount=amount)
    view = make_view(qtbot, db, ops)
    heatmap = view.heatmap
    assert heatmap.today == TODAY
    assert heatmap.level(TODAY) == 4
    assert heatmap.level(TODAY - timedelta(days=1)) == 2
    assert heatmap.level(TODAY - timedelta(days=2)) == 1
    assert heatmap.level(TODAY - timedelta(days=3)) == 0
    assert len(heatmap.visible_days()) > 25 * 7
    assert heatmap.level(TODAY + timedelta(days=1)) == 0
    assert heatmap.cell_rect(TODAY + timedelta(days=1)) is None
    rect = heatmap.cell_rect(TODAY - timedelta(days=1))
    assert rect is not None
    assert heatmap.day_at(rect.center()) == TODAY - timedelta(days=1)
    assert heatmap.day_at(QPoint(0, 0)) is None
    assert heatmap.describe_day(TODAY - timedelta(days=2)).endswith(": 16 oz")
    assert heatmap.describe_day(TODAY - timedelta(days=4)).endswith(": nothing logged")
    assert view.current_stat.value.text() == "3 days"
    assert view.longest_stat.value.text() == "3 days"
    assert view.recent_stat.value.text() == "4"
    assert view.tree.topLevelItem(0).text(2) == "3 days"
    # painting every cell works (and Qt warns about nothing)
    assert not heatmap.grab().isNull()


def cell_index(heatmap: CalendarHeatmap, day: date) -> int:
    """The cell's place in the grid, counted down each week's column."""
    rect = heatmap.cell_rect(day)
    assert rect is not None, day
    origin, pitch = rect.topLeft(), rect.width() + heatmap.GAP
    first = heatmap.cell_rect(heatmap.first_day)
    assert first is not None
    column = (origin.x() - first.x()) // pitch
    row = (origin.y() - first.y()) // pitch
    return column * 7 + row


NEW_YORK = ZoneInfo("America/New_York")
KIRITIMATI = ZoneInfo("Pacific/Kiritimati")
PAGO_PAGO = ZoneInfo("Pacific/Pago_Pago")
LONDON = ZoneInfo("Europe/London")


@pytest.mark.parametrize(
    ("moment", "today"),
    [
        # 23:30 on New York's spring-forward day: UTC is already on the 15th
        (datetime(2027, 3, 14, 23, 30, tzinfo=NEW_YORK), date(2027, 3, 14)),
        # five past midnight on New Year's Day in Kiritimati: UTC is still in 2026
        (datetime(2027, 1, 1, 0, 5, tzinfo=KIRITIMATI), date(2027, 1, 1)),
        # 1 March of a leap year in London, the morning after 29 February
        (datetime(2028, 3, 1, 8, 0, tzinfo=LONDON), date(2028, 3, 1)),
        # the last minute of November in Pago Pago: UTC is on 1 December
        (datetime(2026, 11, 30, 23, 59, tzinfo=PAGO_PAGO), date(2026, 11, 30)),
        # the repeated hour of New York's fall-back night
        (datetime(2027, 11, 7, 1, 30, fold=1, tzinfo=NEW_YORK), date(2027, 11, 7)),
    ],
)
def test_the_calendar_and_streak_follow_the_users_day_across_boundaries(
    qtbot: QtBot,
    db: Database,
    ops: Tasks,
    clock: FixedClock,
    moment: datetime,
    today: date,
) -> None:
    clock.set(moment)
    habit = targets.add_habit(db, "Floss").value
    done = [today - timedelta(days=n) for n in range(1, 6)]  # the five days before today
    for day in done:
        completions.log_completion(db, "habit", habit.id, day)
    view = make_view(qtbot, db, ops)
    heatmap = view.heatmap
    assert heatmap.today == today
    assert heatmap.cell_rect(today + timedelta(days=1)) is None
    assert view.current_stat.value.text() == "5 days"  # alive: today is not over yet
    # every day across the boundary has its own cell, one after another
    shown = [today - timedelta(days=n) for n in range(8, -1, -1)]
    places = [cell_index(heatmap, day) for day in shown]
    assert places == list(range(places[0], places[0] + len(shown)))
    assert [heatmap.level(day) > 0 for day in shown] == [day in done for day in shown]

    # today done too; then the day ends with the view open: shown again, it counts on
    completions.log_completion(db, "habit", habit.id, today)
    for later, streak in ((1, "6 days"), (2, "0 days")):
        clock.set(moment + timedelta(days=later))
        view.hide()
        with qtbot.waitSignal(view.loaded, timeout=5000):
            view.show()
        assert heatmap.today == today + timedelta(days=later)
        assert view.current_stat.value.text() == streak  # alive until a day is missed


def test_clicking_a_cell_picks_the_day_and_logging_by_hand_writes_a_completion(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    read = targets.add_habit(db, "Read", unit="pages").value
    view = make_view(qtbot, db, ops)
    day = TODAY - timedelta(days=5)
    rect = view.heatmap.cell_rect(day)
    assert rect is not None
    with qtbot.waitSignal(view.heatmap.day_selected) as picked:
        qtbot.mouseClick(view.heatmap, Qt.MouseButton.LeftButton, pos=rect.center())
    assert picked.args == [day]
    assert view.log_date.date() == QDate(day.year, day.month, day.day)
    assert view.day_label.text().endswith("nothing logged")
    view.log_amount.setValue(30)
    qtbot.mouseClick(view.log_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.heatmap.level(day) == 4)
    [done] = completions.list_completions(db)
    assert (done.target_id, done.day, done.amount, done.suggestion_id) == (read.id, day, 30, None)
    assert "Logged Read on" in view.message.text()
    assert view.current_stat.value.text() == "0 days"

    qtbot.mouseClick(view.log_button, Qt.MouseButton.LeftButton)  # same day again
    qtbot.waitUntil(lambda: "already logged" in view.message.text())
    assert len(completions.list_completions(db)) == 1


@pytest.mark.qt_log_ignore("^This plugin does not support (raise|propagateSizeHints)")
def test_hovering_a_cell_shows_the_day_and_amount(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    water = targets.add_habit(db, "Water", unit="oz").value
    completions.log_completion(db, "habit", water.id, TODAY, amount=48)
    view = make_view(qtbot, db, ops)
    heatmap = view.heatmap
    rect = heatmap.cell_rect(TODAY)
    assert rect is not None
    event = QHelpEvent(QEvent.Type.ToolTip, rect.center(), heatmap.mapToGlobal(rect.center()))
    QApplication.sendEvent(heatmap, event)
    qtbot.waitUntil(lambda: QToolTip.isVisible())
    assert QToolTip.text() == heatmap.describe_day(TODAY)
    assert QToolTip.text().endswith(": 48 oz")
    assert "2026" in QToolTip.text()
    QToolTip.hideText()


def test_keyboard_moves_the_day_cursor(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    targets.add_habit(db, "Floss")
    view = make_view(qtbot, db, ops)
    heatmap = view.heatmap
    heatmap.setFocus()
    qtbot.waitUntil(lambda: heatmap.current_day == TODAY)
    qtbot.keyClick(heatmap, Qt.Key.Key_Up)
    qtbot.keyClick(heatmap, Qt.Key.Key_Left)
    with qtbot.waitSignal(heatmap.day_selected) as picked:
        qtbot.keyClick(heatmap, Qt.Key.Key_Return)
    assert picked.args == [TODAY - timedelta(days=8)]
    qtbot.keyClick(heatmap, Qt.Key.Key_Right)
    qtbot.keyClick(heatmap, Qt.Key.Key_Right)
    assert heatmap.current_day == TODAY  # never past today
    assert "Selected:" in heatmap.accessibleDescription()


def test_refresh_ignores_unrelated_changes(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    from app.services.changes import Changes

    view = make_view(qtbot, db, ops)
    with qtbot.assertNotEmitted(view.loaded, wait=100):
        view.refresh(Changes(entries=frozenset({1}), pages=frozenset({2})))
    with qtbot.waitSignal(view.loaded):  # an answered suggestion can teach an exclusion
        view.refresh(Changes(suggestions=frozenset({2})))
    view.hide()  # not shown: re-read when it is
    with qtbot.assertNotEmitted(view.loaded, wait=100):
        view.refresh(Changes(suggestions=frozenset({3})))
    with qtbot.waitSignal(view.loaded):
        view.show()
    targets.add_habit(db, "Stretch")
    with qtbot.waitSignal(view.loaded):
        view.refresh(Changes(targets=frozenset({("habit", 1)})))
        view.refresh(Changes(completions=frozenset({("habit", 1)})))
    assert names(view) == ["Stretch"]
    QApplication.processEvents()


def test_heatmap_colours_follow_the_palette(qtbot: QtBot) -> None:
    from PySide6.QtGui import QColor, QPalette

    from app.ui.journal.heatmap import LEVELS, CalendarHeatmap

    heatmap = CalendarHeatmap()
    qtbot.addWidget(heatmap)
    light = QPalette(QColor("#f0f0f0"))
    dark = QPalette(QColor("#2b2d30"))
    heatmap.setPalette(light)
    light_levels = [heatmap.level_colour(n).lightness() for n in range(LEVELS + 1)]
    heatmap.setPalette(dark)
    dark_levels = [heatmap.level_colour(n).lightness() for n in range(LEVELS + 1)]
    assert light_levels == sorted(light_levels, reverse=True)  # darker means more
    assert len(set(light_levels)) == LEVELS + 1
    assert dark_levels[0] < 100  # an empty cell stays dark on a dark window
    assert len(set(dark_levels)) == LEVELS + 1
    assert heatmap.level_colour(0) != heatmap.level_colour(LEVELS)


@pytest.mark.parametrize(("locale", "first"), [("en_US", 6), ("en_GB", 0), ("de_DE", 0)])
def test_heatmap_weeks_start_on_the_locales_first_day(
    qtbot: QtBot, locale: str, first: int
) -> None:
    from PySide6.QtCore import QLocale

    from app.domain.journal.streaks import DayTotal
    from app.ui.journal.heatmap import WEEKS, CalendarHeatmap

    saved = QLocale()
    QLocale.setDefault(QLocale(locale))
    try:
        heatmap = CalendarHeatmap()
        qtbot.addWidget(heatmap)
        heatmap.set_data({TODAY: DayTotal(1, None)}, today=TODAY)
        assert heatmap.first_day.weekday() == first
        assert (TODAY - heatmap.first_day).days < WEEKS * 7
        first_rect = heatmap.cell_rect(heatmap.first_day)
        next_week = heatmap.cell_rect(heatmap.first_day + timedelta(days=7))
        next_day = heatmap.cell_rect(heatmap.first_day + timedelta(days=1))
        assert first_rect is not None
        assert next_week is not None
        assert next_day is not None
        assert next_week.top() == first_rect.top()
        assert next_week.left() > first_rect.left()
        assert next_day.left() == first_rect.left()
        assert next_day.top() > first_rect.top()
    finally:
        QLocale.setDefault(saved)


def test_cue_words_are_shown_edited_and_reset(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    from app.services.journal import cues

    habit = targets.add_habit(db, "Bellringing").value
    view = make_view(qtbot, db, ops)
    view.tree.setCurrentItem(view.item_for(("habit", habit.id)))
    assert view.cues_edit.text() == "bellringing*"  # seeded from the name
    assert not view.cues_reset.isEnabled()
    view.cues_edit.setText("peal*, rang,  bells ")
    qtbot.mouseClick(view.cues_save, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: cues.get_cues(db, "habit", habit.id).cues == ("peal*", "rang", "bells"))
    settle(qtbot, view, ops)
    assert view.cues_edit.text() == "peal*, rang, bells"
    assert view.cues_reset.isEnabled()

    view.cues_edit.setText("*")  # refused in one sentence, nothing saved
    qtbot.keyClick(view.cues_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "*" in view.message.text())
    assert cues.get_cues(db, "habit", habit.id).cues == ("peal*", "rang", "bells")

    qtbot.mouseClick(view.cues_reset, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: cues.get_cues(db, "habit", habit.id).seeded)
    settle(qtbot, view, ops)
    assert view.cues_edit.text() == "bellringing*"


def test_abstinence_habits_say_they_are_never_read_as_done(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    habit = targets.add_habit(db, "No sugar").value
    view = make_view(qtbot, db, ops)
    view.tree.setCurrentItem(view.item_for(("habit", habit.id)))
    assert view.cues_edit.text() == ""
    assert "never read as done" in view.cues_note.text()


def _entry(db: Database, day: date, body: str) -> None:
    from app.services.journal import detection
    from app.services.journal import entries as journal

    entry = journal.add_entry(db, day, body).value
    detection.detect_entry(db, None, entry.id, today=day)


def _proposal_buttons(view: HabitsView) -> list[tuple[str, QPushButton, QPushButton]]:
    rows = []
    for row in view.proposals_group.findChildren(QWidget):
        if row.objectName().startswith("proposal-") and row.isVisible():
            label = row.findChild(QLabel)
            yes = row.findChild(QPushButton, "accept")
            no = row.findChild(QPushButton, "dismiss")
            assert label is not None
            assert yes is not None
            assert no is not None
            rows.append((label.text(), yes, no))
    return rows


def test_words_learned_from_hand_logged_days_are_asked_and_answered_in_the_view(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    from app.services.journal import cues, learning

    swim = targets.add_habit(db, "Swim").value
    targets.add_habit(db, "Read")
    first = TODAY - timedelta(days=6)
    _entry(db, first, "Early session at Kirkgate.")
    _entry(db, first + timedelta(days=1), "Kirkgate at lunch, busy lane.")
    _entry(db, first + timedelta(days=2), "Work was long, quiet evening.")
    view = make_view(qtbot, db, ops)
    view.select(("habit", swim.id))
    assert view.proposals_group.isHidden()  # nothing logged by hand yet
    for day in (first, first + timedelta(days=1)):  # log both days by hand, in the view
        view.log_date.setDate(QDate(day.year, day.month, day.day))
        qtbot.mouseClick(view.log_button, Qt.MouseButton.LeftButton)
        settle(qtbot, view, ops)
    qtbot.waitUntil(lambda: not view.proposals_group.isHidden())
    [(question, add, _no)] = _proposal_buttons(view)
    assert question == "Add \u201ckirkgate\u201d to Swim's words?"
    assert "1 question" in view.proposals_group.title()
    item = view.item_for(("habit", swim.id))
    assert item is not None
    assert not item.icon(0).isNull()
    assert "1 question to answer" in item.toolTip(0)
    assert "kirkgate" not in view.cues_edit.text()  # never applied silently

    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Added \u201ckirkgate\u201d to Swim's words." in view.message.text())
    settle(qtbot, view, ops)
    assert "kirkgate" in cues.get_cues(db, "habit", swim.id).cues
    assert "kirkgate" in view.cues_edit.text()
    assert view.proposals_group.isHidden()
    item = view.item_for(("habit", swim.id))
    assert item is not None
    assert item.icon(0).isNull()
    assert learning.list_proposals(db) == []


def test_a_dismissed_proposal_is_not_asked_again(qtbot: QtBot, db: Database, ops: Tasks) -> None:
    from app.services.journal import cues, learning

    swim = targets.add_habit(db, "Swim").value
    first = TODAY - timedelta(days=6)
    for n, body in enumerate(["Early session at Kirkgate.", "Kirkgate at lunch, busy lane."]):
        _entry(db, first + timedelta(days=n), body)
        completions.log_completion(db, "habit", swim.id, first + timedelta(days=n))
    _entry(db, first + timedelta(days=2), "Work was long, quiet evening.")
    view = make_view(qtbot, db, ops)
    view.select(("habit", swim.id))
    qtbot.waitUntil(lambda: len(_proposal_buttons(view)) == 1)
    [(_question, _add, no)] = _proposal_buttons(view)
    qtbot.mouseClick(no, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "will not ask about \u201ckirkgate\u201d" in view.message.text())
    view.reload()
    settle(qtbot, view, ops)
    assert view.proposals_group.isHidden()
    assert "kirkgate" not in cues.get_cues(db, "habit", swim.id).cues
    [answered] = learning.list_proposals(db, status="dismissed")
    assert answered.phrase == "kirkgate"


def test_an_accepted_exclusion_is_named_under_the_words(
    qtbot: QtBot, db: Database, ops: Tasks
) -> None:
    from app.services.journal import suggestions

    gym = targets.add_habit(db, "Strength training").value
    first = TODAY - timedelta(days=6)
    for n in range(2):  # the same words suggested and dismissed twice
        _entry(db, first + timedelta(days=n), "Parked at gym.")
    dismissed = [suggestions.dismiss_suggestion(db, s.id) for s in suggestions.list_suggestions(db)]
    assert len(dismissed) == 2
    view = make_view(qtbot, db, ops)
    view.select(("habit", gym.id))
    [(question, stop, _no)] = _proposal_buttons(view)
    assert question == "Stop reading \u201cat gym\u201d as Strength training?"
    assert stop.text() == "Stop reading it"
    qtbot.mouseClick(stop, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "is no longer read as Strength training" in view.message.text())
    settle(qtbot, view, ops)
    print("NOTE", repr(view.cues_note.text()), flush=True)
    assert view.cues_note.text().endswith("Not read as done (you agreed): \u201cat gym\u201d.")
    assert view.proposals_group.isHidden()
