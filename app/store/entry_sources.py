"""What an imported journal entry brings with it: where it came from, tags, attachments.

Registered on ``app.store.base.Base`` (``app.store`` imports this module), created by
migrations 0005 and 0007 (``entry_context``).  A source identity (``kind``,
``source_id``) is unique, so importing the same Day One export or folder twice never
duplicates an entry.  Attachments (Day One photos, videos, audio, PDFs) are kept in the
database, so that a backup holds them too; so are the place and weather an entry was
written in.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from app import clock
from app.store.base import Base, UTCDateTime


class EntrySource(Base):
    """The identity an imported entry had in the tool it came from."""

    __tablename__ = "entry_sources"
    __table_args__ = (
        UniqueConstraint("kind", "source_id"),
        CheckConstraint("length(kind) > 0", name="kind_not_empty"),
        CheckConstraint("length(source_id) > 0", name="source_id_not_empty"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(
        ForeignKey("journal_entries.id", ondelete="CASCADE"), unique=True
    )
    kind: Mapped[str] = mapped_column(Text)
    """``dayone``, ``markdown``, ``logseq`` or ``text``."""
    source_id: Mapped[str] = mapped_column(Text)
    """Day One's uuid; for files, the date and the path relative to the imported folder."""
    imported_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)


class EntryTag(Base):
    __tablename__ = "entry_tags"
    __table_args__ = (CheckConstraint("length(tag) > 0", name="tag_not_empty"),)

    entry_id: Mapped[int] = mapped_column(
        ForeignKey("journal_entries.id", ondelete="CASCADE"), primary_key=True
    )
    tag: Mapped[str] = mapped_column(Text, primary_key=True)
    position: Mapped[int] = mapped_column(Integer, default=0)


class EntryAttachment(Base):
    """A file kept with an entry (a photo), stored in the database."""

    __tablename__ = "entry_attachments"
    __table_args__ = (
        UniqueConstraint("entry_id", "file_name"),
        CheckConstraint("length(file_name) > 0", name="file_name_not_empty"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(
        ForeignKey("journal_entries.id", ondelete="CASCADE"), index=True
    )
    position: Mapped[int] = mapped_column(Integer, default=0)
    file_name: Mapped[str] = mapped_column(Text)
    media_type: Mapped[str] = mapped_column(Text)
    digest: Mapped[str] = mapped_column(Text)
    """SHA-256 of ``data``."""
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=clock.utcnow)


class EntryContext(Base):
    """Where and in what weather an imported entry was written, as its source said
    (Day One's ``location`` and ``weather``); "" when it said nothing of one."""

    __tablename__ = "entry_context"

    entry_id: Mapped[int] = mapped_column(
        ForeignKey("journal_entries.id", ondelete="CASCADE"), primary_key=True
    )
    place: Mapped[str] = mapped_column(Text)
    """The place's names, most precise first: ``Café Einstein, Berlin, Germany``."""
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)
    weather: Mapped[str] = mapped_column(Text)
    """The conditions and temperature: ``Partly Cloudy, 12 °C``."""
