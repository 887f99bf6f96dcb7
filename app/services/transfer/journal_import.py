"""Bringing journals in from other tools: Day One, Markdown folders, Logseq, dated files.

Every import reads and checks everything first, then writes in one transaction: a file
that cannot be read, a bad date, invalid UTF-8, a missing photo or an unexpected
structure is refused with one sentence naming the file (and the entry or line where
known), and nothing is imported.  An entry whose source identity (Day One's uuid; for
files the date and relative path) is already in the store is skipped, so importing the
same source again adds only what is new.  ``on_progress`` reports the entries written;
the ``cancel`` token is checked between files and entries, and a cancelled import
(``Cancelled``) leaves nothing behind.

Two phases, so that a face can read off the database's thread: :func:`read_journal`
reads and checks the files (no database), :func:`store_journal` writes what was read in
one transaction; :func:`import_journal` does both.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import clock
from app.domain.formats.journal import (
    FormatError,
    ImportedEntry,
    date_at_start,
    date_in_name,
    dayone_entries,
    logseq_day,
    logseq_entry,
    markdown_entry,
)
from app.domain.formats.untrusted import one_line
from app.domain.progress import CancelToken, Progress, ProgressFn
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError
from app.services.journal.entries import BODY_MAX, TITLE_MAX
from app.services.transfer import source_files
from app.services.transfer.source_files import Source, shown
from app.store import Database, JournalEntry
from app.store.entry_sources import EntryAttachment, EntrySource, EntryTag

KINDS: Final = ("dayone", "markdown", "logseq", "text")
TEXT_SUFFIXES: Final = (".txt", ".md", ".markdown")


@dataclass(frozen=True)
class ImportSummary:
    imported: int
    skipped_duplicates: int
    entry_ids: tuple[int, ...]


@dataclass(frozen=True)
class _Read:
    """An entry read from ``origin`` (for messages) with its attachments' readers."""

    entry: ImportedEntry
    origin: str
    attachments: tuple[tuple[str, Callable[[], bytes]], ...] = ()


IMPORT_CANCELLED: Final = "The import was cancelled; nothing was imported."


@dataclass(frozen=True)
class JournalRead:
    """What :func:`read_journal` found: every entry, checked, ready to store."""

    reads: tuple[_Read, ...]


def _format_error(origin: str, exc: FormatError) -> InvalidInputError:
    return InvalidInputError(f"{origin}: {exc}")


def _check_sizes(read: _Read) -> None:
    if len(read.entry.body) > BODY_MAX:
        raise InvalidInputError(
            f"{read.origin} is longer than {BODY_MAX:,} characters, the most an entry can hold."
        )
    if len(read.entry.title) > TITLE_MAX:
        raise InvalidInputError(f"{read.origin} has a title longer than {TITLE_MAX} characters.")


def _text_files(
    source: Source, folder: Path, suffixes: tuple[str, ...], *, recursive: bool
) -> list[Path]:
    """Files with these suffixes under ``folder`` (hidden files and folders left out)."""
    if not folder.is_dir():
        raise InvalidInputError(f"{shown(folder)} is not a folder.")
    files = source.files(folder, suffixes, recursive=recursive)
    # by name without the suffix: "2026-11-03.md" before "2026-11-03 (2).md"
    return sorted(files, key=lambda p: p.relative_to(folder).with_suffix("").as_posix())


# --- Markdown, Logseq and dated files --------------------------------------------------------


def _attachment_readers(
    note: Path, source: Source, refs: tuple[str, ...]
) -> tuple[tuple[str, Callable[[], bytes]], ...]:
    readers: list[tuple[str, Callable[[], bytes]]] = []
    for ref in refs:
        target = note.parent / ref
        try:
            real = source.inside(target)
        except InvalidInputError:
            raise InvalidInputError(
                f"{shown(note)} names the attachment {shown(ref)}, which is outside the "
                "imported folder."
            ) from None
        if not target.is_file():
            raise InvalidInputError(
                f"{shown(note)} names the attachment {shown(ref)}, which does not exist."
            )
        readers.append(
            (real.name, partial(source.read_bytes, target, limit=source_files.IMAGE_FILE_MAX))
        )
    return tuple(readers)


