"""Completion detection over one journal entry (``docs/completions.md``, steps 0-4).

The model is an untrusted proposer: it returns candidate indexes and quotes; the app
resolves targets from its own candidates and computes every offset itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from app.domain.journal.candidates import HABIT, Candidate
from app.domain.journal.facts import resolve_amount, resolve_day
from app.domain.journal.parse import Draft, parse_reply
from app.domain.journal.prompt import DEFAULT_MAX_HITS, build_detection_prompt
from app.domain.model import TextModel
from app.domain.text import MAX_LABEL_CHARS, overlaps, quote_span, sanitize_label


@dataclass(frozen=True)
class CompletionDetected:
    """A proposed completion anchored at ``body[anchor_start:anchor_end] == anchor_text``."""

    target_type: str
    target_id: int
    label: str
    anchor_start: int
    anchor_end: int
    anchor_text: str
    completed_units: float | None = None
    completed_on: date | None = None


def _resolve(
    draft: Draft,
    body: str,
    by_index: dict[int, Candidate],
    entry_day: date | None,
    today: date,
) -> CompletionDetected | None:
    """Step 2 for one draft: known index, anchored quote, clean label, believable facts."""
    candidate = by_index.get(draft.index)
    if candidate is None:
        return None
    span = quote_span(body, draft.quote)
    if span is None:
        return None
    start, end = span
    label = sanitize_label(draft.quote)
    if not label or len(label) > MAX_LABEL_CHARS:
        return None
    units = None
    if candidate.target_type == HABIT:
        units = resolve_amount(draft.amount, draft.unit, candidate.unit)
    return CompletionDetected(
        target_type=candidate.target_type,
        target_id=candidate.target_id,
        label=label,
        anchor_start=start,
        anchor_end=end,
        anchor_text=body[start:end],
        completed_units=units,
        completed_on=resolve_day(draft.when, entry_day, today),
    )


def detect_completions(
    body: str,
    *,
    candidates: Sequence[Candidate],
    llm: TextModel,
    max_hits: int = DEFAULT_MAX_HITS,
    entry_day: date | None = None,
    today: date,
) -> list[CompletionDetected]:
    """Ask the model once and keep the hits that resolve cleanly, in the model's order.

    No candidates: ``[]`` with no model call. Errors raised by ``llm`` propagate; bad
    output never raises, it is dropped. ``completed_on`` is resolved against
    ``entry_day`` (``None`` without one) inside the 30 days up to ``today``.
    """
    if not candidates:
        return []
    prompt = build_detection_prompt(candidates, body, max_hits=max_hits)
    reply = llm.complete(prompt)
    return resolve_drafts(
        parse_reply(reply),
        body,
        candidates=candidates,
        max_hits=max_hits,
        entry_day=entry_day,
        today=today,
    )


def resolve_drafts(
    drafts: Iterable[Draft],
    body: str,
    *,
    candidates: Sequence[Candidate],
    max_hits: int = DEFAULT_MAX_HITS,
    entry_day: date | None = None,
    today: date,
) -> list[CompletionDetected]:
    """Steps 2-4 for drafts from any proposer (the model or the rules), in their order:
    known index, anchored quote, clean label, believable facts, no duplicate target or
    overlapping span, at most ``max_hits``."""
    by_index: dict[int, Candidate] = {}
    for candidate in candidates:
        by_index.setdefault(candidate.index, candidate)
    kept: list[CompletionDetected] = []
    targets: set[tuple[str, int]] = set()
    for draft in drafts:
        if len(kept) >= max_hits:
            break
        hit = _resolve(draft, body, by_index, entry_day, today)
        if hit is None:
            continue
        target = (hit.target_type, hit.target_id)
        span = (hit.anchor_start, hit.anchor_end)
        if target in targets or any(overlaps(span, (k.anchor_start, k.anchor_end)) for k in kept):
            continue
        targets.add(target)
        kept.append(hit)
    return kept
