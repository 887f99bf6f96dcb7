"""Completion detection for one journal entry, in three phases.

1. :func:`prepare_detection` reads the entry and builds the candidate list (database).
2. :func:`run_detection` asks the model and resolves its reply (model thread only).
3. :func:`store_detections` writes the suggestions in one transaction (database).

The phases are separate so that a face can run the model phase on the model's owner
thread and the database phases elsewhere; :func:`detect_entry` chains them for
headless use. Whatever the model replies, nothing already stored is lost. The
model's hits that the context checks drop are kept on the reply and the outcome
(``dropped``, each with its reason) and logged without their text.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import clock
from app.domain import Candidate, CompletionDetected, TextModel
from app.domain.journal.candidates import TargetRow, build_candidates
from app.domain.journal.pipeline import (
    DEFAULT_MODEL_REPLY,
    DEFAULT_PIPELINE,
    DroppedHit,
    ModelReply,
    Pipeline,
    detect,
)
from app.domain.journal.rules import RuleCandidate, apart_from_siblings
from app.domain.journal.suggestions import SuggestionStatus
from app.domain.parsed import ParsedText
from app.domain.progress import Cancelled
from app.llm import JobContext, ModelWorker, StreamingModel
from app.nlp.language import other_language, skip_reason
from app.nlp.parse import ParserUnavailable, parse_entry
from app.services.changes import NO_CHANGES, Changes, OpResult
from app.services.journal.cues import effective_cues, name_in_english
from app.services.journal.entries import require_entry
from app.services.journal.learning import accepted_exclusions
from app.services.views import SuggestionInfo
from app.store import Database
from app.store.models import CompletionSuggestion, Habit, JournalEntry, Practice

log = logging.getLogger(__name__)


class CheckStatus(StrEnum):
    COMPLETED = "completed"
    """The model was asked (or there was nothing to ask) and its reply was resolved."""
    FAILED = "failed"
    """The model raised; no hits, nothing lost."""
    STALE = "stale"
    """The entry changed or vanished while the model was reading it; nothing stored."""


@dataclass(frozen=True)
class DetectionRequest:
    entry_id: int
    day: date
    body: str
    candidates: tuple[Candidate, ...]
    cues: tuple[RuleCandidate, ...] = ()
    """The candidates with their cue words (same order)."""
    pipeline: Pipeline = DEFAULT_PIPELINE
    model_reply: ModelReply = DEFAULT_MODEL_REPLY

    @property
    def needs_model(self) -> bool:
        return bool(self.candidates) and self.pipeline is not Pipeline.RULES


@dataclass(frozen=True)
class DetectionReply:
    request: DetectionRequest
    detections: tuple[CompletionDetected, ...]
    error: str | None = None
    dropped: tuple[DroppedHit, ...] = ()
    """The model's hits not kept, with the reason (candidate indexes of the request)."""
    skipped: str | None = None
    """Why the entry was not read (written in another language than the rules know)."""


@dataclass(frozen=True)
class DetectionOutcome:
    entry_id: int
    status: CheckStatus
    created: tuple[SuggestionInfo, ...]
    suggestions: tuple[SuggestionInfo, ...]
    """Every suggestion of the entry after the check, by position in the text."""
    model_called: bool
    error: str | None = None
    dropped: tuple[DroppedHit, ...] = ()
    """The model's hits this check dropped, with the reason."""
    skipped: str | None = None
    """Why the entry was not read, in one sentence (another language than English)."""

    @property
    def checked(self) -> bool:
        return self.status is CheckStatus.COMPLETED


def _offered_targets(session: Session, entry_id: int) -> set[tuple[str, int]]:
    """Targets already offered for this entry, whatever their status."""
    rows = session.execute(
        select(CompletionSuggestion.habit_id, CompletionSuggestion.practice_id).where(
            CompletionSuggestion.entry_id == entry_id
        )
    )
    return {
        ("habit", habit_id) if habit_id is not None else ("practice", practice_id)
        for habit_id, practice_id in rows
    }


def _with_learned(rc: RuleCandidate, exclude: tuple[str, ...]) -> RuleCandidate:
    """The candidate with the exclusions the user accepted (``learning``) added."""
    return replace(rc, exclude=rc.exclude + exclude) if exclude else rc


def prepare_detection(
    db: Database,
    entry_id: int,
    *,
    pipeline: Pipeline = DEFAULT_PIPELINE,
    model_reply: ModelReply = DEFAULT_MODEL_REPLY,
) -> DetectionRequest:
    """Read the entry, the candidates and their cue words."""
    with db.session() as session:
        entry = require_entry(session, entry_id)
        habits = session.scalars(select(Habit).where(Habit.archived.is_(False))).all()
        practices = session.scalars(select(Practice).where(Practice.ended_at.is_(None))).all()
        candidates = build_candidates(
            [TargetRow(h.id, h.name, h.unit) for h in habits],
            [TargetRow(p.id, p.name) for p in practices],
            offered=_offered_targets(session, entry_id),
        )
        stored = {("habit", h.id): h.cues for h in habits}
        stored.update({("practice", p.id): p.cues for p in practices})
        learned = accepted_exclusions(session)
        with_cues = apart_from_siblings(
            [
                _with_learned(
                    RuleCandidate(
                        c,
                        *effective_cues(c.name, stored.get((c.target_type, c.target_id))),
                        reads_as=name_in_english(c.name),
                    ),
                    learned.get((c.target_type, c.target_id), ()),
                )
                for c in candidates
            ]
        )
        return DetectionRequest(
            entry.id, entry.day, entry.body, tuple(candidates), with_cues, pipeline, model_reply
        )


