"""Every database constraint rejects bad rows; deletes cascade (or set NULL) as designed."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from app.store import (
    CompletionSuggestion,
    Database,
    Habit,
    HabitCompletion,
    JournalEntry,
    Practice,
    PracticeSession,
)

from .conftest import BODY, DAY, Rows


def suggestion(rows: Rows, **overrides: Any) -> CompletionSuggestion:
    """A valid suggestion for the habit, with any column overridden."""
    values: dict[str, Any] = {
        "entry_id": rows.entry,
        "target_type": "habit",
        "habit_id": rows.habit,
        "practice_id": None,
        "label": "I meditated",
        "anchor_start": 13,
        "anchor_end": 24,
        "anchor_text": "I meditated",
    }
    return CompletionSuggestion(**(values | overrides))


def add(db: Database, *objects: object) -> None:
    with db.session() as session:
        session.add_all(objects)


def rejection(db: Database, *objects: object) -> str:
    """The database's reason for refusing to store ``objects``."""
    with pytest.raises(IntegrityError) as refused:
        add(db, *objects)
    return str(refused.value.orig)


def count(db: Database, model: type[Any]) -> int:
    with db.session(readonly=True) as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def test_a_valid_suggestion_is_stored_pending(db: Database, rows: Rows) -> None:
    add(db, suggestion(rows))
    with db.session() as session:
        stored = session.scalars(select(CompletionSuggestion)).one()
        assert stored.status == "pending"
        assert stored.decided_at is None
        assert BODY[stored.anchor_start : stored.anchor_end] == stored.anchor_text


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"status": "maybe"}, "status_valid", id="bad status"),
        pytest.param({"status": ""}, "status_valid", id="empty status"),
        pytest.param({"target_type": "goal"}, "target_type_valid", id="bad type"),
        pytest.param(
            {"anchor_start": -1, "anchor_end": 4}, "anchor_start_not_negative", id="start<0"
        ),
        pytest.param({"anchor_end": 13}, "anchor_end_after_start", id="end=start"),
        pytest.param({"anchor_end": 5}, "anchor_end_after_start", id="end<start"),
        pytest.param({"practice_id": "PRACTICE"}, "one_target", id="both targets"),
        pytest.param({"habit_id": None}, "one_target", id="no target"),
        pytest.param({"target_type": "practice"}, "one_target", id="type names the unset one"),
        pytest.param(
            {"target_type": "practice", "habit_id": None}, "one_target", id="practice, none set"
        ),
        pytest.param({"label": ""}, "label_length", id="empty label"),
        pytest.param({"label": "x" * 256}, "label_length", id="label of 256"),
    ],
)
def test_suggestion_checks_reject_bad_rows(
    db: Database, rows: Rows, overrides: dict[str, Any], constraint: str
) -> None:
    if overrides.get("practice_id") == "PRACTICE":
        overrides = overrides | {"practice_id": rows.practice}
    reason = rejection(db, suggestion(rows, **overrides))
    assert reason == f"CHECK constraint failed: ck_completion_suggestions_{constraint}"
    assert count(db, CompletionSuggestion) == 0


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param({"label": "ü" * 255}, id="label of 255 characters"),
        pytest.param({"anchor_start": 0, "anchor_end": 1}, id="anchor at 0"),
        pytest.param({"status": "accepted"}, id="accepted"),
        pytest.param({"status": "dismissed"}, id="dismissed"),
        pytest.param(
            {"target_type": "practice", "habit_id": None, "practice_id": "PRACTICE"},
            id="practice target",
        ),
    ],
)
def test_suggestion_checks_accept_edge_values(
    db: Database, rows: Rows, overrides: dict[str, Any]
) -> None:
    if overrides.get("practice_id") == "PRACTICE":
        overrides = overrides | {"practice_id": rows.practice}
    add(db, suggestion(rows, **overrides))
    assert count(db, CompletionSuggestion) == 1


@pytest.mark.parametrize(
    ("model", "values", "constraint"),
    [
        (Habit, {"name": ""}, "ck_habits_name_not_blank"),
        (Habit, {"name": " \t\n "}, "ck_habits_name_not_blank"),
        (Habit, {"name": "Water", "default_amount": 0}, "ck_habits_default_amount_positive"),
        (Habit, {"name": "Water", "default_amount": -1.5}, "ck_habits_default_amount_positive"),
        (Practice, {"name": "  "}, "ck_practices_name_not_blank"),
        (Practice, {"name": "Yoga", "default_minutes": 0}, "ck_practices_default_minutes_positive"),
    ],
)
def test_target_checks_reject_bad_rows(
    db: Database, model: type[Habit | Practice], values: dict[str, Any], constraint: str
) -> None:
    assert rejection(db, model(**values)) == f"CHECK constraint failed: {constraint}"


def test_foreign_keys_are_enforced(db: Database, rows: Rows) -> None:
    missing = "FOREIGN KEY constraint failed"
    assert rejection(db, suggestion(rows, entry_id=rows.entry + 100)) == missing
    assert rejection(db, HabitCompletion(habit_id=rows.habit + 100, day=DAY)) == missing


