"""Reading a notebook from disk: a folder of page images, a form-feed text file, or a PDF.

Everything is read and checked before anything is written: a file that cannot be read
is refused with one sentence naming it, and nothing is imported.  Page images are
written to a staging folder; the caller moves it into place when the rows commit.
"""

from __future__ import annotations

import hashlib
import shutil
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from app.services.errors import InvalidInputError

IMAGE_SUFFIXES: Final = {".png": ".png", ".jpg": ".jpg", ".jpeg": ".jpg"}
TEXT_SUFFIXES: Final = (".txt", ".md")
PDF_RENDER_SCALE: Final = 1.5  # 108 dpi: readable on screen, small on disk
PAGE_TEXT_MAX: Final = 1_000_000
_PNG_MAGIC: Final = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class ImportedPage:
    """One page ready to store; ``image_file`` is the staged copy (None: no image)."""

    text: str | None
    image_file: Path | None = None
    image_digest: str | None = None


def read_notebook(path: Path, staging: Path) -> list[ImportedPage]:
    """Read ``path`` (folder, ``.txt``/``.md`` or ``.pdf``), staging images in ``staging``."""
    if not path.exists():
        raise InvalidInputError(f"{path} does not exist.")
    if path.is_dir():
        return _read_folder(path, staging)
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return _read_text_file(path)
    if suffix == ".pdf":
        return _read_pdf(path, staging)
    raise InvalidInputError(
        f"{path.name} cannot be imported: choose a folder of PNG or JPEG pages, "
        "a .txt or .md file, or a PDF."
    )


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InvalidInputError(f"{path} cannot be read ({exc.strerror}).") from None


def _decode(path: Path, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text.") from None
    if "\x00" in text:
        raise InvalidInputError(f"{path} is not a text file.")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _check_length(path: Path, text: str) -> str:
    if len(text) > PAGE_TEXT_MAX:
        raise InvalidInputError(
            f"A page of {path.name} is longer than {PAGE_TEXT_MAX:,} characters."
        )
    return text


def split_pages(text: str) -> list[str]:
    """Pages separated by form feeds; a trailing blank piece (a final form feed) is dropped."""
    pieces = [piece.strip("\n") for piece in text.split("\f")]
    while len(pieces) > 1 and not pieces[-1].strip():
        pieces.pop()
    return pieces


def _read_text_file(path: Path) -> list[ImportedPage]:
    text = _decode(path, _read_bytes(path))
    pages = split_pages(text)
    if not any(page.strip() for page in pages):
        raise InvalidInputError(f"{path} holds no text to import.")
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


def _read_folder(folder: Path, staging: Path) -> list[ImportedPage]:
    try:
        entries = sorted(
            (p for p in folder.iterdir() if not p.name.startswith(".") and p.is_file()),
            key=lambda p: (p.name.casefold(), p.name),
        )
    except OSError as exc:
        raise InvalidInputError(f"The folder {folder} cannot be read ({exc.strerror}).") from None
    images = [p for p in entries if p.suffix.lower() in IMAGE_SUFFIXES]
    if not images:
        raise InvalidInputError(f"The folder {folder} holds no PNG or JPEG page images.")
    stems = {p.stem for p in images}
    for p in entries:
        if p.suffix.lower() == ".txt" and p.stem not in stems:
            raise InvalidInputError(
                f"{p} has no page image of the same name, so it cannot be placed."
            )
    pages: list[ImportedPage] = []
    for number, image in enumerate(images):
        data = _read_bytes(image)
        if image_kind(data) is None:
            raise InvalidInputError(f"{image} is not a readable PNG or JPEG image.")
        target = staging / f"{number}{IMAGE_SUFFIXES[image.suffix.lower()]}"
        target.write_bytes(data)
        transcription = image.with_suffix(".txt")
        text: str | None = None
        if transcription.is_file():
            text = _check_length(transcription, _decode(transcription, _read_bytes(transcription)))
        pages.append(ImportedPage(text, target, hashlib.sha256(data).hexdigest()))
    return pages


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


def _read_pdf(path: Path, staging: Path) -> list[ImportedPage]:
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    data = _read_bytes(path)
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        raise InvalidInputError(f"{path} is not a readable PDF.") from None
    pages: list[ImportedPage] = []
    try:
        if len(document) == 0:
            raise InvalidInputError(f"{path} has no pages.")
        for number in range(len(document)):
            page = document[number]
            try:
                textpage = page.get_textpage()
                try:
                    text = textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n")
                finally:
                    textpage.close()
                bitmap = page.render(scale=PDF_RENDER_SCALE, rev_byteorder=True)
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
                raise InvalidInputError(f"Page {number + 1} of {path} cannot be read.") from None
            finally:
                page.close()
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
    finally:
        document.close()
    return pages


def remove_tree(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
