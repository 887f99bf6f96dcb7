"""Copy every readable row of a damaged database into a new one.

SQLite's own answer is the shell's ``.recover`` (``sqlite3_recover_*``), which also
finds rows on pages no table reaches any more; but it is part of the ``sqlite3``
command-line program, which users may not have, and Python's ``sqlite3`` module has
no recover API.  So Inkling copies table by table through plain SQL, which needs
nothing else installed:

- the new file is made by the app's own migrations, up to the damaged file's schema
  revision (``create_database``), so it is an Inkling database like any other and the
  next open brings it up to date;
- each table is read in ``rowid`` order in batches; where a read fails (a damaged
  page), the reading skips ahead to the first row that can be read again (doubling the
  step, then halving back), so one bad page costs only the rows on it;
- a row the new schema refuses (a constraint, a value garbled by the damage) is
  skipped too;
- a row whose parent was lost is removed, or its reference emptied when the schema
  says so (``ON DELETE SET NULL``), until ``PRAGMA foreign_key_check`` is clean;
- the full-text index is rebuilt from the rows copied (its own triggers), never read.

What was lost is counted per table: the rows the file said it held (``count(*)``,
which SQLite answers from an index when there is one, so it usually survives a
damaged table page) minus the rows copied; when even that count cannot be read, the
number is unknown and only the unreadable stretches are counted.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, cast

from app.store.db import create_database
from app.store.failures import DamagedDatabaseError

BATCH: Final = 500
_ROWID_MIN: Final = -(2**63)
_ROWID_MAX: Final = 2**63 - 1
_NOT_COPIED: Final = ("alembic_version",)
Row = tuple[object, ...]


@dataclass(frozen=True)
class TableRescue:
    table: str
    copied: int
    held: int | None
    """Rows the damaged file said the table held (None: that count was unreadable)."""
    unreadable: int
    """Stretches of the table that could not be read (damaged pages)."""
    refused: int
    """Rows read but refused by the schema (garbled by the damage)."""
    orphaned: int
    """Rows removed because what they belonged to was lost."""

    @property
    def lost(self) -> int | None:
        """Rows not in the new database (None: unknown, some stretches were unreadable)."""
        if self.held is not None:
            return max(self.held - self.copied, 0)
        if self.unreadable:
            return None
        return self.refused + self.orphaned


def source_revision(source: Path, fallback: str) -> str:
    """The schema revision the damaged file records (``fallback`` when unreadable)."""
    try:
        with closing(_read_only(source)) as connection:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return fallback
    return str(row[0]) if row else fallback


def rescue_rows(
    source: Path,
    dest: Path,
    revision: str,
    *,
    on_table: Callable[[str], None] | None = None,
) -> list[TableRescue]:
    """Make ``dest`` (a new file) at ``revision`` and copy into it every row of
    ``source`` that can be read; what happened to each table."""
    with closing(_read_only(source)) as src:
        try:
            src.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError:
            raise DamagedDatabaseError(
                f"the list of tables in {source} is damaged, so nothing in it can be read"
            ) from None
    create_database(dest, revision)
    with closing(_read_only(source)) as src, closing(sqlite3.connect(dest)) as dst:
        dst.isolation_level = None
        dst.execute("PRAGMA foreign_keys = OFF")
        dst.execute("BEGIN IMMEDIATE")
        results: dict[str, TableRescue] = {}
        for table in _tables(dst):
            if on_table is not None:
                on_table(table)
            results[table] = _copy_table(src, dst, table)
        orphaned = _remove_orphans(dst)
        dst.execute("COMMIT")
    return [
        replace(r, copied=r.copied - orphaned.get(t, 0), orphaned=orphaned.get(t, 0))
        for t, r in results.items()
    ]


def _read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that also reads a truncated file (``writable_schema``
    makes SQLite trust the file's length over the page count in its header)."""
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    connection.execute("PRAGMA writable_schema = ON")
    return connection


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _tables(dst: sqlite3.Connection) -> list[str]:
    """The new schema's ordinary tables: not SQLite's, not Alembic's, not a virtual
    table's or its shadow tables (the full-text index fills itself by triggers)."""
    rows = dst.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid"
    ).fetchall()
    virtual = [name for name, sql in rows if str(sql).upper().startswith("CREATE VIRTUAL")]
    return [
        name
        for name, _sql in rows
        if not name.startswith("sqlite_")
        and name not in _NOT_COPIED
        and name not in virtual
        and not any(name.startswith(f"{v}_") for v in virtual)
    ]


def _columns(connection: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in connection.execute(f"PRAGMA table_info({_quoted(table)})")]


