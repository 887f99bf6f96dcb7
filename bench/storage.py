"""Storage at scale: importing generated entries, full-text search, listing a month, and
what the damage checks cost (``quick_check`` on every open, ``integrity_check`` before a
backup) and a rescue of the whole file."""

from __future__ import annotations

import random
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from app.paths import database_path
from app.services.journal import entries as journal
from app.services.journal.entries import NewEntry
from app.services.transfer.rescue import rescue_database
from app.store import open_database
from app.store.damage import integrity_check, quick_check
from bench.common import WORDS, Sizes, entry_text, median, ms

YEARS = 20
"""The generated entries spread over this many years (about seven a day)."""
QUERIES = (*WORDS, "gard", "river guitar", "sister podcast", "quiet day")


def generated_entries(count: int, rng: random.Random) -> list[NewEntry]:
    start = date(2026, 11, 28) - timedelta(days=365 * YEARS)
    span = 365 * YEARS
    return [
        NewEntry(
            day=start + timedelta(days=i * span // count),
            body=entry_text(rng, rng.randint(200, 900)),
            title=f"Day {i}" if i % 3 == 0 else "",
        )
        for i in range(count)
    ]


def bench_storage(root: Path, sizes: Sizes, rng: random.Random) -> tuple[dict[str, Any], Path]:
    """The figures, and the data folder (kept for the GUI's launch on a big journal)."""
    folder = root / "storage"
    folder.mkdir()
    entries = generated_entries(sizes.storage_entries, rng)
    db = open_database(database_path(folder))
    try:
        started = time.perf_counter()
        added = journal.add_entries(db, entries).value
        import_s = time.perf_counter() - started

        journal.search_entries(db, "warm up")  # the first query loads the index pages
        searches: list[float] = []
        for _ in range(sizes.searches):
            for query in QUERIES:
                started = time.perf_counter()
                journal.search_entries(db, query)
                searches.append(time.perf_counter() - started)

        months = journal.list_months(db)
        started = time.perf_counter()
        journal.list_months(db)
        months_s = time.perf_counter() - started
        picks = [months[0], months[len(months) // 2], months[-1]]
        lists: list[float] = []
        for _ in range(sizes.month_lists):
            for pick in picks:
                started = time.perf_counter()
                journal.list_month(db, pick.year, pick.month)
                lists.append(time.perf_counter() - started)
    finally:
        db.close()
    from bench.inbox import bench_inbox

    figures = {
        **damage_checks(database_path(folder), root),
        "entries": added,
        "import_50k_s": round(import_s, 3),
        "search_ms": ms(median(searches)),
        "search_max_ms": ms(max(searches)),
        "month_list_ms": ms(median(lists)),
        "month_entries": picks[0].entries,
        "months_ms": ms(months_s),
        "months": len(months),
        **bench_inbox(folder, sizes.month_lists),
    }
    return figures, folder


def damage_checks(path: Path, root: Path) -> dict[str, Any]:
    """The checks on the database just measured (medians of three), and one rescue."""

    def timed(fn: Any, repeats: int = 3) -> float:
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            fn()
            times.append(time.perf_counter() - started)
        return median(times)

    started = time.perf_counter()
    rescued = rescue_database(path, root / "rescued.sqlite3")
    rescue_s = time.perf_counter() - started
    return {
        "database_mb": round(path.stat().st_size / 2**20, 1),
        "open_ms": ms(timed(lambda: open_database(path).close())),
        "quick_check_ms": ms(timed(lambda: quick_check(path))),
        "integrity_check_ms": ms(timed(lambda: integrity_check(path))),
        "rescue_s": round(rescue_s, 2),
        "rescued_rows": rescued.copied,
    }
