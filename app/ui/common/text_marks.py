"""Marks on text shown in Qt: positions and fills shared by the journal editor and the
notebook page view.

The services count offsets in code points (Python string indexes); a ``QTextDocument``
counts UTF-16 code units.  ``PositionMap`` converts between them, so an emoji before a
highlight does not shift it.
"""

from __future__ import annotations

from bisect import bisect_right

from PySide6.QtGui import QColor, QPalette

from app.ui.common.contrast import AA_TEXT, contrast_ratio, over


def highlight_background(color: QColor, palette: QPalette) -> QColor:
    """A translucent fill that reads well on the editor's light or dark base: as strong
    as it can be while the text on it keeps WCAG AA contrast (4.5:1)."""
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    fill = QColor(color)
    alpha = 110 if base.lightness() < 128 else 80
    fill.setAlpha(alpha)
    while alpha > 20 and contrast_ratio(text, over(fill, base)) < AA_TEXT:
        alpha -= 10
        fill.setAlpha(alpha)
    return fill


class PositionMap:
    """Code-point index to UTF-16 position (what ``QTextCursor`` counts) for one text."""

    def __init__(self, text: str) -> None:
        self._astral = [i for i, ch in enumerate(text) if ord(ch) > 0xFFFF]

    def to_qt(self, index: int) -> int:
        return index + bisect_right(self._astral, index - 1)

    def from_qt(self, position: int) -> int:
        """The code-point index of a UTF-16 position (rounding a split pair down)."""
        lo, hi = 0, position
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.to_qt(mid) <= position:
                lo = mid
            else:
                hi = mid - 1
        return lo
