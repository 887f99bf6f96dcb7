"""The review inbox: every pending journal suggestion and every unreviewed notebook
finding in one queue, newest first, a page at a time.

Order: by day, newest first (a suggestion's day is its entry's; a finding's the local
day it was found), the journal before the notebooks on the same day, then by entry
(newest first) and the suggestions in the order they were made, or by notebook and the
findings in the order they were made.  ``InboxKey`` is that order; a page ends with
the key to continue after (keyset pagination: a page costs the same at the top of the
queue as deep inside it, and a decision taken meanwhile never shifts what follows).

The suggestions are read by walking the entries by day (``ix_journal_entries_day``)
and asking each for its pending suggestions (``ix_completion_suggestions_pending``,
migration 0006), so a page reads about as many rows as it shows.  Unreviewed findings
are few (one per detection) and are keyed in Python (``ix_findings_unreviewed``).

Deciding goes through the journal's and the notebooks' own review code (accepting a
suggestion logs its completion; accepting a finding tags its pages), one transaction
for any number of items; the returned ``Decision`` is what ``undo`` needs to put every
one of them back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session, selectinload

from app import clock
from app.domain.journal.suggestions import SuggestionStatus
from app.domain.notebooks.reviews import ReviewStatus
from app.services.changes import NO_CHANGES, Changes, OpResult, Target
from app.services.errors import InvalidInputError, NotFoundError, RefusedError
from app.services.journal.review import undo_in
from app.services.journal.suggestions import accept_in, dismiss_in
from app.services.notebooks.findings import FindingInfo, restore_review_in, review_in
from app.services.views import SuggestionInfo
from app.store import Database
from app.store.models import CompletionSuggestion, Habit, JournalEntry, Practice
from app.store.notebooks import DetectionRun, Finding, Notebook, NotebookPage

PAGE_SIZE = 50


class ItemKind(StrEnum):
    SUGGESTION = "suggestion"
    FINDING = "finding"


_RANK = {ItemKind.SUGGESTION: 1, ItemKind.FINDING: 0}
"""On the same day the journal's suggestions come before the notebooks' findings."""


@dataclass(frozen=True, order=True)
class InboxKey:
    """An item's place in the queue; the queue runs from the largest key down."""

    day: date
    rank: int
    group: int
    """The entry's id, or the notebook's."""
    item: int
    """Minus the suggestion's or the finding's id (older ids first within a group)."""


@dataclass(frozen=True)
class InboxFilter:
    """What the queue shows.  A habit or practice shows only journal suggestions; a
    detector or a notebook only notebook findings; days are inclusive."""

    kind: ItemKind | None = None
    target: Target | None = None
    detector_id: str | None = None
    notebook_id: int | None = None
    start: date | None = None
    end: date | None = None

    def wants(self, kind: ItemKind) -> bool:
        if self.kind is not None and self.kind != kind:
            return False
        if kind == ItemKind.SUGGESTION:
            return self.detector_id is None and self.notebook_id is None
        return self.target is None


EVERYTHING = InboxFilter()


@dataclass(frozen=True)
class InboxItem:
    kind: ItemKind
    id: int
    key: InboxKey
    day: date
    title: str
    """The habit's or practice's name; the finding's title or detector."""
    quote: str
    """The words it rests on."""
    where: str
    """The entry (its title), or the notebook and its pages."""
    entry_id: int | None = None
    notebook_id: int | None = None
    page_id: int | None = None
    """The page to open a finding at (its first evidence's, else its first page)."""
    suggestion: SuggestionInfo | None = None
    finding: FindingInfo | None = None


@dataclass(frozen=True)
class InboxPage:
    items: tuple[InboxItem, ...]
    next_after: InboxKey | None
    """The key to ask for the next page after; ``None`` at the end of the queue."""


@dataclass(frozen=True)
class InboxCounts:
    suggestions: int
    findings: int

    @property
    def total(self) -> int:
        return self.suggestions + self.findings


@dataclass(frozen=True)
class Choice:
    """One value of a filter: a habit or practice, a detector, a notebook."""

    key: str
    label: str


