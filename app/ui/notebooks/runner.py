"""Notebook detector runs and one-window trials for the window, with one model worker.

A run goes through the three phases of :mod:`app.services.notebooks.runs`, each on its
lane of the window's ``Tasks``: the plan and its attempt on the database lane, the
model's work on the long lane (which hands every window to the model's owner thread, a
``ModelWorker``, and waits for it), and the store step back on the database lane, the
only one that writes.  The GUI thread never touches the database or the model: results
and progress come back as the task's callbacks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any, NoReturn

from app.domain import Prompt, TextModel
from app.domain.progress import CancelToken, ProgressFn
from app.llm import JobContext, ModelError, ModelWorker
from app.services.changes import OpResult
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.runs import ModelIdentity, RunInfo, RunPlan, VisionRuntime
from app.store import Database
from app.ui.common.tasks import Lane, Task, Tasks, Then

log = logging.getLogger(__name__)

WorkerSource = Callable[[], ModelWorker[Any] | None]
"""Returns the text model's worker (the owner thread of the model), or None."""
RunStep = OpResult[RunInfo] | Then[OpResult[RunInfo]]


class DetectorRunner:
    """Runs detectors and single prompts with one model worker.

    ``worker`` is a ``ModelWorker`` or a callable returning the current one, so that a
    model switched in Settings is picked up (the main window's ``ModelBridge`` owns the
    worker: pass ``lambda: <the bridge's worker>``); ``identity`` describes the model for
    the cache identity (``app.services.notebooks.models.text_identity``).
    """

    def __init__(
        self,
        db: Database,
        worker: ModelWorker[Any] | WorkerSource | None,
        identity: ModelIdentity | None = None,
        *,
        vision: VisionRuntime | None = None,
    ) -> None:
        self.db = db
        if worker is None or isinstance(worker, ModelWorker):
            fixed = worker
            self._source: WorkerSource = lambda: fixed
        else:
            self._source = worker
        self.identity = identity
        self.vision = vision

    @property
    def worker(self) -> ModelWorker[Any] | None:
        return self._source()

    def start(
        self,
        tasks: Tasks,
        notebook_id: int,
        detector_id: str,
        *,
        force: bool = False,
        task: Task | None = None,
        on_progress: ProgressFn | None = None,
        on_done: Callable[[OpResult[RunInfo]], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> Task:
        """Run a detector over a notebook in its three phases (see the module doc);
        cancelling the task stops it between windows (the run ends ``cancelled``)."""
        handle = task if task is not None else Task()
        db, worker, vision = self.db, self.worker, self.vision
        text_model = notebook_runs.text_model_identity(worker, self.identity)

        def prepare() -> RunStep:
            prepared = notebook_runs.prepare_run(
                db, notebook_id, detector_id, text_model=text_model, vision=vision, force=force
            )
            if isinstance(prepared, OpResult):
                return prepared  # nothing to run: skipped, or already up to date
            return Then(Lane.LONG, lambda: detect(prepared))

        def detect(prepared: RunPlan) -> RunStep:
            try:
                detection = notebook_runs.detect_run(
                    prepared, worker, vision, on_progress=handle.report, cancel=handle.token
                )
            except BaseException as exc:  # the attempt ends failed, then the error is shown
                return Then(Lane.DATABASE, partial(abandon, prepared, exc))
            return Then(Lane.DATABASE, lambda: notebook_runs.store_run(db, detection))

        def abandon(prepared: RunPlan, error: BaseException) -> NoReturn:
            notebook_runs.abandon_run(db, prepared, error)
            raise error

        return tasks.run(
            prepare,
            task=handle,
            on_progress=on_progress,
            on_done=on_done,
            on_error=on_error,
        )

    def run(
        self,
        notebook_id: int,
        detector_id: str,
        *,
        force: bool = False,
        on_progress: ProgressFn | None = None,
        cancel: CancelToken | None = None,
    ) -> OpResult[RunInfo]:
        """The same run in one call, on this thread (scripts and screenshots)."""
        worker = self.worker
        return notebook_runs.run_detector(
            self.db,
            worker,
            notebook_id,
            detector_id,
            model=self.identity if worker is not None else None,
            force=force,
            page_ids=None,
            vision=self.vision,
            on_progress=on_progress,
            cancel=cancel,
        )

    def complete(self, prompt: Prompt) -> str:
        """One prompt through the text model, on the model's own thread (blocks)."""
        worker = self.worker
        if worker is None:
            raise ModelError("No language model is configured; choose one in Settings.")

        def job(ctx: JobContext[TextModel]) -> str:
            return ctx.model.complete(prompt)

        result: str = worker.submit(job).result()
        return result
