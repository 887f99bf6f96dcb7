"""Writing a notebook out as PAGE-XML: one PAGE-XML 2019 file per page beside a copy of
its image, its findings as Transkribus-style custom tags on the lines they touch.

Which findings: every published finding that is not rejected on that page (unreviewed
and accepted ones; with ``accepted_only`` only those accepted on that page).  Names
findings are written as ``person`` tags, other detectors' evidence as tags named after
the detector (``poetry {offset:..; length:..;}``); an anchor whose quote no longer
matches the page's text (the page was edited after the run) is left out.  Findings
without evidence anchors have no place on a line and are not written.

A page imported from PAGE-XML whose text Inkling did not change is written from the file
it was imported from (kept at import, :func:`app.services.notebooks.pages.source_file`):
every region, word, coordinate, attribute and tag of the original stays as it was; only
Inkling's accepted findings are added as tags (the detectors' unreviewed guesses never go
into a person's transcription; a name the file already tags as a person is not tagged
again over it) and ``imageFilename`` names the exported image.  A tag of the file that
the user rejected in Inkling is a change the user made, so it is left out of the
exported file (its other tags stay, unreviewed or accepted alike).  Other pages are
written afresh, one text region with one line per line of text.

Files are written to a staging folder beside the destination, which is renamed into
place at the end: a refusal, an error or a cancel leaves no partial export.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, replace
from pathlib import Path

from sqlalchemy import select

from app import clock
from app.domain.formats.page_xml import (
    PERSON,
    TextSpan,
    TranscriptError,
    add_page_tags,
    build_page_xml,
    parse_transcript,
)
from app.domain.notebooks.reviews import ReviewStatus
from app.domain.notebooks.transcription import text_line_boxes
from app.domain.progress import CancelToken, ProgressFn
from app.services.changes import OpResult
from app.services.errors import InvalidInputError
from app.services.notebooks.findings import FindingInfo, published_findings_query
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR, NAMES_DETECTOR
from app.services.notebooks.pages import PageInfo, data_folder, require_notebook, source_file
from app.services.notebooks.transcription import lines_by_page
from app.services.transfer.notebook_import import Steps, image_size, remove_tree
from app.services.transfer.rescue import reads_readable_rows
from app.store import Database
from app.store.notebooks import NotebookPage


@dataclass(frozen=True)
class PageXmlExport:
    notebook_id: int
    folder: Path
    pages: int
    findings: int
    """Findings with at least one tag written."""


def page_spans(
    page: PageInfo, findings: list[FindingInfo], *, accepted_only: bool = False
) -> tuple[list[TextSpan], set[int]]:
    """The spans to tag on ``page`` and the ids of the findings they come from."""
    text = page.text or ""
    spans: list[TextSpan] = []
    used: set[int] = set()
    for finding in findings:
        decision = finding.page_reviews.get(page.id)
        if decision == ReviewStatus.REJECTED or (
            accepted_only and decision != ReviewStatus.APPROVED
        ):
            continue
        kind = _tag_kind(finding)
        for anchor in finding.evidence:
            start, end = anchor.anchor_start, anchor.anchor_end
            if anchor.page_id != page.id or text[start:end] != anchor.anchor_text or start >= end:
                continue
            span = TextSpan(kind, start, end)
            if span not in spans:
                spans.append(span)
            used.add(finding.id)
    return spans, used


def _tag_kind(finding: FindingInfo) -> str:
    """The tag a finding is written as: imported ones as they came, names as ``person``,
    others after their detector."""
    if finding.detector_id == IMPORTED_DETECTOR:
        return str(finding.detector_data.get("source_tag") or finding.finding_type)
    return PERSON if finding.detector_id == NAMES_DETECTOR else finding.detector_id


def _overlaps(span: TextSpan, others: list[TextSpan]) -> bool:
    return any(span.start < other.end and other.start < span.end for other in others)


def _retagged_original(
    original: bytes, page: PageInfo, findings: list[FindingInfo], image: str
) -> tuple[bytes, set[int]]:
    """The kept PAGE-XML of ``page`` with Inkling's accepted findings added (not over a
    person the file tags already) and the file's tags the user rejected taken off; the
    ids of the findings it holds."""
    imported = [f for f in findings if f.detector_id == IMPORTED_DETECTOR]
    kept, used = page_spans(page, imported)  # already in the original
    rejected = [f for f in imported if f.page_reviews.get(page.id) == ReviewStatus.REJECTED]
    removed = [
        span
        for finding in rejected
        for span in page_spans(page, [replace(finding, page_reviews={})])[0]
    ]
    people = [s for s in kept if s.kind == PERSON]
    added = [f for f in findings if f.detector_id != IMPORTED_DETECTOR]
    spans, more = page_spans(page, added, accepted_only=True)
    spans = [s for s in spans if s.kind != PERSON or not _overlaps(s, people)]
    document = add_page_tags(original, spans, image=image or None, removed=removed)
    return document, used | more


def _kept_original(db: Database, notebook_id: int, page: PageInfo) -> bytes | None:
    """The PAGE-XML file the page was imported from, while the page still reads as it."""
    try:
        data = source_file(db, notebook_id, page.id).read_bytes()
        unchanged = parse_transcript(data).text == page.text
    except (OSError, TranscriptError):
        return None
    return data if unchanged else None


def _free_destination(dest: Path) -> None:
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InvalidInputError(f"{dest} is not an empty folder; choose a new or empty one.")


@reads_readable_rows
def export_page_xml(
    db: Database,
    notebook_id: int,
    dest: Path | str,
    *,
    accepted_only: bool = False,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> OpResult[PageXmlExport]:
    """Write the notebook to the folder ``dest`` (new or empty) as ``0001.xml``,
    ``0001.png`` …; ``Cancelled`` when ``cancel`` is cancelled between pages.  It reads
    one snapshot (a read-only transaction), so it may run beside the database's writer."""
    folder = Path(dest).expanduser()
    _free_destination(folder)
    steps = Steps(on_progress, cancel, "The export was cancelled; nothing was written.")
    with db.session(readonly=True) as session:
        require_notebook(session, notebook_id)
        pages = [
            PageInfo.of(row)
            for row in session.scalars(
                select(NotebookPage)
                .where(NotebookPage.notebook_id == notebook_id)
                .order_by(NotebookPage.position)
            )
        ]
        findings = [
            FindingInfo.of(row) for row in session.scalars(published_findings_query(notebook_id))
        ]
        transcribed = lines_by_page(session, notebook_id)
    findings.sort(key=lambda f: (f.detector_id, f.id))
    created = clock.utcnow().isoformat(timespec="seconds")
    staging = folder.parent / f".{folder.name}.export-{uuid.uuid4().hex}"
    exported: set[int] = set()
    try:
        staging.mkdir(parents=True)
        for number, page in enumerate(pages):
            steps(number, len(pages))
            stem = f"{number + 1:04d}"
            image, width, height = "", 0, 0
            if page.image_path:
                source = data_folder(db) / page.image_path
                try:
                    data = source.read_bytes()
                except OSError:
                    raise InvalidInputError(
                        f"The image of page {number + 1} is missing from the data folder "
                        f"({source})."
                    ) from None
                image = f"{stem}{source.suffix.lower()}"
                (staging / image).write_bytes(data)
                width, height = image_size(data)
            original = _kept_original(db, notebook_id, page)
            if original is not None:
                document, used = _retagged_original(original, page, findings, image)
            else:
                spans, used = page_spans(page, findings, accepted_only=accepted_only)
                read = transcribed.get(page.id)
                document = build_page_xml(
                    page.text,
                    spans,
                    image=image,
                    width=width,
                    height=height,
                    created=created,
                    line_boxes=(
                        text_line_boxes(page.text, read.lines)
                        if read is not None and page.text is not None and image
                        else ()
                    ),
                )
            exported |= used
            (staging / f"{stem}.xml").write_bytes(document)
        steps(len(pages), len(pages))
        if folder.exists():
            folder.rmdir()
        os.replace(staging, folder)
    except BaseException:
        remove_tree(staging)
        raise
    return OpResult(PageXmlExport(notebook_id, folder, len(pages), len(exported)))