def _parse(body: str) -> ParsedText | None:
    try:
        return parse_entry(body)
    except ParserUnavailable as exc:
        log.warning("cue-word rules unavailable: %s", exc)
        return None


def run_detection(
    request: DetectionRequest, llm: TextModel | None, *, today: date | None = None
) -> DetectionReply:
    """Read the entry with the request's pipeline (the model only if it uses one).

    A model error becomes a failed check; cancellation propagates. Without spaCy the
    rules cannot read, and the model pipeline is used instead. ``today`` (the clock's,
    unless given) bounds the days a "yesterday" may name; they count from the entry's day.
    """
    if not request.candidates:
        return DetectionReply(request, ())
    day = clock.today() if today is None else today
    pipeline = request.pipeline
    if pipeline is not Pipeline.MODEL:  # the cue words and their context are English
        language = other_language(request.body)
        if language is not None:
            log.info("entry %s not read: written in %s", request.entry_id, language)
            return DetectionReply(
                request, (), skipped=f"The entry was not read: {skip_reason(language)}."
            )
    parsed = _parse(request.body)  # the model's hits are read in context too
    if parsed is None and pipeline is not Pipeline.MODEL:
        pipeline = Pipeline.MODEL
    cues = request.cues or tuple(RuleCandidate(c, ()) for c in request.candidates)
    dropped: list[DroppedHit] = []
    try:
        found = detect(
            request.body,
            pipeline=pipeline,
            candidates=cues,
            parsed=parsed,
            llm=llm,
            entry_day=request.day,
            today=day,
            dropped=dropped,
            model_reply=request.model_reply,
        )
    except Cancelled:
        raise
    except Exception as exc:  # the model is untrusted and may fail in any way
        log.warning("detection for entry %s failed: %s", request.entry_id, exc)
        return DetectionReply(request, (), error=str(exc) or type(exc).__name__)
    for hit in dropped:
        log.info(
            "entry %s: a model hit for candidate %s was dropped (%s)",
            request.entry_id,
            hit.index,
            hit.reason,
        )
    return DetectionReply(request, tuple(found), dropped=tuple(dropped))


def store_detections(db: Database, reply: DetectionReply) -> OpResult[DetectionOutcome]:
    """Write the suggestions, unless the entry changed while the model was reading it."""
    request = reply.request
    model_called = request.needs_model
    with db.session() as session:
        entry = session.get(JournalEntry, request.entry_id)
        if entry is None or entry.body != request.body:
            outcome = DetectionOutcome(
                request.entry_id, CheckStatus.STALE, (), (), model_called, reply.error
            )
            return OpResult(outcome, NO_CHANGES)
        offered = _offered_targets(session, request.entry_id)
        created_rows: list[CompletionSuggestion] = []
        for found in reply.detections:
            if (found.target_type, found.target_id) in offered:
                continue  # offered meanwhile by another check: never duplicate
            row = CompletionSuggestion(
                entry_id=request.entry_id,
                target_type=found.target_type,
                habit_id=found.target_id if found.target_type == "habit" else None,
                practice_id=found.target_id if found.target_type == "practice" else None,
                label=found.label,
                anchor_start=found.anchor_start,
                anchor_end=found.anchor_end,
                anchor_text=found.anchor_text,
                completed_units=found.completed_units,
                completed_on=found.completed_on,
                status=SuggestionStatus.PENDING,
            )
            session.add(row)
            created_rows.append(row)
        session.flush()
        all_rows = session.scalars(
            select(CompletionSuggestion)
            .where(CompletionSuggestion.entry_id == request.entry_id)
            .order_by(CompletionSuggestion.anchor_start, CompletionSuggestion.id)
        ).all()
        created = tuple(SuggestionInfo.of(row) for row in created_rows)
        outcome = DetectionOutcome(
            request.entry_id,
            CheckStatus.FAILED if reply.error else CheckStatus.COMPLETED,
            tuple(sorted(created, key=lambda s: (s.anchor_start, s.id))),
            tuple(SuggestionInfo.of(row) for row in all_rows),
            model_called,
            reply.error,
            reply.dropped,
            reply.skipped,
        )
    return OpResult(outcome, Changes(suggestions=frozenset(s.id for s in created)))


def detect_entry(
    db: Database,
    worker: ModelWorker[StreamingModel] | None,
    entry_id: int,
    *,
    today: date | None = None,
    pipeline: Pipeline = DEFAULT_PIPELINE,
    model_reply: ModelReply = DEFAULT_MODEL_REPLY,
) -> OpResult[DetectionOutcome]:
    """All three phases; the model phase runs on the worker's thread.

    Without candidates, or with the rules pipeline, the model is not called (nor loaded).
    """
    request = prepare_detection(db, entry_id, pipeline=pipeline, model_reply=model_reply)
    if not request.candidates:
        reply = DetectionReply(request, ())
    elif not request.needs_model:
        reply = run_detection(request, None, today=today)
    elif worker is None:
        raise ValueError(f"the {request.pipeline} pipeline needs a model worker")
    else:

        def job(ctx: JobContext[TextModel]) -> DetectionReply:
            return run_detection(request, ctx.model, today=today)

        reply = worker.submit(job).wait()
    return store_detections(db, reply)
