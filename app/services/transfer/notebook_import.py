"""Reading a notebook from disk: a folder of page images (with optional ``.txt``
transcriptions), a folder of PAGE-XML or ALTO files beside their images (an archival
export, its page order and file locations from ``mets.xml`` when it has one), a
form-feed text file, or a PDF.

**Import what is valid, report the rest** (issue 16).  Everything is read and checked
before anything is written.  A page that cannot be read (a malformed PAGE-XML file, a
broken image, a PDF page pdfium cannot open) is left out and reported as a
:class:`~app.domain.formats.skipped.Skipped` naming the file and the page, with the
one-sentence reason; ``strict`` refuses the whole import on the first one instead.  A
source with no valid page at all is refused in one sentence.  A transcription whose scan
is absent (exports often leave the large scans out) becomes a text-only page; a scan
that is there but unreadable is reported and the page keeps its text.  What would let
an import read outside the chosen folder (a link out) or past the import's byte budget
refuses it whole, whatever ``strict`` says (:mod:`app.services.transfer.source_files`).

**Archival layouts.**  ``mets.xml`` (Transkribus, OCR-D, eScriptorium) gives the page
order (flyleaves ``fIr``, ``fIIr`` where the book has them) and which files are the
transcriptions and the scans (:mod:`app.domain.formats.mets`); choosing the ``mets.xml``
file itself imports its workspace.  Without one, pages come in natural file-name order.
A chosen folder that holds nothing but one folder is followed down to the document
(Transkribus' ``<export>/<collection>/<document>/``, the notebook then titled after
the document); several exported documents side by side are refused in one sentence.
An image a transcription names is looked up as written, relative to the transcription
and to the chosen folder (``../images/p1.tif``, OCR-D's ``OCR-D-IMG/p1.tif``), then by
its bare name beside the transcription (and beside a Transkribus ``page/`` folder);
never outside the chosen folder.  Scans may be PNG, JPEG or TIFF (kept as they are; the
window shows TIFF through Qt's image plugin), each checked from its header against the
pixel budget before anything decodes it.

Page images are written to a staging folder; the caller moves it into place when the
rows commit.  ``on_progress`` is told between pages; a cancelled ``cancel`` token stops
there with :class:`~app.domain.progress.Cancelled`.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import shutil
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeVar

from app.domain.formats.mets import (
    MetsError,
    image_group,
    page_file,
    parse_mets,
    transcript_group,
)
from app.domain.formats.page_xml import TextSpan, TranscriptError, parse_transcript
from app.domain.formats.skipped import Skipped
from app.domain.formats.untrusted import not_text
from app.domain.progress import CancelToken, Progress, ProgressFn
from app.services.errors import InvalidInputError
from app.services.transfer import source_files
from app.services.transfer.source_files import Source, SourceRefusedError, shown

IMAGE_SUFFIXES: Final = {
    ".png": ".png",
    ".jpg": ".jpg",
    ".jpeg": ".jpg",
    ".tif": ".tif",
    ".tiff": ".tif",
}
TEXT_SUFFIXES: Final = (".txt", ".md")
PDF_RENDER_SCALE: Final = 1.5  # 108 dpi: readable on screen, small on disk
PDF_PAGE_PIXELS_MAX: Final = 8 * 1024 * 1024
"""A PDF page bigger than this at ``PDF_RENDER_SCALE`` (a poster, or a hostile 14,400-point
page) is rendered smaller to fit: 32 MB of bitmap at most (a letter page is 1.1 million
pixels, an A2 poster 8.4 million).  Pages are scaled, not refused."""
PDF_SIDE_MAX: Final = 16_384
"""Longest side of a rendered PDF page (pixels), however thin the page."""
IMAGE_PIXELS_MAX: Final = 64 * 1024 * 1024
"""Largest page image taken (read from its header before anything decodes it): what Qt
decodes within its default 256 MB allocation limit at 4 bytes a pixel, so every page
imported can be shown; a 600 dpi A4 scan is 35 million pixels."""
PAGES_MAX: Final = 10_000
"""Most pages one notebook import takes."""
PAGE_TEXT_MAX: Final = 1_000_000
_PNG_MAGIC: Final = b"\x89PNG\r\n\x1a\n"
_TIFF_MAGIC: Final = (b"II*\x00", b"MM\x00*")
TRANSCRIPT_SUFFIX: Final = ".xml"
TRANSKRIBUS_FOLDER: Final = "page"
"""Transkribus exports put the PAGE-XML files in ``page/`` beside the images."""
METS_NAME: Final = "mets.xml"
SOURCE_SUFFIX: Final = ".page.xml"
"""A kept PAGE-XML file is stored beside the page images as ``<page id>.page.xml``."""
_NOT_PAGES: Final = frozenset({METS_NAME, "metadata.xml"})
"""XML files of an export that describe the document, not a page."""
NO_IMAGE_TYPES: Final = "PNG, JPEG or TIFF"

_T = TypeVar("_T")


@dataclass(frozen=True)
class ImportedPage:
    """One page ready to store; ``image_file`` is the staged copy (None: no image)."""

    text: str | None
    image_file: Path | None = None
    image_digest: str | None = None
    tags: tuple[TextSpan, ...] = ()
    """The tags people made in the source (PAGE-XML ``person``, ``place`` …) in ``text``."""
    scan_missing: bool = False
    """The source named a scan for this page that is not there: a text-only page."""
    source_file: Path | None = None
    """The staged copy of the page's PAGE-XML file (kept for a lossless export)."""


