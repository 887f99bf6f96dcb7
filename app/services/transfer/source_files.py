"""Reading the files a person imports (journals, notebooks): contained, bounded, checked.

Shared by every importer.  A :class:`Source` is what the person chose (a folder, or one
file or archive); every file is listed and read through it, so that

- **nothing outside it is read**: a file's real path (symbolic links resolved) must lie
  inside the chosen folder, or be the chosen file itself; a link that leads out (a note
  linked to ``/etc/passwd``) refuses the import, naming the link.  Links to folders are
  not followed; the final open refuses a link swapped in after the check
  (``O_NOFOLLOW``), and only regular files are read (a FIFO would block forever);
- **nothing unbounded is read**: each file has a byte cap by kind (``*_FILE_MAX``) and
  one import reads at most ``IMPORT_BYTES_MAX`` in all;
- **text is text**: UTF-8 (a BOM dropped), lines ending in ``\\n``, no NUL (the rule of
  :mod:`app.domain.formats.untrusted`).

Every failure is an ``InvalidInputError`` of one sentence naming the file on one line
(:func:`shown`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection
from pathlib import Path
from typing import Final

from app.domain.formats.untrusted import not_text, one_line
from app.services.errors import InvalidInputError

MB: Final = 1024 * 1024
TEXT_FILE_MAX: Final = 64 * MB
"""A note, a transcription, a PAGE-XML or ALTO file, a notebook's text file."""
JSON_FILE_MAX: Final = 256 * MB
"""A Day One journal (``Journal.json``)."""
IMAGE_FILE_MAX: Final = 200 * MB
"""A photo, an attachment, a page image."""
PDF_FILE_MAX: Final = 512 * MB
IMPORT_BYTES_MAX: Final = 8 * 1024 * MB
"""Everything one import reads, together."""


class SourceRefusedError(InvalidInputError):
    """A refusal of the whole source, never of one item: a link out of what was chosen,
    or more bytes than one import reads.  Importers that skip bad items still stop here."""


def shown(path: object) -> str:
    """A file name or path for a message: on one line, shortened in the middle."""
    return one_line(path)


def _size(limit: int) -> str:
    return f"{limit / MB:,.0f} MB" if limit >= MB else f"{limit:,} bytes"


class Source:
    """What a person chose to import; every file read through it lies inside it."""

    def __init__(self, chosen: Path, *, total_max: int | None = None) -> None:
        self.chosen = chosen
        try:
            self.real = Path(os.path.realpath(chosen, strict=True))
        except FileNotFoundError:
            raise InvalidInputError(f"{shown(chosen)} does not exist.") from None
        except OSError as exc:
            raise InvalidInputError(
                f"{shown(chosen)} cannot be read ({exc.strerror or 'a link loop'})."
            ) from None
        self.total_max = IMPORT_BYTES_MAX if total_max is None else total_max
        self.total = 0

    def inside(self, path: Path) -> Path:
        """``path``'s real location; refused when it lies outside what was chosen."""
        real = Path(os.path.realpath(path))
        if real != self.real and not real.is_relative_to(self.real):
            raise SourceRefusedError(
                f"{shown(path)} links outside {shown(self.chosen)}; Inkling imports only "
                "what is inside the folder or file you chose."
            )
        return real

    def files(
        self, folder: Path, suffixes: Collection[str] | None = None, *, recursive: bool = False
    ) -> list[Path]:
        """The files in ``folder`` (and below it when ``recursive``) whose suffix is one of
        ``suffixes`` (any, when None), unsorted; names starting with a dot are left out,
        with what is below them.  A link among them must lead inside."""
        found: list[Path] = []
        pending = [folder]
        while pending:
            current = pending.pop()
            try:
                with os.scandir(current) as entries:
                    listed = list(entries)
            except OSError as exc:
                raise InvalidInputError(
                    f"The folder {shown(current)} cannot be read ({exc.strerror})."
                ) from None
            for entry in listed:
                path = Path(entry.path)
                if entry.name.startswith("."):
                    continue
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if recursive:
                            pending.append(path)
                        continue
                    if suffixes is not None and path.suffix.lower() not in suffixes:
                        continue
                    if entry.is_symlink():
                        self.inside(path)
                    if entry.is_file():  # a link to a folder, a FIFO or a device is no file
                        found.append(path)
                except OSError:
                    continue  # gone meanwhile, or unreadable metadata: not a file to import
        return found

    def read_bytes(self, path: Path, *, limit: int | None = None) -> bytes:
        """The bytes of ``path``, a regular file inside the source of at most ``limit``
        bytes (default ``TEXT_FILE_MAX``)."""
        limit = TEXT_FILE_MAX if limit is None else limit
        real = self.inside(path)
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(real, flags | getattr(os, "O_BINARY", 0))
        except OSError as exc:
            raise InvalidInputError(f"{shown(path)} cannot be read ({exc.strerror}).") from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise InvalidInputError(f"{shown(path)} is not a regular file.")
            self._check_size(path, info.st_size, limit)
            with os.fdopen(fd, "rb", closefd=False) as file:
                data = file.read(limit + 1)
        except OSError as exc:
            raise InvalidInputError(f"{shown(path)} cannot be read ({exc.strerror}).") from None
        finally:
            os.close(fd)
        self.charge(path, len(data), limit)
        return data

    def _check_size(self, label: object, size: int, limit: int) -> None:
        if size > limit:
            raise InvalidInputError(
                f"{shown(label)} is larger than {_size(limit)}, the most Inkling reads "
                "from one file of its kind."
            )

    def charge(self, label: object, size: int, limit: int) -> None:
        """Count ``size`` bytes read from ``label`` against its ``limit`` and the import's
        total (a zip member's declared size, before it is read)."""
        self._check_size(label, size, limit)
        self.total += size
        if self.total > self.total_max:
            raise SourceRefusedError(
                f"{shown(self.chosen)} holds more than {_size(self.total_max)} to import, "
                "the most one import reads; import it in parts."
            )

    def read_text(self, path: Path, *, limit: int | None = None) -> str:
        """``decode_text`` of the file's bytes."""
        return decode_text(path, self.read_bytes(path, limit=limit))


def decode_text(path: object, raw: bytes) -> str:
    """``raw`` (the bytes of ``path``) as UTF-8 text (a BOM dropped), lines ending in
    ``\\n``; not UTF-8, or a NUL (not text at all), is an ``InvalidInputError``."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{shown(path)} is not UTF-8 text.") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    refused = not_text(text)
    if refused is not None:
        raise InvalidInputError(f"{shown(path)} {refused}.")
    return text
