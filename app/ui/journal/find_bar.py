"""Find in the entry (Ctrl+F): a small bar under the entry's header that marks every match
in the text, and moves to the next (Enter, F3) or previous (Shift+Enter, Shift+F3) one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from app.ui.journal.editor import EntryEditor


class _FindEdit(QLineEdit):
    """Enter: next; Shift+Enter: previous; Esc: close the bar."""

    def __init__(self, bar: FindBar) -> None:
        super().__init__(bar)
        self._bar = bar

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self._bar.find_previous() if shift else self._bar.find_next()
        elif key == Qt.Key.Key_Escape:
            self._bar.close_bar()
        else:
            super().keyPressEvent(event)


class FindBar(QWidget):
    """Finds in one ``EntryEditor`` (case-insensitive); hidden until ``open_bar``."""

    def __init__(self, editor: EntryEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.editor = editor
        self.matches: list[QTextCursor] = []
        self.edit = _FindEdit(self)
        self.edit.setPlaceholderText("Find in this entry")
        self.edit.setAccessibleName("Find in entry")
        self.edit.setClearButtonEnabled(True)
        self.count = QLabel("")
        self.count.setAccessibleName("Matches found")
        self.previous_button = QToolButton()
        self.previous_button.setText("▲")
        self.previous_button.setAccessibleName("Previous match")
        self.previous_button.setToolTip("Previous match (Shift+Enter)")
        self.next_button = QToolButton()
        self.next_button.setText("▼")
        self.next_button.setAccessibleName("Next match")
        self.next_button.setToolTip("Next match (Enter)")
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setAccessibleName("Close the find bar")
        self.close_button.setToolTip("Close (Esc)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.count)
        for button in (self.previous_button, self.next_button, self.close_button):
            layout.addWidget(button)
        self.edit.textChanged.connect(lambda _t: self._search(move=True))
        self.previous_button.clicked.connect(self.find_previous)
        self.next_button.clicked.connect(self.find_next)
        self.close_button.clicked.connect(self.close_bar)
        editor.textChanged.connect(lambda: self._search(move=False))
        self.hide()

    def open_bar(self) -> None:
        selected = self.editor.textCursor().selectedText()
        self.show()
        if selected and "\u2029" not in selected:
            self.edit.setText(selected)
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()
        self._search(move=False)

    def close_bar(self) -> None:
        self.hide()
        self.matches = []
        self.editor.set_find_matches([])
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def _search(self, *, move: bool) -> None:
        """Mark every match of the words typed; ``move``: select the first one at or after
        the cursor."""
        if not self.isVisible():
            return
        needle = self.edit.text()
        document = self.editor.document()
        self.matches = []
        if needle:
            cursor = document.find(needle, 0, QTextDocument.FindFlag(0))
            while not cursor.isNull() and len(self.matches) < 10_000:
                self.matches.append(cursor)
                cursor = document.find(needle, cursor, QTextDocument.FindFlag(0))
        self.editor.set_find_matches(self.matches)
        if move and self.matches:
            start = self.editor.textCursor().selectionStart()
            self._select(next((m for m in self.matches if m.selectionStart() >= start), None))
        self._show_count()

    def _current_index(self) -> int | None:
        cursor = self.editor.textCursor()
        for index, match in enumerate(self.matches):
            if (match.selectionStart(), match.selectionEnd()) == (
                cursor.selectionStart(),
                cursor.selectionEnd(),
            ):
                return index
        return None

    def _show_count(self) -> None:
        if not self.edit.text():
            self.count.setText("")
        elif not self.matches:
            self.count.setText("No matches")
        else:
            index = self._current_index()
            shown = f"{index + 1} of " if index is not None else ""
            self.count.setText(f"{shown}{len(self.matches)}")

    def _select(self, match: QTextCursor | None) -> None:
        if match is None and self.matches:
            match = self.matches[0]
        if match is not None:
            self.editor.setTextCursor(QTextCursor(match))
            self.editor.ensureCursorVisible()
        self._show_count()

    def find_next(self) -> None:
        if not self.isVisible():
            self.open_bar()
            return
        end = self.editor.textCursor().selectionEnd()
        self._select(next((m for m in self.matches if m.selectionStart() >= end), None))

    def find_previous(self) -> None:
        if not self.isVisible():
            self.open_bar()
            return
        start = self.editor.textCursor().selectionStart()
        earlier = [m for m in self.matches if m.selectionEnd() <= start]
        self._select(earlier[-1] if earlier else (self.matches[-1] if self.matches else None))
