"""Reading a notebook from disk: a folder of page images (with optional ``.txt``
transcriptions), a folder of PAGE-XML or ALTO v4 files beside their images, a form-feed
text file, or a PDF.

Everything is read and checked before anything is written: a file that cannot be read
is refused with one sentence naming it, and nothing is imported.  Page images are
written to a staging folder; the caller moves it into place when the rows commit.
``on_progress`` is told between pages; a cancelled ``cancel`` token stops there with
:class:`~app.domain.progress.Cancelled`.
"""

from __future__ import annotations

import hashlib
import math
import re
import shutil
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from app.domain.formats.page_xml import PERSON, TranscriptError, parse_transcript
from app.domain.formats.untrusted import not_text
from app.domain.progress import CancelToken, Progress, ProgressFn
from app.services.errors import InvalidInputError
from app.services.transfer import source_files
from app.services.transfer.source_files import Source, shown

IMAGE_SUFFIXES: Final = {".png": ".png", ".jpg": ".jpg", ".jpeg": ".jpg"}
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
TRANSCRIPT_SUFFIX: Final = ".xml"
TRANSKRIBUS_FOLDER: Final = "page"
"""Transkribus exports put the PAGE-XML files in ``page/`` beside the images."""


@dataclass(frozen=True)
class ImportedPage:
    """One page ready to store; ``image_file`` is the staged copy (None: no image)."""

    text: str | None
    image_file: Path | None = None
    image_digest: str | None = None
    names: tuple[tuple[int, int], ...] = ()
    """Person spans ``(start, end)`` in ``text`` tagged in the source (PAGE-XML)."""


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


def read_notebook(
    path: Path,
    staging: Path,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
) -> list[ImportedPage]:
    """Read ``path`` (folder, ``.txt``/``.md`` or ``.pdf``), staging images in ``staging``.

    Every file is read through one :class:`Source`: contained in what was chosen and
    within the byte caps."""
    steps = Steps(on_progress, cancel)
    source = Source(path)
    if path.is_dir():
        return _read_folder(source, path, staging, steps)
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        pages = _read_text_file(source, path)
        steps(len(pages), len(pages))
        return pages
    if suffix == ".pdf":
        return _read_pdf(source, path, staging, steps)
    raise InvalidInputError(
        f"{shown(path.name)} cannot be imported: choose a folder of PNG or JPEG pages or of "
        "PAGE-XML or ALTO files, a .txt or .md file, or a PDF."
    )


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


def _read_text_file(source: Source, path: Path) -> list[ImportedPage]:
    text = source.read_text(path)
    pages = split_pages(text)
    if not any(page.strip() for page in pages):
        raise InvalidInputError(f"{shown(path)} holds no text to import.")
    _check_count(path, len(pages))
    return [ImportedPage(_check_length(path, page)) for page in pages]


def image_kind(data: bytes) -> str | None:
    """``png`` or ``jpeg`` when ``data`` looks like a complete image of that kind."""
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
    return None


def image_size(data: bytes) -> tuple[int, int]:
    """``(width, height)`` of a PNG or JPEG, ``(0, 0)`` when it cannot be told."""
    if data.startswith(_PNG_MAGIC) and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
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


def _read_folder(source: Source, folder: Path, staging: Path, steps: Steps) -> list[ImportedPage]:
    entries = _files(source, folder)
    nested = folder / TRANSKRIBUS_FOLDER  # its mets.xml and metadata.xml are not pages
    transcripts = [
        p
        for p in (_files(source, nested) if nested.is_dir() else entries)
        if p.suffix.lower() == TRANSCRIPT_SUFFIX
    ] or [p for p in entries if p.suffix.lower() == TRANSCRIPT_SUFFIX]
    if transcripts:
        _check_count(folder, len(transcripts))
        return _read_transcripts(source, sorted(transcripts, key=natural_key), staging, steps)
    images = [p for p in entries if p.suffix.lower() in IMAGE_SUFFIXES]
    if not images:
        raise InvalidInputError(f"The folder {shown(folder)} holds no PNG or JPEG page images.")
    _check_count(folder, len(images))
    stems = {p.stem for p in images}
    for p in entries:
        if p.suffix.lower() == ".txt" and p.stem not in stems:
            raise InvalidInputError(
                f"{shown(p)} has no page image of the same name, so it cannot be placed."
            )
    pages: list[ImportedPage] = []
    for number, image in enumerate(images):
        steps(number, len(images))
        target, digest = _stage_image(source, image, staging, number)
        transcription = image.with_suffix(".txt")
        text: str | None = None
        if transcription.is_file():
            text = _check_length(transcription, source.read_text(transcription))
        pages.append(ImportedPage(text, target, digest))
    steps(len(images), len(images))
    return pages


