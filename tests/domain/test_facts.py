"""resolve_amount and resolve_day: the facts rules."""

from __future__ import annotations

import itertools
from datetime import date, datetime, timedelta

import pytest

from app.domain import resolve_amount, resolve_day

GROUPS = {
    "count": ["unit", "units", "time", "times", "x"],
    "oz": ["oz", "ounce", "ounces"],
    "min": ["min", "mins", "minute", "minutes"],
    "mi": ["mi", "mile", "miles"],
    "km": ["km", "kilometer", "kilometers", "kilometre", "kilometres"],
    "rep": ["rep", "reps"],
    "session": ["session", "sessions"],
    "glass": ["glass", "glasses"],
    "cup": ["cup", "cups"],
    "page": ["page", "pages"],
}

SAME_GROUP = [
    (written, wanted)
    for members in GROUPS.values()
    for written, wanted in itertools.product(members, repeat=2)
]
OTHER_GROUP = [(a[0], b[0]) for a, b in itertools.permutations(GROUPS.values(), 2)]

MONDAY = date(2024, 5, 13)  # a Monday
TODAY = date(2024, 5, 20)


# --- amount -------------------------------------------------------------------------


@pytest.mark.parametrize(("written", "wanted"), SAME_GROUP)
def test_amount_kept_within_an_alias_group(written: str, wanted: str) -> None:
    assert resolve_amount(3, written, wanted) == 3.0


@pytest.mark.parametrize(("written", "wanted"), OTHER_GROUP)
def test_amount_dropped_across_alias_groups(written: str, wanted: str) -> None:
    assert resolve_amount(3, written, wanted) is None


def test_unit_match_is_trimmed_and_case_insensitive() -> None:
    assert resolve_amount(64, "  OUNCES ", "Oz") == 64.0
    assert resolve_amount(2, "Kilometres", " KM ") == 2.0


def test_unknown_candidate_unit_forms_its_own_group() -> None:
    assert resolve_amount(20, "pushups", "pushups") == 20.0
    assert resolve_amount(20, " PushUps ", "pushups") == 20.0
    assert resolve_amount(20, "pushup", "pushups") is None
    assert resolve_amount(20, "reps", "pushups") is None


@pytest.mark.parametrize("unit", [None, 3, ["oz"], ""])
def test_unit_must_be_a_non_empty_string(unit: object) -> None:
    assert resolve_amount(3, unit, "oz") is None


@pytest.mark.parametrize("candidate_unit", [None, "", "   "])
def test_candidate_without_unit_never_gets_an_amount(candidate_unit: str | None) -> None:
    assert resolve_amount(3, "oz", candidate_unit) is None
    assert resolve_amount(3, "", candidate_unit) is None


@pytest.mark.parametrize(
    "amount",
    [
        True,
        False,
        float("nan"),
        float("inf"),
        float("-inf"),
        -5,
        0,
        0.0,
        -0.0,
        "64",
        "sixty-four",
        None,
        [64],
        {"n": 64},
        10**400,
    ],
)
def test_unbelievable_amounts(amount: object) -> None:
    assert resolve_amount(amount, "oz", "oz") is None


@pytest.mark.parametrize(("amount", "expected"), [(64, 64.0), (2.5, 2.5), (1e-3, 1e-3)])
def test_believable_amounts_become_floats(amount: object, expected: float) -> None:
    value = resolve_amount(amount, "oz", "oz")
    assert value == expected
    assert type(value) is float


# --- day ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "when", ["today", "this morning", "this afternoon", "this evening", "tonight", "earlier"]
)
def test_same_day_phrases(when: str) -> None:
    assert resolve_day(when, MONDAY, TODAY) == MONDAY


@pytest.mark.parametrize("when", ["yesterday", "last night"])
def test_day_before_phrases(when: str) -> None:
    assert resolve_day(when, MONDAY, TODAY) == MONDAY - timedelta(days=1)


@pytest.mark.parametrize(
    ("when", "back"),
    [
        ("monday", 0),
        ("sunday", 1),
        ("saturday", 2),
        ("friday", 3),
        ("thursday", 4),
        ("wednesday", 5),
        ("tuesday", 6),
    ],
)
def test_weekday_is_most_recent_on_or_before_entry(when: str, back: int) -> None:
    expected = MONDAY - timedelta(days=back)
    assert resolve_day(when, MONDAY, TODAY) == expected
    assert resolve_day(f"on {when}", MONDAY, TODAY) == expected


@pytest.mark.parametrize(
    ("when", "back"),
    [
        ("last monday", 7),
        ("last sunday", 1),
        ("last tuesday", 6),
    ],
)
def test_last_weekday(when: str, back: int) -> None:
    assert resolve_day(when, MONDAY, TODAY) == MONDAY - timedelta(days=back)


def test_weekday_relative_to_midweek_entry() -> None:
    thursday = date(2024, 5, 16)
    assert resolve_day("on Monday", thursday, TODAY) == MONDAY
    assert resolve_day("last Monday", thursday, TODAY) == MONDAY
    assert resolve_day("Thursday", thursday, TODAY) == thursday
    assert resolve_day("last Thursday", thursday, TODAY) == thursday - timedelta(days=7)
    assert resolve_day("Friday", thursday, TODAY) == thursday - timedelta(days=6)


@pytest.mark.parametrize(
    "when", ["  Yesterday ", "LAST   NIGHT", "This\tMorning", "On   MONDAY", "\nlast\n monday "]
)
def test_when_whitespace_and_case(when: str) -> None:
    assert resolve_day(when, MONDAY, TODAY) is not None


@pytest.mark.parametrize(
    "when",
    [
        "two days ago",
        "yesterday.",
        "on last monday",
        "last",
        "mon",
        "mondays",
        "on",
        "",
        "tomorrow",
        "next monday",
        "on yesterday",
    ],
)
def test_unknown_phrases_are_none(when: str) -> None:
    assert resolve_day(when, MONDAY, TODAY) is None


@pytest.mark.parametrize("when", [None, 1, ["today"], {"day": "today"}])
def test_non_string_when_is_none(when: object) -> None:
    assert resolve_day(when, MONDAY, TODAY) is None


def test_no_entry_day_means_no_day() -> None:
    assert resolve_day("today", None, TODAY) is None


def test_day_counts_from_entry_not_today() -> None:
    entry = date(2024, 5, 1)
    assert resolve_day("yesterday", entry, TODAY) == date(2024, 4, 30)


def test_window_bounds_inclusive() -> None:
    oldest = TODAY - timedelta(days=30)
    assert resolve_day("today", oldest, TODAY) == oldest
    assert resolve_day("today", TODAY, TODAY) == TODAY
    assert resolve_day("yesterday", oldest, TODAY) is None
    assert resolve_day("today", oldest - timedelta(days=1), TODAY) is None


def test_future_day_is_none() -> None:
    assert resolve_day("today", TODAY + timedelta(days=1), TODAY) is None
    assert resolve_day("yesterday", TODAY + timedelta(days=1), TODAY) == TODAY


def test_datetimes_are_treated_as_their_dates() -> None:
    entry = datetime(2024, 5, 13, 22, 30)
    assert resolve_day("yesterday", entry, datetime(2024, 5, 20, 8, 0)) == date(2024, 5, 12)


def test_calendar_edges_do_not_raise() -> None:
    assert resolve_day("yesterday", date.min, date.min) is None
    assert resolve_day("today", date.min, date.min) == date.min
    assert resolve_day("last sunday", date.min, date.max) is None
    assert resolve_day("today", date.max, date.max) == date.max
