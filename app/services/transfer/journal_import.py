"""Bringing journals in from other tools: Day One, Markdown folders, Logseq, dated files.

Every import reads and checks everything first, then writes in one transaction.  It
takes every valid entry and reports each file, entry or attachment it leaves out, with
the reason (``ImportSummary.skipped``, :class:`app.domain.formats.skipped.Skipped`):

- *not entries*, reported and never blocking: undated notes, notes in Obsidian's
  templates folder, empty Logseq day pages, files in ``journals`` whose name is no day,
  sync tools' conflict copies;
- *problems*, left out: a file that cannot be read (not UTF-8, a NUL, over its byte
  cap), a bad date, front matter that is not YAML (or over its limits), an entry that
  does not fit, a missing or empty photo or attachment (the entry is kept without it).

A source with nothing valid is refused with one sentence (the problem's, when there was
one).  ``strict`` keeps the all-or-nothing behaviour: the first problem refuses the import
with one sentence naming the file (and the entry or line where known).  Some problems
always refuse the whole source, whatever ``strict`` says
(:class:`~app.services.transfer.source_files.SourceRefusedError`): a file or link that
leads out of the chosen folder (someone arranged it; importing the rest would hide
that), and a source larger than one import reads.

An entry whose source identity (Day One's uuid; for files the date and relative path)
is already in the store is skipped, so importing the same source again adds only what
is new.  ``on_progress`` reports the entries written; the ``cancel`` token is checked
between files and entries, and a cancelled import (``Cancelled``) leaves nothing behind.

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
from datetime import date
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import clock
from app.domain.formats.journal import (
    DAYONE_MEDIA,
    FormatError,
    ImportedEntry,
    conflict_original,
    date_at_start,
    date_in_name,
    dayone_entries,
    is_empty_page,
    logseq_day,
    logseq_entry,
    markdown_entry,
    moment_day_reader,
    obsidian_daily_settings,
)
from app.domain.formats.skipped import Skipped, skipped_lines
from app.domain.formats.untrusted import one_line
from app.domain.progress import CancelToken, Progress, ProgressFn
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError
from app.services.journal.entries import BODY_MAX, TITLE_MAX
from app.services.transfer import source_files
from app.services.transfer.source_files import Source, SourceRefusedError, shown
from app.store import Database, JournalEntry
from app.store.entry_sources import EntryAttachment, EntryContext, EntrySource, EntryTag

KINDS: Final = ("dayone", "markdown", "logseq", "text")
TEXT_SUFFIXES: Final = (".txt", ".md", ".markdown")


@dataclass(frozen=True)
class ImportSummary:
    imported: int
    skipped_duplicates: int
    entry_ids: tuple[int, ...]
    skipped: tuple[Skipped, ...] = ()
    """Each file, entry or attachment left out, with the reason."""


@dataclass(frozen=True)
class _Read:
    """An entry read from ``origin`` (for messages; ``path`` and ``item`` for reports)
    with its attachments' readers."""

    entry: ImportedEntry
    origin: str
    attachments: tuple[tuple[str, Callable[[], bytes]], ...] = ()
    path: str = ""
    item: str = ""


IMPORT_CANCELLED: Final = "The import was cancelled; nothing was imported."
CONFLICT_COPY: Final = "It is a sync tool's conflict copy; merge it by hand, then import again."
EMPTY_PAGE: Final = "The day page is empty."
UNDATED_NOTE: Final = "It has no date: neither its name nor its front matter gives one."
TEMPLATE_NOTE: Final = "It is in the vault's templates folder."
NOT_A_JOURNAL_PAGE: Final = (
    "Its name is not a journal day (YYYY_MM_DD, or a title such as Nov 27th, 2020)."
)
SETTINGS_MAX: Final = 1024 * 1024
"""The longest ``.obsidian/*.json`` settings file read."""


@dataclass(frozen=True)
class JournalRead:
    """What :func:`read_journal` found: every valid entry, checked, ready to store, and
    what was left out."""

    reads: tuple[_Read, ...]
    skipped: tuple[Skipped, ...] = ()
    strict: bool = False


