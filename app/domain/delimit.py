"""Shared helpers for model I/O text: data delimiters in prompts, code fences in replies."""

from __future__ import annotations

import re
from typing import Final

_FENCE: Final = "```"
_INFO_STRING: Final = re.compile(r"\A[A-Za-z][\w.+-]*")


def data_delimiters(opening: str, closing: str, *texts: str) -> tuple[str, str]:
    """The pair ``opening``/``closing`` unless a text contains either marker; then the first
    numbered pair (``opening-1``/``closing-1`` before its ``>>>``…) found in none of them,
    so data can never close its own block early. The texts themselves stay verbatim."""
    head, sep, tail = closing.rpartition(">>>")
    n = 0
    while True:
        suffix = f"-{n}" if n else ""
        pair = (f"{opening}{suffix}", f"{head}{suffix}{sep}{tail}" if sep else closing + suffix)
        if not any(pair[0] in t or pair[1] in t for t in texts):
            return pair
        n += 1


def unfence(text: str) -> str:
    """Strip one markdown code fence (and its info string) when it wraps the whole reply."""
    stripped = text.strip()
    if len(stripped) < 2 * len(_FENCE) or not (
        stripped.startswith(_FENCE) and stripped.endswith(_FENCE)
    ):
        return text
    inner = stripped[len(_FENCE) : -len(_FENCE)].lstrip()
    if not inner.startswith(("{", "[")):
        inner = _INFO_STRING.sub("", inner, count=1)
    return inner
