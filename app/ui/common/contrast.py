"""WCAG 2 contrast: relative luminance, contrast ratios, and the text colour that reads on
a given fill.  AA asks for 4.5:1 for body text (3:1 for large text)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from app.domain.contrast import AA_TEXT, relative_luminance
from app.domain.contrast import contrast_ratio as luminance_contrast

__all__ = ["AA_TEXT", "contrast_ratio", "luminance", "over", "readable_on"]
BLACK, WHITE = QColor(0, 0, 0), QColor(255, 255, 255)


def luminance(colour: QColor) -> float:
    """WCAG relative luminance of an opaque colour (0 black … 1 white)."""
    return relative_luminance((colour.redF(), colour.greenF(), colour.blueF()))


def over(top: QColor, bottom: QColor) -> QColor:
    """``top`` (perhaps translucent) painted over an opaque ``bottom``."""
    a = top.alphaF()
    return QColor.fromRgbF(
        top.redF() * a + bottom.redF() * (1 - a),
        top.greenF() * a + bottom.greenF() * (1 - a),
        top.blueF() * a + bottom.blueF() * (1 - a),
    )


def contrast_ratio(text: QColor, background: QColor) -> float:
    """The contrast of ``text`` on an opaque ``background`` (1 … 21); a translucent text
    colour is first painted over the background."""
    return luminance_contrast(luminance(over(text, background)), luminance(background))


def readable_on(background: QColor) -> QColor:
    """Black or white, whichever contrasts more with ``background`` (at least 4.58:1
    whatever the colour)."""
    return max((BLACK, WHITE), key=lambda text: contrast_ratio(text, background))
