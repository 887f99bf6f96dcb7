"""Notebooks: lexical counters and names per second, a prompt detector's windows per
second, the cost of an unchanged re-run, and run time against the number of pages."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any
from unittest import mock

from app import resources
from app.nlp.people import load_ner
from app.paths import database_path
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.models import text_identity
from app.services.notebooks.runs import ModelIdentity
from app.services.settings import Settings
from app.store import Database, open_database
from bench.common import Sizes, per_doubling
from bench.pipeline import LoadedModel

LEXICAL_AND_NAMES = ("first_person", "swear_words", "names")
PROMPT_DETECTOR = "poetry"

_PEOPLE = ("Anna", "Tom Becker", "Mrs. Okafor", "Lucia", "Daniel", "Priya Natarajan", "Uncle Joe")
_LINES = (
    "I met {a} at the market and we argued about tomatoes.",
    "{a} says the bridge will close in March, damn it.",
    "I think I left my umbrella at {a}'s place again.",
    "Train to the coast. {a} and {b} slept the whole way.",
    "Bloody cold this morning; I wore two jumpers.",
    "Notes from the meeting with {a}: budget, dates, who brings the cake.",
    "I keep a list of birds: heron, wren, two magpies, a kestrel.",
    "What a crap day. I fixed the shelf and it fell down again.",
)


def generated_pages(count: int, rng: random.Random) -> list[str]:
    """``count`` pages: the sample notebook's pages among prose with names and swearing."""
    samples = [p.strip("\n") for p in resources.sample_notebook().split("\f")]
    pages: list[str] = []
    for i in range(count):
        if i % 4 == 0:
            pages.append(samples[(i // 4) % len(samples)])
            continue
        lines = [
            rng.choice(_LINES).format(a=rng.choice(_PEOPLE), b=rng.choice(_PEOPLE))
            for _ in range(rng.randint(4, 9))
        ]
        pages.append("\n".join(lines))
    return pages


def import_generated(db: Database, folder: Path, pages: list[str], title: str) -> int:
    source = folder / f"{title}.txt"
    source.write_text("\f".join(pages), encoding="utf-8")
    return notebooks.import_notebook(db, source, title=title).value.id


def run_lexical_and_names(db: Database, notebook_id: int) -> float:
    """Seconds for a forced run of the two counters and names (no model needed)."""
    started = time.perf_counter()
    for detector_id in LEXICAL_AND_NAMES:
        notebook_runs.run_detector(db, None, notebook_id, detector_id, force=True)
    return time.perf_counter() - started


def bench_notebooks(
    loaded: LoadedModel, root: Path, sizes: Sizes, rng: random.Random
) -> dict[str, Any]:
    folder = root / "notebooks"
    folder.mkdir()
    db = open_database(database_path(folder))
    try:
        started = time.perf_counter()
        load_ner()  # once per app session; not part of the per-page figure
        ner_load_s = time.perf_counter() - started

        pages = generated_pages(sizes.notebook_pages, rng)
        import_s, notebook_id = _timed_import(db, folder, pages, "generated")

        # lexical counters and names over every page (forced: the work is done each time)
        names_s = run_lexical_and_names(db, notebook_id)

        # a prompt detector over the first pages, through the model's worker
        identity = text_identity(folder, loaded.path, Settings())
        scope = [p.id for p in notebooks.list_pages(db, notebook_id)[: sizes.prompt_pages]]
        calls = loaded.calls
        started = time.perf_counter()
        run = _run_prompt_detector(db, loaded, notebook_id, identity, scope, force=True)
        prompt_s = time.perf_counter() - started
        windows = loaded.calls - calls

        # an unchanged re-run of all four: answered from the published results
        calls = loaded.calls
        started = time.perf_counter()
        hits = _rerun(db, loaded, notebook_id, identity, scope)
        rerun_s = time.perf_counter() - started
        rerun_calls = loaded.calls - calls

        # run time against pages (the lexical counters and names)
        by_pages: dict[str, float] = {}
        for count in sizes.scaling_pages:
            nb = (
                notebook_id
                if count == len(pages)
                else _timed_import(db, folder, pages[:count], f"first-{count}")[1]
            )
            by_pages[str(count)] = round(run_lexical_and_names(db, nb), 3)
    finally:
        db.close()
    return {
        "pages": len(pages),
        "notebook_import_s": round(import_s, 3),
        "ner_load_s": round(ner_load_s, 3),
        "lexical_names_pages_per_s": round(len(pages) / names_s, 1),
        "prompt_detector": PROMPT_DETECTOR,
        "prompt_windows": windows,
        "prompt_run_state": run.attempt_state,
        "prompt_windows_per_s": round(windows / prompt_s, 3) if prompt_s else 0.0,
        "rerun_model_calls": rerun_calls,
        "rerun_cache_hits": hits,
        "rerun_s": round(rerun_s, 3),
        "run_s_by_pages": by_pages,
        "pages_growth_per_doubling": per_doubling(
            [float(c) for c in sizes.scaling_pages], list(by_pages.values())
        ),
    }


def _timed_import(db: Database, folder: Path, pages: list[str], title: str) -> tuple[float, int]:
    started = time.perf_counter()
    notebook_id = import_generated(db, folder, pages, title)
    return time.perf_counter() - started, notebook_id


def _rerun(
    db: Database,
    loaded: LoadedModel,
    notebook_id: int,
    identity: ModelIdentity,
    scope: list[int],
) -> int:
    """Run the four detectors again, unchanged; how many were answered from the cache."""
    hits = 0
    for detector_id in LEXICAL_AND_NAMES:
        view = notebook_runs.run_detector(db, None, notebook_id, detector_id).value
        hits += int(view.cache_hit)
    view = _run_prompt_detector(db, loaded, notebook_id, identity, scope, force=False)
    return hits + int(view.cache_hit)


def _run_prompt_detector(
    db: Database,
    loaded: LoadedModel,
    notebook_id: int,
    identity: ModelIdentity,
    scope: list[int],
    *,
    force: bool,
) -> notebook_runs.RunInfo:
    """The prompt detector with every window sent to the model: ``prompt_windows_per_s``
    measures the model's windows, which reading structure first would mostly skip."""
    with mock.patch.object(notebook_runs, "structure_of", return_value=None):
        return notebook_runs.run_detector(
            db,
            loaded.worker,
            notebook_id,
            PROMPT_DETECTOR,
            model=identity,
            page_ids=scope,
            force=force,
        ).value
