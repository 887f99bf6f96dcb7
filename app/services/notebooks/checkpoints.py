"""The windows a notebook run has finished, kept on disk until the run publishes, so that
a run left running resumes after a crash, a kill or a cancel instead of starting over
(issue 17, item 4).

Each window the model reads is written as it finishes to
``checkpoints/<notebook id>/<detector>/<key>.json`` in the data folder, ``<detector>``
a digest of the detector's id and ``<key>`` the window's
:func:`~app.domain.notebooks.identity.window_key` (the detector's version and config,
the prompt, the model's digest, the generation settings, the exact request and the
window's page digests).  The file holds the model's reply as it wrote it: a run
started again finds the key of each of its windows, reads a kept reply instead of
asking the model, and derives that window's result from it exactly as the attempt that
was stopped would have, so what it publishes is what an uninterrupted run publishes.
A window whose page, prompt or model changed has another key and is read again.

Files are private (0600 in 0700 folders) and written durably: a temporary file,
``fsync``, renamed over, then the folder ``fsync``-ed.  Publishing removes the
detector's checkpoints over that notebook; deleting the notebook removes its folder.
A checkpoint that cannot be written or read is only a lost shortcut: the window is
read again, and the log names the file, never its text.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import shutil
from pathlib import Path
from typing import Final

log = logging.getLogger(__name__)

CHECKPOINTS_FOLDER: Final = "checkpoints"
VERSION: Final = 1
_KEY = re.compile(r"[0-9a-f]{64}")


def notebook_folder(root: Path, notebook_id: int) -> Path:
    """Every detector's checkpoints over notebook ``notebook_id`` (data folder ``root``)."""
    return root / CHECKPOINTS_FOLDER / str(int(notebook_id))


def detector_folder(root: Path, notebook_id: int, detector_id: str) -> Path:
    """One detector's checkpoints over one notebook (its id hashed: any text is an id)."""
    name = hashlib.sha256(detector_id.encode("utf-8")).hexdigest()[:16]
    return notebook_folder(root, notebook_id) / name


class Checkpoints:
    """One detector's kept windows over one notebook."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, key: str) -> Path:
        if not _KEY.fullmatch(key):
            raise ValueError("a checkpoint key is a hex SHA-256")
        return self.folder / f"{key}.json"

    def load(self, key: str) -> str | None:
        """The reply kept under ``key``; None when there is none (or it is unreadable)."""
        path = self._path(key)
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("a kept window could not be read (%s): %s", path.name, type(exc).__name__)
            return None
        if (
            not isinstance(doc, dict)
            or doc.get("version") != VERSION
            or doc.get("key") != key
            or not isinstance(doc.get("reply"), str)
        ):
            log.warning("a kept window is not one this Inkling wrote (%s)", path.name)
            return None
        reply: str = doc["reply"]
        return reply

    def keep(self, key: str, reply: str) -> bool:
        """Keep ``reply`` under ``key`` durably; False (logged) when it cannot be written."""
        path = self._path(key)
        temporary = path.with_name(f".{path.name}.tmp")
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                doc = {"version": VERSION, "key": key, "reply": reply}
                json.dump(doc, file, ensure_ascii=False)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
            _sync_folder(self.folder)
        except OSError as exc:
            log.warning("a finished window could not be kept (%s): %s", path.name, exc.strerror)
            with contextlib.suppress(OSError):
                temporary.unlink()
            return False
        return True


def for_detector(root: Path, notebook_id: int, detector_id: str) -> Checkpoints:
    return Checkpoints(detector_folder(root, notebook_id, detector_id))


def forget_detector(root: Path, notebook_id: int, detector_id: str) -> None:
    """Remove one detector's checkpoints over a notebook (its run published)."""
    shutil.rmtree(detector_folder(root, notebook_id, detector_id), ignore_errors=True)


def forget_notebook(root: Path, notebook_id: int) -> None:
    """Remove every checkpoint over a notebook (it was deleted)."""
    shutil.rmtree(notebook_folder(root, notebook_id), ignore_errors=True)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