def read_markdown(path: Path, cancel: CancelToken) -> list[_Read]:
    """An Obsidian-style folder: notes dated by front matter or a ``YYYY-MM-DD`` name."""
    root = Path(path).expanduser()
    source = Source(root)
    reads: list[_Read] = []
    for note in _text_files(source, root, (".md", ".markdown"), recursive=True):
        cancel.raise_if_cancelled(IMPORT_CANCELLED)
        relative = note.relative_to(root).as_posix()
        try:
            name_day = date_at_start(note.stem)
            rest = note.stem[10:].strip(" -_.,") if name_day else ""
            entry = markdown_entry(
                source.read_text(note),
                kind="markdown",
                relative=relative,
                name_day=name_day,
                zone=clock.zone(),
                name_title=rest,
            )
        except FormatError as exc:
            raise _format_error(shown(note), exc) from None
        if entry is not None:
            readers = _attachment_readers(note, source, entry.attachments)
            reads.append(_Read(entry, shown(note), readers))
    if not reads:
        raise InvalidInputError(
            f"The folder {shown(root)} holds no dated notes (named YYYY-MM-DD.md or with a date "
            "in their front matter)."
        )
    return reads


def read_logseq(path: Path, cancel: CancelToken) -> list[_Read]:
    """A Logseq graph folder (or its ``journals`` folder): pages named ``YYYY_MM_DD.md``."""
    root = Path(path).expanduser()
    source = Source(root)
    journals = root if root.name == "journals" else root / "journals"
    if not journals.is_dir():
        raise InvalidInputError(
            f"{shown(root)} is not a Logseq graph: it has no journals folder."
            if root.is_dir()
            else f"{shown(root)} is not a folder."
        )
    reads: list[_Read] = []
    for page in _text_files(source, journals, (".md",), recursive=False):
        cancel.raise_if_cancelled(IMPORT_CANCELLED)
        try:
            day = logseq_day(page.stem)
            if day is None:
                continue
            entry = logseq_entry(
                source.read_text(page),
                relative=page.relative_to(journals.parent).as_posix(),
                day=day,
            )
        except FormatError as exc:
            raise _format_error(shown(page), exc) from None
        reads.append(_Read(entry, shown(page)))
    if not reads:
        raise InvalidInputError(
            f"The folder {shown(journals)} holds no journal pages (YYYY_MM_DD.md)."
        )
    return reads


def read_text(path: Path, cancel: CancelToken) -> list[_Read]:
    """A ``.txt``/``.md`` file, or a folder of them, one entry per file, dated by its name."""
    chosen = Path(path).expanduser()
    source = Source(chosen)
    if chosen.is_dir():
        root, files = chosen, _text_files(source, chosen, TEXT_SUFFIXES, recursive=True)
        if not files:
            raise InvalidInputError(f"The folder {shown(chosen)} holds no .txt or .md files.")
    elif chosen.suffix.lower() in TEXT_SUFFIXES:
        root, files = chosen.parent, [chosen]
    else:
        raise InvalidInputError(f"{shown(chosen.name)} is not a .txt or .md file.")
    reads: list[_Read] = []
    for file in files:
        cancel.raise_if_cancelled(IMPORT_CANCELLED)
        try:
            dated = date_in_name(file.stem)
        except FormatError as exc:
            raise _format_error(shown(file), exc) from None
        if dated is None:
            raise InvalidInputError(
                f"{shown(file)} has no date in its name (YYYY-MM-DD), so it cannot be placed."
            )
        day, title = dated
        relative = file.relative_to(root).as_posix()
        entry = ImportedEntry(
            source_kind="text",
            source_id=f"{day.isoformat()}:{relative}",
            day=day,
            body=source.read_text(file),
            title=title[:TITLE_MAX],
        )
        reads.append(_Read(entry, shown(file)))
    return reads


# --- Day One ---------------------------------------------------------------------------------


