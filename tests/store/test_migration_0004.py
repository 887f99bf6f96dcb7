"""Migrations 0004 (cue words) and 0005 (imported entries) add columns and tables without
touching a row or the search index."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.store import JournalEntry, open_database, search_entries
from app.store.db import _alembic_config, _create_engine
from app.store.entry_sources import EntrySource, EntryTag

ROWS = (
    "INSERT INTO habits (id, name, archived, created_at) VALUES (1, 'Meditation', 0, '2026-01-01')",
    "INSERT INTO journal_entries (id, day, title, body, created_at, updated_at)"
    " VALUES (1, '2026-11-02', 'Monday', 'I meditated at dawn.', '2026-11-02', '2026-11-02')",
    "INSERT INTO completion_suggestions (id, entry_id, target_type, habit_id, label,"
    " anchor_start, anchor_end, anchor_text, status, created_at, updated_at)"
    " VALUES (1, 1, 'habit', 1, 'Meditation', 2, 11, 'meditated', 'accepted',"
    " '2026-11-02', '2026-11-02')",
    "INSERT INTO habit_completions (id, habit_id, day, suggestion_id, created_at)"
    " VALUES (1, 1, '2026-11-02', 1, '2026-11-02')",
)
TABLES = ("habits", "journal_entries", "completion_suggestions", "habit_completions")


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with closing(sqlite3.connect(path)) as connection:
        return {
            table: connection.execute(f"SELECT id, * FROM {table} ORDER BY id").fetchall()
            for table in TABLES
        }


def database_at(path: Path, revision: str, statements: tuple[str, ...]) -> Path:
    """A database migrated only up to ``revision``, holding the rows ``statements`` add."""
    engine = _create_engine(path, foreign_keys=False)
    config = _alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            for statement in statements:
                connection.exec_driver_sql(statement)
    finally:
        config.attributes.pop("connection", None)
        engine.dispose()
    return path


def test_upgrading_from_0003_keeps_every_row(tmp_path: Path) -> None:
    path = database_at(tmp_path / "inkling.sqlite3", "0003", ROWS)
    before = dump(path)

    db = open_database(path)
    try:
        after = dump(path)
        # every old row is there, with the new columns at their defaults
        assert {t: len(rows) for t, rows in after.items()} == dict.fromkeys(TABLES, 1)
        assert after["habits"] == [(*before["habits"][0], None)]  # cues: seeded from the name
        assert after["completion_suggestions"] == before["completion_suggestions"]
        assert after["journal_entries"] == [(*before["journal_entries"][0], 0, None)]
        with db.session() as session:
            (hit,) = search_entries(session.connection(), "meditated")
            assert hit.entry_id == 1
            session.add(EntrySource(entry_id=1, kind="dayone", source_id="A"))
            session.add(EntryTag(entry_id=1, tag="calm"))
        with db.session() as session:
            second = JournalEntry(day=session.scalars(select(JournalEntry.day)).one(), body="x")
            session.add(second)
        with pytest.raises(IntegrityError), db.session() as session:  # one identity, one entry
            session.add(EntrySource(entry_id=second.id, kind="dayone", source_id="A"))
    finally:
        db.close()
