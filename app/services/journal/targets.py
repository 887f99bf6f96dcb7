"""Habits and practices: what the user tracks."""

from __future__ import annotations

import math

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import clock
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.views import TargetInfo
from app.store import Database
from app.store.models import Habit, Practice

NAME_MAX = 120
UNIT_MAX = 24


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InvalidInputError("A habit or practice needs a name.")
    if len(cleaned) > NAME_MAX:
        raise InvalidInputError(f"A name can be at most {NAME_MAX} characters long.")
    return cleaned


def _clean_unit(unit: str | None) -> str | None:
    if unit is None:
        return None
    cleaned = " ".join(unit.split())
    if len(cleaned) > UNIT_MAX:
        raise InvalidInputError(f"A unit can be at most {UNIT_MAX} characters long.")
    return cleaned or None


def _positive(value: float | None, what: str) -> float | None:
    if value is None:
        return None
    if not math.isfinite(value) or value <= 0:
        raise InvalidInputError(f"The {what} must be a number greater than zero.")
    return value


def add_habit(
    db: Database, name: str, *, unit: str | None = None, default_amount: float | None = None
) -> OpResult[TargetInfo]:
    habit = Habit(
        name=_clean_name(name),
        unit=_clean_unit(unit),
        default_amount=_positive(default_amount, "default amount"),
    )
    with db.session() as session:
        session.add(habit)
        session.flush()
        view = TargetInfo.of_habit(habit)
    return OpResult(view, Changes(targets=frozenset({("habit", view.id)})))


def add_practice(
    db: Database, name: str, *, default_minutes: int | None = None
) -> OpResult[TargetInfo]:
    if default_minutes is not None and default_minutes <= 0:
        raise InvalidInputError("The default minutes must be a whole number greater than zero.")
    practice = Practice(name=_clean_name(name), default_minutes=default_minutes)
    with db.session() as session:
        session.add(practice)
        session.flush()
        view = TargetInfo.of_practice(practice)
    return OpResult(view, Changes(targets=frozenset({("practice", view.id)})))


def list_targets(db: Database, *, include_inactive: bool = False) -> list[TargetInfo]:
    """Habits (by id) then practices (by id); archived habits and ended practices on request."""
    with db.session(readonly=True) as session:
        habits = session.scalars(select(Habit).order_by(Habit.id)).all()
        practices = session.scalars(select(Practice).order_by(Practice.id)).all()
        views = [TargetInfo.of_habit(h) for h in habits]
        views += [TargetInfo.of_practice(p) for p in practices]
    return [v for v in views if include_inactive or v.active]


def get_target(db: Database, target_type: str, target_id: int) -> TargetInfo:
    with db.session(readonly=True) as session:
        return _view(target_row(session, target_type, target_id))


def rename_target(
    db: Database, target_type: str, target_id: int, name: str
) -> OpResult[TargetInfo]:
    cleaned = _clean_name(name)
    with db.session() as session:
        row = target_row(session, target_type, target_id)
        row.name = cleaned
        session.flush()
        view = _view(row)
    return OpResult(view, Changes(targets=frozenset({(target_type, target_id)})))


def set_active(
    db: Database, target_type: str, target_id: int, active: bool
) -> OpResult[TargetInfo]:
    """Archive (or restore) a habit; end (or resume) a practice. Its history stays."""
    with db.session() as session:
        row = target_row(session, target_type, target_id)
        if isinstance(row, Habit):
            row.archived = not active
        else:
            row.ended_at = None if active else clock.utcnow()
        session.flush()
        view = _view(row)
    return OpResult(view, Changes(targets=frozenset({(target_type, target_id)})))


def target_row(session: Session, target_type: str, target_id: int) -> Habit | Practice:
    row: Habit | Practice | None
    if target_type == "habit":
        row = session.get(Habit, target_id)
    elif target_type == "practice":
        row = session.get(Practice, target_id)
    else:
        raise InvalidInputError(f"Unknown target type {target_type!r}.")
    if row is None:
        raise NotFoundError(f"There is no {target_type} with id {target_id}.")
    return row


def _view(row: Habit | Practice) -> TargetInfo:
    return TargetInfo.of_habit(row) if isinstance(row, Habit) else TargetInfo.of_practice(row)
