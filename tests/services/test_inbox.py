"""The review inbox: one queue of pending suggestions and unreviewed findings, newest
first, keyset pages, filters, counts, single and bulk decisions with undo."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import text

from app import clock
from app.clock import FixedClock
from app.domain import CompletionDetected
from app.domain.journal.pipeline import Pipeline
from app.llm import ModelWorker
from app.services import inbox
from app.services.errors import InvalidInputError
from app.services.inbox import InboxFilter, ItemKind
from app.services.journal import completions, detection, suggestions, targets
from app.services.journal import entries as journal
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, run_detector
from app.store import Database
from tests.notebook_files import SAMPLE_NOTEBOOK
from tests.services.conftest import ScriptedModel
from tests.services.test_findings_and_tags import reply as poems

pytestmark = pytest.mark.dates

FOUND_AT = datetime(2026, 11, 20, 9, 0, tzinfo=ZoneInfo("Europe/Paris"))


@pytest.fixture(autouse=True)
def in_paris(clock: FixedClock) -> FixedClock:
    """The user's clock in Paris, the zone the findings were stamped in: a finding's day is
    the user's local day, whatever zone the computer running the tests is in."""
    clock.set(FOUND_AT + timedelta(days=10))
    return clock


def suggest(db: Database, day: date, habits: Sequence[tuple[str, int]], title: str = "") -> int:
    """An entry on ``day`` with one pending suggestion per target; the entry's id."""
    words = [f"did {kind} {target_id} today" for kind, target_id in habits]
    body = ". ".join(words) + "."
    entry = journal.add_entry(db, day, body, title=title).value
    request = detection.prepare_detection(db, entry.id, pipeline=Pipeline.MODEL)
    found = []
    for (kind, target_id), quote in zip(habits, words, strict=True):
        start = body.index(quote)
        found.append(CompletionDetected(kind, target_id, quote, start, start + len(quote), quote))
    detection.store_detections(db, detection.DetectionReply(request, tuple(found)))
    return entry.id


@pytest.fixture
def journal_db(db: Database) -> tuple[Database, dict[str, int]]:
    run = targets.add_habit(db, "Running").value.id
    water = targets.add_habit(db, "Water", default_amount=64).value.id
    yoga = targets.add_practice(db, "Yoga").value.id
    ids = {"run": run, "water": water, "yoga": yoga}
    suggest(db, date(2026, 11, 2), [("habit", run), ("habit", water)], "Monday")
    suggest(db, date(2026, 11, 20), [("habit", run)], "Late November")
    suggest(db, date(2026, 10, 31), [("habit", run), ("practice", yoga)], "Halloween")
    suggest(db, date(2026, 11, 20), [("habit", water)], "Second that day")
    return db, ids


@pytest.fixture
def notebook_db(journal_db: tuple[Database, dict[str, int]]) -> tuple[Database, int]:
    db, _ = journal_db
    notebook = notebooks.import_notebook(db, SAMPLE_NOTEBOOK, title="Sample").value.id
    with (
        clock.using(clock.FixedClock(FOUND_AT)),
        ModelWorker(lambda: ScriptedModel(poems)) as worker,
    ):
        run_detector(db, worker, notebook, "poetry", model=ModelIdentity("m", "d", 1, 1))
    return db, notebook


def walk(
    db: Database, where: InboxFilter = inbox.EVERYTHING, limit: int = 2
) -> list[inbox.InboxItem]:
    """Every item, a page of ``limit`` at a time."""
    items: list[inbox.InboxItem] = []
    after = None
    while True:
        page = inbox.list_inbox(db, where, after=after, limit=limit)
        items += page.items
        if page.next_after is None:
            return items
        after = page.next_after


def describe(items: Sequence[inbox.InboxItem]) -> list[tuple[str, str, str]]:
    return [(item.day.isoformat(), item.where, item.title) for item in items]


def test_newest_first_entries_in_order_and_text_order_within(
    journal_db: tuple[Database, dict[str, int]],
) -> None:
    db, _ = journal_db
    assert describe(walk(db, limit=50)) == [
        ("2026-11-20", "Second that day", "Water"),  # the newer entry of the day first
        ("2026-11-20", "Late November", "Running"),
        ("2026-11-02", "Monday", "Running"),  # then in the order they were made
        ("2026-11-02", "Monday", "Water"),
        ("2026-10-31", "Halloween", "Running"),
        ("2026-10-31", "Halloween", "Yoga"),
    ]


@pytest.mark.parametrize("limit", [1, 2, 3, 5])
def test_keyset_pages_give_the_same_queue_whatever_their_size(
    notebook_db: tuple[Database, int], limit: int
) -> None:
    db, _ = notebook_db
    whole = inbox.list_inbox(db, limit=100)
    assert whole.next_after is None
    assert [(i.kind, i.id) for i in walk(db, limit=limit)] == [(i.kind, i.id) for i in whole.items]


