"""Opening, re-opening and refusing files; sessions, transactions, threads and timestamps."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import StatementError

from app import clock as app_clock
from app.clock import FixedClock
from app.store import (
    CompletionSuggestion,
    Database,
    Habit,
    HabitCompletion,
    JournalEntry,
    NewerDatabaseError,
    NotInklingDatabaseError,
    Practice,
    PracticeSession,
    StoreError,
    open_database,
)

from .conftest import DAY, Rows

MODELS = (JournalEntry, Habit, Practice, CompletionSuggestion, HabitCompletion, PracticeSession)


def fill(db: Database, rows: Rows) -> None:
    """At least one row in every table."""
    with db.session() as session:
        offer = CompletionSuggestion(
            entry_id=rows.entry,
            target_type="habit",
            habit_id=rows.habit,
            label="I meditated",
            anchor_start=13,
            anchor_end=24,
            anchor_text="I meditated",
            completed_units=20.0,
            completed_on=DAY,
            status="accepted",
            decided_at=app_clock.utcnow(),
        )
        session.add(offer)
        session.flush()
        session.add_all(
            [
                HabitCompletion(habit_id=rows.habit, day=DAY, amount=20, suggestion_id=offer.id),
                PracticeSession(practice_id=rows.practice, day=DAY, minutes=30),
            ]
        )


def snapshot(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, as plain tuples."""
    with db.session(readonly=True) as session:
        return {
            model.__tablename__: [
                tuple(row) for row in session.execute(select(model.__table__).order_by("id"))
            ]
            for model in MODELS
        }


