"""WCAG 2 relative luminance and contrast ratio (pure; the window's colours use them
through ``app/ui/common/contrast.py``, tag colours in ``app/domain/notebooks/tags.py``)."""

from __future__ import annotations

from typing import Final

AA_TEXT: Final = 4.5
"""WCAG AA's minimum contrast for body text (large text: 3:1)."""


def relative_luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour with channels in 0..1."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: float, b: float) -> float:
    """The contrast of two relative luminances (1 … 21)."""
    lighter, darker = max(a, b), min(a, b)
    return (lighter + 0.05) / (darker + 0.05)