@dataclass(frozen=True)
class NotebookFiles:
    """What :func:`read_notebook` read: the pages to store and what it left out."""

    pages: list[ImportedPage]
    skipped: list[Skipped] = field(default_factory=list)
    document: str | None = None
    """The name of the folder the document was found in, when it is below the one
    chosen (an export job's ``<collection>/<document>/``)."""


class Steps:
    """Progress between pages, and the cancel check that goes with it."""

    def __init__(
        self,
        on_progress: ProgressFn | None,
        cancel: CancelToken | None,
        cancelled: str = "The import was cancelled; nothing was imported.",
    ) -> None:
        self._report = on_progress
        self._cancel = cancel
        self._cancelled = cancelled

    def __call__(self, done: int, total: int) -> None:
        if self._cancel is not None:
            self._cancel.raise_if_cancelled(self._cancelled)
        if self._report is not None:
            self._report(Progress(done, total))


class Report:
    """The items an import leaves out; ``strict`` turns the first into a refusal."""

    def __init__(self, source: Source, strict: bool) -> None:
        self.source = source
        self.strict = strict
        self.skipped: list[Skipped] = []

    def skip(self, file: Path, item: str, error: InvalidInputError) -> None:
        """Leave ``item`` of ``file`` out (raise ``error`` when strict, or when it is a
        refusal of the whole source: a link out, the byte budget)."""
        if self.strict or isinstance(error, SourceRefusedError):
            raise error
        self.skipped.append(Skipped(self.relative(file), item, str(error)))

    def attempt(self, file: Path, item: str, read: Callable[[], _T]) -> _T | None:
        """``read()``, or None with ``file``'s ``item`` reported when it is refused."""
        try:
            return read()
        except InvalidInputError as exc:
            self.skip(file, item, exc)
            return None

    def relative(self, file: Path) -> str:
        chosen = self.source.chosen
        if file == chosen or not file.is_relative_to(chosen):
            return file.name
        return file.relative_to(chosen).as_posix()

    def nothing(self, path: Path) -> InvalidInputError:
        """The one sentence a source with no valid page is refused with."""
        if len(self.skipped) == 1:
            return InvalidInputError(self.skipped[0].reason)
        if not self.skipped:
            return InvalidInputError(f"{shown(path)} holds no pages to import.")
        first = self.skipped[0].reason.rstrip(".")
        return InvalidInputError(
            f"Nothing in {shown(path)} could be imported: {len(self.skipped)} files or pages "
            f"were unreadable, the first because {first}."
        )