class _Tree:
    """A Day One export: a folder or a zip file, read by relative POSIX names through
    its :class:`Source` (so contained and within the byte caps).

    A zip is opened for each read, so that nothing stays open between reading the
    journal and storing its photos.  Its members are never extracted: a ``../`` name
    or a link stored in it is just a name.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.source = Source(path)
        self.is_zip = not path.is_dir()
        try:
            if self.is_zip:
                with zipfile.ZipFile(path) as archive:
                    found = [
                        n
                        for n in archive.namelist()
                        if not n.endswith("/")
                        and not n.startswith("__MACOSX/")  # macOS resource forks
                        and not PurePosixPath(n).name.startswith(".")
                    ]
            else:
                found = [
                    p.relative_to(path).as_posix() for p in self.source.files(path, recursive=True)
                ]
        except (zipfile.BadZipFile, OSError, ValueError, EOFError):
            raise InvalidInputError(
                f"{shown(path)} is not a Day One export (a readable .zip file or a folder)."
            ) from None
        self.names = sorted(found)

    def label(self, name: str) -> str:
        return shown(f"{self.path} ({name})" if self.is_zip else self.path / name)

    def read(self, name: str, limit: int | None = None) -> bytes:
        limit = source_files.IMAGE_FILE_MAX if limit is None else limit
        if not self.is_zip:
            return self.source.read_bytes(self.path / name, limit=limit)
        try:
            with zipfile.ZipFile(self.path) as archive:
                info = archive.getinfo(name)
                # the declared size bounds what is inflated: zipfile stops there (and a
                # member that is longer fails its CRC check)
                self.source.charge(self.label(name), info.file_size, limit)
                return archive.read(info)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, RuntimeError, KeyError):
            raise InvalidInputError(f"{self.label(name)} cannot be read from the zip.") from None
        except NotImplementedError:
            raise InvalidInputError(
                f"{self.label(name)} is compressed in a way Inkling cannot read."
            ) from None


def _journal_files(tree: _Tree) -> list[str]:
    """The ``.json`` files in the shallowest folder that has any (Day One puts them at
    the top, with ``photos`` beside them)."""
    found = [n for n in tree.names if n.lower().endswith(".json")]
    if not found:
        return []
    depth = min(n.count("/") for n in found)
    return [n for n in found if n.count("/") == depth]


def _parse_json(tree: _Tree, name: str) -> object:
    raw = tree.read(name, source_files.JSON_FILE_MAX)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{tree.label(name)} is not UTF-8 text.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(
            f"{tree.label(name)} line {exc.lineno} is not valid JSON ({exc.msg})."
        ) from None
    except (RecursionError, ValueError):
        raise InvalidInputError(f"{tree.label(name)} is not valid JSON.") from None


def read_dayone(path: Path, cancel: CancelToken) -> list[_Read]:
    """A Day One JSON export (``.zip`` or unpacked folder): every journal's ``.json`` and
    the photos its entries name (``photos/md5.type``)."""
    source = Path(path).expanduser()
    tree = _Tree(source)
    names = set(tree.names)
    reads: list[_Read] = []
    journals = _journal_files(tree)
    if not journals:
        raise InvalidInputError(
            f"{shown(source)} is not a Day One export: it holds no .json journal."
        )
    for journal in journals:
        cancel.raise_if_cancelled(IMPORT_CANCELLED)
        try:
            entries = dayone_entries(_parse_json(tree, journal), zone=clock.zone())
        except FormatError as exc:
            raise _format_error(tree.label(journal), exc) from None
        folder = str(PurePosixPath(journal).parent)
        prefix = "" if folder == "." else folder + "/"
        for number, entry in enumerate(entries, start=1):
            ident = one_line(entry.source_id, limit=80)
            origin = f"{tree.label(journal)}, entry {number} ({ident})"
            readers: list[tuple[str, Callable[[], bytes]]] = []
            for file_name in entry.attachments:
                member = f"{prefix}photos/{file_name}"
                if member not in names:
                    raise InvalidInputError(
                        f"{origin} has the photo {shown(file_name)}, which is not in the export's "
                        "photos folder."
                    )
                readers.append((file_name, partial(tree.read, member)))
            reads.append(_Read(entry, origin, tuple(readers)))
    return reads


# --- storing ---------------------------------------------------------------------------------

READERS: Final[dict[str, Callable[[Path, CancelToken], list[_Read]]]] = {
    "dayone": read_dayone,
    "markdown": read_markdown,
    "logseq": read_logseq,
    "text": read_text,
}


def _unique_names(names: list[str]) -> Iterator[str]:
    seen: set[str] = set()
    for name in names:
        candidate, n = name, 1
        while candidate in seen:
            n += 1
            candidate = f"{n}-{name}"
        seen.add(candidate)
        yield candidate


def read_journal(kind: str, path: Path | str, *, cancel: CancelToken | None = None) -> JournalRead:
    """Read and check ``path`` as ``kind`` (``dayone``, ``markdown``, ``logseq`` or
    ``text``); nothing is written.  The photos and attachments are read when stored."""
    if kind not in READERS:
        raise InvalidInputError(
            f"Inkling cannot import {kind!r}; choose one of {', '.join(KINDS)}."
        )
    reads = READERS[kind](Path(path), cancel or CancelToken())
    for read in reads:
        _check_sizes(read)
    return JournalRead(tuple(reads))


def store_journal(
    db: Database,
    read: JournalRead,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> OpResult[ImportSummary]:
    """Write what :func:`read_journal` read, in one transaction; an entry already
    imported from the same source is skipped."""
    stop = cancel or CancelToken()
    total = len(read.reads)
    ids: list[int] = []
    skipped = 0
    with db.session() as session:
        known = set(session.execute(select(EntrySource.kind, EntrySource.source_id)).tuples())
        for done, item in enumerate(read.reads, start=1):
            stop.raise_if_cancelled(IMPORT_CANCELLED)
            entry = item.entry
            key = (entry.source_kind, entry.source_id)
            if key in known:
                skipped += 1
            else:
                known.add(key)
                ids.append(_add(session, item))
            if on_progress is not None:
                on_progress(Progress(done, total))
    summary = ImportSummary(len(ids), skipped, tuple(ids))
    return OpResult(summary, Changes(entries=frozenset(ids)))


def import_journal(
    db: Database,
    kind: str,
    path: Path | str,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> OpResult[ImportSummary]:
    """Import ``path`` as ``kind``: :func:`read_journal`, then :func:`store_journal`."""
    read = read_journal(kind, path, cancel=cancel)
    return store_journal(db, read, on_progress=on_progress, cancel=cancel)


def _add(session: Session, read: _Read) -> int:
    entry = read.entry
    row = JournalEntry(
        day=entry.day,
        title=entry.title.strip(),
        body=entry.body,
        starred=entry.starred,
        time_zone=entry.time_zone,
        created_at=entry.created_at or clock.utcnow(),
    )
    session.add(row)
    session.flush()
    session.add(EntrySource(entry_id=row.id, kind=entry.source_kind, source_id=entry.source_id))
    session.add_all(
        EntryTag(entry_id=row.id, tag=tag, position=n) for n, tag in enumerate(entry.tags)
    )
    names = list(_unique_names([name for name, _ in read.attachments]))
    for position, ((_, load), name) in enumerate(zip(read.attachments, names, strict=True)):
        data = load()
        if not data:
            raise InvalidInputError(f"{read.origin}: the attachment {name} is an empty file.")
        session.add(
            EntryAttachment(
                entry_id=row.id,
                position=position,
                file_name=name,
                media_type=mimetypes.guess_type(name)[0] or "application/octet-stream",
                digest=hashlib.sha256(data).hexdigest(),
                data=data,
            )
        )
    return row.id


def describe(summary: ImportSummary) -> str:
    dup = f"; {summary.skipped_duplicates} already imported" if summary.skipped_duplicates else ""
    return f"Imported {summary.imported} entr{'y' if summary.imported == 1 else 'ies'}{dup}."
