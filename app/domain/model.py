"""The small protocol through which pure logic talks to a language model."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class Prompt:
    """One request: a system text, a user text, and an optional JSON schema for the reply.

    The user text is data plus instructions; nothing in it is ever moved into the
    system role.  When ``json_schema`` is set, the runtime constrains decoding to it.
    """

    system: str
    user: str
    json_schema: dict[str, Any] | None = field(default=None)


@runtime_checkable
class TextModel(Protocol):
    """Anything that turns a prompt into reply text."""

    def complete(self, prompt: Prompt) -> str: ...
