"""Undoing a review decision: an accepted or dismissed suggestion goes back to pending."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from app import clock
from app.domain.journal.suggestions import SuggestionStatus
from app.services.changes import NO_CHANGES, Changes, OpResult, Target
from app.services.errors import NotFoundError, RefusedError
from app.services.views import SuggestionInfo
from app.store import Database
from app.store.models import (
    CompletionSuggestion,
    HabitCompletion,
    JournalEntry,
    PracticeSession,
)


def undo_decision(db: Database, suggestion_id: int) -> OpResult[SuggestionInfo]:
    """Put a decided suggestion back to pending and remove the completion its acceptance
    wrote (a completion logged by hand stays). A pending suggestion is a no-op.

    Refused when the entry's text no longer holds the suggestion's words (a suggestion
    dismissed as stale by an edit cannot come back).
    """
    with db.session() as session:
        view, changes = undo_in(session, suggestion_id)
    return OpResult(view, changes)


def undo_in(session: Session, suggestion_id: int) -> tuple[SuggestionInfo, Changes]:
    """``undo_decision`` inside the caller's transaction (bulk review's undo)."""
    row = session.get(CompletionSuggestion, suggestion_id)
    if row is None:
        raise NotFoundError(f"There is no suggestion with id {suggestion_id}.")
    if row.status == SuggestionStatus.PENDING:
        return SuggestionInfo.of(row), NO_CHANGES
    entry = session.get(JournalEntry, row.entry_id)
    assert entry is not None  # a suggestion always belongs to an entry
    if entry.body[row.anchor_start : row.anchor_end] != row.anchor_text:
        raise RefusedError(
            f"Suggestion {suggestion_id} cannot be restored because its words "
            "are no longer in the entry."
        )
    completions: frozenset[Target] = frozenset()
    if row.status == SuggestionStatus.ACCEPTED:
        if row.habit_id is not None:
            removed = session.execute(
                delete(HabitCompletion)
                .where(HabitCompletion.suggestion_id == row.id)
                .returning(HabitCompletion.id)
            ).all()
            target: Target = ("habit", row.habit_id)
        else:
            assert row.practice_id is not None
            removed = session.execute(
                delete(PracticeSession)
                .where(PracticeSession.suggestion_id == row.id)
                .returning(PracticeSession.id)
            ).all()
            target = ("practice", row.practice_id)
        if removed:
            completions = frozenset({target})
    row.status = SuggestionStatus.PENDING
    row.decided_at = None
    row.updated_at = clock.utcnow()
    session.flush()
    view = SuggestionInfo.of(row)
    return view, Changes(suggestions=frozenset({view.id}), completions=completions)


def pending_count(db: Database, entry_id: int) -> int:
    """How many suggestions of an entry still wait for a decision."""
    with db.session(readonly=True) as session:
        rows = session.scalars(
            select(CompletionSuggestion.id).where(
                CompletionSuggestion.entry_id == entry_id,
                CompletionSuggestion.status == SuggestionStatus.PENDING,
            )
        ).all()
    return len(rows)
