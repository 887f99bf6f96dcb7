"""The time left of a notebook run, from what the run measured, and how it is said."""

from __future__ import annotations

import pytest

from app.domain.time_left import (
    WindowCost,
    resumed_text,
    resuming_text,
    run_note,
    seconds_left,
    time_left_text,
)

pytestmark = pytest.mark.dates


def test_no_estimate_before_the_first_window_is_read() -> None:
    assert seconds_left([], [1000, 1000]) is None
    assert run_note(None, 0, 7) == ""


def test_nothing_left_is_no_time() -> None:
    assert seconds_left([WindowCost(8.0, 1000)], []) == 0.0


def test_without_token_counts_the_mean_seconds_per_window() -> None:
    finished = [WindowCost(10.0, 1000), WindowCost(20.0, 3000)]
    assert seconds_left(finished, [500, 500, 9000]) == pytest.approx(45.0)


def test_with_token_counts_the_prompts_left_and_the_expected_reply() -> None:
    # 1000 chars -> 250 tokens read in 2.5 s (0.01 s/token); 100 reply tokens in 5 s
    finished = [
        WindowCost(7.5, 1000, prompt_tokens=250, prompt_seconds=2.5, reply_tokens=100),
        WindowCost(7.5, 1000, prompt_tokens=250, prompt_seconds=2.5, reply_tokens=100),
    ]
    # left: 2000 chars -> 500 tokens -> 5 s reading, plus 2 replies of 100 tokens -> 10 s
    assert seconds_left(finished, [1000, 1000]) == pytest.approx(15.0)
    # a longer window left costs more reading; the reply is the same expected length
    assert seconds_left(finished, [4000]) == pytest.approx(10.0 + 5.0)


def test_token_speeds_are_this_runs_measured_mean() -> None:
    finished = [
        WindowCost(3.0, 400, prompt_tokens=100, prompt_seconds=1.0, reply_tokens=20),
        WindowCost(13.0, 400, prompt_tokens=100, prompt_seconds=1.0, reply_tokens=180),
    ]
    # 0.01 s per prompt token, 100 tokens per 400 chars; replies: 200 tokens in 14 s,
    # 100 expected per window -> 7 s each
    assert seconds_left(finished, [400]) == pytest.approx(1.0 + 7.0)


def test_a_window_without_counts_falls_back_to_seconds_per_window() -> None:
    finished = [
        WindowCost(4.0, 1000, prompt_tokens=250, prompt_seconds=1.0, reply_tokens=30),
        WindowCost(6.0, 1000),
    ]
    assert seconds_left(finished, [1000, 1000, 1000]) == pytest.approx(15.0)


def test_replies_with_no_tokens_cost_only_their_reading() -> None:
    finished = [WindowCost(2.0, 1000, prompt_tokens=500, prompt_seconds=2.0, reply_tokens=0)]
    assert seconds_left(finished, [500]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (None, ""),
        (0.0, "under a minute left"),
        (59.4, "under a minute left"),
        (60.0, "about 1 min left"),
        (89.0, "about 1 min left"),
        (91.0, "about 2 min left"),
        (44 * 60.0, "about 44 min left"),
        (89 * 60.0, "about 89 min left"),
        (90 * 60.0, "about 1 h 30 min left"),
        (2 * 3600.0, "about 2 h left"),
        (3 * 3600.0 + 5 * 60 + 10, "about 3 h 5 min left"),
    ],
)
def test_time_left_text(seconds: float | None, text: str) -> None:
    assert time_left_text(seconds) == text


def test_resuming_and_resumed_texts() -> None:
    assert resuming_text(0, 7) == ""
    assert resuming_text(3, 7) == "resuming: 3 of 7 windows already read"
    assert resuming_text(1, 1) == "resuming: 1 of 1 window already read"
    assert resumed_text(0, 7) == ""
    assert resumed_text(3, 7) == "3 of 7 windows read by the run that stopped"


def test_run_note_joins_the_estimate_and_the_resume() -> None:
    assert run_note(30.0, 0, 7) == "under a minute left"
    assert run_note(None, 3, 7) == "resuming: 3 of 7 windows already read"
    assert run_note(600.0, 3, 7) == "about 10 min left; resuming: 3 of 7 windows already read"
