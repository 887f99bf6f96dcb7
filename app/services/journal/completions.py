"""Completions: habit completions and practice sessions, accepted or logged by hand."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from app.services.changes import NO_CHANGES, Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.views import CompletionInfo
from app.store import Database
from app.store.models import Habit, HabitCompletion, Practice, PracticeSession


def list_completions(db: Database) -> list[CompletionInfo]:
    """Every completion, by day, habits before practices."""
    with db.session(readonly=True) as session:
        habit_rows = session.scalars(
            select(HabitCompletion).order_by(HabitCompletion.day, HabitCompletion.habit_id)
        )
        items = [CompletionInfo.of_habit(row) for row in habit_rows]
        session_rows = session.scalars(
            select(PracticeSession).order_by(PracticeSession.day, PracticeSession.id)
        )
        items += [CompletionInfo.of_session(row) for row in session_rows]
    return sorted(items, key=lambda c: (c.day, c.target_type != "habit", c.target_id))


def log_completion(
    db: Database, target_type: str, target_id: int, day: date, *, amount: float | None = None
) -> OpResult[CompletionInfo]:
    """Log a completion by hand.

    A habit has at most one completion a day: logging it again that day is a no-op.
    """
    if amount is not None and amount <= 0:
        raise InvalidInputError("The amount must be a number greater than zero.")
    with db.session() as session:
        if target_type == "habit":
            habit = session.get(Habit, target_id)
            if habit is None:
                raise NotFoundError(f"There is no habit with id {target_id}.")
            existing = session.scalar(
                select(HabitCompletion).where(
                    HabitCompletion.habit_id == target_id, HabitCompletion.day == day
                )
            )
            if existing is not None:
                return OpResult(CompletionInfo.of_habit(existing), NO_CHANGES)
            row = HabitCompletion(
                habit_id=target_id,
                day=day,
                amount=amount if amount is not None else habit.default_amount,
            )
            session.add(row)
            session.flush()
            view = CompletionInfo.of_habit(row)
        elif target_type == "practice":
            practice = session.get(Practice, target_id)
            if practice is None:
                raise NotFoundError(f"There is no practice with id {target_id}.")
            minutes = int(amount) if amount is not None else practice.default_minutes
            session_row = PracticeSession(practice_id=target_id, day=day, minutes=minutes)
            session.add(session_row)
            session.flush()
            view = CompletionInfo.of_session(session_row)
        else:
            raise InvalidInputError(f"Unknown target type {target_type!r}.")
    return OpResult(view, Changes(completions=frozenset({(target_type, target_id)})))
