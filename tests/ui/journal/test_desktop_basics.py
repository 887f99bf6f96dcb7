"""What desktop users expect of the journal window (issue 19 item 3): Edit ▸ Undo/Redo,
the clipboard and Find in the entry; deleting an entry with undo; an entry's star, tags
and photos; a calendar to go to a day; a window icon and a first size that fits."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QDate, QIODevice, Qt
from PySide6.QtGui import QAccessible, QColor, QGuiApplication, QImage, QTextCursor
from PySide6.QtWidgets import QApplication, QMessageBox, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from app.domain.journal.suggestions import SuggestionStatus
from app.paths import database_path
from app.services.journal import entries as journal
from app.services.journal import extras, targets
from app.store import open_database
from app.ui.common.accessibility import name_of, role_of
from app.ui.common.model_bridge import ModelBridge
from app.ui.shell.main_window import FIRST_SIZE, HABITS, MainWindow
from tests.services.conftest import ScriptedModel
from tests.services.test_search_filters import suggest

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

OCTOBER = date(2026, 10, 5)
NOV_2, NOV_3 = date(2026, 11, 2), date(2026, 11, 3)
BODY = "Walked to the harbour. The harbour was calm, and the harbour cats slept."


def png_bytes() -> bytes:
    image = QImage(40, 30, QImage.Format.Format_RGB32)
    image.fill(QColor("#3366aa"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


@pytest.fixture
def journal_folder(tmp_path: Path) -> tuple[Path, dict[date, int]]:
    folder = tmp_path / "data"
    folder.mkdir()
    db = open_database(database_path(folder))
    try:
        ids = {
            day: journal.add_entry(db, day, BODY, title=f"{day}").value.id
            for day in (OCTOBER, NOV_2, NOV_3)
        }
        extras.add_tag(db, ids[OCTOBER], "travel")
        extras.set_starred(db, ids[OCTOBER], True)
        extras.add_photo(db, ids[NOV_3], "harbour.png", "image/png", png_bytes())
        extras.add_photo(db, ids[NOV_3], "waves.mov", "video/quicktime", b"a video")
        running = targets.add_habit(db, "Running").value.id
        suggest(db, ids[NOV_2], running, SuggestionStatus.PENDING, "Walked")
    finally:
        db.close()
    return folder, ids


@pytest.fixture
def window(qtbot: QtBot, journal_folder: tuple[Path, dict[date, int]]) -> Iterator[MainWindow]:
    model = ScriptedModel(lambda _prompt: '{"hits": []}')
    bridge = ModelBridge(lambda: model, name="Scripted test model")
    made = MainWindow(journal_folder[0], bridge=bridge)
    qtbot.addWidget(made)
    made.resize(1200, 800)
    made.show()
    made.entry_page.set_auto_detect(False)
    with qtbot.waitSignal(made.ready, timeout=10_000):
        made.start()
    yield made
    made.shutdown()
    bridge.close()


def show(qtbot: QtBot, window: MainWindow, entry_id: int) -> None:
    window.open_entry(entry_id)
    qtbot.waitUntil(
        lambda: window.entry_page.entry_id == entry_id and not window.tasks.busy, timeout=10_000
    )


def test_edit_undo_redo_and_the_clipboard_act_on_the_focused_text(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    show(qtbot, window, journal_folder[1][NOV_2])
    editor, edit = window.entry_page.editor, window.edit_menu
    editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor)
    editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(editor, " Swam.")
    assert editor.toPlainText() == BODY + " Swam."
    edit.undo_action.trigger()
    assert editor.toPlainText() == BODY
    edit.redo_action.trigger()
    assert editor.toPlainText() == BODY + " Swam."

    edit.select_all_action.trigger()
    edit.copy_action.trigger()
    assert QGuiApplication.clipboard().text() == BODY + " Swam."
    title = window.entry_page.title_edit
    title.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is title)
    edit.select_all_action.trigger()
    edit.cut_action.trigger()
    assert title.text() == ""
    assert QGuiApplication.clipboard().text() == str(NOV_2)
    edit.paste_action.trigger()
    assert title.text() == str(NOV_2)
    assert {"Undo", "Redo", "Find in Entry", "Delete Entry", "Go to Day"} <= {
        a.text().replace("&", "").removesuffix("…")
        for a in window.findChildren(type(edit.undo_action))
    }


def test_find_marks_every_match_and_steps_through_them(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    show(qtbot, window, journal_folder[1][NOV_2])
    page, editor = window.entry_page, window.entry_page.editor
    window.edit_menu.find_action.trigger()
    bar = page.find_bar
    assert bar.isVisible()
    assert QApplication.focusWidget() is bar.edit
    qtbot.keyClicks(bar.edit, "HARBOUR")  # case does not matter
    starts = [m.selectionStart() for m in bar.matches]
    assert starts == [i for i in range(len(BODY)) if BODY.lower().startswith("harbour", i)]
    assert len(editor.extraSelections()) == 1 + 3  # the suggestion's highlight, then matches
    assert editor.textCursor().selectionStart() == starts[0]
    assert bar.count.text() == "1 of 3"
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert editor.textCursor().selectionStart() == starts[1]
    window.edit_menu.find_next_action.trigger()
    assert bar.count.text() == "3 of 3"
    window.edit_menu.find_next_action.trigger()  # wraps around
    assert editor.textCursor().selectionStart() == starts[0]
    window.edit_menu.find_previous_action.trigger()
    assert editor.textCursor().selectionStart() == starts[2]
    bar.edit.setText("nowhere")
    assert bar.count.text() == "No matches"
    qtbot.keyClick(bar.edit, Qt.Key.Key_Escape)
    assert not bar.isVisible()
    assert len(editor.extraSelections()) == 1  # the suggestion's highlight stays

    window.show_inbox()  # no entry shows: Find says where it works
    window.edit_menu.find_action.trigger()
    assert not bar.isVisible()
    assert "Open an entry" in window.statusBar().currentMessage()


def test_deleting_an_entry_can_be_undone_and_an_empty_month_goes(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    ids = journal_folder[1]
    sidebar = window.journal_sidebar
    show(qtbot, window, ids[OCTOBER])
    assert (2026, 10) in sidebar._month_items
    window.delete_action.trigger()
    qtbot.waitUntil(lambda: ids[OCTOBER] not in sidebar.entry_ids(), timeout=10_000)
    qtbot.waitUntil(lambda: (2026, 10) not in sidebar._month_items, timeout=10_000)
    assert window.entry_page.entry_id is None
    assert window.undo_delete_button.isVisible()
    assert "Deleted the entry of Mon 5 Oct 2026" in window.statusBar().currentMessage()

    window.setFocus()
    window.edit_menu.undo_action.trigger()  # no text field to undo in: the deletion
    qtbot.waitUntil(lambda: window.entry_page.entry_id == ids[OCTOBER], timeout=10_000)
    qtbot.waitUntil(lambda: (2026, 10) in sidebar._month_items, timeout=10_000)
    assert not window.undo_delete_button.isVisible()
    qtbot.waitUntil(lambda: "travel" in window.entry_page.extras.chips, timeout=10_000)
    assert window.entry_page.extras.star.isChecked()


def test_tags_star_and_photos_are_shown_and_edited(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    folder, ids = journal_folder
    bar = window.entry_page.extras
    show(qtbot, window, ids[NOV_3])
    qtbot.waitUntil(lambda: bar.extras is not None and len(bar.thumbnails) == 1, timeout=10_000)
    assert not bar.star.isChecked()
    assert bar.chips == {}
    [thumb] = bar.thumbnails.values()
    qtbot.waitUntil(lambda: not thumb.icon().isNull(), timeout=10_000)
    assert thumb.accessibleName() == "Photo harbour.png"
    # a video is kept and named, never handed to the image decoder as a "photo"
    [video] = bar.files.values()
    assert (video.accessibleName(), video.text()) == ("Video waves.mov", "Video: waves.mov")

    qtbot.mouseClick(bar.star, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(bar.tag_edit, "harbour walks")
    qtbot.keyClick(bar.tag_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "harbour walks" in bar.chips and not window.tasks.busy)
    assert bar.star.isChecked()
    assert bar.star.text() == "★"
    db = open_database(database_path(folder))
    try:
        saved = extras.get_extras(db, ids[NOV_3])
        assert (saved.starred, saved.tags) == (True, ("harbour walks",))
    finally:
        db.close()

    window.entry_page.extras.remove_tag("harbour walks")
    qtbot.waitUntil(lambda: bar.chips == {} and not window.tasks.busy)

    qtbot.mouseClick(thumb, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.photo_dialog is not None, timeout=10_000)
    assert bar.photo_dialog is not None
    pixmap = bar.photo_dialog.label.pixmap()
    assert (pixmap.width(), pixmap.height()) == (40, 30)
    bar.photo_dialog.reject()


def test_a_photo_is_added_from_a_file_and_taken_off_again(
    qtbot: QtBot,
    window: MainWindow,
    journal_folder: tuple[Path, dict[date, int]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _folder, ids = journal_folder
    bar = window.entry_page.extras
    show(qtbot, window, ids[OCTOBER])
    qtbot.waitUntil(lambda: bar.extras is not None, timeout=10_000)
    assert bar.thumbnails == {}
    picture = tmp_path / "lake.png"
    picture.write_bytes(png_bytes())
    not_a_picture = tmp_path / "notes.png"
    not_a_picture.write_bytes(b"just words")
    chosen = iter([str(not_a_picture), str(picture)])
    monkeypatch.setattr(
        "app.ui.journal.extras_bar.QFileDialog.getOpenFileName",
        lambda *a, **k: (next(chosen), ""),
    )
    with qtbot.waitSignal(window.tasks.failed, timeout=10_000):
        qtbot.mouseClick(bar.add_photo_button, Qt.MouseButton.LeftButton)
    [box] = window.findChildren(QMessageBox, "errorDialog")
    assert box.text().endswith("notes.png is not a readable PNG, JPEG or TIFF image.")
    box.close()
    assert bar.thumbnails == {}  # refused: nothing kept
    qtbot.mouseClick(bar.add_photo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(bar.thumbnails) == 1, timeout=10_000)
    [thumb] = bar.thumbnails.values()
    assert thumb.accessibleName() == "Photo lake.png"

    qtbot.mouseClick(thumb, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.photo_dialog is not None, timeout=10_000)
    assert bar.photo_dialog is not None
    qtbot.mouseClick(bar.photo_dialog.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.thumbnails == {} and not window.tasks.busy, timeout=10_000)


def test_the_calendar_goes_to_a_day_and_bolds_the_days_with_entries(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    ids = journal_folder[1]
    show(qtbot, window, ids[NOV_3])
    window.go_to_day_action.trigger()
    dialog = window.calendar_jump
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.bold_days == {NOV_2, NOV_3}, timeout=10_000)
    dialog.calendar.setSelectedDate(QDate(2026, 10, 20))  # no entry: the next one
    dialog.choose()
    qtbot.waitUntil(lambda: window.entry_page.entry_id == ids[NOV_2], timeout=10_000)
    assert window.calendar_jump is None
    window.go_to_day_action.trigger()
    dialog = window.calendar_jump
    assert dialog is not None
    dialog.calendar.setSelectedDate(QDate(2026, 10, 5))
    dialog.choose()
    qtbot.waitUntil(lambda: window.entry_page.entry_id == ids[OCTOBER], timeout=10_000)


def test_the_window_has_an_icon_and_a_first_size_that_fits_the_screen(window: MainWindow) -> None:
    icon = window.windowIcon()
    assert not icon.isNull()
    assert {16, 32, 256} <= {s.width() for s in icon.availableSizes()}
    room = window.screen().availableGeometry().size()
    expected = FIRST_SIZE.boundedTo(room * 0.9).expandedTo(window.minimumSize())
    from app.ui.shell.main_window import first_size

    assert first_size(window) == expected


def test_search_filters_narrow_the_results_and_list_entries_without_words(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    ids = journal_folder[1]
    sidebar = window.journal_sidebar
    sidebar.search.setText("harbour")
    qtbot.waitUntil(lambda: sorted(sidebar.hit_ids()) == sorted(ids.values()), timeout=10_000)
    qtbot.mouseClick(sidebar.filter_button, Qt.MouseButton.LeftButton)
    assert sidebar.filters.isVisible()
    qtbot.waitUntil(lambda: sidebar.tag_box.count() == 2, timeout=10_000)  # "Any tag", travel
    sidebar.start_edit.setDate(QDate(2026, 11, 1))
    qtbot.waitUntil(lambda: sorted(sidebar.hit_ids()) == [ids[NOV_2], ids[NOV_3]])
    sidebar.end_edit.setDate(QDate(2026, 11, 2))
    qtbot.waitUntil(lambda: sidebar.hit_ids() == [ids[NOV_2]])
    sidebar.end_edit.setDate(QDate(2026, 10, 2))  # before the first day
    qtbot.waitUntil(lambda: sidebar.stack.currentWidget() is sidebar.no_results)
    assert "first day comes after" in sidebar.no_results.text()

    for edit in (sidebar.start_edit, sidebar.end_edit):
        edit.setDate(edit.minimumDate())
    sidebar.tag_box.setCurrentIndex(sidebar.tag_box.findData("travel"))
    sidebar.search.clear()  # no words: the entries the filter lets through
    qtbot.waitUntil(lambda: sidebar.hit_ids() == [ids[OCTOBER]], timeout=10_000)
    assert sidebar.stack.currentWidget() is sidebar.results
    qtbot.mouseClick(sidebar.filter_button, Qt.MouseButton.LeftButton)  # filters off
    qtbot.waitUntil(lambda: sidebar.stack.currentWidget() is sidebar.tree)


def tab_walk(qtbot: QtBot, start: QWidget, steps: int = 60) -> list[QWidget]:
    """The widgets Tab visits from ``start``, in order, until it comes back."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start)
    seen: list[QWidget] = [start]
    for _ in range(steps):
        focus = QApplication.focusWidget()
        assert focus is not None
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        assert now is not None
        if now is start:
            return seen
        seen.append(now)
    return seen


