"""What Inkling learned from the user's decisions: proposed cue words and exclusions.

Registered on ``app.store.base.Base`` (``app.store`` imports this module), created by
migration 0008. A proposal names its habit or practice by ``(target_type, target_id)``;
one ``(target, kind, phrase)`` is proposed once, whatever the user answered, so an
answered proposal never comes back. Accepted cue words are copied into the target's own
``cues``; accepted exclusions are read from here by detection.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, Integer, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app import clock
from app.store.base import Base, UTCDateTime

PHRASE_MAX = 80
PROPOSAL_KINDS = ("cue", "exclude")
PROPOSAL_STATUSES = ("pending", "accepted", "dismissed")


class CueProposal(Base):
    """A cue word or exclusion learned for a habit or practice, shown to the user."""

    __tablename__ = "cue_proposals"
    __table_args__ = (
        CheckConstraint("target_type IN ('habit', 'practice')", name="target_type_valid"),
        CheckConstraint("kind IN ('cue', 'exclude')", name="kind_valid"),
        CheckConstraint("status IN ('pending', 'accepted', 'dismissed')", name="status_valid"),
        CheckConstraint(f"length(phrase) BETWEEN 1 AND {PHRASE_MAX}", name="phrase_length"),
        UniqueConstraint("target_type", "target_id", "kind", "phrase"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    target_type: Mapped[str] = mapped_column(Text)
    target_id: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(Text)
    phrase: Mapped[str] = mapped_column(Text)
    support: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(Text, default="pending")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
