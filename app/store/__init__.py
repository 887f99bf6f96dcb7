"""Storage: SQLite through the SQLAlchemy ORM, schema migrations with Alembic.

Importing the package registers every table on the one ``Base`` (``app.store.base``):
the journal (``models``), notebooks (``notebooks``), imported entries (``entry_sources``),
learned cue words (``learning``).
"""

from app.store.base import Base
from app.store.contention import WriteWaits
from app.store.db import (
    Database,
    DatabaseBusyError,
    NewerDatabaseError,
    NotInklingDatabaseError,
    open_database,
)
from app.store.entry_sources import EntryAttachment, EntryContext, EntrySource, EntryTag
from app.store.failures import DamagedDatabaseError, StorageError, StoreError, storage_failure
from app.store.learning import CueProposal
from app.store.models import (
    LABEL_MAX,
    TARGET_TYPES,
    CompletionSuggestion,
    Habit,
    HabitCompletion,
    JournalEntry,
    Practice,
    PracticeSession,
)
from app.store.notebooks import (
    CustomDetector,
    DetectionRun,
    DetectorPreference,
    Finding,
    FindingPageReview,
    Notebook,
    NotebookPage,
    PageTag,
    PageTranscription,
    Tag,
)
from app.store.search import SearchFilter, SearchHit, search_entries

__all__ = [
    "LABEL_MAX",
    "TARGET_TYPES",
    "Base",
    "CompletionSuggestion",
    "CueProposal",
    "CustomDetector",
    "DamagedDatabaseError",
    "Database",
    "DatabaseBusyError",
    "DetectionRun",
    "DetectorPreference",
    "EntryAttachment",
    "EntryContext",
    "EntrySource",
    "EntryTag",
    "Finding",
    "FindingPageReview",
    "Habit",
    "HabitCompletion",
    "JournalEntry",
    "NewerDatabaseError",
    "NotInklingDatabaseError",
    "Notebook",
    "NotebookPage",
    "PageTag",
    "PageTranscription",
    "Practice",
    "PracticeSession",
    "SearchFilter",
    "SearchHit",
    "StorageError",
    "StoreError",
    "Tag",
    "WriteWaits",
    "open_database",
    "search_entries",
    "storage_failure",
]
