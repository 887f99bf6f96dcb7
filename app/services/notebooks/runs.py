"""Running a detector over a notebook (notebooks.md "Runs, caching, freshness").

A run goes through three phases, like journal detection (:mod:`app.services.journal.detection`):

1. :func:`prepare_run` (database): the definition, the pages in scope, the candidates and
   the warnings, the route (text, vision, or none), the cache identity, frozen into a
   ``RunPlan``.  A non-forced run whose identity equals the published one returns the
   published result: no model call.  Otherwise an attempt row is committed as
   ``running`` in its own transaction.
2. :func:`detect_run` (no database): prompt detectors run every window on the model
   worker's thread (the only place the model is called), checking for cancellation
   between windows and reporting progress; lexical counters and names (spaCy) need no
   model.
3. :func:`store_run` (one transaction): publish only when the identity is still current
   (the pages may have changed while the model read them); else keep the attempt as
   ``stale_at_publish``.  Publishing carries reviews forward from the previously
   published findings and applies the detector's auto-tag preference.  When the model
   phase raised, :func:`abandon_run` ends the attempt instead.

Many processes may share the database (the window and commands).  The process running
an attempt holds its lock file (:mod:`app.services.notebooks.run_owner`) from before the
attempt is committed until it ends; :func:`reconcile_interrupted` marks ``interrupted``
only the attempts whose owner is gone.  Publishing waits for another process's write
lock; if it waits in vain, the finished result is kept in a file beside the database
(``pending/run-<id>.json``) and published by the next :func:`reconcile_interrupted`,
so finished work is never thrown away.

The phases are separate so that the window writes only from its database thread;
:func:`run_detector` chains them for the command line and the tests.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, Protocol

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app import clock
from app.domain import Prompt
from app.domain.notebooks import reviews as review_rules
from app.domain.notebooks.aggregation import RawDetection, aggregate, raw_from_reply
from app.domain.notebooks.definitions import DetectorDefinition, vision_twin
from app.domain.notebooks.identity import (
    ENGLISH_ONLY_ENGINES,
    cache_identity,
    prompt_key_for,
    scope_fingerprint,
    window_key,
)
from app.domain.notebooks.identity import freshness as domain_freshness
from app.domain.notebooks.identity import route as domain_route
from app.domain.notebooks.lexical import LexicalCount, lexical_count, lexical_page_finding
from app.domain.notebooks.people import PersonMention, people_findings
from app.domain.notebooks.prechecks import (
    NO_EVIDENCE,
    SKIP_BY_STRUCTURE,
    confirm_model_raw,
    structure_of,
    structure_raws,
    window_skip_reason,
)
from app.domain.notebooks.prompts import build_window_prompt
from app.domain.notebooks.replies import EvidenceAnchor, parse_window_reply
from app.domain.notebooks.reviews import ReviewStatus
from app.domain.notebooks.runs import AttemptState, Capability, RunOutcome
from app.domain.notebooks.structure import Structure
from app.domain.notebooks.windows import (
    ABSTAIN_UNPARSEABLE,
    DetectorWarning,
    PageInput,
    select_candidates,
    windows_for,
)
from app.domain.progress import Cancelled, CancelToken, Progress, ProgressFn
from app.domain.time_left import WindowCost, seconds_left
from app.llm import (
    GenerationStats,
    JobContext,
    ModelWorker,
    OwnedModel,
    PrefetchingModel,
    StreamingModel,
)
from app.nlp.language import (
    english_part,
    language_decision_id,
    part_skip_reason,
    skip_reason,
    skipped_language,
)
from app.nlp.people import NerUnavailable, find_people_in_pages, ner_model_id
from app.services.changes import Changes, OpResult
from app.services.errors import NotFoundError
from app.services.notebooks import checkpoints, run_owner
from app.services.notebooks.detectors import get_definition
from app.services.notebooks.finding_rows import finding_row, text_digest
from app.services.notebooks.findings import FindingInfo, published_findings_query
from app.services.notebooks.pages import data_folder, require_notebook
from app.services.notebooks.tags import union_tag
from app.store import Database, DatabaseBusyError, StoreError
from app.store.notebooks import (
    DetectionRun,
    DetectorPreference,
    Finding,
    FindingPageReview,
    NotebookPage,
)

log = logging.getLogger(__name__)

Route = Literal["text", "vision"]
WINDOW_FAILED: Final = "window_failed"
UNKNOWN_MODEL: Final = "unknown"
"""The digest of a model that came without a description: its windows are never kept
(nothing says a run started again uses the same model)."""


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class ModelIdentity:
    """What the cache identity needs to know about a model and how it generates."""

    name: str
    digest: str
    n_ctx: int
    max_tokens: int

    def generation(self) -> dict[str, Any]:
        return {"temperature": 0, "max_tokens": self.max_tokens, "n_ctx": self.n_ctx}


class VisionModel(OwnedModel, Protocol):
    """A multimodal model on its worker: a prompt plus the window's page images (PNG/JPEG
    bytes)."""

    def complete_with_images(self, prompt: Prompt, images: Sequence[bytes]) -> str: ...


@dataclass(frozen=True)
class VisionRuntime:
    """A configured vision model (a multimodal GGUF plus its projector) on its worker."""

    worker: ModelWorker[VisionModel]
    identity: ModelIdentity


# --------------------------------------------------------------------------- views


@dataclass(frozen=True)
class RunInfo:
    id: int | None
    """None for a run that was refused before an attempt was recorded."""
    notebook_id: int
    detector_id: str
    detector_version: str
    attempt_state: AttemptState
    outcome: RunOutcome | None
    capability: Capability | None
    route: str | None
    message: str | None
    warnings: tuple[dict[str, str], ...]
    pages_scanned: int
    windows_scanned: int
    windows_total: int
    partial: bool
    page_counts: tuple[dict[str, int], ...] | None
    cache_hit: bool
    published: bool
    stale_at_publish: bool
    cache_identity: str | None
    windows_reused: int = 0
    """Of ``windows_scanned``, the windows an earlier attempt had read (kept in
    checkpoints): not sent to the model again."""
    findings: tuple[FindingInfo, ...] = field(default=())

    @classmethod
    def of(
        cls, row: DetectionRun, findings: Sequence[FindingInfo] = (), *, cache_hit: bool = False
    ) -> RunInfo:
        return cls(
            id=row.id,
            notebook_id=row.notebook_id,
            detector_id=row.detector_id,
            detector_version=row.detector_version,
            attempt_state=row.attempt_state,
            outcome=row.outcome,
            capability=row.capability,
            route=row.route,
            message=row.message,
            warnings=tuple(dict(w) for w in row.warnings),
            pages_scanned=row.pages_scanned,
            windows_scanned=row.windows_scanned,
            windows_total=row.windows_total,
            partial=row.partial,
            page_counts=(
                None if row.page_counts is None else tuple(dict(p) for p in row.page_counts)
            ),
            cache_hit=cache_hit,
            published=row.published,
            stale_at_publish=row.stale_at_publish,
            cache_identity=row.cache_identity,
            windows_reused=row.windows_reused,
            findings=tuple(findings),
        )


# --------------------------------------------------------------------------- identity


def prompt_key(definition: DetectorDefinition, route: Route | None) -> str:
    """The prompt part of the identity (raises ``NerUnavailable`` for names without
    spaCy); an English-only reader's names the language decision it skips pages by."""
    ner = ner_model_id() if definition.engine == "ner_people" else None
    language = language_decision_id() if definition.engine in ENGLISH_ONLY_ENGINES else None
    return prompt_key_for(definition, route, ner, language)


