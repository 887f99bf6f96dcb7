"""How long work says how far it is, and how it is asked to stop: one vocabulary for the
services, the model worker, the command line and the window.

- ``Progress(done, total, label)``: one report; ``total`` None means "not known yet";
  a notebook run adds its estimated time left and the windows it resumed with.
  Long work takes an ``on_progress: ProgressFn | None`` and calls it between items (on
  its own thread: a face hands it on to wherever it shows it).
- ``CancelToken``: the person's "stop", set from any thread.  Long work takes a
  ``cancel: CancelToken | None`` and calls ``raise_if_cancelled()`` between items, where
  stopping leaves nothing half-done.
- ``Cancelled``: the one exception that says work stopped because it was asked to.

Standard library only (``app.domain`` is pure).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Progress:
    """How far long work is: ``done`` of ``total`` items (bytes, pages, windows …)."""

    done: int
    total: int | None = None
    """None when the total is not known (a busy indicator, not a bar)."""
    label: str = ""
    """What is being worked on now (a file, an item's id), or nothing."""
    seconds_left: float | None = None
    """The estimated time left (``app.domain.time_left``); None when there is none."""
    reused: int = 0
    """Of ``total``, the items an earlier, interrupted attempt already did (a resumed
    run's windows read before it stopped)."""

    @property
    def finished(self) -> bool:
        return self.total is not None and self.done >= self.total


ProgressFn = Callable[[Progress], None]
"""Where long work reports its ``Progress``; called on the working thread."""


class Cancelled(Exception):  # noqa: N818 - "cancelled" is what the person did, not an error
    """Work stopped because it was asked to (a ``CancelToken``, a cancelled model job);
    ``str()`` is one sentence saying what was left as it was."""

    def __init__(self, message: str = "The operation was cancelled.") -> None:
        super().__init__(message)


class CancelToken:
    """A one-way "stop" flag shared between whoever asks and the work that checks it.

    Thread-safe: ``cancel()`` may be called from any thread, any number of times.
    """

    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self, message: str | None = None) -> None:
        """Raise ``Cancelled`` (with ``message``, if given) once ``cancel()`` was called."""
        if self._event.is_set():
            raise Cancelled() if message is None else Cancelled(message)

    def __repr__(self) -> str:
        return f"CancelToken(cancelled={self.cancelled})"
