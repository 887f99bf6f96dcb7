"""Journal entries: write, edit (re-anchoring pending suggestions), delete."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.orm import Session

from app import clock
from app.domain import reanchor
from app.domain.journal.suggestions import SuggestionStatus
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.views import EntryInfo
from app.store import Database, SearchFilter, SearchHit
from app.store import search_entries as _search
from app.store.entry_sources import EntryAttachment, EntrySource, EntryTag
from app.store.models import (
    CompletionSuggestion,
    Habit,
    HabitCompletion,
    JournalEntry,
    Practice,
    PracticeSession,
)

BODY_MAX = 200_000
TITLE_MAX = 200


def _check_text(title: str | None, body: str | None) -> None:
    if body is not None and len(body) > BODY_MAX:
        raise InvalidInputError(f"An entry can be at most {BODY_MAX:,} characters long.")
    if title is not None and len(title) > TITLE_MAX:
        raise InvalidInputError(f"A title can be at most {TITLE_MAX} characters long.")


def add_entry(db: Database, day: date, body: str, *, title: str = "") -> OpResult[EntryInfo]:
    _check_text(title, body)
    entry = JournalEntry(day=day, title=title.strip(), body=body)
    with db.session() as session:
        session.add(entry)
        session.flush()
        view = EntryInfo.of(entry)
    return OpResult(view, Changes(entries=frozenset({view.id})))


@dataclass(frozen=True)
class NewEntry:
    day: date
    body: str
    title: str = ""


def add_entries(db: Database, entries: Iterable[NewEntry]) -> OpResult[int]:
    """Add many entries in one transaction (all or nothing); returns how many were added.

    One multi-row insert instead of an ORM object per entry: importing 50,000 entries
    takes seconds, not minutes.
    """
    now = clock.utcnow()
    rows = []
    for entry in entries:
        _check_text(entry.title, entry.body)
        rows.append(
            {
                "day": entry.day,
                "title": entry.title.strip(),
                "body": entry.body,
                "created_at": now,
                "updated_at": now,
            }
        )
    if not rows:
        return OpResult(0, Changes())
    with db.session() as session:
        first = session.scalar(select(func.coalesce(func.max(JournalEntry.id), 0)))
        session.execute(insert(JournalEntry), rows)
        ids = session.scalars(select(JournalEntry.id).where(JournalEntry.id > (first or 0)))
        added = frozenset(ids)
    return OpResult(len(rows), Changes(entries=added))


def require_entry(session: Session, entry_id: int) -> JournalEntry:
    """The entry ``entry_id``, or NotFoundError in one sentence."""
    entry = session.get(JournalEntry, entry_id)
    if entry is None:
        raise NotFoundError(f"There is no journal entry with id {entry_id}.")
    return entry


def get_entry(db: Database, entry_id: int) -> EntryInfo:
    with db.session(readonly=True) as session:
        entry = require_entry(session, entry_id)
        return EntryInfo.of(entry)


def list_entries(db: Database) -> list[EntryInfo]:
    with db.session(readonly=True) as session:
        rows = session.scalars(select(JournalEntry).order_by(JournalEntry.day, JournalEntry.id))
        return [EntryInfo.of(row) for row in rows]


@dataclass(frozen=True)
class MonthCount:
    year: int
    month: int
    entries: int


def list_months(db: Database) -> list[MonthCount]:
    """The months that have entries, newest first, with how many each has (one query over
    the index on ``day``, whatever the journal's size)."""
    month = func.substr(JournalEntry.day, 1, 7)  # "YYYY-MM" of the stored ISO date
    query = select(month, func.count()).group_by(month).order_by(month.desc())
    with db.session(readonly=True) as session:
        return [
            MonthCount(int(key[:4]), int(key[5:7]), int(count))
            for key, count in session.execute(query)
        ]


def _month_range(year: int, month: int) -> tuple[date, date]:
    """A month's first day and the first day after it."""
    if not 1 <= month <= 12:
        raise InvalidInputError(f"There is no month {month}; use 1 to 12.")
    return date(year, month, 1), date(year + month // 12, month % 12 + 1, 1)


def list_month(db: Database, year: int, month: int) -> list[EntryInfo]:
    """One month's entries, by day then id (a range over the index on ``day``)."""
    first, after = _month_range(year, month)
    query = (
        select(JournalEntry)
        .where(JournalEntry.day >= first, JournalEntry.day < after)
        .order_by(JournalEntry.day, JournalEntry.id)
    )
    with db.session(readonly=True) as session:
        return [EntryInfo.of(row) for row in session.scalars(query)]


def days_with_entries(db: Database, year: int, month: int) -> list[date]:
    """The days of a month that have entries (for the calendar), from the index on ``day``."""
    first, after = _month_range(year, month)
    query = (
        select(JournalEntry.day)
        .where(JournalEntry.day >= first, JournalEntry.day < after)
        .distinct()
        .order_by(JournalEntry.day)
    )
    with db.session(readonly=True) as session:
        return list(session.scalars(query))


def entry_near(db: Database, day: date) -> int | None:
    """The entry to show for ``day``: its first one, else the first after it, else the
    last before it; None in an empty journal."""
    order = (JournalEntry.day, JournalEntry.id)
    with db.session(readonly=True) as session:
        after = session.scalar(
            select(JournalEntry.id).where(JournalEntry.day >= day).order_by(*order).limit(1)
        )
        if after is not None:
            return after
        return session.scalar(
            select(JournalEntry.id)
            .where(JournalEntry.day < day)
            .order_by(JournalEntry.day.desc(), JournalEntry.id.desc())
            .limit(1)
        )


def update_entry(
    db: Database,
    entry_id: int,
    *,
    body: str | None = None,
    title: str | None = None,
    day: date | None = None,
) -> OpResult[EntryInfo]:
    """Save an edit. Pending suggestions follow their text or are dismissed as stale."""
    _check_text(title, body)
    with db.session() as session:
        entry = require_entry(session, entry_id)
        touched: set[int] = set()
        if body is not None and body != entry.body:
            pending = session.scalars(
                select(CompletionSuggestion).where(
                    CompletionSuggestion.entry_id == entry_id,
                    CompletionSuggestion.status == SuggestionStatus.PENDING,
                )
            ).all()
            for row in pending:
                moved = reanchor(
                    entry.body, body, row.anchor_start, row.anchor_end, row.anchor_text
                )
                if moved == (row.anchor_start, row.anchor_end):
                    continue
                if moved is None:
                    row.status = SuggestionStatus.DISMISSED
                    row.decided_at = clock.utcnow()
                else:
                    row.anchor_start, row.anchor_end = moved
                touched.add(row.id)
            entry.body = body
        if title is not None:
            entry.title = title.strip()
        if day is not None:
            entry.day = day
        entry.updated_at = clock.utcnow()
        session.flush()
        view = EntryInfo.of(entry)
    return OpResult(view, Changes(entries=frozenset({entry_id}), suggestions=frozenset(touched)))


Row = dict[str, Any]


@dataclass(frozen=True)
class DeletedEntry:
    """A deleted entry as it was: every row that went with it, kept so that the deletion
    can be undone (``restore_entry``).

    Deletion keeps a copy in memory rather than marking the row deleted (a soft delete):
    a soft-deleted entry would have to be filtered out of every query that reads entries
    (months, search, inbox, export, backup, statistics), and a person who deletes a
    private entry expects it gone from the file, not hidden in it.  The copy lives only as
    long as the window's undo (or the caller) keeps it.
    """

    entry: Row
    suggestions: tuple[Row, ...]
    tags: tuple[Row, ...]
    attachments: tuple[Row, ...]
    source: Row | None
    logged: tuple[tuple[str, int, int], ...]
    """(``habit``/``practice``, completion or session id, suggestion id) for what the
    entry's accepted suggestions had logged (the link is cut on delete, the row stays)."""

    @property
    def id(self) -> int:
        return int(self.entry["id"])

    @property
    def day(self) -> date:
        value = self.entry["day"]
        assert isinstance(value, date)
        return value


_LOGGED = (("habit", HabitCompletion), ("practice", PracticeSession))


def _rows(session: Session, table: Any, *where: Any) -> tuple[Row, ...]:
    return tuple(dict(row) for row in session.execute(select(table).where(*where)).mappings())


def delete_entry(db: Database, entry_id: int) -> OpResult[DeletedEntry]:
    """Delete an entry with its suggestions, tags, photos and source; completions already
    logged stay.  The value is a copy of all of it, for ``restore_entry``."""
    with db.session() as session:
        entry = require_entry(session, entry_id)
        suggestion_rows = _rows(
            session,
            CompletionSuggestion.__table__,
            CompletionSuggestion.entry_id == entry_id,
        )
        suggestion_ids = frozenset(int(row["id"]) for row in suggestion_rows)
        logged = tuple(
            (kind, int(row_id), int(suggestion_id))
            for kind, model in _LOGGED
            for row_id, suggestion_id in session.execute(
                select(model.id, model.suggestion_id).where(model.suggestion_id.in_(suggestion_ids))
            )
        )
        [entry_row] = _rows(session, JournalEntry.__table__, JournalEntry.id == entry_id)
        sources = _rows(session, EntrySource.__table__, EntrySource.entry_id == entry_id)
        kept = DeletedEntry(
            entry=entry_row,
            suggestions=suggestion_rows,
            tags=_rows(session, EntryTag.__table__, EntryTag.entry_id == entry_id),
            attachments=_rows(
                session, EntryAttachment.__table__, EntryAttachment.entry_id == entry_id
            ),
            source=sources[0] if sources else None,
            logged=logged,
        )
        session.delete(entry)
    return OpResult(
        kept, Changes(deleted_entries=frozenset({entry_id}), suggestions=suggestion_ids)
    )


def _free(session: Session, column: Any, wanted: int) -> bool:
    return session.scalar(select(func.count()).where(column == wanted)) == 0


def restore_entry(db: Database, deleted: DeletedEntry) -> OpResult[EntryInfo]:
    """Put a deleted entry back as it was, with its suggestions (and the links from what
    they had logged), tags, photos and source, in one transaction.  It keeps its id unless
    another entry took it meanwhile; suggestions of a habit or practice deleted meanwhile
    are left out."""
    with db.session() as session:
        entry_row = dict(deleted.entry)
        if not _free(session, JournalEntry.id, deleted.id):
            del entry_row["id"]
        entry_id = session.execute(
            insert(JournalEntry).values(entry_row).returning(JournalEntry.id)
        ).scalar_one()
        habits = set(session.scalars(select(Habit.id)))
        practices = set(session.scalars(select(Practice.id)))
        moved: dict[int, int] = {}
        for row in deleted.suggestions:
            if row["habit_id"] not in habits and row["practice_id"] not in practices:
                continue
            values = {**row, "entry_id": entry_id}
            if not _free(session, CompletionSuggestion.id, row["id"]):
                del values["id"]
            moved[int(row["id"])] = session.execute(
                insert(CompletionSuggestion).values(values).returning(CompletionSuggestion.id)
            ).scalar_one()
        for kind, model in _LOGGED:
            for logged_kind, row_id, suggestion_id in deleted.logged:
                if logged_kind == kind and suggestion_id in moved:
                    session.execute(
                        update(model)
                        .where(model.id == row_id, model.suggestion_id.is_(None))
                        .values(suggestion_id=moved[suggestion_id])
                    )
        for table, rows in ((EntryTag, deleted.tags), (EntryAttachment, deleted.attachments)):
            for row in rows:
                session.execute(insert(table).values({**row, "entry_id": entry_id}))
        if deleted.source is not None:
            source = {k: v for k, v in deleted.source.items() if k != "id"}
            session.execute(insert(EntrySource).values({**source, "entry_id": entry_id}))
        session.flush()
        restored = session.get(JournalEntry, entry_id)
        assert restored is not None
        view = EntryInfo.of(restored)
    return OpResult(
        view, Changes(entries=frozenset({entry_id}), suggestions=frozenset(moved.values()))
    )


def search_entries(
    db: Database, text: str, *, limit: int = 50, where: SearchFilter | None = None
) -> list[SearchHit]:
    """Entries containing every word typed (the last one as a prefix), best match first,
    narrowed by ``where`` (days, tag, habit or practice); no words: what ``where`` lets
    through, newest first."""
    with db.session(readonly=True) as session:
        return _search(session.connection(), text, limit=limit, where=where)


def list_tags(db: Database) -> list[str]:
    """Every tag an entry has, alphabetically (for the search filter)."""
    with db.session(readonly=True) as session:
        return list(session.scalars(select(EntryTag.tag).distinct().order_by(EntryTag.tag)))
