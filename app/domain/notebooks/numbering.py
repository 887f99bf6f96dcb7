"""A window's lines, numbered: how the model sees a window's text and points at it.

Prompt version 2 shows each non-blank line of a window's pages as ``<n>| <line>``, with
``n`` counted from 1 across the whole window (blank lines stay blank, so stanza gaps
show). The model names lines by number instead of copying text; the app maps each number
back to the line's exact span in its page's effective text (:func:`line_anchor_spans`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from app.domain.notebooks.windows import PageInput


@dataclass(frozen=True)
class NumberedLine:
    """One non-blank line of a window: ``text == page_text[start:end]`` (the line without
    its surrounding white space)."""

    number: int
    """1-based, counted across the window's pages."""
    page: int
    """1-based page number within the window."""
    start: int
    end: int
    text: str


def _page_lines(text: str) -> list[tuple[int, str]]:
    """``(offset, line)`` of every line of ``text`` (no newline, no trailing CR)."""
    out: list[tuple[int, str]] = []
    offset = 0
    for raw in text.split("\n"):
        out.append((offset, raw.rstrip("\r")))
        offset += len(raw) + 1
    return out


def numbered_lines(window: Sequence[PageInput]) -> list[NumberedLine]:
    """Every non-blank line of the window's pages, numbered 1.. in page order."""
    out: list[NumberedLine] = []
    for page_no, page in enumerate(window, start=1):
        for offset, line in _page_lines(page.text or ""):
            stripped = line.strip()
            if not stripped:
                continue
            start = offset + len(line) - len(line.lstrip())
            out.append(NumberedLine(len(out) + 1, page_no, start, start + len(stripped), stripped))
    return out


def render_numbered(text: str, first: int) -> tuple[str, int]:
    """``text`` with each non-blank line prefixed ``<n>| `` (``n`` from ``first``; the
    line's own indentation kept), and the next number."""
    lines: list[str] = []
    n = first
    for _offset, line in _page_lines(text):
        if line.strip():
            lines.append(f"{n}| {line.rstrip()}")
            n += 1
        else:
            lines.append("")
    return "\n".join(lines), n


def resolve_lines(numbers: Iterable[int], lines: Sequence[NumberedLine]) -> list[NumberedLine]:
    """The lines named by ``numbers``, in the order given: numbers out of range (or not
    plain ints) are dropped, and so are repeats."""
    out: list[NumberedLine] = []
    seen: set[int] = set()
    for number in numbers:
        if isinstance(number, bool) or not isinstance(number, int):
            continue
        if not 1 <= number <= len(lines) or number in seen:
            continue
        seen.add(number)
        out.append(lines[number - 1])
    return out
