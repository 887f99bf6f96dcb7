"""Full-text search over journal entries with SQLite FTS5.

The index is an external-content FTS5 table kept in step with ``journal_entries`` by
triggers (created by migration 0002, and by ``Base.metadata.create_all`` through the
DDL listener below, so both build the same schema).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from sqlalchemy import DDL, Connection, event, text

from app.store.models import JournalEntry

FTS_TABLE: Final = "journal_entries_fts"

FTS_DDL: Final[tuple[str, ...]] = (
    f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5("
    "title, body, content='journal_entries', content_rowid='id', "
    "tokenize='unicode61 remove_diacritics 2')",
    f"CREATE TRIGGER {FTS_TABLE}_ai AFTER INSERT ON journal_entries BEGIN "
    f"INSERT INTO {FTS_TABLE}(rowid, title, body) VALUES (new.id, new.title, new.body); END",
    f"CREATE TRIGGER {FTS_TABLE}_ad AFTER DELETE ON journal_entries BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, title, body) "
    "VALUES ('delete', old.id, old.title, old.body); END",
    f"CREATE TRIGGER {FTS_TABLE}_au AFTER UPDATE OF title, body ON journal_entries BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, title, body) "
    "VALUES ('delete', old.id, old.title, old.body); "
    f"INSERT INTO {FTS_TABLE}(rowid, title, body) VALUES (new.id, new.title, new.body); END",
)
"""The search index; migration 0002 carries a frozen copy of these statements."""

for _statement in FTS_DDL:
    event.listen(JournalEntry.__table__, "after_create", DDL(_statement))  # type: ignore[no-untyped-call]


def is_search_object(name: str | None) -> bool:
    """FTS5 objects live outside the ORM metadata (for Alembic's comparisons)."""
    return bool(name) and str(name).startswith(FTS_TABLE)


_MARK_OPEN: Final = "\x02"
_MARK_CLOSE: Final = "\x03"
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class SearchHit:
    entry_id: int
    day: date
    title: str
    snippet: str
    """A short excerpt of the body around the matches."""
    marks: tuple[tuple[int, int], ...]
    """Where the matched words stand in ``snippet`` (start, end)."""


def fts_query(user_text: str) -> str | None:
    """A safe FTS5 query from what a person typed: every word must match, the last as a
    prefix (search as you type). Operators and quotes in the input are plain text."""
    words = _WORD.findall(user_text)
    if not words:
        return None
    quoted = ['"' + w.replace('"', '""') + '"' for w in words]
    quoted[-1] += "*"
    return " ".join(quoted)


def _split_marks(raw: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    out: list[str] = []
    marks: list[tuple[int, int]] = []
    pos = 0
    start = -1
    for ch in raw:
        if ch == _MARK_OPEN:
            start = pos
        elif ch == _MARK_CLOSE:
            if start >= 0:
                marks.append((start, pos))
            start = -1
        else:
            out.append(ch)
            pos += 1
    return "".join(out), tuple(marks)


@dataclass(frozen=True)
class SearchFilter:
    """What narrows a search besides its words (each ``None``: anything)."""

    start: date | None = None
    end: date | None = None
    """The first and last day (both included)."""
    tag: str | None = None
    target: tuple[str, int] | None = None
    """A habit or practice (``("habit", id)``) the entry shows: a suggestion of it that
    was accepted or still waits (a dismissed one does not count)."""

    @property
    def empty(self) -> bool:
        return self == SearchFilter()


def _filter_sql(where: SearchFilter) -> tuple[str, dict[str, Any]]:
    """SQL conditions on ``e`` (journal_entries) for ``where``, and their parameters."""
    clauses: list[str] = []
    params: dict[str, Any] = {}
    if where.start is not None:
        clauses.append("e.day >= :start")
        params["start"] = where.start.isoformat()
    if where.end is not None:
        clauses.append("e.day <= :end")
        params["end"] = where.end.isoformat()
    if where.tag is not None:
        clauses.append(
            "EXISTS (SELECT 1 FROM entry_tags AS t WHERE t.entry_id = e.id AND t.tag = :tag)"
        )
        params["tag"] = where.tag
    if where.target is not None:
        column = "habit_id" if where.target[0] == "habit" else "practice_id"
        clauses.append(
            "EXISTS (SELECT 1 FROM completion_suggestions AS s WHERE s.entry_id = e.id"
            f" AND s.{column} = :target AND s.status != 'dismissed')"
        )
        params["target"] = where.target[1]
    return "".join(f" AND {clause}" for clause in clauses), params


def _first_words(body: str, limit: int = 90) -> str:
    text = " ".join(body.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def search_entries(
    connection: Connection,
    user_text: str,
    *,
    limit: int = 50,
    where: SearchFilter | None = None,
) -> list[SearchHit]:
    """Entries matching every word and ``where``, best first (bm25), with a marked
    snippet.  No words but a filter: the entries it lets through, newest first, each with
    its first words."""
    query = fts_query(user_text)
    conditions, params = _filter_sql(where or SearchFilter())
    if query is None:
        if where is None or where.empty:
            return []
        rows: Any = connection.execute(
            text(
                "SELECT e.id, e.day, e.title, e.body FROM journal_entries AS e"
                f" WHERE 1{conditions} ORDER BY e.day DESC, e.id DESC LIMIT :n"
            ),
            {**params, "n": limit},
        )
        return [
            SearchHit(int(i), date.fromisoformat(str(day)), title, _first_words(body or ""), ())
            for i, day, title, body in rows
        ]
    # ORDER BY rank (bm25) lets FTS5 sort the matches itself and hand over only the best
    # ``limit``: the join and the snippet then run for those alone.  Sorting by bm25() and
    # the day in SQL instead joins every match first (3x slower at 50,000 entries).
    rows = connection.execute(
        text(
            f"SELECT e.id, e.day, e.title, snippet({FTS_TABLE}, 1, :o, :c, '…', 12), rank "
            f"FROM {FTS_TABLE} JOIN journal_entries AS e ON e.id = {FTS_TABLE}.rowid "
            f"WHERE {FTS_TABLE} MATCH :q{conditions} ORDER BY rank LIMIT :n"
        ),
        {**params, "o": _MARK_OPEN, "c": _MARK_CLOSE, "q": query, "n": limit},
    )
    ranked = []
    for entry_id, day, title, raw, rank in rows:
        snippet, marks = _split_marks(raw or "")
        hit = SearchHit(int(entry_id), date.fromisoformat(str(day)), title, snippet, marks)
        ranked.append((float(rank), -hit.day.toordinal(), hit))
    ranked.sort(key=lambda item: item[:2])  # equal scores: the newest entry first
    return [hit for _rank, _day, hit in ranked]
