"""Reviewing an entry's suggestions: the popover over a highlight, and the side panel
(legend, one card per suggestion, keyboard review)."""

from __future__ import annotations

import contextlib
import html

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.domain.journal.suggestions import SuggestionStatus
from app.services.views import SuggestionInfo
from app.ui.common.accessibility import give_role
from app.ui.journal.editor import CHECK
from app.ui.journal.highlights import describe_facts

KEY_HELP = "A accept · X dismiss · J/K next/previous · U undo"
NOT_READ_YET = (
    "Nothing found yet. Inkling reads the entry a few seconds after you stop typing, "
    "or when you press Detect."
)
NOTHING_FOUND = "The model found nothing to suggest in this entry."


CARD_STYLE = (
    "QFrame#suggestionCard { border: 1px solid palette(mid); border-radius: 6px;"
    " margin: 1px; background: palette(base); }"
    'QFrame#suggestionCard[current="true"] { border: 2px solid palette(highlight);'
    " margin: 0px; }"
)
"""Set once on the panel: a style sheet per card (or per swatch) costs a style polish
each, and an entry with 50 suggestions took 170 ms to open that way."""


SWATCH_SIZE = 10


def _paint_swatch(label: QLabel, color: QColor) -> None:
    """A small filled circle in ``color`` (a painted pixmap: no style sheet to polish)."""
    size = SWATCH_SIZE
    pixmap = QPixmap(size * 2, size * 2)
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawEllipse(0, 0, size, size)
    painter.end()
    label.setPixmap(pixmap)


def _swatch(color: QColor) -> QLabel:
    label = QLabel()
    label.setFixedSize(SWATCH_SIZE, SWATCH_SIZE)
    _paint_swatch(label, color)
    return label


class SuggestionPopover(QFrame):
    """A small frameless card over the text with explicit Accept and Dismiss buttons.

    It is a child of the entry page (not a separate window), so it follows the page and
    never fights the window manager; Escape, a click elsewhere or moving focus away
    closes it.
    """

    accept_requested = Signal(int)
    dismiss_requested = Signal(int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("suggestionPopover")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAccessibleName("Suggestion")
        shadow = QGraphicsDropShadowEffect(self)
        shadow.setBlurRadius(18)
        shadow.setOffset(0, 3)
        shadow.setColor(QColor(0, 0, 0, 90))
        self.setGraphicsEffect(shadow)
        self._id: int | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        self._title = QLabel()
        self._title.setTextFormat(Qt.TextFormat.RichText)
        self._quote = QLabel()
        self._quote.setWordWrap(True)
        self._quote.setMaximumWidth(320)
        self._facts = QLabel()
        self._facts.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self._title)
        layout.addWidget(self._quote)
        layout.addWidget(self._facts)
        buttons = QHBoxLayout()
        buttons.setSpacing(6)
        self.accept_button = QPushButton("Accept")
        self.accept_button.setAccessibleName("Accept suggestion")
        self.accept_button.setToolTip("Log it as done (A)")
        self.accept_button.setDefault(True)
        self.dismiss_button = QPushButton("Dismiss")
        self.dismiss_button.setAccessibleName("Dismiss suggestion")
        self.dismiss_button.setToolTip("Not a completion: hide it (X)")
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.dismiss_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.accept_button.clicked.connect(self._accept)
        self.dismiss_button.clicked.connect(self._dismiss)
        self.hide()

    @property
    def suggestion_id(self) -> int | None:
        return self._id

    def show_for(self, s: SuggestionInfo, color: QColor, at: QPoint, unit: str | None) -> None:
        """Show below the global point ``at``, kept inside the parent."""
        self._id = s.id
        kind = "habit" if s.target_type == "habit" else "practice"
        self._title.setText(
            f"<span style='color:{color.name()}'>\u25cf</span> "
            f"<b>{html.escape(s.target_name)}</b> <small>({kind})</small>"
        )
        self._quote.setText(f"\u201c{s.anchor_text}\u201d")
        facts = describe_facts(s, unit)
        self._facts.setText(facts)
        self._facts.setVisible(bool(facts))
        self.adjustSize()
        parent = self.parentWidget()
        assert parent is not None
        local = parent.mapFromGlobal(at)
        x = max(4, min(local.x() - 16, parent.width() - self.width() - 4))
        y = local.y()
        if y + self.height() > parent.height() - 4:
            y = max(4, local.y() - self.height() - 28)
        self.move(x, y)
        self.show()
        self.raise_()
        self.accept_button.setFocus(Qt.FocusReason.PopupFocusReason)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)

    def hide_popover(self) -> None:
        app = QApplication.instance()
        if self.isVisible() and isinstance(app, QApplication):
            with contextlib.suppress(RuntimeError, TypeError):
                app.focusChanged.disconnect(self._focus_moved)
        self.hide()

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is None or not self.isAncestorOf(new):
            self.hide_popover()

    def _accept(self) -> None:
        if self._id is not None:
            self.hide_popover()
            self.accept_requested.emit(self._id)

    def _dismiss(self) -> None:
        if self._id is not None:
            self.hide_popover()
            self.dismiss_requested.emit(self._id)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_A:
            self._accept()
        elif event.key() == Qt.Key.Key_X:
            self._dismiss()
        elif event.key() == Qt.Key.Key_Escape:
            self.hide_popover()
        else:
            super().keyPressEvent(event)


