"""Names found twice on a page: a person tagged in the imported file and found by the
names detector too are one item in the page view.

Both findings stay stored as they are (neither is overwritten); this module only says
which of them belong together on one page.  A detector's name joins the tagged name
with the same normalised name (:func:`name_key`: line breaks joined, then folded as
tag slugs are, accents dropped), else the tagged name whose anchored spans overlap its own the most
(among several with its name: the one it overlaps most; ties: the tagged name given
first).  A detector's name joins at most one tagged name, and tagged names are never
joined to each other: every group is one tagged name and the detector's names merged
into it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.notebooks.people import joined_name
from app.domain.notebooks.tags import normalize_slug
from app.domain.text import without_accents


def name_key(text: str) -> str:
    """The normalised form two names are compared in: line breaks joined
    (``"Brui-\\nma"`` = ``"Bruima"``), accents dropped (``"Józef"`` = ``"Jozef"``), case
    and runs of spaces folded."""
    return normalize_slug(without_accents(joined_name(text)).casefold())


@dataclass(frozen=True)
class PageName:
    """One name finding as it lies on one page: its id, its normalised name, and the
    ``(start, end)`` of each of its anchors on that page."""

    id: int
    key: str
    spans: tuple[tuple[int, int], ...]


def _overlap(a: Sequence[tuple[int, int]], b: Sequence[tuple[int, int]]) -> int:
    """Characters the two sets of spans share (summed over pairs)."""
    return sum(
        max(0, min(end, other_end) - max(start, other_start))
        for start, end in a
        for other_start, other_end in b
    )


def merge_names(
    tagged: Sequence[PageName], found: Sequence[PageName]
) -> dict[int, tuple[int, ...]]:
    """For each tagged name's id, the ids of the found names merged into it (in the
    order given; an empty tuple when none is).  Found names that match no tagged name
    are in no group."""
    groups: dict[int, list[int]] = {name.id: [] for name in tagged}
    for name in found:
        same = [t for t in tagged if name.key and t.key == name.key]
        best, most = (same[0], 0) if same else (None, 0)
        for candidate in same or tagged:
            shared = _overlap(candidate.spans, name.spans)
            if shared > most:
                best, most = candidate, shared
        if best is not None:
            groups[best.id].append(name.id)
    return {key: tuple(ids) for key, ids in groups.items()}
