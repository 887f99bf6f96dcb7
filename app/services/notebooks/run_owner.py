"""Who owns a running notebook run: a lock file its process holds for the run's life.

A run in progress is ``running`` in the database, and the process running it holds an
exclusive ``flock`` on ``locks/run-<id>.lock`` in the data folder, taken before the
attempt is committed and let go when the attempt ends.  The kernel lets go of it when
the process ends in any way, ``kill -9`` and a power cut included, so another process
that can take the lock knows the owner is gone, and one that cannot knows the run is
alive and leaves it alone (``runs.reconcile_interrupted``).

Why a lock and not a PID: the system reuses PIDs, and a PID with the process's start
time needs a different call on every system.  ``flock`` behaves the same on Linux and
macOS, and its locks belong to the open file, not the process, so the window asking
about its own run conflicts with itself too.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from pathlib import Path
from typing import Final

LOCKS_FOLDER: Final = "locks"


def lock_path(folder: Path, run_id: int) -> Path:
    """The lock file of run ``run_id`` in the data folder ``folder``."""
    return folder / LOCKS_FOLDER / f"run-{run_id}.lock"


class RunLease:
    """The held lock of one run; :meth:`release` (idempotent) lets go and removes it."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self._mutex = threading.Lock()

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        with self._mutex:
            fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):  # removed meanwhile; the lock goes with the fd
            self.path.unlink()
        os.close(fd)

    def __del__(self) -> None:  # a lease dropped without release: let go all the same
        self.release()


def take(folder: Path, run_id: int) -> RunLease:
    """Hold run ``run_id``'s lock (raises ``OSError`` when the file cannot be made)."""
    path = lock_path(folder, run_id)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BaseException:
        os.close(fd)
        raise
    return RunLease(path, fd)


def owner_alive(folder: Path, run_id: int) -> bool:
    """True while some process holds run ``run_id``'s lock.  A missing file (an older
    Inkling's run, or one that has just ended) or a lock free to take: the owner is gone."""
    try:
        fd = os.open(lock_path(folder, run_id), os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing lets go of the lock if this call took it
    return False


def forget(folder: Path, run_id: int) -> None:
    """Remove the lock file a gone owner left behind."""
    with contextlib.suppress(FileNotFoundError):
        lock_path(folder, run_id).unlink()
