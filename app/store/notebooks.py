"""Notebooks, pages, tags, custom detectors, detection runs, findings and reviews.

Registered on ``app.store.base.Base`` (``app.store`` imports this module), created by
migration 0003.  JSON columns hold plain JSON documents (dicts, lists, strings, numbers).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app import clock
from app.domain.notebooks.reviews import PAGE_DECISIONS, ReviewStatus
from app.domain.notebooks.runs import AttemptState, Capability, RunOutcome
from app.store.base import Base, EnumText, UTCDateTime, one_of

_TITLE_NOT_BLANK: Final = "length(trim(title, char(9, 10, 13, 32))) > 0"


class Notebook(Base):
    __tablename__ = "notebooks"
    __table_args__ = (CheckConstraint(_TITLE_NOT_BLANK, name="title_not_blank"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)

    pages: Mapped[list[NotebookPage]] = relationship(
        back_populates="notebook",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="NotebookPage.position",
    )


class NotebookPage(Base):
    """One page. ``image_path`` is relative to the data folder."""

    __tablename__ = "notebook_pages"
    __table_args__ = (
        UniqueConstraint("notebook_id", "position"),
        CheckConstraint("position >= 0", name="position_not_negative"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    notebook_id: Mapped[int] = mapped_column(ForeignKey("notebooks.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    image_path: Mapped[str | None] = mapped_column(Text)
    image_digest: Mapped[str | None] = mapped_column(Text)
    transcribed_text: Mapped[str | None] = mapped_column(Text)
    edited_text: Mapped[str | None] = mapped_column(Text)
    excluded: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )

    notebook: Mapped[Notebook] = relationship(back_populates="pages")

    @property
    def effective_text(self) -> str | None:
        """The user's edited text if set, else the transcribed text, else None."""
        return self.edited_text if self.edited_text is not None else self.transcribed_text


class PageTranscription(Base):
    """The lines an OCR engine (or the vision model) read from a page's scan, with their
    boxes (migration 0010).  ``image_digest`` is the scan's digest when it was read: the
    boxes belong to that image only.  ``lines`` is the JSON of
    ``app.domain.notebooks.transcription.to_json``."""

    __tablename__ = "page_transcriptions"

    page_id: Mapped[int] = mapped_column(
        ForeignKey("notebook_pages.id", ondelete="CASCADE"), primary_key=True
    )
    engine: Mapped[str] = mapped_column(Text)
    image_digest: Mapped[str | None] = mapped_column(Text)
    lines: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)


class Tag(Base):
    """The tag catalogue: one row per slug."""

    __tablename__ = "tags"
    __table_args__ = (CheckConstraint("length(slug) > 0", name="slug_not_empty"),)

    slug: Mapped[str] = mapped_column(Text, primary_key=True)
    label: Mapped[str] = mapped_column(Text)
    colour: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)


