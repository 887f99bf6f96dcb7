"""Storage: SQLite through the SQLAlchemy ORM, schema migrations with Alembic."""

from app.store.db import (
    Database,
    NewerDatabaseError,
    NotInklingDatabaseError,
    StoreError,
    open_database,
)
from app.store.models import (
    LABEL_MAX,
    STATUSES,
    TARGET_TYPES,
    Base,
    CompletionSuggestion,
    Habit,
    HabitCompletion,
    JournalEntry,
    Practice,
    PracticeSession,
    utcnow,
)

__all__ = [
    "LABEL_MAX",
    "STATUSES",
    "TARGET_TYPES",
    "Base",
    "CompletionSuggestion",
    "Database",
    "Habit",
    "HabitCompletion",
    "JournalEntry",
    "NewerDatabaseError",
    "NotInklingDatabaseError",
    "Practice",
    "PracticeSession",
    "StoreError",
    "open_database",
    "utcnow",
]
