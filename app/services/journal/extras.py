"""What an entry carries besides its text: a star, tags and photos (Day One imports bring
them, ``app/store/entry_sources.py``; the entry view shows and edits them)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.journal.entries import require_entry
from app.services.transfer.notebook_import import image_kind, read_image
from app.services.transfer.source_files import Source
from app.store import Database
from app.store.entry_sources import EntryAttachment, EntryTag
from app.store.models import JournalEntry

TAG_MAX = 60


@dataclass(frozen=True)
class PhotoInfo:
    id: int
    file_name: str
    media_type: str


@dataclass(frozen=True)
class EntryExtras:
    entry_id: int
    starred: bool
    tags: tuple[str, ...]
    photos: tuple[PhotoInfo, ...]


def _read(session: Session, entry: JournalEntry) -> EntryExtras:
    tags = session.scalars(
        select(EntryTag.tag)
        .where(EntryTag.entry_id == entry.id)
        .order_by(EntryTag.position, EntryTag.tag)
    )
    photos = session.execute(
        select(EntryAttachment.id, EntryAttachment.file_name, EntryAttachment.media_type)
        .where(EntryAttachment.entry_id == entry.id)
        .order_by(EntryAttachment.position, EntryAttachment.id)
    )
    return EntryExtras(
        entry.id,
        bool(entry.starred),
        tuple(tags),
        tuple(PhotoInfo(int(i), name, media) for i, name, media in photos),
    )


def get_extras(db: Database, entry_id: int) -> EntryExtras:
    with db.session(readonly=True) as session:
        return _read(session, require_entry(session, entry_id))


def get_extras_or_none(db: Database, entry_id: int) -> EntryExtras | None:
    try:
        return get_extras(db, entry_id)
    except NotFoundError:
        return None


def _changed(session: Session, entry: JournalEntry) -> OpResult[EntryExtras]:
    session.flush()
    return OpResult(_read(session, entry), Changes(entries=frozenset({entry.id})))


def set_starred(db: Database, entry_id: int, starred: bool) -> OpResult[EntryExtras]:
    with db.session() as session:
        entry = require_entry(session, entry_id)
        entry.starred = starred
        return _changed(session, entry)


def _clean_tag(tag: str) -> str:
    tag = " ".join(tag.split()).lstrip("#")
    if not tag:
        raise InvalidInputError("A tag needs at least one letter or digit.")
    if len(tag) > TAG_MAX:
        raise InvalidInputError(f"A tag can be at most {TAG_MAX} characters long.")
    return tag


def add_tag(db: Database, entry_id: int, tag: str) -> OpResult[EntryExtras]:
    """Tag an entry (after its other tags); a tag it already has is a quiet no-op."""
    tag = _clean_tag(tag)
    with db.session() as session:
        entry = require_entry(session, entry_id)
        if session.get(EntryTag, (entry_id, tag)) is None:
            last = session.scalar(
                select(func.max(EntryTag.position)).where(EntryTag.entry_id == entry_id)
            )
            session.add(EntryTag(entry_id=entry_id, tag=tag, position=(last or 0) + 1))
        return _changed(session, entry)


def remove_tag(db: Database, entry_id: int, tag: str) -> OpResult[EntryExtras]:
    with db.session() as session:
        entry = require_entry(session, entry_id)
        session.execute(delete(EntryTag).where(EntryTag.entry_id == entry_id, EntryTag.tag == tag))
        return _changed(session, entry)


def add_photo(
    db: Database, entry_id: int, file_name: str, media_type: str, data: bytes
) -> OpResult[EntryExtras]:
    with db.session() as session:
        entry = require_entry(session, entry_id)
        last = session.scalar(
            select(func.max(EntryAttachment.position)).where(EntryAttachment.entry_id == entry_id)
        )
        session.add(
            EntryAttachment(
                entry_id=entry_id,
                position=(last or 0) + 1,
                file_name=file_name,
                media_type=media_type,
                digest=hashlib.sha256(data).hexdigest(),
                data=data,
            )
        )
        return _changed(session, entry)


_MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "tiff": "image/tiff"}


def add_photo_file(db: Database, entry_id: int, path: Path | str) -> OpResult[EntryExtras]:
    """Keep the picture at ``path`` with the entry: a PNG, JPEG or TIFF checked as a page
    scan is on import (size cap, a complete header, the pixel budget) before it is
    stored; a refused file changes nothing.  A second picture of the same name is kept
    under a numbered name."""
    chosen = Path(path).expanduser()
    data, _suffix = read_image(Source(chosen), chosen)
    media_type = _MEDIA_TYPES[image_kind(data) or "png"]
    with db.session(readonly=True) as session:
        taken = set(
            session.scalars(
                select(EntryAttachment.file_name).where(EntryAttachment.entry_id == entry_id)
            )
        )
    name, number = chosen.name, 1
    while name in taken:
        number += 1
        name = f"{chosen.stem} ({number}){chosen.suffix}"
    return add_photo(db, entry_id, name, media_type, data)


def remove_photo(db: Database, entry_id: int, photo_id: int) -> OpResult[EntryExtras]:
    """Take an attachment off the entry (the entry's undo of deletion does not cover it)."""
    with db.session() as session:
        entry = require_entry(session, entry_id)
        session.execute(
            delete(EntryAttachment).where(
                EntryAttachment.entry_id == entry_id, EntryAttachment.id == photo_id
            )
        )
        return _changed(session, entry)


def photo_data(db: Database, photo_id: int) -> bytes:
    with db.session(readonly=True) as session:
        data = session.scalar(select(EntryAttachment.data).where(EntryAttachment.id == photo_id))
    if data is None:
        raise NotFoundError(f"There is no photo with id {photo_id}.")
    return bytes(data)
