"""Notebook windows before and after issue 17 (items 1 and 2), side by side in one run.

``before``: prompt version 1 (quotes copied as evidence, the pages last in the prompt,
one detector after another). ``after``: prompt version 2 (numbered lines, evidence as
line numbers, a short "not detected" reply, the pages first) read window-major by
:func:`app.services.notebooks.batch.run_detectors`. Both go through the app's services
and the model's worker with the same loaded model.

Figures, per variant: reply tokens per model window (mean, median, max, how many hit the
cap) per detector; the four prompt detectors' time over the sample notebook with every
window sent to the model (reading structure first off) and as the app runs them
(structure first); ``prompt_windows_per_s``; ``window_prefix_reuse_ratio`` (the median
window request in the run over the same request with a cold KV cache); the dev set's
quality per detector (``--eval FILE``, default ``../shared/eval/notebooks_dev.jsonl``
when it exists); and the estimate for a 200-page notebook.
"""

from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from unittest import mock

from app import resources
from app.domain.model import Prompt
from app.domain.notebooks.definitions import DetectorDefinition, PromptRef
from app.domain.notebooks.prompts import LEGACY_PROMPT_VERSION
from app.llm import LlamaTextModel
from app.paths import database_path
from app.services import evaluation
from app.services.notebooks import batch, detectors
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.models import text_identity
from app.services.notebooks.runs import ModelIdentity, RunPlan
from app.services.settings import Settings
from app.store import Database, open_database
from bench.common import median
from bench.notebooks import generated_pages, import_generated
from bench.pipeline import LoadedModel

PROMPT_DETECTORS = ("poetry", "todo_lists", "lists", "quotations")
VARIANTS = ("before", "after")
ESTIMATE_PAGES = 200
PREFIX_SAMPLES = 4
"""Window requests repeated from a cold cache (spread over the run)."""
DEFAULT_EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval" / "notebooks_dev.jsonl"


@dataclass
class Call:
    """One model call: which detector (its reply schema), tokens, time."""

    schema: str
    generated: int
    finish: str
    prompt_tokens: int
    evaluated: int
    seconds: float
    prompt: Prompt


@contextmanager
def recording(
    loaded: LoadedModel, log: Callable[[str], None] = lambda _message: None
) -> Iterator[list[Call]]:
    """Every ``complete`` call on the loaded model while inside, with its stats (each
    also logged, so that a run cut short still tells what it measured)."""
    calls: list[Call] = []

    def install(model: LlamaTextModel) -> Callable[[Prompt], str]:
        inner = model.complete

        def complete(prompt: Prompt) -> str:
            reply = inner(prompt)
            stats = model.last_stats
            assert stats is not None
            schema = str((prompt.json_schema or {}).get("title", "?"))
            calls.append(
                Call(
                    schema.removesuffix("_finding_v1"),
                    stats.generated_tokens,
                    stats.finish_reason,
                    stats.prompt_tokens,
                    stats.evaluated_prompt_tokens,
                    stats.seconds,
                    prompt,
                )
            )
            log(
                f"windows: {calls[-1].schema}: {stats.generated_tokens} reply tokens "
                f"({stats.finish_reason}), {stats.evaluated_prompt_tokens} of "
                f"{stats.prompt_tokens} prompt tokens evaluated, {stats.seconds:.1f} s"
            )
            return reply

        model.complete = complete  # type: ignore[method-assign]
        return inner

    inner = loaded.run(install)
    try:
        yield calls
    finally:
        loaded.run(lambda model: setattr(model, "complete", inner))


def legacy(definition: DetectorDefinition) -> DetectorDefinition:
    """``definition`` with its prompt at version 1 (the layout before issue 17)."""
    ref = definition.prompt_ref
    if ref is None:
        return definition
    return replace(definition, prompt_ref=PromptRef(ref.prompt_id, LEGACY_PROMPT_VERSION))


@contextmanager
def variant(name: str, *, structure: bool = True) -> Iterator[None]:
    """Run the app's detectors as ``name`` (before: version-1 prompts); ``structure``
    False sends every window to the model."""
    original = detectors.get_definition

    def get_definition(db: Database, detector_id: str) -> DetectorDefinition:
        found = original(db, detector_id)
        return legacy(found) if name == "before" else found

    with mock.patch.object(notebook_runs, "get_definition", get_definition):
        if structure:
            yield
        else:
            with (
                mock.patch.object(notebook_runs, "structure_of", return_value=None),
                mock.patch.object(batch, "structure_of", return_value=None),
            ):
                yield


def run_four(
    db: Database, loaded: LoadedModel, notebook_id: int, identity: ModelIdentity, name: str
) -> float:
    """Seconds for the four prompt detectors over the notebook (forced): before one
    after another, after window-major."""
    started = time.perf_counter()
    if name == "before":
        for detector_id in PROMPT_DETECTORS:
            notebook_runs.run_detector(
                db, loaded.worker, notebook_id, detector_id, model=identity, force=True
            )
    else:
        batch.run_detectors(
            db, loaded.worker, notebook_id, PROMPT_DETECTORS, model=identity, force=True
        )
    return time.perf_counter() - started


