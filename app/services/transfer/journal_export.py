"""Taking everything out: entries as Markdown, habits as Loop Habit Tracker CSV, the
model's suggestions and the notebook findings (with their anchors) as JSON.

Exports read one snapshot (a read-only transaction) and write into a staging folder or
file beside the destination, which replaces it only when complete: a failed or
cancelled export leaves nothing half-written.  A destination folder must be new or
empty; a destination file is replaced.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from app import clock
from app.domain.formats.journal import render_markdown
from app.domain.progress import CancelToken, Progress, ProgressFn
from app.services.errors import InvalidInputError
from app.services.journal import suggestions
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.transfer.rescue import reads_readable_rows
from app.services.views import SuggestionInfo
from app.store import Database, Habit, HabitCompletion, JournalEntry
from app.store.entry_sources import EntryAttachment, EntryContext, EntrySource, EntryTag

EXPORT_FORMAT: Final = "inkling-review"
EXPORT_VERSION: Final = 1
LOOP_HABITS_HEADER: Final = (
    "Position",
    "Name",
    "Question",
    "Description",
    "NumRepetitions",
    "Interval",
    "Color",
)
LOOP_CHECKMARKS_HEADER: Final = ("Date", "Value", "Notes")
LOOP_YES: Final = "YES_MANUAL"
LOOP_UNKNOWN: Final = "UNKNOWN"
EXPORT_CANCELLED: Final = "The export was cancelled; nothing was written."
_LOOP_COLOURS: Final = ("#D32F2F", "#F57C00", "#7CB342", "#00897B", "#1976D2", "#8E24AA")


@dataclass(frozen=True)
class ExportSummary:
    path: str
    items: int
    """Entries, habits, or suggestions and findings written."""


def _os_error(path: Path, exc: OSError) -> InvalidInputError:
    return InvalidInputError(f"{path} cannot be written ({exc.strerror or exc}).")


@contextmanager
def staged_folder(dest: Path) -> Iterator[Path]:
    """A staging folder beside ``dest`` that becomes ``dest`` when the block succeeds.

    ``dest`` must not exist, or be an empty folder; on any error the staging folder is
    removed and ``dest`` is left as it was.
    """
    dest = Path(dest).expanduser().absolute()
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InvalidInputError(f"{dest} is not empty; choose a new or empty folder.")
    staging = dest.parent / f".{dest.name}.inkling-{uuid.uuid4().hex}"
    try:
        staging.mkdir(parents=True)
    except OSError as exc:
        raise _os_error(dest, exc) from None
    try:
        yield staging
        if dest.exists():
            dest.rmdir()
        os.replace(staging, dest)
    except OSError as exc:
        raise _os_error(dest, exc) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def write_file_atomically(dest: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``dest``, flush it to disk, then rename."""
    dest = Path(dest).expanduser().absolute()
    if dest.is_dir():
        raise InvalidInputError(f"{dest} is a folder; choose a file name.")
    temp = dest.parent / f".{dest.name}.inkling-{uuid.uuid4().hex}"
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        with temp.open("wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, dest)
    except OSError as exc:
        raise _os_error(dest, exc) from None
    finally:
        temp.unlink(missing_ok=True)


# --- Markdown --------------------------------------------------------------------------------


def _note_names(days: list[date]) -> list[str]:
    """``YYYY-MM-DD`` for a day's first entry, ``YYYY-MM-DD (2)`` for the next, ..."""
    seen: dict[date, int] = {}
    names = []
    for day in days:
        seen[day] = seen.get(day, 0) + 1
        names.append(day.isoformat() + (f" ({seen[day]})" if seen[day] > 1 else ""))
    return names


@reads_readable_rows
def export_markdown(
    db: Database,
    dest: Path | str,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> ExportSummary:
    """Every entry as ``YYYY-MM-DD.md`` with YAML front matter (date, title, tags, starred,
    created, time zone, source, place and weather) and its attachments under
    ``attachments/``.

    ``inkling import markdown`` reads the folder back into the same entries.
    """
    stop = cancel or CancelToken()
    target = Path(dest).expanduser()
    with db.session(readonly=True) as session:
        entries = list(
            session.scalars(select(JournalEntry).order_by(JournalEntry.day, JournalEntry.id))
        )
        tags = _tags(session)
        with_files = set(session.scalars(select(EntryAttachment.entry_id).distinct()))
        sources = {
            row.entry_id: (row.kind, row.source_id) for row in session.scalars(select(EntrySource))
        }
        context = {row.entry_id: row for row in session.scalars(select(EntryContext))}
        with staged_folder(target) as staging:
            names = _note_names([e.day for e in entries])
            for done, (entry, name) in enumerate(zip(entries, names, strict=True), start=1):
                stop.raise_if_cancelled(EXPORT_CANCELLED)
                attached = (
                    _write_attachments(session, entry.id, staging, name)
                    if entry.id in with_files
                    else ()
                )
                text = render_markdown(
                    day=entry.day,
                    title=entry.title,
                    body=entry.body,
                    tags=tags.get(entry.id, ()),
                    starred=entry.starred,
                    created_at=entry.created_at,
                    time_zone=entry.time_zone,
                    source=sources.get(entry.id),
                    attachments=attached,
                    **_context(context.get(entry.id)),
                )
                (staging / f"{name}.md").write_text(text, encoding="utf-8", newline="\n")
                if on_progress is not None:
                    on_progress(Progress(done, len(entries)))
    return ExportSummary(str(target.absolute()), len(entries))


def _context(row: EntryContext | None) -> dict[str, Any]:
    if row is None:
        return {}
    return {
        "place": row.place,
        "latitude": row.latitude,
        "longitude": row.longitude,
        "weather": row.weather,
    }


def _tags(session: Session) -> dict[int, tuple[str, ...]]:
    tags: dict[int, list[str]] = {}
    for row in session.scalars(select(EntryTag).order_by(EntryTag.entry_id, EntryTag.position)):
        tags.setdefault(row.entry_id, []).append(row.tag)
    return {key: tuple(value) for key, value in tags.items()}


def _write_attachments(
    session: Session, entry_id: int, staging: Path, name: str
) -> tuple[str, ...]:
    rows = session.scalars(
        select(EntryAttachment)
        .where(EntryAttachment.entry_id == entry_id)
        .order_by(EntryAttachment.position, EntryAttachment.id)
    ).all()
    if not rows:
        return ()
    folder = staging / "attachments" / name
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for row in rows:
        (folder / row.file_name).write_bytes(row.data)
        paths.append(f"attachments/{name}/{row.file_name}")
    return tuple(paths)


# --- Loop Habit Tracker CSV ------------------------------------------------------------------


def _loop_folder(position: int, name: str) -> str:
    """Loop's per-habit folder: ``001 Name`` with only ``[ a-zA-Z0-9._-]`` kept."""
    clean = re.sub(r"[^ a-zA-Z0-9._-]+", "", name)[:100]
    return f"{position:03d} {clean}".strip()


def _loop_value(habit: Habit, amount: float | None) -> str:
    if habit.unit is None:
        return LOOP_YES
    value = amount if amount is not None else habit.default_amount
    return f"{value:g}" if value is not None else "1"


def _csv_text(rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


@reads_readable_rows
def export_loop_csv(
    db: Database,
    dest: Path | str,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> ExportSummary:
    """Habit completions in Loop Habit Tracker's CSV layout: ``Habits.csv``; per habit a
    ``NNN Name/Checkmarks.csv`` (Date, Value, Notes; newest first; ``YES_MANUAL`` for a
    yes/no habit, the amount for a habit with a unit; the note is the words a suggestion
    quoted); and ``Checkmarks.csv`` with a column per habit."""
    stop = cancel or CancelToken()
    target = Path(dest).expanduser()
    with db.session(readonly=True) as session:
        habits = list(
            session.scalars(
                select(Habit)
                .order_by(Habit.id)
                .options(selectinload(Habit.completions).selectinload(HabitCompletion.suggestion))
            )
        )
        table: dict[date, dict[int, str]] = {}
        with staged_folder(target) as staging:
            rows = [list(LOOP_HABITS_HEADER)]
            for position, habit in enumerate(habits, start=1):
                stop.raise_if_cancelled(EXPORT_CANCELLED)
                rows.append(
                    [
                        f"{position:03d}",
                        habit.name,
                        "",
                        f"Measured in {habit.unit}" if habit.unit else "",
                        "1",
                        "1",
                        _LOOP_COLOURS[(position - 1) % len(_LOOP_COLOURS)],
                    ]
                )
                checks = [list(LOOP_CHECKMARKS_HEADER)]
                for done in sorted(habit.completions, key=lambda c: c.day, reverse=True):
                    value = _loop_value(habit, done.amount)
                    note = done.suggestion.anchor_text if done.suggestion is not None else ""
                    checks.append([done.day.isoformat(), value, note])
                    table.setdefault(done.day, {})[habit.id] = value
                folder = staging / _loop_folder(position, habit.name)
                folder.mkdir()
                (folder / "Checkmarks.csv").write_text(_csv_text(checks), encoding="utf-8")
                if on_progress is not None:
                    on_progress(Progress(position, len(habits)))
            (staging / "Habits.csv").write_text(_csv_text(rows), encoding="utf-8")
            combined = [["Date", *(h.name for h in habits)]]
            for day in sorted(table, reverse=True):
                combined.append(
                    [
                        day.isoformat(),
                        *(
                            table[day].get(h.id, LOOP_UNKNOWN if h.unit is None else "0")
                            for h in habits
                        ),
                    ]
                )
            (staging / "Checkmarks.csv").write_text(_csv_text(combined), encoding="utf-8")
    return ExportSummary(str(target.absolute()), len(habits))


# --- suggestions and findings as JSON --------------------------------------------------------


def _suggestion_json(view: SuggestionInfo, days: dict[int, date]) -> dict[str, Any]:
    return {
        "id": view.id,
        "entry_id": view.entry_id,
        "entry_date": days[view.entry_id].isoformat(),
        "target_type": view.target_type,
        "target_id": view.target_id,
        "target_name": view.target_name,
        "label": view.label,
        "anchor": {
            "start": view.anchor_start,
            "end": view.anchor_end,
            "text": view.anchor_text,
        },
        "status": view.status,
        "completed_units": view.completed_units,
        "completed_on": view.completed_on.isoformat() if view.completed_on else None,
    }


def _finding_json(
    view: findings.FindingInfo, notebook: str, pages: dict[int, int]
) -> dict[str, Any]:
    doc = asdict(view)
    doc.pop("evidence")
    doc["notebook_title"] = notebook
    doc["page_reviews"] = {str(k): v for k, v in view.page_reviews.items()}
    doc["evidence"] = [
        {
            "page_id": e.page_id,
            "page_number": pages.get(e.page_id, -1) + 1,
            "anchor": {"start": e.anchor_start, "end": e.anchor_end, "text": e.anchor_text},
        }
        for e in view.evidence
    ]
    return doc


def review_document(db: Database) -> dict[str, Any]:
    """The suggestions on journal entries and the published notebook findings."""
    with db.session(readonly=True) as session:
        days = dict(session.execute(select(JournalEntry.id, JournalEntry.day)).tuples().all())
    items = [_suggestion_json(v, days) for v in suggestions.list_suggestions(db)]
    found: list[dict[str, Any]] = []
    for book in notebooks.list_notebooks(db):
        pages = {p.id: p.order for p in notebooks.list_pages(db, book.id)}
        found += [_finding_json(f, book.title, pages) for f in findings.list_findings(db, book.id)]
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": clock.utcnow().isoformat(timespec="seconds"),
        "suggestions": items,
        "findings": found,
    }


@reads_readable_rows
def export_json(db: Database, dest: Path | str) -> ExportSummary:
    """Suggestions and findings with their anchors, as one JSON file."""
    document = review_document(db)
    target = Path(dest).expanduser()
    data = json.dumps(document, ensure_ascii=False, indent=2, default=str) + "\n"
    write_file_atomically(target, data.encode("utf-8"))
    return ExportSummary(
        str(target.absolute()), len(document["suggestions"]) + len(document["findings"])
    )
