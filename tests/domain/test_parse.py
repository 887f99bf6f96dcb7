"""parse_reply: step 1, lenient and never raising."""

from __future__ import annotations

import json
import math

import pytest

from app.domain import Draft, parse_reply

REPLY = '{"hits": [{"index": 0, "quote": "I ran", "amount": 3, "unit": "mi", "when": "today"}]}'
EXPECTED = [Draft(index=0, quote="I ran", amount=3, unit="mi", when="today")]


def test_plain_reply() -> None:
    assert parse_reply(REPLY) == EXPECTED


def test_optional_fields_default_to_none() -> None:
    assert parse_reply('{"hits": [{"index": 2, "quote": "q"}]}') == [Draft(2, "q")]


@pytest.mark.parametrize(
    "fenced",
    [
        f"```json\n{REPLY}\n```",
        f"```\n{REPLY}\n```",
        f"  ```JSON\n{REPLY}```\n\n",
        f"```{REPLY}```",
        f"```json {REPLY} ```",
    ],
)
def test_one_surrounding_code_fence_is_stripped(fenced: str) -> None:
    assert parse_reply(fenced) == EXPECTED


@pytest.mark.parametrize(
    "reply",
    [
        f"``````{REPLY}``````",
        f"Here you go:\n```json\n{REPLY}\n```",
        f"```json\n{REPLY}\n```\nHope that helps",
        f"```json\n{REPLY}",
        "```",
        "``````",
    ],
)
def test_only_a_whole_reply_fence_is_stripped(reply: str) -> None:
    assert parse_reply(reply) == []


def test_raw_control_characters_in_strings_are_tolerated() -> None:
    reply = '{"hits": [{"index": 0, "quote": "line one\nline\ttwo\x07"}]}'
    assert parse_reply(reply) == [Draft(0, "line one\nline\ttwo\x07")]


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_amounts_parse(token: str) -> None:
    (draft,) = parse_reply(f'{{"hits": [{{"index": 0, "quote": "q", "amount": {token}}}]}}')
    assert isinstance(draft.amount, float)
    assert not math.isfinite(draft.amount)


@pytest.mark.parametrize(
    "item",
    [
        {"index": True, "quote": "q"},
        {"index": False, "quote": "q"},
        {"index": "zero", "quote": "q"},
        {"index": 0.0, "quote": "q"},
        {"index": None, "quote": "q"},
        {"quote": "q"},
        {"index": 0},
        {"index": 0, "quote": 5},
        {"index": 0, "quote": None},
        {"index": 0, "quote": ["q"]},
    ],
)
def test_bad_items_are_dropped(item: dict[str, object]) -> None:
    assert parse_reply(json.dumps({"hits": [item]})) == []


def test_non_object_items_dropped_rest_survive() -> None:
    hits = [1, "text", None, [0, "q"], True, {"index": 1, "quote": "kept"}, 2.5]
    assert parse_reply(json.dumps({"hits": hits})) == [Draft(1, "kept")]


def test_model_order_kept_and_extra_keys_ignored() -> None:
    hits = [
        {"index": 3, "quote": "b", "target_id": 999, "start": 4},
        {"index": 1, "quote": "a"},
    ]
    assert parse_reply(json.dumps({"hits": hits})) == [Draft(3, "b"), Draft(1, "a")]


@pytest.mark.parametrize(
    "reply",
    [
        "",
        "not json",
        '{"index": "zero"}',
        '{"nope": true}',
        '{"hits": {"index": 0, "quote": "q"}}',
        '{"hits": "none"}',
        '{"hits": null}',
        '[{"index": 0, "quote": "q"}]',
        '"hits"',
        "null",
        "42",
        '{"hits": [{"index": 0, "quote": "q"}]',
        '{"hits": []} trailing',
        '{"hits": [{"index": 0, "quote": "q"}]}{"hits": []}',
    ],
)
def test_malformed_replies_give_zero_drafts(reply: str) -> None:
    assert parse_reply(reply) == []


def test_empty_hits() -> None:
    assert parse_reply('{"hits": []}') == []


def test_deeply_nested_reply_does_not_raise() -> None:
    deep = '{"hits": [' + "[" * 200_000 + "]" * 200_000 + "]}"
    assert parse_reply(deep) == []


def test_huge_integer_does_not_raise() -> None:
    reply = '{"hits": [{"index": ' + "9" * 10_000 + ', "quote": "q"}]}'
    assert parse_reply(reply) == []


def test_huge_reply_is_parsed() -> None:
    hits = [{"index": i % 3, "quote": "q"} for i in range(20_000)]
    assert len(parse_reply(json.dumps({"hits": hits}))) == 20_000


@pytest.mark.parametrize("reply", [None, b'{"hits": []}', 42, ["x"]])
def test_non_string_reply_gives_zero_drafts(reply: object) -> None:
    assert parse_reply(reply) == []


def test_lone_surrogate_escape_does_not_raise() -> None:
    assert parse_reply('{"hits": [{"index": 0, "quote": "\\ud800"}]}') == [Draft(0, "\ud800")]
