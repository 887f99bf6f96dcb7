"""Reviewing suggestions: list, accept (logging the completion), dismiss."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from app import clock
from app.domain.journal.facts import DAY_WINDOW
from app.domain.journal.suggestions import SuggestionStatus
from app.services.changes import NO_CHANGES, Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError, RefusedError
from app.services.views import SuggestionInfo
from app.store import Database
from app.store.models import (
    CompletionSuggestion,
    HabitCompletion,
    PracticeSession,
)


def _load(session: Session, suggestion_id: int) -> CompletionSuggestion:
    row = session.get(
        CompletionSuggestion,
        suggestion_id,
        options=[
            selectinload(CompletionSuggestion.entry),
            selectinload(CompletionSuggestion.habit),
            selectinload(CompletionSuggestion.practice),
        ],
    )
    if row is None:
        raise NotFoundError(f"There is no suggestion with id {suggestion_id}.")
    return row


def list_suggestions(
    db: Database, *, entry_id: int | None = None, status: str | None = None
) -> list[SuggestionInfo]:
    """Suggestions sorted by entry, then by where they stand in the text."""
    if status is not None and status not in set(SuggestionStatus):
        raise InvalidInputError(
            f"Unknown status {status!r}; use one of {', '.join(SuggestionStatus)}."
        )
    query = select(CompletionSuggestion).options(
        selectinload(CompletionSuggestion.habit), selectinload(CompletionSuggestion.practice)
    )
    if entry_id is not None:
        query = query.where(CompletionSuggestion.entry_id == entry_id)
    if status is not None:
        query = query.where(CompletionSuggestion.status == status)
    query = query.order_by(
        CompletionSuggestion.entry_id, CompletionSuggestion.anchor_start, CompletionSuggestion.id
    )
    with db.session(readonly=True) as session:
        return [SuggestionInfo.of(row) for row in session.scalars(query)]


def completion_day(suggested: date | None, entry_day: date, today: date) -> date:
    """The suggested day when it lies inside the window, else the entry's day."""
    if suggested is not None and today - timedelta(days=DAY_WINDOW) <= suggested <= today:
        return suggested
    return entry_day


def accept_suggestion(
    db: Database, suggestion_id: int, *, today: date | None = None
) -> OpResult[SuggestionInfo]:
    """Accept a pending suggestion and log exactly one completion for it.

    Accepting an accepted suggestion is a no-op; accepting a dismissed one is refused.
    """
    today = today or clock.today()
    with db.session() as session:
        view, changes = accept_in(session, suggestion_id, today)
    return OpResult(view, changes)


def accept_in(session: Session, suggestion_id: int, today: date) -> tuple[SuggestionInfo, Changes]:
    """``accept_suggestion`` inside the caller's transaction (bulk review)."""
    row = _load(session, suggestion_id)
    if row.status == SuggestionStatus.ACCEPTED:
        return SuggestionInfo.of(row), NO_CHANGES
    if row.status == SuggestionStatus.DISMISSED:
        raise RefusedError(f"Suggestion {suggestion_id} was dismissed, so it cannot be accepted.")
    day = completion_day(row.completed_on, row.entry.day, today)
    if row.habit is not None:
        target = ("habit", row.habit.id)
        exists = session.scalar(
            select(HabitCompletion.id).where(
                HabitCompletion.habit_id == row.habit.id, HabitCompletion.day == day
            )
        )
        if exists is None:
            amount = row.completed_units
            if amount is None:
                amount = row.habit.default_amount
            session.add(
                HabitCompletion(habit_id=row.habit.id, day=day, amount=amount, suggestion_id=row.id)
            )
    else:
        assert row.practice is not None
        target = ("practice", row.practice.id)
        session.add(
            PracticeSession(
                practice_id=row.practice.id,
                day=day,
                minutes=row.practice.default_minutes,
                suggestion_id=row.id,
            )
        )
    row.status = SuggestionStatus.ACCEPTED
    row.decided_at = row.updated_at = clock.utcnow()
    session.flush()
    view = SuggestionInfo.of(row)
    return view, Changes(suggestions=frozenset({view.id}), completions=frozenset({target}))


def dismiss_suggestion(db: Database, suggestion_id: int) -> OpResult[SuggestionInfo]:
    """Dismiss a pending suggestion; a no-op when already dismissed; refused when accepted."""
    with db.session() as session:
        view, changes = dismiss_in(session, suggestion_id)
    return OpResult(view, changes)


def dismiss_in(session: Session, suggestion_id: int) -> tuple[SuggestionInfo, Changes]:
    """``dismiss_suggestion`` inside the caller's transaction (bulk review)."""
    row = _load(session, suggestion_id)
    if row.status == SuggestionStatus.DISMISSED:
        return SuggestionInfo.of(row), NO_CHANGES
    if row.status == SuggestionStatus.ACCEPTED:
        raise RefusedError(f"Suggestion {suggestion_id} was accepted, so it cannot be dismissed.")
    row.status = SuggestionStatus.DISMISSED
    row.decided_at = row.updated_at = clock.utcnow()
    session.flush()
    view = SuggestionInfo.of(row)
    return view, Changes(suggestions=frozenset({view.id}))
