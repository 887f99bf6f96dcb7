"""Inkling's command line: a headless face over the same services as the GUI.

With ``--json`` exactly one JSON document goes to stdout; messages and progress go
to stderr. A refused action or an unknown id exits 1 with one line on stderr; a bad
model or data folder exits 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from app import __version__, clock
from app.domain.models_catalog import size_text
from app.domain.notebooks.runs import AttemptState
from app.domain.pipeline import Pipeline
from app.domain.progress import Cancelled, Progress, ProgressFn
from app.domain.suggestions import SuggestionStatus
from app.llm import ModelError
from app.paths import data_dir, database_path
from app.services import (
    backup,
    completions,
    cues,
    detection,
    detectors,
    evaluation,
    findings,
    journal,
    journal_export,
    journal_import,
    models_catalog,
    notebook_runs,
    notebooks,
    suggestions,
    tags,
    targets,
)
from app.services.errors import InvalidInputError, ServiceError
from app.services.findings import FindingInfo
from app.services.model import choose_model, model_info, start_worker, use_model
from app.services.notebook_models import (
    start_text_worker,
    text_identity,
    text_model_or_none,
    vision_runtime,
)
from app.services.settings import load_settings
from app.services.views import SuggestionInfo
from app.store import Database, StoreError, open_database

EXIT_REFUSED = 1
EXIT_ENVIRONMENT = 2
EXIT_INTERRUPTED = 130


class Cli:
    """State for one invocation: parsed options, the data folder, lazily the database."""

    def __init__(self, args: argparse.Namespace, out: TextIO, err: TextIO) -> None:
        # --data-dir and --model are accepted before or after the command; the shared
        # argparse actions default to SUPPRESS, so absent options are absent attributes.
        args.data_dir = getattr(args, "data_dir", None)
        args.model = getattr(args, "model", None)
        self.args = args
        self.out = out
        self.err = err
        self.data = data_dir(args.data_dir)
        self._db: Database | None = None

    @property
    def db(self) -> Database:
        if self._db is None:
            self._db = open_database(database_path(self.data))
            notebook_runs.reconcile_interrupted(self._db)  # runs a crash left "running"
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()

    @property
    def json(self) -> bool:
        return bool(getattr(self.args, "json", False))

    def emit(self, document: Any, text: str | Callable[[], str]) -> None:
        if self.json:
            json.dump(document, self.out, ensure_ascii=False, default=str)
            self.out.write("\n")
        else:
            self.out.write((text() if callable(text) else text).rstrip("\n") + "\n")

    def note(self, message: str) -> None:
        self.err.write(message + "\n")
        self.err.flush()


# --- helpers -------------------------------------------------------------------------------


def _day(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{value!r} is not a date in the form YYYY-MM-DD"
        ) from None


def _read_text(args: argparse.Namespace) -> str:
    if args.text is not None:
        return str(args.text)
    path = Path(args.file)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidInputError(f"The file {path} does not exist.") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"The file {path} is not UTF-8 text.") from None
    except OSError as exc:
        raise InvalidInputError(f"The file {path} cannot be read ({exc.strerror}).") from None


def _suggestion_json(s: SuggestionInfo) -> dict[str, Any]:
    doc = asdict(s)
    doc["completed_on"] = s.completed_on.isoformat() if s.completed_on else None
    return doc


def _suggestion_line(s: SuggestionInfo) -> str:
    facts = []
    if s.completed_units is not None:
        facts.append(f"amount {s.completed_units:g}")
    if s.completed_on is not None:
        facts.append(f"on {s.completed_on.isoformat()}")
    extra = f" ({', '.join(facts)})" if facts else ""
    return (
        f"#{s.id:<4} {s.status:<9} {s.target_name} [{s.target_type}] "
        f"entry {s.entry_id} @{s.anchor_start}-{s.anchor_end}: \u201c{s.anchor_text}\u201d{extra}"
    )


# --- commands ------------------------------------------------------------------------------


def cmd_habit_add(cli: Cli) -> int:
    a = cli.args
    if a.practice:
        if a.unit is not None:
            raise InvalidInputError("A practice has no unit; it counts sessions.")
        minutes = None
        if a.default_amount is not None:
            if a.default_amount != int(a.default_amount):
                raise InvalidInputError("A practice's default amount is whole minutes.")
            minutes = int(a.default_amount)
        view = targets.add_practice(cli.db, a.name, default_minutes=minutes).value
    else:
        view = targets.add_habit(cli.db, a.name, unit=a.unit, default_amount=a.default_amount).value
    cli.emit(
        {"id": view.id, "target_type": view.target_type, "name": view.name},
        f"Added {view.target_type} {view.id}: {view.name}",
    )
    return 0


def cmd_habit_list(cli: Cli) -> int:
    items = targets.list_targets(cli.db, include_inactive=cli.args.all)
    doc = {
        "items": [
            {"id": t.id, "target_type": t.target_type, "name": t.name, "unit": t.unit}
            for t in items
        ]
    }
    lines = [
        f"{t.target_type:<8} {t.id:<4} {t.name}" + (f" ({t.unit})" if t.unit else "") for t in items
    ]
    cli.emit(doc, "\n".join(lines) or "No habits or practices yet.")
    return 0


def cmd_habit_cues(cli: Cli) -> int:
    a = cli.args
    target_type = "practice" if a.practice else "habit"
    if a.reset:
        view = cues.set_cues(cli.db, target_type, a.id, None).value
    elif a.set is not None:
        view = cues.set_cues(cli.db, target_type, a.id, a.set.split(",")).value
    else:
        view = cues.get_cues(cli.db, target_type, a.id)
    doc = {
        "target_type": view.target_type,
        "id": view.target_id,
        "name": view.name,
        "cues": list(view.cues),
        "exclude": list(view.exclude),
        "seeded": view.seeded,
    }
    origin = "seeded from the name" if view.seeded else "your own"
    text = f"{view.name} ({origin}): " + (", ".join(view.cues) or "none — never read as done")
    cli.emit(doc, text)
    return 0


def cmd_entry_add(cli: Cli) -> int:
    day = cli.args.date or clock.today()
    view = journal.add_entry(cli.db, day, _read_text(cli.args), title=cli.args.title)
    cli.emit({"id": view.value.id}, f"Added entry {view.value.id} for {view.value.day}")
    return 0


def cmd_entry_edit(cli: Cli) -> int:
    result = journal.update_entry(cli.db, cli.args.id, body=_read_text(cli.args))
    moved = len(result.changes.suggestions)
    cli.emit(
        {"id": result.value.id, "suggestions_changed": sorted(result.changes.suggestions)},
        f"Saved entry {result.value.id}" + (f"; {moved} suggestion(s) updated" if moved else ""),
    )
    return 0


def cmd_entry_show(cli: Cli) -> int:
    e = journal.get_entry(cli.db, cli.args.id)
    cli.emit(
        {"id": e.id, "date": e.day.isoformat(), "title": e.title, "body": e.body},
        f"{e.day.isoformat()}  {e.title}\n\n{e.body}",
    )
    return 0


def cmd_entry_list(cli: Cli) -> int:
    items = journal.list_entries(cli.db)
    doc = {"items": [{"id": e.id, "date": e.day.isoformat(), "title": e.title} for e in items]}
    lines = [f"{e.id:<5} {e.day.isoformat()}  {e.title or e.body[:60]}" for e in items]
    cli.emit(doc, "\n".join(lines) or "No entries yet.")
    return 0


def cmd_entry_delete(cli: Cli) -> int:
    journal.delete_entry(cli.db, cli.args.id)
    cli.emit({"id": cli.args.id, "deleted": True}, f"Deleted entry {cli.args.id}")
    return 0


PIPELINE_HELP = (
    "who reads the entry: rules (cue words in context, no model), model, or combined "
    "(default: the saved setting)"
)


def _pipeline(cli: Cli) -> Pipeline:
    """``--pipeline``, else the saved setting."""
    chosen = getattr(cli.args, "pipeline", None)
    return Pipeline(chosen or load_settings(cli.data).journal_pipeline)


def cmd_detect_entry(cli: Cli) -> int:
    pipeline = _pipeline(cli)
    choice = choose_model(cli.data, cli.args.model)
    if pipeline is not Pipeline.RULES:
        model_info(cli.data, choice.path)  # a bad model file fails here, in one sentence
    rules_only = pipeline is Pipeline.RULES
    # The rules read without a model: none is loaded (the worker loads on first use).
    worker = None if rules_only else start_worker(choice.path, load_settings(cli.data))
    started = time.perf_counter()
    reader = "cue words" if rules_only else choice.path.name
    cli.note(f"Detecting completions in entry {cli.args.id} with {reader}…")
    try:
        outcome = detection.detect_entry(cli.db, worker, cli.args.id, pipeline=pipeline).value
    finally:
        if worker is not None:
            worker.close()
    cli.note(f"Done in {time.perf_counter() - started:.1f} s.")
    if outcome.error:
        cli.note(f"The model failed on this entry: {outcome.error}")
    doc = {
        "entry_id": outcome.entry_id,
        "checked": outcome.checked,
        "status": outcome.status.value,
        "new": [s.id for s in outcome.created],
        "suggestions": [_suggestion_json(s) for s in outcome.suggestions],
    }

    def text() -> str:
        if outcome.status is detection.CheckStatus.STALE:
            return "The entry changed while it was being read; nothing was stored. Run again."
        if not outcome.model_called:
            return (
                "Nothing to look for: every habit and practice was already offered (or none exist)."
            )
        head = f"{len(outcome.created)} new suggestion(s) for entry {outcome.entry_id}."
        return "\n".join([head, *(_suggestion_line(s) for s in outcome.suggestions)])

    cli.emit(doc, text)
    return 0 if outcome.status is not detection.CheckStatus.FAILED else EXIT_ENVIRONMENT


def cmd_suggestion_list(cli: Cli) -> int:
    items = suggestions.list_suggestions(cli.db, entry_id=cli.args.entry, status=cli.args.status)
    cli.emit(
        {"items": [_suggestion_json(s) for s in items]},
        "\n".join(_suggestion_line(s) for s in items) or "No suggestions.",
    )
    return 0


def cmd_suggestion_accept(cli: Cli) -> int:
    result = suggestions.accept_suggestion(cli.db, cli.args.id)
    done = "Accepted" if not result.changes.empty else "Already accepted:"
    cli.emit(_suggestion_json(result.value), f"{done} {_suggestion_line(result.value)}")
    return 0


def cmd_suggestion_dismiss(cli: Cli) -> int:
    result = suggestions.dismiss_suggestion(cli.db, cli.args.id)
    done = "Dismissed" if not result.changes.empty else "Already dismissed:"
    cli.emit(_suggestion_json(result.value), f"{done} {_suggestion_line(result.value)}")
    return 0


def cmd_completion_list(cli: Cli) -> int:
    items = completions.list_completions(cli.db)
    doc = {
        "items": [
            {
                "target_type": c.target_type,
                "target_id": c.target_id,
                "day": c.day.isoformat(),
                "amount": c.amount,
                "suggestion_id": c.suggestion_id,
            }
            for c in items
        ]
    }
    lines = [
        f"{c.day.isoformat()} {c.target_type} {c.target_id}"
        + (f" amount {c.amount:g}" if c.amount is not None else "")
        + (f" (suggestion {c.suggestion_id})" if c.suggestion_id else " (by hand)")
        for c in items
    ]
    cli.emit(doc, "\n".join(lines) or "No completions yet.")
    return 0


def cmd_completion_log(cli: Cli) -> int:
    kind = "practice" if cli.args.practice else "habit"
    view = completions.log_completion(
        cli.db, kind, cli.args.target_id, cli.args.date or clock.today(), amount=cli.args.amount
    ).value
    cli.emit(
        {"target_type": view.target_type, "target_id": view.target_id, "day": view.day.isoformat()},
        f"Logged {view.target_type} {view.target_id} on {view.day.isoformat()}",
    )
    return 0


def cmd_model_info(cli: Cli) -> int:
    choice = choose_model(cli.data, cli.args.model)
    info = model_info(cli.data, choice.path)
    doc = {
        "path": str(info.path),
        "name": info.name,
        "architecture": info.architecture,
        "size_bytes": info.size_bytes,
        "license": info.license,
        "context_length": info.context_length,
        "sha256": info.sha256,
    }
    text = "\n".join(f"{k:<15} {v}" for k, v in [*doc.items(), ("source", choice.source)])
    cli.emit(doc, text)
    return 0


def cmd_model_use(cli: Cli) -> int:
    if cli.args.default and cli.args.path:
        raise InvalidInputError("Give either a model path or --default, not both.")
    if not cli.args.default and not cli.args.path:
        raise InvalidInputError("Give a model path, or --default for the embedded model.")
    path = (
        None
        if cli.args.default
        else models_catalog.resolve_model_reference(cli.data, cli.args.path)
    )
    info = use_model(cli.data, path)
    name = info.name if info else "the embedded default"
    if (
        info is not None
        and models_catalog.describe_model_file(cli.data, info.path).fit.fits is False
    ):
        cli.note(f"Warning: {name} may not fit in the memory that is free now.")
    cli.emit({"path": str(info.path) if info else None}, f"Inkling will use {name}.")
    return 0


def _fit_json(fit: models_catalog.MemoryFit) -> dict[str, Any]:
    return {
        "needed_bytes": fit.needed_bytes,
        "available_bytes": fit.available_bytes,
        "fits": fit.fits,
    }


def _fit_text(fit: models_catalog.MemoryFit) -> str:
    if fit.needed_bytes is None:
        return "memory need unknown"
    need = f"needs ~{size_text(fit.needed_bytes)}"
    if fit.available_bytes is None:
        return need
    verdict = "fits" if fit.fits else "does NOT fit"
    return f"{need}, {verdict} in {size_text(fit.available_bytes)} free"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def cmd_model_list(cli: Cli) -> int:
    found = models_catalog.list_models(cli.data, cli.args.model)
    folder = models_catalog.models_dir(cli.data)
    doc = {
        "models_dir": str(folder),
        "models": [
            {
                "path": str(m.path),
                "name": m.name,
                "architecture": m.architecture,
                "size_bytes": m.size_bytes,
                "context_length": m.context_length,
                "is_default": m.is_default,
                "in_use": m.in_use,
                "recommended": m.recommended,
                "problem": m.problem,
                **_fit_json(m.fit),
            }
            for m in found
        ],
    }

    def text() -> str:
        lines = []
        for m in found:
            mark = "*" if m.in_use else " "
            name = f"{m.path.stem} (embedded default)" if m.is_default else m.name
            detail = m.problem or f"{m.architecture}, {size_text(m.size_bytes)}, {_fit_text(m.fit)}"
            lines.append(f"{mark} {name}: {detail}\n    {m.path}")
        if not any(not m.is_default for m in found):
            lines.append(f"No GGUF files in {folder} yet; see `inkling model recommended`.")
        else:
            lines.append(f"Models folder: {folder}")
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def cmd_model_recommended(cli: Cli) -> int:
    catalog = models_catalog.load_catalog()
    views = models_catalog.recommended_models(cli.data, catalog=catalog)
    doc = {
        "models_dir": str(models_catalog.models_dir(cli.data)),
        "quality": {"default": catalog.quality.default, "recommended": catalog.quality.recommended},
        "models": [
            {
                **asdict(v.model),
                "downloaded": v.path is not None,
                "path": str(v.path) if v.path else None,
                "partial_bytes": v.partial_bytes,
                **_fit_json(v.fit),
            }
            for v in views
        ],
    }

    def text() -> str:
        lines = [catalog.quality.default, catalog.quality.recommended, ""]
        for v in views:
            m = v.model
            size = size_text(m.size_bytes) if m.size_bytes else "size from the hub"
            state = (
                "downloaded"
                if v.path
                else (
                    f"{size_text(v.partial_bytes)} fetched, resumes"
                    if v.partial_bytes
                    else "not downloaded"
                )
            )
            lines.append(f"{m.name}  ({m.title}; {size}; {m.license}; {state})")
            lines.append(f"    {m.good_for} {_sentence(_fit_text(v.fit))}.")
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def cmd_model_download(cli: Cli) -> int:
    shown = -1

    def progress(report: Progress) -> None:
        nonlocal shown
        done, total = report.done, report.total
        step = done * 20 // total if total else done // 100_000_000
        if step != shown:
            shown = step
            amount = (
                f"{done * 100 // total}% ({size_text(done)} of {size_text(total)})"
                if total
                else size_text(done)
            )
            cli.note(f"Downloading {cli.args.name}: {amount}")

    try:
        result = models_catalog.download_model(cli.data, cli.args.name, on_progress=progress)
    except (KeyboardInterrupt, Cancelled):
        cli.note("inkling: download interrupted; run the same command again to resume it.")
        return EXIT_INTERRUPTED
    fit = models_catalog.describe_model_file(cli.data, result.path).fit
    doc = {
        "name": result.model.name,
        "path": str(result.path),
        "size_bytes": result.size_bytes,
        "sha256": result.sha256,
        "resumed_from": result.resumed_from,
        "already_present": result.already_present,
        **_fit_json(fit),
    }
    if result.already_present:
        message = f"{result.model.name} is already downloaded: {result.path}"
    else:
        message = (
            f"Downloaded and verified {result.model.name} (SHA-256 {result.sha256}): {result.path}"
        )
    cli.emit(
        doc,
        f"{message}\nIt {_fit_text(fit)}; use it with `inkling model use {result.model.name}`.",
    )
    return 0


# --- notebooks -----------------------------------------------------------------------------


def _finding_json(f: FindingInfo) -> dict[str, Any]:
    return {
        "id": f.id,
        "detector_id": f.detector_id,
        "finding_type": f.finding_type,
        "start_page": f.start_page,
        "end_page": f.end_page,
        "confidence": f.confidence,
        "reason": f.reason,
        "detector_data": f.detector_data,
        "review_status": f.review_status,
        "evidence": [asdict(e) for e in f.evidence],
        "page_reviews": [{"page_id": k, "decision": v} for k, v in sorted(f.page_reviews.items())],
        "tag": f.tag_slug,
    }


def _finding_line(f: FindingInfo) -> str:
    span = str(f.start_page) if f.start_page == f.end_page else f"{f.start_page}-{f.end_page}"
    quotes = "; ".join(f"\u201c{e.anchor_text}\u201d" for e in f.evidence[:3])
    return (
        f"#{f.id:<4} {f.review_status:<10} {f.finding_type} pages {span} "
        f"({f.confidence:.2f}) {f.reason[:120]}" + (f"  {quotes}" if quotes else "")
    )


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
        "partial": run.partial,
        "cache_hit": run.cache_hit,
        "stale_at_publish": run.stale_at_publish,
        "page_counts": list(run.page_counts) if run.page_counts is not None else None,
        "findings": [_finding_json(f) for f in run.findings],
    }


def _run_text(run: notebook_runs.RunInfo) -> str:
    head = (
        f"{run.detector_id}: {run.attempt_state}, {run.outcome or '-'}"
        + (f" ({run.capability})" if run.capability else "")
        + (", from cache" if run.cache_hit else "")
        + f"; {run.pages_scanned} page(s), {run.windows_scanned} window(s), "
        + f"{len(run.findings)} finding(s)"
    )
    lines = [head]
    if run.message:
        lines.append(f"  {run.message}")
    lines += [f"  warning {w['code']}: {w['message']}" for w in run.warnings]
    lines += ["  " + _finding_line(f) for f in run.findings]
    return "\n".join(lines)


def cmd_notebook_import(cli: Cli) -> int:
    result = notebooks.import_notebook(
        cli.db,
        cli.args.path,
        title=cli.args.title,
        on_progress=_item_progress(cli, "pages", cli.args.path),
    )
    view = result.value
    cli.emit(
        {"id": view.id, "pages": view.pages},
        f"Imported notebook {view.id} \u201c{view.title}\u201d with {view.pages} page(s).",
    )
    return 0


def cmd_notebook_list(cli: Cli) -> int:
    items = notebooks.list_notebooks(cli.db)
    cli.emit(
        {"items": [{"id": n.id, "title": n.title, "pages": n.pages} for n in items]},
        "\n".join(f"{n.id:<5} {n.title} ({n.pages} pages)" for n in items) or "No notebooks yet.",
    )
    return 0


def cmd_notebook_pages(cli: Cli) -> int:
    items = notebooks.list_pages(cli.db, cli.args.id)
    doc = {
        "items": [
            {
                "id": p.id,
                "order": p.order,
                "text": p.text,
                "tags": list(p.tags),
                "excluded": p.excluded,
                "image": p.image_path,
            }
            for p in items
        ]
    }
    lines = [
        f"page {p.order + 1} (id {p.id})"
        + (" [excluded]" if p.excluded else "")
        + (f" tags: {', '.join(p.tags)}" if p.tags else "")
        + "\n"
        + "\n".join("  " + line for line in (p.text or "(no text)").splitlines())
        for p in items
    ]
    cli.emit(doc, "\n\n".join(lines) or "No pages.")
    return 0


def cmd_page_edit(cli: Cli) -> int:
    text = None if cli.args.revert else _read_text(cli.args)
    view = notebooks.edit_page_text(cli.db, cli.args.id, text).value
    cli.emit({"id": view.id, "text": view.text}, f"Saved page {view.id}.")
    return 0


def cmd_page_exclude(cli: Cli) -> int:
    excluded = cli.args.action == "exclude"
    view = notebooks.set_page_excluded(cli.db, cli.args.id, excluded).value
    word = "Excluded" if excluded else "Included"
    cli.emit({"id": view.id, "excluded": view.excluded}, f"{word} page {view.id}.")
    return 0


def cmd_tag_add(cli: Cli) -> int:
    func = tags.add_page_tags if cli.args.action == "add" else tags.remove_page_tags
    view = func(cli.db, cli.args.page_id, cli.args.tags).value
    cli.emit({"id": view.id, "tags": list(view.tags)}, f"Page {view.id}: {', '.join(view.tags)}")
    return 0


def cmd_tag_list(cli: Cli) -> int:
    items = tags.list_tags(cli.db)
    cli.emit(
        {"items": [asdict(t) for t in items]},
        "\n".join(f"{t.colour} {t.slug} ({t.label}): {t.pages} page(s)" for t in items)
        or "No tags yet.",
    )
    return 0


def cmd_tag_pages(cli: Cli) -> int:
    items = tags.pages_with_tag(cli.db, cli.args.slug, notebook_id=cli.args.notebook)
    cli.emit(
        {"items": [{"id": p.id, "notebook_id": p.notebook_id, "order": p.order} for p in items]},
        "\n".join(f"notebook {p.notebook_id} page {p.order + 1} (id {p.id})" for p in items)
        or "No pages carry that tag.",
    )
    return 0


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
    worker = start_text_worker(text[0], load_settings(cli.data)) if text else None
    identity = text[1] if text else None
    runs: list[notebook_runs.RunInfo] = []
    timings: list[tuple[str, float]] = []
    try:
        for detector_id in chosen:
            started = time.perf_counter()

            def progress(report: Progress, name: str = detector_id) -> None:
                line = f"{name}: {report.done}/{report.total} windows"
                _status_line(cli, line, last=report.finished)

            run = notebook_runs.run_detector(
                db,
                worker,
                a.id,
                detector_id,
                model=identity,
                force=a.force,
                auto_tag=a.auto_tag,
                page_ids=page_ids,
                vision=vision,
                on_progress=progress,
            ).value
            runs.append(run)
            timings.append((detector_id, time.perf_counter() - started))
    finally:
        if worker is not None:
            worker.close()
        if vision is not None:
            vision.worker.close()
    for detector_id, seconds in timings:
        cli.note(f"{detector_id}: done in {seconds:.2f} s")
    if len(runs) == 1:
        cli.emit(_run_json(runs[0]), lambda: _run_text(runs[0]))
    else:
        cli.emit(
            {"items": [_run_json(r) for r in runs]},
            lambda: "\n\n".join(_run_text(r) for r in runs),
        )
    if any(r.attempt_state == AttemptState.CANCELLED for r in runs):
        return EXIT_INTERRUPTED
    return EXIT_ENVIRONMENT if any(r.attempt_state == AttemptState.FAILED for r in runs) else 0


def cmd_finding_list(cli: Cli) -> int:
    items = findings.list_findings(cli.db, cli.args.notebook_id, detector_id=cli.args.detector)
    cli.emit(
        {"items": [_finding_json(f) for f in items]},
        "\n".join(_finding_line(f) for f in items) or "No findings.",
    )
    return 0


def cmd_finding_review(cli: Cli) -> int:
    func = findings.accept_finding if cli.args.action == "accept" else findings.reject_finding
    view = func(cli.db, cli.args.id, page_id=cli.args.page).value
    cli.emit(_finding_json(view), _finding_line(view))
    return 0


def cmd_finding_tag(cli: Cli) -> int:
    changed = findings.apply_finding_tag(cli.db, cli.args.id).value
    cli.emit({"id": cli.args.id, "pages_changed": changed}, f"{changed} page(s) tagged.")
    return 0


def cmd_detector_list(cli: Cli) -> int:
    items = detectors.list_detectors(cli.db)
    fresh: dict[str, str] = {}
    if cli.args.notebook is not None:
        text = text_model_or_none(cli.data, cli.args.model)
        vision = vision_runtime(cli.data, cli.args.model)
        try:
            fresh = notebook_runs.detector_freshness(
                cli.db, cli.args.notebook, model=text[1] if text else None, vision=vision
            )
        finally:
            if vision is not None:
                vision.worker.close()
    doc_items = []
    for d in items:
        item: dict[str, Any] = {
            "detector_id": d.detector_id,
            "title": d.title,
            "engine": d.engine,
            "scope": d.scope,
            "version": d.version,
        }
        if fresh:
            item["freshness"] = fresh[d.detector_id]
        doc_items.append(item)
    lines = [
        f"{d.detector_id:<28} {d.engine:<14} {d.scope:<12} v{d.version}  {d.title}"
        + (f"  [{fresh[d.detector_id]}]" if fresh else "")
        for d in items
    ]
    cli.emit({"items": doc_items}, "\n".join(lines))
    return 0


def cmd_detector_add(cli: Cli) -> int:
    a = cli.args
    definition = detectors.add_custom_detector(
        cli.db,
        name=a.name,
        instruction=a.instruction,
        scope=a.scope,
        adjacent_page_detection=a.adjacent,
        model_mode=a.mode,
        confidence_threshold=a.threshold,
        custom_id=a.id,
    ).value
    cli.emit(definition.to_json(), f"Added detector {definition.detector_id}.")
    return 0


def cmd_detector_export(cli: Cli) -> int:
    json.dump(detectors.export_detector(cli.db, cli.args.id), cli.out, ensure_ascii=False, indent=2)
    cli.out.write("\n")
    return 0


def cmd_detector_import(cli: Cli) -> int:
    path = Path(cli.args.file)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InvalidInputError(f"The file {path} cannot be read ({exc.strerror}).") from None
    view = detectors.import_detector(cli.db, raw).value
    cli.emit({"detector_id": view.detector_id}, f"Imported detector {view.detector_id}.")
    return 0


def cmd_detector_delete(cli: Cli) -> int:
    detectors.delete_detector(cli.db, cli.args.id)
    cli.emit({"detector_id": cli.args.id, "deleted": True}, f"Deleted {cli.args.id}.")
    return 0


def cmd_export_page_xml(cli: Cli) -> int:
    from app.services.notebook_export import export_page_xml

    a = cli.args
    done = export_page_xml(
        cli.db,
        a.notebook_id,
        a.dest,
        accepted_only=a.accepted_only,
        on_progress=_item_progress(cli, "pages", a.dest),
    ).value
    cli.emit(
        {"folder": str(done.folder), "pages": done.pages, "findings": done.findings},
        f"Wrote {done.pages} page(s) with {done.findings} finding(s) to {done.folder}.",
    )
    return 0


def _status_line(cli: Cli, line: str, *, last: bool) -> None:
    if cli.err.isatty():  # one line, rewritten in place
        cli.err.write("\r" + line + ("\n" if last else ""))
        cli.err.flush()
    else:
        cli.note(line)


def _item_progress(cli: Cli, what: str, item: object = None) -> ProgressFn:
    """A progress line on stderr for each item: ``what: done/total (item)``, the item
    being ``item`` or else the report's label."""

    def progress(report: Progress) -> None:
        label = report.label if item is None else item
        line = f"{what}: {report.done}/{report.total} ({label})"
        _status_line(cli, line, last=report.finished)

    return progress


