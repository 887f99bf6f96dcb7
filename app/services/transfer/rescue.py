"""Rescuing a damaged database: every readable row into a new one, and what was lost.

``rescue_database`` copies the rows of the database file that can still be read into a
new Inkling database (made by this app's migrations, brought up to date, checked),
written beside the destination and renamed into place, readable only by you.
``inkling restore DEST`` then puts it in place of the damaged one.  How the rows are
read around damaged pages: :mod:`app.store.rescue`.

``reads_readable_rows`` lets an export read a damaged database as far as its rows can
be read: from a rescued copy beside it, removed afterwards.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from app import clock
from app.services.errors import InvalidInputError
from app.store import DamagedDatabaseError, Database, StoreError, open_database
from app.store.damage import integrity_check
from app.store.db import head_revision, inspect_database
from app.store.rescue import TableRescue, rescue_rows, source_revision
from app.store.scratch import remove_with_side_files

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class RescueSummary:
    path: str
    tables: tuple[TableRescue, ...]

    @property
    def copied(self) -> int:
        return sum(t.copied for t in self.tables)

    @property
    def lost(self) -> int | None:
        """Rows lost in all (None: some table's loss is unknown)."""
        losses = [t.lost for t in self.tables]
        return None if None in losses else sum(t or 0 for t in losses)


def _target(dest: Path | str) -> Path:
    target = Path(dest).expanduser().absolute()
    if target.is_dir():
        stamp = clock.now().strftime("%Y%m%d-%H%M%S")
        target = target / f"inkling-rescued-{stamp}.sqlite3"
    if target.exists():
        raise InvalidInputError(f"{target} already exists; choose a new file name.")
    return target


def rescue_database(source: Path, dest: Path | str) -> RescueSummary:
    """Copy every readable row of the database file ``source`` into the new file ``dest``
    (in a folder: a dated file name), and count what was lost, table by table."""
    source = Path(source).expanduser().absolute()
    if not source.is_file():
        raise InvalidInputError(f"There is no database to rescue at {source}.")
    try:
        inspect_database(source)
    except DamagedDatabaseError:
        pass  # what this is for
    except StoreError:
        raise InvalidInputError(
            f"{source} is not an Inkling database; nothing was rescued."
        ) from None
    target = _target(dest)
    temp = target.parent / f".{target.name}.inkling-{uuid.uuid4().hex}"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        tables = rescue_rows(source, temp, source_revision(source, head_revision()))
        open_database(temp).close()  # an older file's rows are brought up to date
        with closing(sqlite3.connect(temp, isolation_level=None)) as connection:
            connection.execute("PRAGMA journal_mode = DELETE").fetchone()  # one file
        problem = integrity_check(temp)
        if problem is not None:
            raise StoreError(f"the copy failed its check ({problem})")
        os.replace(temp, target)
    except (OSError, sqlite3.Error, StoreError) as exc:
        raise InvalidInputError(f"Nothing was rescued into {target}: {exc}.") from None
    finally:
        remove_with_side_files(temp)
    return RescueSummary(str(target), tuple(tables))


def describe(summary: RescueSummary) -> str:
    """What the rescue copied and lost, in words."""
    losses = [t for t in summary.tables if t.lost != 0]
    lost = (
        "; lost: "
        + ", ".join(
            f"{t.table} {'an unknown number' if t.lost is None else t.lost}" for t in losses
        )
        if losses
        else "; nothing was lost"
    )
    return f"Rescued {summary.copied:,} rows into {summary.path}{lost}."


@contextmanager
def readable(db: Database) -> Iterator[Database]:
    """``db`` itself, or for a damaged one a rescued copy of it beside it (so its
    pages' images are found), removed when the block ends."""
    if db.damage is None:
        yield db
        return
    copy = db.path.with_name(f".rescue-{uuid.uuid4().hex}.sqlite3")
    rescue_database(db.path, copy)
    try:
        with open_database(copy) as rescued:
            yield rescued
    finally:
        remove_with_side_files(copy)


def reads_readable_rows(
    fn: Callable[Concatenate[Database, P], R],
) -> Callable[Concatenate[Database, P], R]:
    """Run ``fn(db, ...)`` over :func:`readable` ``(db)``: an export of a damaged
    database writes every row that can still be read."""

    @functools.wraps(fn)
    def read(db: Database, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with readable(db) as source:
            return fn(source, *args, **kwargs)

    return read
