"""Believable facts from a hit: the amount (unit-checked) and the day (relative to the entry).

Facts never drop a hit; each simply becomes ``None`` when it is not believable.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta
from typing import Final

from app.domain.days import WEEKDAYS

DAY_WINDOW: Final = 30
"""A resolved day must lie in ``[today - DAY_WINDOW days, today]``."""

_UNIT_GROUPS: Final[tuple[frozenset[str], ...]] = (
    frozenset({"unit", "units", "time", "times", "x"}),
    frozenset({"oz", "ounce", "ounces"}),
    frozenset({"min", "mins", "minute", "minutes"}),
    frozenset({"mi", "mile", "miles"}),
    frozenset({"km", "kilometer", "kilometers", "kilometre", "kilometres"}),
    frozenset({"rep", "reps"}),
    frozenset({"session", "sessions"}),
    frozenset({"glass", "glasses"}),
    frozenset({"cup", "cups"}),
    frozenset({"page", "pages"}),
)

_SAME_DAY: Final = frozenset(
    {"today", "this morning", "this afternoon", "this evening", "tonight", "earlier"}
)
_DAY_BEFORE: Final = frozenset({"yesterday", "last night"})


def _unit_group(unit: str) -> frozenset[str]:
    """The alias group of a trimmed, casefolded unit; a unit in no group forms its own."""
    for group in _UNIT_GROUPS:
        if unit in group:
            return group
    return frozenset({unit})


def resolve_amount(amount: object, unit: object, candidate_unit: str | None) -> float | None:
    """The stated amount as a float, or ``None`` when it is not believable.

    Kept only when the candidate has a unit, ``unit`` is a string in the same alias
    group (case-insensitive, trimmed), and ``amount`` is a finite number > 0 (not a bool).
    """
    if not isinstance(candidate_unit, str) or not isinstance(unit, str):
        return None
    wanted = candidate_unit.strip().casefold()
    written = unit.strip().casefold()
    if not wanted or not written or written not in _unit_group(wanted):
        return None
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        return None
    try:
        value = float(amount)
    except OverflowError:  # an int too large for a float
        return None
    if not math.isfinite(value) or value <= 0:
        return None
    return value


def _as_date(value: date) -> date:
    return value.date() if isinstance(value, datetime) else value


def _day_from_phrase(phrase: str, entry_day: date) -> date | None:
    if phrase in _SAME_DAY:
        return entry_day
    if phrase in _DAY_BEFORE:
        return entry_day - timedelta(days=1)
    last = phrase.startswith("last ")
    name = phrase.removeprefix("last ") if last else phrase.removeprefix("on ")
    if name not in WEEKDAYS:
        return None
    back = (entry_day.weekday() - WEEKDAYS.index(name)) % 7
    if last and back == 0:
        back = 7
    return entry_day - timedelta(days=back)


def resolve_day(when: object, entry_day: date | None, today: date) -> date | None:
    """The day a relative phrase (``"yesterday"``, ``"on Monday"``…) names, counted from
    the entry's day (never from today). ``None`` for unknown phrases, no entry day, or a
    day outside ``[today - 30 days, today]``."""
    if not isinstance(when, str) or entry_day is None:
        return None
    phrase = " ".join(when.split()).casefold()
    try:
        day = _day_from_phrase(phrase, _as_date(entry_day))
        if day is None:
            return None
    except OverflowError:  # arithmetic past date.min
        return None
    now = _as_date(today)
    earliest = date.min + timedelta(days=DAY_WINDOW)
    lowest = now - timedelta(days=DAY_WINDOW) if now >= earliest else date.min
    return day if lowest <= day <= now else None