def test_findings_join_the_queue_on_the_day_they_were_found(
    notebook_db: tuple[Database, int],
) -> None:
    db, notebook = notebook_db
    items = walk(db)
    kinds = [(i.day.isoformat(), i.kind) for i in items]
    # the journal's 20 November first, then the findings of that day, then older days
    assert kinds[:2] == [("2026-11-20", ItemKind.SUGGESTION)] * 2
    found = [i for i in items if i.kind == ItemKind.FINDING]
    assert found
    assert kinds[2 : 2 + len(found)] == [("2026-11-20", ItemKind.FINDING)] * len(found)
    first = found[0]
    assert first.notebook_id == notebook
    assert first.page_id is not None
    assert first.where.startswith("Sample, page")
    assert first.title.startswith("Poems")


def test_filters_by_habit_detector_notebook_and_days(
    notebook_db: tuple[Database, int], journal_db: tuple[Database, dict[str, int]]
) -> None:
    db, notebook = notebook_db
    _, ids = journal_db
    running = InboxFilter(target=("habit", ids["run"]))
    assert [i.title for i in walk(db, running)] == ["Running"] * 3
    november = InboxFilter(
        target=("habit", ids["run"]), start=date(2026, 11, 1), end=date(2026, 11, 30)
    )
    assert [i.where for i in walk(db, november, limit=1)] == ["Late November", "Monday"]
    assert {i.kind for i in walk(db, InboxFilter(detector_id="poetry"))} == {ItemKind.FINDING}
    assert walk(db, InboxFilter(notebook_id=notebook + 1)) == []
    yoga = walk(db, InboxFilter(target=("practice", ids["yoga"])))
    assert [i.title for i in yoga] == ["Yoga"]
    only_journal = walk(db, InboxFilter(kind=ItemKind.SUGGESTION))
    assert len(only_journal) == 6
    # a finding's day is the local day it was found: 20 November in Paris
    assert walk(db, InboxFilter(kind=ItemKind.FINDING, end=date(2026, 11, 19))) == []
    assert walk(db, InboxFilter(kind=ItemKind.FINDING, start=date(2026, 11, 20)))
    with pytest.raises(InvalidInputError):
        inbox.list_inbox(db, InboxFilter(start=date(2026, 11, 2), end=date(2026, 11, 1)))


def test_counts_follow_the_filter_and_the_decisions(
    notebook_db: tuple[Database, int], journal_db: tuple[Database, dict[str, int]]
) -> None:
    db, _ = notebook_db
    _, ids = journal_db
    counts = inbox.inbox_counts(db)
    findings_waiting = len(walk(db, InboxFilter(kind=ItemKind.FINDING)))
    assert (counts.suggestions, counts.findings) == (6, findings_waiting)
    assert counts.total == 6 + findings_waiting
    assert inbox.inbox_counts(db, InboxFilter(target=("habit", ids["water"]))).total == 2
    first = walk(db)[0]
    suggestions.accept_suggestion(db, first.id)
    assert inbox.inbox_counts(db).suggestions == 5
    assert first.id not in {i.id for i in walk(db, InboxFilter(kind=ItemKind.SUGGESTION))}


def test_choices_list_targets_and_what_findings_wait(
    notebook_db: tuple[Database, int], journal_db: tuple[Database, dict[str, int]]
) -> None:
    db, notebook = notebook_db
    _, ids = journal_db
    choices = inbox.inbox_choices(db)
    assert [name for _, name in choices.targets] == ["Running", "Water", "Yoga"]
    assert [(c.key, c.label) for c in choices.detectors] == [("poetry", "Poems")]
    assert choices.notebooks == ((notebook, "Sample"),)
    targets.add_habit(db, "Archery")
    assert next(name for _, name in inbox.inbox_choices(db).targets) == "Archery"
    assert ("habit", ids["run"]) in dict(choices.targets)


def test_bulk_accept_logs_completions_and_one_undo_restores_them(
    journal_db: tuple[Database, dict[str, int]],
) -> None:
    db, ids = journal_db
    november = InboxFilter(
        target=("habit", ids["run"]), start=date(2026, 11, 1), end=date(2026, 11, 30)
    )
    with clock.using(clock.FixedClock(datetime(2026, 11, 25, 12, tzinfo=UTC))):
        result = inbox.decide_all(db, november, accept=True)
    decision = result.value
    assert decision.accepted
    assert decision.count == 2
    assert result.changes.completions == {("habit", ids["run"])}
    assert result.changes.suggestions == set(decision.suggestions)
    logged = sorted(c.day for c in completions.list_completions(db))
    assert logged == [date(2026, 11, 2), date(2026, 11, 20)]
    assert [i.title for i in walk(db, InboxFilter(target=("habit", ids["run"])))] == ["Running"]
    restored = inbox.undo(db, decision)
    assert restored.value == inbox.Restored(2, 0)
    assert restored.changes.suggestions == set(decision.suggestions)
    assert completions.list_completions(db) == []
    assert inbox.inbox_counts(db).suggestions == 6


