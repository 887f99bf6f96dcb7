"""Finding reviews: status from per-page reviews, accept/reject, tagging, carry-forward."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Final

from app.domain.notebooks.tags import finding_tag


class ReviewStatus(StrEnum):
    """A finding's review status; a page review (a decision) is APPROVED or REJECTED."""

    UNREVIEWED = "unreviewed"
    APPROVED = "approved"
    REJECTED = "rejected"


PAGE_DECISIONS: Final = (ReviewStatus.APPROVED, ReviewStatus.REJECTED)
"""The statuses a page review can hold (a page is never reviewed as "unreviewed")."""


def _reviews_in_span(
    span_pages: Sequence[int], page_reviews: Mapping[int, str]
) -> dict[int, ReviewStatus]:
    return {
        p: ReviewStatus(page_reviews[p])
        for p in span_pages
        if page_reviews.get(p) in PAGE_DECISIONS
    }


def derive_status(span_pages: Sequence[int], page_reviews: Mapping[int, str]) -> ReviewStatus:
    """Empty span -> unreviewed; every page rejected -> rejected; every page reviewed and
    at least one approved -> approved; otherwise unreviewed. Reviews of pages outside the
    span, and values other than approved/rejected, are ignored."""
    pages = list(dict.fromkeys(span_pages))
    if not pages:
        return ReviewStatus.UNREVIEWED
    reviews = _reviews_in_span(pages, page_reviews)
    if all(reviews.get(p) == ReviewStatus.REJECTED for p in pages):
        return ReviewStatus.REJECTED
    if len(reviews) == len(pages) and ReviewStatus.APPROVED in reviews.values():
        return ReviewStatus.APPROVED
    return ReviewStatus.UNREVIEWED


def accept(
    span_pages: Sequence[int], page_reviews: Mapping[int, str]
) -> tuple[dict[int, ReviewStatus], list[int]]:
    """Accept a finding: approve its non-rejected pages (every page when all were
    rejected or none reviewed). Returns the new page reviews (span pages only) and the
    pages to tag (the approved ones, in span order)."""
    pages = list(dict.fromkeys(span_pages))
    reviews = _reviews_in_span(pages, page_reviews)
    all_rejected = bool(pages) and all(reviews.get(p) == ReviewStatus.REJECTED for p in pages)
    new: dict[int, ReviewStatus] = {}
    for page in pages:
        if reviews.get(page) == ReviewStatus.REJECTED and not all_rejected:
            new[page] = ReviewStatus.REJECTED
        else:
            new[page] = ReviewStatus.APPROVED
    return new, [p for p in pages if new[p] == ReviewStatus.APPROVED]


def reject(
    span_pages: Sequence[int], page_reviews: Mapping[int, str]
) -> tuple[dict[int, ReviewStatus], list[int]]:
    """Reject a finding: every span page rejected. Returns the new page reviews and the
    pages to remove the tag from (every span page)."""
    del page_reviews  # every page is rejected whatever it was
    pages = list(dict.fromkeys(span_pages))
    return dict.fromkeys(pages, ReviewStatus.REJECTED), pages


def review_page(
    span_pages: Sequence[int],
    page_reviews: Mapping[int, str],
    page_id: int,
    decision: ReviewStatus,
) -> dict[int, ReviewStatus]:
    """Approve or reject one page of a finding; returns the new page reviews (span pages
    only). Raises ``ValueError`` for a page outside the span or an unknown decision."""
    pages = list(dict.fromkeys(span_pages))
    if page_id not in pages:
        raise ValueError(f"Page {page_id} is not inside the finding's span.")
    if decision not in PAGE_DECISIONS:
        raise ValueError(f"Unknown review decision {decision!r}; use approved or rejected.")
    new = _reviews_in_span(pages, page_reviews)
    new[page_id] = decision
    return {p: new[p] for p in pages if p in new}


def pages_to_tag(
    span_pages: Sequence[int], status: ReviewStatus, page_reviews: Mapping[int, str]
) -> list[int]:
    """The pages "apply tag" (and auto-tag) unions the tag onto: none for a rejected
    finding; otherwise the span pages not rejected in its page reviews."""
    if status == ReviewStatus.REJECTED:
        return []
    return [p for p in dict.fromkeys(span_pages) if page_reviews.get(p) != ReviewStatus.REJECTED]


def carry_forward_key(
    finding_type: str, start_page_id: int, end_page_id: int, data: Mapping[str, Any] | None
) -> tuple[str, int, int, str]:
    """The identity a review carries forward on: (finding_type, start page, end page,
    tag slug — the person's slug for names)."""
    return finding_type, start_page_id, end_page_id, finding_tag(finding_type, data)[0]


def carry_forward(
    previous_status: ReviewStatus,
    previous_page_reviews: Mapping[int, str],
    span_pages: Sequence[int],
) -> tuple[ReviewStatus, dict[int, ReviewStatus]] | None:
    """What a new finding inherits from a previously published one with the same key:
    its status and page reviews (span pages only) when it was approved or rejected,
    else ``None``."""
    if previous_status not in PAGE_DECISIONS:
        return None
    return previous_status, _reviews_in_span(list(span_pages), previous_page_reviews)
