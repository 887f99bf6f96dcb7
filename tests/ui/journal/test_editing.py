"""Editing: saved automatically, highlights follow the words live, search finds entries."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.services.errors import RefusedError
from app.services.journal import entries as journal
from app.services.journal import suggestions
from app.ui.common.model_bridge import ModelBridge
from app.ui.common.text_marks import PositionMap
from app.ui.journal.highlights import rebase
from app.ui.shell.main_window import MainWindow
from tests.ui.journal.conftest import OpenWindow, show_entry
from tests.ui.journal.helpers import query, selection_spans

WATER = "Drank 64 oz of water"


def test_editing_reanchors_live_and_after_the_save(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    page.set_auto_detect(False)
    before = selection_spans(window)[WATER]
    card = page.panel.card(next(s.id for s in page.suggestions if s.anchor_text == WATER))
    cursor = page.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Start)
    page.editor.setTextCursor(cursor)
    page.editor.setFocus()
    qtbot.keyClicks(page.editor, "Sunny. ")
    # at once, before any save: the highlight moved with its words
    assert selection_spans(window)[WATER] == (before[0] + 7, before[1] + 7)
    assert page.dirty
    assert page.panel.card(card.suggestion.id) is card  # the side panel did not churn
    qtbot.waitUntil(lambda: not page.dirty and page.save_state.text() == "Saved", timeout=5000)
    stored = query(qtbot, window, lambda db: suggestions.list_suggestions(db, entry_id=1))
    water = next(s for s in stored if s.anchor_text == WATER)
    assert (water.anchor_start, water.anchor_end) == (before[0] + 7, before[1] + 7)
    assert query(qtbot, window, lambda db: journal.get_entry(db, 1)).body.startswith("Sunny. ")
    # typing inside a highlight makes it disappear (stale), and the save dismisses it
    span = selection_spans(window)[WATER]
    cursor.setPosition(span[0] + 5)
    page.editor.setTextCursor(cursor)
    qtbot.keyClicks(page.editor, "x")
    assert WATER not in selection_spans(window)
    assert not any(WATER in t for t in selection_spans(window))
    qtbot.waitUntil(lambda: not page.dirty, timeout=5000)
    qtbot.waitUntil(
        lambda: (
            [
                s.status
                for s in query(
                    qtbot, window, lambda db: suggestions.list_suggestions(db, entry_id=1)
                )
                if s.anchor_text == WATER
            ]
            == ["dismissed"]
        ),
        timeout=5000,
    )


def test_title_and_date_are_saved(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    page.title_edit.setFocus()
    page.title_edit.selectAll()
    qtbot.keyClicks(page.title_edit, "Quiet Monday")
    qtbot.waitUntil(lambda: not page.dirty, timeout=5000)
    qtbot.waitUntil(
        lambda: query(qtbot, window, lambda db: journal.get_entry(db, 1)).title == "Quiet Monday",
        timeout=5000,
    )
    qtbot.waitUntil(
        lambda: any("Quiet Monday" in text for text in window.journal_sidebar.entry_texts()),
        timeout=5000,
    )


def test_search_finds_an_entry_by_a_word_in_its_body(qtbot: QtBot, window: MainWindow) -> None:
    sidebar = window.journal_sidebar
    with qtbot.waitSignal(sidebar.results_shown, timeout=5000):
        qtbot.keyClicks(sidebar.search, "kilomet")
    assert sidebar.hit_ids() == [2]
    label = sidebar.results.itemWidget(sidebar.results.item(0))
    assert "<b style" in label.text()
    assert "kilometres</b>" in label.text()
    assert sidebar.stack.currentWidget() is sidebar.results
    with qtbot.waitSignal(window.entry_page.entry_loaded, timeout=5000):
        sidebar.results.setCurrentRow(0)
    assert window.entry_page.title_edit.text() == "River loop"
    assert window.entry_page.editor.textCursor().selectedText() == "kilometres"
    with qtbot.waitSignal(sidebar.results_shown, timeout=5000) as shown:
        sidebar.search.setText("zeppelin")
    assert shown.args == [0]
    assert sidebar.stack.currentWidget() is sidebar.no_results
    sidebar.search.clear()
    qtbot.waitUntil(lambda: sidebar.stack.currentWidget() is sidebar.tree)


def test_offsets_count_code_points_not_utf16(qtbot: QtBot, window: MainWindow) -> None:
    text = "🙂 Sat 🧘 quietly. Then water."
    positions = PositionMap(text)
    start = text.index("water")
    assert positions.to_qt(start) == start + 2
    assert positions.from_qt(positions.to_qt(start)) == start
    # an entry whose highlight follows two emoji (each two UTF-16 units in Qt)
    body = "🙂🧘 Flossed before bed."
    entry = query(qtbot, window, lambda db: journal.add_entry(db, date(2026, 11, 7), body)).value
    qtbot.waitUntil(lambda: entry.id in window.journal_sidebar.entry_ids(), timeout=5000)
    show_entry(qtbot, window, entry.id)
    with qtbot.waitSignal(window.detector.finished, timeout=5000):
        window.detect_action.trigger()
    qtbot.waitUntil(lambda: "Flossed before bed" in selection_spans(window))
    assert selection_spans(window)["Flossed before bed"] == (5, 5 + len("Flossed before bed"))
    [s] = window.entry_page.suggestions
    assert (s.anchor_start, s.anchor_end) == (3, 3 + len("Flossed before bed"))
    assert rebase([s], body, body)[0].start == 3


def test_window_state_is_remembered(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path, bridge: ModelBridge
) -> None:
    first = open_window(sample_dir, bridge)
    first.splitter.setSizes([333, 700])
    first.resize(780, 560)
    first.close()
    second = open_window(sample_dir, ModelBridge(None, name=""))
    assert second.splitter.sizes()[0] == 333
    assert second.size().width() == 780
    assert second.model_label.text() == "No model"


@pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")
def test_a_save_that_fails_says_so_in_place_and_in_a_dialog(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = window.entry_page
    page.set_auto_detect(False)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise RefusedError("The disk is full, so the entry was not saved.")

    monkeypatch.setattr(journal, "update_entry", refuse)
    page.editor.setFocus()
    qtbot.keyClicks(page.editor, "More. ")
    with qtbot.waitSignal(window.tasks.failed, timeout=5000):
        page.save_now()
    assert page.save_state.text() == "Not saved"
    assert page.dirty  # the words are still there to save again
    box = window.findChild(QMessageBox, "errorDialog")
    assert box is not None
    assert box.text() == "The disk is full, so the entry was not saved."
    box.close()
