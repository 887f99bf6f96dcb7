"""Slugs, slug lists, custom-id slugs, colours and a finding's tag."""

from __future__ import annotations

import re

import pytest

from app.domain import normalize_slug
from app.domain.notebooks import finding_tag, normalize_slugs, slugify, tag_colour


@pytest.mark.parametrize(
    ("raw", "slug"),
    [
        ("  Poetry ", "poetry"),
        ("todo_lists", "todo_lists"),
        ("custom:x", "custom:x"),
        ("Custom:Dreams-Ab12", "custom:dreams-ab12"),
        ("Anna   Karenina", "anna karenina"),
        ("Anna\t\n Karenina", "anna karenina"),
        ("  ", ""),
        ("Café!", "café!"),
    ],
)
def test_normalize_slug(raw: str, slug: str) -> None:
    assert normalize_slug(raw) == slug


def test_normalize_slugs_keeps_first_seen_order_without_blanks_or_dupes() -> None:
    assert normalize_slugs(["Poetry", " ", "anna", "POETRY", "", "Anna ", "lists"]) == [
        "poetry",
        "anna",
        "lists",
    ]
    assert normalize_slugs([]) == []


@pytest.mark.parametrize(
    ("raw", "slug"),
    [
        ("Dreams I wrote down", "dreams-i-wrote-down"),
        ("  --My Garden!!  ", "my-garden"),
        ("Café au lait", "caf-au-lait"),
        ("a__b..c", "a-b-c"),
        ("!!!", ""),
        ("", ""),
        ("ABC123", "abc123"),
    ],
)
def test_slugify(raw: str, slug: str) -> None:
    assert slugify(raw) == slug


def _luminance(colour: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


@pytest.mark.parametrize("slug", ["poetry", "todo_lists", "custom:x", "anna", "", "z" * 100])
def test_tag_colour_is_deterministic_hex_and_readable_on_light_and_dark(slug: str) -> None:
    colour = tag_colour(slug)
    assert re.fullmatch(r"#[0-9a-f]{6}", colour)
    assert tag_colour(slug) == colour
    lum = _luminance(colour)
    assert 1.05 / (lum + 0.05) >= 3.0  # against white
    assert (lum + 0.05) / 0.05 >= 3.0  # against black


def test_tag_colour_varies_with_slug_and_ignores_normalisation() -> None:
    colours = {tag_colour(s) for s in ["poetry", "lists", "todo_lists", "quotations", "anna"]}
    assert len(colours) == 5
    assert tag_colour(" Poetry ") == tag_colour("poetry")


def test_finding_tag() -> None:
    assert finding_tag("poetry", {}) == ("poetry", "poetry")
    assert finding_tag("custom:dreams-1", None) == ("custom:dreams-1", "custom:dreams-1")
    assert finding_tag("names", {"name": "Anna Karenina", "tag_slug": "anna karenina"}) == (
        "anna karenina",
        "Anna Karenina",
    )
    assert finding_tag("names", {"name": "  Anna  "}) == ("anna", "Anna")
    assert finding_tag("names", {}) == ("", "")
