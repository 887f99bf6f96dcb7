"""Transcribing a notebook's page images: an on-device OCR engine (Tesseract by default,
RapidOCR when installed; ``app.llm.ocr``) or the configured vision model reads each
scan; its lines become the page's transcribed text and their boxes are kept
(``page_transcriptions``) for the page view and the PAGE-XML export.

The text is stored as an imported ``.txt`` is: the page's ``transcribed_text``.  Any
published detector result over the page is then stale, as after an edit (the scope's
fingerprint is of the pages' text).  Pages that have text are skipped unless
``force``; forced, a page's edited text is replaced too (what the person asked for).

Runs on the caller's thread (the window's background task, the command's main thread),
one page at a time, each page committed on its own: cancelling stops between pages
and keeps the pages already done.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import clock
from app.domain.model import Prompt
from app.domain.notebooks.transcription import (
    TRANSCRIPTION_REQUEST,
    TRANSCRIPTION_SCHEMA,
    TRANSCRIPTION_SYSTEM,
    PageLines,
    TextLine,
    from_json,
    page_text,
    parse_transcription_reply,
    to_json,
)
from app.domain.progress import Cancelled, CancelToken, Progress, ProgressFn
from app.llm import JobContext, ModelError
from app.llm.ocr import DEFAULT_ENGINE, ENGINES, OcrEngine, OcrError, image_size, open_engine
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError
from app.services.notebooks.pages import PageInfo, data_folder, notebook_pages, require_page
from app.services.notebooks.runs import VisionModel, VisionRuntime
from app.store import Database
from app.store.notebooks import NotebookPage, PageTranscription

VISION: Final = "vision"
ENGINE_CHOICES: Final = (*ENGINES, VISION)

PageStatus = Literal["transcribed", "has_text", "no_scan", "failed"]
"""``transcribed``; skipped because the page ``has_text`` (not forced) or has
``no_scan``; ``failed`` (its ``message`` says why, in one sentence)."""


@dataclass(frozen=True)
class PageOutcome:
    page_id: int
    order: int
    status: PageStatus
    lines: int = 0
    message: str | None = None


@dataclass(frozen=True)
class TranscriptionSummary:
    notebook_id: int
    engine: str
    pages: tuple[PageOutcome, ...]
    """One per page asked for and reached, in order."""
    cancelled: bool = False
    """Stopped between pages; the pages not reached are not in ``pages``."""
    requested: int = 0
    """How many pages were asked for."""

    def count(self, status: PageStatus) -> int:
        return sum(page.status == status for page in self.pages)


PageFn = Callable[[PageOutcome], None]
"""Called (on the working thread) after each page with its outcome."""


def check_engine(name: str) -> str:
    if name not in ENGINE_CHOICES:
        raise InvalidInputError(
            f"There is no transcription engine called {name}; choose "
            f"{', '.join(ENGINE_CHOICES[:-1])} or {ENGINE_CHOICES[-1]}."
        )
    return name


class _VisionReader:
    """The vision model as a page reader: one job per page on its worker; lines without
    boxes (the model gives none)."""

    name = VISION

    def __init__(self, runtime: VisionRuntime) -> None:
        self.runtime = runtime

    def read(self, image: Path, cancel: CancelToken | None = None) -> PageLines:
        width, height = image_size(image)
        data = image.read_bytes()
        prompt = Prompt(TRANSCRIPTION_SYSTEM, TRANSCRIPTION_REQUEST, TRANSCRIPTION_SCHEMA)

        def job(ctx: JobContext[VisionModel]) -> str:
            if cancel is not None:
                cancel.raise_if_cancelled()
            ctx.check_cancelled()
            return ctx.model.complete_with_images(prompt, [data])

        reply = self.runtime.worker.submit(job).wait()
        lines = parse_transcription_reply(reply)
        if lines is None:
            raise OcrError("The vision model's reply was not a transcription.")
        return PageLines(VISION, width, height, tuple(TextLine(text) for text in lines))


def open_reader(name: str, vision: VisionRuntime | None) -> OcrEngine:
    """The reader for an engine name; one sentence when it is missing."""
    check_engine(name)
    if name == VISION:
        if vision is None:
            raise InvalidInputError(
                "No vision model is configured; choose a multimodal model and its projector "
                "in Settings \u25b8 Models, or transcribe with Tesseract."
            )
        return _VisionReader(vision)
    return open_engine(name)


@dataclass(frozen=True)
class PageTarget:
    page_id: int
    order: int
    image: Path | None
    digest: str | None
    has_text: bool


@dataclass(frozen=True)
class TranscriptionPlan:
    """What :func:`plan_transcription` chose: the reader, and the pages in order."""

    notebook_id: int
    engine: str
    reader: OcrEngine
    targets: tuple[PageTarget, ...]
    force: bool


PageRead = PageLines | PageOutcome
"""A page's lines, or the outcome of a page that was skipped or failed."""


