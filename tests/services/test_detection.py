from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date

import pytest

from app.domain.journal.pipeline import Pipeline
from app.llm import ModelWorker
from app.services.journal import detection, targets
from app.services.journal import entries as journal
from app.services.journal.detection import CheckStatus
from app.store import Database
from tests.services.conftest import ScriptedModel, hits

BODY = (
    "This morning I meditated for twenty minutes by the window. Later I went for a run "
    "along the river. I planned to journal tonight but never got to it."
)
DAY = date(2026, 11, 2)

MakeWorker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]


def setup_targets(db: Database) -> tuple[int, int, int]:
    meditation = targets.add_habit(db, "Meditation").value.id
    journal_habit = targets.add_habit(db, "Journal").value.id
    run = targets.add_practice(db, "Run", default_minutes=30).value.id
    return meditation, journal_habit, run


def test_detect_stores_anchored_suggestions_from_the_worker_thread(
    db: Database, make_worker: MakeWorker
) -> None:
    meditation, _, run = setup_targets(db)
    entry = journal.add_entry(db, DAY, BODY).value
    # candidates: 0 Meditation, 1 Journal (habits by id), 2 Run (practice)
    model = ScriptedModel(
        lambda p: hits((0, "I meditated for twenty minutes"), (2, "I went for a run"))
    )
    result = detection.detect_entry(
        db, make_worker(model), entry.id, today=DAY, pipeline=Pipeline.MODEL
    )
    outcome = result.value
    assert outcome.status is CheckStatus.COMPLETED
    assert outcome.checked
    assert [(s.target_type, s.target_id) for s in outcome.created] == [
        ("habit", meditation),
        ("practice", run),
    ]
    for s in outcome.created:
        assert BODY[s.anchor_start : s.anchor_end] == s.anchor_text == s.label
        assert s.status == "pending"
    assert result.changes.suggestions == {s.id for s in outcome.created}
    assert threading.get_ident() not in model.threads
    assert len(model.threads) == 1
    assert "0. Meditation (habit)" in model.prompts[0].user
    assert "2. Run (practice)" in model.prompts[0].user


def test_rerun_never_offers_a_target_twice_and_skips_the_model_when_nothing_is_left(
    db: Database, make_worker: MakeWorker
) -> None:
    setup_targets(db)
    entry = journal.add_entry(db, DAY, BODY).value
    first = ScriptedModel(lambda p: hits((0, "I meditated for twenty minutes")))
    detection.detect_entry(db, make_worker(first), entry.id, today=DAY, pipeline=Pipeline.MODEL)

    second = ScriptedModel(lambda p: hits((0, "I went for a run")))
    outcome = detection.detect_entry(
        db, make_worker(second), entry.id, today=DAY, pipeline=Pipeline.MODEL
    ).value
    # Meditation was offered already: the model sees only Journal (0) and Run (1).
    assert "Meditation" not in second.prompts[0].user
    assert "0. Journal (habit)" in second.prompts[0].user
    assert [s.target_name for s in outcome.created] == ["Journal"]
    assert len(outcome.suggestions) == 2

    third = ScriptedModel(lambda p: hits((0, "I went for a run")))
    detection.detect_entry(db, make_worker(third), entry.id, today=DAY, pipeline=Pipeline.MODEL)
    fourth = ScriptedModel(lambda p: hits((0, "anything")))
    outcome = detection.detect_entry(
        db, make_worker(fourth), entry.id, today=DAY, pipeline=Pipeline.MODEL
    ).value
    assert fourth.prompts == []  # every target offered: no model call at all
    assert outcome.checked
    assert not outcome.model_called
    assert outcome.created == ()


def test_no_targets_means_no_model_call(db: Database, make_worker: MakeWorker) -> None:
    entry = journal.add_entry(db, DAY, BODY).value
    model = ScriptedModel(lambda p: hits((0, "I meditated")))
    outcome = detection.detect_entry(
        db, make_worker(model), entry.id, pipeline=Pipeline.MODEL
    ).value
    assert model.prompts == []
    assert outcome.checked
    assert outcome.suggestions == ()


def test_archived_habits_and_ended_practices_are_not_candidates(
    db: Database, make_worker: MakeWorker
) -> None:
    _meditation, journal_habit, run = setup_targets(db)
    targets.set_active(db, "habit", journal_habit, False)
    targets.set_active(db, "practice", run, False)
    entry = journal.add_entry(db, DAY, BODY).value
    model = ScriptedModel(lambda p: hits((0, "I meditated")))
    detection.detect_entry(db, make_worker(model), entry.id, pipeline=Pipeline.MODEL)
    assert "0. Meditation (habit)" in model.prompts[0].user
    assert "Journal" not in model.prompts[0].user.split("ENTRY")[0]
    assert "Run (practice)" not in model.prompts[0].user


