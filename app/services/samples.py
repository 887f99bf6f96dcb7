"""The sample journal: a few habits, practices and entries to try Inkling with.

The sample lives in ``resources/sample_journal.json``. It is loaded in one transaction
into an empty journal only, so it never mixes with a person's own writing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, RefusedError
from app.services.views import EntryInfo, TargetInfo
from app.store import Database
from app.store.models import Habit, JournalEntry, Practice

SAMPLE_JOURNAL = Path(__file__).resolve().parents[2] / "resources" / "sample_journal.json"


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


def _damaged(path: Path, what: str) -> InvalidInputError:
    return InvalidInputError(f"The sample journal {path.name} is damaged ({what}).")


def _text(item: dict[str, Any], key: str, path: Path, *, required: bool = True) -> str | None:
    value = item.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise _damaged(path, f"{key!r} must be text")
    return value


def _number(item: dict[str, Any], key: str, path: Path) -> float | None:
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise _damaged(path, f"{key!r} must be a positive number")
    return float(value)


def _items(sample: dict[str, Any], key: str, path: Path) -> list[dict[str, Any]]:
    items = sample.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise _damaged(path, f"{key!r} must be a list of objects")
    return items


def _read_sample(path: Path) -> tuple[list[Habit], list[Practice], list[JournalEntry]]:
    """Parse and check the whole file before anything is written."""
    try:
        sample = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidInputError(
            f"The sample journal {path} cannot be read ({exc.strerror})."
        ) from None
    except ValueError:
        raise _damaged(path, "it is not valid JSON") from None
    if not isinstance(sample, dict):
        raise _damaged(path, "it is not a JSON object")
    habits = []
    for item in _items(sample, "habits", path):
        name = _text(item, "name", path)
        assert name is not None
        habits.append(
            Habit(
                name=name.strip(),
                unit=_text(item, "unit", path, required=False),
                default_amount=_number(item, "default_amount", path),
            )
        )
    practices = []
    for item in _items(sample, "practices", path):
        name = _text(item, "name", path)
        assert name is not None
        minutes = _number(item, "default_minutes", path)
        practices.append(
            Practice(
                name=name.strip(), default_minutes=int(minutes) if minutes is not None else None
            )
        )
    entries = []
    for item in _items(sample, "entries", path):
        raw_day = _text(item, "date", path)
        assert raw_day is not None
        try:
            day = date.fromisoformat(raw_day)
        except ValueError:
            raise _damaged(path, f"{raw_day!r} is not a date") from None
        body = _text(item, "body", path)
        assert body is not None
        title = _text(item, "title", path, required=False) or ""
        entries.append(JournalEntry(day=day, title=title.strip(), body=body))
    return habits, practices, entries


def load_sample_journal(db: Database, *, path: Path = SAMPLE_JOURNAL) -> OpResult[SampleJournal]:
    """Add the sample's habits, practices and entries to an empty journal, all or nothing.

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
