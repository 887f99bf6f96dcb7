from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from app.domain.pipeline import Pipeline
from app.llm import ModelWorker
from app.services import completions, detection, journal, suggestions, targets
from app.services.errors import InvalidInputError, NotFoundError
from app.store import Database
from tests.services.conftest import ScriptedModel, hits

DAY = date(2026, 11, 10)
MakeWorker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]
BODY = "Went for a run. Meditated at noon. Read a chapter."


@pytest.fixture
def entry_with_suggestions(db: Database, make_worker: MakeWorker) -> int:
    for name in ("Run", "Meditation", "Read"):
        targets.add_habit(db, name)
    entry = journal.add_entry(db, DAY, BODY).value.id
    reply = hits((0, "Went for a run"), (1, "Meditated at noon"), (2, "Read a chapter"))
    detection.detect_entry(
        db, make_worker(ScriptedModel(lambda p: reply)), entry, today=DAY, pipeline=Pipeline.MODEL
    )
    return entry


def anchors(db: Database, entry: int) -> dict[str, tuple[int, int, str]]:
    return {
        s.target_name: (s.anchor_start, s.anchor_end, s.status)
        for s in suggestions.list_suggestions(db, entry_id=entry)
    }


def test_editing_moves_pending_anchors_with_their_text(
    db: Database, entry_with_suggestions: int
) -> None:
    entry = entry_with_suggestions
    new = "Today: " + BODY.replace("Meditated at noon", "Meditated at noon, calmly")
    result = journal.update_entry(db, entry, body=new)
    got = anchors(db, entry)
    for name, (start, end, status) in got.items():
        assert status == "pending", name
        assert new[start:end] in {"Went for a run", "Meditated at noon", "Read a chapter"}
    assert result.changes.suggestions  # shifted ones are reported
    assert journal.get_entry(db, entry).body == new


def test_editing_inside_an_anchor_dismisses_it_as_stale(
    db: Database, entry_with_suggestions: int
) -> None:
    entry = entry_with_suggestions
    journal.update_entry(db, entry, body=BODY.replace("Meditated at noon", "Meditated at one"))
    got = anchors(db, entry)
    assert got["Meditation"][2] == "dismissed"
    assert got["Run"] == (0, 14, "pending")
    assert got["Read"][2] == "pending"


def test_accepted_suggestions_are_left_alone(db: Database, entry_with_suggestions: int) -> None:
    entry = entry_with_suggestions
    run = next(s for s in suggestions.list_suggestions(db) if s.target_name == "Run")
    suggestions.accept_suggestion(db, run.id, today=DAY)
    journal.update_entry(db, entry, body="Yesterday: " + BODY)
    assert anchors(db, entry)["Run"] == (0, 14, "accepted")
    assert anchors(db, entry)["Read"][0] == BODY.index("Read") + len("Yesterday: ")


def test_delete_removes_suggestions_but_keeps_completions(
    db: Database, entry_with_suggestions: int
) -> None:
    entry = entry_with_suggestions
    first = suggestions.list_suggestions(db)[0]
    suggestions.accept_suggestion(db, first.id, today=DAY)
    result = journal.delete_entry(db, entry)
    assert result.changes.deleted_entries == {entry}
    assert len(result.changes.suggestions) == 3
    assert suggestions.list_suggestions(db) == []
    [c] = completions.list_completions(db)
    assert c.suggestion_id is None
    assert c.day == DAY
    with pytest.raises(NotFoundError):
        journal.get_entry(db, entry)


def test_unknown_entries_and_oversized_text_are_refused(db: Database) -> None:
    with pytest.raises(NotFoundError, match="no journal entry with id 5"):
        journal.update_entry(db, 5, body="x")
    with pytest.raises(NotFoundError):
        journal.delete_entry(db, 5)
    with pytest.raises(InvalidInputError):
        journal.add_entry(db, DAY, "x" * (journal.BODY_MAX + 1))
    assert journal.list_entries(db) == []


def test_search_finds_an_entry_by_a_word_in_its_body(db: Database) -> None:
    kept = journal.add_entry(db, DAY, "Long walk to the harbour.").value.id
    journal.add_entry(db, DAY, "Stayed in.")
    assert [h.entry_id for h in journal.search_entries(db, "harbour")] == [kept]
    journal.update_entry(db, kept, body="Long walk to the station.")
    assert journal.search_entries(db, "harbour") == []