@dataclass(frozen=True)
class InboxChoices:
    targets: tuple[tuple[Target, str], ...]
    detectors: tuple[Choice, ...]
    notebooks: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class FindingBefore:
    """What a finding was before a decision: its page reviews, and the pages the
    decision tagged (accepting) or untagged (rejecting)."""

    finding_id: int
    page_reviews: tuple[tuple[int, ReviewStatus], ...]
    tagged: tuple[int, ...] = ()
    untagged: tuple[int, ...] = ()


@dataclass(frozen=True)
class Decision:
    """Items accepted or dismissed together: what ``undo`` puts back."""

    accepted: bool
    suggestions: tuple[int, ...] = ()
    findings: tuple[FindingBefore, ...] = ()

    @property
    def count(self) -> int:
        return len(self.suggestions) + len(self.findings)


@dataclass(frozen=True)
class Restored:
    restored: int
    skipped: int
    """Suggestions that could not come back (their words were edited away since)."""


# ------------------------------------------------------------------ reading


def list_inbox(
    db: Database,
    where: InboxFilter = EVERYTHING,
    *,
    after: InboxKey | None = None,
    limit: int = PAGE_SIZE,
) -> InboxPage:
    """One page of the queue: up to ``limit`` items after ``after`` (from the top when
    ``None``)."""
    if limit < 1:
        raise InvalidInputError("A page of the inbox holds at least one item.")
    _check(where)
    with db.session(readonly=True) as session:
        keys = _keys(session, where, after, limit + 1)
        shown = keys[:limit]
        items = _items(session, shown)
    next_after = shown[-1][0] if len(keys) > limit else None
    return InboxPage(tuple(items), next_after)


def _keys(
    session: Session, where: InboxFilter, after: InboxKey | None, limit: int | None
) -> list[tuple[InboxKey, ItemKind, int]]:
    """The keys of up to ``limit`` items after ``after`` (all when ``None``), in order."""
    keys: list[tuple[InboxKey, ItemKind, int]] = []
    if where.wants(ItemKind.SUGGESTION):
        found = _suggestion_keys(session, where, after, limit)
        keys += [(key, ItemKind.SUGGESTION, sid) for key, sid in found]
    if where.wants(ItemKind.FINDING):
        found = _finding_keys(session, where, after, limit)
        keys += [(key, ItemKind.FINDING, fid) for key, fid in found]
    keys.sort(reverse=True)
    return keys if limit is None else keys[:limit]


def inbox_counts(db: Database, where: InboxFilter = EVERYTHING) -> InboxCounts:
    """How many suggestions and findings wait for a decision (those ``where`` shows)."""
    _check(where)
    with db.session(readonly=True) as session:
        suggestions = _count_suggestions(session, where) if where.wants(ItemKind.SUGGESTION) else 0
        findings = (
            int(session.scalar(_findings_query(where, func.count(Finding.id))) or 0)
            if where.wants(ItemKind.FINDING)
            else 0
        )
    return InboxCounts(suggestions, findings)


def inbox_choices(db: Database) -> InboxChoices:
    """The values the filters offer: every habit and practice, and the detectors and
    notebooks that have findings waiting."""
    with db.session(readonly=True) as session:
        habits = session.execute(select(Habit.id, Habit.name)).tuples()
        practices = session.execute(select(Practice.id, Practice.name)).tuples()
        targets: list[tuple[Target, str]] = [(("habit", i), name) for i, name in habits]
        targets += [(("practice", i), name) for i, name in practices]
        notebooks = session.execute(
            _findings_query(EVERYTHING, Notebook.id, Notebook.title)
            .join(Notebook, Notebook.id == Finding.notebook_id)
            .distinct()
        ).tuples()
        detector_ids = set(
            session.scalars(_findings_query(EVERYTHING, Finding.detector_id).distinct())
        )
        titles = _detector_titles(session, detector_ids)
    detectors = [Choice(d, titles.get(d, d)) for d in detector_ids]
    return InboxChoices(
        tuple(sorted(targets, key=lambda t: (t[1].casefold(), t[0]))),
        tuple(sorted(detectors, key=lambda c: (c.label.casefold(), c.key))),
        tuple(sorted(notebooks, key=lambda n: (n[1].casefold(), n[0]))),
    )


_UNREVIEWED = text(f"findings.review_status = '{ReviewStatus.UNREVIEWED}'")
_PENDING = text(f"completion_suggestions.status = '{SuggestionStatus.PENDING}'")
"""Literal conditions: SQLite uses a partial index only for the very words of its WHERE
(a bound parameter never matches), here ``ix_findings_unreviewed`` and
``ix_completion_suggestions_pending``."""


