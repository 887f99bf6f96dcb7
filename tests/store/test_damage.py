"""Damaged database files: found on open, opened read-only, rescued row by row."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from app.services.errors import InvalidInputError
from app.services.journal import entries as journal
from app.services.transfer.rescue import rescue_database
from app.store import DamagedDatabaseError, NotInklingDatabaseError, open_database
from app.store.damage import integrity_check, quick_check
from tests.store.damaged import (
    PAGE,
    damage_entries,
    entry_ids_on,
    leaf_pages,
    make_journal,
    overwrite_pages,
)

ENTRIES = 600


@pytest.fixture
def journal_file(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "inkling.sqlite3"
    make_journal(path, ENTRIES)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def entry_ids(path: Path) -> set[int]:
    with closing(sqlite3.connect(path)) as connection:
        return {i for (i,) in connection.execute("SELECT id FROM journal_entries")}


def test_a_sound_file_passes_both_checks_and_opens_writable(journal_file: Path) -> None:
    assert quick_check(journal_file) is None
    assert integrity_check(journal_file) is None
    with open_database(journal_file) as db:
        assert db.damage is None
        journal.add_entry(db, date(2026, 1, 1), "fine")


def test_a_damaged_page_opens_read_only_and_every_write_is_refused(journal_file: Path) -> None:
    damage_entries(journal_file)
    with open_database(journal_file) as db:
        assert db.damage is not None
        before = digest(journal_file)
        with pytest.raises(DamagedDatabaseError) as refused:
            journal.add_entry(db, date(2026, 1, 1), "PRIVATE words never written")
        message = str(refused.value)
        assert "read-only" in message
        assert "inkling rescue" in message
        assert "PRIVATE" not in message
        assert "INSERT" not in message
        assert "\n" not in message
        assert journal.get_entry(db, 1).body.startswith("PRIVATE-00000-MARK")  # reads work
    assert digest(journal_file) == before


def test_a_rescue_copies_every_readable_row_and_counts_exactly_the_lost(
    journal_file: Path, tmp_path: Path
) -> None:
    leaves = leaf_pages(journal_file, "journal_entries")
    pages = [leaves[5], leaves[len(leaves) // 2]]  # two separate damaged stretches
    lost = entry_ids_on(journal_file, pages)
    overwrite_pages(journal_file, pages)

    summary = rescue_database(journal_file, tmp_path / "rescued.sqlite3")

    table = {t.table: t for t in summary.tables}["journal_entries"]
    assert (table.lost, table.unreadable, table.copied) == (len(lost), 2, ENTRIES - len(lost))
    assert summary.lost == len(lost)
    rescued = tmp_path / "rescued.sqlite3"
    assert entry_ids(rescued) == set(range(1, ENTRIES + 1)) - lost
    assert os.stat(rescued).st_mode & 0o777 == 0o600
    with open_database(rescued) as db:  # an Inkling database like any other
        assert db.damage is None
        assert len(journal.search_entries(db, "secret")) > 0  # the index was rebuilt
        journal.add_entry(db, date(2026, 1, 1), "writable again")


def test_a_sound_file_is_rescued_whole(journal_file: Path, tmp_path: Path) -> None:
    summary = rescue_database(journal_file, tmp_path / "copy.sqlite3")
    assert summary.lost == 0
    assert summary.copied == ENTRIES
    assert entry_ids(tmp_path / "copy.sqlite3") == entry_ids(journal_file)


def test_a_truncated_file_is_damaged_and_its_lost_tail_counted(
    journal_file: Path, tmp_path: Path
) -> None:
    leaves = leaf_pages(journal_file, "journal_entries")
    pages = journal_file.stat().st_size // PAGE
    cut = leaves[-3]  # the file ends before the last three pages of entries
    lost = entry_ids_on(journal_file, list(range(cut, pages + 1)))
    os.truncate(journal_file, (cut - 1) * PAGE)

    assert quick_check(journal_file) is not None
    summary = rescue_database(journal_file, tmp_path / "rescued.sqlite3")
    assert entry_ids(tmp_path / "rescued.sqlite3") == set(range(1, ENTRIES + 1)) - lost
    assert {t.table: t for t in summary.tables}["journal_entries"].copied == ENTRIES - len(lost)


def test_a_file_that_is_not_a_database_is_refused_not_rescued(tmp_path: Path) -> None:
    path = tmp_path / "inkling.sqlite3"
    path.write_bytes(b"just some notes, not a database\n" * 100)
    with pytest.raises(NotInklingDatabaseError):
        open_database(path)
    with pytest.raises(InvalidInputError, match="not an Inkling database"):
        rescue_database(path, tmp_path / "rescued.sqlite3")
    assert not (tmp_path / "rescued.sqlite3").exists()


def test_a_rescue_never_replaces_an_existing_file(journal_file: Path, tmp_path: Path) -> None:
    existing = tmp_path / "keep.sqlite3"
    existing.write_bytes(b"mine")
    with pytest.raises(InvalidInputError, match="already exists"):
        rescue_database(journal_file, existing)
    assert existing.read_bytes() == b"mine"