def read_notebook(
    path: Path,
    staging: Path,
    *,
    strict: bool = False,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> NotebookFiles:
    """Read ``path`` (a folder or its ``mets.xml``, a ``.txt``/``.md`` or a ``.pdf``),
    staging images in ``staging``.

    Every file is read through one :class:`Source`: contained in what was chosen and
    within the byte caps."""
    steps = Steps(on_progress, cancel)
    if path.name.casefold() == METS_NAME and path.is_file():
        path = path.parent  # a METS workspace chosen by its mets.xml
    source = Source(path)
    report = Report(source, strict)
    document: str | None = None
    if path.is_dir():
        folder = _document_folder(source, path)
        document = folder.name if folder != path else None
        pages = _read_folder(source, folder, staging, steps, report)
    elif (suffix := path.suffix.lower()) in TEXT_SUFFIXES:
        pages = _read_text_file(source, path, report)
        steps(len(pages), len(pages))
    elif suffix == ".pdf":
        pages = _read_pdf(source, path, staging, steps, report)
    else:
        raise InvalidInputError(
            f"{shown(path.name)} cannot be imported: choose a folder of {NO_IMAGE_TYPES} "
            "pages or of PAGE-XML or ALTO files (or its mets.xml), a .txt or .md file, or a PDF."
        )
    if not pages:
        raise report.nothing(path)
    return NotebookFiles(pages, report.skipped, document)


def _check_count(path: Path, count: int) -> None:
    if count > PAGES_MAX:
        raise InvalidInputError(
            f"{shown(path)} holds more than {PAGES_MAX:,} pages, the most one notebook "
            "import takes."
        )


def _check_length(path: Path, text: str) -> str:
    if len(text) > PAGE_TEXT_MAX:
        raise InvalidInputError(
            f"A page of {shown(path.name)} is longer than {PAGE_TEXT_MAX:,} characters."
        )
    return text


def split_pages(text: str) -> list[str]:
    """Pages separated by form feeds; a trailing blank piece (a final form feed) is dropped."""
    pieces = [piece.strip("\n") for piece in text.split("\f")]
    while len(pieces) > 1 and not pieces[-1].strip():
        pieces.pop()
    return pieces


def _read_text_file(source: Source, path: Path, report: Report) -> list[ImportedPage]:
    text = source.read_text(path)
    pages = split_pages(text)
    if not any(page.strip() for page in pages):
        raise InvalidInputError(f"{shown(path)} holds no text to import.")
    _check_count(path, len(pages))
    kept: list[ImportedPage] = []
    for number, page in enumerate(pages, start=1):
        checked = report.attempt(path, f"page {number}", partial(_check_length, path, page))
        if checked is not None:
            kept.append(ImportedPage(checked))
    return kept


def image_kind(data: bytes) -> str | None:
    """``png``, ``jpeg`` or ``tiff`` when ``data`` looks like a complete image of that kind."""
    if data.startswith(_PNG_MAGIC) and len(data) >= 33:
        length, kind = struct.unpack(">I4s", data[8:16])
        if kind != b"IHDR" or length != 13:
            return None
        crc = struct.unpack(">I", data[29:33])[0]
        if zlib.crc32(data[12:29]) & 0xFFFFFFFF != crc:
            return None
        width, height = struct.unpack(">II", data[16:24])
        return "png" if width > 0 and height > 0 and b"IEND" in data[-16:] else None
    if data.startswith(b"\xff\xd8\xff") and b"\xff\xd9" in data[-64:]:
        return "jpeg"
    if data[:4] in _TIFF_MAGIC:
        return "tiff" if _tiff_size(data) != (0, 0) else None
    return None


def _tiff_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` of a TIFF's first image, from its first directory (``(0, 0)``
    when the directory or the two sizes are missing or out of the file)."""
    order = "<" if data.startswith(b"II") else ">"
    if len(data) < 8:
        return 0, 0
    offset = struct.unpack(order + "I", data[4:8])[0]
    if offset < 8 or offset + 2 > len(data):
        return 0, 0
    count = struct.unpack(order + "H", data[offset : offset + 2])[0]
    if offset + 2 + 12 * count > len(data):
        return 0, 0
    sizes: dict[int, int] = {}
    for index in range(count):
        entry = data[offset + 2 + 12 * index : offset + 14 + 12 * index]
        tag, kind, number = struct.unpack(order + "HHI", entry[:8])
        if tag in (256, 257) and number == 1 and kind in (3, 4):
            value = entry[8:10] if kind == 3 else entry[8:12]
            sizes[tag] = struct.unpack(order + ("H" if kind == 3 else "I"), value)[0]
    return sizes.get(256, 0), sizes.get(257, 0)


def image_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` of a PNG, JPEG or TIFF, ``(0, 0)`` when it cannot be told."""
    if data.startswith(_PNG_MAGIC) and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:4] in _TIFF_MAGIC:
        return _tiff_size(data)
    position = 2
    while data.startswith(b"\xff\xd8") and position + 9 <= len(data):
        if data[position] != 0xFF:
            break
        marker = data[position + 1]
        if marker == 0xFF:  # a fill byte before the marker
            position += 1
            continue
        length = struct.unpack(">H", data[position + 2 : position + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[position + 5 : position + 9])
            return int(width), int(height)
        position += 2 + length
    return 0, 0


_FOLDER_SUFFIXES: Final = frozenset({*IMAGE_SUFFIXES, ".txt", TRANSCRIPT_SUFFIX})


def _files(source: Source, folder: Path) -> list[Path]:
    """The page images, transcriptions and PAGE-XML/ALTO files in ``folder``, by name."""
    return sorted(source.files(folder, _FOLDER_SUFFIXES), key=lambda p: (p.name.casefold(), p.name))


@dataclass(frozen=True)
class _Planned:
    """A page to read: its label for reports, its transcription and/or its scan."""

    label: str
    transcript: Path | None
    image: Path | None = None
    image_named: bool = False
    """``image`` was named by the source (METS): absent, the page is text-only."""


DOCUMENT_DEPTH: Final = 4
"""How many folders deep an export's one document is looked for (Transkribus puts it at
``<export>/<collection id>/<document title>/``)."""


def _subfolders(folder: Path) -> list[Path]:
    return sorted(
        (p for p in folder.iterdir() if p.is_dir() and not p.is_symlink() and p.name[:1] != "."),
        key=natural_key,
    )


def _is_export(folder: Path) -> bool:
    """A folder an archival export made for one document: METS or Transkribus' ``page/``."""
    return (folder / METS_NAME).is_file() or (folder / TRANSKRIBUS_FOLDER).is_dir()


