"""Backups and their scratch copies (issue 14): private files, and nothing left behind by a
process killed half-way (a real ``kill -9`` of a real process)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

from app.services.journal import entries as journal
from app.services.transfer.backup import backup_database, restore_database
from app.store import Database, open_database
from app.store.scratch import remove_stale, scratch_file

REPO = Path(__file__).resolve().parents[2]
_HOLD_SCRATCH = """
import importlib.util, sys, time
from pathlib import Path
# the module alone: importing app.store would load SQLAlchemy and Alembic for nothing
spec = importlib.util.spec_from_file_location("scratch", "app/store/scratch.py")
scratch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scratch)
with scratch.scratch_file(Path(sys.argv[1])) as path:
    path.write_bytes(b"half a backup" * 1000)
    Path(f"{path}-journal").write_bytes(b"journal")
    print(path, flush=True)
    time.sleep(120)
"""


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(value: int) -> Iterator[None]:
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


def killed_half_way(beside: Path) -> Path:
    """A scratch file next to ``beside`` whose owner, a real process, was killed (-9)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLD_SCRATCH, str(beside)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    path = Path(child.stdout.readline().strip())
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    child.stdout.close()
    assert path.is_file()
    return path


def test_a_backup_is_readable_by_its_owner_only(db: Database, tmp_path: Path) -> None:
    journal.add_entry(db, date(2026, 1, 1), "Private words.")
    target = tmp_path / "backups" / "inkling.sqlite3"
    target.parent.mkdir()
    target.write_bytes(b"an older file, world-readable")
    target.chmod(0o644)
    with umask(0o022):
        backup_database(db, target)
    assert mode(target) == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["inkling.sqlite3"]


def test_a_scratch_copy_is_private_while_it_is_written(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    with umask(0o022), scratch_file(folder / "inkling.sqlite3") as path:
        assert mode(path) == 0o600
        assert remove_stale(folder) == []  # in use: kept
        assert path.exists()
    assert list(folder.iterdir()) == []


def test_a_killed_backup_leaves_nothing_after_the_next_open_or_backup(
    db: Database, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    stale = killed_half_way(folder / "nightly.sqlite3")
    assert Path(f"{stale}-journal").exists()
    backup_database(db, folder / "nightly.sqlite3")
    assert sorted(p.name for p in folder.iterdir()) == ["nightly.sqlite3"]

    stale = killed_half_way(db.path)  # a killed restore copies beside the database
    open_database(db.path).close()
    assert not stale.exists()
    assert not Path(f"{stale}-journal").exists()


def test_a_restore_leaves_no_scratch_and_a_private_database(db: Database, tmp_path: Path) -> None:
    journal.add_entry(db, date(2026, 1, 1), "Kept.")
    backup = tmp_path / "b.sqlite3"
    backup_database(db, backup)
    stale = killed_half_way(db.path)
    restore_database(db, backup)
    assert not stale.exists()
    assert not [p for p in db.path.parent.iterdir() if ".inkling-scratch-" in p.name]
    assert mode(db.path) == 0o600
    assert [e.body for e in journal.list_entries(db)] == ["Kept."]
