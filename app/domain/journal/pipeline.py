"""Which proposers read a journal entry: cue-word rules, the model, or both.

Whatever proposes a hit, the same resolution (``resolve_drafts``) anchors and
validates it; the trust model does not change. Every hit the model proposes, in either
pipeline that asks it, also passes the rules' context checks (negation, plans,
someone else, reminders, text addressed to the app) before it can become a suggestion;
what is dropped, and why, is told to the caller as :class:`DroppedHit`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from app.domain.journal.candidates import Candidate
from app.domain.journal.clauses import (
    MAX_CLAUSES,
    build_clause_prompt,
    parse_clause_reply,
    split_clauses,
)
from app.domain.journal.completions import CompletionDetected, resolve_drafts
from app.domain.journal.parse import Draft, parse_reply
from app.domain.journal.prompt import DEFAULT_MAX_HITS, build_detection_prompt
from app.domain.journal.rules import RuleCandidate, check_quote, propose
from app.domain.model import TextModel
from app.domain.parsed import ParsedText


class Pipeline(StrEnum):
    RULES = "rules"
    """Cue words read in context (spaCy's parse); no model call."""
    MODEL = "model"
    """The language model alone (the prompt of ``docs/completions.md``)."""
    COMBINED = "combined"
    """Rules first; the model is asked only about the candidates the rules left, and
    its hits must pass the same context checks (not negated, planned, someone else's)."""


DEFAULT_PIPELINE = Pipeline.RULES


class ModelReply(StrEnum):
    """How the model points at the words that show a completion."""

    QUOTES = "quotes"
    """It copies a quote (the prompt of ``completions.md``); the app anchors the quote."""
    CLAUSES = "clauses"
    """It picks the number of one of the entry's clauses (a grammar enum); the app maps
    the number back to the clause's verbatim text (:mod:`app.domain.journal.clauses`).
    An entry with more than ``MAX_CLAUSES`` clauses is asked with quotes."""


DEFAULT_MODEL_REPLY = ModelReply.QUOTES

UNKNOWN_CANDIDATE = "no such candidate"
NOT_IN_ENTRY = "quote not in the entry"


@dataclass(frozen=True)
class DroppedHit:
    """A hit the model proposed that was not kept: its candidate index, its quote (cut to
    80 characters) and the reason in words (``BlockReason.message`` or one of the above)."""

    index: int
    quote: str
    reason: str
    target: tuple[str, int] | None = None
    """``(target_type, target_id)`` of the candidate named, when it is one."""


def _model_drafts(
    body: str,
    parsed: ParsedText | None,
    candidates: Sequence[Candidate],
    llm: TextModel,
    max_hits: int,
    dropped: list[DroppedHit],
    shape: ModelReply = DEFAULT_MODEL_REPLY,
) -> list[Draft]:
    """The model's drafts that name a candidate, quote the entry and pass the context
    checks; the others go to ``dropped`` with their reason."""
    clauses = split_clauses(body) if shape is ModelReply.CLAUSES else []
    drafts: list[Draft]
    if clauses and len(clauses) <= MAX_CLAUSES:
        prompt = build_clause_prompt(candidates, clauses, max_hits=max_hits)
        drafts = parse_clause_reply(llm.complete(prompt), clauses)
    else:
        prompt = build_detection_prompt(candidates, body, max_hits=max_hits)
        drafts = parse_reply(llm.complete(prompt))
    known = {c.index: (c.target_type, c.target_id) for c in candidates}
    kept: list[Draft] = []
    for draft in drafts:
        reason: str | None = None
        if draft.index not in known:
            reason = UNKNOWN_CANDIDATE
        elif not draft.quote or draft.quote not in body:
            reason = NOT_IN_ENTRY
        else:
            blocked_by = check_quote(body, parsed, draft.quote)
            reason = blocked_by.message if blocked_by is not None else None
        if reason is None:
            kept.append(draft)
        else:
            dropped.append(
                DroppedHit(draft.index, draft.quote[:80], reason, known.get(draft.index))
            )
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
    dropped: list[DroppedHit] | None = None,
    model_reply: ModelReply = DEFAULT_MODEL_REPLY,
) -> list[CompletionDetected]:
    """Propose with the chosen pipeline and resolve. No candidates: no work at all.

    ``parsed`` is ``app.nlp.parse.parse_entry(body)`` (needed by the rules, and by
    the checks of the model's hits; without it those checks read only the quote's
    words); the model is called only by MODEL and COMBINED, and only with candidates
    left to ask. The model's hits that are not kept are appended to ``dropped``.
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
                    body,
                    parsed,
                    left,
                    llm,
                    max_hits,
                    dropped if dropped is not None else [],
                    model_reply,
                )
            )
    return resolve_drafts(
        drafts, body, candidates=plain, max_hits=max_hits, entry_day=entry_day, today=today
    )