def _prf_line(name: str, m: dict[str, Any]) -> str:
    return (
        f"{name:<14} precision {m['precision']:.3f}  recall {m['recall']:.3f}  "
        f"F1 {m['f1']:.3f}  (tp {m['tp']}, fp {m['fp']}, fn {m['fn']})"
    )


def cmd_eval_journal(cli: Cli) -> int:
    cases = evaluation.load_labelled(cli.args.file, "journal")
    pipeline = _pipeline(cli)
    choice = choose_model(cli.data, cli.args.model)
    if pipeline is not Pipeline.RULES:
        model_info(cli.data, choice.path)  # a bad model file fails here, in one sentence
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="inkling-eval-") as folder:
        db = open_database(database_path(Path(folder)))
        rules_only = pipeline is Pipeline.RULES
        worker = None if rules_only else start_worker(choice.path, load_settings(cli.data))
        try:
            doc = evaluation.evaluate_journal(
                db,
                worker,
                cases,
                day=clock.today(),
                on_progress=_item_progress(cli, "entries"),
                pipeline=pipeline,
            )
        finally:
            if worker is not None:
                worker.close()
            db.close()
    reader = "cue words" if pipeline is Pipeline.RULES else choice.path.name
    cli.note(f"Done in {time.perf_counter() - started:.1f} s with {reader} ({pipeline}).")

    def text() -> str:
        m = doc["metrics"]
        lines = [
            f"{item['id']:<12} "
            + (
                "; ".join(f"{h['index']}: \u201c{h['anchor_text']}\u201d" for h in item["hits"])
                or "-"
            )
            for item in doc["items"]
        ]
        return "\n".join(
            [
                *lines,
                "",
                _prf_line("completions", m),
                f"{'empty clean':<14} {m['empty_entries_clean']:.3f}  "
                f"({m['entries']} entries, {m['anchors_not_matching_body']} bad anchors)",
            ]
        )

    cli.emit(doc, text)
    return 0


