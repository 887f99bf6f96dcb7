"""``inkling detect``: read a journal entry, or run detectors over a notebook."""

from __future__ import annotations

import time
from typing import Any

from app.domain.journal.pipeline import ModelReply, Pipeline
from app.domain.notebooks.runs import AttemptState
from app.domain.progress import Progress
from app.domain.time_left import resumed_text
from app.services.errors import InvalidInputError
from app.services.journal import detection
from app.services.models.choice import choose_model
from app.services.notebooks import batch, detectors
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.models import text_model_or_none, vision_runtime
from app.services.settings import load_settings

from .common import (
    EXIT_ENVIRONMENT,
    EXIT_INTERRUPTED,
    Cli,
    Commands,
    Shape,
    add_pipeline,
    pipeline,
    window_progress,
)
from .completions import SUGGESTION
from .findings import FINDING


def cmd_detect_entry(cli: Cli) -> int:
    chosen = pipeline(cli)
    rules_only = chosen is Pipeline.RULES
    # The rules read without a model: none is loaded (the worker loads on first use).
    if rules_only:
        choose_model(cli.data, cli.args.model)
        worker, reader = None, "cue words"
    else:
        worker, reader = cli.start_journal_model()
    started = time.perf_counter()
    cli.note(f"Detecting completions in entry {cli.args.id} with {reader}…")
    try:
        reply = ModelReply(load_settings(cli.data).journal_model_reply)
        outcome = detection.detect_entry(
            cli.db, worker, cli.args.id, pipeline=chosen, model_reply=reply
        ).value
    finally:
        if worker is not None:
            worker.close()
    cli.note(f"Done in {time.perf_counter() - started:.1f} s.")
    if outcome.error:
        cli.note(f"The model failed on this entry: {outcome.error}")
    doc: dict[str, Any] = {
        "entry_id": outcome.entry_id,
        "checked": outcome.checked,
        "status": outcome.status.value,
        "new": [s.id for s in outcome.created],
        "suggestions": [SUGGESTION.json(s) for s in outcome.suggestions],
    }
    if outcome.skipped:
        doc["skipped"] = outcome.skipped

    def text() -> str:
        if outcome.status is detection.CheckStatus.STALE:
            return "The entry changed while it was being read; nothing was stored. Run again."
        if outcome.skipped:
            return outcome.skipped
        if not outcome.model_called:
            return (
                "Nothing to look for: every habit and practice was already offered (or none exist)."
            )
        head = f"{len(outcome.created)} new suggestion(s) for entry {outcome.entry_id}."
        return "\n".join([head, *(SUGGESTION.text(s) for s in outcome.suggestions)])

    cli.emit(doc, text)
    return 0 if outcome.status is not detection.CheckStatus.FAILED else EXIT_ENVIRONMENT


def _run_json(run: notebook_runs.RunInfo) -> dict[str, Any]:
    return {
        "detector_id": run.detector_id,
        "attempt_state": run.attempt_state,
        "outcome": run.outcome,
        "capability": run.capability,
        "message": run.message,
        "warnings": list(run.warnings),
        "pages_scanned": run.pages_scanned,
        "windows_scanned": run.windows_scanned,
        "windows_total": run.windows_total,
        "windows_reused": run.windows_reused,
        "partial": run.partial,
        "cache_hit": run.cache_hit,
        "stale_at_publish": run.stale_at_publish,
        "page_counts": list(run.page_counts) if run.page_counts is not None else None,
        "findings": [FINDING.json(f) for f in run.findings],
    }


def _run_text(run: notebook_runs.RunInfo) -> str:
    head = (
        f"{run.detector_id}: {run.attempt_state}, {run.outcome or '-'}"
        + (f" ({run.capability})" if run.capability else "")
        + (", from cache" if run.cache_hit else "")
        + f"; {run.pages_scanned} page(s), {run.windows_scanned} window(s), "
        + (f"{resumed_text(run.windows_reused, run.windows_total)}, " if run.windows_reused else "")
        + f"{len(run.findings)} finding(s)"
    )
    lines = [head]
    if run.message:
        lines.append(f"  {run.message}")
    lines += [f"  warning {w['code']}: {w['message']}" for w in run.warnings]
    lines += ["  " + FINDING.text(f) for f in run.findings]
    return "\n".join(lines)


