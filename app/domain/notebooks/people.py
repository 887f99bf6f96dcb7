"""People named on a page (from NER PERSON mentions) as per-page findings."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from app.domain.notebooks.aggregation import RawDetection
from app.domain.notebooks.replies import EvidenceAnchor
from app.domain.notebooks.tags import NAMES_FINDING_TYPE, normalize_slug

MAX_NAME_SAMPLES: Final = 8


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
) -> list[RawDetection]:
    """One finding per distinct name on one page, ordered by slug.

    Mentions (taken in text order) are grouped by ``normalize_slug(surface)``; blank
    ones are ignored. Per group: the first surface is the display name, ``count`` the
    number of mentions, samples the distinct spellings (<= 8). Confidence 1.0; reason
    ``"PERSON: <name>"`` plus ``" (xN)"`` when N > 1; data ``{name, tag_slug, count,
    samples}`` and ``titles`` (the distinct titles written before it) when there are
    any; title the name; an evidence anchor for every mention.
    """
    groups: dict[str, list[PersonMention]] = {}
    for mention in sorted(mentions, key=lambda m: (m.start, m.end)):
        slug = normalize_slug(mention.text)
        if slug:
            groups.setdefault(slug, []).append(mention)
    findings: list[RawDetection] = []
    for slug in sorted(groups):
        group = groups[slug]
        name = " ".join(group[0].text.split())
        samples: list[str] = []
        for mention in group:
            if mention.text not in samples and len(samples) < MAX_NAME_SAMPLES:
                samples.append(mention.text)
        reason = f"PERSON: {name}" + (f" (x{len(group)})" if len(group) > 1 else "")
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
