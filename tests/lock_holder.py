"""Another process holding the database's write lock, as a long import in a second
Inkling would: a real subprocess (``sys.executable``), never a thread."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HOLD = textwrap.dedent(
    """
    import sqlite3, sys, time
    connection = sqlite3.connect(sys.argv[1], isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    connection.execute("UPDATE alembic_version SET version_num = version_num")
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
    connection.execute("COMMIT")
    print("released", flush=True)
    """
)


@contextmanager
def write_lock_held(database: Path, seconds: float = 60) -> Iterator[subprocess.Popen[str]]:
    """A process that holds ``database``'s write lock for ``seconds`` (from when this
    yields), then commits; killed when the block ends if it is still holding."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(database), str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "holding\n"
        yield holder
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(timeout=30)
        if holder.stdout is not None:
            holder.stdout.close()
