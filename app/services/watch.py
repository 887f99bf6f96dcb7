"""Noticing what other processes wrote to the database (``inkling`` commands run while the
window is open, a second window), as ``Changes`` the views already understand.

How: SQLite's ``PRAGMA data_version`` on a connection kept for this alone.  Its value
changes when any *other* connection commits to the file — another process, or this
process's other connections — and costs one page read, so it can be asked every second.
It is exact where a file watcher on the ``-wal`` file is not: a checkpoint rewrites and
truncates that file without changing any data, a write can land in the main file
directly, and watchers are unreliable on network folders and limited in number.

When the value has changed, a small summary of each table (row count, sum and largest id,
newest ``updated_at``) is read and compared with the previous one, and what differs
becomes ``Changes`` (entries and pages by id, so the views reload only what they show).
The window's own writes show up here too; the window drops the ids it already broadcast.

A ``DatabaseWatch`` is used from one thread at a time (the window's database lane).
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, text

from app.services.changes import NO_CHANGES, Changes
from app.store import Database


@dataclass(frozen=True)
class _Table:
    count: int
    id_sum: int
    max_id: int
    max_updated: str | None
    ties: frozenset[int] = frozenset()
    """The rows whose ``updated`` is ``max_updated`` (so that they are not reported again)."""


@dataclass(frozen=True)
class Snapshot:
    tables: dict[str, _Table] = field(default_factory=dict)
    entry_ids: frozenset[int] = frozenset()
    notebook_ids: frozenset[int] = frozenset()


_TABLES: dict[str, str | None] = {
    # table -> its "updated" column (None: rows are only added and removed)
    "journal_entries": "updated_at",
    "completion_suggestions": "updated_at",
    "habits": None,
    "practices": None,
    "habit_completions": None,
    "practice_sessions": None,
    "notebooks": None,
    "notebook_pages": "updated_at",
    "tags": None,
    "page_tags": None,
    "custom_detectors": "updated_at",
    "detector_preferences": None,
    "detection_runs": "finished_at",
    "findings": "updated_at",
    "finding_page_reviews": "updated_at",
}
_ROWID = {
    "detector_preferences": "rowid",
    "page_tags": "rowid",
    "tags": "rowid",
    "finding_page_reviews": "rowid",
}
"""Tables without an integer ``id``: SQLite's rowid stands in."""


def _summary(session: Any, table: str, updated: str | None) -> _Table:
    key = _ROWID.get(table, "id")
    newest = f"max({updated})" if updated else "NULL"
    row = session.execute(
        text(f"SELECT count(*), total({key}), max({key}), {newest} FROM {table}")
    ).one()
    ties: frozenset[int] = frozenset()
    if updated is not None and row[3] is not None:
        ties = frozenset(
            int(r[0])
            for r in session.execute(
                text(f"SELECT {key} FROM {table} WHERE {updated} = :u"), {"u": row[3]}
            )
        )
    return _Table(int(row[0]), int(row[1] or 0), int(row[2] or 0), row[3] and str(row[3]), ties)


def _changed_ids(session: Any, table: str, before: _Table) -> frozenset[int]:
    """Ids of rows added (above the old largest id) or updated since ``before``."""
    updated = _TABLES[table]
    if updated is None or before.max_updated is None:
        rows = session.execute(
            text(f"SELECT id FROM {table} WHERE id > :max_id"), {"max_id": before.max_id}
        )
        return frozenset(int(r[0]) for r in rows)
    rows = session.execute(
        text(f"SELECT id, {updated} FROM {table} WHERE id > :max_id OR {updated} >= :updated"),
        {"max_id": before.max_id, "updated": before.max_updated},
    )
    return frozenset(
        int(r[0])
        for r in rows
        if int(r[0]) > before.max_id
        or str(r[1]) != before.max_updated
        or int(r[0]) not in before.ties
    )


def _all(session: Any, sql: str) -> list[Any]:
    return list(session.execute(text(sql)))


def take_snapshot(db: Database) -> Snapshot:
    with db.session(readonly=True) as session:
        tables = {name: _summary(session, name, updated) for name, updated in _TABLES.items()}
        entries = frozenset(int(r[0]) for r in _all(session, "SELECT id FROM journal_entries"))
        books = frozenset(int(r[0]) for r in _all(session, "SELECT id FROM notebooks"))
    return Snapshot(tables, entries, books)