class SuggestionCard(QFrame):
    """One suggestion in the side panel.  The panel recycles its cards: ``show_suggestion``
    puts another suggestion into an existing card (widgets are costly to create)."""

    accept_requested = Signal(int)
    dismiss_requested = Signal(int)
    selected = Signal(int)

    def __init__(
        self, s: SuggestionInfo, color: QColor, unit: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.suggestion = s
        self.setObjectName("suggestionCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        head = QHBoxLayout()
        head.setSpacing(6)
        self._swatch = _swatch(color)
        head.addWidget(self._swatch)
        self._name = QLabel()
        font = self._name.font()
        font.setBold(True)
        self._name.setFont(font)
        head.addWidget(self._name, 1)
        self._status = QLabel()
        self._status.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        head.addWidget(self._status)
        layout.addLayout(head)
        self._quote = QLabel()
        self._quote.setWordWrap(True)
        layout.addWidget(self._quote)
        self._facts = QLabel()
        self._facts.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self._facts)
        self._buttons = QWidget()
        buttons = QHBoxLayout(self._buttons)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.setSpacing(6)
        self.accept_button = QPushButton("Accept")
        self.accept_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.dismiss_button = QPushButton("Dismiss")
        self.dismiss_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.dismiss_button)
        buttons.addStretch(1)
        layout.addWidget(self._buttons)
        self.accept_button.clicked.connect(lambda: self.accept_requested.emit(self.suggestion.id))
        self.dismiss_button.clicked.connect(lambda: self.dismiss_requested.emit(self.suggestion.id))
        self._color = QColor()
        self.show_suggestion(s, color, unit)
        self.set_current(False)

    def show_suggestion(self, s: SuggestionInfo, color: QColor, unit: str | None) -> None:
        """Show ``s`` in this card (the buttons only while it is pending)."""
        self.suggestion = s
        self.setAccessibleName(f"Suggestion: {s.target_name}")
        if color != self._color:
            self._color = QColor(color)
            _paint_swatch(self._swatch, color)
        self._name.setText(s.target_name)
        self._status.setText(f"{CHECK} accepted" if s.status == SuggestionStatus.ACCEPTED else "")
        self._quote.setText(f"\u201c{s.anchor_text}\u201d")
        facts = describe_facts(s, unit)
        self._facts.setText(facts)
        self._facts.setVisible(bool(facts))
        self.accept_button.setAccessibleName(f"Accept {s.target_name}")
        self.dismiss_button.setAccessibleName(f"Dismiss {s.target_name}")
        self._buttons.setVisible(s.status == SuggestionStatus.PENDING)
        state = "accepted" if s.status == SuggestionStatus.ACCEPTED else "waiting for review"
        said = [f"\u201c{s.anchor_text}\u201d", state, facts]
        self.setAccessibleDescription(", ".join(part for part in said if part))

    def set_current(self, current: bool) -> None:
        """The current card (keyboard review) has a highlight-coloured border
        (``CARD_STYLE``, on the panel); only a change is re-polished."""
        if self.property("current") == current:
            return
        self.setProperty("current", current)
        self.style().unpolish(self)
        self.style().polish(self)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.selected.emit(self.suggestion.id)


