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
    max_tokens: int | None = None
    """The most tokens this reply needs (a schema's longest shape); the runtime writes at
    most the smaller of this and its own budget. ``None``: the runtime's budget."""

    def reply_budget(self, runtime_max: int) -> int:
        """The reply's token budget under a runtime allowing ``runtime_max``."""
        if self.max_tokens is None or self.max_tokens < 1:
            return runtime_max
        return min(runtime_max, self.max_tokens)


@runtime_checkable
class TextModel(Protocol):
    """Anything that turns a prompt into reply text."""

    def complete(self, prompt: Prompt) -> str: ...
