"""Candidate pages and the windows a detector reads them in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from app.domain.notebooks.definitions import DetectorDefinition

SKIP_EMPTY_PAGE: Final = "skip_empty_page"
ABSTAIN_UNPARSEABLE: Final = "abstain_unparseable"


@dataclass(frozen=True)
class DetectorWarning:
    """One run warning ``{code, message}`` (e.g. ``skip_empty_page``)."""

    code: str
    message: str

    def to_json(self) -> dict[str, str]:
        """``{"code": ..., "message": ...}``."""
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class PageInput:
    """A page as the detectors see it. ``text`` is the EFFECTIVE text (the user's edit,
    else the transcription, else ``None``); ``image_digest`` identifies the scan."""

    page_id: int
    order: int
    text: str | None
    image_digest: str | None = None
    excluded: bool = False

    @property
    def has_text(self) -> bool:
        """True when the effective text holds more than whitespace."""
        return bool(self.text and self.text.strip())


def plan_windows(count: int, size: int, overlap: int) -> list[list[int]]:
    """Candidate positions per window.

    size = max(1, size); overlap clamped to 0..size-1; step = max(1, size - overlap);
    windows start at 0 and advance by step, stopping once start + size >= count; the
    last may be short. ``count <= 0`` -> ``[]``.
    """
    if count <= 0:
        return []
    size = max(1, size)
    overlap = min(max(0, overlap), size - 1)
    step = max(1, size - overlap)
    windows: list[list[int]] = []
    start = 0
    while True:
        windows.append(list(range(start, min(start + size, count))))
        if start + size >= count:
            return windows
        start += step


def select_candidates(
    pages: Sequence[PageInput], *, use_images: bool = False
) -> tuple[list[PageInput], list[DetectorWarning]]:
    """The candidates: pages in order (by ``order``, then id), minus excluded pages and
    pages whose effective text is empty or whitespace (warning ``skip_empty_page`` each).

    With ``use_images`` (a vision route is available), a page without text but with an
    image stays a candidate.
    """
    candidates: list[PageInput] = []
    warnings: list[DetectorWarning] = []
    for page in sorted(pages, key=lambda p: (p.order, p.page_id)):
        if page.excluded:
            continue
        if not page.has_text and not (use_images and page.image_digest):
            warnings.append(
                DetectorWarning(SKIP_EMPTY_PAGE, f"Page {page.order} was skipped: it has no text.")
            )
            continue
        candidates.append(page)
    return candidates, warnings


def windows_for(definition: DetectorDefinition, candidates: Sequence[PageInput]) -> list[list[int]]:
    """Candidate positions per window: ``page`` scope -> one window per page; any other
    scope -> :func:`plan_windows` with the definition's size and overlap."""
    if definition.scope == "page":
        return [[i] for i in range(len(candidates))]
    return plan_windows(len(candidates), definition.window_size, definition.window_overlap)
