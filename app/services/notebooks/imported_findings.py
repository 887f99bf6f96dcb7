"""Findings that arrive with an imported notebook (PAGE-XML ``person`` tags).

They are stored as the published result of the built-in names detector, in a run that
says where they came from: no model or spaCy ran, so the run has no model, its prompt
is ``import:page-xml`` and its cache identity is ``import:page-xml``.  That identity
never equals the one a real names run computes, so the detector shows as stale and a
later run of names replaces the imported result (carrying reviews forward) as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sqlalchemy.orm import Session

from app import clock
from app.domain.notebooks.definitions import builtin_detector
from app.domain.notebooks.people import PersonMention, people_findings
from app.domain.notebooks.runs import AttemptState, RunOutcome
from app.services.notebooks.finding_rows import finding_row, text_digest
from app.store.notebooks import DetectionRun, NotebookPage

NAMES_DETECTOR: Final = "names"
IMPORTED: Final = "import:"
"""The prefix of an imported result's cache identity (and prompt id)."""
PAGE_XML_SOURCE: Final = f"{IMPORTED}page-xml"


def publish_imported_names(
    session: Session,
    notebook_id: int,
    pages: Sequence[NotebookPage],
    names: Sequence[Sequence[tuple[int, int]]],
    *,
    source: str = PAGE_XML_SOURCE,
    description: str = "PAGE-XML person tags",
) -> list[int]:
    """Publish one names finding per distinct name per page (``names[i]`` are the
    ``(start, end)`` spans of person mentions in ``pages[i]``'s text); the finding ids.

    Call inside the import's transaction, on a notebook with no published names run.
    """
    definition = builtin_detector(NAMES_DETECTOR)
    assert definition is not None  # a built-in detector
    run = DetectionRun(
        notebook_id=notebook_id,
        detector_id=definition.detector_id,
        detector_version=definition.version,
        definition=definition.to_json(),
        attempt_state=AttemptState.SUCCEEDED,
        outcome=RunOutcome.SUCCESS,
        message=f"Imported from {description}; no model ran.",
        cache_identity=source,
        prompt_id=source,
        pages_scanned=len(pages),
        published=True,
        finished_at=clock.utcnow(),
    )
    session.add(run)
    session.flush()
    ids: list[int] = []
    for position, (page, spans) in enumerate(zip(pages, names, strict=True)):
        text = page.effective_text or ""
        mentions = [PersonMention(start, end, text[start:end]) for start, end in spans]
        for raw in people_findings(
            position, page.id, mentions, finding_type=definition.finding_type
        ):
            row = finding_row(
                raw,
                run_id=run.id,
                notebook_id=notebook_id,
                definition=definition,
                pages=[page.id],
                page_digests={page.id: text_digest(text)},
                prompt_id=source,
                prompt_version=definition.version,
                model_digest=None,
            )
            session.add(row)
            session.flush()
            ids.append(row.id)
    return ids
