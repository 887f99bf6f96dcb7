"""Shared looks for the page view and the tag browser: finding-type colours and names,
tag chips, page ranges, and a wrapping layout for chips."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QAccessible, QColor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QToolButton,
    QWidget,
)

from app.ui.common.accessibility import give_role
from app.ui.common.contrast import readable_on

# Built-in finding types keep a fixed colour; other types get one derived from their name.
_TYPE_COLOURS = {
    "poetry": "#7e57c2",
    "todo_lists": "#43a047",
    "lists": "#00897b",
    "quotations": "#1e88e5",
    "beer_labels": "#8d6e63",
    "first_person": "#039be5",
    "swear_words": "#e53935",
    "names": "#fb8c00",
}
_TYPE_NAMES = {
    "poetry": "Poem",
    "todo_lists": "To-do list",
    "lists": "List",
    "quotations": "Quotation",
    "beer_labels": "Beer label",
    "first_person": "First person",
    "swear_words": "Swear words",
    "names": "Name",
}
_HUES = (275, 130, 175, 210, 40, 195, 0, 330, 95, 250, 20, 300)


def type_colour(finding_type: str) -> QColor:
    """One stable colour per finding type."""
    known = _TYPE_COLOURS.get(finding_type)
    if known is not None:
        return QColor(known)
    digest = hashlib.sha256(finding_type.encode("utf-8")).digest()
    return QColor.fromHsl(_HUES[digest[0] % len(_HUES)], 150, 120)


def type_name(finding_type: str) -> str:
    """``Poem``, ``First person``, ``Custom: recipes`` …"""
    known = _TYPE_NAMES.get(finding_type)
    if known is not None:
        return known
    if finding_type.startswith("custom:"):
        return "Custom: " + finding_type.removeprefix("custom:").replace("-", " ")
    return finding_type.replace("_", " ").capitalize()


def page_range(first: int, last: int) -> str:
    """``page 3`` or ``pages 2–3`` (1-based page numbers)."""
    return f"page {first}" if first == last else f"pages {first}–{last}"


def text_colour_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background`` (WCAG contrast)."""
    return readable_on(background)


def swatch_style(colour: QColor, radius: int) -> str:
    return f"background: {colour.name()}; border-radius: {radius}px;"


def chip_style(colour: QColor) -> str:
    """Style sheet of a tag chip in the tag's catalogue colour."""
    fg = text_colour_on(colour)
    return (
        f"QFrame#tagChip {{ background: {colour.name()}; border-radius: 10px; }}"
        f"QFrame#tagChip QLabel {{ color: {fg.name()}; }}"
        f"QFrame#tagChip QToolButton {{ color: {fg.name()}; border: none; "
        f"background: transparent; font-weight: bold; padding: 0 2px; }}"
        f"QFrame#tagChip QToolButton:hover {{ background: rgba(0,0,0,40); border-radius: 7px; }}"
    )


class TagChip(QFrame):
    """A tag on a page or an entry (see ``tag_chip``)."""


def tag_chip(label: str, colour: QColor, name: str, remove: Callable[[], None]) -> TagChip:
    """A tag chip in ``colour``: ``label`` and a "×" that calls ``remove``; ``name`` is
    the tag as tooltips and screen readers say it."""
    chip = TagChip()
    chip.setObjectName("tagChip")
    chip.setAccessibleName(f"Tag {name}")
    chip.setStyleSheet(chip_style(colour))
    row = QHBoxLayout(chip)
    row.setContentsMargins(9, 2, 3, 2)
    row.setSpacing(2)
    text = QLabel(label)
    text.setToolTip(name)
    row.addWidget(text)
    button = QToolButton()
    button.setText("×")
    button.setToolTip(f"Remove the tag {name}")
    button.setAccessibleName(f"Remove {name}")
    button.setCursor(Qt.CursorShape.PointingHandCursor)
    button.clicked.connect(lambda _=False: remove())
    row.addWidget(button)
    return chip


give_role(TagChip, QAccessible.Role.Grouping)


def clear_layout(layout: QLayout) -> None:
    """Take every item out of ``layout``, deleting its widgets."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.deleteLater()


def first_line(text: str | None, limit: int = 80) -> str:
    """The first non-blank line of a page, cut to ``limit`` characters."""
    for line in (text or "").splitlines():
        line = line.strip()
        if line:
            return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
    return ""


class FlowLayout(QLayout):
    """Lays children out left to right, wrapping onto new lines (for tag chips)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line_height = area.x(), area.y(), 0
        for item in self._items:
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and line_height > 0:
                x = area.x()
                y += line_height + self._gap
                line_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._gap
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y() + margins.bottom()
