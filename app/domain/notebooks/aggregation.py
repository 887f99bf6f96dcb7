"""From window replies to raw detections, and ``merge_adjacent_spans``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from app.domain.notebooks.definitions import DetectorDefinition
from app.domain.notebooks.numbering import NumberedLine, numbered_lines, resolve_lines
from app.domain.notebooks.prompts import FieldSpec, prompt_spec, uses_lines
from app.domain.notebooks.replies import (
    MAX_REASON_CHARS,
    EvidenceAnchor,
    WindowReply,
    anchor_evidence,
    anchor_lines,
    window_span,
)
from app.domain.notebooks.structure import page_lines
from app.domain.notebooks.windows import PageInput

REASON_SEPARATOR: Final = "; "


@dataclass(frozen=True)
class RawDetection:
    """A detection over candidate positions ``start..end`` (inclusive).

    ``evidence`` and ``data`` are optional extras carried through merging: evidence is
    unioned in order without duplicates, data is that of the higher-confidence raw.
    Treat ``data`` as read-only.
    """

    finding_type: str
    start: int
    end: int
    confidence: float
    reason: str = ""
    title: str | None = None
    evidence: tuple[EvidenceAnchor, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict, hash=False)
    by_structure: bool = False
    """Read from the pages' lines (one unit each: never merged with another), not from a
    model reply."""

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"Bad span {self.start}..{self.end}.")

    @property
    def pages(self) -> range:
        """The candidate positions covered."""
        return range(self.start, self.end + 1)


def jaccard(a_start: int, a_end: int, b_start: int, b_end: int) -> float:
    """Jaccard index of two inclusive position ranges."""
    inter = min(a_end, b_end) - max(a_start, b_start) + 1
    if inter <= 0:
        return 0.0
    union = (a_end - a_start + 1) + (b_end - b_start + 1) - inter
    return inter / union


def _jaccard(a: RawDetection, b: RawDetection) -> float:
    return jaccard(a.start, a.end, b.start, b.end)


def _titles_compatible(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a.casefold() == b.casefold()


def _join_reasons(existing: str, new: str) -> str:
    if not new or new in existing:
        return existing[:MAX_REASON_CHARS]
    if not existing:
        return new[:MAX_REASON_CHARS]
    return f"{existing}{REASON_SEPARATOR}{new}"[:MAX_REASON_CHARS]


def _union_evidence(
    a: Iterable[EvidenceAnchor], b: Iterable[EvidenceAnchor]
) -> tuple[EvidenceAnchor, ...]:
    out: list[EvidenceAnchor] = []
    for anchor in (*a, *b):
        if anchor not in out:
            out.append(anchor)
    return tuple(out)


def _join(entry: RawDetection, raw: RawDetection) -> RawDetection:
    return RawDetection(
        finding_type=entry.finding_type,
        start=min(entry.start, raw.start),
        end=max(entry.end, raw.end),
        confidence=max(entry.confidence, raw.confidence),
        reason=_join_reasons(entry.reason, raw.reason),
        title=entry.title if entry.title is not None else raw.title,
        evidence=_union_evidence(entry.evidence, raw.evidence),
        data=raw.data if raw.confidence > entry.confidence else entry.data,
    )


def merge_adjacent_spans(
    raws: Iterable[RawDetection], threshold: float, merge: bool = True
) -> list[RawDetection]:
    """Keep raws with confidence >= threshold, sorted by start, end, confidence desc.

    Without ``merge`` that is the result. With it: each raw joins the first merged entry
    of the same finding type whose title is compatible (either missing, or equal ignoring
    case) and that touches or overlaps it (``entry.end >= raw.start - 1``) or whose page
    set has Jaccard >= 0.5 with it. A join takes the union span, the higher confidence,
    the reason appended with "; " unless already contained (cut to 2000), the existing
    title else the new one. Then dedupe: by confidence desc then span length desc, drop
    an entry when a kept one of the same type has Jaccard >= 0.5 with it. Final order by
    start, end. Different types never merge.
    """
    kept = sorted(
        (r for r in raws if r.confidence >= threshold),
        key=lambda r: (r.start, r.end, -r.confidence),
    )
    if not merge:
        return kept
    merged: list[RawDetection] = []
    for raw in kept:
        for i, entry in enumerate(merged):
            if entry.finding_type != raw.finding_type:
                continue
            if not _titles_compatible(entry.title, raw.title):
                continue
            if entry.end >= raw.start - 1 or _jaccard(entry, raw) >= 0.5:
                merged[i] = _join(entry, raw)
                break
        else:
            merged.append(raw)
    ranked = sorted(merged, key=lambda r: (-r.confidence, -(r.end - r.start)))
    survivors: list[RawDetection] = []
    for entry in ranked:
        if any(
            k.finding_type == entry.finding_type and _jaccard(k, entry) >= 0.5 for k in survivors
        ):
            continue
        survivors.append(entry)
    return sorted(survivors, key=lambda r: (r.start, r.end))


def raw_from_reply(
    definition: DetectorDefinition,
    reply: WindowReply,
    window_positions: Sequence[int],
    window: Sequence[PageInput],
    candidate_count: int,
) -> RawDetection | None:
    """The raw detection of one parsed window reply (``None`` when not detected): the
    span from :func:`window_span`, the reply's confidence, reason, title and data, and
    its evidence anchored in the window's pages."""
    span = window_span(reply, window_positions, candidate_count)
    if span is None:
        return None
    evidence = anchor_evidence(reply.evidence, window)
    seen = {(a.page_id, a.anchor_start, a.anchor_end) for a in evidence}
    for anchor in anchor_lines(reply.lines, window):
        if (anchor.page_id, anchor.anchor_start, anchor.anchor_end) not in seen:
            seen.add((anchor.page_id, anchor.anchor_start, anchor.anchor_end))
            evidence.append(anchor)
    data = dict(reply.data)
    if uses_lines(definition) and reply.lines:
        named = resolve_lines(reply.lines, numbered_lines(window))
        for spec in prompt_spec(definition).fields:
            if spec.from_lines and not data.get(spec.name):
                data[spec.name] = _from_lines(spec, named)
    return RawDetection(
        finding_type=definition.finding_type,
        start=span[0],
        end=span[1],
        confidence=reply.confidence,
        reason=reply.reason or "",
        title=reply.title,
        evidence=tuple(evidence),
        data=data,
    )