def _check(where: InboxFilter) -> None:
    if where.start is not None and where.end is not None and where.start > where.end:
        raise InvalidInputError("The first day of the range comes after its last day.")
    if where.target is not None and where.target[0] not in ("habit", "practice"):
        raise InvalidInputError(f"Unknown kind of target {where.target[0]!r}.")


def _suggestion_sql(where: InboxFilter, after: InboxKey | None) -> tuple[str, dict[str, Any]]:
    """The WHERE clause over the entries ``e`` and their pending suggestions ``s``, with a
    single upper bound on the day (SQLite uses one bound of a range on the index)."""
    clauses = ["s.entry_id = e.id", "s.status = 'pending'"]
    params: dict[str, Any] = {}
    if where.target is not None:
        column = "s.habit_id" if where.target[0] == "habit" else "s.practice_id"
        clauses.append(f"{column} = :target_id")
        params["target_id"] = where.target[1]
    if where.start is not None:
        clauses.append("e.day >= :start")
        params["start"] = where.start.isoformat()
    upper = where.end
    tie: InboxKey | None = None
    if after is not None:
        if after.rank < _RANK[ItemKind.SUGGESTION]:  # a finding: its day's journal is done
            bound = after.day - timedelta(days=1)
        else:
            bound = after.day
            tie = after if upper is None or upper >= after.day else None
        upper = bound if upper is None else min(upper, bound)
    if upper is not None:
        clauses.append("e.day <= :upper")
        params["upper"] = upper.isoformat()
    if tie is not None:
        clauses.append(
            "(e.day < :upper OR e.id < :tie_entry OR (e.id = :tie_entry AND s.id > :tie_id))"
        )
        params["tie_entry"] = tie.group
        params["tie_id"] = -tie.item
    return " AND ".join(clauses), params


_WALK = (
    "FROM journal_entries AS e"
    " CROSS JOIN completion_suggestions AS s INDEXED BY ix_completion_suggestions_pending"
)
"""Entries first, by day (CROSS JOIN fixes SQLite's loop order), then each one's pending
suggestions by id: the ORDER BY comes from the indexes, no sorting."""


def _suggestion_keys(
    session: Session, where: InboxFilter, after: InboxKey | None, limit: int | None
) -> list[tuple[InboxKey, int]]:
    condition, params = _suggestion_sql(where, after)
    sql = (
        f"SELECT s.id, e.id, e.day {_WALK} WHERE {condition}"
        " ORDER BY e.day DESC, e.id DESC, s.id ASC"
    )
    if limit is not None:
        sql += " LIMIT :limit"
        params["limit"] = limit
    rows = session.execute(text(sql), params).all()
    rank = _RANK[ItemKind.SUGGESTION]
    return [
        (InboxKey(date.fromisoformat(day), rank, entry_id, -sid), sid)
        for sid, entry_id, day in rows
    ]


def _count_suggestions(session: Session, where: InboxFilter) -> int:
    if where == InboxFilter(kind=where.kind):  # everything pending: the index alone
        return int(
            session.scalar(select(func.count()).select_from(CompletionSuggestion).where(_PENDING))
            or 0
        )
    condition, params = _suggestion_sql(where, None)
    return int(
        session.execute(text(f"SELECT count(*) {_WALK} WHERE {condition}"), params).scalar_one()
    )


def _day_start(day: date) -> datetime:
    """The first moment of a local day, in UTC."""
    zone = clock.zone()
    local = (
        datetime.combine(day, time.min, tzinfo=zone)
        if zone is not None
        else datetime.combine(day, time.min).astimezone()
    )
    return local.astimezone(UTC)


def _findings_query(where: InboxFilter, *columns: Any) -> Any:
    query = (
        select(*columns)
        .select_from(Finding)
        .join(DetectionRun, DetectionRun.id == Finding.run_id)
        .where(DetectionRun.published.is_(True), _UNREVIEWED)
    )
    if where.notebook_id is not None:
        query = query.where(Finding.notebook_id == where.notebook_id)
    if where.detector_id is not None:
        query = query.where(Finding.detector_id == where.detector_id)
    if where.start is not None:
        query = query.where(Finding.created_at >= _day_start(where.start))
    if where.end is not None:
        query = query.where(Finding.created_at < _day_start(where.end + timedelta(days=1)))
    return query