def file_state(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


# --- opening ---------------------------------------------------------------------------


def test_open_creates_the_data_folder(db_path: Path) -> None:
    assert not db_path.parent.exists()
    with open_database(db_path) as db:
        assert db.path == db_path
    assert db_path.is_file()
    assert db_path.parent.stat().st_mode & 0o777 == 0o700


def test_reopening_keeps_every_row(db: Database, db_path: Path, rows: Rows) -> None:
    fill(db, rows)
    before = snapshot(db)
    assert all(before.values())
    db.close()
    with open_database(db_path) as again:
        assert snapshot(again) == before
    with open_database(db_path) as third:
        assert snapshot(third) == before


def test_an_empty_file_becomes_a_database(db_path: Path) -> None:
    db_path.parent.mkdir()
    db_path.touch()
    with open_database(db_path) as db, db.session() as session:
        assert session.scalar(select(func.count()).select_from(JournalEntry)) == 0


# --- refusing files that are not ours --------------------------------------------------


def garbage(path: Path) -> None:
    path.write_bytes(b"Dear diary, this is a text file, not a database.\n" * 50)


def foreign_sqlite(path: Path) -> None:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        connection.execute("INSERT INTO notes (body) VALUES ('not yours')")
        connection.commit()


def foreign_alembic_sqlite(path: Path) -> None:
    """Another program that also uses Alembic, even with a revision id like ours."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        connection.execute("INSERT INTO alembic_version VALUES ('0001')")
        connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
        connection.commit()


def newer_inkling(path: Path) -> None:
    open_database(path).close()
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0042_from_the_future'")
        connection.execute("CREATE TABLE future_things (id INTEGER PRIMARY KEY)")
        connection.commit()


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (garbage, NotInklingDatabaseError, "{path} is not an Inkling database."),
        (
            foreign_sqlite,
            NotInklingDatabaseError,
            "{path} is not an Inkling database: it holds another program's data.",
        ),
        (
            foreign_alembic_sqlite,
            NotInklingDatabaseError,
            "{path} is not an Inkling database: it holds another program's data.",
        ),
        (
            newer_inkling,
            NewerDatabaseError,
            "{path} was written by a newer version of Inkling; update Inkling to open it.",
        ),
    ],
)
def test_refuses_a_file_it_does_not_own_without_touching_it(
    db_path: Path,
    make: Callable[[Path], None],
    error: type[StoreError],
    message: str,
) -> None:
    db_path.parent.mkdir()
    make(db_path)
    before = file_state(db_path)
    with pytest.raises(error) as refused:
        open_database(db_path)
    assert str(refused.value) == message.format(path=db_path)
    assert isinstance(refused.value, StoreError)
    assert file_state(db_path) == before


def test_refuses_a_damaged_database(db_path: Path) -> None:
    db_path.parent.mkdir()
    # A valid SQLite header followed by nonsense.
    db_path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    before = file_state(db_path)
    with pytest.raises(NotInklingDatabaseError, match=r"is not an Inkling database \("):
        open_database(db_path)
    assert file_state(db_path) == before


def test_refuses_a_folder_with_one_sentence(db_path: Path) -> None:
    db_path.mkdir(parents=True)
    with pytest.raises(StoreError, match=rf"^{db_path} could not be read \(.+\)\.$"):
        open_database(db_path)


# --- sessions and transactions ---------------------------------------------------------


def test_session_commits_on_success(db: Database) -> None:
    with db.session() as session:
        session.add(Habit(name="Water", unit="oz"))
    with db.session() as session:
        habit = session.scalars(select(Habit)).one()
    # expire_on_commit=False: still readable after the session ended.
    assert (habit.name, habit.unit, habit.archived, habit.default_amount) == (
        "Water",
        "oz",
        False,
        None,
    )


def test_session_rolls_back_everything_on_an_exception(db: Database, rows: Rows) -> None:
    class BoomError(Exception):
        pass

    def write_then_fail() -> None:
        with db.session() as session:
            session.add(Habit(name="Water"))
            session.get_one(JournalEntry, rows.entry).body = "rewritten"
            session.flush()  # written inside the transaction ...
            session.execute(text("DELETE FROM practices"))
            raise BoomError  # ... and undone

    before = snapshot(db)
    with pytest.raises(BoomError):
        write_then_fail()
    assert snapshot(db) == before


def test_a_reader_sees_the_last_commit_while_a_writer_is_busy(db: Database) -> None:
    with db.session() as writer:
        writer.add(Habit(name="Water"))
        writer.flush()  # the writer holds the write lock now
        with db.session(readonly=True) as reader:  # does not wait for it
            assert reader.scalar(select(func.count()).select_from(Habit)) == 0
    with db.session(readonly=True) as reader:
        assert reader.scalar(select(func.count()).select_from(Habit)) == 1


def test_threads_read_then_write_without_losing_an_update(db: Database, rows: Rows) -> None:
    """Each session takes the write lock up front, so read-modify-write cycles never collide."""
    rounds, threads = 15, 4
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(rounds):
                with db.session() as session:
                    habit = session.get_one(Habit, rows.habit)
                    habit.default_amount = (habit.default_amount or 0) + 1
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    workers = [threading.Thread(target=work) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    with db.session() as session:
        assert session.get_one(Habit, rows.habit).default_amount == 20 + rounds * threads


# --- values ----------------------------------------------------------------------------


@pytest.fixture
def kiritimati(clock: FixedClock) -> FixedClock:
    """00:30 on 1 December in Kiritimati (UTC+14): still 30 November in UTC."""
    clock.set(datetime(2026, 12, 1, 0, 30, tzinfo=ZoneInfo("Pacific/Kiritimati")))
    return clock


def test_timestamps_come_back_timezone_aware_utc(
    kiritimati: FixedClock, db: Database, rows: Rows
) -> None:
    fill(db, rows)
    with db.session() as session:
        stamps = [
            session.get_one(JournalEntry, rows.entry).created_at,
            session.get_one(JournalEntry, rows.entry).updated_at,
            session.get_one(Habit, rows.habit).created_at,
            session.scalars(select(CompletionSuggestion.decided_at)).one(),
            session.scalars(select(HabitCompletion.created_at)).one(),
            session.scalars(select(PracticeSession.created_at)).one(),
        ]
    for stamp in stamps:
        assert stamp is not None
        assert stamp.tzinfo is UTC
        assert stamp == datetime(2026, 11, 30, 10, 30, tzinfo=UTC)  # the clock's, in UTC


def test_an_aware_time_is_stored_as_utc(db: Database, rows: Rows) -> None:
    ended = datetime(2026, 11, 2, 23, 30, tzinfo=timezone(timedelta(hours=2)))
    with db.session() as session:
        session.get_one(Practice, rows.practice).ended_at = ended
    with db.session() as session:
        stored = session.get_one(Practice, rows.practice).ended_at
        raw = session.scalar(text("SELECT ended_at FROM practices"))
    assert stored == ended
    assert stored is not None
    assert stored.tzinfo is UTC
    assert raw == "2026-11-02 21:30:00.000000"


def test_a_naive_time_is_refused(db: Database, rows: Rows) -> None:
    with pytest.raises(StatementError, match="naive datetime"), db.session() as session:
        session.get_one(Practice, rows.practice).ended_at = datetime(2026, 11, 2, 12, 0)


def test_updated_at_moves_on_update(db: Database, rows: Rows) -> None:
    with db.session() as session:
        entry = session.get_one(JournalEntry, rows.entry)
        created, first = entry.created_at, entry.updated_at
        entry.body = "New text."
    with db.session() as session:
        entry = session.get_one(JournalEntry, rows.entry)
        assert entry.created_at == created
        assert entry.updated_at > first


def test_practice_is_active_until_ended(db: Database, rows: Rows) -> None:
    with db.session() as session:
        session.add(Practice(name="Yoga", ended_at=app_clock.utcnow()))
    with db.session() as session:
        active = session.scalars(select(Practice.name).where(Practice.active)).all()
        ended = session.scalars(select(Practice).where(~Practice.active)).one()
    assert active == ["Run"]
    assert ended.name == "Yoga"
    assert not ended.active


def test_entry_defaults_and_suggestion_order(db: Database, rows: Rows) -> None:
    with db.session() as session:
        entry = JournalEntry(day=date(2026, 11, 3))
        session.add(entry)
        session.flush()
        for start, habit in ((40, None), (5, rows.habit)):
            if habit is None:
                session.add(water := Habit(name="Water"))
                session.flush()
                habit = water.id
            entry.suggestions.append(
                CompletionSuggestion(
                    target_type="habit",
                    habit_id=habit,
                    label="x",
                    anchor_start=start,
                    anchor_end=start + 1,
                    anchor_text="x",
                )
            )
        entry_id = entry.id
    with db.session() as session:
        entry = session.get_one(JournalEntry, entry_id)
        assert (entry.title, entry.body) == ("", "")
        assert [s.anchor_start for s in entry.suggestions] == [5, 40]
        assert {s.status for s in entry.suggestions} == {"pending"}