class PageTag(Base):
    __tablename__ = "page_tags"
    __table_args__ = (Index("ix_page_tags_tag_slug", "tag_slug"),)

    page_id: Mapped[int] = mapped_column(
        ForeignKey("notebook_pages.id", ondelete="CASCADE"), primary_key=True
    )
    tag_slug: Mapped[str] = mapped_column(
        ForeignKey("tags.slug", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)


class CustomDetector(Base):
    """A user's detector: its compiled definition as JSON."""

    __tablename__ = "custom_detectors"
    __table_args__ = (UniqueConstraint("detector_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    detector_id: Mapped[str] = mapped_column(Text)
    definition: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )


class DetectorPreference(Base):
    """Per-detector preferences (auto-tag is opt-in and remembered)."""

    __tablename__ = "detector_preferences"

    detector_id: Mapped[str] = mapped_column(Text, primary_key=True)
    auto_tag: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )


class DetectionRun(Base):
    """One attempt to run a detector over a notebook; at most one per (notebook, detector)
    is published."""

    __tablename__ = "detection_runs"
    __table_args__ = (
        CheckConstraint(one_of("attempt_state", AttemptState), name="attempt_state_valid"),
        CheckConstraint(
            "outcome IS NULL OR " + one_of("outcome", RunOutcome), name="outcome_valid"
        ),
        CheckConstraint(
            f"NOT published OR (attempt_state = '{AttemptState.SUCCEEDED}'"
            " AND NOT stale_at_publish)",
            name="published_succeeded",
        ),
        Index("ix_detection_runs_notebook_id_detector_id", "notebook_id", "detector_id"),
        Index(
            "uq_detection_runs_notebook_id_detector_id",
            "notebook_id",
            "detector_id",
            unique=True,
            sqlite_where=text("published"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    notebook_id: Mapped[int] = mapped_column(ForeignKey("notebooks.id", ondelete="CASCADE"))
    detector_id: Mapped[str] = mapped_column(Text)
    detector_version: Mapped[str] = mapped_column(Text)
    definition: Mapped[dict[str, Any]] = mapped_column(JSON)
    """A snapshot of the definition this run used."""
    attempt_state: Mapped[AttemptState] = mapped_column(
        EnumText(AttemptState),
        default=AttemptState.RUNNING,
        server_default=AttemptState.RUNNING.value,
    )
    outcome: Mapped[RunOutcome | None] = mapped_column(EnumText(RunOutcome))
    capability: Mapped[Capability | None] = mapped_column(EnumText(Capability))
    route: Mapped[str | None] = mapped_column(Text)
    warnings: Mapped[list[Any]] = mapped_column(JSON, default=list)
    message: Mapped[str | None] = mapped_column(Text)
    cache_identity: Mapped[str | None] = mapped_column(Text)
    pages_scanned: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    windows_scanned: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    windows_total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    windows_failed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    windows_reused: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Of ``windows_scanned``, those read from an interrupted attempt's checkpoints."""
    partial: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    page_counts: Mapped[list[Any] | None] = mapped_column(JSON)
    model_name: Mapped[str | None] = mapped_column(Text)
    model_digest: Mapped[str | None] = mapped_column(Text)
    prompt_id: Mapped[str | None] = mapped_column(Text)
    prompt_version: Mapped[str | None] = mapped_column(Text)
    published: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    stale_at_publish: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    findings: Mapped[list[Finding]] = relationship(
        back_populates="run", cascade="all, delete-orphan", passive_deletes=True
    )


class Finding(Base):
    """One detection: a span of pages (inclusive), evidence, and the user's review."""

    __tablename__ = "findings"
    __table_args__ = (
        CheckConstraint("confidence >= 0 AND confidence <= 1", name="confidence_range"),
        CheckConstraint(one_of("review_status", ReviewStatus), name="review_status_valid"),
        Index("ix_findings_run_id", "run_id"),
        Index("ix_findings_notebook_id_detector_id", "notebook_id", "detector_id"),
        # The review inbox: the findings still waiting for a decision, newest first.
        Index(
            "ix_findings_unreviewed",
            "created_at",
            "id",
            sqlite_where=text("review_status = 'unreviewed'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("detection_runs.id", ondelete="CASCADE"))
    notebook_id: Mapped[int] = mapped_column(ForeignKey("notebooks.id", ondelete="CASCADE"))
    detector_id: Mapped[str] = mapped_column(Text)
    detector_version: Mapped[str] = mapped_column(Text)
    start_page_id: Mapped[int] = mapped_column(ForeignKey("notebook_pages.id", ondelete="CASCADE"))
    end_page_id: Mapped[int] = mapped_column(ForeignKey("notebook_pages.id", ondelete="CASCADE"))
    page_ids: Mapped[list[int]] = mapped_column(JSON)
    """The pages inside the span, in order."""
    finding_type: Mapped[str] = mapped_column(Text)
    confidence: Mapped[float] = mapped_column(Float)
    reason: Mapped[str] = mapped_column(Text, default="", server_default=text("''"))
    title: Mapped[str | None] = mapped_column(Text)
    tag_slug: Mapped[str | None] = mapped_column(Text)
    tag_label: Mapped[str | None] = mapped_column(Text)
    detector_data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    evidence: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """Anchors: ``[{page_id, anchor_start, anchor_end, anchor_text}]``."""
    prompt_id: Mapped[str | None] = mapped_column(Text)
    prompt_version: Mapped[str | None] = mapped_column(Text)
    model_digest: Mapped[str | None] = mapped_column(Text)
    input_fingerprint: Mapped[str | None] = mapped_column(Text)
    review_status: Mapped[ReviewStatus] = mapped_column(
        EnumText(ReviewStatus),
        default=ReviewStatus.UNREVIEWED,
        server_default=ReviewStatus.UNREVIEWED.value,
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )

    run: Mapped[DetectionRun] = relationship(back_populates="findings")
    page_reviews: Mapped[list[FindingPageReview]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True
    )


class FindingPageReview(Base):
    __tablename__ = "finding_page_reviews"
    __table_args__ = (CheckConstraint(one_of("decision", PAGE_DECISIONS), name="decision_valid"),)

    finding_id: Mapped[int] = mapped_column(
        ForeignKey("findings.id", ondelete="CASCADE"), primary_key=True
    )
    page_id: Mapped[int] = mapped_column(
        ForeignKey("notebook_pages.id", ondelete="CASCADE"), primary_key=True
    )
    decision: Mapped[ReviewStatus] = mapped_column(EnumText(ReviewStatus))
    updated_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=clock.utcnow, onupdate=clock.utcnow
    )
