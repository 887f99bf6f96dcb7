from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.domain.journal.streaks import DayTotal, current_streak, daily_totals, longest_streak

pytestmark = pytest.mark.dates

TODAY = date(2026, 11, 30)


def days_ago(*offsets: int) -> list[date]:
    return [TODAY - timedelta(days=n) for n in offsets]


def test_no_completions_no_streak() -> None:
    assert current_streak([], TODAY) == 0
    assert longest_streak([]) == 0


def test_streak_ending_today() -> None:
    assert current_streak(days_ago(0, 1, 2), TODAY) == 3


def test_streak_ending_yesterday_is_still_alive() -> None:
    assert current_streak(days_ago(1, 2, 3, 4), TODAY) == 4


def test_today_alone_counts_one() -> None:
    assert current_streak(days_ago(0), TODAY) == 1


def test_a_missed_day_before_yesterday_breaks_it() -> None:
    assert current_streak(days_ago(2, 3, 4), TODAY) == 0


def test_a_gap_ends_the_count() -> None:
    assert current_streak(days_ago(0, 1, 3, 4, 5, 6), TODAY) == 2
    assert current_streak(days_ago(1, 3, 4), TODAY) == 1


def test_duplicates_and_order_do_not_matter() -> None:
    assert current_streak(days_ago(2, 0, 1, 0, 2), TODAY) == 3


def test_future_days_are_ignored() -> None:
    tomorrow = TODAY + timedelta(days=1)
    assert current_streak([tomorrow, *days_ago(0)], TODAY) == 1
    assert current_streak([tomorrow], TODAY) == 0


def test_streak_across_a_month_and_year_boundary() -> None:
    new_year = date(2027, 1, 1)
    days = [date(2026, 12, 30), date(2026, 12, 31), new_year]
    assert current_streak(days, new_year) == 3
    assert current_streak(days, date(2027, 1, 2)) == 3
    assert current_streak(days, date(2027, 1, 3)) == 0


def run_up_to(last: date, days: int) -> list[date]:
    return [last - timedelta(days=n) for n in range(days)]


@pytest.mark.parametrize(
    ("last", "what"),
    [
        (date(2026, 12, 1), "a month end (30 November, then 1 December)"),
        (date(2027, 1, 2), "a year end"),
        (date(2028, 3, 1), "29 February of a leap year"),
        (date(2027, 3, 1), "28 February of a common year (no 29th to miss)"),
        (date(2027, 3, 15), "New York's spring-forward day (23 hours)"),
        (date(2027, 11, 8), "New York's fall-back day (25 hours)"),
        (date(2027, 3, 29), "London's spring-forward day"),
        (date(2027, 11, 1), "London's fall-back day"),
    ],
)
def test_a_streak_runs_unbroken_across(last: date, what: str) -> None:
    days = run_up_to(last, 5)
    assert current_streak(days, last) == 5, what
    assert current_streak(days, last + timedelta(days=1)) == 5, "alive until the day ends"
    assert current_streak(days, last + timedelta(days=2)) == 0
    assert longest_streak(days) == 5
    missing_middle = [d for d in days if d != last - timedelta(days=2)]
    assert current_streak(missing_middle, last) == 2
    assert longest_streak(missing_middle) == 2


def test_a_missing_leap_day_breaks_a_streak() -> None:
    days = [date(2028, 2, 27), date(2028, 2, 28), date(2028, 3, 1)]
    assert current_streak(days, date(2028, 3, 1)) == 1
    assert longest_streak(days) == 2


def test_longest_streak_finds_the_best_run() -> None:
    assert longest_streak(days_ago(0, 1, 5, 6, 7, 8, 20)) == 4
    assert longest_streak(days_ago(3, 3, 3)) == 1


def test_daily_totals_counts_and_sums() -> None:
    day, other = date(2026, 11, 2), date(2026, 11, 3)
    totals = daily_totals([(day, 20.0), (day, 10.0), (other, None), (day, None)])
    assert totals == {day: DayTotal(3, 30.0), other: DayTotal(1, None)}


@given(st.sets(st.integers(min_value=-5, max_value=60)))
def test_current_streak_matches_a_naive_count(offsets: set[int]) -> None:
    days = days_ago(*offsets)
    expected = 0
    start = 0 if 0 in offsets else 1
    while start + expected in offsets:
        expected += 1
    assert current_streak(days, TODAY) == expected
    assert current_streak(days, TODAY) <= longest_streak(days)