def test_bulk_dismiss_and_undo_skips_what_was_edited_away(
    journal_db: tuple[Database, dict[str, int]],
) -> None:
    db, ids = journal_db
    water = InboxFilter(target=("habit", ids["water"]))
    decision = inbox.decide_all(db, water, accept=False).value
    assert decision.count == 2
    assert not decision.accepted
    assert inbox.inbox_counts(db, water).total == 0
    assert completions.list_completions(db) == []
    edited = next(e for e in journal.list_entries(db) if e.title == "Monday")
    journal.update_entry(db, edited.id, body="Something else entirely.")
    assert inbox.undo(db, decision).value == inbox.Restored(1, 1)
    assert inbox.inbox_counts(db, water).total == 1


def test_findings_accept_tags_pages_and_undo_untags(notebook_db: tuple[Database, int]) -> None:
    db, notebook = notebook_db
    waiting = walk(db, InboxFilter(kind=ItemKind.FINDING))
    first = waiting[0]
    assert first.finding is not None
    result = inbox.decide(db, [(ItemKind.FINDING, first.id)], accept=True)
    assert result.changes.findings == {first.id}
    assert result.changes.pages == set(first.finding.page_ids)
    tagged = {p.id for p in notebooks.list_pages(db, notebook) if "poetry" in p.tags}
    assert tagged == set(first.finding.page_ids)
    assert findings.get_finding(db, first.id).review_status == "approved"
    inbox.undo(db, result.value)
    assert findings.get_finding(db, first.id).review_status == "unreviewed"
    assert findings.get_finding(db, first.id).page_reviews == {}
    assert not any("poetry" in p.tags for p in notebooks.list_pages(db, notebook))


def test_rejecting_a_finding_keeps_tags_put_by_hand_after_undo(
    notebook_db: tuple[Database, int],
) -> None:
    db, notebook = notebook_db
    first = walk(db, InboxFilter(kind=ItemKind.FINDING))[0]
    assert first.finding is not None
    page = first.finding.page_ids[0]
    from app.services.notebooks import tags

    tags.add_page_tags(db, page, ["poetry"])
    decision = inbox.decide(db, [(ItemKind.FINDING, first.id)], accept=False).value
    assert not any("poetry" in p.tags for p in notebooks.list_pages(db, notebook))
    inbox.undo(db, decision)
    after = {p.id: p.tags for p in notebooks.list_pages(db, notebook)}
    assert after[page] == ("poetry",)
    assert findings.get_finding(db, first.id).review_status == "unreviewed"


def test_deciding_twice_is_a_no_op(journal_db: tuple[Database, dict[str, int]]) -> None:
    db, _ = journal_db
    first = walk(db)[0]
    inbox.decide(db, [(ItemKind.SUGGESTION, first.id)], accept=True)
    again = inbox.decide(db, [(ItemKind.SUGGESTION, first.id)], accept=False)
    assert again.value.count == 0
    assert again.changes.empty


def test_the_queue_is_read_from_the_indexes_without_sorting(
    journal_db: tuple[Database, dict[str, int]],
) -> None:
    """The page query walks the entries by day and each one's pending suggestions: no
    temporary B-tree (which would read and sort every pending suggestion per page)."""
    db, ids = journal_db
    after = inbox.list_inbox(db, limit=1).next_after
    for where in (
        inbox.EVERYTHING,
        InboxFilter(target=("habit", ids["run"]), end=date(2026, 11, 30)),
    ):
        condition, params = inbox._suggestion_sql(where, after)
        sql = (
            f"EXPLAIN QUERY PLAN SELECT s.id {inbox._WALK} WHERE {condition}"
            " ORDER BY e.day DESC, e.id DESC, s.id ASC LIMIT 5"
        )
        with db.session(readonly=True) as session:
            plan = " | ".join(str(row[-1]) for row in session.execute(text(sql), params))
        assert "TEMP B-TREE" not in plan, plan
        assert "ix_journal_entries_day" in plan
        assert "ix_completion_suggestions_pending" in plan


def test_a_count_finding_is_titled_by_its_detector_not_its_id(
    notebook_db: tuple[Database, int],
) -> None:
    db, notebook = notebook_db
    with clock.using(clock.FixedClock(FOUND_AT)):
        run_detector(db, None, notebook, "first_person")
    counted = [i for i in walk(db) if i.finding and i.finding.detector_id == "first_person"]
    assert counted
    assert {i.title for i in counted} == {"First person"}
