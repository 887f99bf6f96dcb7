"""Which windows of a built-in prompt detector the model needs to read, and which model
findings the structure confirms.

A structure-reading detector (:mod:`app.domain.notebooks.structure`) sends a window to
the model only when one of its pages holds a *candidate* line the structure is not sure
of. Every other window is skipped and recorded in the run as warning
``skip_by_structure`` with the reason: nothing on its pages can be the phenomenon (no
stanza of short lines, no list-like line, no quotation marks, dash, attribution or
dialogue), or what it shows was already read from the lines themselves. Custom detectors
and the vision route are never skipped (the text says nothing about a scan).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from app.domain.notebooks.aggregation import RawDetection
from app.domain.notebooks.definitions import STRUCTURE_RULES, DetectorDefinition
from app.domain.notebooks.replies import EvidenceAnchor
from app.domain.notebooks.structure import (
    STRUCTURE_CONFIDENCE,
    STRUCTURE_DETECTORS,
    Structure,
    on_candidate_lines,
    read_structure,
)
from app.domain.notebooks.windows import PageInput

SKIP_BY_STRUCTURE: Final = "skip_by_structure"
NO_EVIDENCE: Final = "no_evidence"

_NOTHING: Final = {
    "poetry": "no stanza of short lines that read as verse, so there is no poem",
    "todo_lists": "no line looks like a task or a list item, so there is no to-do list",
    "lists": "no line looks like a list item, so there is no list",
    "quotations": "no quotation marks, attribution or dialogue, so there is no quotation",
}
_WHAT: Final = {
    "poetry": "poem",
    "todo_lists": "to-do list",
    "lists": "list",
    "quotations": "quotation",
}


def reads_structure(definition: DetectorDefinition, route: str) -> bool:
    """Whether ``definition`` reads structure first on ``route``."""
    return (
        route == "text"
        and not definition.is_custom
        and definition.engine == "prompt"
        and definition.detector_id in STRUCTURE_DETECTORS
        and definition.extra_config.get("structure") == STRUCTURE_RULES
    )


def structure_of(
    definition: DetectorDefinition, candidates: Sequence[PageInput], route: str
) -> Structure | None:
    """The structure reading of the candidates, or ``None`` when ``definition`` does not
    read structure on ``route``."""
    if not reads_structure(definition, route):
        return None
    return read_structure(definition.detector_id, candidates)


def window_skip_reason(
    definition: DetectorDefinition, structure: Structure, positions: Sequence[int]
) -> str | None:
    """Why the model need not read the window at candidate ``positions`` (a short
    reason), or ``None`` when a page holds a candidate line the structure is unsure of."""
    if any(p in structure.candidates and not structure.covered(p) for p in positions):
        return None
    if any(structure.covered(p) for p in positions):
        what = _WHAT.get(definition.detector_id, "finding")
        return f"each {what} on these pages was read from its lines, nothing else could be one"
    return _NOTHING.get(definition.detector_id, "nothing on these pages can match")


def confirm_model_raw(
    raw: RawDetection,
    structure: Structure | None,
    window: Sequence[PageInput],
    window_positions: Sequence[int],
    candidate_count: int,
) -> RawDetection | None:
    """A model detection as published: only its evidence anchored on the pages (and,
    for a structure-reading detector, on the candidate lines) counts; without any it is
    not published (``None``). Its span is narrowed to the pages that hold that evidence,
    reaching one page past the window only when the evidence reaches the window's edge
    and the raw said it continues there."""
    position_of = {page.page_id: pos for page, pos in zip(window, window_positions, strict=True)}
    evidence: Sequence[EvidenceAnchor] = raw.evidence
    if structure is not None:
        evidence = on_candidate_lines(structure, evidence, position_of)
    held = sorted({position_of[a.page_id] for a in evidence if a.page_id in position_of})
    if not held:
        return None
    first, last = min(window_positions), max(window_positions)
    start, end = held[0], held[-1]
    if raw.start < first and start == first:
        start = raw.start
    if raw.end > last and end == last:
        end = min(raw.end, candidate_count - 1)
    return RawDetection(
        finding_type=raw.finding_type,
        start=start,
        end=end,
        confidence=raw.confidence,
        reason=raw.reason,
        title=raw.title,
        evidence=tuple(evidence),
        data=raw.data,
    )


def structure_raws(structure: Structure) -> list[RawDetection]:
    """The structure's sure units as raw detections (confidence
    :data:`~app.domain.notebooks.structure.STRUCTURE_CONFIDENCE`, never merged)."""
    return [
        RawDetection(
            finding_type=unit.finding_type,
            start=unit.start,
            end=unit.end,
            confidence=STRUCTURE_CONFIDENCE,
            reason=unit.reason,
            title=unit.title,
            evidence=unit.evidence,
            data=dict(unit.data),
            by_structure=True,
        )
        for unit in structure.units
    ]
