"""The entry's body editor: highlights as extra selections, hover tooltips, click to review,
and a check mark in the margin beside accepted spans."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from app.domain.journal.suggestions import SuggestionStatus
from app.ui.common.text_marks import PositionMap, highlight_background
from app.ui.journal.highlights import Shown, describe_facts, target_color

CHECK = "\u2713"
SUGGESTION_PROPERTY = QTextFormat.Property.UserProperty + 1
"""The suggestion id carried by each highlight's character format."""


class _Margin(QWidget):
    def __init__(self, editor: EntryEditor) -> None:
        super().__init__(editor)
        self._editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self._editor.margin_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._editor.paint_margin(event)


class EntryEditor(QPlainTextEdit):
    """A plain-text editor that shows suggestions; it never touches the database."""

    highlight_clicked = Signal(int, QPoint)
    """(suggestion id, global position) when a pending highlight is clicked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("entryEditor")
        self.setAccessibleName("Entry text")
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 10.0) * 1.25)
        self.setFont(font)
        self.document().setDocumentMargin(14)
        self.setPlaceholderText("Write about your day…")
        self.setMouseTracking(True)
        self._shown: list[Shown] = []
        self._qt_spans: list[tuple[int, int, Shown]] = []
        self._names: dict[tuple[str, int], str] = {}
        self._colors: dict[tuple[str, int], QColor] = {}
        self._highlight_selections: list[QTextEdit.ExtraSelection] = []
        self._find_selections: list[QTextEdit.ExtraSelection] = []
        self._margin = _Margin(self)
        self.blockCountChanged.connect(lambda _n: self._update_margin_width())
        self.updateRequest.connect(self._update_margin)
        self._update_margin_width()

    # ------------------------------------------------------------------ highlights

    def set_colors(self, colors: dict[tuple[str, int], QColor]) -> None:
        self._colors = dict(colors)

    def color_for(self, key: tuple[str, int]) -> QColor:
        return self._colors.get(key) or target_color(key)

    def set_highlights(self, shown: list[Shown], text: str | None = None) -> None:
        """Show ``shown`` (offsets in code points of the editor's current text)."""
        text = self.toPlainText() if text is None else text
        positions = PositionMap(text)
        self._shown = list(shown)
        self._qt_spans = [
            (positions.to_qt(item.start), positions.to_qt(item.end), item) for item in shown
        ]
        selections: list[QTextEdit.ExtraSelection] = []
        palette = self.palette()
        for start, end, item in self._qt_spans:
            s = item.suggestion
            cursor = QTextCursor(self.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            fmt = QTextCharFormat()
            fmt.setProperty(SUGGESTION_PROPERTY, s.id)
            color = self.color_for((s.target_type, s.target_id))
            if s.status == SuggestionStatus.ACCEPTED:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DotLine)
                fmt.setUnderlineColor(palette.color(QPalette.ColorRole.PlaceholderText))
                fmt.setForeground(palette.color(QPalette.ColorRole.Text))
            else:
                fmt.setBackground(highlight_background(color, palette))
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
                fmt.setUnderlineColor(color)
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor
            selection.format = fmt
            selections.append(selection)
        self._highlight_selections = selections
        self.setExtraSelections(selections + self._find_selections)
        self._margin.update()

    def set_find_matches(self, matches: list[QTextCursor]) -> None:
        """Mark the find bar's matches (drawn over the suggestions' highlights) in the
        palette's highlight colours, so that they read in both palettes."""
        palette = self.palette()
        fmt = QTextCharFormat()
        fmt.setBackground(palette.color(QPalette.ColorRole.Highlight))
        fmt.setForeground(palette.color(QPalette.ColorRole.HighlightedText))
        self._find_selections = []
        for cursor in matches:
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor
            selection.format = fmt
            self._find_selections.append(selection)
        self.setExtraSelections(self._highlight_selections + self._find_selections)

    @property
    def shown(self) -> list[Shown]:
        return list(self._shown)

    def qt_span(self, suggestion_id: int) -> tuple[int, int] | None:
        for start, end, item in self._qt_spans:
            if item.suggestion.id == suggestion_id:
                return start, end
        return None

    def shown_at(self, pos: QPoint) -> Shown | None:
        """The highlight under a viewport position, if any."""
        cursor = self.cursorForPosition(pos)
        position = cursor.position()
        rect = self.cursorRect(cursor)
        if abs(rect.center().y() - pos.y()) > rect.height():
            return None  # below the last line
        for start, end, item in self._qt_spans:
            if start <= position < end or (
                position == end and start < end and self._left_of(pos, end)
            ):
                return item
        return None

    def _left_of(self, pos: QPoint, position: int) -> bool:
        cursor = QTextCursor(self.document())
        cursor.setPosition(position)
        return pos.x() <= self.cursorRect(cursor).left()

    def span_rect(self, suggestion_id: int) -> QRect | None:
        """The viewport rectangle of a highlight's first character (for the popover)."""
        span = self.qt_span(suggestion_id)
        if span is None:
            return None
        cursor = QTextCursor(self.document())
        cursor.setPosition(span[0])
        return self.cursorRect(cursor)

    def tooltip_html(self, item: Shown) -> str:
        s = item.suggestion
        kind = "habit" if s.target_type == "habit" else "practice"
        facts = describe_facts(s)
        lines = [f"<b>{html.escape(s.target_name)}</b> <i>({kind})</i>"]
        lines.append(f"\u201c{html.escape(s.anchor_text)}\u201d")
        if facts:
            lines.append(html.escape(facts))
        if s.status == SuggestionStatus.ACCEPTED:
            lines.append(f"{CHECK} Accepted: logged as done.")
        else:
            lines.append("Click to accept (log it as done) or dismiss.")
        return "<br>".join(lines)

    # ------------------------------------------------------------------ events

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            assert isinstance(event, QHelpEvent)
            item = self.shown_at(event.pos())
            if item is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip_html(item), self.viewport())
            return True
        return super().viewportEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if event.buttons() == Qt.MouseButton.NoButton:
            item = self.shown_at(event.position().toPoint())
            pending = item is not None and item.suggestion.status == SuggestionStatus.PENDING
            shape = Qt.CursorShape.PointingHandCursor if pending else Qt.CursorShape.IBeamCursor
            self.viewport().setCursor(shape)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self.textCursor().hasSelection():
            return
        pos = event.position().toPoint()
        item = self.shown_at(pos)
        if item is not None and item.suggestion.status == SuggestionStatus.PENDING:
            self.highlight_clicked.emit(item.suggestion.id, self.viewport().mapToGlobal(pos))

    # ------------------------------------------------------------------ margin

    def margin_width(self) -> int:
        return self.fontMetrics().horizontalAdvance(CHECK) + 12

    def _update_margin_width(self) -> None:
        self.setViewportMargins(self.margin_width(), 0, 0, 0)

    def _update_margin(self, rect: QRect, dy: int) -> None:
        if dy:
            self._margin.scroll(0, dy)
        else:
            self._margin.update(0, rect.y(), self._margin.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        contents = self.contentsRect()
        self._margin.setGeometry(
            QRect(contents.left(), contents.top(), self.margin_width(), contents.height())
        )

    def accepted_lines(self) -> list[int]:
        """Block numbers that carry an accepted span (where the margin shows a check)."""
        blocks = set()
        for start, _end, item in self._qt_spans:
            if item.suggestion.status == SuggestionStatus.ACCEPTED:
                blocks.add(self.document().findBlock(start).blockNumber())
        return sorted(blocks)

    def paint_margin(self, event: QPaintEvent) -> None:
        painter = QPainter(self._margin)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.color(QPalette.ColorRole.Base))
        marks: dict[int, int] = {}
        for start, _end, item in self._qt_spans:
            if item.suggestion.status == SuggestionStatus.ACCEPTED:
                block = self.document().findBlock(start)
                layout = block.layout()
                line = layout.lineForTextPosition(start - block.position())
                top = self.blockBoundingGeometry(block).translated(self.contentOffset()).top()
                y = int(top + (line.y() if line.isValid() else 0))
                marks[y] = int(line.height()) if line.isValid() else self.fontMetrics().height()
        if marks:
            green = QColor(palette.color(QPalette.ColorRole.Text))
            green = QColor.fromHsl(130, 90, 90 if green.lightness() < 128 else 170)
            painter.setPen(green)
            font = QFont(self.font())
            font.setBold(True)
            painter.setFont(font)
            width = self._margin.width()
            for y, height in marks.items():
                painter.drawText(
                    QRect(0, y, width, height), int(Qt.AlignmentFlag.AlignCenter), CHECK
                )
        painter.end()