def test_one_habit_completion_per_habit_and_day(db: Database, rows: Rows) -> None:
    add(db, HabitCompletion(habit_id=rows.habit, day=DAY, amount=20))
    assert rejection(db, HabitCompletion(habit_id=rows.habit, day=DAY)) == (
        "UNIQUE constraint failed: habit_completions.habit_id, habit_completions.day"
    )
    add(db, HabitCompletion(habit_id=rows.habit, day=date(2026, 11, 3)))
    assert count(db, HabitCompletion) == 2


@pytest.mark.parametrize("target_type", ["habit", "practice"])
def test_a_target_is_offered_at_most_once_per_entry(
    db: Database, rows: Rows, target_type: str
) -> None:
    target = (
        {"target_type": "habit", "habit_id": rows.habit, "practice_id": None}
        if target_type == "habit"
        else {"target_type": "practice", "habit_id": None, "practice_id": rows.practice}
    )
    add(db, suggestion(rows, **target, status="dismissed"))
    again = suggestion(rows, **target, anchor_start=30, anchor_end=40)
    assert rejection(db, again) == (
        "UNIQUE constraint failed: completion_suggestions.entry_id, "
        f"completion_suggestions.{target_type}_id"
    )

    # The same target on another entry, and another target on this entry, are fine.
    with db.session() as session:
        other = JournalEntry(day=DAY, body=BODY)
        session.add(other)
        session.flush()
        session.add(suggestion(rows, **target, entry_id=other.id))
        if target_type == "habit":
            session.add(Habit(name="Water"))
            session.flush()
            second = session.scalars(select(Habit.id).where(Habit.name == "Water")).one()
            session.add(suggestion(rows, habit_id=second, anchor_start=30, anchor_end=40))
        else:
            session.add(Practice(name="Yoga"))
            session.flush()
            second = session.scalars(select(Practice.id).where(Practice.name == "Yoga")).one()
            session.add(suggestion(rows, **target | {"practice_id": second}))
    assert count(db, CompletionSuggestion) == 3


def test_a_suggestion_logs_at_most_one_completion(db: Database, rows: Rows) -> None:
    with db.session() as session:
        habit_offer = suggestion(rows)
        practice_offer = suggestion(
            rows, target_type="practice", habit_id=None, practice_id=rows.practice
        )
        session.add_all([habit_offer, practice_offer])
        session.flush()
        ids = habit_offer.id, practice_offer.id
    add(db, PracticeSession(practice_id=rows.practice, day=DAY, suggestion_id=ids[1]))
    assert rejection(
        db, PracticeSession(practice_id=rows.practice, day=DAY, suggestion_id=ids[1])
    ) == ("UNIQUE constraint failed: practice_sessions.suggestion_id")
    add(db, HabitCompletion(habit_id=rows.habit, day=DAY, suggestion_id=ids[0]))
    assert rejection(
        db, HabitCompletion(habit_id=rows.habit, day=date(2026, 11, 1), suggestion_id=ids[0])
    ) == ("UNIQUE constraint failed: habit_completions.suggestion_id")
    # Sessions logged by hand (no suggestion) are not limited.
    add(db, *(PracticeSession(practice_id=rows.practice, day=DAY, minutes=5) for _ in range(2)))
    assert count(db, PracticeSession) == 3


def test_deleting_an_entry_deletes_its_suggestions_but_keeps_completions(
    db: Database, rows: Rows
) -> None:
    with db.session() as session:
        habit_offer = suggestion(rows, status="accepted")
        practice_offer = suggestion(
            rows, target_type="practice", habit_id=None, practice_id=rows.practice
        )
        session.add_all([habit_offer, practice_offer])
        session.flush()
        session.add_all(
            [
                HabitCompletion(habit_id=rows.habit, day=DAY, suggestion_id=habit_offer.id),
                PracticeSession(
                    practice_id=rows.practice, day=DAY, suggestion_id=practice_offer.id
                ),
            ]
        )

    with db.session() as session:
        entry = session.get_one(JournalEntry, rows.entry)
        assert len(entry.suggestions) == 2
        session.delete(entry)

    assert count(db, JournalEntry) == 0
    assert count(db, CompletionSuggestion) == 0
    with db.session() as session:
        completion = session.scalars(select(HabitCompletion)).one()
        practice_session = session.scalars(select(PracticeSession)).one()
        assert (completion.habit_id, completion.day, completion.suggestion_id) == (
            rows.habit,
            DAY,
            None,
        )
        assert (practice_session.practice_id, practice_session.suggestion_id) == (
            rows.practice,
            None,
        )


def test_deleting_a_target_deletes_its_suggestions_and_history(db: Database, rows: Rows) -> None:
    add(
        db,
        suggestion(rows),
        HabitCompletion(habit_id=rows.habit, day=DAY),
        PracticeSession(practice_id=rows.practice, day=DAY),
    )
    with db.session() as session:
        session.execute(delete(Habit))
        session.execute(delete(Practice))
    for model in (CompletionSuggestion, HabitCompletion, PracticeSession):
        assert count(db, model) == 0
    assert count(db, JournalEntry) == 1
