from __future__ import annotations

from datetime import date
from pathlib import Path

from sqlalchemy import delete, update

from app.store import Database, JournalEntry, search_entries
from app.store.search import fts_query


def add(db: Database, day: str, body: str, title: str = "") -> int:
    with db.session() as session:
        entry = JournalEntry(day=date.fromisoformat(day), title=title, body=body)
        session.add(entry)
        session.flush()
        return entry.id


def find(db: Database, query: str) -> list[int]:
    with db.engine.connect() as connection:
        return [hit.entry_id for hit in search_entries(connection, query)]


def test_search_finds_entries_by_a_word_in_the_body_and_marks_it(db: Database) -> None:
    first = add(db, "2026-11-01", "Walked to the lighthouse and back in the rain.")
    add(db, "2026-11-02", "Quiet day indoors.", title="Rain again")
    assert find(db, "lighthouse") == [first]
    assert sorted(find(db, "rain")) == [1, 2]
    with db.engine.connect() as connection:
        [hit] = search_entries(connection, "lighthou")  # the last word is a prefix
    assert hit.day == date(2026, 11, 1)
    [(start, end)] = hit.marks
    assert hit.snippet[start:end] == "lighthouse"


def test_the_index_follows_edits_and_deletes(db: Database) -> None:
    entry = add(db, "2026-11-01", "Bought apples.")
    with db.session() as session:
        session.execute(
            update(JournalEntry).where(JournalEntry.id == entry).values(body="Bought pears.")
        )
    assert find(db, "apples") == []
    assert find(db, "pears") == [entry]
    with db.session() as session:
        session.execute(delete(JournalEntry).where(JournalEntry.id == entry))
    assert find(db, "pears") == []


def test_every_word_must_match_and_operators_are_plain_text(db: Database) -> None:
    add(db, "2026-11-01", "Swim then run.")
    add(db, "2026-11-02", "Run only.")
    assert find(db, "run swim") == [1]
    assert find(db, 'run OR "swim') == []  # OR is a word here, not an operator
    assert find(db, "   ...  ") == []
    assert fts_query("café au-lait") == '"café" "au" "lait"*'
    assert find(db, "NEAR(") == []


def test_diacritics_fold(db: Database) -> None:
    entry = add(db, "2026-11-01", "Coffee at the café.")
    assert find(db, "cafe") == [entry]


def test_upgrading_from_0001_indexes_existing_entries(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import create_engine

    from app.store import open_database
    from app.store.db import _alembic_config

    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        config = _alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.exec_driver_sql(
            "INSERT INTO journal_entries (day, title, body, created_at, updated_at) VALUES "
            "('2026-01-02', '', 'An old entry about kayaking.', "
            "'2026-01-02 10:00:00.000000', '2026-01-02 10:00:00.000000')"
        )
    engine.dispose()
    db = open_database(path)
    try:
        assert find(db, "kayaking") == [1]
    finally:
        db.close()


def test_equally_good_matches_come_newest_first(db: Database) -> None:
    older = add(db, "2026-01-05", "Heron by the canal.")
    newer = add(db, "2026-03-05", "Heron by the canal.")
    other = add(db, "2026-02-05", "A heron, a wren and two magpies by the canal today.")
    assert find(db, "heron canal") == [newer, older, other]