def plan_transcription(
    db: Database,
    notebook_id: int,
    *,
    engine: str = DEFAULT_ENGINE,
    positions: Sequence[int] | None = None,
    force: bool = False,
    vision: VisionRuntime | None = None,
) -> TranscriptionPlan:
    """Open the engine (a missing one raises, one sentence) and list the pages
    (``positions``: 0-based page orders, else all).  Reads the database only."""
    reader = open_reader(engine, vision)
    folder = data_folder(db)
    with db.session(readonly=True) as session:
        rows = notebook_pages(session, notebook_id)
        if positions is not None:
            wanted = set(positions)
            rows = [row for order, row in enumerate(rows) if order in wanted]
        targets = tuple(
            PageTarget(
                row.id,
                row.position,
                folder / row.image_path if row.image_path else None,
                row.image_digest,
                bool((row.effective_text or "").strip()),
            )
            for row in rows
        )
    return TranscriptionPlan(notebook_id, engine, reader, targets, force)


def read_page(
    plan: TranscriptionPlan, target: PageTarget, cancel: CancelToken | None = None
) -> PageRead:
    """Read one page's scan (no database): its lines, or why it is skipped or failed.
    Raises Cancelled when ``cancel`` stops the engine."""
    if target.image is None:
        return PageOutcome(target.page_id, target.order, "no_scan")
    if target.has_text and not plan.force:
        return PageOutcome(target.page_id, target.order, "has_text")
    try:
        return plan.reader.read(target.image, cancel)
    except (OcrError, ModelError) as exc:
        return PageOutcome(target.page_id, target.order, "failed", message=str(exc))
    except OSError:
        return PageOutcome(
            target.page_id, target.order, "failed", message="The page image cannot be read."
        )


def store_page(db: Database, target: PageTarget, read: PageRead) -> PageOutcome:
    """Store what :func:`read_page` read (nothing for a skipped or failed page)."""
    if isinstance(read, PageOutcome):
        return read
    store_page_lines(db, target.page_id, read, image_digest=target.digest)
    return PageOutcome(target.page_id, target.order, "transcribed", lines=len(read.lines))


def outcome_line(outcome: PageOutcome) -> str:
    """``page 3: transcribed (12 line(s))`` and the like, for progress and status."""
    line = f"page {outcome.order + 1}: {STATUS_TEXT[outcome.status]}"
    if outcome.status == "transcribed":
        line += f" ({outcome.lines} line(s))"
    if outcome.message:
        line += f": {outcome.message}"
    return line


STATUS_TEXT: Final[dict[str, str]] = {
    "transcribed": "transcribed",
    "has_text": "skipped, it has text (force transcribes it again)",
    "no_scan": "skipped, it has no scan",
    "failed": "failed",
}


def summary_result(
    plan: TranscriptionPlan, outcomes: Sequence[PageOutcome], *, cancelled: bool
) -> OpResult[TranscriptionSummary]:
    """The summary of a transcription and the changes it made."""
    changed = frozenset(o.page_id for o in outcomes if o.status == "transcribed")
    summary = TranscriptionSummary(
        plan.notebook_id,
        plan.engine,
        tuple(outcomes),
        cancelled=cancelled,
        requested=len(plan.targets),
    )
    changes = (
        Changes(pages=changed, notebooks=frozenset({plan.notebook_id})) if changed else Changes()
    )
    return OpResult(summary, changes)


