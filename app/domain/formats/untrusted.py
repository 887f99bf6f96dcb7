"""Text that comes from someone else's files: how much of it a message may show, and which
characters an imported text may hold.

Messages name what was refused, but never echo a whole value or file name from the
input: :func:`brief` is a bounded ``repr`` (reprlib looks at the first few items of a
container only, so even a billion-element value costs nothing to describe), and
:func:`one_line` shows a name on one line (a newline or escape sequence in a file name
is written as ``\\n`` or ``\\x1b``), shortened in the middle.

**NUL and control characters, one rule for every importer.**  A NUL (``U+0000``)
means the file is not text (a binary file, or UTF-16 read as UTF-8): the import is
refused naming the file and the line, as for text that is not UTF-8, whether it comes
from a text file, a Day One JSON string (``"\\u0000"``), YAML (``"\\0"``) or a PDF's
text layer (PAGE-XML and ALTO cannot hold one: XML forbids it).  A NUL would also cut
the text short in the C libraries that read it later (llama.cpp's tokenizer).  Every
other control character is kept as written: it is text a person may have typed or
pasted, Inkling's own entries may hold it, and an export must import back unchanged;
it is escaped where a message shows it (:func:`one_line`).
"""

from __future__ import annotations

import re
import reprlib
from typing import Final

_UNPRINTABLE: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
NAME_MAX: Final = 160
"""Longest file name or path a message shows (characters); longer ones lose their middle."""

_REPR: Final = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxlevel = 2


def brief(value: object) -> str:
    """A short ``repr`` of ``value`` for a message: at most about 60 characters of a
    string, four items of a container, two levels deep; always one line."""
    return one_line(_REPR.repr(value), limit=NAME_MAX)


def one_line(text: object, *, limit: int = NAME_MAX) -> str:
    """``text`` (a name, a path) on one line: control and line-separator characters
    escaped (``\\n``, ``\\x1b``), and at most ``limit`` characters (the middle elided)."""
    shown = _UNPRINTABLE.sub(_escape, str(text))
    if len(shown) <= limit:
        return shown
    head = (limit - 1) // 2
    return f"{shown[:head]}…{shown[len(shown) - (limit - 1 - head) :]}"


def _escape(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def nul_line(text: str) -> int | None:
    """The line (from 1) of the first NUL in ``text``; None when it holds none."""
    position = text.find("\x00")
    return None if position < 0 else text.count("\n", 0, position) + 1


def not_text(text: str) -> str | None:
    """The rule's refusal as the end of a sentence, to follow what is refused (``"holds
    a NUL character on line 2, ..."``); None when ``text`` is fine."""
    line = nul_line(text)
    if line is None:
        return None
    return f"holds a NUL character on line {line}, which text never does"
