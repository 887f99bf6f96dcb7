"""The Inbox section of the window, with the keyboard alone and with the mouse."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem, QWidget
from pytestqt.qtbot import QtBot

from app.services import inbox
from app.services.inbox import ItemKind
from app.services.journal import completions
from app.services.notebooks import findings
from app.ui.common.model_bridge import ModelBridge
from app.ui.inbox.view import InboxDelegate, InboxView
from app.ui.shell.main_window import INBOX, MainWindow
from tests.ui.journal.conftest import OpenWindow
from tests.ui.journal.helpers import query

# the offscreen platform says so when the page view's panes resize the window's hints
pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def nav_text(window: MainWindow) -> str:
    for row in range(window.nav.count()):
        item = window.nav.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == INBOX:
            return item.text()
    raise AssertionError("no Inbox in the sidebar")


def open_inbox(
    qtbot: QtBot, open_window: OpenWindow, folder: Path, bridge: ModelBridge
) -> tuple[MainWindow, InboxView]:
    window = open_window(folder, bridge)
    view = window.inbox_view
    assert view is not None
    qtbot.waitUntil(lambda: len(view.items) == view.total > 0, timeout=5000)
    qtbot.waitUntil(lambda: window.entry_page.entry_id is not None, timeout=5000)  # the first
    return window, view


def titles(view: InboxView) -> list[str]:
    return [item.title for item in view.items]


def press(qtbot: QtBot, view: InboxView, key: Qt.Key, changes: bool = True) -> None:
    """A key on the focused widget; waits for the change it makes to reach the view."""
    target = QApplication.focusWidget()
    assert target is not None
    if changes:
        with qtbot.waitSignal(view.current_changed, timeout=5000):
            qtbot.keyClick(target, key)
    else:
        qtbot.keyClick(target, key)


def tab_to(qtbot: QtBot, widget: QWidget, *, back: bool = False) -> None:
    """Move the focus with Tab (Shift+Tab) until ``widget`` has it."""
    for _ in range(40):
        if widget.hasFocus():
            return
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(
            focused,
            Qt.Key.Key_Backtab if back else Qt.Key.Key_Tab,
            Qt.KeyboardModifier.ShiftModifier if back else Qt.KeyboardModifier.NoModifier,
        )
    focused = QApplication.focusWidget()
    raise AssertionError(f"Tab never reached {widget.accessibleName() or widget}; at {focused}")


def test_keyboard_alone_triage_undo_and_open(
    qtbot: QtBot, open_window: OpenWindow, inbox_dir: Path, bridge: ModelBridge
) -> None:
    window, view = open_inbox(qtbot, open_window, inbox_dir, bridge)
    total = view.total
    assert nav_text(window) == f"Inbox ({total})"
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert window.stack.currentWidget() is view
    qtbot.waitUntil(view.list.hasFocus)
    # newest first: the poems found on 25 November, then the journal from 20 November on
    kinds = [item.kind for item in view.items]
    first_suggestion = kinds.index(ItemKind.SUGGESTION)
    assert set(kinds[:first_suggestion]) == {ItemKind.FINDING}
    assert titles(view)[first_suggestion:] == ["Running", "Running", "Water", "Running"]
    for _ in range(first_suggestion):
        press(qtbot, view, Qt.Key.Key_J)
    assert view.current is not None
    assert view.current.where == "Late November"
    press(qtbot, view, Qt.Key.Key_J)
    press(qtbot, view, Qt.Key.Key_K)
    late = view.current
    assert late is not None
    assert late.where == "Late November"

    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.keyClick(view.list, Qt.Key.Key_A)
    logged = query(qtbot, window, completions.list_completions)
    assert [(c.target_type, str(c.day)) for c in logged] == [("habit", "2026-11-20")]
    qtbot.waitUntil(lambda: nav_text(window) == f"Inbox ({total - 1})", timeout=5000)
    assert late not in view.items
    monday = view.current
    assert monday is not None
    assert monday.where == "Monday"

    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.keyClick(view.list, Qt.Key.Key_X)
    qtbot.waitUntil(lambda: view.total == total - 2, timeout=5000)
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.keyClick(view.list, Qt.Key.Key_U)  # the dismissal comes back, highlighted
    qtbot.waitUntil(lambda: view.current == monday, timeout=5000)
    assert view.total == total - 1
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.keyClick(view.list, Qt.Key.Key_U)  # and the acceptance: its completion goes
    qtbot.waitUntil(lambda: view.total == total, timeout=5000)
    assert query(qtbot, window, completions.list_completions) == []
    qtbot.waitUntil(lambda: view.current == late, timeout=5000)

    # Enter opens the entry with that suggestion current in its review panel
    qtbot.keyClick(view.list, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.entry_page.panel.current_id == late.id, timeout=5000)
    assert window.stack.currentWidget() is window.entry_page
    assert window.entry_page.entry_id == late.entry_id
    qtbot.waitUntil(window.entry_page.panel.hasFocus)


def test_keyboard_alone_bulk_accept_by_habit_and_one_undo(
    qtbot: QtBot, open_window: OpenWindow, inbox_dir: Path, bridge: ModelBridge
) -> None:
    window, view = open_inbox(qtbot, open_window, inbox_dir, bridge)
    total = view.total
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(view.list.hasFocus)
    tab_to(qtbot, view.target_box, back=True)
    while view.target_box.currentText() != "Running":
        qtbot.keyClick(view.target_box, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: titles(view) == ["Running"] * 3, timeout=5000)
    assert view.summary.text() == f"{total} waiting, 3 shown"
    tab_to(qtbot, view.accept_all_button)
    assert view.accept_all_button.text() == "Accept all 3 shown"
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.keyClick(view.accept_all_button, Qt.Key.Key_Space)
    logged = query(qtbot, window, completions.list_completions)
    assert sorted(str(c.day) for c in logged) == ["2026-10-31", "2026-11-02", "2026-11-20"]
    qtbot.waitUntil(lambda: view.items == [] and view.empty_label.isVisible(), timeout=5000)
    assert nav_text(window) == f"Inbox ({total - 3})"
    tab_to(qtbot, view.undo_button, back=True)
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.keyClick(view.undo_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: titles(view) == ["Running"] * 3, timeout=5000)
    assert query(qtbot, window, completions.list_completions) == []
    assert nav_text(window) == f"Inbox ({total})"


def test_mouse_select_accept_a_finding_and_open_its_page(
    qtbot: QtBot, open_window: OpenWindow, inbox_dir: Path, bridge: ModelBridge
) -> None:
    window, view = open_inbox(qtbot, open_window, inbox_dir, bridge)
    total = view.total
    qtbot.mouseClick(window.nav.viewport(), Qt.MouseButton.LeftButton, pos=_nav_point(window))
    assert window.stack.currentWidget() is view
    last = view.list.visualItemRect(view.list.item(len(view.items) - 1))
    with qtbot.waitSignal(view.current_changed, timeout=5000):
        qtbot.mouseClick(view.list.viewport(), Qt.MouseButton.LeftButton, pos=last.center())
    assert view.current == view.items[-1]
    row = next(row for row, item in enumerate(view.items) if item.kind == ItemKind.FINDING)
    second = view.items[row]
    rect = view.list.visualItemRect(view.list.item(row))
    with qtbot.waitSignal(view.current_changed, timeout=5000):
        qtbot.mouseClick(view.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.current == second
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.mouseClick(view.accept_button, Qt.MouseButton.LeftButton)
    accepted = query(qtbot, window, lambda db: findings.get_finding(db, second.id))
    assert accepted.review_status == "approved"
    qtbot.waitUntil(lambda: view.total == total - 1, timeout=5000)
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
    restored = query(qtbot, window, lambda db: findings.get_finding(db, second.id))
    assert restored.review_status == "unreviewed"
    qtbot.waitUntil(lambda: view.current == second, timeout=5000)
    # a double click opens the page with the finding selected
    rect = view.list.visualItemRect(view.list.currentItem())
    qtbot.mouseClick(view.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    page_view = window.page_view
    assert page_view is not None
    qtbot.waitUntil(
        lambda: page_view.snapshot is not None and page_view.snapshot.page.id == second.page_id,
        timeout=5000,
    )
    assert window.stack.currentWidget() is window.page_view_page
    assert page_view.current_finding == second.id


def test_decisions_elsewhere_refresh_the_inbox(
    qtbot: QtBot, open_window: OpenWindow, inbox_dir: Path, bridge: ModelBridge
) -> None:
    window, view = open_inbox(qtbot, open_window, inbox_dir, bridge)
    total = view.total
    water = next(item for item in view.items if item.title == "Water")
    page = window.entry_page
    assert water.entry_id is not None
    with qtbot.waitSignal(page.suggestions_shown, timeout=5000):
        window.open_entry(water.entry_id)
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        page.accept(water.id)  # the entry view's own review
    qtbot.waitUntil(lambda: nav_text(window) == f"Inbox ({total - 1})", timeout=5000)
    assert water not in view.items
    counted = query(qtbot, window, inbox.inbox_counts)
    assert counted.total == total - 1


def _nav_point(window: MainWindow) -> QPoint:
    for row in range(window.nav.count()):
        item = window.nav.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == INBOX:
            return window.nav.visualItemRect(item).center()
    raise AssertionError("no Inbox in the sidebar")


def test_each_item_is_drawn_as_three_lines_and_read_as_its_text(
    qtbot: QtBot, open_window: OpenWindow, inbox_dir: Path, bridge: ModelBridge
) -> None:
    window, view = open_inbox(qtbot, open_window, inbox_dir, bridge)
    window.show_inbox()
    first = view.list.item(0)
    lines = first.text().split("\n")
    assert len(lines) == 3  # title, the quote, where and when: what a screen reader gets
    delegate = view.list.itemDelegate()
    assert isinstance(delegate, InboxDelegate)
    option = QStyleOptionViewItem()
    option.initFrom(view.list)
    height = delegate.sizeHint(option, view.list.indexFromItem(first)).height()
    assert height >= 3 * view.list.fontMetrics().lineSpacing()
    assert view.list.visualItemRect(first).height() == height
    picture = view.list.grab()  # painted by the delegate, without a Qt warning
    assert not picture.isNull()
