"""Opening Inkling's SQLite database: recognise the file, migrate it, hand out sessions.

``open_database`` first reads the file without writing to it (a plain read-only
SQLite connection) and refuses anything that is not an Inkling database, or
that a newer Inkling wrote.  Only then does it switch the file to WAL and apply
pending Alembic migrations, all in one transaction.

Opening never takes the write lock unless a migration is due: another Inkling process
(the window, a long import) may be writing meanwhile.  Writers wait for each other
(:mod:`app.store.contention`); a wait that runs out is :class:`DatabaseBusyError`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Final, cast

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import URL, Connection, Engine, create_engine, event
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry

from app.store.contention import STEP_MS, WaitedTooLongError, WriteWaits, begin_write
from app.store.damage import quick_check
from app.store.failures import (
    DamagedDatabaseError,
    StoreError,
    damaged_sentence,
    failures_as_sentences,
)
from app.store.scratch import remove_stale, remove_stale_staging

APPLICATION_ID: Final = 0x496E6B6C  # "Inkl" in the SQLite header; set by migration 0001
MIGRATIONS_DIR: Final = Path(__file__).resolve().with_name("migrations")
_SQLITE_MAGIC: Final = b"SQLite format 3\x00"
_READONLY_OPTION: Final = "inkling_readonly"
_WAIT_OPTION: Final = "inkling_wait_limit"


class NotInklingDatabaseError(StoreError):
    """The file is not SQLite, or it is another program's SQLite database."""


class NewerDatabaseError(StoreError):
    """The database was migrated by a newer Inkling than this one."""


class DatabaseBusyError(StoreError):
    """Another Inkling process held the write lock for longer than writers wait."""

    def __init__(self, path: Path, waited: float) -> None:
        super().__init__(
            f"Another Inkling was still writing to {path} after {waited:.0f} seconds, "
            "so nothing was changed; try again when it has finished."
        )
        self.waited = waited


class Database:
    """An open Inkling database.  Safe to share between threads; sessions are not."""

    def __init__(
        self, path: Path, engine: Engine, waits: WriteWaits, *, damage: str | None = None
    ) -> None:
        self.path = path
        self.engine = engine
        self.waits = waits
        """How long writers wait for another process; listen to it to show the wait."""
        self.damage = damage
        """What ``quick_check`` found when the file was opened (then it is read-only)."""
        self._writer = sessionmaker(engine, expire_on_commit=False)
        self._reader = sessionmaker(
            engine.execution_options(**{_READONLY_OPTION: True}), expire_on_commit=False
        )

    @contextmanager
    def session(self, *, readonly: bool = False, wait: float | None = None) -> Iterator[Session]:
        """One transaction: commit when the block ends, roll back if it raises.

        Transactions take the write lock when they start (``BEGIN IMMEDIATE``), so a
        read-then-write never fails half-way because another writer got in between;
        while another process holds it they wait, up to ``wait`` seconds (None: the
        database's limit), then raise :class:`DatabaseBusyError` with nothing written.
        ``readonly=True`` starts a plain deferred transaction instead: it never waits
        for writers (WAL readers see a snapshot) — use it for every read.
        """
        if readonly:
            factory = self._reader
        elif wait is None:
            factory = self._writer
        else:
            factory = sessionmaker(
                self.engine.execution_options(**{_WAIT_OPTION: wait}), expire_on_commit=False
            )
        sentences = failures_as_sentences(self.path, read_only_damaged=self.damage is not None)
        with sentences, factory.begin() as session:
            yield session

    def recheck(self) -> None:
        """Check a damaged database's file again (a restore replaced it): writable when sound."""
        if self.damage is None or quick_check(self.path) is not None:
            return
        self.damage = None
        self.engine.dispose()
        self.engine = _create_engine(self.path, foreign_keys=True, waits=self.waits)
        self._writer.configure(bind=self.engine)
        self._reader.configure(bind=self.engine.execution_options(**{_READONLY_OPTION: True}))

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def open_database(path: Path, waits: WriteWaits | None = None) -> Database:
    """Open (creating if needed) the database at ``path``, migrated to this app's schema.

    ``waits``: how long its writers wait for another process, and who hears about it."""
    path = Path(path).expanduser().absolute()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"The folder {path.parent} could not be created ({exc.strerror})."
        ) from exc
    remove_stale(path.parent)  # copies a killed backup or restore left behind
    remove_stale_staging(path.parent)  # page images a killed notebook import left
    config = _alembic_config()
    scripts = ScriptDirectory.from_config(config)
    known = {script.revision for script in scripts.walk_revisions()}
    current = _read_revision(path, known)
    waits = waits if waits is not None else WriteWaits()
    damage = _damage(path, current, scripts.get_current_head())
    if current != scripts.get_current_head():
        _migrate(path, config, waits=waits)
    engine = _create_engine(path, foreign_keys=True, query_only=damage is not None, waits=waits)
    return Database(path, engine, waits, damage=damage)


def _damage(path: Path, current: str | None, head: str | None) -> str | None:
    """What ``PRAGMA quick_check`` finds wrong with an existing file (None: sound).

    A damaged file is opened read-only; one that would first need a migration cannot
    be opened at all (migrating would write into the damage)."""
    if current is None:
        return None
    damage = quick_check(path)
    if damage is not None and current != head:
        raise DamagedDatabaseError(damaged_sentence(path))
    return damage


