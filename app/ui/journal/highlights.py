"""Where suggestions stand in the text being edited, and how they look.

Offsets are code points (``app.ui.common.text_marks`` converts them for Qt).  ``rebase``
follows the edits the user makes before a save returns, with the same re-anchoring rule
the service applies (``app.domain.journal.reanchor``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from app.domain import reanchor
from app.domain.journal.suggestions import SuggestionStatus
from app.services.views import SuggestionInfo

TargetKey = tuple[str, int]

# Hues chosen to stay distinct from each other and readable under black or white text.
_HUES = (210, 35, 140, 290, 0, 180, 60, 255, 320, 100)


def target_color(key: TargetKey, index: int | None = None) -> QColor:
    """A stable colour per habit or practice (by position in the user's list when given)."""
    n = index if index is not None else (key[1] * 7 + (0 if key[0] == "habit" else 3))
    hue = _HUES[n % len(_HUES)]
    return QColor.fromHsl(hue, 170, 128)


@dataclass(frozen=True)
class Shown:
    """A suggestion and where its words stand in the current text (code points)."""

    suggestion: SuggestionInfo
    start: int
    end: int


def rebase(
    suggestions: list[SuggestionInfo] | tuple[SuggestionInfo, ...],
    anchored_to: str,
    text: str,
) -> list[Shown]:
    """Where each non-dismissed suggestion's words stand in ``text``.

    Anchors refer to ``anchored_to`` (the body the service last saw).  Pending ones follow
    the edit like the service will; a pending one whose words were touched disappears (the
    next save dismisses it).  Accepted ones are shown where their words still are.
    """
    shown: list[Shown] = []
    for s in suggestions:
        if s.status == SuggestionStatus.DISMISSED:
            continue
        start, end = s.anchor_start, s.anchor_end
        if anchored_to == text:
            if text[start:end] != s.anchor_text:
                continue
            moved: tuple[int, int] | None = (start, end)
        else:
            moved = reanchor(anchored_to, text, start, end, s.anchor_text)
        if moved is None:
            continue
        shown.append(Shown(s, *moved))
    shown.sort(key=lambda item: (item.start, item.suggestion.id))
    return shown


def describe_facts(s: SuggestionInfo, unit: str | None = None) -> str:
    """``64 oz · on 2026-11-01`` — the amount and day facts, when present."""
    facts: list[str] = []
    if s.completed_units is not None:
        amount = f"{s.completed_units:g}"
        facts.append(f"{amount} {unit}" if unit else amount)
    if s.completed_on is not None:
        facts.append(f"on {s.completed_on:%a %d %b}")
    return " · ".join(facts)