class _StrictRefusalError(InvalidInputError):
    """A problem that refuses a ``strict`` import."""


class _Report:
    """What an import leaves out.  A *notice* is a file that is no entry (an undated
    note, an empty day page, a conflict copy): reported, never blocking.  A *problem* is
    an item that cannot be read as it should (bad date, invalid YAML, a missing photo):
    reported and left out, or, when ``strict``, the refusal of the whole import with
    ``message`` (today's sentence naming the file)."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.skipped: list[Skipped] = []
        self.problems: list[str] = []

    def notice(self, path: str, item: str, reason: str) -> None:
        self.skipped.append(Skipped(path, item, reason))

    def problem(self, path: str, item: str, reason: str, message: str) -> None:
        if self.strict:
            raise _StrictRefusalError(message)
        self.skipped.append(Skipped(path, item, reason))
        self.problems.append(message)

    def failed(self, path: str, item: str, label: str, exc: Exception) -> None:
        """A problem from an error: ``FormatError`` says why without naming the file,
        ``InvalidInputError`` names ``label`` first."""
        if isinstance(exc, FormatError):
            self.problem(path, item, _sentence(str(exc)), f"{label}: {exc}")
        else:
            self.problem(path, item, _it(str(exc), label), str(exc))

    def nothing(self, otherwise: str) -> InvalidInputError:
        """The refusal of a source in which nothing could be imported."""
        if not self.problems:
            return InvalidInputError(otherwise)
        if len(self.problems) == 1:
            return InvalidInputError(self.problems[0])
        return InvalidInputError(
            f"Nothing could be imported; the first of {len(self.problems)} problems: "
            f"{self.problems[0]}"
        )


_PASS_THROUGH: Final = (_StrictRefusalError, SourceRefusedError)
"""Errors that end the import rather than skip an item."""


_VERBS: Final = frozenset({"is", "has", "holds", "cannot", "links", "names"})


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _it(message: str, label: str) -> str:
    """``message`` (``"<label> is not UTF-8 text."``) as a reason about the file:
    ``"It is not UTF-8 text."``."""
    if message.startswith(label + " "):
        rest = message[len(label) + 1 :]
        return f"It {rest}" if rest.split(" ", 1)[0] in _VERBS else _sentence(rest)
    if message.startswith(label + ": "):
        return _sentence(message[len(label) + 2 :])
    return message


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


ReadOne = Callable[[Path, str], "_Read | None"]


def _each_file(
    files: list[Path], root: Path, report: _Report, cancel: CancelToken, read_one: ReadOne
) -> list[_Read]:
    """``read_one(file, relative)`` for each file: its entry, or None when it reported
    itself; a file it cannot read is a problem of the report, and the rest go on."""
    reads: list[_Read] = []
    for file in files:
        cancel.raise_if_cancelled(IMPORT_CANCELLED)
        relative = file.relative_to(root).as_posix()
        if conflict_original(file.stem) is not None:
            report.notice(relative, "", CONFLICT_COPY)
            continue
        try:
            read = read_one(file, relative)
            if read is not None:
                _check_sizes(read)
        except _PASS_THROUGH:
            raise
        except (FormatError, InvalidInputError) as exc:
            report.failed(relative, "", shown(file), exc)
            continue
        if read is not None:
            reads.append(read)
    return reads


# --- Markdown, Logseq and dated files --------------------------------------------------------


def _attachment_readers(
    note: Path, relative: str, source: Source, refs: tuple[str, ...], report: _Report
) -> tuple[tuple[str, Callable[[], bytes]], ...]:
    readers: list[tuple[str, Callable[[], bytes]]] = []
    for ref in refs:
        target = note.parent / ref
        item = f"attachment {one_line(ref)}"
        try:
            real = source.inside(target)
        except InvalidInputError:
            report.problem(
                relative,
                item,
                "The attachment is outside the imported folder.",
                f"{shown(note)} names the attachment {shown(ref)}, which is outside the "
                "imported folder.",
            )
            continue
        if not target.is_file():
            report.problem(
                relative,
                item,
                "The attachment does not exist.",
                f"{shown(note)} names the attachment {shown(ref)}, which does not exist.",
            )
            continue
        readers.append(
            (real.name, partial(source.read_bytes, target, limit=source_files.IMAGE_FILE_MAX))
        )
    return tuple(readers)


def _settings(source: Source, root: Path, name: str, report: _Report) -> object:
    """A decoded ``.obsidian/<name>`` of the vault, or None (absent, or unreadable:
    reported, and the defaults used)."""
    path = root / ".obsidian" / name
    if not path.is_file():
        return None
    try:
        return json.loads(source.read_text(path, limit=SETTINGS_MAX))
    except SourceRefusedError:
        raise
    except (InvalidInputError, ValueError, RecursionError):
        report.notice(
            f".obsidian/{name}",
            "",
            "The settings cannot be read, so Obsidian's defaults were used.",
        )
        return None


def _daily_notes(
    source: Source, root: Path, report: _Report
) -> tuple[str, Callable[[str], date | None]] | None:
    """The vault's daily-notes folder and a reader of its date format, when set."""
    document = _settings(source, root, "daily-notes.json", report)
    if document is None:
        return None
    try:
        folder, pattern = obsidian_daily_settings(document)
    except FormatError as exc:
        report.notice(".obsidian/daily-notes.json", "", f"{exc} Obsidian's defaults were used.")
        return None
    return folder, moment_day_reader(pattern)