def cmd_eval_notebooks(cli: Cli) -> int:
    a = cli.args
    cases = evaluation.load_labelled(a.file, "notebooks")
    chosen = (
        [d.strip() for d in a.detectors.split(",") if d.strip()]
        if a.detectors
        else list(evaluation.NOTEBOOK_DETECTORS)
    )
    unknown = [d for d in chosen if d not in evaluation.NOTEBOOK_DETECTORS]
    if unknown or not chosen:
        raise InvalidInputError(
            "--detectors takes a comma-separated choice of "
            + ", ".join(evaluation.NOTEBOOK_DETECTORS)
            + "."
        )
    needs_model = any(d in evaluation.PROMPT_DETECTORS for d in chosen)
    text_model = None
    if needs_model:
        choice = choose_model(cli.data, a.model)
        text_model = (choice.path, text_identity(cli.data, choice.path, load_settings(cli.data)))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="inkling-eval-") as folder:
        db = open_database(database_path(Path(folder)))
        worker = start_text_worker(text_model[0], load_settings(cli.data)) if text_model else None
        try:
            doc = evaluation.evaluate_notebooks(
                db,
                worker,
                cases,
                workdir=Path(folder),
                detector_ids=chosen,
                model=text_model[1] if text_model else None,
                on_progress=_item_progress(cli, "notebooks"),
            )
        finally:
            if worker is not None:
                worker.close()
            db.close()
    cli.note(f"Done in {time.perf_counter() - started:.1f} s.")

    def text() -> str:
        m = doc["metrics"]
        lines = [f"{m['notebooks']} notebook(s); detectors: {', '.join(chosen)}"]
        lines += [
            _prf_line(t, m[t]) for t in (*evaluation.PROMPT_DETECTORS, "names") if t in chosen
        ]
        lines += [
            f"{t:<14} exact pages {m[t]['exact_pages']:.3f}  ({m[t]['pages']} pages)"
            for t in ("first_person", "swear_words")
            if t in chosen
        ]
        return "\n".join(lines)

    cli.emit(doc, text)
    return 0