def token_figures(calls: list[Call], cap: int) -> dict[str, Any]:
    """Reply tokens per window, per detector and for all: mean, median, max, at the cap."""
    out: dict[str, Any] = {}
    groups = {d: [c for c in calls if c.schema == d] for d in PROMPT_DETECTORS}
    groups["all"] = calls
    for key, group in groups.items():
        tokens = [c.generated for c in group]
        out[key] = {
            "windows": len(tokens),
            "mean": round(sum(tokens) / len(tokens), 1) if tokens else 0.0,
            "median": median([float(t) for t in tokens]) if tokens else 0.0,
            "max": max(tokens, default=0),
            "at_cap": sum(1 for c in group if c.finish == "length" or c.generated >= cap),
        }
    return out


def _bare_complete(model: LlamaTextModel, prompt: Prompt) -> str:
    return LlamaTextModel.complete(model, prompt)


def prefix_ratio(loaded: LoadedModel, calls: list[Call]) -> dict[str, Any]:
    """Each window request as it ran (after the one before it) against the same request
    from a cold KV cache: medians and their ratio, and the share of prompt tokens
    evaluated (not reused)."""
    evaluated = sum(c.evaluated for c in calls[1:])
    total = sum(c.prompt_tokens for c in calls[1:])
    step = max(1, (len(calls) - 1) // PREFIX_SAMPLES)
    sample = calls[1::step][:PREFIX_SAMPLES]
    warm = [c.seconds for c in sample]
    cold: list[float] = []
    for call in sample:
        loaded.reset_cache()
        started = time.perf_counter()
        loaded.run(functools.partial(_bare_complete, prompt=call.prompt))
        cold.append(time.perf_counter() - started)
    return {
        "window_prefix_reuse_ratio": round(median(warm) / median(cold), 3) if cold else 0.0,
        "warm_median_s": round(median(warm), 3),
        "cold_median_s": round(median(cold), 3),
        "prompt_tokens_evaluated_ratio": round(evaluated / total, 3) if total else 0.0,
    }


def windows_for_estimate(db: Database, folder: Path, name: str) -> dict[str, int]:
    """Model windows of the four detectors over a generated 200-page notebook: every
    window, and those left after reading structure first (no model call)."""
    rng = random.Random(7)
    notebook_id = import_generated(
        db, folder, generated_pages(ESTIMATE_PAGES, rng), f"estimate-{name}"
    )
    identity = ModelIdentity("estimate", "estimate", 0, 0)
    counts = {"all_windows": 0, "structure_first": 0}
    with variant(name):
        for detector_id in PROMPT_DETECTORS:
            prepared = notebook_runs.prepare_run(
                db, notebook_id, detector_id, text_model=identity, force=True
            )
            assert isinstance(prepared, RunPlan)
            counts["structure_first"] += len(batch.window_requests(prepared))
            with mock.patch.object(batch, "structure_of", return_value=None):
                counts["all_windows"] += len(batch.window_requests(prepared))
            notebook_runs.abandon_run(db, prepared, KeyboardInterrupt())
    return counts


def quality(
    db: Database, loaded: LoadedModel, identity: ModelIdentity, file: Path, name: str, work: Path
) -> dict[str, Any]:
    """The dev set's precision, recall and F1 per detector through the app."""
    cases = evaluation.load_labelled(str(file), "notebooks")
    with variant(name):
        doc = evaluation.evaluate_notebooks(
            db,
            loaded.worker,
            cases,
            workdir=work,
            detector_ids=PROMPT_DETECTORS,
            model=identity,
        )
    metrics = doc["metrics"]
    return {
        d: {k: metrics[d][k] for k in ("precision", "recall", "f1", "tp", "fp", "fn")}
        for d in PROMPT_DETECTORS
    }


def bench_windows(
    loaded: LoadedModel,
    root: Path,
    *,
    eval_file: Path | None = None,
    cap: int = 512,
    pages: int | None = None,
    log: Callable[[str], None] = lambda _message: None,
) -> dict[str, Any]:
    """The section; ``pages`` reads only the sample notebook's first pages (``--quick``:
    3, two windows of each size), and the dev set is scored first."""
    folder = root / "windows"
    folder.mkdir()
    db = open_database(database_path(folder))
    out: dict[str, Any] = {}
    try:
        identity = text_identity(folder, loaded.path, Settings())
        samples = [p.strip("\n") for p in resources.sample_notebook().split("\f")]
        notebook_id = import_generated(db, folder, samples[:pages], "sample")
        page_count = len(notebooks.list_pages(db, notebook_id))
        quality_of: dict[str, Any] = {}
        if eval_file is not None and eval_file.is_file():
            for name in VARIANTS:
                work = folder / f"eval-{name}"
                work.mkdir()
                log(f"windows: {name}, the dev set")
                quality_of[name] = quality(db, loaded, identity, eval_file, name, work)
                log(f"windows: {name}: {json.dumps(quality_of[name])}")
        for name in VARIANTS:
            log(f"windows: {name}, every window to the model")
            with variant(name, structure=False), recording(loaded, log) as calls:
                seconds = run_four(db, loaded, notebook_id, identity, name)
            log(f"windows: {name}: {len(calls)} windows in {seconds:.1f} s")
            log(f"windows: {name}: {json.dumps(token_figures(calls, cap)['all'])}")
            with variant(name), recording(loaded, log) as app_calls:
                app_seconds = run_four(db, loaded, notebook_id, identity, name)
            log(f"windows: {name}, structure first: {len(app_calls)} in {app_seconds:.1f} s")
            windows = len(calls)
            out[name] = {
                "pages": page_count,
                "four_detectors_s": round(seconds, 1),
                "model_windows": windows,
                "s_per_window": round(seconds / windows, 2) if windows else 0.0,
                "prompt_windows_per_s": round(windows / seconds, 3) if seconds else 0.0,
                "four_detectors_structure_first_s": round(app_seconds, 1),
                "structure_first_windows": len(app_calls),
                "reply_tokens": token_figures(calls, cap),
                **prefix_ratio(loaded, calls),
                "windows_200_pages": windows_for_estimate(db, folder, name),
            }
            log(f"windows: {name}: {json.dumps(out[name])}")
            est = out[name]["windows_200_pages"]
            per = out[name]["s_per_window"]
            out[name]["estimate_200_pages_min"] = {
                "all_windows": round(est["all_windows"] * per / 60, 1),
                "structure_first": round(est["structure_first"] * per / 60, 1),
            }
            if name in quality_of:
                out[name]["dev_quality"] = quality_of[name]
    finally:
        db.close()
    before, after = out["before"], out["after"]
    out["prompt_windows_per_s_ratio"] = (
        round(after["prompt_windows_per_s"] / before["prompt_windows_per_s"], 2)
        if before["prompt_windows_per_s"]
        else 0.0
    )
    out["four_detectors_s"] = after["four_detectors_s"]
    out["window_prefix_reuse_ratio"] = after["window_prefix_reuse_ratio"]
    return out


def render_windows(section: dict[str, Any]) -> str:
    """The before/after table (Markdown)."""
    from bench.report import table

    before, after = section["before"], section["after"]
    rows: list[tuple[Any, ...]] = [
        ("four prompt detectors, every window to the model (s)", "four_detectors_s"),
        ("model windows", "model_windows"),
        ("s per window", "s_per_window"),
        ("prompt_windows_per_s", "prompt_windows_per_s"),
        ("window_prefix_reuse_ratio (warm / cold request)", "window_prefix_reuse_ratio"),
        ("prompt tokens evaluated / prompt tokens", "prompt_tokens_evaluated_ratio"),
        (
            "four detectors as the app runs them, structure first (s)",
            "four_detectors_structure_first_s",
        ),
        ("windows sent, structure first", "structure_first_windows"),
    ]
    lines = [(label, before[key], after[key]) for label, key in rows]
    for d in (*PROMPT_DETECTORS, "all"):
        b, a = before["reply_tokens"][d], after["reply_tokens"][d]
        lines.append(
            (
                f"reply tokens {d}: mean / median / max (at cap, windows)",
                f"{b['mean']} / {b['median']} / {b['max']} ({b['at_cap']}, {b['windows']})",
                f"{a['mean']} / {a['median']} / {a['max']} ({a['at_cap']}, {a['windows']})",
            )
        )
    for key in ("all_windows", "structure_first"):
        lines.append(
            (
                f"200 pages, {key.replace('_', ' ')}: windows, minutes",
                f"{before['windows_200_pages'][key]}, {before['estimate_200_pages_min'][key]}",
                f"{after['windows_200_pages'][key]}, {after['estimate_200_pages_min'][key]}",
            )
        )
    if "dev_quality" in before and "dev_quality" in after:
        for d in PROMPT_DETECTORS:
            b, a = before["dev_quality"][d], after["dev_quality"][d]
            lines.append(
                (
                    f"dev {d}: P / R / F1",
                    f"{b['precision']:.2f} / {b['recall']:.2f} / {b['f1']:.2f}",
                    f"{a['precision']:.2f} / {a['recall']:.2f} / {a['f1']:.2f}",
                )
            )
    return table(("windows (sample notebook)", "before", "after"), lines) + (
        f"\n\nprompt_windows_per_s after / before: {section['prompt_windows_per_s_ratio']}"
    )


def dumps(section: dict[str, Any]) -> str:
    return json.dumps(section, indent=2)