def run_identity(
    definition: DetectorDefinition,
    route: Route | None,
    model: ModelIdentity | None,
    pages: Sequence[PageInput],
) -> str:
    """The cache identity of a run over ``pages`` (the scope: excluded pages left out)."""
    scope = sorted((p for p in pages if not p.excluded), key=lambda p: (p.order, p.page_id))
    return cache_identity(
        definition=definition,
        prompt_key=prompt_key(definition, route),
        model_digest=model.digest if model is not None else None,
        scope=scope_fingerprint(scope),
        generation=model.generation() if model is not None else {},
    )


def choose_route(
    definition: DetectorDefinition,
    pages: Sequence[PageInput],
    *,
    text_model: bool,
    vision_model: bool,
) -> Route | None:
    """The run's route: lexical and names always read text (no model); a prompt detector
    follows the domain's routing, with "has text" meaning some page in scope has text
    (or the scope has no page at all, which gives ``insufficient_data``, not a refusal)."""
    if definition.engine != "prompt":
        return "text"
    readable = [p for p in pages if not p.excluded]
    has_text = any(p.has_text for p in readable) or not any(p.image_digest for p in readable)
    return domain_route(
        definition, page_has_text=has_text, text_model=text_model, vision_model=vision_model
    )


# --------------------------------------------------------------------------- prepare


@dataclass(frozen=True)
class _Plan:
    notebook_id: int
    definition: DetectorDefinition
    scope: tuple[PageInput, ...]
    page_ids: tuple[int, ...] | None
    route: Route | None
    candidates: tuple[PageInput, ...]
    warnings: tuple[DetectorWarning, ...]
    identity: str | None
    auto_tag: bool
    image_paths: dict[int, str | None]


def _page_inputs(
    session: Session, notebook_id: int, page_ids: Sequence[int] | None
) -> tuple[list[PageInput], dict[int, str | None]]:
    rows = session.scalars(
        select(NotebookPage)
        .where(NotebookPage.notebook_id == notebook_id)
        .order_by(NotebookPage.position)
    ).all()
    if page_ids is not None:
        known = {row.id for row in rows}
        for page_id in page_ids:
            if page_id not in known:
                raise NotFoundError(f"Notebook {notebook_id} has no page with id {page_id}.")
        wanted = set(page_ids)
        rows = [row for row in rows if row.id in wanted]
    inputs = [
        PageInput(row.id, row.position, row.effective_text, row.image_digest, row.excluded)
        for row in rows
    ]
    return inputs, {row.id: row.image_path for row in rows}


def _auto_tag_preference(session: Session, detector_id: str, auto_tag: bool | None) -> bool:
    pref = session.get(DetectorPreference, detector_id)
    if auto_tag is None:
        return bool(pref is not None and pref.auto_tag)
    if pref is None:
        session.add(DetectorPreference(detector_id=detector_id, auto_tag=auto_tag))
    elif pref.auto_tag != auto_tag:
        pref.auto_tag = auto_tag
    return auto_tag


def set_auto_tag(db: Database, detector_id: str, enabled: bool) -> OpResult[bool]:
    """Remember whether runs of this detector tag their findings' pages."""
    get_definition(db, detector_id)  # unknown ids are refused
    with db.session() as session:
        _auto_tag_preference(session, detector_id, enabled)
    return OpResult(enabled, Changes(detectors=frozenset({detector_id})))


def get_auto_tag(db: Database, detector_id: str) -> bool:
    with db.session(readonly=True) as session:
        return _auto_tag_preference(session, detector_id, None)


def _model_for(
    route: Route | None, text: ModelIdentity | None, vision: VisionRuntime | None
) -> ModelIdentity | None:
    if route == "vision":
        return vision.identity if vision is not None else None
    return text


def _plan(
    db: Database,
    notebook_id: int,
    definition: DetectorDefinition,
    *,
    page_ids: Sequence[int] | None,
    text_model: ModelIdentity | None,
    vision: VisionRuntime | None,
    auto_tag: bool | None,
) -> _Plan:
    with db.session(readonly=auto_tag is None) as session:
        require_notebook(session, notebook_id)
        scope, images = _page_inputs(session, notebook_id, page_ids)
        remembered = _auto_tag_preference(session, definition.detector_id, auto_tag)
    route = choose_route(
        definition, scope, text_model=text_model is not None, vision_model=vision is not None
    )
    candidates, warnings = select_candidates(scope, use_images=route == "vision")
    identity: str | None = None
    if route is not None:
        model = None if definition.engine != "prompt" else _model_for(route, text_model, vision)
        try:
            identity = run_identity(definition, route, model, scope)
        except NerUnavailable:
            identity = None
    return _Plan(
        notebook_id=notebook_id,
        definition=definition,
        scope=tuple(scope),
        page_ids=tuple(page_ids) if page_ids is not None else None,
        route=route,
        candidates=tuple(candidates),
        warnings=tuple(warnings),
        identity=identity,
        auto_tag=remembered,
        image_paths=images,
    )


# --------------------------------------------------------------------------- detect


@dataclass
class _Detected:
    raws: list[RawDetection] = field(default_factory=list)
    warnings: list[DetectorWarning] = field(default_factory=list)
    windows_scanned: int = 0
    windows_failed: int = 0
    windows_total: int = 0
    page_counts: list[dict[str, int]] | None = None
    windows_reused: int = 0


