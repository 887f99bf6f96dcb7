"""A finding row from a detection (shared by detector runs and imported results)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from app.domain.notebooks.aggregation import RawDetection
from app.domain.notebooks.definitions import DetectorDefinition
from app.domain.notebooks.reviews import ReviewStatus
from app.domain.notebooks.tags import finding_tag
from app.store.notebooks import Finding


def text_digest(text: str | None) -> str:
    return hashlib.sha256((text or "").encode("utf-8")).hexdigest()


def finding_row(
    raw: RawDetection,
    *,
    run_id: int,
    notebook_id: int,
    definition: DetectorDefinition,
    pages: Sequence[int],
    page_digests: Mapping[int, str],
    prompt_id: str | None,
    prompt_version: str | None,
    model_digest: str | None,
) -> Finding:
    """An unreviewed finding over ``pages`` (page ids, in order); ``page_digests`` holds
    each page's text digest for the input fingerprint."""
    slug, label = finding_tag(raw.finding_type, raw.data)
    fingerprint = hashlib.sha256(
        "|".join(f"{pid}:{page_digests[pid]}" for pid in pages).encode()
    ).hexdigest()
    return Finding(
        run_id=run_id,
        notebook_id=notebook_id,
        detector_id=definition.detector_id,
        detector_version=definition.version,
        start_page_id=pages[0],
        end_page_id=pages[-1],
        page_ids=list(pages),
        finding_type=raw.finding_type,
        confidence=min(1.0, max(0.0, float(raw.confidence))),
        reason=raw.reason,
        title=raw.title,
        tag_slug=slug or None,
        tag_label=label or None,
        detector_data=dict(raw.data),
        evidence=[anchor.to_json() for anchor in raw.evidence],
        prompt_id=prompt_id,
        prompt_version=prompt_version,
        model_digest=model_digest,
        input_fingerprint=fingerprint,
        review_status=ReviewStatus.UNREVIEWED,
    )
