"""Small helpers for the window tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QPoint
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from app.store import Database
from app.ui.shell.main_window import MainWindow

T = TypeVar("T")


def query(qtbot: QtBot, window: MainWindow, fn: Callable[[Database], T]) -> T:
    """Run ``fn(db)`` the way the window does (on the database lane) and wait."""
    db = window.db
    assert db is not None
    box: list[T] = []
    window.tasks.run(lambda: fn(db), on_done=box.append)
    qtbot.waitUntil(lambda: bool(box), timeout=5000)
    return box[0]


def span_point(window: MainWindow, suggestion_id: int) -> QPoint:
    """A viewport point inside a highlight (its second character)."""
    editor = window.entry_page.editor
    span = editor.qt_span(suggestion_id)
    assert span is not None
    cursor = QTextCursor(editor.document())
    cursor.setPosition(span[0] + 1)
    rect = editor.cursorRect(cursor)
    return QPoint(rect.right() + 2, rect.center().y())


def selection_spans(window: MainWindow) -> dict[str, tuple[int, int]]:
    """Highlighted text → (start, end) in the editor's document."""
    return {
        sel.cursor.selectedText(): (sel.cursor.selectionStart(), sel.cursor.selectionEnd())
        for sel in window.entry_page.editor.extraSelections()
    }