def _finding_keys(
    session: Session, where: InboxFilter, after: InboxKey | None, limit: int | None
) -> list[tuple[InboxKey, int]]:
    query = _findings_query(where, Finding.id, Finding.notebook_id, Finding.created_at)
    if after is not None:  # nothing found after the end of the cursor's day comes later
        query = query.where(Finding.created_at < _day_start(after.day + timedelta(days=1)))
    rank = _RANK[ItemKind.FINDING]
    keys = [
        (InboxKey(clock.to_local(created).date(), rank, notebook_id, -fid), fid)
        for fid, notebook_id, created in session.execute(query).tuples()
    ]
    if after is not None:
        keys = [k for k in keys if k[0] < after]
    keys.sort(reverse=True)
    return keys if limit is None else keys[:limit]


def _items(session: Session, keys: Sequence[tuple[InboxKey, ItemKind, int]]) -> list[InboxItem]:
    sids = [i for _, kind, i in keys if kind == ItemKind.SUGGESTION]
    fids = [i for _, kind, i in keys if kind == ItemKind.FINDING]
    suggestions: dict[int, CompletionSuggestion] = {}
    if sids:
        suggestions = {
            row.id: row
            for row in session.scalars(
                select(CompletionSuggestion)
                .where(CompletionSuggestion.id.in_(sids))
                .options(
                    selectinload(CompletionSuggestion.entry).load_only(
                        JournalEntry.id, JournalEntry.day, JournalEntry.title
                    ),
                    selectinload(CompletionSuggestion.habit),
                    selectinload(CompletionSuggestion.practice),
                )
            )
        }
    findings: dict[int, Finding] = {}
    titles: dict[int, str] = {}
    positions: dict[int, int] = {}
    if fids:
        findings = {
            row.id: row
            for row in session.scalars(
                select(Finding)
                .where(Finding.id.in_(fids))
                .options(selectinload(Finding.page_reviews))
            )
        }
        notebook_ids = {row.notebook_id for row in findings.values()}
        titles = dict(
            session.execute(
                select(Notebook.id, Notebook.title).where(Notebook.id.in_(notebook_ids))
            )
            .tuples()
            .all()
        )
        page_ids = {p for row in findings.values() for p in (row.start_page_id, row.end_page_id)}
        positions = dict(
            session.execute(
                select(NotebookPage.id, NotebookPage.position).where(NotebookPage.id.in_(page_ids))
            )
            .tuples()
            .all()
        )
    detector_titles = _detector_titles(session, {row.detector_id for row in findings.values()})
    items: list[InboxItem] = []
    for key, kind, item_id in keys:
        if kind == ItemKind.SUGGESTION:
            row = suggestions[item_id]
            items.append(_suggestion_item(key, row))
        else:
            found = findings[item_id]
            items.append(
                _finding_item(
                    key, found, titles.get(found.notebook_id, ""), positions, detector_titles
                )
            )
    return items


def _suggestion_item(key: InboxKey, row: CompletionSuggestion) -> InboxItem:
    view = SuggestionInfo.of(row)
    entry = row.entry
    return InboxItem(
        kind=ItemKind.SUGGESTION,
        id=row.id,
        key=key,
        day=entry.day,
        title=view.target_name,
        quote=view.anchor_text,
        where=entry.title.strip() or "Untitled entry",
        entry_id=entry.id,
        suggestion=view,
    )


def _finding_item(
    key: InboxKey,
    row: Finding,
    notebook_title: str,
    positions: dict[int, int],
    detector_titles: dict[str, str],
) -> InboxItem:
    view = FindingInfo.of(row)
    first = positions.get(view.start_page, 0) + 1
    last = positions.get(view.end_page, 0) + 1
    pages = f"page {first}" if first == last else f"pages {first}\u2013{last}"
    quote = next((e.anchor_text for e in view.evidence if e.anchor_text.strip()), view.reason)
    page_id = view.evidence[0].page_id if view.evidence else view.start_page
    detector = detector_titles.get(view.detector_id, view.detector_id)
    title = view.title or view.tag_label or detector
    if title == view.detector_id:  # a count detector's tag is named by its id
        title = detector
    return InboxItem(
        kind=ItemKind.FINDING,
        id=row.id,
        key=key,
        day=key.day,
        title=f"{detector}: {title}" if title != detector else detector,
        quote=" ".join(quote.split()),
        where=f"{notebook_title}, {pages}",
        notebook_id=view.notebook_id,
        page_id=page_id,
        finding=view,
    )