def _document_folder(source: Source, folder: Path) -> Path:
    """The folder holding the document: ``folder`` itself when it holds pages (or METS,
    or a ``page/`` folder), else, when it holds nothing but one folder, the document that
    one leads to (an export's ``<collection>/<document>/``).  Several exported documents
    side by side are refused: each is a notebook of its own."""
    for _ in range(DOCUMENT_DEPTH):
        if _is_export(folder) or _files(source, folder):
            return folder
        subfolders = _subfolders(folder)
        documents = [sub for sub in subfolders if _is_export(sub)]
        if len(documents) > 1:
            names = ", ".join(shown(d.name) for d in documents[:3])
            more = ", …" if len(documents) > 3 else ""
            raise InvalidInputError(
                f"{shown(folder)} holds {len(documents)} exported documents ({names}{more}); "
                "import each document's folder on its own."
            )
        if len(subfolders) != 1:
            return folder
        folder = subfolders[0]
    return folder


def _read_folder(
    source: Source, folder: Path, staging: Path, steps: Steps, report: Report
) -> list[ImportedPage]:
    mets = folder / METS_NAME
    if mets.is_file():
        plan = _mets_plan(source, folder, mets, report)
        if plan:
            _check_count(folder, len(plan))
            return _read_plan(source, plan, staging, steps, report)
    entries = _files(source, folder)
    transcripts = _transcripts(source, folder, entries)
    if transcripts:
        _check_count(folder, len(transcripts))
        ordered = sorted(transcripts, key=natural_key)
        return _read_plan(source, [_Planned(p.stem, p) for p in ordered], staging, steps, report)
    return _read_images(source, folder, entries, staging, steps, report)


def _is_page_file(path: Path) -> bool:
    return path.suffix.lower() == TRANSCRIPT_SUFFIX and path.name.casefold() not in _NOT_PAGES


def _transcripts(source: Source, folder: Path, entries: list[Path]) -> list[Path]:
    """The PAGE-XML or ALTO files of a folder without METS: those of its ``page/``
    folder (Transkribus), else its own, else, when it holds no page images either, those
    of the subfolder holding most of them (an export whose transcriptions and scans sit
    in sibling folders: ``xml/`` and ``images/``)."""
    nested = folder / TRANSKRIBUS_FOLDER
    found = [p for p in _files(source, nested) if _is_page_file(p)] if nested.is_dir() else []
    found = found or [p for p in entries if _is_page_file(p)]
    if found or any(p.suffix.lower() in IMAGE_SUFFIXES for p in entries):
        return found
    best: list[Path] = []
    for sub in _subfolders(folder):
        pages = [p for p in _files(source, sub) if _is_page_file(p)]
        if len(pages) > len(best):
            best = pages
    return best


