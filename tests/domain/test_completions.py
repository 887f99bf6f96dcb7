"""detect_completions: the cases of docs/completions.md, the worked example, the pipeline."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from app.domain import Candidate, CompletionDetected, detect_completions
from tests.domain.fakes import FakeModel

B = (
    "This morning I meditated for twenty minutes by the window. Later I went for a run "
    "along the river. I planned to journal tonight but never got to it."
)
CANDIDATES = [
    Candidate(0, "habit", 10, "Meditation"),
    Candidate(1, "practice", 20, "Run"),
    Candidate(2, "habit", 30, "Journal"),
]
ENTRY_DAY = date(2024, 5, 13)
TODAY = date(2024, 5, 14)


def reply(*hits: dict[str, object]) -> str:
    return json.dumps({"hits": list(hits)})


def detect(
    body: str, text: str, candidates: list[Candidate] | None = None, **kwargs: object
) -> list[CompletionDetected]:
    model = FakeModel(text)
    kwargs.setdefault("today", TODAY)
    result = detect_completions(
        body,
        candidates=CANDIDATES if candidates is None else candidates,
        llm=model,
        **kwargs,  # type: ignore[arg-type]
    )
    assert model.calls == 1
    return result


TWO_HITS = reply(
    {"index": 0, "quote": "I meditated for twenty minutes"},
    {"index": 1, "quote": "I went for a run along the river"},
)


def assert_two_detections(result: list[CompletionDetected]) -> None:
    assert [(d.target_type, d.target_id) for d in result] == [("habit", 10), ("practice", 20)]
    for d, quote in zip(
        result, ["I meditated for twenty minutes", "I went for a run along the river"], strict=True
    ):
        assert B[d.anchor_start : d.anchor_end] == quote
        assert d.anchor_text == quote
        assert d.label == quote
        assert d.anchor_start == B.index(quote)
        assert d.completed_units is None
        assert d.completed_on is None


def test_two_detections() -> None:
    assert_two_detections(detect(B, TWO_HITS))


def test_two_detections_code_fenced() -> None:
    assert_two_detections(detect(B, f"```json\n{TWO_HITS}\n```"))


def test_no_candidates_no_model_call() -> None:
    model = FakeModel(TWO_HITS)
    assert detect_completions(B, candidates=[], llm=model, today=TODAY) == []
    assert model.calls == 0


@pytest.mark.parametrize(
    "text",
    [
        reply({"index": 99, "quote": "I meditated"}),
        reply({"index": 0, "quote": "I flew to the moon"}),
        "not json",
        '{"index": "zero"}',
        reply({"index": "zero", "quote": "I meditated"}),
        '{"nope": true}',
        reply({"index": True, "quote": "I meditated"}),
        reply({"index": -1, "quote": "I meditated"}),
        reply({"index": 0, "quote": ""}),
        reply({"index": 0, "quote": "i meditated"}),
    ],
)
def test_bad_output_gives_nothing(text: str) -> None:
    assert detect(B, text) == []


def test_model_sees_one_prompt_with_schema() -> None:
    model = FakeModel(TWO_HITS)
    detect_completions(B, candidates=CANDIDATES, llm=model, max_hits=4, today=TODAY)
    (prompt,) = model.prompts
    assert prompt.user.endswith(f"{B}\nENTRY>>>")
    assert prompt.json_schema is not None
    assert prompt.json_schema["properties"]["hits"]["maxItems"] == 4


def test_model_errors_propagate() -> None:
    model = FakeModel(RuntimeError("model crashed"))
    with pytest.raises(RuntimeError, match="model crashed"):
        detect_completions(B, candidates=CANDIDATES, llm=model, today=TODAY)
    assert model.calls == 1


def test_bell_inside_quote_anchors_with_it_and_label_lacks_it() -> None:
    body = "Today I med\x07itated a while."
    (d,) = detect(body, reply({"index": 0, "quote": "I med\x07itated"}))
    assert d.anchor_text == "I med\x07itated"
    assert body[d.anchor_start : d.anchor_end] == "I med\x07itated"
    assert d.label == "I meditated"


def test_raw_bell_in_reply_string_is_tolerated() -> None:
    body = "Today I med\x07itated a while."
    text = '{"hits": [{"index": 0, "quote": "I med\x07itated"}]}'
    (d,) = detect(body, text)
    assert (d.anchor_start, d.anchor_end) == (6, 18)


def test_same_target_twice_gives_one() -> None:
    text = reply(
        {"index": 0, "quote": "I meditated"}, {"index": 0, "quote": "twenty minutes by the window"}
    )
    (d,) = detect(B, text)
    assert d.anchor_text == "I meditated"


def test_overlapping_spans_first_kept() -> None:
    text = reply(
        {"index": 1, "quote": "meditated for twenty"},
        {"index": 0, "quote": "I meditated for"},
    )
    (d,) = detect(B, text)
    assert (d.target_type, d.target_id, d.anchor_text) == ("practice", 20, "meditated for twenty")


def test_touching_spans_both_kept() -> None:
    text = reply({"index": 0, "quote": "I meditated"}, {"index": 1, "quote": " for twenty"})
    result = detect(B, text)
    assert len(result) == 2
    assert result[0].anchor_end == result[1].anchor_start


def test_eight_candidates_five_kept() -> None:
    words = [f"word{i}" for i in range(8)]
    body = " ".join(words)
    candidates = [Candidate(i, "habit", 100 + i, f"H{i}") for i in range(8)]
    text = reply(*({"index": i, "quote": w} for i, w in enumerate(words)))
    result = detect(body, text, candidates)
    assert [d.target_id for d in result] == [100, 101, 102, 103, 104]


def test_custom_max_hits() -> None:
    candidates = [Candidate(i, "habit", i, f"H{i}") for i in range(4)]
    text = reply(*({"index": i, "quote": f"w{i}"} for i in range(4)))
    result = detect("w0 w1 w2 w3", text, candidates, max_hits=2)
    assert [d.target_id for d in result] == [0, 1]


def test_model_order_kept() -> None:
    text = reply({"index": 1, "quote": "I went for a run"}, {"index": 0, "quote": "I meditated"})
    assert [d.target_id for d in detect(B, text)] == [20, 10]


def test_leading_emoji_does_not_shift_offsets() -> None:
    body = "🧘‍♀️ " + B
    (d,) = detect(body, reply({"index": 0, "quote": "I meditated"}))
    assert d.anchor_start == 5 + B.index("I meditated")
    assert body[d.anchor_start : d.anchor_end] == "I meditated"


def test_first_occurrence_wins() -> None:
    body = "I ran. Then I ran again."
    (d,) = detect(body, reply({"index": 1, "quote": "I ran"}))
    assert (d.anchor_start, d.anchor_end) == (0, 5)


def test_model_supplied_ids_do_not_change_the_target() -> None:
    text = reply({"index": 1, "quote": "I went for a run", "target_type": "habit", "start": 0})
    (d,) = detect(B, text)
    assert (d.target_type, d.target_id) == ("practice", 20)
    assert d.anchor_start == B.index("I went for a run")


def test_worked_example() -> None:
    candidates = [Candidate(0, "practice", 9, "Meditation"), Candidate(1, "habit", 4, "Hydrate")]
    body = "Sat for twenty minutes this morning."
    text = reply(
        {"index": 0, "quote": "Sat for twenty minutes"},
        {"index": 0, "quote": "this morning"},
        {"index": 7, "quote": "..."},
    )
    assert detect(body, text, candidates) == [
        CompletionDetected("practice", 9, "Sat for twenty minutes", 0, 22, "Sat for twenty minutes")
    ]


def test_dropped_drafts_reserve_nothing() -> None:
    body = "Note\u200bI meditated."
    text = reply(
        {"index": 0, "quote": "I levitated"},  # not in the body: reserves no target
        {"index": 1, "quote": "\u200b"},  # empty label: reserves neither target nor span
        {"index": 0, "quote": "\u200bI meditated"},
        {"index": 1, "quote": "Note"},
    )
    result = detect(body, text)
    assert [(d.target_id, d.anchor_text, d.label) for d in result] == [
        (10, "\u200bI meditated", "I meditated"),
        (20, "Note", "Note"),
    ]


def test_duplicate_dropped_hit_reserves_nothing() -> None:
    # The second hit is dropped as a duplicate target, so its span stays free for the third.
    text = reply(
        {"index": 0, "quote": "I meditated"},
        {"index": 0, "quote": "I went for a run"},
        {"index": 1, "quote": "I went for a run"},
    )
    assert [d.target_id for d in detect(B, text)] == [10, 20]


def test_quote_length_limits() -> None:
    body = "a" * 300
    candidates = [Candidate(0, "habit", 1, "A"), Candidate(1, "habit", 2, "B")]
    text = reply({"index": 0, "quote": "a" * 281}, {"index": 1, "quote": "a" * 256})
    assert detect(body, text, candidates) == []
    text = reply({"index": 0, "quote": "a" * 255})
    (d,) = detect(body, text, candidates)
    assert len(d.label) == 255


def test_label_length_counted_after_cleaning() -> None:
    body = "\u200b" * 30 + "a" * 250
    (d,) = detect(body, reply({"index": 0, "quote": body[:280]}))
    assert d.label == "a" * 250
    assert d.anchor_text == body[:280]


def test_label_is_nfc_while_anchor_keeps_raw_slice() -> None:
    body = "Cafe\u0301 run done."
    (d,) = detect(body, reply({"index": 1, "quote": "Cafe\u0301 run"}))
    assert d.label == "Café run"
    assert d.anchor_text == "Cafe\u0301 run"
    assert d.anchor_end - d.anchor_start == 9


# --- facts --------------------------------------------------------------------------

WATER_BODY = "I drank 64 oz of water yesterday"
WATER = [Candidate(0, "habit", 7, "Drink water", "oz"), Candidate(1, "practice", 8, "Swim")]


def water_hit(**fields: object) -> str:
    base: dict[str, object] = {"index": 0, "quote": "I drank 64 oz of water"}
    base.update(fields)
    return reply(base)


def test_facts_amount_and_day() -> None:
    (d,) = detect(
        WATER_BODY,
        water_hit(amount=64, unit="oz", when="yesterday"),
        WATER,
        entry_day=ENTRY_DAY,
        today=TODAY,
    )
    assert d.completed_units == 64.0
    assert d.completed_on == ENTRY_DAY - timedelta(days=1)


@pytest.mark.parametrize(
    "amount", ["true", "NaN", "Infinity", "-Infinity", "-5", "0", '"sixty-four"', "null", "[64]"]
)
def test_unbelievable_amount_keeps_day(amount: str) -> None:
    text = (
        '{"hits": [{"index": 0, "quote": "I drank 64 oz of water", '
        f'"amount": {amount}, "unit": "oz", "when": "yesterday"}}]}}'
    )
    (d,) = detect(WATER_BODY, text, WATER, entry_day=ENTRY_DAY, today=TODAY)
    assert d.completed_units is None
    assert d.completed_on == ENTRY_DAY - timedelta(days=1)


def test_unit_from_another_group_gives_no_amount() -> None:
    (d,) = detect(WATER_BODY, water_hit(amount=64, unit="glasses"), WATER)
    assert d.completed_units is None


def test_missing_unit_gives_no_amount() -> None:
    (d,) = detect(WATER_BODY, water_hit(amount=64), WATER)
    assert d.completed_units is None


def test_practice_never_gets_an_amount() -> None:
    sneaky = [Candidate(0, "practice", 8, "Swim", "oz")]
    (d,) = detect(WATER_BODY, water_hit(amount=64, unit="oz"), sneaky)
    assert (d.target_type, d.completed_units) == ("practice", None)


def test_no_entry_day_means_no_completed_on() -> None:
    (d,) = detect(WATER_BODY, water_hit(when="yesterday"), WATER, today=TODAY)
    assert d.completed_on is None


def test_day_outside_window_is_none_but_hit_kept() -> None:
    (d,) = detect(
        WATER_BODY,
        water_hit(when="yesterday"),
        WATER,
        entry_day=TODAY - timedelta(days=30),
        today=TODAY,
    )
    assert d.completed_on is None


def test_a_day_after_today_is_none() -> None:
    (d,) = detect(WATER_BODY, water_hit(when="today"), WATER, entry_day=TODAY, today=TODAY)
    assert d.completed_on == TODAY
    (d,) = detect(
        WATER_BODY,
        water_hit(when="today"),
        WATER,
        entry_day=TODAY + timedelta(days=1),
        today=TODAY,
    )
    assert d.completed_on is None


def test_detections_are_frozen() -> None:
    (d,) = detect(B, reply({"index": 0, "quote": "I meditated"}))
    with pytest.raises(AttributeError):
        d.label = "x"  # type: ignore[misc]
