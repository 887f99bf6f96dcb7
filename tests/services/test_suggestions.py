from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from app.domain.journal.pipeline import Pipeline
from app.llm import ModelWorker
from app.services.errors import InvalidInputError, NotFoundError, RefusedError
from app.services.journal import completions, detection, suggestions, targets
from app.services.journal import entries as journal
from app.services.views import SuggestionInfo
from app.store import Database
from tests.services.conftest import ScriptedModel, hits

DAY = date(2026, 11, 10)
MakeWorker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]


def suggest(
    db: Database, make_worker: MakeWorker, body: str, reply: str, day: date = DAY
) -> list[SuggestionInfo]:
    entry = journal.add_entry(db, day, body).value
    model = ScriptedModel(lambda p: reply)
    return list(
        detection.detect_entry(
            db, make_worker(model), entry.id, today=DAY, pipeline=Pipeline.MODEL
        ).value.created
    )


@pytest.fixture
def water(db: Database) -> int:
    return targets.add_habit(db, "Drink water", unit="oz", default_amount=48).value.id


def test_accept_logs_one_completion_with_the_default_amount_on_the_entry_day(
    db: Database, make_worker: MakeWorker, water: int
) -> None:
    [s] = suggest(db, make_worker, "Drank plenty of water.", hits((0, "Drank plenty of water")))
    result = suggestions.accept_suggestion(db, s.id, today=DAY)
    assert result.value.status == "accepted"
    assert result.changes.completions == {("habit", water)}
    [c] = completions.list_completions(db)
    assert (c.target_id, c.day, c.amount, c.suggestion_id) == (water, DAY, 48.0, s.id)

    again = suggestions.accept_suggestion(db, s.id, today=DAY)
    assert again.changes.empty
    assert again.value.status == "accepted"
    assert len(completions.list_completions(db)) == 1


def test_accept_uses_the_written_amount_and_day(
    db: Database, make_worker: MakeWorker, water: int
) -> None:
    reply = hits((0, "I drank 64 oz of water"), amount=64, unit="oz", when="yesterday")
    [s] = suggest(db, make_worker, "I drank 64 oz of water yesterday.", reply)
    suggestions.accept_suggestion(db, s.id, today=DAY)
    [c] = completions.list_completions(db)
    assert (c.day, c.amount) == (date(2026, 11, 9), 64.0)


def test_a_suggested_day_outside_the_window_falls_back_to_the_entry_day() -> None:
    entry_day = date(2026, 10, 1)
    assert suggestions.completion_day(date(2026, 9, 30), entry_day, DAY) == entry_day
    assert suggestions.completion_day(date(2026, 11, 9), entry_day, DAY) == date(2026, 11, 9)
    assert suggestions.completion_day(None, entry_day, DAY) == entry_day
    assert suggestions.completion_day(date(2026, 11, 11), entry_day, DAY) == entry_day


def test_accept_does_not_duplicate_a_completion_logged_by_hand(
    db: Database, make_worker: MakeWorker, water: int
) -> None:
    completions.log_completion(db, "habit", water, DAY, amount=10)
    [s] = suggest(db, make_worker, "Drank plenty of water.", hits((0, "Drank plenty of water")))
    suggestions.accept_suggestion(db, s.id, today=DAY)
    [c] = completions.list_completions(db)
    assert (c.amount, c.suggestion_id) == (10.0, None)


def test_accepting_a_practice_logs_one_session(db: Database, make_worker: MakeWorker) -> None:
    run = targets.add_practice(db, "Run", default_minutes=25).value.id
    [s] = suggest(db, make_worker, "Went for a run.", hits((0, "Went for a run"), amount=5))
    assert s.completed_units is None  # a practice never gets an amount
    suggestions.accept_suggestion(db, s.id, today=DAY)
    suggestions.accept_suggestion(db, s.id, today=DAY)
    [c] = completions.list_completions(db)
    assert (c.target_type, c.target_id, c.amount, c.suggestion_id) == ("practice", run, 25.0, s.id)


def test_dismiss_rules(db: Database, make_worker: MakeWorker, water: int) -> None:
    targets.add_habit(db, "Read")
    a, b = suggest(
        db, make_worker, "Drank water. Read a book.", hits((0, "Drank water"), (1, "Read a book"))
    )
    result = suggestions.dismiss_suggestion(db, a.id)
    assert result.value.status == "dismissed"
    assert result.changes.suggestions == {a.id}
    assert suggestions.dismiss_suggestion(db, a.id).changes.empty
    with pytest.raises(RefusedError, match="was dismissed, so it cannot be accepted"):
        suggestions.accept_suggestion(db, a.id)
    suggestions.accept_suggestion(db, b.id)
    with pytest.raises(RefusedError, match="was accepted, so it cannot be dismissed"):
        suggestions.dismiss_suggestion(db, b.id)
    assert completions.list_completions(db)[0].target_id == b.target_id


def test_unknown_ids_and_statuses_are_refused(db: Database) -> None:
    with pytest.raises(NotFoundError):
        suggestions.accept_suggestion(db, 999)
    with pytest.raises(NotFoundError):
        suggestions.dismiss_suggestion(db, 999)
    with pytest.raises(InvalidInputError):
        suggestions.list_suggestions(db, status="maybe")


def test_list_is_sorted_by_entry_then_position(
    db: Database, make_worker: MakeWorker, water: int
) -> None:
    targets.add_habit(db, "Read")
    suggest(db, make_worker, "Read a book. Drank water.", hits((0, "Drank water"), (1, "Read")))
    suggest(db, make_worker, "Drank water.", hits((0, "Drank water")))
    items = suggestions.list_suggestions(db)
    assert [(s.entry_id, s.anchor_start) for s in items] == [(1, 0), (1, 13), (2, 0)]
    assert [s.entry_id for s in suggestions.list_suggestions(db, entry_id=2)] == [2]
    assert suggestions.list_suggestions(db, status="accepted") == []
