"""Tag slugs: normalisation, custom-id slugs, deterministic colours, a finding's tag."""

from __future__ import annotations

import colorsys
import hashlib
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from app.domain.contrast import relative_luminance

NAMES_FINDING_TYPE: Final = "names"
"""The finding type of the people detector; it tags each person's slug, never ``names``."""

_WHITESPACE: Final = re.compile(r"\s+")
_NOT_SLUG: Final = re.compile(r"[^a-z0-9]+")


def normalize_slug(text: str) -> str:
    """Trim, lowercase, collapse each run of whitespace to one space; nothing else changes.

    ``"  Todo_Lists "`` -> ``"todo_lists"``; ``"custom:x"`` stays ``"custom:x"``.
    """
    return _WHITESPACE.sub(" ", text.strip()).lower()


def normalize_slugs(slugs: Iterable[str]) -> list[str]:
    """Normalise each slug, keeping first-seen order and dropping blanks and duplicates."""
    seen: set[str] = set()
    out: list[str] = []
    for raw in slugs:
        slug = normalize_slug(raw)
        if slug and slug not in seen:
            seen.add(slug)
            out.append(slug)
    return out


def slugify(text: str) -> str:
    """Slug for a custom detector id: lowercase, each run outside ``[a-z0-9]`` -> ``-``,
    ``-`` trimmed at both ends. May return ``""``."""
    return _NOT_SLUG.sub("-", text.lower()).strip("-")


_TARGET_LUMINANCE: Final = 0.18
"""About equal contrast (~4.5:1) against white and against black."""


def tag_colour(slug: str) -> str:
    """A ``#rrggbb`` colour picked deterministically from the slug.

    The hue and saturation come from SHA-256 of the normalised slug; the lightness is
    tuned so the colour's luminance sits near the middle, which keeps it readable as a
    chip on light and on dark backgrounds (contrast >= 3:1 against white and black).
    """
    digest = hashlib.sha256(normalize_slug(slug).encode("utf-8")).digest()
    hue = int.from_bytes(digest[:2], "big") / 65536.0
    saturation = 0.45 + (digest[2] / 255.0) * 0.3
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        if relative_luminance(colorsys.hls_to_rgb(hue, mid, saturation)) < _TARGET_LUMINANCE:
            lo = mid
        else:
            hi = mid
    r, g, b = colorsys.hls_to_rgb(hue, (lo + hi) / 2, saturation)
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))


def finding_tag(finding_type: str, data: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """The ``(slug, label)`` a finding tags its pages with.

    The names detector tags the person's slug (``data["tag_slug"]``, else the normalised
    ``data["name"]``) labelled with the name; every other finding tags
    ``normalize_slug(finding_type)`` labelled with that slug. A names finding without a
    usable name yields ``("", "")`` (nothing to tag).
    """
    if finding_type == NAMES_FINDING_TYPE:
        data = data or {}
        name = data.get("name")
        name_text = name.strip() if isinstance(name, str) else ""
        slug_value = data.get("tag_slug")
        slug = normalize_slug(slug_value) if isinstance(slug_value, str) else ""
        if not slug:
            slug = normalize_slug(name_text)
        if not slug:
            return "", ""
        return slug, name_text or slug
    slug = normalize_slug(finding_type)
    return slug, slug
