"""Fixtures for the storage tests: a fresh database in the temporary data folder."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from app.paths import database_path
from app.store import Database, Habit, JournalEntry, Practice, open_database

DAY = date(2026, 11, 2)
BODY = "This morning I meditated for twenty minutes. Later I went for a run."


@dataclass(frozen=True)
class Rows:
    entry: int
    habit: int
    practice: int


@pytest.fixture
def db_path(isolated_dirs: Path) -> Path:
    """Where the app keeps its database; the data folder does not exist yet."""
    return database_path(isolated_dirs)


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(db_path)
    yield database
    database.close()


@pytest.fixture
def rows(db: Database) -> Rows:
    """One entry, one habit and one practice, committed."""
    with db.session() as session:
        entry = JournalEntry(day=DAY, title="Monday", body=BODY)
        habit = Habit(name="Meditation", unit="min", default_amount=20)
        practice = Practice(name="Run", default_minutes=30)
        session.add_all([entry, habit, practice])
        session.flush()
        return Rows(entry.id, habit.id, practice.id)
