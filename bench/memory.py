"""Peak memory with the model loaded and a notebook run in progress, in a process of its
own (so nothing else the benchmarks did counts): ``python -m bench.memory MODEL PAGES``.

The child loads the model on its worker thread as the app does, imports a generated
notebook, finds the names on every page (spaCy), then runs a prompt detector (poems)
over one window of it, while a thread samples the resident set size.  It prints one JSON
document.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

SAMPLE_EVERY_S = 0.05
WINDOW_PAGES = 3
"""The prompt detector (poems) reads one window of three pages."""


def _status_mb(field: str) -> float | None:
    """A ``/proc/self/status`` figure (Linux) in MiB; None where there is none."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def rss_mb() -> float:
    """The current resident set size in MiB (0 where unknown)."""
    return _status_mb("VmRSS") or 0.0


def peak_rss_mb() -> float:
    """The peak resident set size of this process so far, in MiB.

    ``VmHWM`` where /proc has it: getrusage's ``ru_maxrss`` survives ``execve`` on Linux,
    so in a child started by a big parent it reports the parent's peak."""
    hwm = _status_mb("VmHWM")
    if hwm is not None:
        return hwm
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure_in_child(model_path: Path, pages: int, timeout: float = 900) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.memory", str(model_path), str(pages)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=Path(__file__).resolve().parents[1],
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the memory benchmark failed: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _child(model_path: Path, pages: int) -> dict[str, Any]:
    from bench.common import isolate

    root = Path(tempfile.mkdtemp(prefix="inkling-bench-memory-"))
    isolate(root)

    from app.paths import database_path
    from app.services.notebooks import pages as notebooks
    from app.services.notebooks import runs as notebook_runs
    from app.services.notebooks.models import start_text_worker, text_identity
    from app.services.settings import Settings
    from app.store import open_database
    from bench.common import N_THREADS
    from bench.notebooks import generated_pages, import_generated

    baseline = rss_mb()
    sampled = [baseline]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(SAMPLE_EVERY_S):
            sampled.append(rss_mb())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    settings = Settings(n_threads=N_THREADS)
    folder = root / "data"
    db = open_database(database_path(folder))
    worker = start_text_worker(model_path, settings)
    worker.start()
    try:
        notebook_id = import_generated(db, root, generated_pages(pages, random.Random(5)), "memory")
        identity = text_identity(folder, model_path, settings)
        notebook_runs.run_detector(db, None, notebook_id, "names", force=True)
        first_window = [p.id for p in notebooks.list_pages(db, notebook_id)[:WINDOW_PAGES]]
        run = notebook_runs.run_detector(
            db,
            worker,
            notebook_id,
            "poetry",
            model=identity,
            force=True,
            page_ids=first_window,
        ).value
        loaded = worker.model_loaded
    finally:
        stop.set()
        sampler.join()
        worker.close()
        db.close()
    return {
        "peak_rss_mb": round(max(peak_rss_mb(), max(sampled)), 1),
        "baseline_rss_mb": round(baseline, 1),
        "model_loaded": loaded,
        "run_state": run.attempt_state,
        "pages": pages,
    }


if __name__ == "__main__":
    print(json.dumps(_child(Path(sys.argv[1]), int(sys.argv[2]))))
