"""Reviews (whole finding and per page), tag application, hand tagging, the catalogue."""

from __future__ import annotations

import json

import pytest

from app.domain import Prompt
from app.domain.notebooks import tag_colour
from app.llm import ModelWorker
from app.services.errors import InvalidInputError, NotFoundError
from app.services.notebooks import findings, tags
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, run_detector
from app.store import Database
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.conftest import ScriptedModel


def reply(prompt: Prompt) -> str:
    found = "Low Tide" in prompt.user
    return json.dumps(
        {
            "detected": found,
            "confidence": 0.9,
            "starts_on_this_window": True,
            "continues_before": False,
            "continues_after": False,
            "reason": "poem",
            "evidence": [
                {"page": 1, "quote": "Tuesday, 3 March"},
                {"page": 3, "quote": "listening for the sentence"},
            ],
        }
    )


@pytest.fixture
def setup(db: Database, model_only: None) -> tuple[int, findings.FindingInfo]:
    notebook = notebooks.import_notebook(db, SAMPLE).value.id
    with ModelWorker(lambda: ScriptedModel(reply)) as worker:
        run = run_detector(
            db, worker, notebook, "poetry", model=ModelIdentity("m", "d", 1, 1)
        ).value
    return notebook, run.findings[0]


def page_tags(db: Database, notebook: int) -> list[tuple[str, ...]]:
    return [p.tags for p in notebooks.list_pages(db, notebook)]


def test_accept_tags_the_span_and_reject_untags(
    db: Database, setup: tuple[int, findings.FindingInfo]
) -> None:
    notebook, finding = setup
    result = findings.accept_finding(db, finding.id)
    assert result.value.review_status == "approved"
    assert set(result.value.page_reviews.values()) == {"approved"}
    assert result.changes.pages == set(finding.page_ids)
    assert page_tags(db, notebook)[:4] == [("poetry",)] * 3 + [()]
    assert findings.accept_finding(db, finding.id).changes.empty  # a no-op the second time
    rejected = findings.reject_finding(db, finding.id)
    assert rejected.value.review_status == "rejected"
    assert all(t == () for t in page_tags(db, notebook))
    assert findings.apply_finding_tag(db, finding.id).value == 0  # rejected: tags nothing
    # accepting a fully rejected finding approves every page again
    assert findings.accept_finding(db, finding.id).value.review_status == "approved"


def test_per_page_reviews_and_tag_application(
    db: Database, setup: tuple[int, findings.FindingInfo]
) -> None:
    notebook, finding = setup
    first, middle, last = finding.page_ids
    view = findings.reject_finding(db, finding.id, page_id=middle).value
    assert view.review_status == "unreviewed"
    assert view.page_reviews == {middle: "rejected"}
    assert findings.apply_finding_tag(db, finding.id).value == 2  # the rejected page is skipped
    assert findings.apply_finding_tag(db, finding.id).value == 0
    view = findings.accept_finding(db, finding.id, page_id=first).value
    assert view.review_status == "unreviewed"
    view = findings.accept_finding(db, finding.id).value  # the non-rejected pages
    assert view.page_reviews == {first: "approved", middle: "rejected", last: "approved"}
    assert view.review_status == "approved"
    assert "poetry" not in page_tags(db, notebook)[1]
    outside = notebooks.list_pages(db, notebook)[5].id
    with pytest.raises(InvalidInputError, match="is not inside finding"):
        findings.accept_finding(db, finding.id, page_id=outside)
    with pytest.raises(NotFoundError, match="no finding with id 999"):
        findings.reject_finding(db, 999)


def test_tags_by_hand_and_the_catalogue(
    db: Database, setup: tuple[int, findings.FindingInfo]
) -> None:
    notebook, _ = setup
    page = notebooks.list_pages(db, notebook)[0]
    result = tags.add_page_tags(
        db, page.id, ["  Harbour   Walks ", "harbour walks", "", "todo_lists"]
    )
    assert result.value.tags == ("harbour walks", "todo_lists")
    assert tags.add_page_tags(db, page.id, ["todo_lists"]).changes.empty
    catalogue = {t.slug: t for t in tags.list_tags(db)}
    assert catalogue["harbour walks"].colour == tag_colour("harbour walks")
    assert catalogue["harbour walks"].pages == 1
    assert [p.id for p in tags.pages_with_tag(db, "HARBOUR walks")] == [page.id]
    assert tags.remove_page_tags(db, page.id, ["todo_lists"]).value.tags == ("harbour walks",)
    assert tags.set_tag_label(db, "harbour walks", "Harbour walks").value.label == "Harbour walks"
    with pytest.raises(InvalidInputError, match="at least one tag"):
        tags.add_page_tags(db, page.id, ["  "])
