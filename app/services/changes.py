"""What a service call changed, so that views refresh only what is affected."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")

Target = tuple[str, int]
"""``(target_type, target_id)`` with target_type ``"habit"`` or ``"practice"``."""


@dataclass(frozen=True)
class Changes:
    entries: frozenset[int] = frozenset()
    """Entries created or updated."""
    deleted_entries: frozenset[int] = frozenset()
    suggestions: frozenset[int] = frozenset()
    """Suggestions created, re-anchored, or whose status changed."""
    targets: frozenset[Target] = frozenset()
    """Habits or practices created, renamed, archived or ended."""
    completions: frozenset[Target] = frozenset()
    """Targets whose completions (habit completions, practice sessions) changed."""
    notebooks: frozenset[int] = frozenset()
    """Notebooks created, updated or deleted (their pages or runs changed too)."""
    pages: frozenset[int] = frozenset()
    """Pages whose text, exclusion or tags changed."""
    findings: frozenset[int] = frozenset()
    """Findings created, or whose review changed."""
    tags: frozenset[str] = frozenset()
    """Tag slugs added to the catalogue or put on / taken off pages."""
    detectors: frozenset[str] = frozenset()
    """Detector ids added, deleted, run, or whose preferences changed."""

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            entries=self.entries | other.entries,
            deleted_entries=self.deleted_entries | other.deleted_entries,
            suggestions=self.suggestions | other.suggestions,
            targets=self.targets | other.targets,
            completions=self.completions | other.completions,
            notebooks=self.notebooks | other.notebooks,
            pages=self.pages | other.pages,
            findings=self.findings | other.findings,
            tags=self.tags | other.tags,
            detectors=self.detectors | other.detectors,
        )

    @property
    def empty(self) -> bool:
        return not (
            self.entries
            or self.deleted_entries
            or self.suggestions
            or self.targets
            or self.completions
            or self.notebooks
            or self.pages
            or self.findings
            or self.tags
            or self.detectors
        )


NO_CHANGES = Changes()


@dataclass(frozen=True)
class OpResult(Generic[T]):
    """A service call's value and what it changed."""

    value: T
    changes: Changes = field(default=NO_CHANGES)
