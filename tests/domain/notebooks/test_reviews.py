"""Review status, accept/reject, per-page reviews, tagging and carry-forward."""

from __future__ import annotations

import pytest

from app.domain.notebooks import (
    ReviewStatus,
    accept,
    carry_forward,
    carry_forward_key,
    derive_status,
    pages_to_tag,
    reject,
    review_page,
)

APPROVED, REJECTED, UNREVIEWED = (
    ReviewStatus.APPROVED,
    ReviewStatus.REJECTED,
    ReviewStatus.UNREVIEWED,
)
SPAN = [10, 11, 12]


@pytest.mark.parametrize(
    ("span", "reviews", "status"),
    [
        ([], {}, UNREVIEWED),
        ([], {1: REJECTED}, UNREVIEWED),
        (SPAN, {}, UNREVIEWED),
        (SPAN, {10: REJECTED, 11: REJECTED, 12: REJECTED}, REJECTED),
        (SPAN, {10: APPROVED, 11: APPROVED, 12: APPROVED}, APPROVED),
        (SPAN, {10: APPROVED, 11: REJECTED, 12: REJECTED}, APPROVED),
        (SPAN, {10: APPROVED, 11: APPROVED}, UNREVIEWED),
        (SPAN, {10: REJECTED, 11: REJECTED}, UNREVIEWED),
        (SPAN, {10: APPROVED, 11: APPROVED, 12: UNREVIEWED}, UNREVIEWED),
        (SPAN, {10: APPROVED, 11: APPROVED, 12: APPROVED, 99: REJECTED}, APPROVED),
        (SPAN, {10: APPROVED, 11: APPROVED, 12: "maybe"}, UNREVIEWED),
        ([10], {10: APPROVED}, APPROVED),
        ([10], {10: REJECTED}, REJECTED),
    ],
)
def test_derive_status(span: list[int], reviews: dict[int, str], status: str) -> None:
    assert derive_status(span, reviews) == status


def test_accept_with_no_reviews_approves_and_tags_every_page() -> None:
    reviews, tag = accept(SPAN, {})
    assert reviews == {10: APPROVED, 11: APPROVED, 12: APPROVED}
    assert tag == SPAN
    assert derive_status(SPAN, reviews) == APPROVED


def test_accept_keeps_rejected_pages_rejected() -> None:
    reviews, tag = accept(SPAN, {11: REJECTED, 99: APPROVED})
    assert reviews == {10: APPROVED, 11: REJECTED, 12: APPROVED}
    assert tag == [10, 12]
    assert derive_status(SPAN, reviews) == APPROVED


def test_accept_when_every_page_was_rejected_approves_all() -> None:
    reviews, tag = accept(SPAN, dict.fromkeys(SPAN, REJECTED))
    assert reviews == dict.fromkeys(SPAN, APPROVED)
    assert tag == SPAN


def test_accept_empty_span() -> None:
    assert accept([], {}) == ({}, [])


def test_reject_rejects_and_untags_every_page() -> None:
    reviews, untag = reject(SPAN, {10: APPROVED})
    assert reviews == dict.fromkeys(SPAN, REJECTED)
    assert untag == SPAN
    assert derive_status(SPAN, reviews) == REJECTED


def test_review_page_inside_span_only() -> None:
    reviews = review_page(SPAN, {10: APPROVED, 99: REJECTED}, 11, REJECTED)
    assert reviews == {10: APPROVED, 11: REJECTED}
    assert review_page(SPAN, reviews, 11, APPROVED) == {10: APPROVED, 11: APPROVED}
    with pytest.raises(ValueError, match="not inside"):
        review_page(SPAN, {}, 13, APPROVED)
    with pytest.raises(ValueError, match="Unknown review decision"):
        review_page(SPAN, {}, 10, UNREVIEWED)


def test_pages_to_tag() -> None:
    assert pages_to_tag(SPAN, REJECTED, {}) == []
    assert pages_to_tag(SPAN, UNREVIEWED, {}) == SPAN
    assert pages_to_tag(SPAN, APPROVED, {11: REJECTED}) == [10, 12]
    assert pages_to_tag(SPAN, UNREVIEWED, {10: APPROVED, 12: REJECTED}) == [10, 11]


def test_carry_forward_key() -> None:
    assert carry_forward_key("poetry", 1, 3, {"title": "Ode"}) == ("poetry", 1, 3, "poetry")
    assert carry_forward_key("custom:x", 2, 2, None) == ("custom:x", 2, 2, "custom:x")
    anna = carry_forward_key("names", 5, 5, {"name": "Anna", "tag_slug": "anna"})
    bob = carry_forward_key("names", 5, 5, {"name": "Bob", "tag_slug": "bob"})
    assert anna == ("names", 5, 5, "anna")
    assert anna != bob
    assert carry_forward_key("names", 5, 5, {"name": " ANNA "}) == anna


def test_carry_forward() -> None:
    assert carry_forward(UNREVIEWED, {10: APPROVED}, SPAN) is None
    assert carry_forward(APPROVED, {10: APPROVED, 11: REJECTED, 99: APPROVED}, SPAN) == (
        APPROVED,
        {10: APPROVED, 11: REJECTED},
    )
    assert carry_forward(REJECTED, dict.fromkeys(SPAN, REJECTED), SPAN) == (
        REJECTED,
        dict.fromkeys(SPAN, REJECTED),
    )
