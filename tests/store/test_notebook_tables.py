"""Constraints of the notebook tables (migration 0003)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from app.store import (
    Database,
    DetectionRun,
    Finding,
    FindingPageReview,
    Notebook,
    NotebookPage,
    PageTag,
    Tag,
)


@pytest.fixture
def page_ids(db: Database) -> tuple[int, int, int]:
    with db.session() as session:
        notebook = Notebook(title="N")
        session.add(notebook)
        session.flush()
        pages = [
            NotebookPage(notebook_id=notebook.id, position=i, transcribed_text=f"p{i}")
            for i in range(2)
        ]
        session.add_all(pages)
        session.flush()
        return notebook.id, pages[0].id, pages[1].id


def run_row(notebook_id: int, **kw: Any) -> DetectionRun:
    values: dict[str, Any] = {
        "notebook_id": notebook_id,
        "detector_id": "poetry",
        "detector_version": "1",
        "definition": {"detector_id": "poetry"},
        **kw,
    }
    return DetectionRun(**values)


@pytest.mark.parametrize(
    "row",
    [
        lambda n, p: NotebookPage(notebook_id=n, position=0),  # (notebook, order) is unique
        lambda n, p: NotebookPage(notebook_id=n, position=-1),
        lambda n, p: Notebook(title="  "),
        lambda n, p: run_row(n, attempt_state="paused"),
        lambda n, p: run_row(n, attempt_state="succeeded", outcome="great"),
        lambda n, p: run_row(n, attempt_state="running", published=True),
        lambda n, p: run_row(n, attempt_state="succeeded", published=True, stale_at_publish=True),
        lambda n, p: FindingPageReview(finding_id=1, page_id=p, decision="maybe"),
    ],
)
def test_bad_rows_are_refused(db: Database, page_ids: tuple[int, int, int], row: Any) -> None:
    notebook_id, first, _ = page_ids
    with pytest.raises(IntegrityError), db.session() as session:
        session.add(row(notebook_id, first))


def test_one_published_run_per_notebook_and_detector(
    db: Database, page_ids: tuple[int, int, int]
) -> None:
    notebook_id, _, _ = page_ids
    with db.session() as session:
        session.add(run_row(notebook_id, attempt_state="succeeded", published=True))
        session.add(run_row(notebook_id, attempt_state="failed"))
    with pytest.raises(IntegrityError), db.session() as session:
        session.add(run_row(notebook_id, attempt_state="succeeded", published=True))


def test_deleting_a_notebook_cascades(db: Database, page_ids: tuple[int, int, int]) -> None:
    notebook_id, first, second = page_ids
    with db.session() as session:
        run = run_row(notebook_id, attempt_state="succeeded", published=True, warnings=[])
        session.add(run)
        session.add(Tag(slug="poetry", label="poetry", colour="#336699"))
        session.flush()
        finding = Finding(
            run_id=run.id,
            notebook_id=notebook_id,
            detector_id="poetry",
            detector_version="1",
            start_page_id=first,
            end_page_id=second,
            page_ids=[first, second],
            finding_type="poetry",
            confidence=0.9,
            detector_data={"title": None},
            evidence=[{"page_id": first, "anchor_start": 0, "anchor_end": 2, "anchor_text": "p0"}],
        )
        session.add(finding)
        session.flush()
        session.add(FindingPageReview(finding_id=finding.id, page_id=first, decision="approved"))
        session.add(PageTag(page_id=first, tag_slug="poetry"))
    with db.session() as session:
        stored = session.scalars(select(Finding)).one()
        assert stored.evidence[0]["anchor_text"] == "p0"
        assert stored.review_status == "unreviewed"
        session.delete(session.get(Notebook, notebook_id))
    with db.session() as session:
        for model in (NotebookPage, DetectionRun, Finding, FindingPageReview, PageTag):
            assert session.scalar(select(func.count()).select_from(model)) == 0
        assert session.scalar(select(func.count()).select_from(Tag)) == 1  # the catalogue stays
