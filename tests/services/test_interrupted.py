"""A process killed in the middle of a run leaves an attempt that the next open marks
``interrupted``; the previously published result is intact.  A run in a live process is
never marked, and a finished result that cannot be published at once is never lost."""

from __future__ import annotations

import io
import os
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app import cli
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.store import Database, open_database
from tests.lock_holder import write_lock_held
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
    notebook_runs.structure_of = lambda *args, **kwargs: None  # every window to the model

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
        lock = tmp_path / "locks" / f"run-{running.id}.lock"
        assert lock.exists(), "the killed owner's lock file stays, no longer held"
        assert notebook_runs.reconcile_interrupted(db) == [running.id]
        assert not lock.exists()
        [after] = [r for r in notebook_runs.list_runs(db, 1) if r.detector_id == "poetry"]
        assert after.attempt_state == "interrupted"
        assert not after.published
        kept = notebook_runs.published_run(db, 1, "first_person")
        assert kept is not None
        assert kept.id == published_id
        assert kept.findings
        assert notebook_runs.published_run(db, 1, "poetry") is None


LIVE_CHILD = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from app.llm import ModelWorker, WholeReplyModel
    from app.services.notebooks import pages as notebooks, runs as notebook_runs
    from app.store import open_database

    db = open_database(Path(sys.argv[1]))
    notebook = notebooks.import_notebook(db, Path(sys.argv[2])).value.id
    model = notebook_runs.ModelIdentity("waiting", "f" * 64, 4096, 512)
    notebook_runs.structure_of = lambda *args, **kwargs: None  # every window to the model

    class Waiting(WholeReplyModel):
        waited = False

        def complete(self, prompt):
            if not self.waited:
                self.waited = True
                print("reading", flush=True)
                sys.stdin.readline()  # until the test lets the run finish
            return "{}"

    worker = ModelWorker(lambda: Waiting())
    done = notebook_runs.run_detector(db, worker, notebook, "poetry", model=model).value
    print(done.attempt_state, done.published, done.message, flush=True)
    """
)


def test_a_run_in_a_live_process_is_never_marked_interrupted(tmp_path: Path) -> None:
    db_path = tmp_path / "inkling.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", LIVE_CHILD, str(db_path), str(SAMPLE_NOTEBOOK)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert child.stdin is not None
        assert child.stdout is not None
        assert child.stdout.readline() == "reading\n"
        with open_database(db_path) as db:
            assert notebook_runs.reconcile_interrupted(db) == []
            # a command opening the same folder meanwhile leaves it alone too
            assert (
                cli.main(["notebook", "list", "--data-dir", str(tmp_path)], out=io.StringIO()) == 0
            )
            [running] = notebook_runs.list_runs(db, 1)
            assert running.attempt_state == "running"
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline() == "succeeded True None\n"
        assert child.wait(timeout=30) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with open_database(db_path) as db:
        published = notebook_runs.published_run(db, 1, "poetry")
        assert published is not None
        assert (published.id, published.attempt_state) == (running.id, "succeeded")


def _finished_run(db_path: Path) -> tuple[Database, notebook_runs.RunDetection]:
    """A first-person run over the sample notebook, read and ready to publish."""
    db = open_database(db_path)
    notebook = notebooks.import_notebook(db, SAMPLE_NOTEBOOK).value.id
    prepared = notebook_runs.prepare_run(db, notebook, "first_person", text_model=None)
    assert isinstance(prepared, notebook_runs.RunPlan)
    return db, notebook_runs.detect_run(prepared, None)


def test_a_publish_blocked_for_a_while_waits_visibly_and_lands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INKLING_LOCK_WAIT", "30")
    db, detection = _finished_run(tmp_path / "inkling.sqlite3")
    waited: list[float] = []
    db.waits.listen(waited.append)
    with db, write_lock_held(db.path, seconds=1.5):
        stored = notebook_runs.store_run(db, detection).value
    assert waited, "the wait was reported"
    assert stored.published
    assert stored.attempt_state == "succeeded"
    assert stored.findings


def test_a_result_that_cannot_be_published_is_kept_and_published_on_the_next_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INKLING_LOCK_WAIT", "0.5")
    db_path = tmp_path / "inkling.sqlite3"
    db, detection = _finished_run(db_path)
    run_id = detection.prepared.run_id
    with db, write_lock_held(db_path):
        with pytest.raises(
            notebook_runs.ResultKeptError, match="result was kept and will be published"
        ):
            notebook_runs.store_run(db, detection)
        [kept] = (tmp_path / "pending").iterdir()
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
        # another open meanwhile: the owner is gone, but its result waits to be published
        assert notebook_runs.reconcile_interrupted(db) == []
    with open_database(db_path) as again:
        assert notebook_runs.reconcile_interrupted(again) == []
        published = notebook_runs.published_run(again, 1, "first_person")
        assert published is not None
        assert (published.id, published.attempt_state) == (run_id, "succeeded")
        assert published.findings
        assert published.pages_scanned == len(detection.prepared.plan.candidates)
    assert not kept.exists()
