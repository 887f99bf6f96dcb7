"""The sample journal: a few habits, practices and entries to try Inkling with.

The sample ships in ``app/resources/sample_journal.json`` (read through ``app.resources``).
It is loaded in one transaction into an empty journal only, so it never mixes with a
person's own writing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from app import resources
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, RefusedError
from app.services.views import EntryInfo, TargetInfo
from app.store import Database
from app.store.models import Habit, JournalEntry, Practice


@dataclass(frozen=True)
class SampleJournal:
    """What loading the sample added, in the order of the file."""

    targets: tuple[TargetInfo, ...]
    entries: tuple[EntryInfo, ...]

    @property
    def habits(self) -> tuple[TargetInfo, ...]:
        return tuple(t for t in self.targets if t.target_type == "habit")

    @property
    def practices(self) -> tuple[TargetInfo, ...]:
        return tuple(t for t in self.targets if t.target_type == "practice")


def is_empty(db: Database) -> bool:
    """True when the journal has no habits, practices or entries (a first run)."""
    with db.session(readonly=True) as session:
        return not any(
            session.scalar(select(func.count()).select_from(table))
            for table in (Habit, Practice, JournalEntry)
        )


def _damaged(source: str, what: str) -> InvalidInputError:
    return InvalidInputError(f"The sample journal {source} is damaged ({what}).")


def _text(item: dict[str, Any], key: str, source: str, *, required: bool = True) -> str | None:
    value = item.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise _damaged(source, f"{key!r} must be text")
    return value


def _number(item: dict[str, Any], key: str, source: str) -> float | None:
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise _damaged(source, f"{key!r} must be a positive number")
    return float(value)


def _items(sample: dict[str, Any], key: str, source: str) -> list[dict[str, Any]]:
    items = sample.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise _damaged(source, f"{key!r} must be a list of objects")
    return items


def _read_sample(
    path: Path | None,
) -> tuple[list[Habit], list[Practice], list[JournalEntry]]:
    """Parse and check the whole file before anything is written."""
    try:
        text = resources.sample_journal() if path is None else path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInputError(
            f"The sample journal {path or resources.SAMPLE_JOURNAL} cannot be read "
            f"({exc.strerror})."
        ) from None
    source = resources.SAMPLE_JOURNAL if path is None else path.name
    try:
        sample = json.loads(text)
    except ValueError:
        raise _damaged(source, "it is not valid JSON") from None
    if not isinstance(sample, dict):
        raise _damaged(source, "it is not a JSON object")
    habits = []
    for item in _items(sample, "habits", source):
        name = _text(item, "name", source)
        assert name is not None
        habits.append(
            Habit(
                name=name.strip(),
                unit=_text(item, "unit", source, required=False),
                default_amount=_number(item, "default_amount", source),
            )
        )
    practices = []
    for item in _items(sample, "practices", source):
        name = _text(item, "name", source)
        assert name is not None
        minutes = _number(item, "default_minutes", source)
        practices.append(
            Practice(
                name=name.strip(), default_minutes=int(minutes) if minutes is not None else None
            )
        )
    entries = []
    for item in _items(sample, "entries", source):
        raw_day = _text(item, "date", source)
        assert raw_day is not None
        try:
            day = date.fromisoformat(raw_day)
        except ValueError:
            raise _damaged(source, f"{raw_day!r} is not a date") from None
        body = _text(item, "body", source)
        assert body is not None
        title = _text(item, "title", source, required=False) or ""
        entries.append(JournalEntry(day=day, title=title.strip(), body=body))
    return habits, practices, entries


def load_sample_journal(db: Database, *, path: Path | None = None) -> OpResult[SampleJournal]:
    """Add the sample's habits, practices and entries to an empty journal, all or nothing.

    ``path`` reads another file in the sample's shape instead of the shipped sample.
    Refused (``RefusedError``) when the journal already holds anything.
    """
    habits, practices, entries = _read_sample(path)
    with db.session() as session:  # BEGIN IMMEDIATE: the emptiness check cannot race
        for table in (Habit, Practice, JournalEntry):
            if session.scalar(select(func.count()).select_from(table)):
                raise RefusedError(
                    "The sample journal can only be loaded into an empty journal, "
                    "and this one already has habits or entries."
                )
        session.add_all([*habits, *practices, *entries])
        session.flush()
        views = tuple(
            [TargetInfo.of_habit(h) for h in habits]
            + [TargetInfo.of_practice(p) for p in practices]
        )
        entry_views = tuple(EntryInfo.of(e) for e in entries)
    changes = Changes(
        entries=frozenset(e.id for e in entry_views),
        targets=frozenset((t.target_type, t.id) for t in views),
    )
    return OpResult(SampleJournal(views, entry_views), changes)
