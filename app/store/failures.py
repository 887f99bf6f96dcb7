"""Storage failures as one sentence: a full disk, permissions, I/O errors, damage, locks.

SQLite reports these as ``sqlite3`` errors, which SQLAlchemy wraps in a message that
carries the SQL statement and its parameters (an entry's private text); the operating
system reports them as ``OSError``.  :func:`storage_failure` turns either into a
:class:`StorageError` whose message is one sentence naming only the file, or ``None``
for an error that is not a storage failure (a constraint, a programming error).

``Database.session`` raises these in place of the driver's errors (its transaction has
rolled back, so nothing was changed); the command line and the window turn any that
reach them elsewhere (raw ``sqlite3`` connections, file writes) into the same sentences.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from sqlalchemy.exc import DBAPIError, StatementError


class StoreError(Exception):
    """A storage problem the user can act on; ``str(error)`` is one sentence naming the file."""


class StorageError(StoreError):
    """The disk, the file's permissions or the file itself failed a read or a write."""


class DamagedDatabaseError(StorageError):
    """The database file is damaged: opened read-only, or unreadable here."""


RESCUE_HINT: Final = "`inkling rescue DEST` copies what can still be read into a new database"


def damaged_sentence(path: Path | str) -> str:
    return f"{path} is damaged; {RESCUE_HINT}."


def opened_read_only_sentence(path: Path | str) -> str:
    return f"{path} is damaged, so Inkling opened it read-only; {RESCUE_HINT}."


def read_only_damaged_sentence(path: Path | str) -> str:
    return f"{path} is damaged, so Inkling opened it read-only and changed nothing; {RESCUE_HINT}."


_DATABASE_SENTENCES: Final = {
    sqlite3.SQLITE_FULL: "The disk is full, so nothing was saved to {path}; free some space and"
    " try again.",
    sqlite3.SQLITE_IOERR: "The disk reported an error while reading or writing {path}; nothing"
    " was changed.",
    sqlite3.SQLITE_READONLY: "{path} is read-only, so nothing was saved; check the permissions"
    " of the file and its folder.",
    sqlite3.SQLITE_PERM: "Inkling is not allowed to use {path}; check the permissions of the"
    " file and its folder.",
    sqlite3.SQLITE_CANTOPEN: "{path} could not be opened; check that its folder exists and"
    " that you may read and write it.",
    sqlite3.SQLITE_NOMEM: "There was not enough memory to use {path}; nothing was changed.",
    sqlite3.SQLITE_BUSY: "Another Inkling is using {path}; try again when it has finished.",
    sqlite3.SQLITE_LOCKED: "Another Inkling is using {path}; try again when it has finished.",
}
_DAMAGE_CODES: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})

_OS_SENTENCES: Final = {
    errno.ENOSPC: "The disk is full, so {path} could not be written; free some space and try"
    " again.",
    errno.EDQUOT: "The disk quota is used up, so {path} could not be written; free some space"
    " and try again.",
    errno.EACCES: "Inkling is not allowed to use {path}; check its permissions.",
    errno.EPERM: "Inkling is not allowed to use {path}; check its permissions.",
    errno.EROFS: "{path} is on a read-only disk, so it could not be written.",
    errno.EIO: "The disk reported an error while reading or writing {path}.",
}


def _sqlite_error(error: BaseException) -> sqlite3.Error | None:
    if isinstance(error, DBAPIError) and isinstance(error.orig, sqlite3.Error):
        return error.orig
    return error if isinstance(error, sqlite3.Error) else None


def storage_failure(
    error: BaseException, path: Path | str | None = None, *, read_only_damaged: bool = False
) -> StorageError | None:
    """The one-sentence failure for ``error`` (about the database ``path``, or for an
    ``OSError`` its own file name), or ``None`` when it is not a storage failure.

    ``read_only_damaged``: the database was opened read-only because it is damaged, so a
    refused write is explained by the damage, not by permissions."""
    if isinstance(error, StorageError):
        return error
    if isinstance(error, OSError):
        template = _OS_SENTENCES.get(error.errno or 0)
        if template is None:
            return None
        name = error.filename if error.filename is not None else (path or "a file")
        return StorageError(template.format(path=name))
    sqlite_error = _sqlite_error(error)
    if sqlite_error is None:
        return None
    code = getattr(sqlite_error, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF  # an extended code (SQLITE_IOERR_WRITE) carries its primary one
    where = path or "the database"
    if primary in _DAMAGE_CODES:
        return DamagedDatabaseError(damaged_sentence(where))
    if read_only_damaged and primary == sqlite3.SQLITE_READONLY:
        return DamagedDatabaseError(read_only_damaged_sentence(where))
    template = _DATABASE_SENTENCES.get(primary)
    if template is not None:
        return StorageError(template.format(path=where))
    if isinstance(sqlite_error, sqlite3.OperationalError | sqlite3.InternalError):
        name = getattr(sqlite_error, "sqlite_errorname", "an unknown error")
        return StorageError(f"{where} could not be read or written ({name}); nothing was changed.")
    return None


def shows_statement(error: BaseException) -> bool:
    """Whether ``str(error)`` would show SQL and its parameters (SQLAlchemy's errors)."""
    return isinstance(error, StatementError)


@contextmanager
def failures_as_sentences(path: Path, *, read_only_damaged: bool = False) -> Iterator[None]:
    """Raise a storage failure met in the block as its one sentence (without the driver's
    message, its SQL or its parameters); other errors pass unchanged."""
    try:
        yield
    except Exception as exc:
        failure = storage_failure(exc, path, read_only_damaged=read_only_damaged)
        if failure is None or failure is exc:
            raise
        raise failure from None
