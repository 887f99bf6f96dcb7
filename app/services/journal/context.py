"""Where and in what weather an entry was written, as the tool it came from said (Day
One's location and weather, kept by the import in ``entry_context``)."""

from __future__ import annotations

from app.store import Database
from app.store.entry_sources import EntryContext


def describe_context(db: Database, entry_id: int) -> str:
    """``Café Einstein, Berlin, Germany · Rain, 8 °C``, or "" when the entry has neither."""
    with db.session(readonly=True) as session:
        row = session.get(EntryContext, entry_id)
        if row is None:
            return ""
        return " · ".join(part for part in (row.place, row.weather) if part)