def _read_images(
    source: Source,
    folder: Path,
    entries: list[Path],
    staging: Path,
    steps: Steps,
    report: Report,
) -> list[ImportedPage]:
    """A folder of page images, each with an optional ``.txt`` of the same name."""
    images = [p for p in entries if p.suffix.lower() in IMAGE_SUFFIXES]
    if not images:
        raise InvalidInputError(
            f"The folder {shown(folder)} holds no {NO_IMAGE_TYPES} page images."
        )
    _check_count(folder, len(images))
    stems = {p.stem for p in images}
    for p in entries:
        if p.suffix.lower() == ".txt" and p.stem not in stems:
            report.skip(
                p,
                "",
                InvalidInputError(
                    f"{shown(p)} has no page image of the same name, so it cannot be placed."
                ),
            )
    pages: list[ImportedPage] = []
    for number, image in enumerate(images):
        steps(number, len(images))
        stage = partial(_stage_image, source, image, staging, len(pages))
        staged = report.attempt(image, "", stage)
        if staged is None:
            continue
        transcription = image.with_suffix(".txt")
        text: str | None = None
        if transcription.is_file():
            read = partial(_read_page_text, source, transcription)
            text = report.attempt(transcription, "", read)
        pages.append(ImportedPage(text, *staged))
    steps(len(images), len(images))
    return pages


def _read_page_text(source: Source, path: Path) -> str:
    return _check_length(path, source.read_text(path))


def check_image(label: object, data: bytes) -> None:
    """Refuse ``data`` unless it is a complete PNG, JPEG or TIFF of at most
    ``IMAGE_PIXELS_MAX`` pixels, read from its header before anything decodes it."""
    width, height = image_size(data) if image_kind(data) is not None else (0, 0)
    if width <= 0 or height <= 0:
        raise InvalidInputError(f"{shown(label)} is not a readable {NO_IMAGE_TYPES} image.")
    if width * height > IMAGE_PIXELS_MAX:
        raise InvalidInputError(
            f"{shown(label)} is {width:,} × {height:,} pixels, more than the "
            f"{IMAGE_PIXELS_MAX / 1e6:.0f} million Inkling opens; scale it down first."
        )


def read_image(source: Source, image: Path) -> tuple[bytes, str]:
    """A checked page image's bytes and the suffix it is stored under."""
    data = source.read_bytes(image, limit=source_files.IMAGE_FILE_MAX)
    suffix = IMAGE_SUFFIXES.get(image.suffix.lower())
    if suffix is None:
        raise InvalidInputError(f"{shown(image)} is not a readable {NO_IMAGE_TYPES} image.")
    check_image(image, data)
    return data, suffix


def _stage_image(source: Source, image: Path, staging: Path, number: int) -> tuple[Path, str]:
    """Copy a checked page image to ``staging`` as page ``number``; its path and SHA-256."""
    data, suffix = read_image(source, image)
    target = staging / f"{number}{suffix}"
    target.write_bytes(data)
    return target, hashlib.sha256(data).hexdigest()


def natural_key(path: Path) -> tuple[list[int | str], str]:
    """File names in natural order: ``p2.xml`` before ``p10.xml``."""
    parts: list[int | str] = [
        int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", path.name)
    ]
    return parts, path.name


# --------------------------------------------------------------------------- METS


def _mets_plan(source: Source, folder: Path, mets: Path, report: Report) -> list[_Planned]:
    """The pages ``mets.xml`` lists, in its order; empty when it lists none (or cannot be
    read: reported, and the pages then come in file-name order)."""
    try:
        pages = parse_mets(source.read_bytes(mets))
    except (MetsError, InvalidInputError) as exc:
        why = f"{shown(mets)} {exc}" if isinstance(exc, MetsError) else str(exc).rstrip(".")
        order = InvalidInputError(f"{why}, so the pages were put in file-name order.")
        report.skip(mets, "", order if not isinstance(exc, SourceRefusedError) else exc)
        return []
    texts = transcript_group(pages)
    scans = image_group(pages)
    plan: list[_Planned] = []
    for page in pages:
        transcript = page_file(page, texts, lambda f: f.is_transcript)
        image = page_file(page, scans, lambda f: f.is_image and not f.is_transcript)
        plan.append(
            _Planned(
                page.label,
                _located(source, folder, transcript),
                _located(source, folder, image),
                image_named=image is not None,
            )
        )
    return [p for p in plan if p.transcript is not None or p.image is not None]


