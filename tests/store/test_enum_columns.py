"""State and status columns: every enum member is stored as its plain word and reads back
as the member; words already in a file (written before the enums) read as members too."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import pytest
from sqlalchemy import select, text

from app.domain.journal.suggestions import SuggestionStatus
from app.domain.notebooks import PAGE_DECISIONS, AttemptState, Capability, ReviewStatus, RunOutcome
from app.store import (
    CompletionSuggestion,
    Database,
    DetectionRun,
    Finding,
    FindingPageReview,
    Notebook,
    NotebookPage,
)

from .conftest import Rows
from .test_constraints import suggestion
from .test_notebook_tables import run_row


def _raw(db: Database, sql: str) -> list[Any]:
    with db.session(readonly=True) as session:
        return list(session.execute(text(sql)).scalars())


def _assert_member(value: object, member: StrEnum) -> None:
    assert value is member
    assert type(value) is type(member)


@pytest.mark.parametrize("status", list(SuggestionStatus))
def test_every_suggestion_status_round_trips(
    db: Database, rows: Rows, status: SuggestionStatus
) -> None:
    with db.session() as session:
        session.add(suggestion(rows, status=status))
    assert _raw(db, "SELECT status FROM completion_suggestions") == [status.value]
    assert type(_raw(db, "SELECT status FROM completion_suggestions")[0]) is str
    with db.session() as session:
        _assert_member(session.scalars(select(CompletionSuggestion.status)).one(), status)


def test_a_word_written_before_the_enums_reads_as_a_member(db: Database, rows: Rows) -> None:
    with db.session() as session:
        session.add(suggestion(rows))
    with db.session() as session:
        session.execute(text("UPDATE completion_suggestions SET status = 'accepted'"))
    with db.session() as session:
        row = session.scalars(select(CompletionSuggestion)).one()
        _assert_member(row.status, SuggestionStatus.ACCEPTED)


@pytest.fixture
def pages(db: Database) -> tuple[int, int]:
    with db.session() as session:
        notebook = Notebook(title="N")
        session.add(notebook)
        session.flush()
        page = NotebookPage(notebook_id=notebook.id, position=0, transcribed_text="p0")
        session.add(page)
        session.flush()
        return notebook.id, page.id


@pytest.mark.parametrize("state", list(AttemptState))
def test_every_attempt_state_round_trips(
    db: Database, pages: tuple[int, int], state: AttemptState
) -> None:
    with db.session() as session:
        session.add(run_row(pages[0], attempt_state=state))
    assert _raw(db, "SELECT attempt_state FROM detection_runs") == [state.value]
    with db.session() as session:
        _assert_member(session.scalars(select(DetectionRun.attempt_state)).one(), state)


def test_a_new_attempt_is_running(db: Database, pages: tuple[int, int]) -> None:
    with db.session() as session:
        session.add(run_row(pages[0]))
    with db.session() as session:
        row = session.scalars(select(DetectionRun)).one()
        _assert_member(row.attempt_state, AttemptState.RUNNING)
        assert row.outcome is None
        assert row.capability is None


@pytest.mark.parametrize("outcome", list(RunOutcome))
def test_every_outcome_round_trips(
    db: Database, pages: tuple[int, int], outcome: RunOutcome
) -> None:
    with db.session() as session:
        session.add(run_row(pages[0], attempt_state=AttemptState.SUCCEEDED, outcome=outcome))
    assert _raw(db, "SELECT outcome FROM detection_runs") == [outcome.value]
    with db.session() as session:
        _assert_member(session.scalars(select(DetectionRun.outcome)).one(), outcome)


@pytest.mark.parametrize("capability", list(Capability))
def test_every_capability_round_trips(
    db: Database, pages: tuple[int, int], capability: Capability
) -> None:
    with db.session() as session:
        session.add(
            run_row(
                pages[0],
                attempt_state=AttemptState.SUCCEEDED,
                outcome=RunOutcome.SKIPPED_NOT_APPLICABLE,
                capability=capability,
            )
        )
    assert _raw(db, "SELECT capability FROM detection_runs") == [capability.value]
    with db.session() as session:
        _assert_member(session.scalars(select(DetectionRun.capability)).one(), capability)


def _finding(db: Database, pages: tuple[int, int], status: ReviewStatus) -> int:
    notebook_id, page_id = pages
    with db.session() as session:
        run = run_row(notebook_id, attempt_state=AttemptState.SUCCEEDED)
        session.add(run)
        session.flush()
        finding = Finding(
            run_id=run.id,
            notebook_id=notebook_id,
            detector_id="poetry",
            detector_version="1",
            start_page_id=page_id,
            end_page_id=page_id,
            page_ids=[page_id],
            finding_type="poetry",
            confidence=0.5,
            review_status=status,
        )
        session.add(finding)
        session.flush()
        return finding.id


@pytest.mark.parametrize("status", list(ReviewStatus))
def test_every_review_status_round_trips(
    db: Database, pages: tuple[int, int], status: ReviewStatus
) -> None:
    _finding(db, pages, status)
    assert _raw(db, "SELECT review_status FROM findings") == [status.value]
    with db.session() as session:
        _assert_member(session.scalars(select(Finding.review_status)).one(), status)


@pytest.mark.parametrize("decision", PAGE_DECISIONS)
def test_every_page_decision_round_trips(
    db: Database, pages: tuple[int, int], decision: ReviewStatus
) -> None:
    finding_id = _finding(db, pages, ReviewStatus.UNREVIEWED)
    with db.session() as session:
        session.add(FindingPageReview(finding_id=finding_id, page_id=pages[1], decision=decision))
    assert _raw(db, "SELECT decision FROM finding_page_reviews") == [decision.value]
    with db.session() as session:
        _assert_member(session.scalars(select(FindingPageReview.decision)).one(), decision)


def test_the_stored_words_are_the_spec_words() -> None:
    """The values are the words the database, the JSON and the specs have always used."""
    assert [s.value for s in SuggestionStatus] == ["pending", "accepted", "dismissed"]
    assert [s.value for s in AttemptState] == [
        "running",
        "succeeded",
        "failed",
        "cancelled",
        "interrupted",
    ]
    assert [s.value for s in RunOutcome] == [
        "success",
        "skipped_not_applicable",
        "unavailable_dependency",
        "insufficient_data",
        "failed",
    ]
    assert [s.value for s in Capability] == ["unavailable_model", "unavailable_extra"]
    assert [s.value for s in ReviewStatus] == ["unreviewed", "approved", "rejected"]
    assert [s.value for s in PAGE_DECISIONS] == ["approved", "rejected"]