def _templates_folder(source: Source, root: Path, report: _Report) -> str | None:
    document = _settings(source, root, "templates.json", report)
    folder = document.get("folder") if isinstance(document, dict) else None
    return folder.strip().strip("/") or None if isinstance(folder, str) else None


def _under(relative: str, folder: str) -> str | None:
    """``relative`` inside ``folder`` ("": the top), or None when it is elsewhere."""
    if not folder:
        return relative
    return relative[len(folder) + 1 :] if relative.startswith(folder + "/") else None


def read_markdown(path: Path, cancel: CancelToken, report: _Report) -> list[_Read]:
    """An Obsidian-style folder: notes dated by front matter, by the vault's daily-notes
    settings (``.obsidian/daily-notes.json``: folder and date format) or by a
    ``YYYY-MM-DD`` name; undated notes and templates are reported."""
    root = Path(path).expanduser()
    source = Source(root)
    daily = _daily_notes(source, root, report) if root.is_dir() else None
    templates = _templates_folder(source, root, report) if root.is_dir() else None

    def read_one(note: Path, relative: str) -> _Read | None:
        if templates is not None and _under(relative, templates) is not None:
            report.notice(relative, "", TEMPLATE_NOTE)
            return None
        name_day, rest = None, ""
        within = _under(relative, daily[0]) if daily is not None else None
        if daily is not None and within is not None:
            name_day = daily[1](str(PurePosixPath(within).with_suffix("")))
        if name_day is None:
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
        if entry is None:
            report.notice(relative, "", UNDATED_NOTE)
            return None
        readers = _attachment_readers(note, relative, source, entry.attachments, report)
        return _Read(entry, shown(note), readers, relative)

    files = _text_files(source, root, (".md", ".markdown"), recursive=True)
    reads = _each_file(files, root, report, cancel, read_one)
    if not reads:
        raise report.nothing(
            f"The folder {shown(root)} holds no dated notes (named YYYY-MM-DD.md or with a date "
            "in their front matter)."
        )
    return reads


