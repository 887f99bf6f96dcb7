"""Notebooks and their pages: import, list, edit a page's text, exclude or include a page,
attach a scan to a page that has none (a text-only import) or replace it.

Page images live in the data folder (the database's folder) under
``pages/<notebook id>/<order>.<ext>`` (an attached scan: ``<order>-<digest>.<ext>``);
the page row keeps that path relative to the data folder, and the image's SHA-256 as
its digest.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app import clock
from app.domain.formats.skipped import Skipped
from app.domain.notebooks.runs import AttemptState
from app.domain.progress import CancelToken, ProgressFn
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError
from app.services.notebooks import checkpoints
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR, publish_imported
from app.services.transfer.notebook_import import (
    PAGE_TEXT_MAX,
    ImportedPage,
    read_image,
    read_notebook,
    remove_tree,
)
from app.services.transfer.source_files import Source
from app.store import Database
from app.store.notebooks import DetectionRun, Notebook, NotebookPage, PageTag
from app.store.scratch import FolderLock, staging_folder

TITLE_MAX = 200
PAGES_FOLDER = "pages"


@dataclass(frozen=True)
class NotebookInfo:
    id: int
    title: str
    pages: int
    created_at: datetime


@dataclass(frozen=True)
class NotebookImported(NotebookInfo):
    """A notebook just imported, with what the import left out."""

    skipped: tuple[Skipped, ...] = ()
    without_scan: int = 0
    """Pages imported as text only because the scan their source named is not there."""


@dataclass(frozen=True)
class PageInfo:
    id: int
    notebook_id: int
    order: int
    text: str | None
    """The effective text: the edited text if set, else the transcribed text."""
    transcribed_text: str | None
    edited_text: str | None
    image_path: str | None
    """Relative to the data folder."""
    image_digest: str | None
    excluded: bool
    tags: tuple[str, ...]

    @classmethod
    def of(cls, page: NotebookPage, tags: tuple[str, ...] = ()) -> PageInfo:
        return cls(
            id=page.id,
            notebook_id=page.notebook_id,
            order=page.position,
            text=page.effective_text,
            transcribed_text=page.transcribed_text,
            edited_text=page.edited_text,
            image_path=page.image_path,
            image_digest=page.image_digest,
            excluded=page.excluded,
            tags=tags,
        )


def data_folder(db: Database) -> Path:
    """The data folder: the database file's folder."""
    return db.path.parent


def image_file(db: Database, page: PageInfo) -> Path | None:
    """The absolute path of a page's image, if it has one."""
    return data_folder(db) / page.image_path if page.image_path else None


def source_file(db: Database, notebook_id: int, page_id: int) -> Path:
    """Where the PAGE-XML file a page was imported from is kept (it may not exist)."""
    return data_folder(db) / PAGES_FOLDER / str(notebook_id) / f"page-{page_id}.xml"


def _clean_title(title: str) -> str:
    title = " ".join(title.split())
    if not title:
        raise InvalidInputError("A notebook's title cannot be blank.")
    if len(title) > TITLE_MAX:
        raise InvalidInputError(f"A notebook's title can be at most {TITLE_MAX} characters long.")
    return title


@dataclass(frozen=True)
class NotebookRead:
    """A notebook read from disk by :func:`read_notebook_files`, not stored yet: its
    checked pages, their images staged in the data folder."""

    title: str
    pages: tuple[ImportedPage, ...]
    skipped: tuple[Skipped, ...]
    """What the import left out (and why); empty when ``strict``."""
    root: Path
    """The data folder's pages folder."""
    staging: Path
    """Where the page images wait (inside ``root``) until :func:`store_notebook`."""
    lock: FolderLock | None = None
    """Marks ``staging`` in use while the import holds it (``app.store.scratch``)."""


