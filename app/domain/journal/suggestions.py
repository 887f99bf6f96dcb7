"""A completion suggestion's review status (completions.md): offered, then decided."""

from __future__ import annotations

from enum import StrEnum


class SuggestionStatus(StrEnum):
    """``pending`` until the writer accepts (a completion is logged) or dismisses it; an
    edit that removes its words dismisses it too. Undo puts it back to ``pending``."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    DISMISSED = "dismissed"
