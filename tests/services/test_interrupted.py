"""A process killed in the middle of a run leaves an attempt that the next open marks
``interrupted``; the previously published result is intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from app.services.notebooks import runs as notebook_runs
from app.store import open_database
from tests.notebook_files import SAMPLE_NOTEBOOK

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from app.llm import ModelWorker, WholeReplyModel
    from app.services.notebooks import pages as notebooks, runs as notebook_runs
    from app.store import open_database

    db = open_database(Path(sys.argv[1]))
    notebook = notebooks.import_notebook(db, Path(sys.argv[2])).value.id
    model = notebook_runs.ModelIdentity("stuck", "f" * 64, 4096, 512)

    class Stuck(WholeReplyModel):
        def complete(self, prompt):
            print("reading", flush=True)
            time.sleep(600)
            return "{}"

    ok = notebook_runs.run_detector(db, ModelWorker(lambda: Stuck()), notebook, "first_person")
    print("published", ok.value.id, flush=True)
    notebook_runs.run_detector(db, ModelWorker(lambda: Stuck()), notebook, "poetry", model=model)
    """
)


def test_a_killed_run_becomes_interrupted_on_the_next_open(tmp_path: Path) -> None:
    db_path = tmp_path / "inkling.sqlite3"
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            CHILD,
            str(db_path),
            str(SAMPLE_NOTEBOOK),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert child.stdout is not None
        published_line = child.stdout.readline()
        assert published_line.startswith("published"), published_line
        assert child.stdout.readline() == "reading\n"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    published_id = int(published_line.split()[1])

    with open_database(db_path) as db:
        [running] = [r for r in notebook_runs.list_runs(db, 1) if r.detector_id == "poetry"]
        assert running.attempt_state == "running"
        assert notebook_runs.reconcile_interrupted(db) == [running.id]
        [after] = [r for r in notebook_runs.list_runs(db, 1) if r.detector_id == "poetry"]
        assert after.attempt_state == "interrupted"
        assert not after.published
        kept = notebook_runs.published_run(db, 1, "first_person")
        assert kept is not None
        assert kept.id == published_id
        assert kept.findings
        assert notebook_runs.published_run(db, 1, "poetry") is None
