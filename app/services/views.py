"""Plain, immutable snapshots of stored rows, safe to hand to any thread or face.

Such a snapshot is named ``*Info`` everywhere in the services (``EntryInfo``,
``RunInfo``, ``PageInfo``…); a name ending in ``View`` is a Qt widget."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from app.domain.journal.suggestions import SuggestionStatus
from app.store.models import (
    CompletionSuggestion,
    Habit,
    HabitCompletion,
    JournalEntry,
    Practice,
    PracticeSession,
)


@dataclass(frozen=True)
class TargetInfo:
    target_type: str
    id: int
    name: str
    unit: str | None
    default_amount: float | None
    active: bool

    @classmethod
    def of_habit(cls, habit: Habit) -> TargetInfo:
        return cls(
            "habit", habit.id, habit.name, habit.unit, habit.default_amount, not habit.archived
        )

    @classmethod
    def of_practice(cls, practice: Practice) -> TargetInfo:
        minutes = practice.default_minutes
        return cls(
            "practice",
            practice.id,
            practice.name,
            None,
            float(minutes) if minutes is not None else None,
            practice.ended_at is None,
        )


@dataclass(frozen=True)
class EntryInfo:
    id: int
    day: date
    title: str
    body: str
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, entry: JournalEntry) -> EntryInfo:
        return cls(entry.id, entry.day, entry.title, entry.body, entry.created_at, entry.updated_at)


@dataclass(frozen=True)
class SuggestionInfo:
    id: int
    entry_id: int
    target_type: str
    target_id: int
    target_name: str
    label: str
    anchor_start: int
    anchor_end: int
    anchor_text: str
    status: SuggestionStatus
    completed_units: float | None
    completed_on: date | None

    @classmethod
    def of(cls, row: CompletionSuggestion) -> SuggestionInfo:
        if row.habit is not None:
            target_id, name = row.habit.id, row.habit.name
        elif row.practice is not None:
            target_id, name = row.practice.id, row.practice.name
        else:  # pragma: no cover - excluded by a CHECK constraint
            raise AssertionError(f"suggestion {row.id} has no target")
        return cls(
            id=row.id,
            entry_id=row.entry_id,
            target_type=row.target_type,
            target_id=target_id,
            target_name=name,
            label=row.label,
            anchor_start=row.anchor_start,
            anchor_end=row.anchor_end,
            anchor_text=row.anchor_text,
            status=row.status,
            completed_units=row.completed_units,
            completed_on=row.completed_on,
        )


@dataclass(frozen=True)
class CompletionInfo:
    target_type: str
    target_id: int
    day: date
    amount: float | None
    suggestion_id: int | None

    @classmethod
    def of_habit(cls, row: HabitCompletion) -> CompletionInfo:
        return cls("habit", row.habit_id, row.day, row.amount, row.suggestion_id)

    @classmethod
    def of_session(cls, row: PracticeSession) -> CompletionInfo:
        minutes = float(row.minutes) if row.minutes is not None else None
        return cls("practice", row.practice_id, row.day, minutes, row.suggestion_id)
