"""Temporary copies of a database (a backup being written, a backup being restored):
private, and never left behind for good.

A scratch file is created by :func:`scratch_file` readable by its owner only (0600;
SQLite gives its ``-journal`` and ``-wal`` files the same mode) and stays locked
(``flock``) while its owner works on it.  A process killed meanwhile (``kill -9``, a
power cut) cannot remove it, but its lock goes with it: :func:`remove_stale` — run when
a database is opened, and before every backup and restore — removes every scratch file
in a folder whose lock it can take, with its side files, and leaves the ones in use.
Where ``flock`` does not exist, a scratch file older than a day counts as stale.

A notebook import stages its page images in a staging folder (:func:`staging_folder`,
``.import-<hex>`` in a folder of the data folder), locked the same way for as long as
the import holds it; :func:`remove_stale_staging`, run when a database is opened,
removes the ones a killed import left and never one a live import (in any process) holds.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from app import clock

fcntl: Any
try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None

SIDE_FILES: Final = ("-wal", "-shm", "-journal")
_MARK: Final = ".inkling-scratch-"
_SCRATCH: Final = re.compile(r"^\..*\.inkling-scratch-[0-9a-f]{32}(-wal|-shm|-journal)?$")
_WITHOUT_LOCKS_STALE_S: Final = 24 * 3600
_STAGING: Final = re.compile(r"^\.import-[0-9a-f]{32}$")


def scratch_path(beside: Path) -> Path:
    """A new scratch file name in ``beside``'s folder (hidden; it names ``beside``)."""
    return beside.with_name(f".{beside.name}{_MARK}{uuid.uuid4().hex}")


def remove_with_side_files(path: Path) -> None:
    for suffix in ("", *SIDE_FILES):
        with contextlib.suppress(OSError):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


@contextmanager
def scratch_file(beside: Path) -> Iterator[Path]:
    """A new, empty, private (0600) scratch file next to ``beside``, locked until the
    block ends and then removed with its side files (unless it was renamed away)."""
    path = scratch_path(beside)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield path
    finally:
        try:
            remove_with_side_files(path)
        finally:
            os.close(fd)  # the lock goes with the last descriptor


def _in_use(path: Path) -> bool:
    """Whether a live process holds ``path``'s lock (it is not stale)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
    except OSError:
        return True  # cannot tell: leave it
    try:
        if fcntl is None:
            age = clock.utcnow().timestamp() - os.fstat(fd).st_mtime
            return age < _WITHOUT_LOCKS_STALE_S
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        return False
    finally:
        os.close(fd)


def remove_stale(folder: Path) -> list[Path]:
    """Remove the scratch files in ``folder`` that no live process holds (and side files
    whose scratch file is gone); the removed main files, sorted."""
    try:
        names = [name for name in os.listdir(folder) if _SCRATCH.match(name)]
    except OSError:
        return []
    removed: list[Path] = []
    for name in sorted(names):
        path = folder / name
        main = next((name[: -len(s)] for s in SIDE_FILES if name.endswith(s)), None)
        if main is not None:
            if not (folder / main).exists():
                with contextlib.suppress(OSError):
                    path.unlink()
            continue
        if path.is_symlink() or not path.is_file() or _in_use(path):
            continue
        remove_with_side_files(path)
        removed.append(path)
    return removed


class FolderLock:
    """An open descriptor on a folder, holding its lock until :meth:`close` (which may
    be called more than once)."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

    def close(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


def staging_folder(parent: Path) -> tuple[Path, FolderLock]:
    """A new, private (0700) staging folder in ``parent`` (made if needed), locked until
    the returned lock is closed (once the folder is removed or moved away)."""
    path = parent / f".import-{uuid.uuid4().hex}"
    path.mkdir(mode=0o700, parents=True, exist_ok=False)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:
        os.close(fd)
        raise
    return path, FolderLock(fd)


def remove_stale_staging(data: Path) -> list[Path]:
    """Remove the staging folders in ``data``'s folders that no live import holds; the
    removed folders, sorted."""
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        folders = [e.path for e in os.scandir(data) if e.is_dir(follow_symlinks=False)]
        for folder in sorted(folders):
            with contextlib.suppress(OSError):
                names = sorted(n for n in os.listdir(folder) if _STAGING.match(n))
                for name in names:
                    path = Path(folder) / name
                    if path.is_symlink() or not path.is_dir() or _in_use(path):
                        continue
                    shutil.rmtree(path, ignore_errors=True)
                    removed.append(path)
    return removed