def cmd_demo(cli: Cli) -> int:
    from app.demo import run_demo

    return run_demo(
        cli.args.model, out=cli.out, err=cli.err, as_json=cli.json, pipeline=_pipeline(cli)
    )


def cmd_screenshot(cli: Cli) -> int:
    from app.screenshots.window import render_screenshots

    written = render_screenshots(Path(cli.args.out).expanduser())
    cli.emit({"files": [str(p) for p in written]}, "\n".join(str(p) for p in written))
    return 0


# --- import, export, backup, restore ------------------------------------------------------


def _work_progress(cli: Cli, what: str) -> ProgressFn:
    """A progress line on stderr for long work: every 100 items and at the end."""

    def progress(report: Progress) -> None:
        done, total = report.done, report.total
        if done == total or done % 100 == 0:
            _status_line(cli, f"{what}: {done}/{total}", last=report.finished)

    return progress


def cmd_import(cli: Cli) -> int:
    kind = cli.args.action
    summary = journal_import.import_journal(
        cli.db, kind, cli.args.path, on_progress=_work_progress(cli, f"import {kind}")
    ).value
    cli.emit(
        {"imported": summary.imported, "skipped_duplicates": summary.skipped_duplicates},
        journal_import.describe(summary),
    )
    return 0


Exporter = Callable[[Cli, Path], journal_export.ExportSummary]
EXPORTS: dict[str, tuple[str, str, Exporter]] = {
    # format: (help, what the count counts, exporter)
    "markdown": (
        "entries as a folder of Markdown files with YAML front matter",
        "entries",
        lambda cli, dest: journal_export.export_markdown(
            cli.db, dest, on_progress=_work_progress(cli, "export markdown")
        ),
    ),
    "loop-csv": (
        "habit completions in Loop Habit Tracker's CSV layout (a folder)",
        "habits",
        lambda cli, dest: journal_export.export_loop_csv(
            cli.db, dest, on_progress=_work_progress(cli, "export loop-csv")
        ),
    ),
    "json": (
        "suggestions and notebook findings with their anchors (a .json file)",
        "suggestions and findings",
        lambda cli, dest: journal_export.export_json(cli.db, dest),
    ),
}