RUN: Shape[notebook_runs.RunInfo] = Shape(json=_run_json, text=_run_text)


def _page_ids(value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        ids = [int(part) for part in value.split(",") if part.strip()]
    except ValueError:
        raise InvalidInputError(f"{value!r} is not a comma-separated list of page ids.") from None
    if not ids:
        raise InvalidInputError("Give at least one page id after --pages.")
    return ids


def cmd_detect_notebook(cli: Cli) -> int:
    a = cli.args
    db = cli.db
    notebooks.get_notebook(db, a.id)  # an unknown notebook is refused before any model work
    if a.detector == "all":
        chosen = [d.detector_id for d in detectors.list_detectors(db)]
    else:
        chosen = [detectors.get_definition(db, a.detector).detector_id]
    page_ids = _page_ids(a.pages)
    needs_model = any(detectors.get_definition(db, d).engine == "prompt" for d in chosen)
    text = text_model_or_none(cli.data, a.model) if needs_model else None
    vision = vision_runtime(cli.data, a.model) if needs_model else None
    worker = cli.workers.start_text_worker(text[0], load_settings(cli.data)) if text else None
    identity = text[1] if text else None
    runs: list[notebook_runs.RunInfo] = []

    def progress(name: str, report: Progress) -> None:
        what = "all detectors" if name == batch.READING else name
        cli.status(f"{what}: {report.done}/{report.total} windows", last=report.finished)

    started = time.perf_counter()
    try:
        if len(chosen) == 1:  # one detector: its own progress, with the time left
            runs = [
                notebook_runs.run_detector(
                    db,
                    worker,
                    a.id,
                    chosen[0],
                    model=identity,
                    force=a.force,
                    auto_tag=a.auto_tag,
                    page_ids=page_ids,
                    vision=vision,
                    on_progress=window_progress(cli, chosen[0]),
                ).value
            ]
        else:  # several detectors: each window is read once for all of them (window-major)
            results = batch.run_detectors(
                db,
                worker,
                a.id,
                chosen,
                model=identity,
                force=a.force,
                auto_tag=a.auto_tag,
                page_ids=page_ids,
                vision=vision,
                on_progress=progress,
            )
            runs = [result.value for result in results]
    finally:
        if worker is not None:
            worker.close()
        if vision is not None:
            vision.worker.close()
    cli.note(f"{', '.join(chosen)}: done in {time.perf_counter() - started:.2f} s")
    if len(runs) == 1:
        RUN.emit(cli, runs[0])
    else:
        RUN.emit_all(cli, runs, empty="", sep="\n\n")
    if any(r.attempt_state == AttemptState.CANCELLED for r in runs):
        return EXIT_INTERRUPTED
    return EXIT_ENVIRONMENT if any(r.attempt_state == AttemptState.FAILED for r in runs) else 0


def register(commands: Commands) -> None:
    detect = commands.group("detect", "run the on-device model")
    p = detect.add("entry", cmd_detect_entry, "find completions in an entry")
    p.add_argument("id", type=int)
    add_pipeline(p)
    p = detect.add("notebook", cmd_detect_notebook, "run a detector (or all) over a notebook")
    p.add_argument("id", type=int)
    p.add_argument("--detector", required=True, help="a detector id, or 'all'")
    p.add_argument("--force", action="store_true", help="run even when the result is current")
    auto = p.add_mutually_exclusive_group()
    auto.add_argument(
        "--auto-tag",
        dest="auto_tag",
        action="store_true",
        default=None,
        help="tag the pages of findings (remembered for the detector)",
    )
    auto.add_argument(
        "--no-auto-tag",
        dest="auto_tag",
        action="store_false",
        help="stop tagging automatically (remembered)",
    )
    p.add_argument("--pages", help="only these page ids, comma-separated")
