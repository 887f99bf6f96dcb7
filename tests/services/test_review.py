from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from app.domain.journal.pipeline import Pipeline
from app.llm import ModelWorker
from app.services.errors import NotFoundError, RefusedError
from app.services.journal import completions, detection, review, suggestions, targets
from app.services.journal import entries as journal
from app.services.views import SuggestionInfo
from app.store import Database
from tests.services.conftest import ScriptedModel, hits

DAY = date(2026, 11, 10)
MakeWorker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]
BODY = "Drank plenty of water. Went for a run."


@pytest.fixture
def found(db: Database, make_worker: MakeWorker) -> list[SuggestionInfo]:
    targets.add_habit(db, "Drink water", unit="oz", default_amount=48)
    targets.add_practice(db, "Running", default_minutes=30)
    entry = journal.add_entry(db, DAY, BODY).value
    reply = hits((0, "Drank plenty of water"), (1, "Went for a run"))
    worker = make_worker(ScriptedModel(lambda p: reply))
    outcome = detection.detect_entry(db, worker, entry.id, today=DAY, pipeline=Pipeline.MODEL).value
    return list(outcome.created)


def test_undo_accept_removes_the_completion_it_wrote(
    db: Database, found: list[SuggestionInfo]
) -> None:
    water, run = found
    for s in found:
        suggestions.accept_suggestion(db, s.id, today=DAY)
    assert len(completions.list_completions(db)) == 2
    result = review.undo_decision(db, water.id)
    assert result.value.status == "pending"
    assert result.changes.suggestions == {water.id}
    assert result.changes.completions == {("habit", water.target_id)}
    [left] = completions.list_completions(db)
    assert left.target_type == "practice"
    review.undo_decision(db, run.id)
    assert completions.list_completions(db) == []
    # and it can be accepted again, writing exactly one completion
    suggestions.accept_suggestion(db, water.id, today=DAY)
    assert len(completions.list_completions(db)) == 1


def test_undo_accept_keeps_a_completion_logged_by_hand(
    db: Database, found: list[SuggestionInfo]
) -> None:
    water = found[0]
    completions.log_completion(db, "habit", water.target_id, DAY)
    suggestions.accept_suggestion(db, water.id, today=DAY)
    result = review.undo_decision(db, water.id)
    assert result.changes.completions == frozenset()
    assert len(completions.list_completions(db)) == 1


def test_undo_dismiss_and_pending_is_a_no_op(db: Database, found: list[SuggestionInfo]) -> None:
    water = found[0]
    assert review.undo_decision(db, water.id).changes.empty
    suggestions.dismiss_suggestion(db, water.id)
    assert review.pending_count(db, water.entry_id) == 1
    result = review.undo_decision(db, water.id)
    assert result.value.status == "pending"
    assert review.pending_count(db, water.entry_id) == 2


def test_a_suggestion_whose_words_are_gone_cannot_come_back(
    db: Database, found: list[SuggestionInfo]
) -> None:
    water = found[0]
    journal.update_entry(db, water.entry_id, body="Nothing much. Went for a run.")
    [row] = suggestions.list_suggestions(db, status="dismissed")
    with pytest.raises(RefusedError):
        review.undo_decision(db, row.id)
    with pytest.raises(NotFoundError):
        review.undo_decision(db, 999)