class _LegendRow(QWidget):
    """A swatch and a habit's name (recycled like the cards)."""

    def __init__(self, name: str, color: QColor) -> None:
        super().__init__()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self._color = QColor(color)
        self._swatch = _swatch(color)
        layout.addWidget(self._swatch)
        self._label = QLabel()
        self._label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        layout.addWidget(self._label)
        self.show_target(name, color)

    def show_target(self, name: str, color: QColor) -> None:
        self.setAccessibleName(f"Legend: {name}")
        self._label.setText(name)
        if color != self._color:
            self._color = QColor(color)
            _paint_swatch(self._swatch, color)


class ReviewPanel(QWidget):
    """The entry's suggestions, by position in the text, with keyboard review."""

    accept_requested = Signal(int)
    dismiss_requested = Signal(int)
    undo_requested = Signal()
    current_changed = Signal(int)
    """The suggestion id now current (J/K, a click on a card)."""
    leave_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPanel")
        self.setAccessibleName("Suggestions")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumWidth(220)
        self.setStyleSheet(CARD_STYLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(8)
        self._heading = QLabel("Suggestions")
        font = self._heading.font()
        font.setBold(True)
        self._heading.setFont(font)
        layout.addWidget(self._heading)
        self._legend = QWidget()
        self._legend_layout = QVBoxLayout(self._legend)
        self._legend_layout.setContentsMargins(0, 0, 0, 0)
        self._legend_layout.setSpacing(2)
        layout.addWidget(self._legend)
        self._empty = QLabel(NOT_READ_YET)
        self._empty.setWordWrap(True)
        self._empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self._empty)
        self._scroll = QScrollArea()
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._cards_host = QWidget()
        self._cards = QVBoxLayout(self._cards_host)
        self._cards.setContentsMargins(0, 0, 0, 0)
        self._cards.setSpacing(6)
        self._cards.addStretch(1)
        self._scroll.setWidget(self._cards_host)
        layout.addWidget(self._scroll, 1)
        self._keys = QLabel(KEY_HELP)
        self._keys.setWordWrap(True)
        self._keys.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self._keys.setToolTip("Keyboard review works while this panel has focus (F6)")
        layout.addWidget(self._keys)
        self._items: list[SuggestionInfo] = []
        self._card_widgets: dict[int, SuggestionCard] = {}
        self._current: int | None = None

    def set_empty_text(self, text: str) -> None:
        self._empty.setText(text)

    @property
    def empty_text(self) -> str:
        return self._empty.text()

    @property
    def items(self) -> list[SuggestionInfo]:
        return list(self._items)

    @property
    def current_id(self) -> int | None:
        return self._current

    def card(self, suggestion_id: int) -> SuggestionCard | None:
        return self._card_widgets.get(suggestion_id)

    def set_suggestions(
        self,
        items: list[SuggestionInfo],
        colors: dict[tuple[str, int], QColor],
        units: dict[tuple[str, int], str | None],
    ) -> None:
        """Show the non-dismissed suggestions (already in text order)."""
        self._items = [s for s in items if s.status != SuggestionStatus.DISMISSED]
        # recycle the cards: only a longer list than ever before creates widgets
        pool = [self._card_at(i) for i in range(self._cards.count() - 1)]
        self._card_widgets = {}
        for index, s in enumerate(self._items):
            key = (s.target_type, s.target_id)
            color, unit = colors.get(key, QColor("gray")), units.get(key)
            if index < len(pool):
                card = pool[index]
                card.show_suggestion(s, color, unit)
            else:
                card = SuggestionCard(s, color, unit)
                card.accept_requested.connect(self.accept_requested)
                card.dismiss_requested.connect(self.dismiss_requested)
                card.selected.connect(self._select_from_card)
                self._cards.insertWidget(self._cards.count() - 1, card)
            card.setVisible(True)
            self._card_widgets[s.id] = card
        for card in pool[len(self._items) :]:
            card.hide()
        self._update_legend(colors)
        pending = sum(1 for s in self._items if s.status == SuggestionStatus.PENDING)
        self._heading.setText(f"Suggestions ({pending} to review)" if pending else "Suggestions")
        self._empty.setVisible(not self._items)
        self._keys.setVisible(bool(self._items))
        ids = [s.id for s in self._items]
        if self._current not in ids:
            first_pending = next(
                (s.id for s in self._items if s.status == SuggestionStatus.PENDING), None
            )
            self._current = first_pending if first_pending is not None else next(iter(ids), None)
        self._show_current()

    def _card_at(self, index: int) -> SuggestionCard:
        layout_item = self._cards.itemAt(index)
        card = layout_item.widget() if layout_item is not None else None
        assert isinstance(card, SuggestionCard)
        return card

    def _update_legend(self, colors: dict[tuple[str, int], QColor]) -> None:
        seen: dict[tuple[str, int], str] = {}
        for s in self._items:
            seen.setdefault((s.target_type, s.target_id), s.target_name)
        rows = self._legend_layout.count()
        for index, (key, name) in enumerate(seen.items()):
            color = colors.get(key, QColor("gray"))
            if index < rows:
                layout_item = self._legend_layout.itemAt(index)
                row = layout_item.widget() if layout_item is not None else None
                assert isinstance(row, _LegendRow)
                row.show_target(name, color)
                row.setVisible(True)
            else:
                self._legend_layout.addWidget(_LegendRow(name, color))
        for index in range(len(seen), rows):
            layout_item = self._legend_layout.itemAt(index)
            widget = layout_item.widget() if layout_item is not None else None
            if widget is not None:
                widget.hide()
        self._legend.setVisible(bool(seen))

    def _select_from_card(self, suggestion_id: int) -> None:
        self.select(suggestion_id)
        self.setFocus()

    def select(self, suggestion_id: int | None) -> None:
        if suggestion_id is not None and suggestion_id not in self._card_widgets:
            return
        self._current = suggestion_id
        self._show_current()
        if suggestion_id is not None:
            self.current_changed.emit(suggestion_id)

    def _show_current(self) -> None:
        for sid, card in self._card_widgets.items():
            card.set_current(sid == self._current)
        if self._current is not None and self._current in self._card_widgets:
            self._scroll.ensureWidgetVisible(self._card_widgets[self._current])

    def step(self, delta: int) -> None:
        if not self._items:
            return
        ids = [s.id for s in self._items]
        index = ids.index(self._current) if self._current in ids else -1
        index = max(0, min(len(ids) - 1, index + delta)) if index >= 0 else 0
        self.select(ids[index])

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if (
            event.modifiers()
            & ~Qt.KeyboardModifier.KeypadModifier
            & ~Qt.KeyboardModifier.ShiftModifier
        ):
            super().keyPressEvent(event)
            return
        current = self._current
        if key == Qt.Key.Key_A and current is not None:
            self.accept_requested.emit(current)
        elif key == Qt.Key.Key_X and current is not None:
            self.dismiss_requested.emit(current)
        elif key in (Qt.Key.Key_J, Qt.Key.Key_Down):
            self.step(1)
        elif key in (Qt.Key.Key_K, Qt.Key.Key_Up):
            self.step(-1)
        elif key == Qt.Key.Key_U:
            self.undo_requested.emit()
        elif key == Qt.Key.Key_Escape:
            self.leave_requested.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


give_role(SuggestionCard, QAccessible.Role.ListItem)
give_role(ReviewPanel, QAccessible.Role.List)
