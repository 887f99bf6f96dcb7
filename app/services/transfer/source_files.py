"""Reading the files a person imports (journals, notebooks): bytes, and text from them.

Shared by the journal and the notebook importers; every failure is an
``InvalidInputError`` whose message names the file.
"""

from __future__ import annotations

from pathlib import Path

from app.services.errors import InvalidInputError


def read_bytes(path: Path) -> bytes:
    """The file's bytes; an unreadable file is an ``InvalidInputError``."""
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InvalidInputError(f"{path} cannot be read ({exc.strerror}).") from None


def decode_text(path: Path, raw: bytes) -> str:
    """``raw`` (the bytes of ``path``) as UTF-8 text (a BOM dropped), lines ending in
    ``\\n``; not UTF-8 or not text (a NUL byte) is an ``InvalidInputError``."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text.") from None
    if "\x00" in text:
        raise InvalidInputError(f"{path} is not a text file.")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text_file(path: Path) -> str:
    """``decode_text`` of the file's bytes."""
    return decode_text(path, read_bytes(path))
