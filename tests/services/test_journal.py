from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from app.domain.journal.pipeline import Pipeline
from app.llm import ModelWorker
from app.services.errors import InvalidInputError, NotFoundError
from app.services.journal import completions, detection, suggestions, targets
from app.services.journal import entries as journal
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


def test_add_entries_adds_many_in_one_transaction(db: Database) -> None:
    items = [journal.NewEntry(date(2026, 1 + i % 12, 1 + i % 28), f"Entry {i}.") for i in range(30)]
    result = journal.add_entries(db, [*items, journal.NewEntry(DAY, "Last.", title="  T  ")])
    assert result.value == 31
    assert len(result.changes.entries) == 31
    listed = journal.list_entries(db)
    assert {e.id for e in listed} == result.changes.entries
    assert [e.title for e in listed if e.body == "Last."] == ["T"]
    assert journal.add_entries(db, []).value == 0


def test_add_entries_is_all_or_nothing(db: Database) -> None:
    too_long = "x" * (journal.BODY_MAX + 1)
    with pytest.raises(InvalidInputError):
        journal.add_entries(db, [journal.NewEntry(DAY, "Fine."), journal.NewEntry(DAY, too_long)])
    assert journal.list_entries(db) == []


def test_months_newest_first_with_counts_and_one_month_by_day(db: Database) -> None:
    for day, body in (
        (date(2025, 12, 31), "New Year's Eve."),
        (date(2026, 1, 1), "New Year."),
        (date(2026, 1, 31), "End of January."),
        (date(2026, 1, 15), "Mid January."),
        (date(2026, 2, 1), "February."),
    ):
        journal.add_entry(db, day, body)
    months = journal.list_months(db)
    assert [(m.year, m.month, m.entries) for m in months] == [
        (2026, 2, 1),
        (2026, 1, 3),
        (2025, 12, 1),
    ]
    january = journal.list_month(db, 2026, 1)
    assert [e.body for e in january] == ["New Year.", "Mid January.", "End of January."]
    assert [e.body for e in journal.list_month(db, 2025, 12)] == ["New Year's Eve."]
    assert journal.list_month(db, 2024, 5) == []
    with pytest.raises(InvalidInputError):
        journal.list_month(db, 2026, 13)


def test_undoing_a_delete_brings_back_the_entry_with_everything_it_had(
    db: Database, entry_with_suggestions: int
) -> None:
    from app.services.journal import extras

    entry = entry_with_suggestions
    first = suggestions.list_suggestions(db)[0]
    suggestions.accept_suggestion(db, first.id, today=DAY)
    extras.set_starred(db, entry, True)
    extras.add_tag(db, entry, "holiday")
    extras.add_photo(db, entry, "beach.png", "image/png", b"\x89PNG fake")
    before = (suggestions.list_suggestions(db), extras.get_extras(db, entry))

    deleted = journal.delete_entry(db, entry).value
    assert (deleted.id, deleted.day) == (entry, DAY)
    assert extras.get_extras_or_none(db, entry) is None
    restored = journal.restore_entry(db, deleted)

    assert restored.value.id == entry
    assert restored.changes.entries == {entry}
    assert journal.get_entry(db, entry).body == BODY
    assert (suggestions.list_suggestions(db), extras.get_extras(db, entry)) == before
    [c] = completions.list_completions(db)
    assert c.suggestion_id == first.id  # the completion is linked to its suggestion again


def test_a_restored_entry_whose_id_was_taken_gets_a_new_one(db: Database) -> None:
    first = journal.add_entry(db, DAY, "first").value.id
    deleted = journal.delete_entry(db, first).value
    taken = journal.add_entry(db, DAY, "written meanwhile").value.id
    assert taken == first  # SQLite reuses the largest id
    restored = journal.restore_entry(db, deleted).value
    assert restored.id != taken
    assert restored.body == "first"
    assert journal.get_entry(db, taken).body == "written meanwhile"
