"""Findings of published detection runs: list, accept or reject (whole or per page), tag.

A finding's span is its pages (``page_ids``, inclusive of start and end). Its review
status follows from its page reviews; accepting tags the approved pages, rejecting
takes the tag off every page of the span.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from app import clock
from app.domain.notebooks import reviews as review_rules
from app.domain.notebooks.merged_names import PageName, merge_names, name_key
from app.domain.notebooks.reviews import ReviewStatus
from app.domain.notebooks.tags import NAMES_FINDING_TYPE
from app.services.changes import NO_CHANGES, Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR, NAMES_DETECTOR
from app.services.notebooks.pages import require_notebook
from app.services.notebooks.tags import remove_tag, union_tag
from app.store import Database
from app.store.notebooks import DetectionRun, Finding, FindingPageReview


@dataclass(frozen=True)
class EvidenceInfo:
    page_id: int
    anchor_start: int
    anchor_end: int
    anchor_text: str


@dataclass(frozen=True)
class FindingInfo:
    id: int
    run_id: int
    notebook_id: int
    detector_id: str
    detector_version: str
    finding_type: str
    start_page: int
    end_page: int
    page_ids: tuple[int, ...]
    confidence: float
    reason: str
    title: str | None
    tag_slug: str | None
    tag_label: str | None
    review_status: ReviewStatus
    evidence: tuple[EvidenceInfo, ...]
    detector_data: dict[str, Any] = field(hash=False)
    page_reviews: dict[int, ReviewStatus] = field(hash=False)
    """``{page_id: APPROVED | REJECTED}`` for the reviewed pages."""

    @classmethod
    def of(cls, row: Finding) -> FindingInfo:
        return cls(
            id=row.id,
            run_id=row.run_id,
            notebook_id=row.notebook_id,
            detector_id=row.detector_id,
            detector_version=row.detector_version,
            finding_type=row.finding_type,
            start_page=row.start_page_id,
            end_page=row.end_page_id,
            page_ids=tuple(row.page_ids),
            confidence=row.confidence,
            reason=row.reason,
            title=row.title,
            tag_slug=row.tag_slug,
            tag_label=row.tag_label,
            review_status=row.review_status,
            evidence=tuple(
                EvidenceInfo(
                    int(e["page_id"]),
                    int(e["anchor_start"]),
                    int(e["anchor_end"]),
                    str(e["anchor_text"]),
                )
                for e in row.evidence
            ),
            detector_data=dict(row.detector_data),
            page_reviews={r.page_id: r.decision for r in row.page_reviews},
        )


def published_findings_query(notebook_id: int, detector_id: str | None = None) -> Any:
    query = (
        select(Finding)
        .join(DetectionRun, DetectionRun.id == Finding.run_id)
        .where(Finding.notebook_id == notebook_id, DetectionRun.published.is_(True))
        .options(selectinload(Finding.page_reviews))
    )
    if detector_id is not None:
        query = query.where(Finding.detector_id == detector_id)
    return query


def _sort_key(view: FindingInfo, order: dict[int, int]) -> tuple[Any, ...]:
    return (
        view.detector_id,
        order.get(view.start_page, 0),
        order.get(view.end_page, 0),
        view.finding_type,
        view.tag_slug or "",
        view.id,
    )


def list_findings(
    db: Database, notebook_id: int, *, detector_id: str | None = None
) -> list[FindingInfo]:
    """The published findings of a notebook (of one detector), by detector and page."""
    from app.store.notebooks import NotebookPage

    with db.session(readonly=True) as session:
        require_notebook(session, notebook_id)
        order = dict(
            session.execute(
                select(NotebookPage.id, NotebookPage.position).where(
                    NotebookPage.notebook_id == notebook_id
                )
            )
            .tuples()
            .all()
        )
        views = [
            FindingInfo.of(row)
            for row in session.scalars(published_findings_query(notebook_id, detector_id))
        ]
    return sorted(views, key=lambda v: _sort_key(v, order))


@dataclass(frozen=True)
class PageItem:
    """What the page view shows as one item: a finding, and the findings of other
    sources merged into it on this page (a name tagged in the imported file that the
    names detector found too).  Each stays a finding of its own."""

    finding: FindingInfo
    also: tuple[FindingInfo, ...] = ()

    @property
    def members(self) -> tuple[FindingInfo, ...]:
        return (self.finding, *self.also)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(f.id for f in self.members)


def _page_name(finding: FindingInfo, page_id: int) -> PageName:
    spans = tuple((e.anchor_start, e.anchor_end) for e in finding.evidence if e.page_id == page_id)
    return PageName(finding.id, name_key(finding.title or finding.tag_label or ""), spans)


def merge_page_items(covering: Sequence[FindingInfo], page_id: int) -> list[PageItem]:
    """``covering`` (the findings on page ``page_id``) as page items, in the same order:
    the names detector's findings of a person tagged in the imported file merged into
    the imported finding (:func:`app.domain.notebooks.merged_names.merge_names`)."""

    def is_name(finding: FindingInfo, detector: str) -> bool:
        return finding.detector_id == detector and finding.finding_type == NAMES_FINDING_TYPE

    tagged = [f for f in covering if is_name(f, IMPORTED_DETECTOR)]
    found = [f for f in covering if is_name(f, NAMES_DETECTOR)]
    groups = merge_names(
        [_page_name(f, page_id) for f in tagged], [_page_name(f, page_id) for f in found]
    )
    by_id = {f.id: f for f in found}
    merged = {member for ids in groups.values() for member in ids}
    return [
        PageItem(f, tuple(by_id[i] for i in groups.get(f.id, ())))
        for f in covering
        if f.id not in merged
    ]


def page_items(db: Database, notebook_id: int, page_id: int) -> list[PageItem]:
    """The published findings covering a page, as the page view shows them (names found
    by both the imported file and the names detector merged into one item)."""
    covering = [f for f in list_findings(db, notebook_id) if page_id in f.page_ids]
    return merge_page_items(covering, page_id)


def get_finding(db: Database, finding_id: int) -> FindingInfo:
    with db.session(readonly=True) as session:
        return FindingInfo.of(_load(session, finding_id))


def _load(session: Session, finding_id: int) -> Finding:
    row = session.get(Finding, finding_id, options=[selectinload(Finding.page_reviews)])
    if row is None:
        raise NotFoundError(f"There is no finding with id {finding_id}.")
    return row


def _set_reviews(session: Session, row: Finding, decisions: dict[int, ReviewStatus]) -> None:
    """Replace the page reviews of ``row`` with ``decisions`` and derive its status."""
    existing = {r.page_id: r for r in row.page_reviews}
    for page_id, decision in decisions.items():
        review = existing.get(page_id)
        if review is None:
            row.page_reviews.append(
                FindingPageReview(finding_id=row.id, page_id=page_id, decision=decision)
            )
        elif review.decision != decision:
            review.decision = decision
    row.review_status = review_rules.derive_status(list(row.page_ids), decisions)
    row.updated_at = clock.utcnow()
    session.flush()


def _check_page(row: Finding, page_id: int | None) -> None:
    if page_id is not None and page_id not in row.page_ids:
        raise InvalidInputError(
            f"Page {page_id} is not inside finding {row.id}, so it cannot be reviewed there."
        )


def accept_finding(
    db: Database, finding_id: int, *, page_id: int | None = None
) -> OpResult[FindingInfo]:
    """Accept a finding (approve its non-rejected pages and tag them), or one page of it."""
    return _review(db, finding_id, page_id, ReviewStatus.APPROVED)


def reject_finding(
    db: Database, finding_id: int, *, page_id: int | None = None
) -> OpResult[FindingInfo]:
    """Reject a finding (every page, taking its tag off them), or one page of it."""
    return _review(db, finding_id, page_id, ReviewStatus.REJECTED)


def review_findings(
    db: Database,
    finding_ids: Sequence[int],
    decision: ReviewStatus,
    *,
    page_id: int | None = None,
) -> OpResult[list[FindingInfo]]:
    """Accept or reject several findings (a merged page item) in one transaction, each
    as :func:`accept_finding` or :func:`reject_finding` would; the findings as they are
    now, with everything the reviews changed."""
    if not finding_ids:
        return OpResult([], NO_CHANGES)
    views: list[FindingInfo] = []
    changes = NO_CHANGES
    with db.session() as session:
        for finding_id in dict.fromkeys(finding_ids):
            view, changed = review_in(session, finding_id, page_id, decision)
            views.append(view)
            changes = changes | changed
    return OpResult(views, changes)


def _review(
    db: Database, finding_id: int, page_id: int | None, decision: ReviewStatus
) -> OpResult[FindingInfo]:
    with db.session() as session:
        view, changes = review_in(session, finding_id, page_id, decision)
    return OpResult(view, changes)


def review_in(
    session: Session, finding_id: int, page_id: int | None, decision: ReviewStatus
) -> tuple[FindingInfo, Changes]:
    """Record a decision for the whole finding or one page, and tag or untag those pages
    (inside the caller's transaction). ``Changes.pages``: the pages tagged (accepting)
    or untagged (rejecting)."""
    row = _load(session, finding_id)
    _check_page(row, page_id)
    current = {r.page_id: r.decision for r in row.page_reviews}
    span = list(row.page_ids)
    if page_id is not None:
        decisions = review_rules.review_page(span, current, page_id, decision)
        touched = [page_id]
    elif decision == ReviewStatus.APPROVED:
        decisions, touched = review_rules.accept(span, current)
    else:
        decisions, touched = review_rules.reject(span, current)
    before = (dict(current), row.review_status)
    _set_reviews(session, row, decisions)
    pages: set[int] = set()
    if row.tag_slug:
        if decision == ReviewStatus.APPROVED:
            pages = union_tag(session, touched, row.tag_slug, row.tag_label)
        else:
            pages = remove_tag(session, touched, row.tag_slug)
    view = FindingInfo.of(row)
    changed = before != (view.page_reviews, view.review_status)
    return view, _changes(view, changed, pages)


def restore_review_in(
    session: Session,
    finding_id: int,
    page_reviews: Mapping[int, ReviewStatus],
    *,
    untag: Iterable[int] = (),
    retag: Iterable[int] = (),
) -> tuple[FindingInfo, Changes]:
    """Undo a review: put back the page reviews a finding had (``page_reviews``), take
    its tag off the pages the review tagged (``untag``) and put it back on those it
    untagged (``retag``)."""
    row = _load(session, finding_id)
    before = ({r.page_id: r.decision for r in row.page_reviews}, row.review_status)
    for review in [r for r in row.page_reviews if r.page_id not in page_reviews]:
        row.page_reviews.remove(review)
    _set_reviews(session, row, dict(page_reviews))
    pages: set[int] = set()
    if row.tag_slug:
        pages = remove_tag(session, untag, row.tag_slug) | union_tag(
            session, retag, row.tag_slug, row.tag_label
        )
    view = FindingInfo.of(row)
    return view, _changes(view, before != (view.page_reviews, view.review_status), pages)


def _changes(view: FindingInfo, changed: bool, pages: set[int]) -> Changes:
    if not changed and not pages:
        return NO_CHANGES
    return Changes(
        findings=frozenset({view.id}),
        pages=frozenset(pages),
        tags=frozenset({view.tag_slug}) if pages and view.tag_slug else frozenset(),
    )


def apply_finding_tag(db: Database, finding_id: int) -> OpResult[int]:
    """Tag the finding's pages; returns how many pages changed.

    A rejected finding tags nothing; pages rejected in its page reviews are skipped.
    """
    with db.session() as session:
        row = _load(session, finding_id)
        current = {r.page_id: r.decision for r in row.page_reviews}
        targets = review_rules.pages_to_tag(list(row.page_ids), row.review_status, current)
        if not row.tag_slug or not targets:
            return OpResult(0, NO_CHANGES)
        pages = union_tag(session, targets, row.tag_slug, row.tag_label)
    if not pages:
        return OpResult(0, NO_CHANGES)
    return OpResult(len(pages), Changes(pages=frozenset(pages), tags=frozenset({row.tag_slug})))