@dataclass(frozen=True)
class _Window:
    """One window of a prompt detector, planned before the first is read."""

    number: int
    positions: list[int]
    pages: list[PageInput]
    skip: str | None
    """Why structure rules it out (it is not sent to the model), or None."""
    prompt: Prompt | None
    key: str | None
    """Its checkpoint key (None: the run keeps no checkpoints)."""
    kept: str | None
    """The reply an earlier attempt kept for it, or None."""

    @property
    def to_read(self) -> bool:
        """True when the model still has to read it."""
        return self.prompt is not None and self.kept is None

    @property
    def prompt_chars(self) -> int:
        return 0 if self.prompt is None else len(self.prompt.system) + len(self.prompt.user)


@dataclass(frozen=True)
class _Resume:
    """Where a run keeps the windows it finishes, and how a window's key is made."""

    kept: checkpoints.Checkpoints
    model: ModelIdentity


def _plan_windows(
    plan: _Plan, structure: Structure | None, resume: _Resume | None
) -> list[_Window]:
    """Every window in order: skipped by structure, or its request and checkpoint key,
    with the reply an earlier attempt kept for it."""
    definition = plan.definition
    candidates = list(plan.candidates)
    route = plan.route or "text"
    key_prompt = prompt_key(definition, plan.route) if resume is not None else ""
    planned: list[_Window] = []
    for number, positions in enumerate(windows_for(definition, candidates), start=1):
        pages = [candidates[p] for p in positions]
        skip = window_skip_reason(definition, structure, positions) if structure else None
        prompt = None if skip is not None else build_window_prompt(definition, pages, route=route)
        key = kept = None
        if prompt is not None and resume is not None:
            key = window_key(
                definition=definition,
                prompt_key=key_prompt,
                model_digest=resume.model.digest,
                generation=resume.model.generation(),
                prompt=prompt,
                pages=pages,
            )
            kept = resume.kept.load(key)
        planned.append(_Window(number, positions, pages, skip, prompt, key, kept))
    return planned


def _window_cost(prompt: Prompt, seconds: float, stats: GenerationStats | None) -> WindowCost:
    chars = len(prompt.system) + len(prompt.user)
    if stats is None or stats.finish_reason in ("error", "cancelled"):
        return WindowCost(seconds, chars)
    return WindowCost(
        seconds,
        chars,
        prompt_tokens=stats.prompt_tokens,
        prompt_seconds=stats.prompt_seconds,
        reply_tokens=stats.generated_tokens,
    )


def _run_windows(
    plan: _Plan,
    complete: Callable[[Prompt, Sequence[PageInput]], str],
    check_cancelled: Callable[[], None],
    report: ProgressFn,
    *,
    resume: _Resume | None = None,
    last_stats: Callable[[], GenerationStats | None] = lambda: None,
    prefetch: Callable[[list[Prompt]], None] | None = None,
) -> _Detected:
    """Every window of a prompt detector, in order (runs on the model's thread).

    With ``resume``, a window an earlier attempt finished is read from its checkpoint
    instead of the model, and every window the model reads is kept as it finishes.
    Progress carries the time left, estimated from the windows the model read in this
    run (``app.domain.time_left``), and how many windows were already read.
    ``prefetch`` (a model server's) is first given the prompts of every window the model
    will read, so that the server can answer several at once; replies are still read,
    parsed, kept and reported in window order."""
    definition = plan.definition
    candidates = list(plan.candidates)
    route = plan.route or "text"
    structure = structure_of(definition, candidates, route)
    planned = _plan_windows(plan, structure, resume)
    total = len(planned)
    out = _Detected(windows_total=total)
    if structure is not None:
        out.raws.extend(structure_raws(structure))
    reused = sum(window.kept is not None for window in planned)
    costs: list[WindowCost] = []

    def progress(done: int) -> None:
        left = [w.prompt_chars for w in planned[done:] if w.to_read]
        report(Progress(done, total, seconds_left=seconds_left(costs, left), reused=reused))

    progress(0)
    if prefetch is not None:
        prefetch([w.prompt for w in planned if w.to_read and w.prompt is not None])
    for window in planned:
        number, positions, pages = window.number, window.positions, window.pages
        check_cancelled()
        if window.skip is not None or window.prompt is None:
            out.warnings.append(
                DetectorWarning(
                    SKIP_BY_STRUCTURE,
                    f"Window {number} (pages {_orders(pages)}) was not sent to the model: "
                    f"{window.skip}.",
                )
            )
            progress(number)
            continue
        reply: str | None = window.kept
        if reply is not None:
            out.windows_reused += 1
        else:
            started = time.perf_counter()
            try:
                reply = complete(window.prompt, pages)
            except Cancelled:
                raise
            except Exception as exc:  # the model is untrusted and may fail in any way
                log.warning("window %s of %s failed: %s", number, definition.detector_id, exc)
                out.windows_failed += 1
                out.warnings.append(
                    DetectorWarning(
                        WINDOW_FAILED,
                        f"Window {number} (pages {_orders(pages)}) failed: "
                        f"{str(exc) or type(exc).__name__}",
                    )
                )
            else:
                costs.append(
                    _window_cost(window.prompt, time.perf_counter() - started, last_stats())
                )
                if resume is not None and window.key is not None:
                    resume.kept.keep(window.key, reply)
        if reply is not None:
            out.windows_scanned += 1
            parsed = parse_window_reply(reply, definition)
            if parsed is None:
                out.warnings.append(
                    DetectorWarning(
                        ABSTAIN_UNPARSEABLE,
                        f"The reply for window {number} (pages {_orders(pages)}) "
                        "could not be read; that window found nothing.",
                    )
                )
            else:
                raw = raw_from_reply(definition, parsed, positions, pages, len(candidates))
                if raw is not None and route == "text":
                    raw = confirm_model_raw(raw, structure, pages, positions, len(candidates))
                    if raw is None:
                        out.warnings.append(
                            DetectorWarning(
                                NO_EVIDENCE,
                                f"The model's finding in window {number} (pages "
                                f"{_orders(pages)}) quoted nothing found "
                                + ("on a candidate line" if structure else "on its pages")
                                + "; it was not published.",
                            )
                        )
                if raw is not None:
                    out.raws.append(raw)
        progress(number)
    return out


def _orders(pages: Sequence[PageInput]) -> str:
    numbers = [str(p.order + 1) for p in pages]
    return numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


SKIP_OTHER_LANGUAGE: Final = "skip_other_language"


