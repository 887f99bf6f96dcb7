"""Days as the user lives them: a completion written near midnight lands on the entry's
day (the user's date), never on UTC's; "yesterday" counts from the entry's own day.

Each test sets Inkling's clock (``clock`` fixture) to a moment where the user's date
and UTC's differ; the default reader (cue words, no model) reads the entries.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from app import clock as seam
from app.clock import FixedClock
from app.domain.journal.pipeline import Pipeline
from app.services.journal import completions, detection, suggestions, targets
from app.services.journal import entries as journal
from app.store import Database

pytestmark = pytest.mark.dates

KIRITIMATI = ZoneInfo("Pacific/Kiritimati")  # UTC+14
PAGO_PAGO = ZoneInfo("Pacific/Pago_Pago")  # UTC-11
NEW_YORK = ZoneInfo("America/New_York")
LONDON = ZoneInfo("Europe/London")


def write_and_accept(db: Database, body: str, day: date | None = None) -> list[date]:
    """Write an entry (today's, as New entry does, unless ``day``), read it with the
    default reader, accept every suggestion; the days of the completions logged."""
    entry = journal.add_entry(db, day or seam.today(), body).value
    found = detection.detect_entry(db, None, entry.id, pipeline=Pipeline.RULES).value
    assert found.suggestions, "the reader found nothing to accept"
    for suggestion in found.suggestions:
        suggestions.accept_suggestion(db, suggestion.id)
    return sorted(c.day for c in completions.list_completions(db))


@pytest.mark.parametrize(
    ("moment", "day"),
    [
        # ten past midnight on 1 December in Kiritimati: UTC is at 10:10 on 30 November
        (datetime(2026, 12, 1, 0, 10, tzinfo=KIRITIMATI), date(2026, 12, 1)),
        # ten to midnight on 30 November in Pago Pago: UTC is at 10:50 on 1 December
        (datetime(2026, 11, 30, 23, 50, tzinfo=PAGO_PAGO), date(2026, 11, 30)),
        # the last minute of a year in Pago Pago: UTC is in the next year
        (datetime(2026, 12, 31, 23, 59, tzinfo=PAGO_PAGO), date(2026, 12, 31)),
        # 29 February, just before midnight in New York: UTC is on 1 March
        (datetime(2028, 2, 29, 23, 45, tzinfo=NEW_YORK), date(2028, 2, 29)),
        # the night London's clocks go back (a 25-hour day), in the repeated hour
        (datetime(2027, 10, 31, 1, 30, fold=1, tzinfo=LONDON), date(2027, 10, 31)),
    ],
)
def test_a_completion_written_near_midnight_lands_on_the_users_day(
    db: Database, clock: FixedClock, moment: datetime, day: date
) -> None:
    clock.set(moment)
    targets.add_habit(db, "Meditation")
    assert write_and_accept(db, "I meditated for ten minutes.") == [day]


def test_yesterday_counts_from_the_entrys_day_not_from_utcs(
    db: Database, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 12, 1, 0, 10, tzinfo=KIRITIMATI))
    targets.add_practice(db, "Running")
    assert write_and_accept(db, "Went for a run yesterday.") == [date(2026, 11, 30)]


def test_yesterday_in_an_entry_written_on_the_first_of_march_of_a_leap_year(
    db: Database, clock: FixedClock
) -> None:
    clock.set(datetime(2028, 3, 1, 21, 0, tzinfo=LONDON))
    targets.add_practice(db, "Running")
    assert write_and_accept(db, "Went for a run yesterday.") == [date(2028, 2, 29)]


def test_an_old_entry_logs_its_own_day(db: Database, clock: FixedClock) -> None:
    """An entry from long ago (an import) logs its own day; its "yesterday" is too old to
    trust (the 30-day window of docs/completions.md), so the entry's day it is."""
    clock.set(datetime(2027, 1, 1, 0, 5, tzinfo=KIRITIMATI))
    targets.add_practice(db, "Running")
    days = write_and_accept(db, "Went for a run yesterday.", day=date(2026, 1, 1))
    assert days == [date(2026, 1, 1)]
