"""``ModelWorker``: one dedicated thread owns a model for its whole life.

llama.cpp is not thread-safe, so the model is created (by the ``loader``), used by every
job, and closed on the worker's own thread, and nowhere else.  Jobs run in submission
order.  Each job has its own ``CancelToken`` (set from any thread); the worker binds it
to the model (``model.set_cancel_token``) while the job runs, so a generation stops
between tokens.  A pending job that is cancelled never runs; a cancelled job's result
raises ``Cancelled`` (``app.domain.progress``, the app's one word for it).  What the
worker needs of a model is ``OwnedModel`` (``app/llm/protocols.py``).

Loading is cancellable too: while the loader runs, ``load_cancel_token()`` on the worker
thread is the token of the job that needs the model (or, for ``start()``, one that
``close`` sets); a loader hands it to ``LlamaTextModel.load``.  A load stopped that way
is not a failure: the job ends ``Cancelled`` and the next job loads again.

``Job`` is a small future: ``result``, ``cancel``, ``done``, ``add_done_callback`` (the
callbacks run on the worker thread; the GUI bridges them to Qt signals).
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import threading
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from app.domain.progress import Cancelled, CancelToken, Progress, ProgressFn
from app.llm.protocols import OwnedModel

_WAIT_SLICE = 0.2
"""Seconds :meth:`Job.wait` blocks at a time, so Ctrl-C is seen within that long."""

log = logging.getLogger(__name__)

Owned_co = TypeVar("Owned_co", bound=OwnedModel, covariant=True)
Model_co = TypeVar("Model_co", covariant=True)
T = TypeVar("T")

_PENDING, _RUNNING, _DONE = "pending", "running", "done"
_loading = threading.local()


def load_cancel_token() -> CancelToken | None:
    """The token that stops the model load running on this thread (a worker's loader),
    None outside a load."""
    token: CancelToken | None = getattr(_loading, "token", None)
    return token


class Job(Generic[T]):
    """The handle of one submitted job."""

    def __init__(
        self,
        fn: Callable[[JobContext[Any]], T],
        on_progress: ProgressFn | None,
    ) -> None:
        self._fn = fn
        self._on_progress = on_progress
        self._token = CancelToken()
        self._finished = threading.Event()
        self._lock = threading.Lock()
        self._state = _PENDING
        self._result: T | None = None
        self._exception: BaseException | None = None
        self._callbacks: list[Callable[[Job[T]], None]] = []

    # ------------------------------------------------------------------ public API

    def cancel(self) -> bool:
        """Ask the job to stop.  A pending job will never run; a running one sees the flag
        between tokens (or wherever it calls ``check_cancelled``).  Returns False when the
        job had already finished."""
        with self._lock:
            if self._state == _DONE:
                return False
            self._token.cancel()
            return True

    def cancel_requested(self) -> bool:
        return self._token.cancelled

    def running(self) -> bool:
        return self._state == _RUNNING

    def done(self) -> bool:
        return self._finished.is_set()

    def result(self, timeout: float | None = None) -> T:
        """The job's return value; re-raises its exception (Cancelled when cancelled).

        Raises TimeoutError when the job has not finished within ``timeout`` seconds.
        """
        if not self._finished.wait(timeout):
            raise TimeoutError("the job has not finished yet")
        if self._exception is not None:
            raise self._exception
        return self._result  # type: ignore[return-value]

    def wait(self, *, stop_within: float = 30.0) -> T:
        """The job's value, waited for the way a command on the main thread must: Ctrl-C
        (KeyboardInterrupt) cancels the job, waits up to ``stop_within`` seconds for it to
        stop, and re-raises.

        It waits in short slices rather than one untimed wait: a signal handler runs only
        on the main thread, between bytecodes, and a SIGINT that lands on another thread
        (or while the main thread is inside the lock's C code) would otherwise wait for
        the job's end before Ctrl-C took effect."""
        try:
            while not self._finished.wait(_WAIT_SLICE):
                pass
        except KeyboardInterrupt:
            self.cancel()
            with contextlib.suppress(TimeoutError):  # a model that ignores its cancel flag
                self.exception(timeout=stop_within)
            raise
        return self.result()

    def exception(self, timeout: float | None = None) -> BaseException | None:
        """The job's exception (None when it succeeded); waits like ``result``."""
        if not self._finished.wait(timeout):
            raise TimeoutError("the job has not finished yet")
        return self._exception

    def add_done_callback(self, callback: Callable[[Job[T]], None]) -> None:
        """Call ``callback(job)`` once when the job finishes, on the worker thread; at
        once, on this thread, when it has already finished."""
        with self._lock:
            if self._state != _DONE:
                self._callbacks.append(callback)
                return
        _call(callback, self)

    # ------------------------------------------------------------------ worker side

    def _start(self) -> bool:
        with self._lock:
            if self._state != _PENDING or self._token.cancelled:
                return False
            self._state = _RUNNING
            return True

    def _finish(self, *, result: T | None = None, exception: BaseException | None = None) -> None:
        with self._lock:
            if self._state == _DONE:
                return
            self._state = _DONE
            self._result = result
            self._exception = exception
            callbacks, self._callbacks = self._callbacks, []
            self._fn = _finished_fn  # release the closure (and what it holds)
            self._finished.set()
        for callback in callbacks:
            _call(callback, self)


def _finished_fn(context: JobContext[Any]) -> Any:  # pragma: no cover - never called
    raise RuntimeError("this job has already run")


def _call(callback: Callable[[Any], None], job: Job[Any]) -> None:
    try:
        callback(job)
    except Exception:
        log.exception("a job's done callback failed")


class JobContext(Generic[Model_co]):
    """What a job function receives: the model and its job's cancel flag and progress.

    Covariant in the model: a job that only needs ``complete`` takes a
    ``JobContext[TextModel]`` and runs on any worker whose model is a ``TextModel``."""

    def __init__(self, model: Model_co, job: Job[Any]) -> None:
        self._model = model
        self._job = job

    @property
    def model(self) -> Model_co:
        return self._model

    @property
    def cancelled(self) -> bool:
        return self._job.cancel_requested()

    def check_cancelled(self) -> None:
        """Raise Cancelled when the job has been cancelled."""
        self._job._token.raise_if_cancelled()

    def report_progress(self, progress: Progress) -> None:
        """Tell the submitter how far the job is (calls ``on_progress`` on this thread)."""
        callback = self._job._on_progress
        if callback is None:
            return
        try:
            callback(progress)
        except Exception:
            log.exception("a job's progress callback failed")


_live_workers: weakref.WeakSet[ModelWorker[Any]] = weakref.WeakSet()


@atexit.register
def _close_live_workers() -> None:  # pragma: no cover - runs at interpreter exit
    for worker in list(_live_workers):
        worker.close(timeout=2.0)


class ModelWorker(Generic[Owned_co]):
    """Runs jobs against one model on one dedicated daemon thread.

    ``loader`` is called on that thread, lazily before the first job, or at once after
    ``start()``.  If it raises, its exception becomes every job's result and the worker
    stays usable only for ``close``.  ``close`` cancels everything, closes the model on
    its own thread and joins.  Also a context manager.

    Its model is an ``OwnedModel``, and it is covariant in it: a
    ``ModelWorker[LlamaTextModel]`` is a ``ModelWorker[StreamingModel]``.
    """

    def __init__(self, loader: Callable[[], Owned_co], *, name: str = "inkling-model") -> None:
        self._loader = loader
        self._name = name
        self._cond = threading.Condition()
        self._pending: deque[Job[Any]] = deque()
        self._current: Job[Any] | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self._load_now = False
        self._model: Owned_co | None = None
        self._loaded = False
        self._load_error: BaseException | None = None
        self._close_token = CancelToken()
        _live_workers.add(self)

    # ------------------------------------------------------------------ accessors

    @property
    def model_loaded(self) -> bool:
        """True once the loader has returned (and until the model is closed)."""
        return self._loaded

    @property
    def load_error(self) -> BaseException | None:
        """What the loader raised, if it failed."""
        return self._load_error

    @property
    def closed(self) -> bool:
        return self._closing

    @property
    def thread_ident(self) -> int | None:
        """The worker thread's id (for tests and diagnostics), once it has started."""
        thread = self._thread
        return thread.ident if thread is not None else None

    # ------------------------------------------------------------------ public API

    def start(self) -> None:
        """Start the thread and load the model now instead of at the first job."""
        with self._cond:
            if self._closing:
                raise RuntimeError("the model worker is closed")
            self._load_now = True
            self._ensure_thread()
            self._cond.notify_all()

    def submit(
        self,
        fn: Callable[[JobContext[Owned_co]], T],
        *,
        on_progress: ProgressFn | None = None,
    ) -> Job[T]:
        """Queue ``fn(context)`` to run on the worker thread (FIFO)."""
        job: Job[T] = Job(fn, on_progress)
        with self._cond:
            if self._closing:
                raise RuntimeError("the model worker is closed")
            self._pending.append(job)
            self._ensure_thread()
            self._cond.notify_all()
        return job

    def close(self, timeout: float | None = 30.0) -> bool:
        """Cancel the running job and every pending one, close the model on its thread, and
        join.  Returns True when the thread has stopped.  Safe to call more than once."""
        with self._cond:
            self._closing = True
            self._close_token.cancel()
            for job in self._pending:
                job.cancel()
            if self._current is not None:
                self._current.cancel()
            thread = self._thread
            self._cond.notify_all()
        if thread is None or thread is threading.current_thread():
            self._cancel_leftovers()
            return thread is None
        thread.join(timeout)
        stopped = not thread.is_alive()
        if not stopped:
            log.warning("the model worker did not stop within %s s", timeout)
            self._cancel_leftovers()
        return stopped

    def __enter__(self) -> ModelWorker[Owned_co]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ worker thread

    def _ensure_thread(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()

    def _cancel_leftovers(self) -> None:
        with self._cond:
            leftovers = list(self._pending)
            self._pending.clear()
        for job in leftovers:
            job._finish(exception=Cancelled())

    def _next_job(self) -> Job[Any] | None:
        """The next pending job, or None when it is time to stop."""
        with self._cond:
            while not self._pending and not self._closing and not self._load_now:
                self._cond.wait()
            self._load_now = False
            if self._pending:
                job = self._pending.popleft()
                self._current = job
                return job
            if self._closing:
                return None
            return _LOAD_ONLY

    def _ensure_model(self, token: CancelToken) -> None:
        if self._loaded or self._load_error is not None:
            return
        _loading.token = token
        try:
            self._model = self._loader()
            self._loaded = True
        except Cancelled:
            log.info("loading the model was cancelled")
        except BaseException as exc:
            self._load_error = exc
            log.info("the model could not be loaded: %s", exc)
        finally:
            _loading.token = None

    def _run(self) -> None:
        try:
            while True:
                job = self._next_job()
                if job is None:
                    break
                try:
                    if job is _LOAD_ONLY:
                        self._ensure_model(self._close_token)
                        continue
                    self._run_job(job)
                finally:
                    with self._cond:
                        self._current = None
        finally:
            self._cancel_leftovers()
            self._close_model()

    def _run_job(self, job: Job[Any]) -> None:
        if job.cancel_requested():
            job._finish(exception=Cancelled())
            return
        self._ensure_model(job._token)
        if self._load_error is not None:
            job._finish(exception=self._load_error)
            return
        if not self._loaded:  # the load was cancelled
            job._finish(exception=Cancelled())
            return
        if not job._start():
            job._finish(exception=Cancelled())
            return
        model = self._model
        assert model is not None  # loaded, and closed only after the last job
        model.set_cancel_token(job._token)
        try:
            value = job._fn(JobContext(model, job))
        except BaseException as exc:
            job._finish(exception=exc)
        else:
            job._finish(result=value)
        finally:
            model.set_cancel_token(None)

    def _close_model(self) -> None:
        model, self._model = self._model, None
        self._loaded = False
        if model is None:
            return
        try:
            model.close()
        except Exception:
            log.exception("closing the model failed")


_LOAD_ONLY: Job[Any] = Job(_finished_fn, None)
"""Marker returned by ``_next_job`` when ``start()`` asked for an eager load."""