def cmd_export(cli: Cli) -> int:
    _help, noun, export = EXPORTS[cli.args.action]
    summary = export(cli, Path(cli.args.dest))
    cli.emit(
        {"path": summary.path, "items": summary.items},
        f"Exported {summary.items} {noun} to {summary.path}.",
    )
    return 0


def cmd_backup(cli: Cli) -> int:
    summary = backup.backup_database(cli.db, cli.args.dest)
    cli.emit(
        {"path": summary.path, "bytes": summary.size},
        f"Backed up the database to {summary.path} ({summary.size:,} bytes).",
    )
    return 0


def cmd_restore(cli: Cli) -> int:
    summary = backup.restore_database(cli.db, cli.args.src).value
    cli.emit(
        {"restored": summary.path, "entries": summary.entries, "notebooks": summary.notebooks},
        f"Restored {summary.path}: {summary.entries} entries, {summary.notebooks} notebooks.",
    )
    return 0


# --- parser --------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--data-dir",
        default=argparse.SUPPRESS,
        help="data folder (default: $INKLING_DATA_DIR or the platform's data folder)",
    )
    common.add_argument(
        "--model", default=argparse.SUPPRESS, help="GGUF model file (default: $INKLING_MODEL)"
    )
    as_json = argparse.ArgumentParser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print one JSON document")

    parser = argparse.ArgumentParser(
        prog="inkling",
        description="Inkling: private, offline review of journals with an on-device model.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=f"inkling {__version__}")
    groups = parser.add_subparsers(
        dest="group", metavar="COMMAND", required=False, help="(none: open the desktop app)"
    )

    def sub(
        parent: Any, name: str, func: Callable[[Cli], int], help_text: str
    ) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = parent.add_parser(
            name, help=help_text, description=help_text, parents=[common, as_json]
        )
        p.set_defaults(func=func)
        return p

    def group(name: str, help_text: str) -> Any:
        g = groups.add_parser(name, help=help_text, description=help_text)
        return g.add_subparsers(dest="action", metavar="ACTION", required=True)

    habit = group("habit", "habits and practices you track")
    p = sub(habit, "add", cmd_habit_add, "add a habit (or a practice with --practice)")
    p.add_argument("name")
    p.add_argument("--practice", action="store_true", help="a practice (sessions) not a habit")
    p.add_argument("--unit", help="the habit's unit, e.g. oz, pages, km")
    p.add_argument("--default-amount", type=float, help="amount logged when none is written")
    p = sub(habit, "list", cmd_habit_list, "list habits, then practices")
    p.add_argument("--all", action="store_true", help="include archived and ended ones")
    p = sub(habit, "cues", cmd_habit_cues, "show or edit the words that show it was done")
    p.add_argument("id", type=int)
    p.add_argument("--practice", action="store_true", help="ID is a practice")
    change = p.add_mutually_exclusive_group()
    change.add_argument(
        "--set", metavar="CUES", help='comma-separated cues, e.g. "pottery, wheel*, glaz*"'
    )
    change.add_argument("--reset", action="store_true", help="back to the seed from the name")

    entry = group("entry", "journal entries")
    for name, func, help_text in (
        ("add", cmd_entry_add, "write an entry"),
        ("edit", cmd_entry_edit, "replace an entry's text (pending suggestions follow it)"),
    ):
        p = sub(entry, name, func, help_text)
        if name == "add":
            p.add_argument("--date", type=_day, help="YYYY-MM-DD (default: today)")
            p.add_argument("--title", default="")
        else:
            p.add_argument("id", type=int)
        src = p.add_mutually_exclusive_group(required=True)
        src.add_argument("--text")
        src.add_argument("--file", help="read the text from a UTF-8 file")
    sub(entry, "show", cmd_entry_show, "show an entry").add_argument("id", type=int)
    sub(entry, "list", cmd_entry_list, "list entries by day")
    sub(entry, "delete", cmd_entry_delete, "delete an entry and its suggestions").add_argument(
        "id", type=int
    )

    detect = group("detect", "run the on-device model")
    p = sub(detect, "entry", cmd_detect_entry, "find completions in an entry")
    p.add_argument("id", type=int)
    p.add_argument("--pipeline", choices=[m.value for m in Pipeline], help=PIPELINE_HELP)

    notebook = group("notebook", "notebooks of pages")
    p = sub(
        notebook,
        "import",
        cmd_notebook_import,
        "import a folder of page images or PAGE-XML/ALTO files, a .txt/.md or a PDF",
    )
    p.add_argument("path")
    p.add_argument("--title")
    sub(notebook, "list", cmd_notebook_list, "list notebooks")
    sub(notebook, "pages", cmd_notebook_pages, "show a notebook's pages").add_argument(
        "id", type=int
    )

    page = group("page", "pages of notebooks")
    p = sub(page, "edit", cmd_page_edit, "replace a page's text (or --revert to the transcription)")
    p.add_argument("id", type=int)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--text")
    src.add_argument("--file", help="read the text from a UTF-8 file")
    src.add_argument("--revert", action="store_true", help="go back to the transcription")
    for name, help_text in (
        ("exclude", "leave a page out of analysis"),
        ("include", "analyse it again"),
    ):
        sub(page, name, cmd_page_exclude, help_text).add_argument("id", type=int)

    tag = group("tag", "tags on pages")
    for name, help_text in (("add", "tag a page"), ("remove", "take tags off a page")):
        p = sub(tag, name, cmd_tag_add, help_text)
        p.add_argument("page_id", type=int)
        p.add_argument("tags", nargs="+")
    sub(tag, "list", cmd_tag_list, "the tag catalogue")
    p = sub(tag, "pages", cmd_tag_pages, "pages carrying a tag")
    p.add_argument("slug")
    p.add_argument("--notebook", type=int)

    p = sub(detect, "notebook", cmd_detect_notebook, "run a detector (or all) over a notebook")
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

    finding = group("finding", "review what the detectors found")
    p = sub(finding, "list", cmd_finding_list, "list a notebook's published findings")
    p.add_argument("notebook_id", type=int)
    p.add_argument("--detector")
    for name, help_text in (
        ("accept", "accept a finding (or one page of it)"),
        ("reject", "reject a finding (or one page of it)"),
    ):
        p = sub(finding, name, cmd_finding_review, help_text)
        p.add_argument("id", type=int)
        p.add_argument("--page", type=int, help="review only this page of the finding")
    sub(finding, "tag", cmd_finding_tag, "tag a finding's pages").add_argument("id", type=int)

    detector = group("detector", "built-in and custom detectors")
    p = sub(detector, "list", cmd_detector_list, "list detectors")
    p.add_argument("--notebook", type=int, help="show freshness for this notebook")
    p = sub(detector, "add", cmd_detector_add, "add a custom detector")
    p.add_argument("--name", required=True)
    p.add_argument("--instruction", required=True)
    p.add_argument("--scope", choices=["page", "notebook"], default="notebook")
    adjacent = p.add_mutually_exclusive_group()
    adjacent.add_argument("--adjacent", dest="adjacent", action="store_true", default=True)
    adjacent.add_argument("--no-adjacent", dest="adjacent", action="store_false")
    p.add_argument("--mode", choices=["auto", "text", "vision"], default="auto")
    p.add_argument("--threshold", type=float, default=0.7)
    p.add_argument("--id", help="a stable id (slugified); default: from the name")
    sub(detector, "export", cmd_detector_export, "print a detector as JSON").add_argument("id")
    sub(detector, "import", cmd_detector_import, "import a detector from a JSON file").add_argument(
        "file"
    )
    sub(detector, "delete", cmd_detector_delete, "delete a custom detector").add_argument("id")

    suggestion = group("suggestion", "review what the model proposed")
    p = sub(suggestion, "list", cmd_suggestion_list, "list suggestions")
    p.add_argument("--entry", type=int)
    p.add_argument("--status", choices=[s.value for s in SuggestionStatus])
    sub(suggestion, "accept", cmd_suggestion_accept, "accept and log the completion").add_argument(
        "id", type=int
    )
    sub(suggestion, "dismiss", cmd_suggestion_dismiss, "dismiss a suggestion").add_argument(
        "id", type=int
    )

    completion = group("completion", "completions of habits and practices")
    sub(completion, "list", cmd_completion_list, "list completions")
    p = sub(completion, "log", cmd_completion_log, "log a completion by hand")
    p.add_argument("target_id", type=int)
    p.add_argument("--practice", action="store_true")
    p.add_argument("--date", type=_day, help="YYYY-MM-DD (default: today)")
    p.add_argument("--amount", type=float)

    model = group("model", "the on-device language model")
    sub(model, "info", cmd_model_info, "show the model in use")
    p = sub(model, "use", cmd_model_use, "validate a GGUF file and make it the model to use")
    p.add_argument("path", nargs="?", help="a .gguf file, or a name from `inkling model list`")
    p.add_argument("--default", action="store_true", help="go back to the embedded default")
    sub(
        model,
        "list",
        cmd_model_list,
        "the embedded default and the GGUF files in the models folder",
    )
    sub(model, "recommended", cmd_model_recommended, "stronger models one download away")
    p = sub(model, "download", cmd_model_download, "download a recommended model (network)")
    p.add_argument("name", help="a name from `inkling model recommended`")

    evaluate = group("eval", "measure detection quality on a labelled .jsonl file")
    p = sub(evaluate, "journal", cmd_eval_journal, "score completion detection")
    p.add_argument("file")
    p.add_argument("--pipeline", choices=[m.value for m in Pipeline], help=PIPELINE_HELP)
    p = sub(evaluate, "notebooks", cmd_eval_notebooks, "score the notebook detectors")
    p.add_argument("file")
    p.add_argument(
        "--detectors",
        help="comma-separated detectors to run (default: all seven text detectors)",
    )

    importing = group("import", "bring journal entries in from other tools")
    for name, help_text in (
        ("dayone", "a Day One JSON export (.zip or unpacked folder)"),
        ("markdown", "a folder of Markdown notes (Obsidian daily notes, YAML front matter)"),
        ("logseq", "a Logseq graph folder (journals/YYYY_MM_DD.md)"),
        ("text", "a .txt/.md file, or a folder of them, dated by their names"),
    ):
        sub(importing, name, cmd_import, help_text).add_argument("path")
    exporting = group("export", "take your data out in formats other tools read")
    for name, (help_text, _noun, _fn) in EXPORTS.items():
        sub(exporting, name, cmd_export, help_text).add_argument("dest")
    p = sub(
        exporting, "page-xml", cmd_export_page_xml, "a notebook as PAGE-XML with findings as tags"
    )
    p.add_argument("notebook_id", type=int)
    p.add_argument("dest", help="a new or empty folder")
    p.add_argument("--accepted-only", action="store_true", help="only accepted findings")
    for name, func, arg, help_text in (
        ("backup", cmd_backup, "dest", "copy the whole database to a file (or into a folder)"),
        ("restore", cmd_restore, "src", "replace the database with a backup (checked first)"),
    ):
        p = groups.add_parser(
            name, help=help_text, description=help_text, parents=[common, as_json]
        )
        p.add_argument(arg)
        p.set_defaults(func=func)

    p = groups.add_parser(
        "demo",
        help="detect completions in the sample journal (temporary data folder)",
        parents=[common, as_json],
    )
    p.add_argument("--pipeline", choices=[m.value for m in Pipeline], help=PIPELINE_HELP)
    p.set_defaults(func=cmd_demo)

    p = groups.add_parser(
        "screenshot",
        help="render the main views over the sample journal offscreen into PNG files",
        parents=[as_json],
    )
    p.add_argument("--out", required=True, help="folder for the PNG files (created if needed)")
    p.set_defaults(func=cmd_screenshot)
    return parser


@contextmanager
def _quiet_broken_pipe() -> Iterator[None]:
    try:
        yield
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = sys.stderr
    args = build_parser().parse_args(argv)
    if getattr(args, "group", None) is None:
        from app.ui.app import run_gui

        return run_gui([sys.argv[0]], getattr(args, "data_dir", None), getattr(args, "model", None))
    cli = Cli(args, out, err)
    try:
        with _quiet_broken_pipe():
            return int(args.func(cli))
    except ServiceError as exc:
        cli.note(f"inkling: {exc}")
        return EXIT_REFUSED
    except (ModelError, StoreError) as exc:
        cli.note(f"inkling: {exc}")
        return EXIT_ENVIRONMENT
    except Cancelled:
        cli.note("inkling: cancelled.")
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        cli.note("inkling: interrupted; nothing was half-written.")
        return EXIT_INTERRUPTED
    finally:
        cli.close()
