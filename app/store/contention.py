"""Many Inkling processes, one database: writers wait for each other, boundedly and visibly.

SQLite in WAL mode lets any number of readers work beside one writer; readers never wait
(``Database.session(readonly=True)`` starts a plain deferred transaction).  A writing
transaction starts with ``BEGIN IMMEDIATE`` so that a read-then-write never fails
half-way; when another process (the window, a second command, a long import) holds
the write lock, :func:`begin_write` tries again in steps of SQLite's busy timeout
(:data:`STEP_MS`), telling the listeners of its :class:`WriteWaits` how long it has been
waiting after each step ("waiting for another Inkling…" in the command line's stderr,
the window's status bar), until the limit: then :class:`WaitedTooLongError`, before anything
was written.

The limit is ``$INKLING_LOCK_WAIT`` seconds when set (tests shorten it), else
:data:`DEFAULT_LIMIT_S`.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

STEP_MS: Final = 500
"""SQLite's busy timeout on every connection: how long one attempt waits inside SQLite."""
DEFAULT_LIMIT_S: Final = 60.0
LIMIT_ENV: Final = "INKLING_LOCK_WAIT"

WaitListener = Callable[[float], None]
"""Called with the seconds waited so far, after each attempt that found the lock taken."""


class WaitedTooLongError(Exception):
    """The write lock stayed with another connection for the whole limit."""

    def __init__(self, waited: float) -> None:
        super().__init__(f"waited {waited:.0f} s for the write lock")
        self.waited = waited


def limit_from_env() -> float:
    """``$INKLING_LOCK_WAIT`` seconds (a bad value is ignored), else the default."""
    raw = os.environ.get(LIMIT_ENV, "")
    try:
        value = float(raw)
    except ValueError:
        return DEFAULT_LIMIT_S
    return value if value >= 0 else DEFAULT_LIMIT_S


@dataclass
class WriteWaits:
    """How long a database's writers wait for the write lock, and who hears about it."""

    limit: float = field(default_factory=limit_from_env)
    _listeners: list[WaitListener] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def listen(self, listener: WaitListener) -> Callable[[], None]:
        """Add ``listener`` (called on the waiting thread); returns what removes it."""
        with self._lock:
            self._listeners.append(listener)

        def remove() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return remove

    def notify(self, waited: float) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            listener(waited)


def is_busy(error: sqlite3.OperationalError) -> bool:
    """True for SQLite's "database is locked" / "database is busy" (SQLITE_BUSY)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return bool(code & 0xFF == sqlite3.SQLITE_BUSY)
    text = str(error)
    return "database is locked" in text or "database is busy" in text


def begin_write(connection: sqlite3.Connection, waits: WriteWaits, *, limit: float | None) -> None:
    """``BEGIN IMMEDIATE`` on ``connection``, retried until ``limit`` seconds (None: the
    waits' own limit) have passed; raises :class:`WaitedTooLongError` after that."""
    bound = waits.limit if limit is None else limit
    started = time.monotonic()
    while True:
        try:
            connection.execute("BEGIN IMMEDIATE").close()
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
        waited = time.monotonic() - started
        if waited >= bound:
            raise WaitedTooLongError(waited)
        waits.notify(waited)
