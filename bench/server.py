"""A notebook run on the model in-process versus on a model server (issue 18 item 3).

The same prompt detector (structure first turned off, so every window is sent) over the
same pages, three ways, one after the other in one run: the model loaded in this process
on its worker thread; llama-cpp-python's OpenAI-compatible server (``python -m
llama_cpp.server``, the same GGUF, 2 threads) on a free loopback port with one request at
a time; and the same server with four requests in flight.  llama-cpp-python's server
answers one request at a time, so four in flight show what the app sends, not what a
batching server (llama.cpp's ``llama-server --parallel 4``, vLLM) would make of it.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any
from unittest import mock

from app.llm import ModelWorker, StreamingModel
from app.llm.server import parse_server_url
from app.paths import database_path
from app.services.models.server import ServerChoice, start_server_worker
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.models import text_identity
from app.services.notebooks.runs import ModelIdentity
from app.services.settings import Settings
from app.store import Database, open_database
from bench.common import N_THREADS, Sizes
from bench.notebooks import PROMPT_DETECTOR, generated_pages, import_generated
from bench.pipeline import LoadedModel
from tests.model_server import serve_llama


def _run(
    db: Database,
    worker: ModelWorker[StreamingModel],
    notebook_id: int,
    scope: list[int],
    identity: ModelIdentity,
) -> tuple[float, int]:
    """Seconds and windows read for a forced run of the prompt detector, every window sent."""
    started = time.perf_counter()
    with mock.patch.object(notebook_runs, "structure_of", return_value=None):
        run = notebook_runs.run_detector(
            db, worker, notebook_id, PROMPT_DETECTOR, model=identity, page_ids=scope, force=True
        ).value
    seconds = time.perf_counter() - started
    return seconds, run.windows_scanned


def bench_server(
    loaded: LoadedModel, root: Path, sizes: Sizes, rng: random.Random
) -> dict[str, Any]:
    folder = root / "server"
    folder.mkdir()
    db = open_database(database_path(folder))
    try:
        pages = generated_pages(max(sizes.prompt_pages, 4), rng)
        notebook_id = import_generated(db, folder, pages, "server")
        scope = [p.id for p in notebooks.list_pages(db, notebook_id)]
        identity = text_identity(folder, loaded.path, Settings())
        rows: dict[str, dict[str, float]] = {}
        in_process: Any = loaded.worker  # a worker of LlamaTextModel, a StreamingModel
        seconds, windows = _run(db, in_process, notebook_id, scope, identity)
        rows["in_process"] = {"windows": windows, "s": round(seconds, 2)}
        log = folder / "server.log"
        with serve_llama(loaded.path, log, n_ctx=Settings().n_ctx, n_threads=N_THREADS) as url:
            for concurrency in (1, 4):
                choice = ServerChoice(parse_server_url(url), "tiny")
                worker = start_server_worker(choice, Settings(server_concurrency=concurrency))
                try:
                    seconds, windows = _run(db, worker, notebook_id, scope, identity)
                finally:
                    worker.close()
                rows[f"server_{concurrency}"] = {"windows": windows, "s": round(seconds, 2)}
    finally:
        db.close()
    out: dict[str, Any] = {"detector": PROMPT_DETECTOR, "pages": len(scope), "runs": rows}
    for name, row in rows.items():
        out[f"{name}_windows_per_s"] = round(row["windows"] / row["s"], 3) if row["s"] else 0.0
    base = out["in_process_windows_per_s"]
    out["server_4_vs_in_process"] = round(out["server_4_windows_per_s"] / base, 2) if base else 0.0
    return out
