"""A notebook run stopped midway resumes from its finished windows, which are kept under
a key of everything the window's reply depends on; the time left is estimated from the
run's own speed (issue 17, item 4).  The same with a process killed by SIGKILL:
``tests/services/test_resume_killed.py``."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.domain import Prompt
from app.domain.progress import CancelToken, Progress
from app.llm import GenerationStats, ModelWorker
from app.services.notebooks import checkpoints
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, RunInfo, run_detector
from app.store import Database, open_database
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.conftest import ScriptedModel
from tests.services.test_notebook_runs import MODEL, poem_reply

Worker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]
pytestmark = pytest.mark.usefixtures("model_only")  # every window goes to the model


@pytest.fixture
def notebook(db: Database) -> int:
    return notebooks.import_notebook(db, SAMPLE, title="Sample").value.id


def kept_files(db: Database, notebook_id: int, detector_id: str = "poetry") -> list[Path]:
    folder = checkpoints.detector_folder(db.path.parent, notebook_id, detector_id)
    return sorted(folder.glob("*.json")) if folder.exists() else []


def stopped_after(windows: int, cancel: CancelToken) -> ScriptedModel:
    """A model whose run is cancelled once it has read ``windows`` windows."""
    model: ScriptedModel

    def reply(prompt: Prompt) -> str:
        if len(model.prompts) >= windows:
            cancel.cancel()  # seen before the next window
        return poem_reply(prompt)

    model = ScriptedModel(reply)
    return model


def cancelled_run(
    db: Database, notebook: int, make_worker: Worker, windows: int, model: ModelIdentity = MODEL
) -> RunInfo:
    cancel = CancelToken()
    run = run_detector(
        db,
        make_worker(stopped_after(windows, cancel)),
        notebook,
        "poetry",
        model=model,
        cancel=cancel,
    ).value
    assert run.attempt_state == "cancelled"
    return run


def published_shape(run: RunInfo) -> list[tuple[Any, ...]]:
    """What a run published, without its ids (another database has other ids)."""
    return [
        (
            f.finding_type,
            f.confidence,
            f.reason,
            json.dumps(f.detector_data, sort_keys=True),
            tuple((e.anchor_start, e.anchor_end, e.anchor_text) for e in f.evidence),
        )
        for f in run.findings
    ]


def uninterrupted(tmp_path: Path, make_worker: Worker) -> RunInfo:
    (tmp_path / "other").mkdir()
    with open_database(tmp_path / "other" / "inkling.sqlite3") as other:
        notebook = notebooks.import_notebook(other, SAMPLE, title="Sample").value.id
        return run_detector(
            other, make_worker(ScriptedModel(poem_reply)), notebook, "poetry", model=MODEL
        ).value


def test_a_cancelled_run_resumes_from_its_finished_windows(
    db: Database, notebook: int, make_worker: Worker, tmp_path: Path
) -> None:
    cancelled_run(db, notebook, make_worker, 2)
    assert len(kept_files(db, notebook)) == 2
    model = ScriptedModel(poem_reply)
    progress: list[Progress] = []
    run = run_detector(
        db, make_worker(model), notebook, "poetry", model=MODEL, on_progress=progress.append
    ).value
    assert len(model.prompts) == 1  # only the third window went to the model
    assert "Low Tide" not in model.prompts[0].user  # the poem's window was not read again
    assert (run.attempt_state, run.published) == ("succeeded", True)
    assert (run.windows_scanned, run.windows_reused, run.windows_total) == (3, 2, 3)
    assert progress[0] == Progress(0, 3, reused=2)
    assert {p.reused for p in progress} == {2}
    # what it published is what a run that was never stopped publishes
    whole = uninterrupted(tmp_path, make_worker)
    assert whole.windows_reused == 0
    assert published_shape(run) == published_shape(whole)
    assert len(run.findings) == 1
    assert run.warnings == whole.warnings
    # published: the kept windows are gone, and a forced run reads every window
    assert kept_files(db, notebook) == []
    again = ScriptedModel(poem_reply)
    forced = run_detector(db, make_worker(again), notebook, "poetry", model=MODEL, force=True)
    assert len(again.prompts) == 3
    assert forced.value.windows_reused == 0


def test_a_changed_page_reads_its_windows_again_and_only_them(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    cancelled_run(db, notebook, make_worker, 2)  # windows: pages 1-3, 3-5, 5-6
    fifth = notebooks.list_pages(db, notebook)[4]
    notebooks.edit_page_text(db, fifth.id, "An edited fifth page.")
    model = ScriptedModel(poem_reply)
    run = run_detector(db, make_worker(model), notebook, "poetry", model=MODEL).value
    assert (run.windows_scanned, run.windows_reused) == (3, 1)
    assert len(model.prompts) == 2  # the second window holds the edited page: read again
    assert all("An edited fifth page." in p.user for p in model.prompts)
    assert run.published


def test_another_model_or_version_reads_every_window(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    cancelled_run(db, notebook, make_worker, 2)
    other = ModelIdentity("scripted", "1" * 64, 4096, 512)
    model = ScriptedModel(poem_reply)
    run = run_detector(db, make_worker(model), notebook, "poetry", model=other).value
    assert (len(model.prompts), run.windows_reused) == (3, 0)


def test_a_model_without_a_description_keeps_nothing(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    cancel = CancelToken()
    run = run_detector(
        db, make_worker(stopped_after(2, cancel)), notebook, "poetry", cancel=cancel
    ).value
    assert run.attempt_state == "cancelled"
    assert kept_files(db, notebook) == []
    assert not (db.path.parent / checkpoints.CHECKPOINTS_FOLDER).exists()


def test_an_unreadable_checkpoint_is_read_again_and_never_logged(
    db: Database, notebook: int, make_worker: Worker, caplog: pytest.LogCaptureFixture
) -> None:
    cancelled_run(db, notebook, make_worker, 2)
    first, second = kept_files(db, notebook)
    assert oct(first.stat().st_mode & 0o777) == "0o600"
    assert oct(first.parent.stat().st_mode & 0o777) == "0o700"
    first.write_text('{"version": 1, "key": "not this file', encoding="utf-8")
    doc = json.loads(second.read_text(encoding="utf-8"))
    second.write_text(json.dumps({**doc, "key": "0" * 64}), encoding="utf-8")
    model = ScriptedModel(poem_reply)
    with caplog.at_level(logging.WARNING):
        run = run_detector(db, make_worker(model), notebook, "poetry", model=MODEL).value
    assert (len(model.prompts), run.windows_reused) == (3, 0)
    assert run.published
    logged = caplog.text
    assert "kept window" in logged
    texts = [p.text or "" for p in notebooks.list_pages(db, notebook)]
    assert not any(line.strip() and line in logged for text in texts for line in text.splitlines())


def test_deleting_the_notebook_removes_its_checkpoints(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    cancelled_run(db, notebook, make_worker, 1)
    assert kept_files(db, notebook)
    notebooks.delete_notebook(db, notebook)
    assert not checkpoints.notebook_folder(db.path.parent, notebook).exists()


def reported(db: Database, notebook: int, worker: ModelWorker[ScriptedModel]) -> list[Progress]:
    """The progress a run reports."""
    progress: list[Progress] = []
    run_detector(db, worker, notebook, "poetry", model=MODEL, on_progress=progress.append)
    return progress


def test_the_time_left_is_given_once_a_window_is_read(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    progress = reported(db, notebook, make_worker(ScriptedModel(poem_reply)))
    assert [p.done for p in progress] == [0, 1, 2, 3]
    assert progress[0].seconds_left is None  # nothing measured yet: no guess
    assert all(p.seconds_left is not None and p.seconds_left >= 0 for p in progress[1:])
    assert progress[-1].seconds_left == 0.0


class CountingModel(ScriptedModel):
    """Reports token counts the way llama.cpp does, with a fixed speed."""

    def complete(self, prompt: Prompt) -> str:
        reply = super().complete(prompt)
        self.last_stats = GenerationStats(
            prompt_tokens=len(prompt.user) // 4,
            evaluated_prompt_tokens=len(prompt.user) // 4,
            reused_prompt_tokens=0,
            generated_tokens=40,
            seconds=0.0,
            prompt_seconds=0.0,
            tokens_per_second=0.0,
            prompt_tokens_per_second=0.0,
            finish_reason="stop",
        )
        return reply


def test_a_resumed_run_estimates_only_the_windows_it_reads(
    db: Database, notebook: int, make_worker: Worker
) -> None:
    cancelled_run(db, notebook, make_worker, 1)
    progress = reported(db, notebook, make_worker(CountingModel(poem_reply)))
    assert [(p.done, p.reused) for p in progress] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    # the window read from its checkpoint was not timed: still no estimate after it
    assert [p.seconds_left is None for p in progress] == [True, True, False, False]