def read_notebook_files(
    db: Database,
    path: Path | str,
    *,
    title: str | None = None,
    strict: bool = False,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> NotebookRead:
    """Read and check a notebook (see :func:`import_notebook`) and stage its images;
    nothing is written to the database.  Refused or cancelled, it leaves nothing."""
    source = Path(path).expanduser()
    name = _clean_title(title if title is not None else (source.stem or source.name or "Notebook"))
    root = data_folder(db) / PAGES_FOLDER
    staging, lock = staging_folder(root)
    read = NotebookRead(name, (), (), root, staging, lock)
    try:
        files = read_notebook(
            source, staging, strict=strict, on_progress=on_progress, cancel=cancel
        )
    except BaseException:
        discard_notebook_read(read)
        raise
    if title is None and files.document is not None:
        name = _clean_title(files.document)  # the document inside an export job's folders
    return NotebookRead(name, tuple(files.pages), tuple(files.skipped), root, staging, lock)


def discard_notebook_read(read: NotebookRead) -> None:
    """Remove what reading staged (after storing it, or instead of storing it)."""
    remove_tree(read.staging)
    if read.lock is not None:
        read.lock.close()  # the staging folder is gone (or moved into place)
    with contextlib.suppress(OSError):
        read.root.rmdir()  # only when empty: a refused first import leaves no folder


def store_notebook(db: Database, read: NotebookRead) -> OpResult[NotebookImported]:
    """Store a notebook :func:`read_notebook_files` read, in one transaction, and move its
    images into place; all or nothing.  The staged files are removed either way."""
    final: Path | None = None
    try:
        with db.session() as session:
            notebook = Notebook(title=read.title)
            session.add(notebook)
            session.flush()
            target = read.root / str(notebook.id)
            if target.exists():  # left by a deleted notebook whose id SQLite reused
                shutil.rmtree(target)
            rows = [
                NotebookPage(
                    notebook_id=notebook.id,
                    position=order,
                    transcribed_text=page.text,
                    image_path=(
                        f"{PAGES_FOLDER}/{notebook.id}/{page.image_file.name}"
                        if page.image_file
                        else None
                    ),
                    image_digest=page.image_digest,
                )
                for order, page in enumerate(read.pages)
            ]
            session.add_all(rows)
            session.flush()
            found: list[int] = []
            if any(page.tags for page in read.pages):
                tags = [page.tags for page in read.pages]
                found = publish_imported(session, notebook.id, rows, tags)
            for row, page in zip(rows, read.pages, strict=True):
                if page.source_file is not None:
                    page.source_file.rename(read.staging / f"page-{row.id}.xml")
            view = NotebookImported(
                notebook.id,
                notebook.title,
                len(rows),
                notebook.created_at,
                skipped=read.skipped,
                without_scan=sum(page.scan_missing for page in read.pages),
            )
            page_ids = frozenset(row.id for row in rows)
            if any(page.image_file or page.source_file for page in read.pages):
                os.replace(read.staging, target)
                final = target
    except BaseException:
        if final is not None:
            remove_tree(final)
        raise
    finally:
        discard_notebook_read(read)
    return OpResult(
        view,
        Changes(
            notebooks=frozenset({view.id}),
            pages=page_ids,
            findings=frozenset(found),
            detectors=frozenset({IMPORTED_DETECTOR}) if found else frozenset(),
        ),
    )


def import_notebook(
    db: Database,
    path: Path | str,
    *,
    title: str | None = None,
    strict: bool = False,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> OpResult[NotebookImported]:
    """Import a folder of page images or of PAGE-XML/ALTO files (an archival export with
    its ``mets.xml``, or that file), a form-feed ``.txt``/``.md`` file, or a PDF.
    PAGE-XML tags (``person``, ``place`` … any type) become the published findings of
    their own source, ``imported`` (see :mod:`app.services.notebooks.imported_findings`),
    and each PAGE-XML file is kept beside the images (:func:`source_file`) so that the
    export can write it back with only Inkling's tags added.

    Every valid page is imported; each file or page left out is in the result's
    ``skipped`` with its reason (:mod:`app.services.transfer.notebook_import`).
    ``strict``: all or nothing, the first bad file refuses the import.  A source with
    no valid page is refused (``InvalidInputError``, one sentence), a cancelled
    ``cancel`` stops between pages (``Cancelled``), and neither rows nor image files are
    left behind.  Two phases: :func:`read_notebook_files` (files only), then
    :func:`store_notebook` (database, one transaction).
    """
    read = read_notebook_files(
        db, path, title=title, strict=strict, on_progress=on_progress, cancel=cancel
    )
    return store_notebook(db, read)


def list_notebooks(db: Database) -> list[NotebookInfo]:
    with db.session(readonly=True) as session:
        counts = dict(
            session.execute(
                select(NotebookPage.notebook_id, func.count()).group_by(NotebookPage.notebook_id)
            )
            .tuples()
            .all()
        )
        rows = session.scalars(select(Notebook).order_by(Notebook.id))
        return [NotebookInfo(n.id, n.title, counts.get(n.id, 0), n.created_at) for n in rows]


def get_notebook(db: Database, notebook_id: int) -> NotebookInfo:
    with db.session(readonly=True) as session:
        notebook = require_notebook(session, notebook_id)
        count = session.scalar(select(func.count()).where(NotebookPage.notebook_id == notebook_id))
        return NotebookInfo(notebook.id, notebook.title, int(count or 0), notebook.created_at)


def require_notebook(session: Session, notebook_id: int) -> Notebook:
    notebook = session.get(Notebook, notebook_id)
    if notebook is None:
        raise NotFoundError(f"There is no notebook with id {notebook_id}.")
    return notebook


def require_page(session: Session, page_id: int) -> NotebookPage:
    page = session.get(NotebookPage, page_id)
    if page is None:
        raise NotFoundError(f"There is no page with id {page_id}.")
    return page


def page_tags(session: Session, page_ids: list[int]) -> dict[int, tuple[str, ...]]:
    """Each page's tag slugs, in the order they were added."""
    found: dict[int, list[str]] = {page_id: [] for page_id in page_ids}
    if page_ids:
        rows = session.execute(
            select(PageTag.page_id, PageTag.tag_slug)
            .where(PageTag.page_id.in_(page_ids))
            .order_by(PageTag.created_at, PageTag.tag_slug)
        )
        for page_id, slug in rows:
            found[page_id].append(slug)
    return {page_id: tuple(slugs) for page_id, slugs in found.items()}


def notebook_pages(session: Session, notebook_id: int) -> list[NotebookPage]:
    """The notebook's page rows in order (NotFoundError for an unknown notebook)."""
    require_notebook(session, notebook_id)
    return list(
        session.scalars(
            select(NotebookPage)
            .where(NotebookPage.notebook_id == notebook_id)
            .order_by(NotebookPage.position)
        )
    )


def list_pages(db: Database, notebook_id: int) -> list[PageInfo]:
    """The notebook's pages in order, with their effective text and tags."""
    with db.session(readonly=True) as session:
        pages = notebook_pages(session, notebook_id)
        tags = page_tags(session, [p.id for p in pages])
        return [PageInfo.of(p, tags[p.id]) for p in pages]


def get_page(db: Database, page_id: int) -> PageInfo:
    with db.session(readonly=True) as session:
        page = require_page(session, page_id)
        return PageInfo.of(page, page_tags(session, [page.id])[page.id])


def edit_page_text(db: Database, page_id: int, text: str | None) -> OpResult[PageInfo]:
    """Save the user's text for a page (``None`` goes back to the transcription).

    Published detection results over the page become stale (their scope changed).
    """
    if text is not None:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if len(text) > PAGE_TEXT_MAX:
            raise InvalidInputError(f"A page can be at most {PAGE_TEXT_MAX:,} characters long.")
    return _update_page(db, page_id, "edited_text", text)


def set_page_excluded(db: Database, page_id: int, excluded: bool) -> OpResult[PageInfo]:
    """Exclude a page from analysis, or include it again."""
    return _update_page(db, page_id, "excluded", excluded)


def _update_page(db: Database, page_id: int, field: str, value: object) -> OpResult[PageInfo]:
    """Set one field of a page; unchanged values report no changes."""
    with db.session() as session:
        page = require_page(session, page_id)
        if getattr(page, field) == value:
            return OpResult(PageInfo.of(page, page_tags(session, [page.id])[page.id]))
        setattr(page, field, value)
        page.updated_at = clock.utcnow()
        session.flush()
        view = PageInfo.of(page, page_tags(session, [page.id])[page.id])
    return OpResult(
        view, Changes(pages=frozenset({page_id}), notebooks=frozenset({view.notebook_id}))
    )


def attach_scan(db: Database, page_id: int, path: Path | str) -> OpResult[PageInfo]:
    """Give a page the scan at ``path`` (a PNG, JPEG or TIFF, checked as on import):
    for a page imported as text only, or to replace its image.  The text, findings and
    tags are unchanged.  A refused file changes nothing."""
    chosen = Path(path).expanduser()
    data, suffix = read_image(Source(chosen), chosen)
    digest = hashlib.sha256(data).hexdigest()
    with db.session(readonly=True) as session:
        page = require_page(session, page_id)
        folder = Path(PAGES_FOLDER) / str(page.notebook_id)
        relative = (folder / f"{page.position}-{digest[:12]}{suffix}").as_posix()
    target = data_folder(db) / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex}")
    temporary.write_bytes(data)
    os.replace(temporary, target)
    old: str | None = None
    try:
        with db.session() as session:
            row = require_page(session, page_id)
            old = row.image_path
            row.image_path, row.image_digest = relative, digest
            row.updated_at = clock.utcnow()
            session.flush()
            view = PageInfo.of(row, page_tags(session, [row.id])[row.id])
    except BaseException:
        if old != relative:
            target.unlink(missing_ok=True)
        raise
    if old and old != relative:
        (data_folder(db) / old).unlink(missing_ok=True)
    return OpResult(
        view, Changes(pages=frozenset({page_id}), notebooks=frozenset({view.notebook_id}))
    )


def delete_notebook(db: Database, notebook_id: int) -> OpResult[None]:
    """Delete a notebook, its pages, runs and findings, and its page images."""
    with db.session() as session:
        notebook = require_notebook(session, notebook_id)
        page_ids = frozenset(
            session.scalars(select(NotebookPage.id).where(NotebookPage.notebook_id == notebook_id))
        )
        session.delete(notebook)
    remove_tree(data_folder(db) / PAGES_FOLDER / str(notebook_id))
    checkpoints.forget_notebook(data_folder(db), notebook_id)
    return OpResult(None, Changes(notebooks=frozenset({notebook_id}), pages=page_ids))


def running_attempts(db: Database) -> list[int]:
    """Ids of attempts still marked running (for diagnostics)."""
    with db.session(readonly=True) as session:
        return list(
            session.scalars(
                select(DetectionRun.id).where(DetectionRun.attempt_state == AttemptState.RUNNING)
            )
        )
