"""Learning cue words and exclusions from the user's decisions (issue 15, item 1).

``refresh_proposals`` recounts the user's history (what ``app.domain.journal.learning``
reads) and stores any new proposal as pending; nothing changes what detection reads
until the user accepts one: an accepted cue word is added to the target's own cue words
(so ``inkling habit cues`` shows and edits it), an accepted exclusion is read by
detection from the ``cue_proposals`` table (``accepted_exclusions``). A dismissed
proposal is remembered and never proposed again.

The history, per active habit or practice: the days it was logged by hand while that
day's entries got no suggestion for it ("done" texts: the entries), the quotes of
accepted suggestions ("done" too), the entries of days it was not done ("not done"), and
the quotes of dismissed suggestions (for exclusions).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import clock
from app.domain.journal.cues import MAX_CUES, CueError, clean_cues
from app.domain.journal.learning import propose_cues, propose_exclusions, text_counts
from app.domain.journal.suggestions import SuggestionStatus
from app.services.changes import NO_CHANGES, Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError, RefusedError
from app.services.journal.cues import effective_cues
from app.services.journal.targets import target_row
from app.store import Database
from app.store.learning import PHRASE_MAX, CueProposal
from app.store.models import (
    CompletionSuggestion,
    Habit,
    HabitCompletion,
    JournalEntry,
    Practice,
    PracticeSession,
)

Target = tuple[str, int]


@dataclass(frozen=True)
class ProposalInfo:
    id: int
    target_type: str
    target_id: int
    target_name: str
    kind: str
    phrase: str
    support: int
    status: str

    @property
    def question(self) -> str:
        """The proposal as the user is asked it."""
        if self.kind == "cue":
            return f"Add \u201c{self.phrase}\u201d to {self.target_name}'s words?"
        return f"Stop reading \u201c{self.phrase}\u201d as {self.target_name}?"


def _info(row: CueProposal, name: str) -> ProposalInfo:
    return ProposalInfo(
        row.id,
        row.target_type,
        row.target_id,
        name,
        row.kind,
        row.phrase,
        row.support,
        row.status,
    )


def accepted_exclusions(session: Session) -> dict[Target, tuple[str, ...]]:
    """The exclusions the user accepted, per target (detection adds them to the seed's)."""
    out: dict[Target, list[str]] = defaultdict(list)
    rows = session.scalars(
        select(CueProposal).where(CueProposal.kind == "exclude", CueProposal.status == "accepted")
    )
    for row in rows:
        out[(row.target_type, row.target_id)].append(row.phrase)
    return {k: tuple(v) for k, v in out.items()}


def _targets(session: Session) -> dict[Target, Habit | Practice]:
    found: dict[Target, Habit | Practice] = {
        ("habit", h.id): h for h in session.scalars(select(Habit).where(Habit.archived.is_(False)))
    }
    found.update(
        (("practice", p.id), p)
        for p in session.scalars(select(Practice).where(Practice.ended_at.is_(None)))
    )
    return found


def _history(
    session: Session,
) -> tuple[dict[date, list[str]], dict[Target, set[date]], list[CompletionSuggestion]]:
    bodies: dict[date, list[str]] = defaultdict(list)
    for day, body in session.execute(select(JournalEntry.day, JournalEntry.body)):
        bodies[day].append(body)
    done_days: dict[Target, set[date]] = defaultdict(set)
    for habit_id, day in session.execute(select(HabitCompletion.habit_id, HabitCompletion.day)):
        done_days[("habit", habit_id)].add(day)
    for practice_id, day in session.execute(
        select(PracticeSession.practice_id, PracticeSession.day)
    ):
        done_days[("practice", practice_id)].add(day)
    suggestions = list(
        session.scalars(select(CompletionSuggestion).join(CompletionSuggestion.entry))
    )
    return bodies, done_days, suggestions


def refresh_proposals(db: Database) -> OpResult[list[ProposalInfo]]:
    """Recount the history and store the proposals not seen before; returns every
    pending proposal (new and old), by target then id."""
    with db.session() as session:
        targets = _targets(session)
        bodies, done_days, suggestions = _history(session)
        suggested_days: dict[Target, set[date]] = defaultdict(set)
        accepted: dict[Target, list[str]] = defaultdict(list)
        dismissed: dict[Target, list[str]] = defaultdict(list)
        for s in suggestions:
            key: Target = (
                ("habit", s.habit_id)
                if s.habit_id is not None
                else ("practice", s.practice_id or 0)
            )
            suggested_days[key].add(s.entry.day)
            if s.status == SuggestionStatus.ACCEPTED:
                accepted[key].append(s.anchor_text)
            elif s.status == SuggestionStatus.DISMISSED:
                dismissed[key].append(s.anchor_text)
        answered: dict[Target, set[tuple[str, str]]] = defaultdict(set)
        for answer in session.scalars(select(CueProposal)):
            answered[(answer.target_type, answer.target_id)].add((answer.kind, answer.phrase))
        cues_of = {key: effective_cues(t.name, t.cues)[0] for key, t in targets.items()}
        every_day = text_counts(b for bs in bodies.values() for b in bs)
        added = False
        for key in targets:
            days = done_days.get(key, set())
            by_hand = days - suggested_days.get(key, set())
            done = [b for d in sorted(by_hand) for b in bodies.get(d, [])] + accepted[key]
            not_done = every_day - text_counts(b for d in days for b in bodies.get(d, []))
            others = [c for k, cs in cues_of.items() if k != key for c in cs]
            said = answered[key]
            room = MAX_CUES - len(cues_of[key])
            new = propose_cues(
                done,
                not_done,
                cues=cues_of[key],
                others=others,
                answered={p for k, p in said if k == "cue"},
            )[: max(room, 0)] + propose_exclusions(
                dismissed[key],
                accepted[key],
                cues=cues_of[key],
                answered={p for k, p in said if k == "exclude"},
            )
            for proposal in new:
                if len(proposal.phrase) > PHRASE_MAX:
                    continue
                session.add(
                    CueProposal(
                        target_type=key[0],
                        target_id=key[1],
                        kind=proposal.kind,
                        phrase=proposal.phrase,
                        support=proposal.support,
                    )
                )
                added = True
        session.flush()
        pending = session.scalars(
            select(CueProposal)
            .where(CueProposal.status == "pending")
            .order_by(CueProposal.target_type, CueProposal.target_id, CueProposal.id)
        )
        views = [
            _info(p, targets[(p.target_type, p.target_id)].name)
            for p in pending
            if (p.target_type, p.target_id) in targets
        ]
    changes = Changes(targets=frozenset(targets)) if added else NO_CHANGES
    return OpResult(views, changes)


def list_proposals(db: Database, *, status: str | None = "pending") -> list[ProposalInfo]:
    """The stored proposals of existing targets (``status`` None: all of them)."""
    with db.session(readonly=True) as session:
        targets = _targets(session)
        query = select(CueProposal).order_by(CueProposal.id)
        if status is not None:
            query = query.where(CueProposal.status == status)
        return [
            _info(p, targets[(p.target_type, p.target_id)].name)
            for p in session.scalars(query)
            if (p.target_type, p.target_id) in targets
        ]


def _decide(db: Database, proposal_id: int, status: str) -> ProposalInfo:
    """Answer a pending proposal in one transaction; accepting a cue word also adds it
    to the target's own words (refused, with nothing written, if they cannot take it)."""
    with db.session() as session:
        row = session.get(CueProposal, proposal_id)
        if row is None:
            raise NotFoundError(f"There is no proposal with id {proposal_id}.")
        if row.status != "pending":
            raise RefusedError(f"Proposal {proposal_id} was already {row.status}.")
        target = target_row(session, row.target_type, row.target_id)
        if status == "accepted" and row.kind == "cue":
            current = list(effective_cues(target.name, target.cues)[0])
            try:
                target.cues = clean_cues([*current, row.phrase])
            except CueError as exc:
                raise InvalidInputError(str(exc)) from None
        row.status = status
        row.decided_at = clock.utcnow()
        session.flush()
        return _info(row, target.name)


def accept_proposal(db: Database, proposal_id: int) -> OpResult[ProposalInfo]:
    """Accept a pending proposal: a cue word joins the target's own words (``inkling habit
    cues`` shows and edits them); an exclusion is read by detection from now on."""
    view = _decide(db, proposal_id, "accepted")
    return OpResult(view, Changes(targets=frozenset({(view.target_type, view.target_id)})))


def dismiss_proposal(db: Database, proposal_id: int) -> OpResult[ProposalInfo]:
    """Dismiss a pending proposal; it is never proposed again."""
    view = _decide(db, proposal_id, "dismissed")
    return OpResult(view, Changes(targets=frozenset({(view.target_type, view.target_id)})))
