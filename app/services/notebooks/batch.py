"""Several detectors over a notebook, each window read once (issue 17, item 2).

Version-2 window prompts (:mod:`app.domain.notebooks.prompts`) start with the system
text and the window's numbered pages, the same for every detector, and only then say
what to look for. Run one detector after another, every window is evaluated again for
each detector; run window-major (every detector's request for the windows starting at a
page, then the next page), llama.cpp keeps the pages in its KV cache from one request to
the next and evaluates only each detector's short task.

:func:`run_detectors` plans every detector's run as :func:`runs.run_detector` does
(each its own attempt, cache identity and published result), reads every model window
of every text-route prompt detector in one job on the model's thread in window-major
order, then finishes each run in turn with those replies (no second model call for
them). A window whose request failed is simply asked again in its own run, which
records the failure as usual.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.domain import Prompt, TextModel
from app.domain.notebooks.prechecks import structure_of, window_skip_reason
from app.domain.notebooks.prompts import build_window_prompt
from app.domain.notebooks.windows import windows_for
from app.domain.progress import Cancelled, CancelToken, Progress
from app.llm import JobContext, ModelWorker, StreamingModel
from app.services.changes import OpResult
from app.services.notebooks.runs import (
    ModelIdentity,
    RunDetection,
    RunInfo,
    RunPlan,
    VisionRuntime,
    abandon_run,
    detect_run,
    prepare_run,
    request_key,
    store_run,
    text_model_identity,
)
from app.store import Database

log = logging.getLogger(__name__)

READING: str = "windows"
"""The progress label of the shared reading (each run's own progress has its id)."""

DetectorProgress = Callable[[str, Progress], None]
"""Progress of :func:`run_detectors`: ``(detector id or READING, progress)``."""


@dataclass(frozen=True)
class WindowRequest:
    """One window a run sends to the text model."""

    run: int
    """The run's index in the batch."""
    positions: tuple[int, ...]
    prompt: Prompt


def window_requests(prepared: RunPlan, run: int = 0) -> list[WindowRequest]:
    """The requests a prepared run sends to the text model, in window order: every
    window of a text-route prompt detector that reading structure does not skip
    (the same choice :func:`runs.detect_run` makes)."""
    plan = prepared.plan
    definition = plan.definition
    if definition.engine != "prompt" or plan.route != "text" or not plan.candidates:
        return []
    candidates = list(plan.candidates)
    structure = structure_of(definition, candidates, "text")
    out: list[WindowRequest] = []
    for positions in windows_for(definition, candidates):
        if structure is not None and window_skip_reason(definition, structure, positions):
            continue
        pages = [candidates[p] for p in positions]
        out.append(WindowRequest(run, tuple(positions), build_window_prompt(definition, pages)))
    return out


def window_major(requests: Sequence[WindowRequest]) -> list[WindowRequest]:
    """``requests`` ordered by the window's first page, the longer window first (the
    shorter one's pages are a prefix of it), then by run: consecutive requests share
    the longest prompt prefix."""
    return sorted(requests, key=lambda r: (r.positions[0], -len(r.positions), r.run))


def read_windows(
    worker: ModelWorker[StreamingModel],
    requests: Sequence[WindowRequest],
    *,
    on_progress: Callable[[Progress], None] | None = None,
    cancel: CancelToken | None = None,
) -> dict[str, str]:
    """Every request's reply, by :func:`runs.request_key`, read in one job in
    window-major order. A request that fails is left out (its run asks again and
    records the failure). Raises ``Cancelled`` between requests when cancelled."""
    ordered = window_major(requests)

    def job(ctx: JobContext[TextModel]) -> dict[str, str]:
        replies: dict[str, str] = {}
        ctx.report_progress(Progress(0, len(ordered), READING))
        for done, request in enumerate(ordered, start=1):
            if cancel is not None:
                cancel.raise_if_cancelled()
            ctx.check_cancelled()
            try:
                replies[request_key(request.prompt)] = ctx.model.complete(request.prompt)
            except Cancelled:
                raise
            except Exception as exc:  # the model is untrusted: its run asks again
                log.info("a window request failed; its run asks again: %s", exc)
            ctx.report_progress(Progress(done, len(ordered), READING))
        return replies

    return worker.submit(job, on_progress=on_progress).wait()


def run_detectors(
    db: Database,
    worker: ModelWorker[StreamingModel] | None,
    notebook_id: int,
    detector_ids: Sequence[str],
    *,
    model: ModelIdentity | None = None,
    force: bool = False,
    auto_tag: bool | None = None,
    page_ids: Sequence[int] | None = None,
    vision: VisionRuntime | None = None,
    on_progress: DetectorProgress | None = None,
    cancel: CancelToken | None = None,
) -> list[OpResult[RunInfo]]:
    """Run ``detector_ids`` over a notebook, reading each window once for all of them
    (see the module doc); one result per detector, in the order given, each as
    :func:`runs.run_detector` would return it. Cancelling stops between windows: every
    run not finished ends ``cancelled`` and the published results are untouched."""
    report = on_progress or (lambda _id, _progress: None)
    results: dict[int, OpResult[RunInfo]] = {}
    pending: list[tuple[int, RunPlan]] = []
    try:
        for index, detector_id in enumerate(detector_ids):
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
                results[index] = prepared
            else:
                pending.append((index, prepared))
        requests = [r for index, p in pending for r in window_requests(p, index)]
        replies: dict[str, str] = {}
        stopped = False
        if worker is not None and len({r.run for r in requests}) > 1:
            try:
                replies = read_windows(
                    worker,
                    requests,
                    on_progress=lambda progress: report(READING, progress),
                    cancel=cancel,
                )
            except Cancelled:
                stopped = True
        while pending:
            index, prepared = pending[0]
            detector_id = prepared.plan.definition.detector_id
            detection = (
                RunDetection(prepared, None, "cancelled")
                if stopped
                else detect_run(
                    prepared,
                    worker,
                    vision,
                    on_progress=functools.partial(report, detector_id),
                    cancel=cancel,
                    replies=replies,
                )
            )
            pending.pop(0)
            results[index] = store_run(db, detection)
            stopped = stopped or detection.stopped == "cancelled"
    except BaseException as exc:
        for _index, prepared in pending:
            abandon_run(db, prepared, exc)
        raise
    if replies:
        log.warning("%d window replies read ahead were not used", len(replies))
    return [results[i] for i in range(len(detector_ids))]
