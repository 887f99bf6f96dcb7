"""The medication guardrail shared by every prompt and by the model adapter."""

from __future__ import annotations

from typing import Final

MEDICATION_GUARDRAIL: Final[str] = (
    "Medication guardrail: never advise starting, reducing, stopping or changing any "
    "medication, and never suggest a dose. Those decisions belong to the writer and "
    "their prescriber."
)
"""Leads the task text of every prompt; the model adapter also injects it into the
system role of every request (defence in depth: neither copy may be removed)."""


def guarded_system(system: str) -> str:
    """The system role of a request: the guardrail, then the prompt's own system text."""
    return MEDICATION_GUARDRAIL + ("\n\n" + system if system.strip() else "")
