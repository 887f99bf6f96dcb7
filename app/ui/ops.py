"""Background operations for the GUI: every service call runs off the GUI thread.

``Operations.run(fn, on_done=..., on_error=...)`` runs ``fn`` (a service call that
touches the database) on one background thread, in submission order, and delivers its
result or error back on the GUI thread.  When the result is an ``OpResult``, its
``Changes`` are broadcast through ``changed`` so that each view refreshes only what is
affected (the shape of Anki's ``aqt.operations``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from app.services.changes import OpResult

T = TypeVar("T")
log = logging.getLogger(__name__)


class _Relay(QObject):
    """Lives on the GUI thread; a signal emitted from the pool thread arrives queued."""

    finished = Signal(object, object)  # (result, error)


class _Task(QRunnable, Generic[T]):
    def __init__(self, fn: Callable[[], T], relay: _Relay) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._fn = fn
        self._relay = relay

    def run(self) -> None:
        try:
            result: Any = self._fn()
        except BaseException as exc:  # delivered to the GUI thread, never lost
            self._relay.finished.emit(None, exc)
        else:
            self._relay.finished.emit(result, None)


class Operations(QObject):
    """Runs database work on one background thread and reports back on the GUI thread."""

    changed = Signal(object)
    """``Changes`` of every completed operation that changed something."""
    failed = Signal(object)
    """An exception no ``on_error`` handled (the main window shows it in a dialog)."""
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one writer: operations apply in the order asked
        self._pending: set[_Relay] = set()

    @property
    def pending(self) -> int:
        return len(self._pending)

    def run(
        self,
        fn: Callable[[], T],
        *,
        on_done: Callable[[T], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        relay = _Relay()
        self._pending.add(relay)
        if len(self._pending) == 1:
            self.busy_changed.emit(True)

        @Slot(object, object)
        def finish(result: Any, error: BaseException | None) -> None:
            self._pending.discard(relay)
            relay.deleteLater()
            if not self._pending:
                self.busy_changed.emit(False)
            if error is not None:
                if on_error is not None:
                    on_error(error)
                else:
                    log.error("operation failed: %s", error, exc_info=error)
                    self.failed.emit(error)
                return
            if on_done is not None:
                on_done(result)
            if isinstance(result, OpResult) and not result.changes.empty:
                self.changed.emit(result.changes)

        relay.finished.connect(finish)
        self._pool.start(_Task(fn, relay))

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the background thread is idle (shutdown and tests)."""
        return bool(self._pool.waitForDone(msecs))
