"""Edit ▸ Undo, Redo, Cut, Copy, Paste, Select All and Find.

The clipboard actions act on the focused text field (the entry's text, its title, the
search box, any line edit).  Undo and Redo undo the focused text field's typing; when no
text field has typing to undo, Undo goes to the window's own undo (``app_undo``: the last
deleted entry, the last accept or dismiss).  Find opens the entry's find bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QMainWindow,
    QMenuBar,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

TextWidget = QLineEdit | QPlainTextEdit | QTextEdit


def focused_text() -> TextWidget | None:
    """The text field that has the keyboard focus, if any."""
    widget: QWidget | None = QApplication.focusWidget()
    return widget if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit) else None


def _can_undo(widget: TextWidget) -> bool:
    if isinstance(widget, QLineEdit):
        return widget.isUndoAvailable() and not widget.isReadOnly()
    return widget.document().isUndoAvailable() and not widget.isReadOnly()


def _can_redo(widget: TextWidget) -> bool:
    if isinstance(widget, QLineEdit):
        return widget.isRedoAvailable() and not widget.isReadOnly()
    return widget.document().isRedoAvailable() and not widget.isReadOnly()


class EditMenu:
    """Builds the Edit menu of ``window``.

    ``app_undo`` is called when no text field can undo; ``find``, ``find_next`` and
    ``find_previous`` drive the entry's find bar; ``say`` puts a line in the status bar.
    """

    def __init__(
        self,
        window: QMainWindow,
        *,
        app_undo: Callable[[], None],
        find: Callable[[], None],
        find_next: Callable[[], None],
        find_previous: Callable[[], None],
        say: Callable[[str], None],
    ) -> None:
        self._app_undo = app_undo
        self._say = say

        def action(text: str, key: QKeySequence.StandardKey, slot: Callable[[], None]) -> QAction:
            made = QAction(text, window)
            made.setShortcut(key)
            made.triggered.connect(slot)
            return made

        keys = QKeySequence.StandardKey
        self.undo_action = action("&Undo", keys.Undo, self.undo)
        self.redo_action = action("&Redo", keys.Redo, self.redo)
        self.cut_action = action("Cu&t", keys.Cut, lambda: self._text("cut"))
        self.copy_action = action("&Copy", keys.Copy, lambda: self._text("copy"))
        self.paste_action = action("&Paste", keys.Paste, lambda: self._text("paste"))
        self.select_all_action = action("Select &All", keys.SelectAll, self._select_all)
        self.find_action = action("&Find in Entry…", keys.Find, find)
        self.find_next_action = action("Find &Next", keys.FindNext, find_next)
        self.find_previous_action = action("Find Pre&vious", keys.FindPrevious, find_previous)

    def add_to(self, bar: QMenuBar) -> None:
        menu = bar.addMenu("&Edit")
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        menu.addSeparator()
        for action in (self.cut_action, self.copy_action, self.paste_action):
            menu.addAction(action)
        menu.addAction(self.select_all_action)
        menu.addSeparator()
        for action in (self.find_action, self.find_next_action, self.find_previous_action):
            menu.addAction(action)
        menu.aboutToShow.connect(self._update)
        menu.aboutToHide.connect(self._enable_all)
        self.menu = menu

    def _enable_all(self) -> None:
        for action in (
            self.cut_action,
            self.copy_action,
            self.paste_action,
            self.select_all_action,
            self.redo_action,
        ):
            action.setEnabled(True)

    def _update(self) -> None:
        """Enable what applies to the focused field (only while the menu shows: the
        shortcuts stay live, and say so when there is nothing to do)."""
        widget = focused_text()
        has_text = widget is not None
        selected = widget is not None and (
            widget.hasSelectedText()
            if isinstance(widget, QLineEdit)
            else widget.textCursor().hasSelection()
        )
        writable = widget is not None and not widget.isReadOnly()
        self.cut_action.setEnabled(selected and writable)
        self.copy_action.setEnabled(selected)
        self.paste_action.setEnabled(writable)
        self.select_all_action.setEnabled(has_text)
        self.redo_action.setEnabled(widget is not None and _can_redo(widget))

    def undo(self) -> None:
        widget = focused_text()
        if widget is not None and _can_undo(widget):
            widget.undo()
        else:
            self._app_undo()

    def redo(self) -> None:
        widget = focused_text()
        if widget is not None and _can_redo(widget):
            widget.redo()
        else:
            self._say("Nothing to redo.")

    def _text(self, what: str) -> None:
        widget = focused_text()
        if widget is not None:
            getattr(widget, what)()

    def _select_all(self) -> None:
        widget = focused_text()
        if widget is not None:
            widget.selectAll()