def read_logseq(path: Path, cancel: CancelToken, report: _Report) -> list[_Read]:
    """A Logseq graph folder (or its ``journals`` folder): pages named ``YYYY_MM_DD`` (or
    ``Nov 27th, 2020``), in Markdown (``.md``) or Org mode (``.org``); empty day pages
    and other names are reported."""
    root = Path(path).expanduser()
    source = Source(root)
    journals = root if root.name == "journals" else root / "journals"
    if not journals.is_dir():
        raise InvalidInputError(
            f"{shown(root)} is not a Logseq graph: it has no journals folder."
            if root.is_dir()
            else f"{shown(root)} is not a folder."
        )

    def read_one(page: Path, relative: str) -> _Read | None:
        day = logseq_day(page.stem)
        if day is None:
            report.notice(relative, "", NOT_A_JOURNAL_PAGE)
            return None
        text = source.read_text(page)
        source_path = page.relative_to(journals.parent).as_posix()
        org = page.suffix.lower() == ".org"
        entry = logseq_entry(text, relative=source_path, day=day, org=org)
        if is_empty_page(entry.body) and not entry.tags and not entry.title:
            report.notice(relative, "", EMPTY_PAGE)
            return None
        return _Read(entry, shown(page), (), relative)

    files = _text_files(source, journals, (".md", ".org"), recursive=False)
    reads = _each_file(files, root, report, cancel, read_one)
    if not reads:
        raise report.nothing(
            f"The folder {shown(journals)} holds no journal pages (YYYY_MM_DD.md) with "
            "anything written on them."
        )
    return reads


def read_text(path: Path, cancel: CancelToken, report: _Report) -> list[_Read]:
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

    def read_one(file: Path, relative: str) -> _Read:
        dated = date_in_name(file.stem)
        if dated is None:
            raise InvalidInputError(
                f"{shown(file)} has no date in its name (YYYY-MM-DD), so it cannot be placed."
            )
        day, title = dated
        entry = ImportedEntry(
            source_kind="text",
            source_id=f"{day.isoformat()}:{relative}",
            day=day,
            body=source.read_text(file),
            title=title[:TITLE_MAX],
        )
        return _Read(entry, shown(file), (), relative)

    reads = _each_file(files, root, report, cancel, read_one)
    if not reads:
        raise report.nothing(f"{shown(chosen)} holds no file Inkling can import.")
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


_MEDIA_NAMES: Final = {folder: what for folder, what, _type in DAYONE_MEDIA.values()}


def _entry_failed(
    report: _Report,
    journal: str,
    label: str,
    failed: set[int],
    index: int,
    item: str,
    exc: FormatError,
) -> None:
    failed.add(index)
    report.problem(journal, item, _sentence(str(exc)), f"{label}: In {item}: {exc}")


def read_dayone(path: Path, cancel: CancelToken, report: _Report) -> list[_Read]:
    """A Day One JSON export (``.zip`` or unpacked folder): every journal's ``.json`` and
    the photos, videos, audio recordings and PDFs its entries name (``photos/md5.type``,
    ``videos/``, ``audios/``, ``pdfs/``).  A journal that cannot be read,
    an entry that does not fit and a photo that is missing are reported and left out."""
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
        label = tree.label(journal)
        failed: set[int] = set()
        entry_failed = partial(_entry_failed, report, journal, label, failed)
        try:
            entries = dayone_entries(
                _parse_json(tree, journal), zone=clock.zone(), on_error=entry_failed
            )
        except _PASS_THROUGH:
            raise
        except (FormatError, InvalidInputError) as exc:
            report.failed(journal, "", label, exc)
            continue
        folder = str(PurePosixPath(journal).parent)
        prefix = "" if folder == "." else folder + "/"
        numbers = [n for n in range(len(entries) + len(failed)) if n not in failed]
        for number, entry in zip(numbers, entries, strict=True):
            item = f"entry {number + 1} ({one_line(entry.source_id, limit=80)})"
            origin = f"{label}, {item}"
            readers: list[tuple[str, Callable[[], bytes]]] = []
            for ref in entry.attachments:
                folder, _, file_name = ref.rpartition("/")
                what = _MEDIA_NAMES.get(folder, "file")
                member = f"{prefix}{ref}"
                if member not in names:
                    report.problem(
                        journal,
                        f"{item}, {what} {file_name}",
                        f"The {what} is not in the export's {folder} folder.",
                        f"{origin} has the {what} {shown(file_name)}, which is not in the "
                        f"export's {folder} folder.",
                    )
                    continue
                readers.append((file_name, partial(tree.read, member)))
            read = _Read(entry, origin, tuple(readers), journal, item)
            try:
                _check_sizes(read)
            except InvalidInputError as exc:
                report.problem(journal, item, _it(str(exc), origin), str(exc))
                continue
            reads.append(read)
    if not reads:
        raise report.nothing(f"{shown(source)} holds no Day One entries.")
    return reads


