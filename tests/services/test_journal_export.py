"""Exports: Markdown that imports back into the same entries, Loop Habit Tracker CSV,
suggestions and findings as JSON, and nothing half-written."""

from __future__ import annotations

import csv
import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from app.domain.progress import Cancelled, CancelToken
from app.llm import ModelWorker
from app.services.errors import InvalidInputError
from app.services.journal import completions, targets
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, run_detector
from app.services.transfer import journal_export, journal_import
from app.store import CompletionSuggestion, Database, JournalEntry, open_database
from app.store.entry_sources import EntryAttachment, EntrySource, EntryTag
from tests.cli.test_notebook_cli import reply
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.conftest import ScriptedModel

pytestmark = pytest.mark.dates

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "journals"


def snapshot(db: Database) -> list[dict[str, Any]]:
    """Every entry with what it carries, in day order, without database ids."""
    with db.session() as session:
        entries = session.scalars(select(JournalEntry).order_by(JournalEntry.day, JournalEntry.id))
        result = []
        for e in entries:
            tags = session.scalars(
                select(EntryTag.tag).where(EntryTag.entry_id == e.id).order_by(EntryTag.position)
            ).all()
            source = session.scalars(
                select(EntrySource).where(EntrySource.entry_id == e.id)
            ).first()
            files = session.scalars(
                select(EntryAttachment).where(EntryAttachment.entry_id == e.id)
            ).all()
            result.append(
                {
                    "day": e.day,
                    "title": e.title,
                    "body": e.body,
                    "starred": e.starred,
                    "time_zone": e.time_zone,
                    "tags": list(tags),
                    "source": (source.kind, source.source_id) if source else None,
                    "files": sorted((f.file_name, f.data) for f in files),
                }
            )
        return result


@pytest.fixture
def other(tmp_path: Path) -> Any:
    database = open_database(tmp_path / "other" / "inkling.sqlite3")
    yield database
    database.close()


def test_markdown_round_trip_gives_the_same_entries(
    db: Database, other: Database, tmp_path: Path
) -> None:
    journal_import.import_journal(db, "dayone", FIXTURES / "dayone")
    journal_import.import_journal(db, "logseq", FIXTURES / "logseq")
    with db.session() as session:  # entries written in Inkling itself, two on one day
        session.add_all(
            [
                JournalEntry(day=date(2026, 11, 4), title='Notes: a "quoted" title', body="\nx\n"),
                JournalEntry(day=date(2026, 11, 4), title="", body="---\nnot front matter"),
            ]
        )
    seen: list[int] = []
    summary = journal_export.export_markdown(
        db, tmp_path / "out", on_progress=lambda p: seen.append(p.done)
    )
    assert (summary.items, seen) == (5, [1, 2, 3, 4, 5])
    names = sorted(p.name for p in (tmp_path / "out").glob("*.md"))
    assert names == [
        "2026-11-02.md",
        "2026-11-04 (2).md",
        "2026-11-04 (3).md",
        "2026-11-04.md",
        "2026-11-07.md",
    ]
    first = (tmp_path / "out" / "2026-11-02.md").read_text(encoding="utf-8")
    assert first.startswith("---\ndate: 2026-11-02\ntitle: ''\ntags:\n- evening\n- calm\n")
    assert (
        "starred: true\ncreated: '2026-11-02T23:45:10+01:00'\ntime_zone: Europe/Berlin\n" in first
    )
    assert "source: dayone:5A1B2C3D4E5F40718293A4B5C6D7E8F9\n" in first

    result = journal_import.import_journal(other, "markdown", tmp_path / "out").value
    assert result.imported == 5
    expected = snapshot(db)
    for row in expected:  # entries written in Inkling get a markdown identity on import
        if row["source"] is None:
            row["source"] = ("markdown", "")
    actual = snapshot(other)
    for row in actual:
        if row["source"][0] == "markdown":
            row["source"] = ("markdown", "")
    assert actual == expected
    with other.session() as session:
        created = session.scalars(select(JournalEntry.created_at).order_by(JournalEntry.id)).first()
    assert created == datetime(2026, 11, 2, 22, 45, 10, tzinfo=UTC)
    # importing the export into the database it came from adds nothing new for imports
    again = journal_import.import_journal(db, "markdown", tmp_path / "out").value
    assert (again.imported, again.skipped_duplicates) == (2, 3)


FAST = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\r"), max_size=40
)


@FAST
@given(title=TEXT, body=TEXT, tags=st.lists(TEXT, max_size=3), starred=st.booleans())
def test_markdown_round_trip_of_any_text(
    tmp_path_factory: Any, title: str, body: str, tags: list[str], starred: bool
) -> None:
    root = tmp_path_factory.mktemp("rt")
    with (
        open_database(root / "a" / "db.sqlite3") as a,
        open_database(root / "b" / "db.sqlite3") as b,
    ):
        clean_title = " ".join(title.split())
        with a.session() as session:
            row = JournalEntry(day=date(2026, 1, 2), title=clean_title, body=body, starred=starred)
            session.add(row)
            session.flush()
            kept: list[str] = []
            for tag in tags:
                t = " ".join(tag.lstrip("#").split())
                if t and t not in kept and not (t.startswith("[[") and t.endswith("]]")):
                    kept.append(t)
            session.add_all(
                EntryTag(entry_id=row.id, tag=t, position=n) for n, t in enumerate(kept)
            )
        journal_export.export_markdown(a, root / "out")
        journal_import.import_journal(b, "markdown", root / "out")
        (got,) = snapshot(b)
        (want,) = snapshot(a)
        got["source"] = want["source"]
        assert got == want