def check_image(label: object, data: bytes) -> None:
    """Refuse ``data`` unless it is a complete PNG or JPEG of at most
    ``IMAGE_PIXELS_MAX`` pixels, read from its header before anything decodes it."""
    if image_kind(data) is None:
        raise InvalidInputError(f"{shown(label)} is not a readable PNG or JPEG image.")
    width, height = image_size(data)
    if width <= 0 or height <= 0:
        raise InvalidInputError(f"{shown(label)} is not a readable PNG or JPEG image.")
    if width * height > IMAGE_PIXELS_MAX:
        raise InvalidInputError(
            f"{shown(label)} is {width:,} × {height:,} pixels, more than the "
            f"{IMAGE_PIXELS_MAX / 1e6:.0f} million Inkling opens; scale it down first."
        )


def _stage_image(source: Source, image: Path, staging: Path, number: int) -> tuple[Path, str]:
    """Copy a checked PNG or JPEG to ``staging`` as page ``number``; its path and SHA-256."""
    data = source.read_bytes(image, limit=source_files.IMAGE_FILE_MAX)
    if image.suffix.lower() not in IMAGE_SUFFIXES:
        raise InvalidInputError(f"{shown(image)} is not a readable PNG or JPEG image.")
    check_image(image, data)
    target = staging / f"{number}{IMAGE_SUFFIXES[image.suffix.lower()]}"
    target.write_bytes(data)
    return target, hashlib.sha256(data).hexdigest()


def natural_key(path: Path) -> tuple[list[int | str], str]:
    """File names in natural order: ``p2.xml`` before ``p10.xml``."""
    parts: list[int | str] = [
        int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", path.name)
    ]
    return parts, path.name


def _read_transcripts(
    source: Source, files: list[Path], staging: Path, steps: Steps
) -> list[ImportedPage]:
    """One page per PAGE-XML or ALTO file, each beside the image it names."""
    pages: list[ImportedPage] = []
    for number, file in enumerate(files):
        steps(number, len(files))
        try:
            transcript = parse_transcript(source.read_bytes(file))
        except TranscriptError as exc:
            raise InvalidInputError(f"{shown(file)} {exc}.") from None
        image = _transcript_image(source, file, transcript.image)
        target, digest = _stage_image(source, image, staging, number) if image else (None, None)
        text = _check_length(file, transcript.text) if transcript.text is not None else None
        names = tuple((s.start, s.end) for s in transcript.spans if s.kind == PERSON)
        pages.append(ImportedPage(text, target, digest, names))
    steps(len(files), len(files))
    return pages


def _transcript_image(source: Source, file: Path, name: str | None) -> Path | None:
    """The image a transcription names, looked up by file name beside it (or, for a
    Transkribus ``page/`` folder, beside that folder); a blank name means no image."""
    folders = [file.parent]
    if file.parent.name.casefold() == TRANSKRIBUS_FOLDER:
        folders.append(file.parent.parent)
    if file.parent == source.chosen:  # the export's page/ folder chosen: nothing above it
        folders = [file.parent]
    if name is None:  # ALTO without sourceImageInformation: the image of the same name
        for folder in folders:
            for candidate in _files(source, folder):
                if candidate.stem == file.stem and candidate.suffix.lower() in IMAGE_SUFFIXES:
                    return candidate
        raise InvalidInputError(
            f"{shown(file)} names no image, and there is no PNG or JPEG of the same name beside it."
        )
    base = name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    if not base or base in (".", ".."):
        return None if not base else _no_image(file, name)
    for folder in folders:
        if (folder / base).is_file():
            return folder / base
    if file.parent.name.casefold() == TRANSKRIBUS_FOLDER and (file.parent.parent / base).is_file():
        raise InvalidInputError(
            f"{shown(file)} names the image {shown(name)}, which is in the folder above the one "
            "chosen; import the whole export folder instead."
        )
    return _no_image(file, name)


def _no_image(file: Path, name: str) -> Path:
    raise InvalidInputError(f"{shown(file)} names the image {shown(name)}, which is not beside it.")


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


def _read_pdf(source: Source, path: Path, staging: Path, steps: Steps) -> list[ImportedPage]:
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
                        bitmap.width,
                        bitmap.height,
                        bitmap.n_channels,
                        bitmap.stride,
                        bytes(bitmap.buffer),
                    )
                finally:
                    bitmap.close()
            except pdfium.PdfiumError:
                raise InvalidInputError(
                    f"Page {number + 1} of {shown(path)} cannot be read."
                ) from None
            finally:
                page.close()
            refused = not_text(text)
            if refused is not None:
                raise InvalidInputError(
                    f"The text of page {number + 1} of {shown(path)} {refused}."
                )
            target = staging / f"{number}.png"
            target.write_bytes(png)
            text = text.strip("\n")
            pages.append(
                ImportedPage(
                    _check_length(path, text) if text.strip() else None,
                    target,
                    hashlib.sha256(png).hexdigest(),
                )
            )
        steps(len(document), len(document))
    finally:
        document.close()
    return pages


def remove_tree(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
