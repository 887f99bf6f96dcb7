"""Streaks and daily totals of completions (pure: dates in, numbers out)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

ONE_DAY = timedelta(days=1)


def current_streak(days: Iterable[date], today: date) -> int:
    """Consecutive days with a completion, ending today or, when today has none yet,
    yesterday (the streak is still alive until the day is over).

    Days after ``today`` (a clock change, a typo) are ignored; repeated days count once.
    """
    done = {d for d in days if d <= today}
    end = today if today in done else today - ONE_DAY
    streak = 0
    while end in done:
        streak += 1
        end -= ONE_DAY
    return streak


def longest_streak(days: Iterable[date]) -> int:
    """The longest run of consecutive days with a completion."""
    done = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in done:
        run = run + 1 if previous is not None and day - previous == ONE_DAY else 1
        best = max(best, run)
        previous = day
    return best


@dataclass(frozen=True)
class DayTotal:
    """What was logged for one target on one day."""

    count: int
    amount: float | None
    """The sum of the amounts logged that day, or None when none had an amount."""


def daily_totals(items: Iterable[tuple[date, float | None]]) -> dict[date, DayTotal]:
    """Sum completions per day: how many, and the total amount where amounts were given."""
    counts: dict[date, int] = {}
    amounts: dict[date, float] = {}
    for day, amount in items:
        counts[day] = counts.get(day, 0) + 1
        if amount is not None:
            amounts[day] = amounts.get(day, 0.0) + amount
    return {day: DayTotal(n, amounts.get(day)) for day, n in counts.items()}