def test_an_export_never_writes_into_a_folder_that_is_not_empty(
    db: Database, tmp_path: Path
) -> None:
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="is not empty"):
        journal_export.export_markdown(db, busy)
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert journal_export.export_markdown(db, empty).items == 0


def test_a_cancelled_export_leaves_nothing(db: Database, tmp_path: Path) -> None:
    journal_import.import_journal(db, "dayone", FIXTURES / "dayone")
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(Cancelled):
        journal_export.export_markdown(db, tmp_path / "out", cancel=cancel)
    assert list(tmp_path.iterdir()) == [p for p in tmp_path.iterdir() if p.name != "out"]
    assert not (tmp_path / "out").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.reader(file))


def test_loop_csv_layout(db: Database, tmp_path: Path) -> None:
    meditation = targets.add_habit(db, "Meditation").value.id
    water = targets.add_habit(db, "Drink water/day", unit="oz", default_amount=64).value.id
    targets.add_habit(db, "Journaling")
    completions.log_completion(db, "habit", meditation, day=date(2026, 11, 2))
    completions.log_completion(db, "habit", meditation, day=date(2026, 11, 4))
    completions.log_completion(db, "habit", water, day=date(2026, 11, 3), amount=48)
    completions.log_completion(db, "habit", water, day=date(2026, 11, 4))
    summary = journal_export.export_loop_csv(db, tmp_path / "loop")
    assert summary.items == 3
    root = tmp_path / "loop"
    assert sorted(p.name for p in root.iterdir()) == [
        "001 Meditation",
        "002 Drink waterday",
        "003 Journaling",
        "Checkmarks.csv",
        "Habits.csv",
    ]
    assert read_csv(root / "Habits.csv") == [
        ["Position", "Name", "Question", "Description", "NumRepetitions", "Interval", "Color"],
        ["001", "Meditation", "", "", "1", "1", "#D32F2F"],
        ["002", "Drink water/day", "", "Measured in oz", "1", "1", "#F57C00"],
        ["003", "Journaling", "", "", "1", "1", "#7CB342"],
    ]
    assert read_csv(root / "001 Meditation" / "Checkmarks.csv") == [
        ["Date", "Value", "Notes"],
        ["2026-11-04", "YES_MANUAL", ""],
        ["2026-11-02", "YES_MANUAL", ""],
    ]
    assert read_csv(root / "002 Drink waterday" / "Checkmarks.csv") == [
        ["Date", "Value", "Notes"],
        ["2026-11-04", "64", ""],
        ["2026-11-03", "48", ""],
    ]
    assert read_csv(root / "003 Journaling" / "Checkmarks.csv") == [["Date", "Value", "Notes"]]
    assert read_csv(root / "Checkmarks.csv") == [
        ["Date", "Meditation", "Drink water/day", "Journaling"],
        ["2026-11-04", "YES_MANUAL", "64", "UNKNOWN"],
        ["2026-11-03", "UNKNOWN", "48", "UNKNOWN"],
        ["2026-11-02", "YES_MANUAL", "0", "UNKNOWN"],
    ]


def test_json_export_holds_suggestions_and_findings_with_anchors(
    db: Database, tmp_path: Path
) -> None:
    habit = targets.add_habit(db, "Meditation").value.id
    with db.session() as session:
        entry = JournalEntry(day=date(2026, 11, 2), body="I meditated today.")
        session.add(entry)
        session.flush()
        session.add(
            CompletionSuggestion(
                entry_id=entry.id,
                target_type="habit",
                habit_id=habit,
                label="Meditation",
                anchor_start=2,
                anchor_end=11,
                anchor_text="meditated",
            )
        )
    notebook = notebooks.import_notebook(db, SAMPLE).value
    with ModelWorker(lambda: ScriptedModel(reply)) as worker:
        run = run_detector(db, worker, notebook.id, "poetry", model=ModelIdentity("m", "d", 1, 1))
    (finding,) = run.value.findings

    target = tmp_path / "review.json"
    summary = journal_export.export_json(db, target)
    assert summary.items == 2
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert (doc["format"], doc["version"]) == ("inkling-review", 1)
    (suggestion,) = doc["suggestions"]
    assert suggestion["entry_date"] == "2026-11-02"
    assert suggestion["target_name"] == "Meditation"
    assert suggestion["anchor"] == {"start": 2, "end": 11, "text": "meditated"}
    assert suggestion["status"] == "pending"
    (found,) = doc["findings"]
    assert found["id"] == finding.id
    assert found["notebook_title"] == notebook.title
    assert found["detector_id"] == "poetry"
    assert found["page_ids"] == list(finding.page_ids)
    pages = {p.id: p for p in notebooks.list_pages(db, notebook.id)}
    for evidence in found["evidence"]:
        page = pages[evidence["page_id"]]
        anchor = evidence["anchor"]
        assert page.text is not None
        assert page.text[anchor["start"] : anchor["end"]] == anchor["text"]
        assert evidence["page_number"] == page.order + 1
    # the file is replaced whole, never appended to
    journal_export.export_json(db, target)
    assert json.loads(target.read_text(encoding="utf-8"))["findings"] == doc["findings"]
    with pytest.raises(InvalidInputError, match="is a folder"):
        journal_export.export_json(db, tmp_path)
