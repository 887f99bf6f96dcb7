"""The words a detection run is recorded with (notebooks.md "Runs, caching, freshness").

Each is a ``StrEnum``: a member is its stored text, so the database, the CLI's JSON and
the window read exactly the words the spec names.
"""

from __future__ import annotations

from enum import StrEnum


class AttemptState(StrEnum):
    """Where one attempt to run a detector stands."""

    RUNNING = "running"
    """Committed before any work starts; left like this only by a crash (see INTERRUPTED)."""
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"
    INTERRUPTED = "interrupted"
    """Found ``running`` when the app opened the database: Inkling stopped during it."""


class RunOutcome(StrEnum):
    """What a finished attempt found out (``None`` while running, cancelled or interrupted)."""

    SUCCESS = "success"
    SKIPPED_NOT_APPLICABLE = "skipped_not_applicable"
    """The run could not apply: see its ``Capability`` and message."""
    UNAVAILABLE_DEPENDENCY = "unavailable_dependency"
    INSUFFICIENT_DATA = "insufficient_data"
    """No page in scope has anything to read."""
    FAILED = "failed"
    """Every window failed (and there are no findings)."""


class Capability(StrEnum):
    """What a skipped run lacked."""

    UNAVAILABLE_MODEL = "unavailable_model"
    """A prompt detector with no (text or vision) model configured for its route."""
    UNAVAILABLE_EXTRA = "unavailable_extra"
    """An optional extra is missing: spaCy or its model, for the names detector."""