def transcribe_notebook(
    db: Database,
    notebook_id: int,
    *,
    engine: str = DEFAULT_ENGINE,
    positions: Sequence[int] | None = None,
    force: bool = False,
    vision: VisionRuntime | None = None,
    on_progress: ProgressFn | None = None,
    on_page: PageFn | None = None,
    cancel: CancelToken | None = None,
) -> OpResult[TranscriptionSummary]:
    """Transcribe the notebook's pages on this thread: :func:`plan_transcription`, then
    :func:`read_page` and :func:`store_page` for each page in turn.

    A missing engine raises (one sentence) before any page; a page the engine cannot
    read is ``failed`` and the others go on.  Cancelled, it returns what was done with
    ``cancelled`` set.  The changes name the pages whose text changed."""
    plan = plan_transcription(
        db, notebook_id, engine=engine, positions=positions, force=force, vision=vision
    )
    total = len(plan.targets)
    outcomes: list[PageOutcome] = []
    cancelled = False
    for done, target in enumerate(plan.targets):
        if cancel is not None and cancel.cancelled:
            cancelled = True
            break
        if on_progress is not None:
            on_progress(Progress(done, total, f"page {target.order + 1}"))
        try:
            read = read_page(plan, target, cancel)
        except Cancelled:
            cancelled = True
            break
        outcome = store_page(db, target, read)
        outcomes.append(outcome)
        if on_page is not None:
            on_page(outcome)
    if on_progress is not None and not cancelled:
        on_progress(Progress(total, total))
    return summary_result(plan, outcomes, cancelled=cancelled)


def store_page_lines(
    db: Database, page_id: int, read: PageLines, *, image_digest: str | None
) -> OpResult[PageInfo]:
    """Make ``read`` the page's transcription: its text the page's transcribed text (an
    edited text is dropped), its lines and boxes kept; one transaction."""
    with db.session() as session:
        page = require_page(session, page_id)
        page.transcribed_text = page_text(read.lines)
        page.edited_text = None
        page.updated_at = clock.utcnow()
        row = session.get(PageTranscription, page_id)
        if row is None:
            row = PageTranscription(page_id=page_id)
            session.add(row)
        row.engine = read.engine
        row.image_digest = image_digest
        row.lines = to_json(read)
        row.created_at = clock.utcnow()
        session.flush()
        view = PageInfo.of(page)
    return OpResult(
        view, Changes(pages=frozenset({page_id}), notebooks=frozenset({view.notebook_id}))
    )


def page_lines(db: Database, page_id: int) -> PageLines | None:
    """The page's stored lines with boxes, when they belong to its current scan."""
    with db.session(readonly=True) as session:
        page = require_page(session, page_id)
        row = session.get(PageTranscription, page_id)
        if row is None or row.image_digest != page.image_digest:
            return None
        lines: Any = row.lines
        return from_json(lines)


def notebook_page_lines(db: Database, notebook_id: int) -> dict[int, PageLines]:
    """Every page's stored lines that belong to its current scan, by page id."""
    with db.session(readonly=True) as session:
        return lines_by_page(session, notebook_id)


def lines_by_page(session: Session, notebook_id: int) -> dict[int, PageLines]:
    """:func:`notebook_page_lines` inside a session the caller holds (one snapshot)."""
    rows = session.execute(
        select(PageTranscription, NotebookPage.image_digest)
        .join(NotebookPage, NotebookPage.id == PageTranscription.page_id)
        .where(NotebookPage.notebook_id == notebook_id)
    ).all()
    out: dict[int, PageLines] = {}
    for row, digest in rows:
        if row.image_digest != digest:
            continue
        parsed = from_json(row.lines)
        if parsed is not None:
            out[row.page_id] = parsed
    return out
