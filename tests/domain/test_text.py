"""quote_span, overlaps and sanitize_label."""

from __future__ import annotations

import pytest

from app.domain import MAX_QUOTE_CHARS, overlaps, quote_span, sanitize_label


def test_quote_span_first_occurrence_wins() -> None:
    assert quote_span("run, then run again", "run") == (0, 3)
    assert quote_span("a run, then run again", "run") == (2, 5)


def test_quote_span_is_case_sensitive_and_exact() -> None:
    assert quote_span("I Ran far", "I ran") is None
    assert quote_span("I ran far", "I  ran") is None


@pytest.mark.parametrize("quote", ["", "missing"])
def test_quote_span_rejects_empty_or_absent(quote: str) -> None:
    assert quote_span("I ran far", quote) is None


def test_quote_span_length_bound() -> None:
    body = "x" * 400
    assert quote_span(body, "x" * MAX_QUOTE_CHARS) == (0, MAX_QUOTE_CHARS)
    assert quote_span(body, "x" * (MAX_QUOTE_CHARS + 1)) is None


def test_quote_span_counts_code_points_after_emoji() -> None:
    body = "🧘🏽 sat still"
    assert quote_span(body, "sat") == (3, 6)
    assert body[3:6] == "sat"


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 5), (3, 8), True),
        ((3, 8), (0, 5), True),
        ((0, 10), (2, 3), True),
        ((0, 5), (5, 8), False),
        ((5, 8), (0, 5), False),
        ((0, 2), (6, 8), False),
    ],
)
def test_overlaps(a: tuple[int, int], b: tuple[int, int], expected: bool) -> None:
    assert overlaps(a, b) is expected


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("med\x07itated", "meditated"),
        ("  ran far \n", "ran far"),
        ("ran\tfar\nand\r back", "ran\tfar\nand\r back"),
        ("del\x7fete", "delete"),
        ("c1\x85\x9bgone", "c1gone"),
        ("zero\u200bwidth\u200f", "zerowidth"),
        ("\u202eright-to-left\u202c", "right-to-left"),
        ("\u2066iso\u2069 \u2060join", "iso join"),
        ("\ufeffbom", "bom"),
        ("tag\U000e0041\U000e007fs", "tags"),
        ("cafe\u0301", "café"),
        ("\u200b\u200b", ""),
        ("\x00\x01 \x1f", ""),
    ],
)
def test_sanitize_label(raw: str, clean: str) -> None:
    assert sanitize_label(raw) == clean


def test_sanitize_label_nfc_again_after_removal() -> None:
    # e + zero-width space + combining acute: composes only once the ZWSP is gone.
    assert sanitize_label("e\u200b\u0301") == "\u00e9"


def test_sanitize_label_keeps_neighbours_of_removed_characters() -> None:
    assert sanitize_label("a\u200cb") == "ab"
    assert sanitize_label("\u00a0a\u00a0") == "a"
