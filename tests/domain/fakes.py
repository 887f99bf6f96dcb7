"""Test doubles for the domain layer."""

from __future__ import annotations

from app.domain.model import Prompt


class FakeModel:
    """Returns a canned reply (or raises a canned error) and records every prompt."""

    def __init__(self, reply: str | Exception = '{"hits": []}') -> None:
        self.reply = reply
        self.prompts: list[Prompt] = []

    @property
    def calls(self) -> int:
        return len(self.prompts)

    def complete(self, prompt: Prompt) -> str:
        self.prompts.append(prompt)
        if isinstance(self.reply, Exception):
            raise self.reply
        return self.reply