def _detector_titles(session: Session, detector_ids: set[str]) -> dict[str, str]:
    """Detector titles from the run that made the findings (its definition snapshot)."""
    if not detector_ids:
        return {}
    rows = session.execute(
        select(DetectionRun.detector_id, DetectionRun.definition).where(
            DetectionRun.detector_id.in_(detector_ids), DetectionRun.published.is_(True)
        )
    ).tuples()
    return {
        detector_id: str(definition.get("title") or detector_id)
        for detector_id, definition in rows
        if isinstance(definition, dict)
    }


# ------------------------------------------------------------------ deciding


def decide(
    db: Database, items: Iterable[tuple[ItemKind, int]], *, accept: bool
) -> OpResult[Decision]:
    """Accept (or dismiss / reject) the given items in one transaction; those already
    decided are left as they are."""
    wanted = list(items)
    with db.session() as session:
        decision, changes = _decide(session, wanted, accept)
    return OpResult(decision, changes)


def decide_all(db: Database, where: InboxFilter, *, accept: bool) -> OpResult[Decision]:
    """Accept (or dismiss / reject) everything ``where`` shows, in one transaction."""
    _check(where)
    with db.session() as session:
        wanted = [(kind, item_id) for _, kind, item_id in _keys(session, where, None, None)]
        decision, changes = _decide(session, wanted, accept)
    return OpResult(decision, changes)


def _decide(
    session: Session, items: Sequence[tuple[ItemKind, int]], accept: bool
) -> tuple[Decision, Changes]:
    today = clock.today()
    changes = NO_CHANGES
    suggestions: list[int] = []
    findings: list[FindingBefore] = []
    verdict = ReviewStatus.APPROVED if accept else ReviewStatus.REJECTED
    for kind, item_id in items:
        if kind == ItemKind.SUGGESTION:
            row = session.get(CompletionSuggestion, item_id)
            if row is None:
                raise NotFoundError(f"There is no suggestion with id {item_id}.")
            if row.status != SuggestionStatus.PENDING:
                continue
            _, changed = (
                accept_in(session, item_id, today) if accept else dismiss_in(session, item_id)
            )
            suggestions.append(item_id)
        else:
            found = session.get(Finding, item_id, options=[selectinload(Finding.page_reviews)])
            if found is None:
                raise NotFoundError(f"There is no finding with id {item_id}.")
            if found.review_status != ReviewStatus.UNREVIEWED:
                continue
            reviews = tuple(sorted((r.page_id, r.decision) for r in found.page_reviews))
            _, changed = review_in(session, item_id, None, verdict)
            pages = tuple(sorted(changed.pages))
            findings.append(
                FindingBefore(
                    item_id,
                    reviews,
                    tagged=pages if accept else (),
                    untagged=() if accept else pages,
                )
            )
        changes = changes | changed
    return Decision(accept, tuple(suggestions), tuple(findings)), changes


def undo(db: Database, decision: Decision) -> OpResult[Restored]:
    """Put back every item of ``decision`` as it was, in one transaction.  A suggestion
    whose words were edited away since cannot come back and is skipped."""
    changes = NO_CHANGES
    restored = skipped = 0
    with db.session() as session:
        for sid in decision.suggestions:
            try:
                _, changed = undo_in(session, sid)
            except (RefusedError, NotFoundError):
                skipped += 1
                continue
            changes, restored = changes | changed, restored + 1
        for before in decision.findings:
            try:
                _, changed = restore_review_in(
                    session,
                    before.finding_id,
                    dict(before.page_reviews),
                    untag=before.tagged,
                    retag=before.untagged,
                )
            except NotFoundError:
                skipped += 1
                continue
            changes, restored = changes | changed, restored + 1
    return OpResult(Restored(restored, skipped), changes)


def affects_inbox(changes: Changes) -> bool:
    """Whether ``changes`` may change what the inbox shows."""
    return bool(
        changes.suggestions
        or changes.findings
        or changes.entries
        or changes.deleted_entries
        or changes.targets
        or changes.notebooks
        or changes.detectors
    )
