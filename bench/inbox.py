"""The review inbox over the big journal: opening it and moving to the next item.

Pending suggestions are written straight into the generated journal (two habits on
every other entry, one already accepted on every fifth), then the inbox is read the
way its view reads it: the first page, the counts (all, and the filter's) and the
filters' choices; then item after item deep in the queue (keyset pages of one), and a
filtered month of one habit.
"""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import select

from app.domain.journal.suggestions import SuggestionStatus
from app.paths import database_path
from app.services import inbox
from app.services.inbox import InboxFilter
from app.services.journal import targets
from app.store import open_database
from app.store.models import CompletionSuggestion, JournalEntry
from bench.common import median, ms

HABITS = 10
NEXT_STEPS = 200


def add_suggestions(folder: Path) -> int:
    """Pending suggestions on the entries of ``folder``'s journal; how many."""
    db = open_database(database_path(folder))
    try:
        habits = [targets.add_habit(db, f"Habit {k}").value.id for k in range(HABITS)]
        with db.session() as session:
            entries = session.execute(select(JournalEntry.id, JournalEntry.body)).all()
            rows = []
            for n, (entry_id, body) in enumerate(entries):
                if n % 2:
                    continue
                for k in range(2):
                    habit = habits[(n + k) % HABITS]
                    end = min(len(body), 12 + k * 12)
                    status = (
                        SuggestionStatus.ACCEPTED if n % 5 == 0 and k else SuggestionStatus.PENDING
                    )
                    rows.append(
                        CompletionSuggestion(
                            entry_id=entry_id,
                            target_type="habit",
                            habit_id=habit,
                            label=f"Habit {habit}",
                            anchor_start=k * 12,
                            anchor_end=max(end, k * 12 + 1),
                            anchor_text=body[k * 12 : max(end, k * 12 + 1)],
                            status=status,
                        )
                    )
            session.add_all(rows)
        return sum(1 for r in rows if r.status == SuggestionStatus.PENDING)
    finally:
        db.close()


def bench_inbox(folder: Path, repeats: int) -> dict[str, Any]:
    pending = add_suggestions(folder)
    db = open_database(database_path(folder))
    try:
        month = InboxFilter(target=("habit", 1), start=date(2016, 11, 1), end=date(2016, 11, 30))

        def open_view(where: InboxFilter) -> None:  # what the view's reload reads
            inbox.list_inbox(db, where)
            inbox.inbox_counts(db)
            inbox.inbox_counts(db, where)
            inbox.inbox_choices(db)

        open_view(inbox.EVERYTHING)  # the first read loads the index pages
        opens: list[float] = []
        filtered: list[float] = []
        for _ in range(repeats):
            for where, times in ((inbox.EVERYTHING, opens), (month, filtered)):
                started = time.perf_counter()
                open_view(where)
                times.append(time.perf_counter() - started)
        steps: list[float] = []
        deep = max(1, min(1000, pending // 2))
        after = inbox.list_inbox(db, limit=deep).next_after  # deep in the queue
        for _ in range(NEXT_STEPS):
            started = time.perf_counter()
            page = inbox.list_inbox(db, after=after, limit=1)
            steps.append(time.perf_counter() - started)
            after = page.next_after
        counted = inbox.inbox_counts(db).suggestions
    finally:
        db.close()
    return {
        "inbox_pending": counted,
        "inbox_open_ms": ms(median(opens)),
        "inbox_open_filtered_ms": ms(median(filtered)),
        "inbox_next_ms": ms(median(steps)),
        "inbox_next_max_ms": ms(max(steps)),
        "inbox_written": pending,
    }
