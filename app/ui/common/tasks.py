"""The window's one way to run work off the GUI thread: ``Tasks.run`` (the shape of Anki's
``aqt.operations`` and Picard's ``run_task``).

``tasks.run(fn, lane=..., on_done=..., on_error=..., on_progress=..., task=...)`` runs
``fn()`` on a named lane and delivers what happens on the GUI thread:

- ``Lane.DATABASE``: one thread for the app's life, the only one that writes the
  database; tasks run in the order they were asked for, so a save queued before a read
  is seen by it.
- ``Lane.LONG``: long work that must not hold up the database: waiting for the model's
  owner thread (``app.llm.worker``) to run a detector, downloads, exports (from a
  read-only snapshot), reading the files of an import, a model file's header and
  checksum.  Several threads; no order between tasks.  Nothing here writes the database.

A task in phases returns ``Then(lane, fn)`` to go on with ``fn`` on another lane (read
an import's files on the long lane, then store them on the database lane).  The phases
are one task: the same callbacks, progress line and cancel token, and the next phase is
queued straight from the worker thread, so shutting down waits for it too.

A ``Task`` is the handle of one: its ``CancelToken`` (``task.token``, which ``cancel()``
cancels) and ``task.report``, a ``ProgressFn`` that may be called from any thread and
reaches ``on_progress`` on the GUI thread.  Create one when ``fn`` needs them::

    task = Task()
    tasks.run(
        lambda: export(db, dest, on_progress=task.report, cancel=task.token),
        lane=Lane.LONG, task=task, on_progress=show, on_done=done, on_error=failed,
    )

When a task's result is an ``OpResult`` whose ``Changes`` are not empty, they are
broadcast through ``changed``: every view subscribed to it (``changed.connect(
view.refresh)``) re-reads only what is affected.  An error that no ``on_error`` takes
goes to ``failed`` (the main window shows it); a ``Cancelled`` one is not a failure.

While a task waits for another Inkling process to let go of the database's write lock,
:meth:`Tasks.database_waiting` (a listener of the database's ``WriteWaits``) reports it
through that task's progress (:data:`WAITING_LABEL`, no total) and ``waiting``.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

from app.domain.progress import Cancelled, CancelToken, Progress, ProgressFn
from app.services.changes import OpResult

T = TypeVar("T")
log = logging.getLogger(__name__)

LONG_THREADS = 4
"""Long tasks at once; they mostly wait (on the model's thread, the network, the disk)."""
WAITING_LABEL = "Waiting for another Inkling to finish writing…"
_current = threading.local()
"""The ``_Record`` whose step runs on this thread (``record``), if any."""


class Lane(enum.Enum):
    DATABASE = "database"
    """One thread, the only writer, in submission order."""
    LONG = "long"
    """Long work beside the database: model runs, downloads, exports, imports' reading."""


@dataclass(frozen=True)
class Then(Generic[T]):
    """What a task's function returns to go on with ``fn`` on ``lane`` (same task)."""

    lane: Lane
    fn: Callable[[], T | Then[T]]


class Task:
    """The handle of one task: its cancel token and its progress line."""

    def __init__(self) -> None:
        self.token = CancelToken()
        self._sink: ProgressFn | None = None
        self._ended = threading.Event()

    def cancel(self) -> None:
        """Ask the task to stop (it checks its token between items)."""
        self.token.cancel()

    @property
    def cancelled(self) -> bool:
        return self.token.cancelled

    def report(self, progress: Progress) -> None:
        """Report progress, from any thread; ``on_progress`` gets it on the GUI thread."""
        sink = self._sink
        if sink is not None:
            sink(progress)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the task's last phase has run (its callbacks may still be on
        their way to the GUI thread); False when ``timeout`` seconds passed first."""
        return self._ended.wait(timeout)


class _Record:
    """A task on its way: its callbacks (GUI thread) and its outcome (worker thread)."""

    __slots__ = (
        "error",
        "fn",
        "key",
        "on_done",
        "on_error",
        "on_progress",
        "report_errors",
        "result",
        "spent",
        "task",
    )

    def __init__(
        self,
        key: int,
        task: Task,
        on_done: Callable[[Any], None] | None,
        on_error: Callable[[BaseException], None] | None,
        on_progress: ProgressFn | None,
        report_errors: bool = False,
    ) -> None:
        self.key = key
        self.task = task
        self.on_done = on_done
        self.on_error = on_error
        self.on_progress = on_progress
        self.report_errors = report_errors
        self.result: Any = None
        self.error: BaseException | None = None
        self.fn: Callable[[], Any] = _unset
        """The phase to run next; with ``spent``, the phases that ran (kept here so that the
        GUI thread releases them, see ``_Step``)."""
        self.spent: list[Callable[[], Any]] = []


class _Counter:
    """How many steps are queued or running, and a condition to wait for none."""

    def __init__(self) -> None:
        self.idle = threading.Condition()
        self.running = 0

    def started(self) -> None:
        with self.idle:
            self.running += 1

    def ended(self) -> None:
        with self.idle:
            self.running -= 1
            if self.running == 0:
                self.idle.notify_all()


class _Step(QRunnable):
    """One phase of a task on a lane's thread.

    A worker thread must never drop the last reference to a Python-owned QObject: it would
    be destroyed there (Qt warns that timers are stopped from another thread, then crashes).
    So the step hands everything back before it counts itself ended: the phase's function,
    its outcome and the callbacks stay in the record, which the GUI thread releases when it
    delivers; the step lets go of the record and of ``Tasks`` first; whoever waits for the
    lanes to drain (``Tasks.wait``) therefore holds the last references.  Qt deletes the
    runnable itself on this thread, empty.
    """

    def __init__(self, tasks: Tasks, record: _Record) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._tasks: Tasks | None = tasks
        self._record: _Record | None = record

    def run(self) -> None:
        tasks, record = self._tasks, self._record
        self._tasks = self._record = None
        if tasks is None or record is None:  # pragma: no cover - a runnable runs once
            return
        counter, finished, key = tasks._counter, tasks._finished, record.key
        delivered = True
        _current.record = record
        try:
            try:
                result = record.fn()
            except BaseException as exc:  # delivered to the GUI thread, never lost
                record.error = exc
            else:
                if isinstance(result, Then):
                    tasks._start(result.lane, record, result.fn)
                    delivered = False
                else:
                    record.result = result
                del result
            if delivered:
                record.task._ended.set()
        finally:
            _current.record = None
            del tasks, record
            if delivered:
                # RuntimeError: Tasks was destroyed with its window, so nobody is left to tell
                with contextlib.suppress(RuntimeError):
                    finished.emit(key)
            del finished
            counter.ended()


def _unset() -> None:  # pragma: no cover - never called
    raise RuntimeError("no phase to run")


class Tasks(QObject):
    """Runs the window's background work on its lanes; see the module doc."""

    changed = Signal(object)
    """The ``Changes`` of every finished task that changed something."""
    failed = Signal(object)
    """An error no ``on_error`` took (the main window shows it in a dialog)."""
    busy_changed = Signal(bool)
    """True when the first task starts, False when the last one has been delivered."""
    waiting = Signal(float)
    """Seconds a task has waited for another Inkling process's write lock so far."""
    _finished = Signal(int)
    _progressed = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        database = QThreadPool(self)
        database.setObjectName("inkling-database")
        database.setMaxThreadCount(1)  # the one writer: tasks apply in the order asked
        database.setExpiryTimeout(-1)  # and always the same thread
        long = QThreadPool(self)
        long.setObjectName("inkling-long")
        long.setMaxThreadCount(LONG_THREADS)
        self._pools = {Lane.DATABASE: database, Lane.LONG: long}
        self._keys = itertools.count(1)
        self._records: dict[int, _Record] = {}
        self._counter = _Counter()
        self._closing = False
        queued = Qt.ConnectionType.QueuedConnection
        self._finished.connect(self._deliver, queued)
        self._progressed.connect(self._show_progress, queued)

    # ------------------------------------------------------------------ state

    @property
    def pending(self) -> int:
        """Tasks asked for whose outcome has not been delivered yet."""
        return len(self._records)

    @property
    def busy(self) -> bool:
        return bool(self._records)

    # ------------------------------------------------------------------ running

    def run(
        self,
        fn: Callable[[], T | Then[T]],
        *,
        lane: Lane = Lane.DATABASE,
        on_done: Callable[[T], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        on_progress: ProgressFn | None = None,
        task: Task | None = None,
        report_errors: bool = False,
    ) -> Task:
        """Run ``fn()`` on ``lane``; the callbacks run on the GUI thread.  Returns the
        task's handle (``task``, or a new one).  ``report_errors``: an error goes to
        ``failed`` (the window's dialog) after ``on_error`` has shown it in place."""
        handle = task if task is not None else Task()
        record = _Record(next(self._keys), handle, on_done, on_error, on_progress, report_errors)
        if on_progress is not None:
            key = record.key
            handle._sink = lambda progress: self._progressed.emit(key, progress)
        was_busy = self.busy
        self._records[record.key] = record
        if not was_busy:
            self.busy_changed.emit(True)
        self._start(lane, record, fn)
        return handle

    def _start(self, lane: Lane, record: _Record, fn: Callable[[], Any]) -> None:
        """Queue one step (any thread: a step queues the next phase itself)."""
        if record.fn is not _unset:
            record.spent.append(record.fn)
        record.fn = fn
        self._counter.started()
        self._pools[lane].start(_Step(self, record))

    @Slot(int, object)
    def _show_progress(self, key: int, progress: Progress) -> None:
        record = self._records.get(key)
        if record is not None and record.on_progress is not None:
            record.on_progress(progress)

    @Slot(int)
    def _deliver(self, key: int) -> None:
        record = self._records.pop(key, None)
        if record is None:
            return
        record.task._sink = None
        if not self._records:
            self.busy_changed.emit(False)
        error, result = record.error, record.result
        record.result = record.error = None
        if error is not None:
            if record.on_error is not None:
                record.on_error(error)
                if record.report_errors and not isinstance(error, Cancelled):
                    self.failed.emit(error)
            elif isinstance(error, Cancelled):
                log.info("a task was cancelled: %s", error)
            else:
                log.error("a task failed: %s", error, exc_info=error)
                self.failed.emit(error)
            return
        if record.on_done is not None:
            record.on_done(result)
        if isinstance(result, OpResult) and not result.changes.empty and not self._closing:
            self.changed.emit(result.changes)

    def database_waiting(self, waited: float) -> None:
        """Another process holds the write lock (any thread; a ``WriteWaits`` listener):
        the waiting task's progress line and ``waiting`` say so."""
        record: _Record | None = getattr(_current, "record", None)
        if record is not None:
            record.task.report(Progress(0, None, WAITING_LABEL))
        self.waiting.emit(waited)

    # ------------------------------------------------------------------ stopping

    def cancel_all(self) -> None:
        """Cancel every task not delivered yet (each stops at its next check)."""
        for record in list(self._records.values()):
            record.task.cancel()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until no step runs or waits on any lane, the phases a step queued
        included (shutdown and tests); False when ``msecs`` passed first.  The lanes'
        threads stay (``QThreadPool.waitForDone`` would end them)."""
        counter = self._counter
        with counter.idle:
            return counter.idle.wait_for(lambda: counter.running == 0, msecs / 1000)

    def shutdown(self, msecs: int = 30_000) -> bool:
        """Stop broadcasting changes, cancel every task and wait for the lanes to drain
        (a phase queued meanwhile runs too, e.g. a cancelled run records that it was)."""
        self._closing = True
        self.cancel_all()
        return self.wait(msecs)
