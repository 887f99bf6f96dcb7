"""Backup through SQLite's online backup API; restore that refuses what is not an Inkling
backup and swaps the database only when the copy is complete and checked."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from app.services.errors import InvalidInputError, RefusedError
from app.services.journal import entries as journal
from app.services.journal import targets
from app.services.transfer import backup
from app.store import Database, JournalEntry
from app.store.db import _create_engine, inspect_database
from tests.store.test_migration_0004 import database_at


def bodies(db: Database) -> list[str]:
    return [e.body for e in journal.list_entries(db)]


def test_backup_then_restore_brings_the_old_state_back(db: Database, tmp_path: Path) -> None:
    journal.add_entry(db, date(2026, 11, 2), "first")
    habit = targets.add_habit(db, "Meditation").value.id
    summary = backup.backup_database(db, tmp_path / "saved.sqlite3")
    assert summary.path == str(tmp_path / "saved.sqlite3")
    assert summary.size == (tmp_path / "saved.sqlite3").stat().st_size > 0
    assert not (tmp_path / "saved.sqlite3-wal").exists()  # one self-contained file

    second = journal.add_entry(db, date(2026, 11, 3), "second").value.id
    first = journal.list_entries(db)[0].id
    journal.update_entry(db, first, body="first, edited")
    result = backup.restore_database(db, tmp_path / "saved.sqlite3")
    assert (result.value.entries, result.value.notebooks) == (1, 0)
    assert bodies(db) == ["first"]  # the same Database object reads the restored file
    assert result.changes.deleted_entries == {second}
    assert result.changes.entries == {first}
    assert ("habit", habit) in result.changes.targets
    # and it keeps working for writes
    journal.add_entry(db, date(2026, 11, 4), "after")
    assert bodies(db) == ["first", "after"]
    assert not list(db.path.parent.glob(".restore-*"))


def test_backup_into_a_folder_names_the_file(db: Database, tmp_path: Path) -> None:
    summary = backup.backup_database(db, tmp_path)
    name = Path(summary.path).name
    assert name.startswith("inkling-backup-")
    assert name.endswith(".sqlite3")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"hello, not a database", "is not an Inkling backup"),
        (b"", "holds no data"),
    ],
)
def test_restore_refuses_files_that_are_not_backups(
    db: Database, tmp_path: Path, content: bytes, expected: str
) -> None:
    journal.add_entry(db, date(2026, 11, 2), "kept")
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(content)
    with pytest.raises(InvalidInputError, match=expected):
        backup.restore_database(db, bad)
    assert bodies(db) == ["kept"]


def test_restore_refuses_another_programs_database_and_a_newer_one(
    db: Database, tmp_path: Path
) -> None:
    journal.add_entry(db, date(2026, 11, 2), "kept")
    other = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(other)) as connection:
        connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    with pytest.raises(InvalidInputError, match="is not an Inkling backup"):
        backup.restore_database(db, other)
    newer = tmp_path / "newer.sqlite3"
    backup.backup_database(db, newer)
    with closing(sqlite3.connect(newer)) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
        connection.commit()
    with pytest.raises(InvalidInputError, match="newer version of Inkling"):
        backup.restore_database(db, newer)
    with pytest.raises(InvalidInputError, match="does not exist"):
        backup.restore_database(db, tmp_path / "missing.sqlite3")
    assert bodies(db) == ["kept"]


def test_restore_refuses_a_damaged_backup(db: Database, tmp_path: Path) -> None:
    journal.add_entry(db, date(2026, 11, 2), "kept " * 2000)
    saved = tmp_path / "saved.sqlite3"
    backup.backup_database(db, saved)
    data = bytearray(saved.read_bytes())
    page = 4096
    data[3 * page : 4 * page] = b"\xff" * page  # scribble over a page, keep the header
    saved.write_bytes(bytes(data))
    with pytest.raises(InvalidInputError, match=str(saved)):
        backup.restore_database(db, saved)
    assert bodies(db) == ["kept " * 2000]


def test_restore_is_refused_while_another_connection_uses_the_database(
    db: Database, tmp_path: Path
) -> None:
    journal.add_entry(db, date(2026, 11, 2), "live")
    saved = tmp_path / "saved.sqlite3"
    backup.backup_database(db, saved)
    journal.add_entry(db, date(2026, 11, 3), "newer")
    busy = _create_engine(db.path, foreign_keys=True)  # e.g. a detector run's connection
    try:
        with busy.connect() as connection:
            connection.exec_driver_sql("SELECT count(*) FROM journal_entries").fetchone()
            with pytest.raises(RefusedError, match="is in use"):
                backup.restore_database(db, saved)
    finally:
        busy.dispose()
    assert bodies(db) == ["live", "newer"]
    assert not list(db.path.parent.glob(".restore-*"))


def test_an_older_backup_is_brought_up_to_date_when_restored(db: Database, tmp_path: Path) -> None:
    old = database_at(
        tmp_path / "old.sqlite3",
        "0003",
        (
            "INSERT INTO journal_entries (day, title, body, created_at, updated_at)"
            " VALUES ('2026-01-01', '', 'from 0003', '2026-01-01 00:00:00', '2026-01-01 00:00:00')",
        ),
    )
    backup.restore_database(db, old)
    assert bodies(db) == ["from 0003"]
    with db.session() as session:
        (row,) = session.query(JournalEntry).all()
        assert (row.starred, row.time_zone) == (False, None)
    assert [hit.entry_id for hit in journal.search_entries(db, "from")] == [row.id]
    assert inspect_database(old) == "0003"  # the backup file itself is left as it was
