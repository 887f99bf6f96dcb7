"""Damaged databases for the tests: a real Inkling database, then garbage at known pages.

Every entry's text carries its own marker (``PRIVATE-00042-MARK``), so which entries a
damaged page held is read off the page's bytes before it is overwritten: the rows a
rescue must lose, exactly.
"""

from __future__ import annotations

import random
import re
import sqlite3
from contextlib import closing
from datetime import date, timedelta
from pathlib import Path

from app.services.journal.entries import NewEntry, add_entries
from app.store import open_database

PAGE = 4096
MARK = re.compile(rb"PRIVATE-(\d{5})-MARK")


def body(i: int) -> str:
    return f"PRIVATE-{i:05d}-MARK my secret thoughts of the day. " * 2


def make_journal(path: Path, entries: int) -> None:
    """An Inkling database of ``entries`` entries (ids 1..n, entry i holding marker
    i - 1), in one file (no WAL beside it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open_database(path) as db:
        add_entries(
            db,
            [
                NewEntry(day=date(2020, 1, 1) + timedelta(days=i // 3), body=body(i))
                for i in range(entries)
            ],
        )
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        connection.execute("PRAGMA journal_mode = DELETE").fetchone()


def leaf_pages(path: Path, table: str) -> list[int]:
    with closing(sqlite3.connect(path)) as connection:
        return [
            page
            for (page,) in connection.execute(
                "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
                (table,),
            )
        ]


def entry_ids_on(path: Path, pages: list[int]) -> set[int]:
    """The ids of the entries whose text lies on ``pages``."""
    data = path.read_bytes()
    found: set[int] = set()
    for page in pages:
        found |= {int(m) + 1 for m in MARK.findall(data[(page - 1) * PAGE : page * PAGE])}
    return found


def overwrite_pages(path: Path, pages: list[int], seed: int = 7) -> None:
    """Garbage over each of ``pages`` (1-based), the file's length unchanged."""
    rng = random.Random(seed)
    with path.open("r+b") as file:
        for page in pages:
            file.seek((page - 1) * PAGE)
            file.write(bytes(rng.randrange(256) for _ in range(PAGE)))


def damage_entries(path: Path, count: int = 1) -> set[int]:
    """Overwrite ``count`` leaf pages from the middle of the entries table; the ids of
    the entries that were on them."""
    leaves = leaf_pages(path, "journal_entries")
    middle = len(leaves) // 2
    pages = leaves[middle : middle + count]
    lost = entry_ids_on(path, pages)
    assert lost, "the chosen pages hold entries"
    overwrite_pages(path, pages)
    return lost