def _from_lines(spec: FieldSpec, named: Sequence[NumberedLine]) -> Any:
    """A version-2 detector field the app fills from the lines the reply named (in the
    reply's order): to-do items (text after the marker, status from a checkbox), sample
    items, an excerpt (the first line), or the boundaries (the first and last page)."""
    if spec.kind == "todo_items":
        items: list[dict[str, str]] = []
        for line in named[: spec.max_items]:
            read = page_lines(line.text)[0]
            text = (read.body or line.text)[: spec.max_chars]
            items.append({"text": text, "status": read.status or "unknown"})
        return items
    if spec.kind == "string_list":
        return [line.text[: spec.max_chars] for line in named[: spec.max_items]]
    if spec.kind == "boundaries":
        if not named:
            return None
        pages = [line.page for line in named]
        return {"start_page_hint": min(pages), "end_page_hint": max(pages)}
    if spec.kind == "string":
        return named[0].text[: spec.max_chars] if named else None
    return None


def aggregate(definition: DetectorDefinition, raws: Iterable[RawDetection]) -> list[RawDetection]:
    """Apply the definition's threshold and aggregation strategy to its raws.

    Raws read from structure are units already (a list, a poem across a page turn) and
    are kept as they are (above the threshold); the model's raws are merged, and one that
    overlaps a structure unit of its type is dropped (the unit already holds it)."""
    raws = list(raws)
    threshold = definition.confidence_threshold
    units = [r for r in raws if r.by_structure and r.confidence >= threshold]
    merged = merge_adjacent_spans(
        (r for r in raws if not r.by_structure),
        threshold,
        merge=definition.aggregation_strategy == "merge_adjacent_spans",
    )
    kept = [
        m
        for m in merged
        if not any(
            u.finding_type == m.finding_type and u.start <= m.end and m.start <= u.end
            for u in units
        )
    ]
    return sorted([*units, *kept], key=lambda r: (r.start, r.end))