def _located(source: Source, base: Path, href: str | None) -> Path | None:
    """``href`` (relative to ``base``) as a path inside the chosen folder, or None."""
    if href is None:
        return None
    return _inside(source, base, href) or _inside(source, base, _base_name(href))


def _base_name(name: str) -> str:
    return name.replace("\\", "/").rsplit("/", 1)[-1].strip()


def _inside(source: Source, base: Path, name: str) -> Path | None:
    """``base / name`` when it stays (lexically) inside the chosen folder; None for an
    absolute path, a URL, or a way out (``..`` too far)."""
    name = name.replace("\\", "/").strip()
    if not name or name.startswith("/") or re.match(r"^[A-Za-z][\w+.-]*:", name):
        return None
    chosen = Path(os.path.abspath(source.chosen))
    candidate = Path(os.path.normpath(os.path.abspath(base / name)))
    if candidate == chosen or not candidate.is_relative_to(chosen):
        return None
    return candidate


# --------------------------------------------------------------------------- transcripts


def _read_plan(
    source: Source, plan: list[_Planned], staging: Path, steps: Steps, report: Report
) -> list[ImportedPage]:
    """One page per planned transcription (PAGE-XML or ALTO) and/or scan."""
    pages: list[ImportedPage] = []
    for number, planned in enumerate(plan):
        steps(number, len(plan))
        page = _read_planned(source, planned, staging, len(pages), report)
        if page is not None:
            pages.append(page)
    steps(len(plan), len(plan))
    return pages


def _read_planned(
    source: Source, planned: _Planned, staging: Path, number: int, report: Report
) -> ImportedPage | None:
    """A planned page, or None when nothing of it could be read (reported)."""
    item = f"page {planned.label}"
    file = planned.transcript
    image = planned.image if planned.image is not None and planned.image.is_file() else None
    missing = planned.image_named and image is None
    text: str | None = None
    tags: tuple[TextSpan, ...] = ()
    kept: Path | None = None
    if file is not None and not file.is_file():
        absent = InvalidInputError(f"{shown(file)} is listed in {METS_NAME} but is not there.")
        report.skip(file, item, absent)
        file = None
        if image is None:
            return None
    if file is not None:
        read = report.attempt(file, item, partial(_read_transcript, source, file))
        if read is None:
            return None
        text, tags, named, original = read
        if original is not None:
            kept = staging / f"{number}{SOURCE_SUFFIX}"
            kept.write_bytes(original)
        found = report.attempt(file, item, partial(_transcript_image, source, file, named))
        if found is not None and found[0] is not None:
            image, missing = found[0], False
        elif found is not None and image is None:
            missing = missing or found[1]
    elif image is None:
        return None
    staged: tuple[Path | None, str | None] = (None, None)
    if image is not None:
        stage = report.attempt(image, item, partial(_stage_image, source, image, staging, number))
        if stage is None and file is None:
            return None
        staged = stage or staged
    return ImportedPage(text, staged[0], staged[1], tags, scan_missing=missing, source_file=kept)


def _read_transcript(
    source: Source, file: Path
) -> tuple[str | None, tuple[TextSpan, ...], str | None, bytes | None]:
    """A transcription's text, tag spans, the image it names, and (PAGE-XML) its bytes."""
    data = source.read_bytes(file)
    try:
        transcript = parse_transcript(data)
    except TranscriptError as exc:
        raise InvalidInputError(f"{shown(file)} {exc}.") from None
    text = _check_length(file, transcript.text) if transcript.text is not None else None
    return (
        text,
        transcript.spans,
        transcript.image,
        data if transcript.format == "page-xml" else None,
    )


