"""The journal's tables: habits, practices, entries, suggestions, completions and sessions.

Typed SQLAlchemy 2 ORM classes on the one ``Base`` of ``app.store.base`` (stable
constraint names, aware UTC timestamps); created by migration 0001.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Final

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ColumnElement,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app import clock
from app.domain.journal.suggestions import SuggestionStatus
from app.store.base import Base, EnumText, UTCDateTime, one_of

TARGET_TYPES: Final = ("habit", "practice")
LABEL_MAX: Final = 255

# A name must hold something besides spaces, tabs and line breaks.
_NAME_NOT_BLANK: Final = "length(trim(name, char(9, 10, 13, 32))) > 0"


class Habit(Base):
    __tablename__ = "habits"
    __table_args__ = (
        CheckConstraint(_NAME_NOT_BLANK, name="name_not_blank"),
        CheckConstraint(
            "default_amount IS NULL OR default_amount > 0", name="default_amount_positive"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    unit: Mapped[str | None] = mapped_column(Text)
    default_amount: Mapped[float | None] = mapped_column(Float)
    archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    cues: Mapped[list[str] | None] = mapped_column(JSON, default=None)
    """The user's cue words; ``None``: seeded from the name."""

    completions: Mapped[list[HabitCompletion]] = relationship(
        back_populates="habit", cascade="all, delete-orphan", passive_deletes=True
    )


class Practice(Base):
    __tablename__ = "practices"
    __table_args__ = (
        CheckConstraint(_NAME_NOT_BLANK, name="name_not_blank"),
        CheckConstraint(
            "default_minutes IS NULL OR default_minutes > 0", name="default_minutes_positive"
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    default_minutes: Mapped[int | None] = mapped_column(Integer)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    cues: Mapped[list[str] | None] = mapped_column(JSON, default=None)
    """The user's cue words; ``None``: seeded from the name."""

    sessions: Mapped[list[PracticeSession]] = relationship(
        back_populates="practice", cascade="all, delete-orphan", passive_deletes=True
    )

    @hybrid_property
    def active(self) -> bool:
        """A practice is active until it is ended."""
        return self.ended_at is None

    @active.inplace.expression
    @classmethod
    def _active_expression(cls) -> ColumnElement[bool]:
        return cls.ended_at.is_(None)


class JournalEntry(Base):
    __tablename__ = "journal_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    day: Mapped[date] = mapped_column(Date, index=True)
    title: Mapped[str] = mapped_column(Text, default="", server_default=text("''"))
    body: Mapped[str] = mapped_column(Text, default="", server_default=text("''"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )
    starred: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    time_zone: Mapped[str | None] = mapped_column(Text)
    """The IANA time zone the entry was written in (imports; None: not known)."""

    suggestions: Mapped[list[CompletionSuggestion]] = relationship(
        back_populates="entry",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="CompletionSuggestion.anchor_start",
    )


class CompletionSuggestion(Base):
    """A detected completion, anchored to the entry's text, waiting for the user's decision."""

    __tablename__ = "completion_suggestions"
    __table_args__ = (
        CheckConstraint("target_type IN ('habit', 'practice')", name="target_type_valid"),
        CheckConstraint(
            "(target_type = 'habit' AND habit_id IS NOT NULL AND practice_id IS NULL)"
            " OR (target_type = 'practice' AND practice_id IS NOT NULL AND habit_id IS NULL)",
            name="one_target",
        ),
        CheckConstraint(f"length(label) BETWEEN 1 AND {LABEL_MAX}", name="label_length"),
        CheckConstraint("anchor_start >= 0", name="anchor_start_not_negative"),
        CheckConstraint("anchor_end > anchor_start", name="anchor_end_after_start"),
        CheckConstraint(one_of("status", SuggestionStatus), name="status_valid"),
        # A target is offered at most once per entry, whatever became of the offer.
        Index(
            "uq_completion_suggestions_entry_id_habit_id",
            "entry_id",
            "habit_id",
            unique=True,
            sqlite_where=text("habit_id IS NOT NULL"),
        ),
        Index(
            "uq_completion_suggestions_entry_id_practice_id",
            "entry_id",
            "practice_id",
            unique=True,
            sqlite_where=text("practice_id IS NOT NULL"),
        ),
        # The review inbox walks the entries by day and asks each for its pending ones.
        Index(
            "ix_completion_suggestions_pending",
            "entry_id",
            "id",
            sqlite_where=text("status = 'pending'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(
        ForeignKey("journal_entries.id", ondelete="CASCADE"), index=True
    )
    target_type: Mapped[str] = mapped_column(Text)
    habit_id: Mapped[int | None] = mapped_column(ForeignKey("habits.id", ondelete="CASCADE"))
    practice_id: Mapped[int | None] = mapped_column(ForeignKey("practices.id", ondelete="CASCADE"))
    label: Mapped[str] = mapped_column(Text)
    anchor_start: Mapped[int] = mapped_column(Integer)
    anchor_end: Mapped[int] = mapped_column(Integer)
    anchor_text: Mapped[str] = mapped_column(Text)
    completed_units: Mapped[float | None] = mapped_column(Float)
    completed_on: Mapped[date | None] = mapped_column(Date)
    status: Mapped[SuggestionStatus] = mapped_column(
        EnumText(SuggestionStatus),
        default=SuggestionStatus.PENDING,
        server_default=SuggestionStatus.PENDING.value,
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    entry: Mapped[JournalEntry] = relationship(back_populates="suggestions")
    habit: Mapped[Habit | None] = relationship()
    practice: Mapped[Practice | None] = relationship()


class HabitCompletion(Base):
    __tablename__ = "habit_completions"
    __table_args__ = (
        UniqueConstraint("habit_id", "day"),
        Index(
            "uq_habit_completions_suggestion_id",
            "suggestion_id",
            unique=True,
            sqlite_where=text("suggestion_id IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    habit_id: Mapped[int] = mapped_column(ForeignKey("habits.id", ondelete="CASCADE"))
    day: Mapped[date] = mapped_column(Date)
    amount: Mapped[float | None] = mapped_column(Float)
    suggestion_id: Mapped[int | None] = mapped_column(
        ForeignKey("completion_suggestions.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)

    habit: Mapped[Habit] = relationship(back_populates="completions")
    suggestion: Mapped[CompletionSuggestion | None] = relationship()


class PracticeSession(Base):
    __tablename__ = "practice_sessions"
    __table_args__ = (
        Index("ix_practice_sessions_practice_id_day", "practice_id", "day"),
        Index(
            "uq_practice_sessions_suggestion_id",
            "suggestion_id",
            unique=True,
            sqlite_where=text("suggestion_id IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    practice_id: Mapped[int] = mapped_column(ForeignKey("practices.id", ondelete="CASCADE"))
    day: Mapped[date] = mapped_column(Date)
    minutes: Mapped[int | None] = mapped_column(Integer)
    suggestion_id: Mapped[int | None] = mapped_column(
        ForeignKey("completion_suggestions.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)

    practice: Mapped[Practice] = relationship(back_populates="sessions")
    suggestion: Mapped[CompletionSuggestion | None] = relationship()
