"""People named on a page (from NER PERSON mentions) as per-page findings."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from app.domain.notebooks.aggregation import RawDetection
from app.domain.notebooks.replies import EvidenceAnchor
from app.domain.notebooks.tags import NAMES_FINDING_TYPE, normalize_slug

MAX_NAME_SAMPLES: Final = 8
_BREAK: Final = re.compile(r"([-\u00ad\u00ac\u2010\u2e17]?)[ \t]*\n\s*(\S?)")
"""A line break, with the hyphen (``-``, soft hyphen, ``¬``, ``‐``, ``⸗``) before it."""


def joined_name(text: str) -> str:
    """``text`` as one line: a word split by a hyphen at a line's end is joined
    (``Brui-\nma`` -> ``Bruima``; ``Anna-\nMaria`` keeps its hyphen, a capital follows),
    other line breaks become spaces, soft hyphens go, and runs of spaces become one."""

    def join(match: re.Match[str]) -> str:
        mark, after = match.group(1), match.group(2)
        if not mark:
            return " " + after
        keep = mark in "-\u2010" and after[:1].isupper()
        return ("-" if keep else "") + after

    return " ".join(_BREAK.sub(join, text).replace("\u00ad", "").split())


@dataclass(frozen=True)
class PersonMention:
    """A PERSON entity in a page's effective text: ``text == page_text[start:end]``;
    ``title`` is a title or kinship word written before it ("Dr.", "Aunty"), not part of
    the name."""

    start: int
    end: int
    text: str
    title: str = ""


def people_findings(
    page_position: int,
    page_id: int,
    mentions: Iterable[PersonMention],
    *,
    finding_type: str = NAMES_FINDING_TYPE,
    label: str = "PERSON",
) -> list[RawDetection]:
    """One finding per distinct name on one page, ordered by slug.

    Mentions (taken in text order) are grouped by ``normalize_slug`` of their
    :func:`joined_name`; blank ones are ignored. Per group: the first one joined is the
    display name, ``count`` the
    number of mentions, samples the distinct spellings (<= 8). Confidence 1.0; reason
    ``"<label>: <name>"`` plus ``" (xN)"`` when N > 1; data ``{name, tag_slug, count,
    samples}`` and ``titles`` (the distinct titles written before it) when there are
    any; title the name; an evidence anchor for every mention.
    """
    groups: dict[str, list[PersonMention]] = {}
    for mention in sorted(mentions, key=lambda m: (m.start, m.end)):
        slug = normalize_slug(joined_name(mention.text))
        if slug:
            groups.setdefault(slug, []).append(mention)
    findings: list[RawDetection] = []
    for slug in sorted(groups):
        group = groups[slug]
        name = joined_name(group[0].text)
        samples: list[str] = []
        for mention in group:
            if mention.text not in samples and len(samples) < MAX_NAME_SAMPLES:
                samples.append(mention.text)
        reason = f"{label}: {name}" + (f" (x{len(group)})" if len(group) > 1 else "")
        data: dict[str, Any] = {
            "name": name,
            "tag_slug": slug,
            "count": len(group),
            "samples": samples,
        }
        titles = list(dict.fromkeys(m.title for m in group if m.title))
        if titles:
            data["titles"] = titles
        anchors: list[EvidenceAnchor] = []
        for m in group:
            anchor = EvidenceAnchor(page_id, m.start, m.end, m.text)
            if anchor not in anchors:
                anchors.append(anchor)
        findings.append(
            RawDetection(
                finding_type=finding_type,
                start=page_position,
                end=page_position,
                confidence=1.0,
                reason=reason,
                title=name,
                evidence=tuple(anchors),
                data=data,
            )
        )
    return findings
