"""Findings that arrive with an imported notebook: the tags people made in the source
(PAGE-XML ``person``, ``place``, ``organization``, ``date``, ``unclear``, ``add``, any
custom type).

They are the published result of their own source, the detector id ``imported``, which
is no detector's id (built-in ids are fixed and custom ones start with ``custom/``): it
is never listed among the detectors, never stale and never run, and running a detector
(``names`` included) publishes that detector's own run beside it, so nothing a person
tagged is ever replaced.  The run says where the tags came from: no model or spaCy ran,
its prompt and cache identity are ``import:page-xml``.

One finding per tag type per distinct value per page, every occurrence an evidence
anchor on the verbatim text, as the names detector does for people: the page view then
shows "Name: Bruima" once with each mention highlighted, and the tag browser finds a
person's pages by the person's tag.  ``person`` tags have the names finding type (so
they tag the person and sit beside the names detector's findings); other tags have
their own type (``place``, ``date``) and tag the page with it.  A value split across
lines is joined (:func:`app.domain.notebooks.people.joined_name`).

Older databases may hold the previous form: person tags published as the names
detector's result with the identity ``import:page-xml``.  Those stay as they are (shown
as the names detector's imported result) until names runs again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from sqlalchemy.orm import Session

from app import clock
from app.domain.formats.page_xml import PERSON, TextSpan
from app.domain.notebooks.definitions import DetectorDefinition, builtin_detector
from app.domain.notebooks.people import PersonMention, people_findings
from app.domain.notebooks.runs import AttemptState, RunOutcome
from app.domain.notebooks.tags import NAMES_FINDING_TYPE
from app.services.notebooks.finding_rows import finding_row, text_digest
from app.store.notebooks import DetectionRun, NotebookPage

NAMES_DETECTOR: Final = "names"
IMPORTED_DETECTOR: Final = "imported"
"""The detector id of a notebook's imported annotations (no detector has it)."""
IMPORTED: Final = "import:"
"""The prefix of an imported result's cache identity (and prompt id)."""
PAGE_XML_SOURCE: Final = f"{IMPORTED}page-xml"


def imported_definition() -> DetectorDefinition:
    """What the imported run records as its definition (the names detector's page-wise
    shape under its own id and title); never listed or run."""
    names = builtin_detector(NAMES_DETECTOR)
    assert names is not None  # a built-in detector
    return replace(
        names,
        detector_id=IMPORTED_DETECTOR,
        title="Imported annotations",
        description="Tags people made in the imported files (person, place, date …), as made.",
        finding_type="",
        model_requirements={},
        extra_config={},
    )


def finding_type_of(kind: str) -> str:
    """The finding type of a source tag: ``person`` -> names, others their own name."""
    return NAMES_FINDING_TYPE if kind == PERSON else kind


def publish_imported(
    session: Session,
    notebook_id: int,
    pages: Sequence[NotebookPage],
    tags: Sequence[Sequence[TextSpan]],
    *,
    definition: DetectorDefinition | None = None,
    source: str = PAGE_XML_SOURCE,
    description: str = "PAGE-XML tags",
) -> list[int]:
    """Publish the tags (``tags[i]``: spans in ``pages[i]``'s text) as one run of
    ``definition``; one finding per tag type per distinct value per page; the ids.

    Call inside the import's transaction, on a notebook with no published run of
    ``definition`` (default :func:`imported_definition`).
    """
    definition = definition or imported_definition()
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
    for position, (page, spans) in enumerate(zip(pages, tags, strict=True)):
        text = page.effective_text or ""
        by_kind: dict[str, list[PersonMention]] = {}
        for span in spans:
            mention = PersonMention(span.start, span.end, text[span.start : span.end])
            by_kind.setdefault(span.kind, []).append(mention)
        for kind in sorted(by_kind):
            for raw in people_findings(
                position,
                page.id,
                by_kind[kind],
                finding_type=finding_type_of(kind),
                label=kind,
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
                row.detector_data = {**row.detector_data, "source_tag": kind}
                session.add(row)
                session.flush()
                ids.append(row.id)
    return ids