def diff(db: Database, before: Snapshot, after: Snapshot) -> Changes:
    """What differs between two snapshots, as ``Changes`` (read from ``db`` now)."""
    moved = {name for name in _TABLES if before.tables.get(name) != after.tables.get(name)}
    if not moved:
        return NO_CHANGES
    entries: frozenset[int] = frozenset()
    suggestions: frozenset[int] = frozenset()
    pages: frozenset[int] = frozenset()
    findings: frozenset[int] = frozenset()
    targets: frozenset[tuple[str, int]] = frozenset()
    notebooks: frozenset[int] = frozenset()
    tags: frozenset[str] = frozenset()
    detectors: frozenset[str] = frozenset()
    with db.session(readonly=True) as session:
        if "journal_entries" in moved:
            entries = _changed_ids(session, "journal_entries", before.tables["journal_entries"])
            entries = (entries | (after.entry_ids - before.entry_ids)) & after.entry_ids
        if "completion_suggestions" in moved:
            old = before.tables["completion_suggestions"]
            suggestions = _changed_ids(session, "completion_suggestions", old) or frozenset(
                int(r[0]) for r in _all(session, "SELECT id FROM completion_suggestions")
            )
        if moved & {"habits", "practices", "habit_completions", "practice_sessions"}:
            targets = frozenset(
                (str(r[0]), int(r[1]))
                for r in _all(
                    session,
                    "SELECT 'habit', id FROM habits UNION ALL SELECT 'practice', id FROM practices",
                )
            )
        if moved & {"notebooks", "notebook_pages", "detection_runs", "findings"}:
            notebooks = before.notebook_ids | after.notebook_ids  # deleted ones too
        if "notebook_pages" in moved:
            pages = _changed_ids(session, "notebook_pages", before.tables["notebook_pages"])
        if moved & {"findings", "finding_page_reviews"}:
            findings = _changed_ids(session, "findings", before.tables["findings"])
            findings |= frozenset(
                int(r[0])
                for r in session.execute(
                    text("SELECT finding_id FROM finding_page_reviews WHERE updated_at >= :u"),
                    {"u": before.tables["finding_page_reviews"].max_updated or ""},
                )
            )
        if moved & {"tags", "page_tags"}:
            tags = frozenset(str(r[0]) for r in _all(session, "SELECT slug FROM tags"))
        if moved & {"custom_detectors", "detector_preferences", "detection_runs", "findings"}:
            detectors = frozenset(
                str(r[0])
                for r in _all(
                    session,
                    "SELECT detector_id FROM detection_runs UNION "
                    "SELECT detector_id FROM custom_detectors UNION "
                    "SELECT detector_id FROM detector_preferences",
                )
            )
    return Changes(
        entries=entries,
        deleted_entries=before.entry_ids - after.entry_ids,
        suggestions=suggestions,
        targets=targets,
        completions=targets if moved & {"habit_completions", "practice_sessions"} else frozenset(),
        notebooks=notebooks,
        pages=pages,
        findings=findings,
        tags=tags,
        detectors=detectors,
    )


class DatabaseWatch:
    """Polls ``PRAGMA data_version``; ``poll()`` returns what changed since the last call."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._connection: sqlite3.Connection | None = None
        self._version: int | None = None
        self._snapshot: Snapshot | None = None
        # a restore disposes the engine and then needs the file to itself: let go of the
        # connection then (on the thread that disposes, the one that polls)
        event.listen(db.engine, "engine_disposed", self._release)

    def _release(self, _engine: object = None) -> None:
        connection, self._connection = self._connection, None
        self._version = None  # a new connection counts afresh: compare snapshots next time
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()

    def _data_version(self) -> int:
        if self._connection is None:
            # a connection of its own, outside the engine's pool: data_version counts the
            # commits of every *other* connection, so it must not be one the app writes on
            self._connection = sqlite3.connect(
                self.db.path, timeout=5, isolation_level=None, check_same_thread=False
            )
        row = self._connection.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    def start(self) -> None:
        """Take the first snapshot (later polls report what changed after it)."""
        self._version = self._data_version()
        self._snapshot = take_snapshot(self.db)

    def poll(self) -> Changes:
        """What other connections committed since the last poll (``NO_CHANGES``: nothing)."""
        if self._snapshot is None:
            self.start()
            return NO_CHANGES
        known = self._version
        version = self._data_version()
        if version == known:
            return NO_CHANGES
        self._version = version
        before, after = self._snapshot, take_snapshot(self.db)
        self._snapshot = after
        return diff(self.db, before, after)

    def close(self) -> None:
        if event.contains(self.db.engine, "engine_disposed", self._release):
            event.remove(self.db.engine, "engine_disposed", self._release)
        self._release()