def _transcript_image(source: Source, file: Path, name: str | None) -> tuple[Path | None, bool]:
    """The image a transcription names, and whether it named one that is not there.

    Looked up as written relative to the transcription's folder and to the chosen folder,
    then by its bare name beside the transcription (and, for a Transkribus ``page/``
    folder, beside that folder); never outside the chosen folder.  ALTO without a file
    name: the image of the same name beside it, if any."""
    folders = [file.parent]
    if file.parent.name.casefold() == TRANSKRIBUS_FOLDER and file.parent != source.chosen:
        folders.append(file.parent.parent)
    if name is None:  # ALTO without sourceImageInformation: the image of the same name
        for folder in folders:
            for candidate in _files(source, folder):
                if candidate.stem == file.stem and candidate.suffix.lower() in IMAGE_SUFFIXES:
                    return candidate, False
        return None, False
    base = _base_name(name)
    if not base:
        return None, False
    candidates = [_inside(source, file.parent, name), _inside(source, source.chosen, name)]
    candidates += [_inside(source, folder, base) for folder in folders]
    for path in candidates:
        if path is not None and path.is_file():
            return path, False
    if file.parent == source.chosen and (file.parent.parent / base).is_file():
        raise InvalidInputError(
            f"{shown(file)} names the image {shown(name)}, which is in the folder above the one "
            "chosen; import the whole export folder to keep the scans."
        )
    return None, True


def _png(width: int, height: int, channels: int, stride: int, buffer: bytes) -> bytes:
    """Encode raw RGB/RGBA/grey rows as a PNG (no imaging library needed)."""
    colour_type = {1: 0, 3: 2, 4: 6}[channels]
    row_bytes = width * channels
    raw = b"".join(b"\x00" + buffer[y * stride : y * stride + row_bytes] for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (
        _PNG_MAGIC
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )


def pdf_render_scale(width: float, height: float) -> float:
    """The scale a ``width`` × ``height`` point page is rendered at: ``PDF_RENDER_SCALE``,
    or less, so that the bitmap keeps within ``PDF_PAGE_PIXELS_MAX`` and ``PDF_SIDE_MAX``."""
    area = max(width, 1.0) * max(height, 1.0)
    return min(
        PDF_RENDER_SCALE,
        math.sqrt(PDF_PAGE_PIXELS_MAX / area),
        PDF_SIDE_MAX / max(width, height, 1.0),
    )


def _read_pdf(
    source: Source, path: Path, staging: Path, steps: Steps, report: Report
) -> list[ImportedPage]:
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    data = source.read_bytes(path, limit=source_files.PDF_FILE_MAX)
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        raise InvalidInputError(f"{shown(path)} is not a readable PDF.") from None
    pages: list[ImportedPage] = []
    try:
        if len(document) == 0:
            raise InvalidInputError(f"{shown(path)} has no pages.")
        _check_count(path, len(document))
        for number in range(len(document)):
            steps(number, len(document))
            read = partial(_pdf_page, pdfium, document, path, number)
            got = report.attempt(path, f"page {number + 1}", read)
            if got is None:
                continue
            text, png = got
            target = staging / f"{len(pages)}.png"
            target.write_bytes(png)
            digest = hashlib.sha256(png).hexdigest()
            pages.append(ImportedPage(text if text.strip() else None, target, digest))
        steps(len(document), len(document))
    finally:
        document.close()
    return pages


def _pdf_page(pdfium: Any, document: Any, path: Path, number: int) -> tuple[str, bytes]:
    """The text and the rendered PNG of page ``number`` (from 0) of a PDF."""
    page = document[number]
    try:
        textpage = page.get_textpage()
        try:
            text = textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n")
        finally:
            textpage.close()
        width, height = page.get_size()
        bitmap = page.render(scale=pdf_render_scale(width, height), rev_byteorder=True)
        try:
            png = _png(
                bitmap.width, bitmap.height, bitmap.n_channels, bitmap.stride, bytes(bitmap.buffer)
            )
        finally:
            bitmap.close()
    except pdfium.PdfiumError:
        raise InvalidInputError(f"Page {number + 1} of {shown(path)} cannot be read.") from None
    finally:
        page.close()
    refused = not_text(text)
    if refused is not None:
        raise InvalidInputError(f"The text of page {number + 1} of {shown(path)} {refused}.")
    return _check_length(path, text.strip("\n")), png


def remove_tree(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
