"""What the app asks of a loaded model, as protocols that mypy checks.

``TextModel`` (``app/domain/model.py``) is all pure logic needs: ``complete``.  The
runtime asks more of the models it owns, and says so here instead of probing with
``getattr``:

- ``OwnedModel``: what ``ModelWorker`` does with every model it owns, text or vision:
  bind each job's cancel flag while the job runs, and close the model on its thread.
- ``StreamingModel``: a text model on a worker, as the services and the window drive
  it: a ``TextModel`` and an ``OwnedModel`` that also reports each token as it is
  generated (``on_token``), its reply budget (``max_tokens``) and numbers about its
  last reply (``last_stats``).

``LlamaTextModel`` implements ``StreamingModel``.  So does ``WholeReplyModel``, the base
of the stand-ins that write a reply whole (the screenshot tools' and the tests' scripted
models): they generate no tokens and keep no numbers, so ``on_token`` is never called
and ``last_stats`` stays ``None``, as the protocol allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from app.domain.model import Prompt, TextModel
from app.domain.progress import CancelToken


@dataclass(frozen=True)
class GenerationStats:
    """Numbers about the last ``complete`` call (also set when it was cancelled).

    ``evaluated_prompt_tokens`` had to be run through the model; ``reused_prompt_tokens``
    came from the KV cache left by the previous call (the shared prefix).
    ``generated_tokens`` counts every sampled token, the end-of-turn token included.
    ``tokens_per_second`` is the generation speed (after the first token);
    ``prompt_tokens_per_second`` the prompt evaluation speed.
    """

    prompt_tokens: int
    evaluated_prompt_tokens: int
    reused_prompt_tokens: int
    generated_tokens: int
    seconds: float
    prompt_seconds: float
    tokens_per_second: float
    prompt_tokens_per_second: float
    finish_reason: str  # "stop" | "length" | "cancelled" | "error"


@runtime_checkable
class OwnedModel(Protocol):
    """A model a ``ModelWorker`` owns: used, and closed, on the worker's thread only."""

    def set_cancel_token(self, token: CancelToken | None) -> None:
        """The running job's cancel token (``None`` between jobs): a reply in progress
        stops soon after it is cancelled, raising ``Cancelled``."""
        ...

    def close(self) -> None:
        """Free the model; safe to call more than once."""
        ...


@runtime_checkable
class StreamingModel(TextModel, OwnedModel, Protocol):
    """A text model on a worker: replies, reports its progress, can be cancelled and closed."""

    on_token: Callable[[int], None] | None
    """Called on the worker thread after each generated token with the count so far
    (``None``: nobody listens).  The window sets it around each job."""

    @property
    def max_tokens(self) -> int:
        """The most tokens one reply may have (the progress bar's end)."""
        ...

    @property
    def last_stats(self) -> GenerationStats | None:
        """Numbers about the last reply; ``None`` before the first, or for a model that
        keeps none."""
        ...


@runtime_checkable
class PrefetchingModel(Protocol):
    """A model that can start several replies ahead of time (a model server, which
    answers requests concurrently); ``complete`` then hands each over in turn."""

    def prefetch(self, prompts: Sequence[Prompt]) -> None:
        """Start the replies to ``prompts``; an empty list drops what is still pending."""
        ...


class WholeReplyModel:
    """All of a ``StreamingModel`` but ``complete``, for a model that writes each reply
    whole (a recorded or scripted stand-in).  It generates no tokens, so ``on_token`` is
    never called and ``last_stats`` stays ``None``; a subclass's ``complete`` starts with
    ``raise_if_cancelled``, as a real model checks its flag before it starts; ``close``
    marks it closed."""

    max_tokens: int = 512
    """The runtime's default reply budget (nothing here counts tokens against it)."""

    def __init__(self) -> None:
        self.on_token: Callable[[int], None] | None = None
        self.last_stats: GenerationStats | None = None
        self.cancel_token: CancelToken | None = None
        self.closed = False

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self.cancel_token = token

    def raise_if_cancelled(self) -> None:
        """Raise ``Cancelled`` when the running job has been cancelled."""
        if self.cancel_token is not None:
            self.cancel_token.raise_if_cancelled()

    def close(self) -> None:
        self.closed = True
