"""What an imported entry came with: where and in what weather it was written, as the
tool it came from said (Day One's location and weather, kept in ``entry_context``), and
its attachments (photos, videos, audio, PDFs)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from app.store import Database
from app.store.entry_sources import EntryAttachment, EntryContext


def describe_context(db: Database, entry_id: int) -> str:
    """``Café Einstein, Berlin, Germany · Rain, 8 °C``, or "" when the entry has neither."""
    with db.session(readonly=True) as session:
        row = session.get(EntryContext, entry_id)
        if row is None:
            return ""
        return " · ".join(part for part in (row.place, row.weather) if part)


@dataclass(frozen=True)
class AttachmentFile:
    """A file kept with an entry: its name and type, and its bytes when it is an image
    (others are listed, never read here)."""

    file_name: str
    media_type: str
    data: bytes | None


def entry_attachments(db: Database, entry_id: int, *, images_max: int = 24) -> list[AttachmentFile]:
    """The entry's attachments in their order; the bytes of the first ``images_max`` images."""
    with db.session(readonly=True) as session:
        rows = session.execute(
            select(EntryAttachment.id, EntryAttachment.file_name, EntryAttachment.media_type)
            .where(EntryAttachment.entry_id == entry_id)
            .order_by(EntryAttachment.position, EntryAttachment.id)
        ).all()
        images = [row.id for row in rows if row.media_type.startswith("image/")][:images_max]
        query = select(EntryAttachment.id, EntryAttachment.data).where(
            EntryAttachment.id.in_(images)
        )
        data = {row.id: row.data for row in session.execute(query)}
    return [AttachmentFile(row.file_name, row.media_type, data.get(row.id)) for row in rows]
