"""How long a notebook run has left, from what this run measured (issue 17, item 4).

A window's time is its prompt read plus its reply written.  Once the model has read at
least one window in this run, the time left is estimated from this run's own speeds:

- with token counts (a llama.cpp model reports them): seconds per prompt token and per
  reply token, as measured over the windows read so far; the prompt tokens of each
  window left from its prompt's length in characters (times the tokens per character
  measured so far: a window's prompt is built before it is read, its tokens are only
  counted by the model), and the expected reply length the mean reply so far;
- without them (a stand-in model, a server that reports none): the mean seconds per
  window read so far, times the windows left.

Windows that are not sent to the model (skipped by structure, or already read by an
interrupted attempt) cost nothing and count in neither list.  No estimate before the
first window is read: a guess from nothing would only mislead.

Standard library only (``app.domain`` is pure): the caller measures, this computes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class WindowCost:
    """What one window the model read took in this run."""

    seconds: float
    """Its prompt read and its reply written, in all."""
    prompt_chars: int
    """The length of its prompt (system and user text) in characters."""
    prompt_tokens: int | None = None
    """The prompt's tokens, when the model counts them (those reused from its cache too)."""
    prompt_seconds: float | None = None
    """Of ``seconds``, the time until the first reply token, when the model measures it."""
    reply_tokens: int | None = None
    """The tokens the model wrote, when it counts them."""

    @property
    def counted(self) -> bool:
        return (
            self.prompt_tokens is not None
            and self.prompt_seconds is not None
            and self.reply_tokens is not None
        )


def seconds_left(finished: Sequence[WindowCost], remaining_chars: Sequence[int]) -> float | None:
    """Seconds until the windows left are read (their prompt lengths in characters), from
    the windows this run read so far; None before the first one."""
    if not finished:
        return None
    if not remaining_chars:
        return 0.0
    by_tokens = _by_tokens(finished, remaining_chars)
    if by_tokens is not None:
        return by_tokens
    per_window = sum(max(0.0, cost.seconds) for cost in finished) / len(finished)
    return per_window * len(remaining_chars)


def _by_tokens(finished: Sequence[WindowCost], remaining_chars: Sequence[int]) -> float | None:
    if not all(cost.counted for cost in finished):
        return None
    chars = sum(cost.prompt_chars for cost in finished)
    prompt_tokens = sum(cost.prompt_tokens or 0 for cost in finished)
    if chars <= 0 or prompt_tokens <= 0:
        return None
    tokens_per_char = prompt_tokens / chars
    prompt_seconds = sum(max(0.0, cost.prompt_seconds or 0.0) for cost in finished)
    seconds_per_prompt_token = prompt_seconds / prompt_tokens
    reply_tokens = sum(cost.reply_tokens or 0 for cost in finished)
    reply_seconds = sum(max(0.0, cost.seconds - (cost.prompt_seconds or 0.0)) for cost in finished)
    seconds_per_reply_token = reply_seconds / reply_tokens if reply_tokens else 0.0
    expected_reply = reply_tokens / len(finished)
    reading = sum(c * tokens_per_char for c in remaining_chars) * seconds_per_prompt_token
    writing = len(remaining_chars) * expected_reply * seconds_per_reply_token
    return reading + writing


def time_left_text(seconds: float | None) -> str:
    """``about 12 min left``, ``about 2 h 5 min left``, ``under a minute left``; "" for no
    estimate."""
    if seconds is None:
        return ""
    if seconds < 60:
        return "under a minute left"
    minutes = max(1, round(seconds / 60))
    if minutes < 90:
        return f"about {minutes} min left"
    hours, rest = divmod(minutes, 60)
    return f"about {hours} h {rest} min left" if rest else f"about {hours} h left"


def resuming_text(reused: int, total: int) -> str:
    """``resuming: 3 of 7 windows already read``; "" when nothing was reused."""
    if reused <= 0:
        return ""
    noun = "window" if total == 1 else "windows"
    return f"resuming: {reused} of {total} {noun} already read"


def resumed_text(reused: int, total: int) -> str:
    """After a resumed run: ``3 of 7 windows read by the run that stopped``; "" for none."""
    if reused <= 0:
        return ""
    noun = "window" if total == 1 else "windows"
    return f"{reused} of {total} {noun} read by the run that stopped"


def run_note(seconds: float | None, reused: int, total: int | None) -> str:
    """What a run's progress line adds to ``done/total``: the time left and whether it
    resumed, joined by ``; `` ("" for neither)."""
    parts = [time_left_text(seconds), resuming_text(reused, total or 0)]
    return "; ".join(part for part in parts if part)