def _english_pages(
    pages: Sequence[PageInput], out: _Detected, *, whole_if_english: bool = False
) -> list[str | None]:
    """What the English-only detectors (counters, names) read of each page: its text,
    without the paragraphs surely written in another language, or ``None`` for a page
    surely written in another language throughout.  A ``skip_other_language`` warning
    for each page skipped whole or in part.  ``whole_if_english``: a page not surely in
    another language as a whole is read whole (the counters)."""
    read: list[str | None] = []
    for page in pages:
        part = english_part(page.text or "", whole_if_english=whole_if_english)
        if part is None:
            code = skipped_language(page.text or "")
            why = f"Page {page.order + 1} was skipped: {skip_reason(code)}."
        elif part.skipped:
            why = f"Page {page.order + 1} was read in part: {part_skip_reason(part.skipped)}."
        else:
            why = ""
        if why:
            out.warnings.append(DetectorWarning(SKIP_OTHER_LANGUAGE, why))
        read.append(None if part is None else part.text)
    return read


def _run_lexical(plan: _Plan, report: ProgressFn) -> _Detected:
    definition = plan.definition
    out = _Detected(page_counts=[], windows_total=len(plan.candidates))
    report(Progress(0, len(plan.candidates)))
    texts = _english_pages(plan.candidates, out, whole_if_english=True)
    for position, (page, text) in enumerate(zip(plan.candidates, texts, strict=True)):
        if text is None:
            report(Progress(position + 1, len(plan.candidates)))
            continue
        counted: LexicalCount = lexical_count(definition, text)
        assert out.page_counts is not None
        out.page_counts.append({"page_id": page.page_id, "count": counted.count})
        raw = lexical_page_finding(definition, counted, position=position, page_id=page.page_id)
        if raw is not None:
            out.raws.append(raw)
        out.windows_scanned += 1
        report(Progress(position + 1, len(plan.candidates)))
    return out


def _run_names(plan: _Plan, report: ProgressFn) -> _Detected:
    """People per page: spaCy PERSON mentions grouped by the domain into findings; pages
    in another language than English are skipped with a warning, and so are a page's
    paragraphs in another language."""
    out = _Detected(windows_total=len(plan.candidates))
    total = len(plan.candidates)
    report(Progress(0, total))
    texts = _english_pages(plan.candidates, out)
    found = find_people_in_pages(
        [text or "" for text in texts], lambda i: report(Progress(i + 1, total))
    )
    for position, (page, page_mentions) in enumerate(zip(plan.candidates, found, strict=True)):
        mentions = [PersonMention(m.start, m.end, m.text, m.title) for m in page_mentions]
        out.raws.extend(
            people_findings(
                position, page.page_id, mentions, finding_type=plan.definition.finding_type
            )
        )
    out.windows_scanned = sum(text is not None for text in texts)
    return out


# --------------------------------------------------------------------------- store


def _refresh_identity(session: Session, plan: _Plan, model: ModelIdentity | None) -> str | None:
    """The identity the run would have now (None when it cannot be computed)."""
    scope, _ = _page_inputs(session, plan.notebook_id, plan.page_ids)
    try:
        return run_identity(plan.definition, plan.route, model, scope)
    except (NerUnavailable, NotFoundError):
        return None


def _publish(
    session: Session,
    run: DetectionRun,
    plan: _Plan,
    detected: _Detected,
    final: list[RawDetection],
    model: ModelIdentity | None,
) -> tuple[list[int], set[int], set[str]]:
    """Replace the published result with this run's; returns finding ids, tagged pages
    and tags (auto-tag)."""
    definition = plan.definition
    previous = session.scalars(
        published_findings_query(plan.notebook_id, definition.detector_id)
    ).all()
    carried: dict[tuple[str, int, int, str], Finding] = {}
    for old in previous:
        key = review_rules.carry_forward_key(
            old.finding_type, old.start_page_id, old.end_page_id, old.detector_data
        )
        carried.setdefault(key, old)
    session.execute(
        update(DetectionRun)
        .where(
            DetectionRun.notebook_id == plan.notebook_id,
            DetectionRun.detector_id == definition.detector_id,
            DetectionRun.published.is_(True),
        )
        .values(published=False)
    )
    session.flush()
    run.published = True

    candidates = list(plan.candidates)
    ref = definition.prompt_ref
    prompt_id = prompt_key(definition, plan.route) if ref is None else None
    if ref is not None:
        prompt_id = vision_twin(ref.prompt_id) if plan.route == "vision" else ref.prompt_id
    fingerprint_of = {p.page_id: text_digest(p.text) for p in candidates}
    ids: list[int] = []
    tagged: set[int] = set()
    tags: set[str] = set()
    for raw in final:
        pages = [candidates[i].page_id for i in raw.pages]
        row = finding_row(
            raw,
            run_id=run.id,
            notebook_id=plan.notebook_id,
            definition=definition,
            pages=pages,
            page_digests=fingerprint_of,
            prompt_id=prompt_id,
            prompt_version=ref.version if ref is not None else definition.version,
            model_digest=model.digest if model is not None else None,
        )
        session.add(row)
        session.flush()
        decisions: dict[int, ReviewStatus] = {}
        old = carried.get(
            review_rules.carry_forward_key(raw.finding_type, pages[0], pages[-1], raw.data)
        )
        inherited = (
            review_rules.carry_forward(
                old.review_status, {r.page_id: r.decision for r in old.page_reviews}, pages
            )
            if old is not None
            else None
        )
        if inherited is not None:
            row.review_status, decisions = inherited
            session.add_all(
                FindingPageReview(finding_id=row.id, page_id=page_id, decision=decision)
                for page_id, decision in decisions.items()
            )
        ids.append(row.id)
        slug, label = row.tag_slug, row.tag_label or ""
        if plan.auto_tag and row.review_status != ReviewStatus.REJECTED and slug:
            targets = review_rules.pages_to_tag(pages, row.review_status, decisions)
            changed = union_tag(session, targets, slug, label)
            if changed:
                tagged |= changed
                tags.add(slug)
    session.flush()
    return ids, tagged, tags


