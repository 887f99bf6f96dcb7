"""What an import left out, and why: the shape every importer reports skipped items in.

An import takes every valid item of a source and reports each file or item it did not
take (issue 16): the CLI's JSON lists them as ``{"path", "item", "reason"}`` and the
window shows them after the import.  A report names the file (on one line, shortened:
:func:`app.domain.formats.untrusted.one_line`) and says why in one sentence; it never
quotes the item's text, which may be private.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.domain.formats.untrusted import one_line


@dataclass(frozen=True)
class Skipped:
    """One file, or one item inside a file, that an import did not take."""

    path: str
    """The file, relative to the chosen folder or archive."""
    item: str
    """Which item inside the file ("" when the whole file was skipped): an index, an id,
    a page number; never the item's text."""
    reason: str
    """Why, in one sentence."""

    def as_json(self) -> dict[str, str]:
        return {"path": one_line(self.path), "item": one_line(self.item), "reason": self.reason}


def skipped_json(skipped: Iterable[Skipped]) -> list[dict[str, str]]:
    """The ``"skipped"`` list of an import's JSON summary."""
    return [s.as_json() for s in skipped]


def skipped_lines(skipped: Iterable[Skipped], *, reasons: int = 8, examples: int = 3) -> list[str]:
    """A bounded, human report of ``skipped``: one line per reason (the most frequent
    ``reasons`` of them, in order of first appearance), with how many and up to
    ``examples`` of the files or items, then one line for the reasons left out."""
    groups: dict[str, list[Skipped]] = {}
    for item in skipped:
        groups.setdefault(item.reason, []).append(item)
    shown = sorted(groups.items(), key=lambda pair: -len(pair[1]))[:reasons]
    kept = {reason for reason, _ in shown}
    lines: list[str] = []
    for reason, items in groups.items():
        if reason not in kept:
            continue
        names = [_where(s) for s in items[:examples]]
        more = f" and {len(items) - examples} more" if len(items) > examples else ""
        lines.append(f"{len(items)} × {reason} ({', '.join(names)}{more})")
    left = [items for reason, items in groups.items() if reason not in kept]
    if left:
        count = sum(len(items) for items in left)
        lines.append(f"{count} more skipped for {len(left)} other reasons.")
    return lines


def _where(item: Skipped) -> str:
    path = one_line(item.path, limit=60)
    return f"{path}, {one_line(item.item, limit=60)}" if item.item else path
