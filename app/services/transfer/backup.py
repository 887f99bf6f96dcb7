"""A full backup of the database (SQLite's online backup API) and restoring one.

A backup is a consistent copy taken while Inkling runs, checked, then renamed into
place.  Restoring refuses a file that is not an Inkling database (or that a newer
Inkling wrote), copies it beside the data folder's database, checks it and brings it up
to this version's schema, and only then swaps it in with one atomic rename, after every
connection to the old file is closed: the database is never half-written.  The same
``Database`` object keeps working: its next session opens the restored file.

Both copies are scratch files (:mod:`app.store.scratch`): readable by their owner only
(0600, so the backup is too), and removed by the next backup, restore or open when a
killed process left one behind.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from sqlalchemy import select

from app import clock
from app.services.changes import Changes, OpResult, Target
from app.services.errors import InvalidInputError, RefusedError
from app.services.transfer.source_files import shown
from app.store import (
    CustomDetector,
    DamagedDatabaseError,
    Database,
    Finding,
    Habit,
    JournalEntry,
    NewerDatabaseError,
    Notebook,
    NotebookPage,
    Practice,
    StoreError,
    Tag,
    open_database,
)
from app.store.damage import integrity_check
from app.store.db import inspect_database
from app.store.failures import RESCUE_HINT
from app.store.models import CompletionSuggestion
from app.store.scratch import remove_stale, scratch_file


@dataclass(frozen=True)
class BackupSummary:
    path: str
    size: int
    """Bytes."""


@dataclass(frozen=True)
class RestoreSummary:
    path: str
    entries: int
    notebooks: int


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _copy(source: Path, target: Path, *, read_only: bool) -> None:
    """A consistent copy through the backup API, as one self-contained file (no WAL)."""
    uri = f"{source.as_uri()}?mode=ro" if read_only else source.as_uri()
    with closing(sqlite3.connect(uri, uri=True)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode = DELETE").fetchone()
    _fsync(target)


def _check_integrity(path: Path, label: Path) -> None:
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as connection:
        (result,) = connection.execute("PRAGMA integrity_check").fetchone()
    if result != "ok":
        raise InvalidInputError(f"{label} is damaged ({result}).")


def _refuse_damaged(db: Database) -> None:
    """The full ``integrity_check`` before a backup: a damaged file is not copied."""
    if db.damage is not None or integrity_check(db.path) is not None:
        raise RefusedError(
            f"{db.path} is damaged, so it was not backed up (the copy would be damaged too);"
            f" {RESCUE_HINT}."
        )


def backup_database(db: Database, dest: Path | str) -> BackupSummary:
    """Copy the database to ``dest`` (a file; in a folder, a dated file name)."""
    target = Path(dest).expanduser().absolute()
    if target.is_dir():
        stamp = clock.now().strftime("%Y%m%d-%H%M%S")
        target = target / f"inkling-backup-{stamp}.sqlite3"
    if target.exists() and target.resolve() == db.path.resolve():
        raise InvalidInputError("A backup cannot replace the database it copies.")
    _refuse_damaged(db)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale(target.parent)
        remove_stale(db.path.parent)
        with scratch_file(target) as temp:
            _copy(db.path, temp, read_only=False)
            inspect_database(temp)  # an Inkling database at a revision this app knows
            _check_integrity(temp, target)
            os.replace(temp, target)
        size = target.stat().st_size
    except (OSError, sqlite3.Error) as exc:
        raise InvalidInputError(
            f"The backup {shown(target)} could not be written ({exc})."
        ) from None
    return BackupSummary(str(target), size)


def _check_backup(source: Path) -> None:
    if not source.is_file():
        raise InvalidInputError(
            f"{source} does not exist." if not source.exists() else f"{source} is not a file."
        )
    try:
        revision = inspect_database(source)
    except NewerDatabaseError:
        raise InvalidInputError(
            f"{source} was written by a newer version of Inkling; update Inkling to restore it."
        ) from None
    except StoreError:
        raise InvalidInputError(f"{source} is not an Inkling backup.") from None
    if revision is None:
        raise InvalidInputError(f"{source} is not an Inkling backup: it holds no data.")


@dataclass(frozen=True)
class _Ids:
    entries: frozenset[int]
    suggestions: frozenset[int]
    targets: frozenset[Target]
    notebooks: frozenset[int]
    pages: frozenset[int]
    findings: frozenset[int]
    tags: frozenset[str]
    detectors: frozenset[str]


def _ids(db: Database) -> _Ids:
    with db.session(readonly=True) as session:
        targets = {("habit", i) for i in session.scalars(select(Habit.id))} | {
            ("practice", i) for i in session.scalars(select(Practice.id))
        }
        return _Ids(
            entries=frozenset(session.scalars(select(JournalEntry.id))),
            suggestions=frozenset(session.scalars(select(CompletionSuggestion.id))),
            targets=frozenset(targets),
            notebooks=frozenset(session.scalars(select(Notebook.id))),
            pages=frozenset(session.scalars(select(NotebookPage.id))),
            findings=frozenset(session.scalars(select(Finding.id))),
            tags=frozenset(session.scalars(select(Tag.slug))),
            detectors=frozenset(session.scalars(select(CustomDetector.detector_id))),
        )


def _ids_if_readable(db: Database) -> _Ids:
    """What the database held, as far as it can be read (nothing of a damaged one)."""
    try:
        return _ids(db)
    except DamagedDatabaseError:
        return _Ids(*(frozenset[Any]() for _ in fields(_Ids)))


def _swap(db: Database, restored: Path) -> None:
    """Close every connection to the live file, take it out of WAL mode (which succeeds
    only when no other connection has it open), and rename the restored file over it."""
    db.engine.dispose()
    live = db.path
    busy = RefusedError(
        "The database is in use (background work or another Inkling); restore again when it is"
        " free."
    )
    try:
        with closing(sqlite3.connect(live, timeout=2, isolation_level=None)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            (mode,) = connection.execute("PRAGMA journal_mode = DELETE").fetchone()
    except sqlite3.OperationalError:  # locked by another connection
        raise busy from None
    if str(mode).lower() != "delete" or Path(f"{live}-wal").exists():
        raise busy
    os.replace(restored, live)
    _fsync(live.parent)


def restore_database(db: Database, src: Path | str) -> OpResult[RestoreSummary]:
    """Replace the database's contents with the backup ``src`` (checked first)."""
    source = Path(src).expanduser().absolute()
    _check_backup(source)
    if source.resolve() == db.path.resolve():
        raise InvalidInputError(f"{source} is the database in use; choose a backup file.")
    remove_stale(db.path.parent)
    try:
        with scratch_file(db.path) as temp:
            try:
                _copy(source, temp, read_only=True)
                _check_integrity(temp, source)
                open_database(temp).close()  # an older backup is brought up to this schema
                with closing(sqlite3.connect(temp, isolation_level=None)) as connection:
                    connection.execute("PRAGMA journal_mode = DELETE").fetchone()
                _check_integrity(temp, source)
            except (sqlite3.Error, StoreError) as exc:
                raise InvalidInputError(f"{source} cannot be restored ({exc}).") from None
            before = _ids_if_readable(db)
            try:
                _swap(db, temp)
            except (OSError, sqlite3.Error) as exc:
                raise InvalidInputError(
                    f"The database could not be replaced ({exc}); it was left as it was."
                ) from None
    except OSError as exc:  # the scratch copy could not be made
        raise InvalidInputError(
            f"{shown(source)} cannot be restored ({exc.strerror or exc}); nothing was changed."
        ) from None
    db.recheck()  # a damaged database replaced by a sound one is writable again
    after = _ids(db)
    changes = Changes(
        entries=after.entries,
        deleted_entries=before.entries - after.entries,
        suggestions=before.suggestions | after.suggestions,
        targets=before.targets | after.targets,
        completions=before.targets | after.targets,
        notebooks=before.notebooks | after.notebooks,
        pages=before.pages | after.pages,
        findings=before.findings | after.findings,
        tags=before.tags | after.tags,
        detectors=before.detectors | after.detectors,
    )
    return OpResult(RestoreSummary(str(source), len(after.entries), len(after.notebooks)), changes)