def _finish_run(
    db: Database,
    run_id: int,
    plan: _Plan,
    detected: _Detected,
    model: ModelIdentity | None,
    *,
    wait: float | None = None,
) -> OpResult[RunInfo]:
    """End the attempt with what ``detected`` found and publish it (see ``store_run``).
    An attempt already ended (a kept result published by another process) is left as
    it is; a deleted one (its notebook was deleted) is ``NotFoundError``."""
    definition = plan.definition
    final = aggregate(definition, detected.raws)
    with db.session(wait=wait) as session:
        run = session.get(DetectionRun, run_id)
        if run is None:
            raise NotFoundError(f"The run {run_id} no longer exists.")
        if run.attempt_state not in (AttemptState.RUNNING, AttemptState.INTERRUPTED):
            return OpResult(RunInfo.of(run))
        run.message = None  # an older Inkling may have taken it for interrupted
        run.warnings = [w.to_json() for w in (*plan.warnings, *detected.warnings)]
        run.pages_scanned = len(plan.candidates)
        run.windows_scanned = detected.windows_scanned
        run.windows_total = detected.windows_total
        run.windows_failed = detected.windows_failed
        run.windows_reused = detected.windows_reused
        run.partial = detected.windows_failed > 0
        run.page_counts = detected.page_counts
        run.finished_at = clock.utcnow()
        all_failed = (
            detected.windows_total > 0 and detected.windows_failed == detected.windows_total
        )
        if all_failed and not final:
            run.attempt_state = AttemptState.FAILED
            run.outcome = RunOutcome.FAILED
            run.message = "Every window failed; the published result is unchanged."
            return OpResult(RunInfo.of(run), Changes(detectors=frozenset({definition.detector_id})))
        run.attempt_state = AttemptState.SUCCEEDED
        run.outcome = RunOutcome.SUCCESS if plan.candidates else RunOutcome.INSUFFICIENT_DATA
        if not plan.candidates:
            run.message = "No page has text to read."
        if _refresh_identity(session, plan, model) != plan.identity:
            run.stale_at_publish = True
            run.message = "The pages changed while the detector ran; nothing was published."
            session.flush()
            return OpResult(RunInfo.of(run), Changes(detectors=frozenset({definition.detector_id})))
        ids, tagged, tags = _publish(session, run, plan, detected, final, model)
        session.flush()
        findings = [
            FindingInfo.of(row)
            for row in session.scalars(
                published_findings_query(plan.notebook_id, definition.detector_id)
            )
        ]
        order = {p.page_id: p.order for p in plan.scope}
        findings.sort(key=lambda f: (order.get(f.start_page, 0), order.get(f.end_page, 0), f.id))
        view = RunInfo.of(run, findings)
    # published: the windows kept for a run started again are no longer needed
    checkpoints.forget_detector(data_folder(db), plan.notebook_id, definition.detector_id)
    return OpResult(
        view,
        Changes(
            notebooks=frozenset({plan.notebook_id}),
            findings=frozenset(ids),
            pages=frozenset(tagged),
            tags=frozenset(tags),
            detectors=frozenset({definition.detector_id}),
        ),
    )


def _published(session: Session, notebook_id: int, detector_id: str) -> DetectionRun | None:
    return session.scalar(
        select(DetectionRun).where(
            DetectionRun.notebook_id == notebook_id,
            DetectionRun.detector_id == detector_id,
            DetectionRun.published.is_(True),
        )
    )


def published_run(db: Database, notebook_id: int, detector_id: str) -> RunInfo | None:
    """The published result of a detector over a notebook, with its findings."""
    with db.session(readonly=True) as session:
        require_notebook(session, notebook_id)
        run = _published(session, notebook_id, detector_id)
        if run is None:
            return None
        return _published_view(session, run, cache_hit=False)


def _published_view(session: Session, run: DetectionRun, *, cache_hit: bool) -> RunInfo:
    order = dict(
        session.execute(
            select(NotebookPage.id, NotebookPage.position).where(
                NotebookPage.notebook_id == run.notebook_id
            )
        )
        .tuples()
        .all()
    )
    findings = [
        FindingInfo.of(row)
        for row in session.scalars(published_findings_query(run.notebook_id, run.detector_id))
    ]
    findings.sort(key=lambda f: (order.get(f.start_page, 0), order.get(f.end_page, 0), f.id))
    return RunInfo.of(run, findings, cache_hit=cache_hit)


def _run_row(plan: _Plan, **fields: Any) -> DetectionRun:
    """A new run row for ``plan``: its notebook, detector, definition, route and warnings,
    with ``fields`` (state, outcome...)."""
    definition = plan.definition
    return DetectionRun(
        notebook_id=plan.notebook_id,
        detector_id=definition.detector_id,
        detector_version=definition.version,
        definition=definition.to_json(),
        route=plan.route,
        warnings=[w.to_json() for w in plan.warnings],
        **fields,
    )


def _skipped(db: Database, plan: _Plan, capability: Capability, message: str) -> OpResult[RunInfo]:
    """Record a run that could not apply (no model, no spaCy): nothing published."""
    definition = plan.definition
    with db.session() as session:
        run = _run_row(
            plan,
            attempt_state=AttemptState.SUCCEEDED,
            outcome=RunOutcome.SKIPPED_NOT_APPLICABLE,
            capability=capability,
            message=message,
            finished_at=clock.utcnow(),
        )
        session.add(run)
        session.flush()
        view = RunInfo.of(run)
    return OpResult(view, Changes(detectors=frozenset({definition.detector_id})))


# --------------------------------------------------------------------------- the use case


@dataclass(frozen=True)
class RunPlan:
    """A run ready for its model phase: what :func:`prepare_run` read, frozen, and the
    id of its attempt (committed as ``running``)."""

    run_id: int
    plan: _Plan
    model: ModelIdentity | None
    """The model the run uses (None for detectors that need none)."""
    images: dict[int, Path | None]
    """Each page's image file (the vision route reads them)."""
    lease: run_owner.RunLease | None = field(default=None, compare=False, repr=False)
    """This process's hold on the attempt (released when the attempt ends)."""
    root: Path | None = None
    """The data folder (where the run keeps its finished windows); None: it keeps none."""


@dataclass(frozen=True)
class RunDetection:
    """What :func:`detect_run` found, for :func:`store_run`."""

    prepared: RunPlan
    detected: _Detected | None
    """None when the model phase stopped early (see ``stopped``)."""
    stopped: Literal["cancelled", "unavailable_extra"] | None = None
    message: str = ""