def test_the_keyboard_alone_reaches_every_control_of_an_entry_in_reading_order(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    show(qtbot, window, journal_folder[1][NOV_3])
    page, sidebar = window.entry_page, window.journal_sidebar
    qtbot.waitUntil(lambda: len(page.extras.thumbnails) == 1)
    page.extras.add_tag("sea")
    qtbot.waitUntil(lambda: "sea" in page.extras.chips and not window.tasks.busy)
    [remove] = page.extras.chips["sea"].findChildren(QToolButton)
    page.open_find()
    visited = tab_walk(qtbot, sidebar.search)
    [thumbnail] = page.extras.thumbnails.values()
    wanted = [
        sidebar.search,
        sidebar.filter_button,
        sidebar.new_button,
        sidebar.tree,
        page.date_edit,
        page.title_edit,
        page.detect_button,
        page.extras.star,
        remove,
        page.extras.tag_edit,
        thumbnail,
        page.find_bar.edit,
        page.find_bar.next_button,
        page.find_bar.close_button,
        page.editor,
        page.panel,
    ]
    missing = [w.accessibleName() or type(w).__name__ for w in wanted if w not in visited]
    assert missing == []
    order = [visited.index(w) for w in wanted]
    assert order == sorted(order)  # top to bottom, left to right


def test_the_keyboard_reaches_the_habit_calendar(qtbot: QtBot, window: MainWindow) -> None:
    # the newest entry opens first (then the window shows it): wait, then go to Habits
    qtbot.waitUntil(lambda: window.entry_page.entry_id is not None and not window.tasks.busy)
    window.show_section(HABITS)
    habits = window.habits_view
    assert habits is not None
    qtbot.waitUntil(lambda: habits.heatmap.isVisible() and not window.tasks.busy, timeout=10_000)
    visited = tab_walk(qtbot, window.nav)
    assert habits.heatmap in visited
    assert name_of(habits.heatmap) == "Completion calendar for Running"
    assert role_of(habits.heatmap) == QAccessible.Role.Chart


def test_deleting_keeps_unsaved_words_for_undo_and_works_from_the_editor(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    ids = journal_folder[1]
    show(qtbot, window, ids[NOV_3])
    page = window.entry_page
    page._save_timer.setInterval(60_000)  # the words typed stay unsaved
    page.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.editor)
    page.editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(page.editor, " Last")
    page.save_now()  # a save on its way (no event is processed until the delete)
    qtbot.keyClicks(page.editor, " words.")
    mods = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(page.editor, Qt.Key.Key_Delete, mods)  # the shortcut, typing in the text
    qtbot.waitUntil(lambda: ids[NOV_3] not in window.journal_sidebar.entry_ids(), timeout=10_000)
    assert window.findChildren(QMessageBox) == []  # no late save of a deleted entry
    qtbot.mouseClick(window.undo_delete_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.entry_id == ids[NOV_3], timeout=10_000)
    assert page.editor.toPlainText() == BODY + " Last words."


def test_edit_undo_takes_back_an_accept_in_the_entry_and_in_the_inbox(
    qtbot: QtBot, window: MainWindow, journal_folder: tuple[Path, dict[date, int]]
) -> None:
    show(qtbot, window, journal_folder[1][NOV_2])
    page = window.entry_page
    [pending] = page.suggestions
    page.focus_review()
    page.accept(pending.id)
    qtbot.waitUntil(lambda: page.suggestions[0].status == SuggestionStatus.ACCEPTED)
    window.edit_menu.undo_action.trigger()
    qtbot.waitUntil(lambda: page.suggestions[0].status == SuggestionStatus.PENDING)

    inbox = window.inbox_view
    assert inbox is not None
    window.show_inbox()
    qtbot.waitUntil(lambda: len(inbox.items) == 1 and not window.tasks.busy, timeout=10_000)
    inbox.accept_current()
    qtbot.waitUntil(lambda: inbox.items == [] and not window.tasks.busy, timeout=10_000)
    window.edit_menu.undo_action.trigger()
    qtbot.waitUntil(lambda: len(inbox.items) == 1, timeout=10_000)
