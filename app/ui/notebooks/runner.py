"""Long notebook work off the GUI thread: detector runs and one-window trials.

A detector run can take minutes, so it does not go through ``Operations`` (whose one
thread would be blocked for every other view); it runs on a ``Background`` pool thread.
That thread calls ``run_detector``, which submits the model part to the model's owner
thread (a ``ModelWorker``) and waits for it.  The GUI thread never touches the database
or the model: results and progress come back through queued signals.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from app.domain import Prompt, TextModel
from app.llm import JobContext, ModelError, ModelWorker
from app.services.changes import OpResult
from app.services.notebook_runs import ModelIdentity, RunInfo, VisionRuntime, run_detector
from app.store import Database

T = TypeVar("T")
log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
WorkerSource = Callable[[], ModelWorker[Any] | None]
"""Returns the text model's worker (the owner thread of the model), or None."""


class DetectorRunner:
    """Runs detectors and single prompts with one model worker.

    Every method is called on a background thread (never the GUI thread).  ``worker``
    is a ``ModelWorker`` or a callable returning the current one, so that a model switched
    in Settings is picked up (the main window's ``ModelBridge`` owns the worker: pass
    ``lambda: <the bridge's worker>``); ``identity`` describes the model for the cache
    identity (``app.services.notebook_models.text_identity``).
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

    def run(
        self,
        notebook_id: int,
        detector_id: str,
        *,
        force: bool = False,
        on_progress: Progress | None = None,
        cancel: threading.Event | None = None,
    ) -> OpResult[RunInfo]:
        worker = self.worker
        return run_detector(
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


class _Relay(QObject):
    finished = Signal(object, object)
    progress = Signal(int, int)


class _Task(QRunnable, Generic[T]):
    def __init__(self, fn: Callable[[Progress], T], relay: _Relay) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._fn = fn
        self._relay = relay

    def run(self) -> None:
        try:
            result: Any = self._fn(self._relay.progress.emit)
        except BaseException as exc:  # delivered to the GUI thread
            self._relay.finished.emit(None, exc)
        else:
            self._relay.finished.emit(result, None)


class Background(QObject):
    """A small pool for long tasks (detector runs, trials); callbacks on the GUI thread."""

    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None, *, threads: int = 2) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self._pending: set[_Relay] = set()

    @property
    def pending(self) -> int:
        return len(self._pending)

    def run(
        self,
        fn: Callable[[Progress], T],
        *,
        on_done: Callable[[T], None],
        on_error: Callable[[BaseException], None],
        on_progress: Progress | None = None,
    ) -> None:
        """Run ``fn(report)`` on a pool thread; ``report(done, total)`` reaches
        ``on_progress`` on the GUI thread."""
        relay = _Relay()
        self._pending.add(relay)
        if len(self._pending) == 1:
            self.busy_changed.emit(True)
        if on_progress is not None:
            relay.progress.connect(on_progress)

        @Slot(object, object)
        def finish(result: Any, error: BaseException | None) -> None:
            self._pending.discard(relay)
            relay.deleteLater()
            if not self._pending:
                self.busy_changed.emit(False)
            if error is not None:
                on_error(error)
            else:
                on_done(result)

        relay.finished.connect(finish)
        self._pool.start(_Task(fn, relay))

    def wait(self, msecs: int = 30_000) -> bool:
        return bool(self._pool.waitForDone(msecs))
