"""Is the database file damaged?  SQLite's own checks, read without writing.

``quick_check`` runs on every open (it reads every page but skips the comparison of
each index with its table, which ``integrity_check`` adds; see ``python -m bench
--only damage`` for what each costs).  Both return ``None`` for a sound file, else the
first problem SQLite reports, shortened (it names pages and tables, never row data).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Final

_PROBLEM_MAX: Final = 120


def quick_check(path: Path) -> str | None:
    """The first problem ``PRAGMA quick_check`` finds in the file at ``path``, or None."""
    return _check(path, "quick_check")


def integrity_check(path: Path) -> str | None:
    """The first problem the full ``PRAGMA integrity_check`` finds, or None."""
    return _check(path, "integrity_check")


def _check(path: Path, pragma: str) -> str | None:
    try:
        with closing(sqlite3.connect(f"{Path(path).as_uri()}?mode=ro", uri=True)) as connection:
            rows = connection.execute(f"PRAGMA {pragma}(1)").fetchall()
    except sqlite3.DatabaseError as exc:
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return str(exc)
        raise
    first = str(rows[0][0]) if rows else "ok"
    if first == "ok":
        return None
    return first if len(first) <= _PROBLEM_MAX else first[: _PROBLEM_MAX - 1] + "…"
