"""Notebook import staging folders (issue 14): a notebook import killed half-way
(a real ``kill -9`` of a real process) leaves its staged page images in a hidden
``.import-*`` folder; the next open removes it, and never one a live import holds."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from app.services.notebooks import pages as notebooks
from app.store import open_database
from app.store.scratch import remove_stale_staging

REPO = Path(__file__).resolve().parents[2]
_STAGE = """
import importlib.util, sys
from pathlib import Path
# the module alone: importing app.store would load SQLAlchemy and Alembic for nothing
spec = importlib.util.spec_from_file_location("scratch", "app/store/scratch.py")
scratch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scratch)
path, lock = scratch.staging_folder(Path(sys.argv[1]))
(path / "p1.png").write_bytes(b"a staged page image")
print(path, flush=True)
sys.stdin.readline()
"""


def _staging_process(pages: Path) -> tuple[subprocess.Popen[str], Path]:
    process = subprocess.Popen(
        [sys.executable, "-c", _STAGE, str(pages)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    return process, Path(process.stdout.readline().strip())


def test_a_killed_imports_staging_goes_on_the_next_open_a_live_ones_stays(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    killed, stale = _staging_process(data / notebooks.PAGES_FOLDER)
    live, in_use = _staging_process(data / notebooks.PAGES_FOLDER)
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait(timeout=30)
        assert stale.is_dir()
        assert stale.name.startswith(".import-")

        with open_database(data / "inkling.sqlite3") as db:
            assert not stale.exists()
            assert (in_use / "p1.png").is_file(), "a live import's staging was removed"
            source = tmp_path / "notebook.txt"
            source.write_text("Page one.\fPage two.", encoding="utf-8")
            imported = notebooks.import_notebook(db, source).value
            assert imported.pages > 0
        staged = [p for p in (data / notebooks.PAGES_FOLDER).iterdir() if p.name.startswith(".")]
        assert staged == [in_use], "the import's own staging went, its lock let go"
    finally:
        for process in (killed, live):
            if process.poll() is None:
                assert process.stdin is not None
                process.stdin.write("\n")
                process.stdin.close()
                process.wait(timeout=30)
            if process.stdout is not None:
                process.stdout.close()
    assert remove_stale_staging(data) == [in_use]
    assert not in_use.exists()
