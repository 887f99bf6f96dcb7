"""The GUI's handle on the model: one ``ModelWorker`` (the model's owner thread), with Qt
signals for results, progress and speed.

Jobs run on the worker thread; their results come back on the GUI thread through a queued
signal (``Job.add_done_callback`` runs on the worker thread and only emits).  The model is
created, used and closed on its own thread and nowhere else.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Qt, Signal, Slot

from app.domain.progress import Cancelled, Progress
from app.llm import (
    Job,
    JobContext,
    LlamaTextModel,
    ModelError,
    ModelWorker,
    StreamingModel,
    load_cancel_token,
)
from app.services.settings import Settings

T = TypeVar("T")
log = logging.getLogger(__name__)

Loader = Callable[[], StreamingModel]
LoaderFactory = Callable[[Path, Settings], Loader]

_TPS_INTERVAL = 0.25
"""Seconds between two tokens-per-second reports while a reply is being written."""


def llama_loader(path: Path, settings: Settings) -> Loader:
    """The production loader: llama.cpp with the saved threads and context size."""

    def load() -> StreamingModel:
        return LlamaTextModel.load(
            path,
            n_ctx=settings.n_ctx,
            n_threads=settings.n_threads,
            n_gpu_layers=settings.n_gpu_layers,
            cancel=load_cancel_token(),
        )

    return load


class _Held:
    """A job asked for while the model was still being chosen."""

    __slots__ = ("fn", "on_done", "on_error")

    def __init__(
        self,
        fn: Callable[[JobContext[StreamingModel]], Any],
        on_done: Callable[[Any], None] | None,
        on_error: Callable[[BaseException], None] | None,
    ) -> None:
        self.fn = fn
        self.on_done = on_done
        self.on_error = on_error


class _Pending:
    __slots__ = ("job", "on_done", "on_error")

    def __init__(
        self,
        job: Job[Any],
        on_done: Callable[[Any], None] | None,
        on_error: Callable[[BaseException], None] | None,
    ) -> None:
        self.job = job
        self.on_done = on_done
        self.on_error = on_error


class ModelBridge(QObject):
    """Owns one model worker at a time; every call to the model goes through ``submit``."""

    progress = Signal(int, int)
    """(done, total) of the running job; total 0 means "unknown" (a busy indicator)."""
    tokens_per_second = Signal(float)
    busy_changed = Signal(bool)
    model_changed = Signal(str)
    """The display name of the model now in use (empty when there is none)."""
    model_failed = Signal(str)
    """A model chosen with ``switch_model`` could not load (the old one stays in use)."""
    _delivered = Signal(int)
    _switched = Signal(int)

    def __init__(
        self,
        loader: Loader | None,
        *,
        name: str = "",
        path: Path | None = None,
        problem: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()
        self._worker: ModelWorker[StreamingModel] | None = None
        self._name = name
        self._path = path
        self._problem = problem
        self._closed = False
        self._awaiting = False
        self._held: list[_Held] = []
        self._switching: dict[
            int, tuple[ModelWorker[StreamingModel], Job[None], str, Path | None]
        ] = {}
        # Always queued: a job that finished before its callback was added reports from
        # the GUI thread itself, and must still arrive later, never inside ``submit``.
        queued = Qt.ConnectionType.QueuedConnection
        self._delivered.connect(self._deliver, queued)
        self._switched.connect(self._finish_switch, queued)
        if loader is not None:
            self._worker = ModelWorker(loader, name="inkling-model")

    # ------------------------------------------------------------------ state

    @property
    def model_name(self) -> str:
        return self._name

    @property
    def model_path(self) -> Path | None:
        return self._path

    @property
    def worker(self) -> ModelWorker[StreamingModel] | None:
        """The current model worker (None without a model, or once closed).  Read-only:
        for callers that submit to the model's thread themselves (notebook runs)."""
        return self._worker

    @property
    def problem(self) -> str | None:
        """Why there is no usable model (one sentence), if that is the case."""
        if self._problem is not None:
            return self._problem
        worker = self._worker
        if worker is not None and worker.load_error is not None:
            return str(worker.load_error)
        return None

    @property
    def busy(self) -> bool:
        return bool(self._pending or self._held)

    def await_model(self) -> None:
        """A model is being chosen: hold jobs until ``replace_model`` (or ``set_problem``)."""
        self._awaiting = True

    @property
    def awaiting(self) -> bool:
        """A model is still being chosen (neither a model nor a problem yet)."""
        return self._awaiting and not self._closed

    @property
    def closed(self) -> bool:
        return self._closed

    def set_model_name(self, name: str) -> None:
        self._name = name
        self.model_changed.emit(name)

    # ------------------------------------------------------------------ jobs

    def submit(
        self,
        fn: Callable[[JobContext[StreamingModel]], T],
        on_done: Callable[[T], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> Job[T] | None:
        """Run ``fn(context)`` on the model's thread; ``on_done``/``on_error`` run on the GUI
        thread.  Without a model, ``on_error`` gets the reason at once (and None is
        returned)."""
        worker = self._worker
        if worker is None and self._awaiting and not self._closed:
            was_busy = self.busy
            self._held.append(_Held(fn, on_done, on_error))
            if not was_busy:
                self.busy_changed.emit(True)
            return None
        if worker is None or self._closed:
            if on_error is not None:
                on_error(ModelError(self._problem or "No model is loaded; choose one in Settings."))
            return None
        key = next(self._ids)

        def job_fn(ctx: JobContext[StreamingModel]) -> T:
            return self._run_instrumented(fn, ctx)

        job = worker.submit(job_fn, on_progress=self._report_progress)
        was_busy = self.busy
        self._pending[key] = _Pending(job, on_done, on_error)
        if not was_busy:
            self.busy_changed.emit(True)
        job.add_done_callback(lambda _job: self._delivered.emit(key))
        return job

    def _report_progress(self, progress: Progress) -> None:
        # from the worker thread: delivered queued
        self.progress.emit(progress.done, progress.total or 0)

    def _run_instrumented(
        self, fn: Callable[[JobContext[StreamingModel]], T], ctx: JobContext[StreamingModel]
    ) -> T:
        """On the worker thread: report tokens and speed while ``fn`` runs."""
        model = ctx.model
        total = model.max_tokens
        first_at = 0.0
        last = 0.0

        def on_token(count: int) -> None:
            nonlocal first_at, last
            now = time.perf_counter()
            if count <= 1:
                first_at = last = now
                self.progress.emit(count, total)
                return
            if now - last < _TPS_INTERVAL:
                return
            last = now
            self.progress.emit(count, total)
            if now > first_at:  # generation speed, after the prompt was read
                self.tokens_per_second.emit((count - 1) / (now - first_at))

        model.on_token = on_token
        try:
            return fn(ctx)
        finally:
            model.on_token = None
            stats = model.last_stats
            if stats is not None and stats.tokens_per_second:
                self.tokens_per_second.emit(stats.tokens_per_second)

    @Slot(int)
    def _deliver(self, key: int) -> None:
        pending = self._pending.pop(key, None)
        if pending is None:
            return
        if not self.busy:
            self.busy_changed.emit(False)
        error = pending.job.exception(timeout=0)
        if error is not None:
            if pending.on_error is not None:
                pending.on_error(error)
            elif not isinstance(error, Cancelled):
                log.error("model job failed: %s", error, exc_info=error)
            return
        if pending.on_done is not None:
            pending.on_done(pending.job.result(timeout=0))

    def preload(self) -> None:
        """Load the model now, on its thread, instead of at the first job."""
        worker = self._worker
        if worker is not None and not self._closed:
            worker.start()

    def cancel(self) -> None:
        """Cancel every job submitted so far (the running one stops between tokens)."""
        for pending in list(self._pending.values()):
            pending.job.cancel()
        self._fail_held(Cancelled())

    def _fail_held(self, error: BaseException) -> None:
        held, self._held = self._held, []
        for item in held:
            if item.on_error is not None:
                item.on_error(error)
        if held and not self.busy:
            self.busy_changed.emit(False)

    def _release_held(self) -> None:
        held, self._held = self._held, []
        for item in held:
            self.submit(item.fn, item.on_done, item.on_error)

    # ------------------------------------------------------------------ lifecycle

    def replace_model(self, loader: Loader, *, name: str, path: Path | None = None) -> None:
        """Start a new worker for another model; the old one is cancelled and closed on its
        own thread (without blocking the GUI)."""
        old = self._worker
        for pending in list(self._pending.values()):
            pending.job.cancel()
        self._worker = ModelWorker(loader, name="inkling-model")
        self._path = path
        self._problem = None
        self._awaiting = False
        if old is not None:
            _close_in_background(old)
        self.set_model_name(name)
        self._release_held()

    def switch_model(self, loader: Loader, *, name: str, path: Path | None = None) -> None:
        """Load another model on a new thread; only once it has loaded does it replace the
        current one (which is then closed).  If it fails, ``model_failed`` says why and the
        current model stays."""
        worker: ModelWorker[StreamingModel] = ModelWorker(loader, name="inkling-model")
        key = next(self._ids)

        def probe(ctx: JobContext[StreamingModel]) -> None:
            return None

        job = worker.submit(probe)
        self._switching[key] = (worker, job, name, path)
        job.add_done_callback(lambda _job: self._switched.emit(key))

    @property
    def switching(self) -> bool:
        return bool(self._switching)

    @Slot(int)
    def _finish_switch(self, key: int) -> None:
        entry = self._switching.pop(key, None)
        if entry is None:
            return
        worker, job, name, path = entry
        error = job.exception(timeout=0)
        if self._closed or error is not None:
            _close_in_background(worker)
            if error is not None and not self._closed:
                self.model_failed.emit(str(error) or type(error).__name__)
            return
        old, self._worker = self._worker, worker
        self._path = path
        self._problem = None
        if old is not None:
            _close_in_background(old)
        self.set_model_name(name)

    def set_problem(self, problem: str) -> None:
        """No usable model: close the current one and remember why (for the UI)."""
        old, self._worker = self._worker, None
        self._awaiting = False
        for pending in list(self._pending.values()):
            pending.job.cancel()
        self._problem = problem
        self._fail_held(ModelError(problem))
        if old is not None:
            _close_in_background(old)
        self.set_model_name("")

    def close(self, timeout: float = 10.0) -> bool:
        """Cancel what runs and close the model on its own thread; waits for it.  Idempotent.
        Returns True when the model's thread has stopped."""
        self._closed = True
        for pending in list(self._pending.values()):
            pending.job.cancel()
        self._held.clear()
        worker, self._worker = self._worker, None
        stopped = True if worker is None else worker.close(timeout=timeout)
        for other, _job, _name, _path in self._switching.values():
            stopped = other.close(timeout=timeout) and stopped
        self._switching.clear()
        for pending in self._pending.values():
            pending.job.cancel()
        self._pending.clear()
        return stopped


def _close_in_background(worker: ModelWorker[StreamingModel]) -> None:
    """Cancel and close a worker without blocking the GUI (it closes its model on its own
    thread; this thread only waits for it)."""
    threading.Thread(target=worker.close, name="inkling-model-close", daemon=True).start()