def inspect_database(path: Path) -> str | None:
    """The schema revision of the Inkling database at ``path`` (None: empty or missing),
    read without writing; ``NotInklingDatabaseError`` or ``NewerDatabaseError`` otherwise."""
    scripts = ScriptDirectory.from_config(_alembic_config())
    return _read_revision(Path(path), {script.revision for script in scripts.walk_revisions()})


def _alembic_config() -> Config:
    """Alembic settings built in code: no alembic.ini is needed by an installed app."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def _read_revision(path: Path, known: set[str]) -> str | None:
    """The file's schema revision (``None`` for a new or empty file), without writing to it."""
    try:
        with path.open("rb") as file:
            magic = file.read(len(_SQLITE_MAGIC))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"{path} could not be read ({exc.strerror}).") from exc
    if not magic:
        return None  # SQLite treats an empty file as an empty database
    if magic != _SQLITE_MAGIC:
        raise NotInklingDatabaseError(f"{path} is not an Inkling database.")

    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            (application_id,) = connection.execute("PRAGMA application_id").fetchone()
            tables = {
                name
                for (name,) in connection.execute(
                    "SELECT name FROM sqlite_master"
                    " WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                )
            }
            revisions = (
                [rev for (rev,) in connection.execute("SELECT version_num FROM alembic_version")]
                if "alembic_version" in tables
                else []
            )
        finally:
            connection.close()
    except sqlite3.OperationalError as exc:
        raise StoreError(f"{path} could not be read ({exc}).") from exc
    except sqlite3.DatabaseError as exc:  # not a database, or a damaged one
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_CORRUPT:
            raise DamagedDatabaseError(damaged_sentence(path)) from exc
        raise NotInklingDatabaseError(f"{path} is not an Inkling database ({exc}).") from exc

    if not tables and application_id in (0, APPLICATION_ID):
        return None
    if application_id != APPLICATION_ID or len(revisions) != 1:
        raise NotInklingDatabaseError(
            f"{path} is not an Inkling database: it holds another program's data."
        )
    if revisions[0] not in known:
        raise NewerDatabaseError(
            f"{path} was written by a newer version of Inkling; update Inkling to open it."
        )
    return str(revisions[0])


def head_revision() -> str:
    """The schema revision this version of Inkling writes."""
    return str(ScriptDirectory.from_config(_alembic_config()).get_current_head())


def create_database(path: Path, revision: str) -> None:
    """A new database at ``path`` made by this app's migrations up to ``revision`` (the
    schema a rescue copies an older file's rows into before it is brought up to date)."""
    _migrate(path, _alembic_config(), revision)


def _migrate(
    path: Path, config: Config, revision: str = "head", *, waits: WriteWaits | None = None
) -> None:
    """Apply every pending migration in one transaction; on any error nothing is changed.

    Foreign keys are off while migrating: SQLite alters a table by copying it and
    dropping the original, which would otherwise cascade-delete the rows that point
    at it.  Every reference is checked before the transaction commits.
    """
    engine = _create_engine(path, foreign_keys=False, waits=waits)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise StoreError(
                    f"{path} could not be upgraded: the migration left {len(broken)} "
                    "broken references, so nothing was changed."
                )
    except DBAPIError as exc:  # locked for too long, disk full, read-only file, ...
        raise StoreError(
            f"{path} could not be updated to this version of Inkling ({exc.orig}); "
            "nothing was changed."
        ) from exc
    finally:
        config.attributes.pop("connection", None)
        engine.dispose()


def _create_engine(
    path: Path, *, foreign_keys: bool, query_only: bool = False, waits: WriteWaits | None = None
) -> Engine:
    """An engine whose every connection uses WAL, a busy timeout and explicit transactions;
    writing transactions wait for the write lock as ``waits`` says.

    ``query_only``: every write is refused (SQLITE_READONLY) and no transaction takes
    the write lock (a damaged database)."""
    engine = create_engine(
        URL.create("sqlite", database=str(path)),
        connect_args={"check_same_thread": False},  # one engine, many threads
    )
    pragmas = (
        f"PRAGMA busy_timeout = {STEP_MS}",
        *(("PRAGMA query_only = ON",) if query_only else ("PRAGMA journal_mode = WAL",)),
        "PRAGMA synchronous = NORMAL",
        f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}",
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        connection = cast(sqlite3.Connection, dbapi_connection)
        # Let SQLAlchemy's "begin" event below start every transaction, DDL included;
        # the sqlite3 module would otherwise run DDL outside any transaction.
        connection.isolation_level = None
        for pragma in pragmas:
            connection.execute(pragma).close()

    writers = waits if waits is not None else WriteWaits()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        options = connection.get_execution_options()
        if query_only or options.get(_READONLY_OPTION, False):
            connection.exec_driver_sql("BEGIN DEFERRED")
            return
        raw = cast(sqlite3.Connection, connection.connection.driver_connection)
        try:
            begin_write(raw, writers, limit=options.get(_WAIT_OPTION))
        except WaitedTooLongError as exc:
            raise DatabaseBusyError(path, exc.waited) from None
        except sqlite3.Error as exc:  # as SQLAlchemy wraps every other driver error
            raise DBAPIError.instance("BEGIN IMMEDIATE", None, exc, sqlite3.Error) from exc

    return engine