def prepare_run(
    db: Database,
    notebook_id: int,
    detector_id: str,
    *,
    text_model: ModelIdentity | None,
    vision: VisionRuntime | None = None,
    force: bool = False,
    auto_tag: bool | None = None,
    page_ids: Sequence[int] | None = None,
) -> RunPlan | OpResult[RunInfo]:
    """Phase 1 (database): plan the run and commit its attempt; or, when nothing needs
    to run (no model for it, no spaCy, the published result is current), the finished
    result.  ``text_model`` describes the text model (None: there is none)."""
    definition = get_definition(db, detector_id)
    plan = _plan(
        db,
        notebook_id,
        definition,
        page_ids=page_ids,
        text_model=text_model,
        vision=vision,
        auto_tag=auto_tag,
    )
    if plan.route is None:
        return _skipped(
            db,
            plan,
            Capability.UNAVAILABLE_MODEL,
            f"{definition.title} needs a "
            + ("vision model" if definition.input_mode == "vision" else "language model")
            + ", and none is configured.",
        )
    if definition.engine == "ner_people" and plan.identity is None:
        try:
            ner_model_id()
            message = "spaCy is not available."
        except NerUnavailable as exc:
            message = str(exc)
        return _skipped(db, plan, Capability.UNAVAILABLE_EXTRA, message)

    used_model = (
        _model_for(plan.route, text_model, vision) if definition.engine == "prompt" else None
    )
    if not force:
        with db.session(readonly=True) as session:
            published = _published(session, notebook_id, definition.detector_id)
            if (
                published is not None
                and published.cache_identity == plan.identity
                and published.detector_version == definition.version
            ):
                return OpResult(_published_view(session, published, cache_hit=True))

    root = data_folder(db)
    run_id, lease = _start_attempt(db, plan, used_model, root)
    images = {
        page_id: (root / path) if path else None for page_id, path in plan.image_paths.items()
    }
    return RunPlan(run_id, plan, used_model, images, lease, root)


def _start_attempt(
    db: Database, plan: _Plan, used_model: ModelIdentity | None, root: Path
) -> tuple[int, run_owner.RunLease]:
    """Commit the attempt as ``running`` with its lock already held, so that no other
    process ever sees it running without an owner."""
    definition = plan.definition
    run = _run_row(
        plan,
        attempt_state=AttemptState.RUNNING,
        cache_identity=plan.identity,
        model_name=used_model.name if used_model else None,
        model_digest=used_model.digest if used_model else None,
        prompt_id=(definition.prompt_ref.prompt_id if definition.prompt_ref else None),
        prompt_version=definition.prompt_ref.version if definition.prompt_ref else None,
    )
    if definition.prompt_ref is not None and plan.route == "vision":
        run.prompt_id = vision_twin(definition.prompt_ref.prompt_id)
    elif definition.prompt_ref is None:
        run.prompt_id = prompt_key(definition, plan.route)
    lease: run_owner.RunLease | None = None
    try:
        with db.session() as session:  # the attempt, committed before any work starts
            session.add(run)
            session.flush()
            run_id = run.id
            try:
                lease = run_owner.take(root, run_id)
            except OSError as exc:
                raise StoreError(
                    f"The folder {root} cannot hold a run's lock file ({exc.strerror})."
                ) from None
    except BaseException:
        if lease is not None:
            lease.release()
        raise
    return run_id, lease


def detect_run(
    prepared: RunPlan,
    worker: ModelWorker[StreamingModel] | None,
    vision: VisionRuntime | None = None,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
    replies: dict[str, str] | None = None,
) -> RunDetection:
    """Phase 2 (no database): read the pages; prompt detectors on the model's worker
    thread.  A cancelled ``cancel`` (or job) stops between windows.  Ctrl-C cancels the
    model's job, waits for it to stop, and re-raises.  ``replies`` holds replies already
    read for some windows' requests (by :func:`request_key`; each is used once, in place
    of a model call)."""
    report = on_progress or (lambda _progress: None)
    try:
        detected = _detect(prepared, worker, vision, report, cancel, replies)
    except Cancelled:
        return RunDetection(prepared, None, "cancelled")
    except NerUnavailable as exc:
        return RunDetection(prepared, None, "unavailable_extra", str(exc))
    return RunDetection(prepared, detected)


class ResultKeptError(StoreError):
    """Publishing waited in vain for another process: the result was kept for later."""


def store_run(db: Database, detection: RunDetection) -> OpResult[RunInfo]:
    """Phase 3 (database): end the attempt, and publish its findings when the pages are
    still what the model read.

    While another process writes, this waits (see :mod:`app.store.contention`).  If the
    wait runs out, a finished result is kept in a pending file and
    :class:`ResultKeptError` says so; the next :func:`reconcile_interrupted` publishes it.
    """
    prepared = detection.prepared
    try:
        return _store(db, detection)
    except DatabaseBusyError as exc:
        if detection.detected is None:
            raise  # nothing was found to keep: the attempt ends as interrupted later
        _keep_pending(data_folder(db), detection)
        raise ResultKeptError(
            f"Another Inkling was still writing to {db.path} after {exc.waited:.0f} seconds, "
            "so the run's result was kept and will be published the next time Inkling "
            "opens this data folder."
        ) from None
    finally:
        if prepared.lease is not None:
            prepared.lease.release()  # after the pending file: see reconcile_interrupted


def _store(db: Database, detection: RunDetection) -> OpResult[RunInfo]:
    prepared = detection.prepared
    detector_id = prepared.plan.definition.detector_id
    if detection.detected is None:
        if detection.stopped == "unavailable_extra":
            _end_attempt(
                db,
                prepared.run_id,
                AttemptState.SUCCEEDED,
                detection.message,
                outcome=RunOutcome.SKIPPED_NOT_APPLICABLE,
                capability=Capability.UNAVAILABLE_EXTRA,
            )
        else:
            _end_attempt(
                db,
                prepared.run_id,
                AttemptState.CANCELLED,
                "The run was cancelled; nothing was published.",
            )
        with db.session(readonly=True) as session:
            row = session.get(DetectionRun, prepared.run_id)
            assert row is not None
            return OpResult(RunInfo.of(row), Changes(detectors=frozenset({detector_id})))
    return _finish_run(db, prepared.run_id, prepared.plan, detection.detected, prepared.model)


def abandon_run(db: Database, prepared: RunPlan, error: BaseException) -> None:
    """End an attempt whose model phase raised ``error``: ``cancelled`` for Ctrl-C, else
    ``failed``; nothing is published."""
    interrupted = isinstance(error, KeyboardInterrupt)
    try:
        _end_attempt(
            db,
            prepared.run_id,
            AttemptState.CANCELLED if interrupted else AttemptState.FAILED,
            str(error) or type(error).__name__,
            outcome=None if interrupted else RunOutcome.FAILED,
        )
    except DatabaseBusyError:  # the attempt is marked interrupted once its owner is gone
        log.warning("could not end attempt %s: the database stayed busy", prepared.run_id)
    finally:
        if prepared.lease is not None:
            prepared.lease.release()


