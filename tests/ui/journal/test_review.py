"""Highlights, the popover, the side panel and keyboard review."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QTextCharFormat
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from app.services.journal import completions, suggestions
from app.ui.journal.editor import SUGGESTION_PROPERTY
from app.ui.shell.main_window import MainWindow
from tests.ui.journal.conftest import show_entry
from tests.ui.journal.helpers import query, selection_spans, span_point

MEDITATED = "meditated for fifteen minutes"
WATER = "Drank 64 oz of water"


def pending_ids(window: MainWindow) -> list[int]:
    return [s.id for s in window.entry_page.suggestions if s.status == "pending"]


def test_highlights_stand_at_the_anchored_ranges(window: MainWindow) -> None:
    page = window.entry_page
    body = page.editor.toPlainText()
    spans = selection_spans(window)
    for quote in (MEDITATED, WATER):
        start = body.index(quote)
        assert spans[quote] == (start, start + len(quote))
    by_text = {s.anchor_text: s for s in page.suggestions}
    for sel in page.editor.extraSelections():
        fmt = sel.format
        assert fmt.property(SUGGESTION_PROPERTY) == by_text[sel.cursor.selectedText()].id
        assert fmt.background().color().alpha() > 0  # pending: filled
    # one colour per habit, listed in the legend and the side panel
    colors = {sel.format.background().color().name() for sel in page.editor.extraSelections()}
    assert len(colors) == 2
    assert [s.anchor_text for s in page.panel.items] == [MEDITATED, WATER]
    water_card = page.panel.card(by_text[WATER].id)
    assert water_card is not None
    assert any("64 oz" in label.text() for label in water_card.findChildren(type(page.save_state)))
    # the tooltip names the habit, the quote and what clicking does
    item = next(i for i in page.editor.shown if i.suggestion.anchor_text == WATER)
    tip = page.editor.tooltip_html(item)
    assert "Drink water" in tip
    assert WATER in tip
    assert "Click to accept" in tip


def test_click_a_highlight_and_accept_writes_a_completion(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    water = next(s for s in page.suggestions if s.anchor_text == WATER)
    qtbot.mouseClick(
        page.editor.viewport(), Qt.MouseButton.LeftButton, pos=span_point(window, water.id)
    )
    qtbot.waitUntil(page.popover.isVisible)
    assert page.popover.suggestion_id == water.id
    with qtbot.waitSignal(window.tasks.changed, timeout=5000):
        qtbot.mouseClick(page.popover.accept_button, Qt.MouseButton.LeftButton)
    assert not page.popover.isVisible()
    qtbot.waitUntil(lambda: page.suggestions and water.id not in pending_ids(window))
    logged = query(qtbot, window, completions.list_completions)
    assert [(c.target_id, c.amount, c.suggestion_id) for c in logged] == [
        (water.target_id, 64.0, water.id)
    ]
    # restyled: a quiet underline without fill, and a check in the margin
    sel = next(s for s in page.editor.extraSelections() if s.cursor.selectedText() == WATER)
    assert sel.format.background().style() == Qt.BrushStyle.NoBrush
    assert sel.format.underlineStyle() == QTextCharFormat.UnderlineStyle.DotLine
    assert page.editor.accepted_lines() == [0]
    assert "accepted" in " ".join(
        label.text() for label in page.panel.card(water.id).findChildren(type(page.save_state))
    )


def test_dismiss_removes_the_highlight(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    med = next(s for s in page.suggestions if s.anchor_text == MEDITATED)
    qtbot.mouseClick(
        page.editor.viewport(), Qt.MouseButton.LeftButton, pos=span_point(window, med.id)
    )
    qtbot.waitUntil(page.popover.isVisible)
    qtbot.mouseClick(page.popover.dismiss_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: MEDITATED not in selection_spans(window))
    assert list(selection_spans(window)) == [WATER]
    assert page.panel.card(med.id) is None
    rows = query(qtbot, window, lambda db: suggestions.list_suggestions(db, status="dismissed"))
    assert [r.id for r in rows] == [med.id]
    assert query(qtbot, window, completions.list_completions) == []


def test_side_panel_buttons(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    med = next(s for s in page.suggestions if s.anchor_text == MEDITATED)
    card = page.panel.card(med.id)
    assert card is not None
    qtbot.mouseClick(card.accept_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: med.id not in pending_ids(window))
    assert [c.target_id for c in query(qtbot, window, completions.list_completions)] == [
        med.target_id
    ]


def test_review_keys(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    panel = page.panel
    med, water = (
        next(s for s in page.suggestions if s.anchor_text == q) for q in (MEDITATED, WATER)
    )
    page.focus_review()
    qtbot.waitUntil(panel.hasFocus)
    assert panel.current_id == med.id
    qtbot.keyClick(panel, Qt.Key.Key_J)
    assert panel.current_id == water.id
    # J selects the highlight in the text too
    assert page.editor.textCursor().position() == page.editor.qt_span(water.id)[0]
    qtbot.keyClick(panel, Qt.Key.Key_K)
    assert panel.current_id == med.id
    qtbot.keyClick(panel, Qt.Key.Key_A)  # accept meditation, move on to water
    qtbot.waitUntil(lambda: med.id not in pending_ids(window))
    assert panel.current_id == water.id
    qtbot.keyClick(panel, Qt.Key.Key_X)  # dismiss water
    qtbot.waitUntil(lambda: pending_ids(window) == [])
    assert list(selection_spans(window)) == [MEDITATED]
    statuses = {s.id: s.status for s in page.suggestions}
    assert statuses == {med.id: "accepted", water.id: "dismissed"}
    qtbot.keyClick(panel, Qt.Key.Key_U)  # undo the dismissal
    qtbot.waitUntil(lambda: pending_ids(window) == [water.id])
    assert WATER in selection_spans(window)
    qtbot.keyClick(panel, Qt.Key.Key_U)  # undo the acceptance: its completion goes
    qtbot.waitUntil(lambda: sorted(pending_ids(window)) == sorted([med.id, water.id]))
    assert query(qtbot, window, completions.list_completions) == []


# a tooltip is a window of its own: the offscreen platform cannot raise it or pass on
# its size hints
@pytest.mark.qt_log_ignore("^This plugin does not support (raise|propagateSizeHints)")
def test_hovering_a_highlight_shows_its_tooltip(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    water = next(s for s in page.suggestions if s.anchor_text == WATER)
    viewport = page.editor.viewport()
    pos = span_point(window, water.id)
    event = QHelpEvent(QEvent.Type.ToolTip, pos, viewport.mapToGlobal(pos))
    QApplication.sendEvent(viewport, event)
    qtbot.waitUntil(QToolTip.isVisible)
    assert "Drink water" in QToolTip.text()
    assert "Click to accept" in QToolTip.text()
    QToolTip.hideText()


def test_the_panel_recycles_its_cards_between_entries(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    first = {s.id: page.panel.card(s.id) for s in page.panel.items}
    assert len(first) == 2
    show_entry(qtbot, window, 2)  # an entry without suggestions
    assert page.panel.items == []
    assert all(card is not None and not card.isVisible() for card in first.values())
    assert all(page.panel.card(sid) is None for sid in first)
    show_entry(qtbot, window, 1)
    again = {s.id: page.panel.card(s.id) for s in page.panel.items}
    assert set(again.values()) == set(first.values())  # the same widgets, shown again
    for sid, card in again.items():
        assert card is not None
        assert card.isVisible()
        assert card.suggestion.id == sid
        assert card.accept_button.isVisible()  # pending