@pytest.mark.parametrize("reply", ["not json", '{"hits": [{"index": 99, "quote": "x"}]}', ""])
def test_malformed_output_is_a_completed_check_that_loses_nothing(
    db: Database, make_worker: MakeWorker, reply: str
) -> None:
    setup_targets(db)
    entry = journal.add_entry(db, DAY, BODY).value
    detection.detect_entry(
        db,
        make_worker(ScriptedModel(lambda p: hits((0, "I meditated")))),
        entry.id,
        pipeline=Pipeline.MODEL,
    )
    outcome = detection.detect_entry(
        db, make_worker(ScriptedModel(lambda p: reply)), entry.id, pipeline=Pipeline.MODEL
    )
    assert outcome.value.status is CheckStatus.COMPLETED
    assert outcome.value.created == ()
    assert [s.anchor_text for s in outcome.value.suggestions] == ["I meditated"]


def test_a_model_error_is_a_failed_check_that_loses_nothing(
    db: Database, make_worker: MakeWorker
) -> None:
    setup_targets(db)
    entry = journal.add_entry(db, DAY, BODY).value
    detection.detect_entry(
        db,
        make_worker(ScriptedModel(lambda p: hits((0, "I meditated")))),
        entry.id,
        pipeline=Pipeline.MODEL,
    )

    def boom(prompt: object) -> str:
        raise RuntimeError("decode failed")

    outcome = detection.detect_entry(
        db, make_worker(ScriptedModel(boom)), entry.id, pipeline=Pipeline.MODEL
    ).value
    assert outcome.status is CheckStatus.FAILED
    assert not outcome.checked
    assert outcome.error == "decode failed"
    assert [s.anchor_text for s in outcome.suggestions] == ["I meditated"]


def test_an_entry_edited_while_the_model_reads_it_stores_nothing(db: Database) -> None:
    setup_targets(db)
    entry = journal.add_entry(db, DAY, BODY).value
    request = detection.prepare_detection(db, entry.id, pipeline=Pipeline.MODEL)
    reply = detection.run_detection(
        request, ScriptedModel(lambda p: hits((0, "I meditated"))), today=DAY
    )
    journal.update_entry(db, entry.id, body=BODY + " More.")
    result = detection.store_detections(db, reply)
    assert result.value.status is CheckStatus.STALE
    assert result.changes.empty
    assert detection.prepare_detection(
        db, entry.id, pipeline=Pipeline.MODEL
    ).candidates  # nothing was offered


def test_facts_are_stored_with_the_suggestion(db: Database, make_worker: MakeWorker) -> None:
    water = targets.add_habit(db, "Drink water", unit="oz").value.id
    body = "I drank 64 oz of water yesterday."
    entry = journal.add_entry(db, DAY, body).value
    model = ScriptedModel(
        lambda p: hits((0, "I drank 64 oz of water"), amount=64, unit="oz", when="yesterday")
    )
    created = detection.detect_entry(
        db, make_worker(model), entry.id, today=DAY, pipeline=Pipeline.MODEL
    ).value.created
    assert [(s.target_id, s.completed_units, s.completed_on) for s in created] == [
        (water, 64.0, date(2026, 11, 1))
    ]
    assert "0. Drink water (habit, oz)" in model.prompts[0].user


def test_unknown_entry_is_refused(db: Database) -> None:
    from app.services.errors import NotFoundError

    with pytest.raises(NotFoundError, match="no journal entry with id 42"):
        detection.prepare_detection(db, 42)


def test_the_rules_skip_an_entry_in_another_language_and_say_why(db: Database) -> None:
    setup_targets(db)
    body = (
        "Vanochtend heb ik twintig minuten gemediteerd bij het raam. Later ben ik gaan "
        "hardlopen langs de rivier, en ik heb mijn dagboek geschreven."
    )
    entry = journal.add_entry(db, DAY, body).value
    outcome = detection.detect_entry(db, None, entry.id, today=DAY, pipeline=Pipeline.RULES).value
    assert outcome.status is CheckStatus.COMPLETED
    assert outcome.suggestions == ()
    assert outcome.skipped == (
        "The entry was not read: it is written in Dutch, and this reader knows English only."
    )
    english = journal.add_entry(db, date(2026, 11, 3), BODY).value
    read = detection.detect_entry(db, None, english.id, today=DAY, pipeline=Pipeline.RULES).value
    assert read.skipped is None
    assert read.suggestions  # the same rules read the English entry


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("Read 12 pages of the Saramago on the bus.", False),  # short of the name's 20
        ("Read 25 pages of the Saramago on the bus.", True),
        ("Panels cleaned at 7, before the sun got strong.", True),
    ],
)
def test_a_habit_named_in_another_language_is_read_in_english(
    db: Database, body: str, found: bool
) -> None:
    reading = targets.add_habit(db, "Leer 20 páginas").value.id
    targets.add_habit(db, "Limpiar paneles solares")
    entry = journal.add_entry(db, DAY, body).value
    outcome = detection.detect_entry(db, None, entry.id, today=DAY, pipeline=Pipeline.RULES).value
    ids = {(s.target_type, s.target_id) for s in outcome.suggestions}
    assert bool(ids) is found
    if "pages" in body and found:
        assert ids == {("habit", reading)}
