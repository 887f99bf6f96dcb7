"""Fixtures for the model runtime tests: a loaded tiny model, and the one-sentence check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.llm import LlamaTextModel


@pytest.fixture
def tiny_model(tiny_model_path: Path) -> Iterator[LlamaTextModel]:
    """The tiny random model, loaded (one thread: fastest and steadiest on a small VM)."""
    model = LlamaTextModel.load(tiny_model_path, n_threads=1, max_tokens=400)
    yield model
    model.close()


def assert_one_sentence(message: str) -> None:
    """A user-facing error: one line, one sentence, no traceback noise."""
    assert message, "empty message"
    assert "\n" not in message
    assert message.endswith(".")
    assert message[0].isupper() or message[0] in "/'\"", message
    assert "Traceback" not in message
    assert ". " not in message[:-1].replace("e.g. ", ""), f"more than one sentence: {message}"