# --- storing ---------------------------------------------------------------------------------

READERS: Final[dict[str, Callable[[Path, CancelToken, _Report], list[_Read]]]] = {
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


def read_journal(
    kind: str,
    path: Path | str,
    *,
    cancel: CancelToken | None = None,
    strict: bool = False,
) -> JournalRead:
    """Read and check ``path`` as ``kind`` (``dayone``, ``markdown``, ``logseq`` or
    ``text``); nothing is written.  The photos and attachments are read when stored.

    Every valid entry is kept and each file, entry or attachment left out is reported
    (``JournalRead.skipped``); a source with nothing valid is refused.  ``strict``
    refuses the whole source at the first item that cannot be read."""
    if kind not in READERS:
        raise InvalidInputError(
            f"Inkling cannot import {kind!r}; choose one of {', '.join(KINDS)}."
        )
    report = _Report(strict)
    reads = READERS[kind](Path(path), cancel or CancelToken(), report)
    return JournalRead(tuple(reads), tuple(report.skipped), strict)


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
    report = _Report(read.strict)
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
                ids.append(_add(session, item, report))
            if on_progress is not None:
                on_progress(Progress(done, total))
    summary = ImportSummary(len(ids), skipped, tuple(ids), (*read.skipped, *report.skipped))
    return OpResult(summary, Changes(entries=frozenset(ids)))


def import_journal(
    db: Database,
    kind: str,
    path: Path | str,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
    strict: bool = False,
) -> OpResult[ImportSummary]:
    """Import ``path`` as ``kind``: :func:`read_journal`, then :func:`store_journal`."""
    read = read_journal(kind, path, cancel=cancel, strict=strict)
    return store_journal(db, read, on_progress=on_progress, cancel=cancel)


def _add(session: Session, read: _Read, report: _Report) -> int:
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
    if entry.place or entry.weather or entry.latitude is not None:
        session.add(
            EntryContext(
                entry_id=row.id,
                place=entry.place,
                latitude=entry.latitude,
                longitude=entry.longitude,
                weather=entry.weather,
            )
        )
    names = list(_unique_names([name for name, _ in read.attachments]))
    position = 0
    for (_, load), name in zip(read.attachments, names, strict=True):
        item = f"{read.item}, attachment {name}" if read.item else f"attachment {name}"
        try:
            data = load()
        except _PASS_THROUGH:
            raise
        except InvalidInputError as exc:
            report.problem(read.path, item, str(exc), str(exc))
            continue
        if not data:
            report.problem(
                read.path,
                item,
                "The attachment is an empty file.",
                f"{read.origin}: the attachment {name} is an empty file.",
            )
            continue
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
        position += 1
    return row.id


def headline(summary: ImportSummary) -> str:
    """One line: how many were imported, already there, and skipped."""
    dup = f"; {summary.skipped_duplicates} already imported" if summary.skipped_duplicates else ""
    left = f"; {len(summary.skipped)} skipped" if summary.skipped else ""
    return f"Imported {summary.imported} entr{'y' if summary.imported == 1 else 'ies'}{dup}{left}."


def describe(summary: ImportSummary) -> str:
    """The headline, then the skipped items grouped by reason (bounded)."""
    return "\n".join([headline(summary), *(f"  {s}" for s in skipped_lines(summary.skipped))])
