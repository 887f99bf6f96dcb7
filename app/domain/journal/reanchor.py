"""Keeping a pending suggestion's anchor on its words when the entry is edited."""

from __future__ import annotations


def changed_region(old: str, new: str) -> tuple[int, int, int]:
    """The single changed region as ``(start, old_end, new_end)``.

    ``start`` is the longest common prefix; the longest common suffix is then taken
    without crossing it, so ``old[start:old_end]`` became ``new[start:new_end]``.
    """
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    suffix = 0
    room = limit - start
    while suffix < room and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return start, len(old) - suffix, len(new) - suffix


def _occurs_once(haystack: str, needle: str) -> int | None:
    """Position of ``needle`` when it occurs exactly once (overlapping copies count)."""
    first = haystack.find(needle)
    if first < 0 or haystack.find(needle, first + 1) >= 0:
        return None
    return first


def reanchor(
    old_body: str, new_body: str, start: int, end: int, text: str
) -> tuple[int, int] | None:
    """Where the anchor ``old_body[start:end] == text`` lies in ``new_body``, or ``None``
    when it is stale (the caller dismisses it).

    An edit wholly after the anchor (or a pure insertion at its end) keeps it; wholly
    before (or a pure insertion at its start) shifts it by the length change. An edit
    touching it moves it only when ``text`` occurs exactly once in both bodies; it
    never jumps to a sibling copy. An anchor that does not match ``old_body`` is stale.
    """
    if not 0 <= start < end <= len(old_body) or old_body[start:end] != text:
        return None
    if old_body == new_body:
        return start, end
    edit_start, old_end, new_end = changed_region(old_body, new_body)
    if edit_start >= end:
        return start, end
    if old_end <= start:
        shift = new_end - old_end
        return start + shift, end + shift
    if _occurs_once(old_body, text) is None:
        return None
    moved = _occurs_once(new_body, text)
    return None if moved is None else (moved, moved + len(text))
