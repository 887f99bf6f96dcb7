"""A notebook run killed with SIGKILL midway resumes from the windows it finished: real
processes running the command line's ``inkling detect notebook`` with a real llama.cpp
model (the tiny generated GGUF), the kill timed by the first checkpoint on disk, not by
a sleep (issue 17, item 4).

The child is ``python -m app`` but for the reply budget: the tiny random model fills
every reply to the cap (512 tokens, minutes a window on 2 cores), so the child loads it
with ``MAX_TOKENS`` instead (the identity, and so the checkpoints' keys, are the same
in every run of the test)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from app import cli
from app.services.notebooks import checkpoints
from app.services.notebooks import runs as notebook_runs
from app.store import open_database

ROOT = Path(__file__).resolve().parents[2]
PAGES = 12
DETECTOR = "custom/dreams"
COLOURS = ("red", "green", "grey", "blue", "white", "black")
MAX_TOKENS = 12

CHILD = textwrap.dedent(
    f"""
    import sys
    from app import cli
    from app.llm import LlamaTextModel, ModelWorker

    def start_text_worker(path, settings):
        return ModelWorker(
            lambda: LlamaTextModel.load(
                path, n_ctx=settings.n_ctx, n_threads=settings.n_threads, max_tokens={MAX_TOKENS}
            )
        )

    cli.start_text_worker = start_text_worker
    raise SystemExit(cli.main(sys.argv[1:]))
    """
)


def notebook_file(folder: Path) -> Path:
    """A text notebook of ``PAGES`` distinct pages (one window each for a page detector)."""
    pages = [
        f"Day {n}. I dreamt of lighthouse number {n} and a {COLOURS[n % len(COLOURS)]} boat.\n"
        f"Then I woke at {n + 4} o'clock and wrote it down."
        for n in range(1, PAGES + 1)
    ]
    path = folder / "dreams.txt"
    path.write_text("\f".join(pages), encoding="utf-8")
    return path


def prepared_folder(folder: Path, notebook: Path) -> Path:
    """A data folder holding the notebook and a page-scope custom detector (no structure
    pre-checks: every page goes to the model)."""
    dreams = ["--name", "Dreams", "--instruction", "A dream.", "--scope", "page", "--id", "dreams"]
    for argv in (["notebook", "import", str(notebook)], ["detector", "add", *dreams]):
        assert cli.main([*argv, "--data-dir", str(folder)]) == 0
    return folder


def detect(folder: Path, model: Path) -> list[str]:
    """``inkling detect notebook 1 --detector custom/dreams --json`` over ``folder``."""
    return [
        sys.executable,
        "-c",
        CHILD,
        "detect",
        "notebook",
        "1",
        "--detector",
        DETECTOR,
        "--data-dir",
        str(folder),
        "--model",
        str(model),
        "--json",
    ]


def detect_to_the_end(folder: Path, model: Path) -> tuple[dict[str, Any], str]:
    """The run's JSON and its progress (stderr), from a process run to its end."""
    done = subprocess.run(
        detect(folder, model),
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def shape(doc: dict[str, Any]) -> list[Any]:
    return [
        {k: v for k, v in finding.items() if k not in ("id", "run_id")}
        for finding in doc["findings"]
    ]


@pytest.mark.slow  # three processes loading the model: about 50 s on 2 busy cores
def test_a_killed_run_resumes_without_reading_its_finished_windows_again(
    tmp_path: Path, roomy_tiny_model_path: Path
) -> None:
    notebook = notebook_file(tmp_path)
    data = prepared_folder(tmp_path / "killed", notebook)
    kept = checkpoints.detector_folder(data, 1, DETECTOR)

    child = subprocess.Popen(
        detect(data, roomy_tiny_model_path),
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while child.poll() is None and time.monotonic() < deadline:
            if kept.exists() and any(kept.glob("*.json")):
                break
            time.sleep(0.005)
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL, "the run ended before it was killed"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    finished = len(list(kept.glob("*.json")))
    assert 1 <= finished < PAGES

    doc, progress = detect_to_the_end(data, roomy_tiny_model_path)
    assert (doc["attempt_state"], doc["windows_total"]) == ("succeeded", PAGES)
    # the windows the killed run finished were read from their checkpoints, not the model
    assert doc["windows_reused"] == finished
    assert f"resuming: {finished} of {PAGES} windows already read" in progress
    assert not kept.exists(), "publishing removes the checkpoints"
    with open_database(data / "inkling.sqlite3") as db:
        states = [r.attempt_state for r in notebook_runs.list_runs(db, 1, DETECTOR)]
    assert states == ["succeeded", "interrupted"]

    # a run that was never stopped publishes the same findings and warnings
    reference = prepared_folder(tmp_path / "whole", notebook)
    expected, whole = detect_to_the_end(reference, roomy_tiny_model_path)
    assert expected["windows_reused"] == 0
    assert "resuming" not in whole
    assert doc["windows_scanned"] == expected["windows_scanned"]
    assert doc["warnings"] == expected["warnings"]
    assert shape(doc) == shape(expected)
