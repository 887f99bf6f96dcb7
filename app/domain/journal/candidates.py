"""The numbered list of habits and practices the model may choose from."""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Final

MAX_CANDIDATES: Final = 25
"""At most this many candidates go into one prompt; the rest are dropped with a warning."""

HABIT: Final = "habit"
PRACTICE: Final = "practice"

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TargetRow:
    """What the caller knows about one habit or practice (practices have no unit)."""

    id: int
    name: str
    unit: str | None = None


@dataclass(frozen=True)
class Candidate:
    """One numbered choice in the prompt; the model only ever returns its ``index``."""

    index: int
    target_type: str
    target_id: int
    name: str
    unit: str | None = None


def build_candidates(
    habits: Iterable[TargetRow],
    practices: Iterable[TargetRow],
    *,
    offered: Collection[tuple[str, int]] = frozenset(),
) -> list[Candidate]:
    """Number habits (by id), then practices (by id), skipping targets already offered.

    The caller passes only non-archived habits and active practices. Indexes run
    0..n-1 without gaps; beyond ``MAX_CANDIDATES`` the list is truncated with a warning.
    """
    skip = set(offered)
    targets: list[tuple[str, TargetRow]] = [
        *((HABIT, row) for row in sorted(habits, key=lambda r: r.id)),
        *((PRACTICE, row) for row in sorted(practices, key=lambda r: r.id)),
    ]
    picked: list[tuple[str, TargetRow]] = []
    for target_type, row in targets:
        key = (target_type, row.id)
        if key in skip:
            continue
        skip.add(key)  # a repeated row is offered once
        picked.append((target_type, row))
    if len(picked) > MAX_CANDIDATES:
        logger.warning(
            "%d habits and practices to check; only the first %d are offered to the model",
            len(picked),
            MAX_CANDIDATES,
        )
        picked = picked[:MAX_CANDIDATES]
    return [
        Candidate(
            index=index,
            target_type=target_type,
            target_id=row.id,
            name=row.name,
            unit=row.unit if target_type == HABIT else None,
        )
        for index, (target_type, row) in enumerate(picked)
    ]
