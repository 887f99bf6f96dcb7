"""Which proposers read a journal entry: cue-word rules, the model, or both.

Whatever proposes a hit, the same resolution (``resolve_drafts``) anchors and
validates it; the trust model does not change.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from enum import StrEnum

from app.domain.journal.candidates import Candidate
from app.domain.journal.completions import CompletionDetected, resolve_drafts
from app.domain.journal.cues import CueMatch
from app.domain.journal.parse import Draft, parse_reply
from app.domain.journal.prompt import DEFAULT_MAX_HITS, build_detection_prompt
from app.domain.journal.rules import RuleCandidate, blocked, propose
from app.domain.model import TextModel
from app.domain.parsed import ParsedText
from app.domain.text import quote_span


class Pipeline(StrEnum):
    RULES = "rules"
    """Cue words read in context (spaCy's parse); no model call."""
    MODEL = "model"
    """The language model alone (the prompt of ``docs/completions.md``)."""
    COMBINED = "combined"
    """Rules first; the model is asked only about the candidates the rules left, and
    its hits must pass the same context checks (not negated, planned, someone else's)."""


DEFAULT_PIPELINE = Pipeline.RULES


def _model_drafts(
    body: str,
    parsed: ParsedText | None,
    candidates: Sequence[Candidate],
    llm: TextModel,
    max_hits: int,
    *,
    checked: bool,
) -> list[Draft]:
    reply = llm.complete(build_detection_prompt(candidates, body, max_hits=max_hits))
    drafts = parse_reply(reply)
    if not checked or parsed is None:
        return drafts
    kept: list[Draft] = []
    for draft in drafts:
        span = quote_span(body, draft.quote)
        if span is None:
            continue
        inside = [t for t in parsed.tokens if span[0] <= t.start and t.end <= span[1]]
        words = [t for t in inside if t.pos != "SPACE" and t.text.strip()]
        if not words:
            continue
        match = CueMatch(draft.quote, words[0].i, words[-1].i)
        if blocked(body, parsed, match) is None:
            kept.append(draft)
    return kept


def detect(
    body: str,
    *,
    pipeline: Pipeline,
    candidates: Sequence[RuleCandidate],
    parsed: ParsedText | None,
    llm: TextModel | None,
    max_hits: int = DEFAULT_MAX_HITS,
    entry_day: date | None = None,
    today: date,
) -> list[CompletionDetected]:
    """Propose with the chosen pipeline and resolve. No candidates: no work at all.

    ``parsed`` is the parse of ``mask_for_parsing(body)`` (needed by the rules); the
    model is called only by MODEL and COMBINED, and only with candidates left to ask.
    """
    plain = [rc.candidate for rc in candidates]
    if not plain:
        return []
    drafts: list[Draft] = []
    if pipeline is not Pipeline.MODEL and parsed is not None:
        drafts.extend(propose(body, parsed, candidates))
    if pipeline is not Pipeline.RULES and llm is not None:
        proposed = {d.index for d in drafts}
        left = [c for c in plain if c.index not in proposed]
        if left:
            drafts.extend(
                _model_drafts(
                    body, parsed, left, llm, max_hits, checked=pipeline is Pipeline.COMBINED
                )
            )
    return resolve_drafts(
        drafts, body, candidates=plain, max_hits=max_hits, entry_day=entry_day, today=today
    )