def run_detector(
    db: Database,
    worker: ModelWorker[StreamingModel] | None,
    notebook_id: int,
    detector_id: str,
    *,
    model: ModelIdentity | None = None,
    force: bool = False,
    auto_tag: bool | None = None,
    page_ids: Sequence[int] | None = None,
    vision: VisionRuntime | None = None,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> OpResult[RunInfo]:
    """Run one detector over a notebook (or the given pages of it): the three phases in
    turn; see the module doc.

    ``worker`` runs prompt detectors on the text route (``model`` describes its model
    for the cache identity); ``vision`` enables the vision route.  ``auto_tag`` True or
    False is remembered for the detector; None uses the remembered choice.  Cancelling
    ``cancel`` (or the worker's job) stops between windows: the attempt ends
    ``cancelled`` and the published result is untouched.  Ctrl-C does the same and
    re-raises.
    """
    prepared = prepare_run(
        db,
        notebook_id,
        detector_id,
        text_model=text_model_identity(worker, model),
        vision=vision,
        force=force,
        auto_tag=auto_tag,
        page_ids=page_ids,
    )
    if isinstance(prepared, OpResult):
        return prepared
    try:
        detection = detect_run(prepared, worker, vision, on_progress=on_progress, cancel=cancel)
    except BaseException as exc:
        abandon_run(db, prepared, exc)
        raise
    return store_run(db, detection)


def text_model_identity(
    worker: ModelWorker[Any] | None, model: ModelIdentity | None
) -> ModelIdentity | None:
    """What a run knows of its text model: ``model``, an "unknown" one for a worker that
    came without a description, or None without a worker."""
    if worker is None:
        return None
    return model if model is not None else ModelIdentity(UNKNOWN_MODEL, UNKNOWN_MODEL, 0, 0)


def _end_attempt(
    db: Database,
    run_id: int,
    state: AttemptState,
    message: str,
    *,
    outcome: RunOutcome | None = None,
    capability: Capability | None = None,
) -> None:
    with db.session() as session:
        row = session.get(DetectionRun, run_id)
        if row is None:
            return
        row.attempt_state = state
        row.outcome = outcome
        row.capability = capability
        row.message = message
        row.finished_at = clock.utcnow()


def request_key(prompt: Prompt) -> str:
    """What identifies a window request: its system and user text and reply schema."""
    return json.dumps(
        [prompt.system, prompt.user, prompt.json_schema, prompt.max_tokens],
        sort_keys=True,
        ensure_ascii=False,
    )


def _detect(
    prepared: RunPlan,
    worker: ModelWorker[StreamingModel] | None,
    vision: VisionRuntime | None,
    report: ProgressFn,
    cancel: CancelToken | None,
    replies: dict[str, str] | None = None,
) -> _Detected:
    plan = prepared.plan
    engine = plan.definition.engine
    if engine == "lexical_count":
        return _run_lexical(plan, report)
    if engine == "ner_people":
        return _run_names(plan, report)
    if not plan.candidates:
        return _Detected()

    def cancelled(ctx: JobContext[Any]) -> Callable[[], None]:
        def check() -> None:
            if cancel is not None:
                cancel.raise_if_cancelled()
            ctx.check_cancelled()

        return check

    resume = _resume_for(prepared)
    if plan.route == "vision":
        assert vision is not None
        images = prepared.images

        def vision_job(ctx: JobContext[VisionModel]) -> _Detected:
            def complete(prompt: Prompt, pages: Sequence[PageInput]) -> str:
                return ctx.model.complete_with_images(prompt, _read_images(pages, images))

            return _run_windows(plan, complete, cancelled(ctx), ctx.report_progress, resume=resume)

        return vision.worker.submit(vision_job, on_progress=report).wait()

    assert worker is not None

    def text_job(ctx: JobContext[StreamingModel]) -> _Detected:
        def complete(prompt: Prompt, pages: Sequence[PageInput]) -> str:
            if replies:  # read already, window-major (app.services.notebooks.batch)
                known = replies.pop(request_key(prompt), None)
                if known is not None:
                    return known
            return ctx.model.complete(prompt)

        def last_stats() -> GenerationStats | None:
            return ctx.model.last_stats

        model = ctx.model
        prefetching = model if isinstance(model, PrefetchingModel) else None
        try:
            return _run_windows(
                plan,
                complete,
                cancelled(ctx),
                ctx.report_progress,
                resume=resume,
                last_stats=last_stats,
                prefetch=prefetching.prefetch if prefetching is not None else None,
            )
        finally:
            if prefetching is not None:
                prefetching.prefetch([])  # nothing left running for this run

    return worker.submit(text_job, on_progress=report).wait()


def _resume_for(prepared: RunPlan) -> _Resume | None:
    """Where the run keeps its finished windows: None without a data folder, or for a
    model that came without a description (nothing would tell it from another)."""
    model = prepared.model
    if prepared.root is None or model is None or model.digest == UNKNOWN_MODEL:
        return None
    plan = prepared.plan
    kept = checkpoints.for_detector(prepared.root, plan.notebook_id, plan.definition.detector_id)
    return _Resume(kept, model)


def _read_images(pages: Sequence[PageInput], images: dict[int, Path | None]) -> list[bytes]:
    out: list[bytes] = []
    for page in pages:
        path = images.get(page.page_id)
        if path is None:
            raise ValueError(f"page {page.order + 1} has no image")
        out.append(path.read_bytes())
    return out


# --------------------------------------------------------------------------- lifecycle


def reconcile_interrupted(db: Database, *, wait: float = 0) -> list[int]:
    """Publish the results kept in pending files, then mark ``interrupted`` the attempts
    left ``running`` whose owner process is gone (a crash, a kill); returns their ids.

    A run that another live process (the window, a command) is running is never touched.
    The write lock is taken only when something is to be written, and waited for at most
    ``wait`` seconds: when another process keeps it, this is left for a later open.
    Call it when the app opens the database; calling it again is harmless.
    """
    if db.damage is not None:
        return []  # opened read-only: nothing can be marked or published
    root = data_folder(db)
    publish_pending(db, wait=wait)
    with db.session(readonly=True) as session:
        running = list(
            session.scalars(
                select(DetectionRun.id).where(DetectionRun.attempt_state == AttemptState.RUNNING)
            )
        )
    # The owner writes its pending file before letting go of its lock: checked in this
    # order, a run whose result waits to be published is never taken for interrupted.
    gone = [
        run_id
        for run_id in running
        if not run_owner.owner_alive(root, run_id) and not _pending_path(root, run_id).exists()
    ]
    if not gone:
        return []
    try:
        with db.session(wait=wait) as session:
            ids = list(
                session.scalars(
                    select(DetectionRun.id).where(
                        DetectionRun.id.in_(gone),
                        DetectionRun.attempt_state == AttemptState.RUNNING,
                    )
                )
            )
            session.execute(
                update(DetectionRun)
                .where(DetectionRun.id.in_(ids))
                .values(
                    attempt_state=AttemptState.INTERRUPTED,
                    finished_at=clock.utcnow(),
                    message="Inkling stopped while this run was going; nothing was published.",
                )
            )
    except DatabaseBusyError:
        log.info("another process is writing; interrupted runs are marked later")
        return []
    for run_id in gone:
        run_owner.forget(root, run_id)
    return ids


# --------------------------------------------------------------------------- pending results

PENDING_FOLDER: Final = "pending"


def _pending_path(root: Path, run_id: int) -> Path:
    return root / PENDING_FOLDER / f"run-{run_id}.json"


def _keep_pending(root: Path, detection: RunDetection) -> Path:
    """Write a finished run's result where the next open finds it (0600, atomically)."""
    prepared = detection.prepared
    assert detection.detected is not None
    plan, detected, model = prepared.plan, detection.detected, prepared.model
    doc = {
        "version": 1,
        "run_id": prepared.run_id,
        "model": None if model is None else asdict(model),
        "plan": {
            "notebook_id": plan.notebook_id,
            "definition": plan.definition.to_json(),
            "scope": [asdict(p) for p in plan.scope],
            "page_ids": None if plan.page_ids is None else list(plan.page_ids),
            "route": plan.route,
            "candidates": [asdict(p) for p in plan.candidates],
            "warnings": [w.to_json() for w in plan.warnings],
            "identity": plan.identity,
            "auto_tag": plan.auto_tag,
        },
        "detected": {
            "raws": [_raw_json(raw) for raw in detected.raws],
            "warnings": [w.to_json() for w in detected.warnings],
            "windows_scanned": detected.windows_scanned,
            "windows_failed": detected.windows_failed,
            "windows_total": detected.windows_total,
            "page_counts": detected.page_counts,
            "windows_reused": detected.windows_reused,
        },
    }
    path = _pending_path(root, prepared.run_id)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        json.dump(doc, file, ensure_ascii=False)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    return path


def _raw_json(raw: RawDetection) -> dict[str, Any]:
    return {
        "finding_type": raw.finding_type,
        "start": raw.start,
        "end": raw.end,
        "confidence": raw.confidence,
        "reason": raw.reason,
        "title": raw.title,
        "evidence": [e.to_json() for e in raw.evidence],
        "data": dict(raw.data),
        "by_structure": raw.by_structure,
    }


def _load_pending(path: Path) -> tuple[int, _Plan, _Detected, ModelIdentity | None]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    p, d = doc["plan"], doc["detected"]
    plan = _Plan(
        notebook_id=p["notebook_id"],
        definition=DetectorDefinition.from_json(p["definition"]),
        scope=tuple(PageInput(**page) for page in p["scope"]),
        page_ids=None if p["page_ids"] is None else tuple(p["page_ids"]),
        route=p["route"],
        candidates=tuple(PageInput(**page) for page in p["candidates"]),
        warnings=tuple(DetectorWarning(**w) for w in p["warnings"]),
        identity=p["identity"],
        auto_tag=p["auto_tag"],
        image_paths={},
    )
    detected = _Detected(
        raws=[
            RawDetection(**{**raw, "evidence": tuple(EvidenceAnchor(**e) for e in raw["evidence"])})
            for raw in d["raws"]
        ],
        warnings=[DetectorWarning(**w) for w in d["warnings"]],
        windows_scanned=d["windows_scanned"],
        windows_failed=d["windows_failed"],
        windows_total=d["windows_total"],
        page_counts=d["page_counts"],
        windows_reused=int(d.get("windows_reused", 0)),
    )
    model = None if doc["model"] is None else ModelIdentity(**doc["model"])
    return int(doc["run_id"]), plan, detected, model


def publish_pending(db: Database, *, wait: float | None = None) -> list[int]:
    """Publish every result a process kept because the database stayed busy (see
    :func:`store_run`); returns the ids of the attempts that ended.  Waits at most
    ``wait`` seconds (None: the usual limit) for the write lock, else leaves the rest."""
    folder = data_folder(db) / PENDING_FOLDER
    ended: list[int] = []
    for path in sorted(folder.glob("run-*.json")):
        try:
            run_id, plan, detected, model = _load_pending(path)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            # set aside: its attempt is then marked interrupted like any other
            log.warning("a kept run result could not be read (%s): %s", path.name, exc)
            with contextlib.suppress(OSError):
                path.rename(path.with_name(path.name + ".unreadable"))
            continue
        try:
            _finish_run(db, run_id, plan, detected, model, wait=wait)
        except DatabaseBusyError:
            break
        except NotFoundError:
            pass
        except Exception:  # kept for the next open; opening goes on
            log.exception("a kept run result could not be published (%s)", path.name)
            continue
        else:
            ended.append(run_id)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return ended


def freshness(
    db: Database,
    notebook_id: int,
    detector_id: str,
    *,
    model: ModelIdentity | None = None,
    vision: VisionRuntime | None = None,
) -> str:
    """``missing`` (never published), ``stale`` (version or identity differs),
    ``unavailable`` (its model or spaCy is missing), or ``ok``."""
    definition = get_definition(db, detector_id)
    plan = _plan(
        db,
        notebook_id,
        definition,
        page_ids=None,
        text_model=model,
        vision=vision,
        auto_tag=None,
    )
    with db.session(readonly=True) as session:
        published = _published(session, notebook_id, detector_id)
        return domain_freshness(
            definition,
            published.cache_identity if published is not None else None,
            published.detector_version if published is not None else None,
            plan.identity,
            dependency_available=plan.route is not None and plan.identity is not None,
        )


def list_runs(db: Database, notebook_id: int, detector_id: str | None = None) -> list[RunInfo]:
    """Every attempt over a notebook, newest first (without findings)."""
    with db.session(readonly=True) as session:
        require_notebook(session, notebook_id)
        query = select(DetectionRun).where(DetectionRun.notebook_id == notebook_id)
        if detector_id is not None:
            query = query.where(DetectionRun.detector_id == detector_id)
        rows = session.scalars(query.order_by(DetectionRun.id.desc())).all()
        return [RunInfo.of(row) for row in rows]


def detector_freshness(
    db: Database,
    notebook_id: int,
    *,
    model: ModelIdentity | None = None,
    vision: VisionRuntime | None = None,
) -> dict[str, str]:
    """Freshness of every detector (built-in and custom) over a notebook, by id."""
    from app.services.notebooks.detectors import all_definitions

    return {
        d.detector_id: freshness(db, notebook_id, d.detector_id, model=model, vision=vision)
        for d in all_definitions(db)
    }
