"""The one place Inkling reads the wall clock.

Everything that needs "now" or "today" asks this module: a new entry's day, the habit
calendar and streaks, the 30-day window of completion days, stored timestamps, exports'
and backups' time stamps, and the zone of an imported entry that names none.  Nothing
else calls ``datetime.now``, ``date.today``, ``time.time`` or Qt's ``current*`` (a test
scans the sources for them).  Durations are not the wall clock: ``time.perf_counter``
and ``time.monotonic`` measure elapsed time and may be used anywhere.

"Today" is the user's local date, never UTC's: at 00:30 on 1 December in Kiritimati
(UTC+14) it is 1 December, although UTC is still on 30 November.

Tests choose the moment and the zone explicitly with :class:`FixedClock` and
:func:`using` (the ``clock`` fixture); nothing in a test depends on the day it runs.
``app/domain`` never imports this module: pure logic is handed its dates.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Protocol

__all__ = [
    "Clock",
    "FixedClock",
    "SystemClock",
    "now",
    "set_clock",
    "to_local",
    "today",
    "using",
    "utcnow",
    "zone",
]


class Clock(Protocol):
    def utcnow(self) -> datetime:
        """The current moment, aware, in UTC."""
        ...

    def zone(self) -> tzinfo | None:
        """The user's time zone; ``None`` is the system's (``datetime.astimezone(None)``,
        which follows its daylight-saving rules)."""
        ...


class SystemClock:
    """The computer's clock and time zone."""

    def utcnow(self) -> datetime:
        return datetime.now(UTC)

    def zone(self) -> tzinfo | None:
        return None

    def __repr__(self) -> str:
        return "SystemClock()"


class FixedClock:
    """A clock that stands still at a moment in a zone until told otherwise (tests, and
    reproducible renders such as the screenshots)."""

    def __init__(self, local: datetime) -> None:
        """``local``: an aware moment; its ``tzinfo`` (best a ``ZoneInfo``, so that
        daylight saving applies) becomes the user's zone."""
        self._zone = _aware(local).tzinfo
        self._moment = local.astimezone(UTC)
        self._lock = threading.Lock()

    def utcnow(self) -> datetime:
        with self._lock:
            return self._moment

    def zone(self) -> tzinfo | None:
        return self._zone

    def set(self, local: datetime) -> None:
        """Move to ``local`` (aware; its zone becomes the user's)."""
        with self._lock:
            self._zone = _aware(local).tzinfo
            self._moment = local.astimezone(UTC)

    def advance(self, delta: timedelta) -> None:
        with self._lock:
            self._moment += delta

    def __repr__(self) -> str:
        return f"FixedClock({self.utcnow().astimezone(self._zone).isoformat()})"


def _aware(moment: datetime) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("A clock needs an aware datetime (with its time zone).")
    return moment


_lock = threading.Lock()
_clock: Clock = SystemClock()


def set_clock(clock: Clock) -> Clock:
    """Use ``clock`` from now on (every thread); returns the one it replaces."""
    global _clock
    with _lock:
        previous, _clock = _clock, clock
    return previous


@contextmanager
def using(clock: Clock) -> Iterator[Clock]:
    """Use ``clock`` inside the block, then the previous one again."""
    previous = set_clock(clock)
    try:
        yield clock
    finally:
        set_clock(previous)


def utcnow() -> datetime:
    """Now, aware, in UTC: what timestamps are stored as."""
    return _clock.utcnow()


def zone() -> tzinfo | None:
    """The user's time zone (``None``: the system's)."""
    return _clock.zone()


def to_local(moment: datetime) -> datetime:
    """An aware moment in the user's time zone (a naive one is taken as UTC)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(_clock.zone())


def now() -> datetime:
    """Now, aware, in the user's time zone."""
    return to_local(utcnow())


def today() -> date:
    """The user's date today (local, not UTC's)."""
    return now().date()
