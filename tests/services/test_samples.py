from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from app import resources
from app.services.errors import InvalidInputError, RefusedError, ServiceError
from app.services.journal import completions, targets
from app.services.journal import entries as journal
from app.services.journal.samples import is_empty, load_sample_journal
from app.store import Database


def test_sample_loads_habits_practices_and_entries_into_an_empty_journal(db: Database) -> None:
    assert is_empty(db)
    result = load_sample_journal(db)
    sample = json.loads(resources.sample_journal())
    loaded = result.value
    assert [h.name for h in loaded.habits] == [h["name"] for h in sample["habits"]]
    assert [p.name for p in loaded.practices] == [p["name"] for p in sample["practices"]]
    water = next(h for h in loaded.habits if h.name == "Drink water")
    assert (water.unit, water.default_amount) == ("oz", 64.0)
    running = next(p for p in loaded.practices if p.name == "Running")
    assert running.default_amount == 30.0
    stored = journal.list_entries(db)
    assert [(e.day, e.title, e.body) for e in stored] == [
        (date.fromisoformat(e["date"]), e["title"], e["body"]) for e in sample["entries"]
    ]
    assert result.changes.entries == {e.id for e in stored}
    assert result.changes.targets == {
        (t.target_type, t.id) for t in targets.list_targets(db, include_inactive=True)
    }
    assert completions.list_completions(db) == []
    assert not is_empty(db)


def test_sample_is_refused_when_the_journal_is_not_empty(db: Database) -> None:
    journal.add_entry(db, date(2026, 1, 1), "My own words.")
    with pytest.raises(RefusedError) as caught:
        load_sample_journal(db)
    assert isinstance(caught.value, ServiceError)
    message = str(caught.value)
    assert message.endswith(".")
    assert message.count(". ") == 0
    assert "empty journal" in message
    assert targets.list_targets(db) == []
    assert len(journal.list_entries(db)) == 1


def test_a_habit_alone_makes_the_journal_non_empty(db: Database) -> None:
    targets.add_habit(db, "Stretch")
    assert not is_empty(db)
    with pytest.raises(RefusedError):
        load_sample_journal(db)


def test_loading_twice_is_refused_and_adds_nothing(db: Database) -> None:
    load_sample_journal(db)
    before = len(journal.list_entries(db))
    with pytest.raises(RefusedError):
        load_sample_journal(db)
    assert len(journal.list_entries(db)) == before


def test_a_damaged_sample_writes_nothing(db: Database, tmp_path: Path) -> None:
    bad = tmp_path / "sample.json"
    bad.write_text(
        json.dumps(
            {
                "habits": [{"name": "Ok"}],
                "entries": [{"date": "not a day", "title": "", "body": "x"}],
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(InvalidInputError, match="damaged"):
        load_sample_journal(db, path=bad)
    assert is_empty(db)
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="not valid JSON"):
        load_sample_journal(db, path=bad)
    with pytest.raises(InvalidInputError, match="cannot be read"):
        load_sample_journal(db, path=tmp_path / "missing.json")
    assert is_empty(db)