def _copy_table(src: sqlite3.Connection, dst: sqlite3.Connection, table: str) -> TableRescue:
    try:
        present = set(_columns(src, table))
    except sqlite3.Error:
        present = set()
    columns = [c for c in _columns(dst, table) if c in present]
    if not columns:  # the table itself is unreadable (or missing)
        return TableRescue(table, 0, None, 1, 0, 0)
    try:
        (held,) = src.execute(f"SELECT count(*) FROM {_quoted(table)}").fetchone()
    except sqlite3.Error:
        held = None
    names = ", ".join(_quoted(c) for c in columns)
    reader = _Reader(src, f"SELECT rowid, {names} FROM {_quoted(table)}")
    insert = f"INSERT INTO {_quoted(table)} ({names}) VALUES ({', '.join('?' * len(columns))})"
    dst.execute(f"DELETE FROM {_quoted(table)}")  # nothing a migration may have seeded
    copied = refused = 0
    for batch in reader.batches():
        rows = [row[1:] for row in batch]
        dst.execute("SAVEPOINT batch")
        try:
            dst.executemany(insert, rows)
            copied += len(rows)
        except sqlite3.DatabaseError:
            dst.execute("ROLLBACK TO batch")
            for row in rows:
                try:
                    dst.execute(insert, row)
                    copied += 1
                except sqlite3.DatabaseError:
                    refused += 1
        dst.execute("RELEASE batch")
    return TableRescue(table, copied, held, reader.unreadable, refused, 0)


class _Reader:
    """A table's rows in ``rowid`` order, in batches, skipping what cannot be read."""

    def __init__(self, src: sqlite3.Connection, select: str) -> None:
        self._src = src
        self._after = f"{select} WHERE rowid > ? ORDER BY rowid LIMIT ?"
        self._exact = f"{select} WHERE rowid = ?"
        self.unreadable = 0

    def _read(self, sql: str, args: tuple[int, ...], rows: list[Row]) -> bool:
        """Append the rows ``sql`` reads; False when a read failed (the rows before the
        failure are appended)."""
        try:
            for row in self._src.execute(sql, args):
                rows.append(row)
        except sqlite3.DatabaseError:
            return False
        return True

    def batches(self) -> Iterator[list[Row]]:
        after: int | None = _ROWID_MIN  # (a rowid of exactly -2**63 is never assigned)
        while after is not None:
            rows: list[Row] = []
            ok = self._read(self._after, (after, BATCH), rows)
            if rows:
                yield rows
                after = cast(int, rows[-1][0])
            if ok:
                if len(rows) < BATCH:
                    return
                continue
            # A read failed: one row at a time up to the damage (a batch may have read a
            # row beyond the last one it returned), then past it.
            while True:
                rows = []
                ok = self._read(self._after, (after, 1), rows)
                if rows:
                    yield rows
                    after = cast(int, rows[-1][0])
                if not ok:
                    break
                if not rows:
                    return
            self.unreadable += 1
            after = self._skip(after)
            if after is not None and self._read(self._exact, (after,), rows := []) and rows:
                yield rows

    def _readable_after(self, rowid: int) -> bool:
        return self._read(self._after, (rowid, 1), [])

    def _skip(self, after: int) -> int | None:
        """The smallest ``x > after`` from which reading works again (None: to the end)."""
        step = 1
        while not self._readable_after(after + step):
            if after + step >= _ROWID_MAX:
                return None
            step = min(step * 2, _ROWID_MAX - after)
        low, high = after + step // 2, after + step  # low fails (or is ``after``), high reads
        while high - low > 1:
            middle = (low + high) // 2
            if self._readable_after(middle):
                high = middle
            else:
                low = middle
        return high


def _remove_orphans(dst: sqlite3.Connection) -> dict[str, int]:
    """Rows whose parent row was lost: removed (or the reference emptied where the schema
    says ``ON DELETE SET NULL``) until no reference is broken; rows removed per table."""
    removed: dict[str, int] = {}
    while True:
        broken = dst.execute("PRAGMA foreign_key_check").fetchall()
        if not broken:
            return removed
        for table, rowid, _parent, fk_id in broken:
            keys = [
                k
                for k in dst.execute(f"PRAGMA foreign_key_list({_quoted(table)})")
                if k[0] == fk_id
            ]
            on_delete = str(keys[0][6]).upper() if keys else ""
            if on_delete == "SET NULL":
                sets = ", ".join(f"{_quoted(k[3])} = NULL" for k in keys)
                dst.execute(f"UPDATE {_quoted(table)} SET {sets} WHERE rowid = ?", (rowid,))
            else:
                cursor = dst.execute(f"DELETE FROM {_quoted(table)} WHERE rowid = ?", (rowid,))
                removed[table] = removed.get(table, 0) + cursor.rowcount
