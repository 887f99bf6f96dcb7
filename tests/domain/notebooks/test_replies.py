"""Window replies: parse and validation, evidence anchoring, spans."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.domain.notebooks import (
    DetectorDefinition,
    EvidenceAnchor,
    PageInput,
    WindowReply,
    anchor_evidence,
    builtin_detector,
    compile_custom_detector,
    parse_window_reply,
    window_span,
)


def _det(detector_id: str) -> DetectorDefinition:
    d = builtin_detector(detector_id)
    assert d is not None
    return d


BASE: dict[str, Any] = {
    "detected": True,
    "confidence": 0.9,
    "starts_on_this_window": True,
    "continues_before": False,
    "continues_after": False,
    "reason": "Short ragged lines.",
    "evidence": [{"page": 1, "quote": "Roses"}],
}


def _reply(detector_id: str = "poetry", **changes: Any) -> WindowReply | None:
    doc = {**BASE, **changes}
    for key, value in list(doc.items()):
        if value is _DROP:
            del doc[key]
    return parse_window_reply(json.dumps(doc), _det(detector_id))


_DROP = object()


def _one(key: str, value: object) -> dict[str, Any]:
    return {key: value}


def test_valid_reply() -> None:
    reply = _reply(title="  Ode  ", boundaries={"start_page_hint": 1, "end_page_hint": "2"})
    assert reply == WindowReply(
        detected=True,
        confidence=0.9,
        starts_on_this_window=True,
        continues_before=False,
        continues_after=False,
        reason="Short ragged lines.",
        title="Ode",
        data={"title": "Ode", "boundaries": {"start_page_hint": 1, "end_page_hint": 2}},
        evidence=((1, "Roses"),),
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, True),
        (False, False),
        ("true", True),
        ("yes", True),
        ("1", True),
        ("false", False),
        ("no", False),
        ("0", False),
        (" YES ", True),
        ("False", False),
    ],
)
def test_booleans_accept_bools_and_the_spec_strings(value: object, expected: bool) -> None:
    for key in ("detected", "starts_on_this_window", "continues_before", "continues_after"):
        reply = _reply("poetry", **_one(key, value))
        assert reply is not None
        assert getattr(reply, key) is expected


@pytest.mark.parametrize("value", ["maybe", "", None, 1, 0, 2.5, [], {}, "y", "on"])
def test_other_boolean_values_fail_validation(value: object) -> None:
    for key in ("detected", "starts_on_this_window", "continues_before", "continues_after"):
        assert _reply("poetry", **_one(key, value)) is None


@pytest.mark.parametrize(
    "key",
    ["detected", "confidence", "starts_on_this_window", "continues_before", "continues_after"],
)
def test_required_fields(key: str) -> None:
    assert _reply("poetry", **_one(key, _DROP)) is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0.5, 0.5),
        (0, 0.0),
        (1, 1.0),
        (1.7, 1.0),
        (-0.2, 0.0),
        (5, 1.0),
        (-3, 0.0),
        ("0.8", 0.8),
        (" .25 ", 0.25),
        ("1e-1", 0.1),
        ("80", 1.0),
        ("-1", 0.0),
        (1e308 * 10, 1.0),
    ],
)
def test_confidence_numbers_and_numeric_strings_clamped(value: object, expected: float) -> None:
    reply = _reply(confidence=value)
    assert reply is not None
    assert reply.confidence == pytest.approx(expected)


@pytest.mark.parametrize("value", ["high", "", "nan", "0.5.1", None, True, [0.5], "1_0"])
def test_bad_confidence_fails_validation(value: object) -> None:
    assert _reply(confidence=value) is None


def test_nan_confidence_fails_validation() -> None:
    text = json.dumps(BASE).replace("0.9", "NaN")
    assert parse_window_reply(text, _det("poetry")) is None


def test_strings_trimmed_empty_is_none_and_reason_cut() -> None:
    reply = _reply(reason="   ", title="")
    assert reply is not None
    assert reply.reason is None
    assert reply.title is None
    long = _reply(reason="  " + "r" * 2500)
    assert long is not None
    assert long.reason == "r" * 2000
    missing = _reply(reason=_DROP)
    assert missing is not None
    assert missing.reason is None
    wrong = _reply(reason=5)
    assert wrong is not None
    assert wrong.reason is None


def test_reply_parse_is_lenient_about_fences_and_control_characters() -> None:
    text = "```json\n" + json.dumps(BASE).replace("ragged", "rag\tged") + "\n```"
    text = text.replace("\\t", "\t")
    reply = parse_window_reply(text, _det("poetry"))
    assert reply is not None
    assert reply.reason == "Short rag\tged lines."
    plain_fence = "```\n" + json.dumps(BASE) + "\n```"
    assert parse_window_reply(plain_fence, _det("poetry")) is not None


@pytest.mark.parametrize(
    "text", ["", "not json", "[]", "null", "42", '"x"', "{", "```", json.dumps([BASE])]
)
def test_unparseable_is_none(text: str) -> None:
    assert parse_window_reply(text, _det("poetry")) is None


def test_non_string_reply_is_none() -> None:
    assert parse_window_reply(None, _det("poetry")) is None
    assert parse_window_reply(b"{}", _det("poetry")) is None


def test_todo_fields() -> None:
    items: list[Any] = [
        {"text": f" task {i} ", "status": "DONE" if i % 2 else "later"} for i in range(50)
    ]
    items[3] = {"text": "   ", "status": "open"}
    items[4] = "buy stamps"  # a bare string item
    items[5] = 7
    reply = _reply("todo_lists", items=items, list_style="weird")
    assert reply is not None
    got = reply.data["items"]
    assert len(got) == 40
    assert got[0] == {"text": "task 0", "status": "unknown"}
    assert got[1] == {"text": "task 1", "status": "done"}
    assert {"text": "buy stamps", "status": "unknown"} in got
    assert reply.data["list_style"] == "mixed"
    long = _reply("todo_lists", items=[{"text": "t" * 900}], list_style="checkbox")
    assert long is not None
    assert long.data["items"] == [{"text": "t" * 500, "status": "unknown"}]
    assert long.data["list_style"] == "checkbox"
    none = _reply("todo_lists")
    assert none is not None
    assert none.data == {"items": [], "list_style": None}
    wrong = _reply("todo_lists", items="a, b")
    assert wrong is not None
    assert wrong.data["items"] == []


def test_lists_fields() -> None:
    reply = _reply(
        "lists",
        list_kind="groceries",
        item_count_estimate="7",
        sample_items=[" milk ", "", 3, "e" * 400, *[f"i{n}" for n in range(20)]],
    )
    assert reply is not None
    assert reply.data["list_kind"] == "other"
    assert reply.data["item_count_estimate"] == 7
    samples = reply.data["sample_items"]
    assert samples[:2] == ["milk", "e" * 300]
    assert len(samples) == 12
    for bad in (-1, "many", 2.5, True):
        r = _reply("lists", item_count_estimate=bad)
        assert r is not None
        assert r.data["item_count_estimate"] is None
    ok = _reply("lists", list_kind="Shopping", item_count_estimate=3.0)
    assert ok is not None
    assert ok.data["list_kind"] == "shopping"
    assert ok.data["item_count_estimate"] == 3


def test_quotation_fields() -> None:
    reply = _reply("quotations", quote_kind="aphorism", attribution=" Wilde ", excerpt="q" * 600)
    assert reply is not None
    assert reply.data == {"quote_kind": "unknown", "attribution": "Wilde", "excerpt": "q" * 500}
    known = _reply("quotations", quote_kind="epigraph")
    assert known is not None
    assert known.data["quote_kind"] == "epigraph"
    assert known.data["attribution"] is None


def test_beer_fields() -> None:
    reply = _reply(
        "beer_labels",
        label_kind="coaster",
        beer_name=" Pale ",
        brewery_or_brand="",
        style_hint="IPA",
        sample_text="s" * 900,
    )
    assert reply is not None
    assert reply.data == {
        "label_kind": "other",
        "beer_name": "Pale",
        "brewery_or_brand": None,
        "style_hint": "IPA",
        "sample_text": "s" * 500,
    }
    mixed = _reply("beer_labels", label_kind="mixed")
    assert mixed is not None
    assert mixed.data["label_kind"] == "mixed"


def test_poetry_boundaries_validation() -> None:
    bad = _reply(boundaries={"start_page_hint": 0, "end_page_hint": "x"})
    assert bad is not None
    assert bad.data["boundaries"] is None
    half = _reply(boundaries={"start_page_hint": 2})
    assert half is not None
    assert half.data["boundaries"] == {"start_page_hint": 2, "end_page_hint": None}
    wrong = _reply(boundaries=[1, 2])
    assert wrong is not None
    assert wrong.data["boundaries"] is None


def test_custom_reply_has_no_own_fields() -> None:
    custom = compile_custom_detector(name="Dreams", instruction="Dreams.")
    assert custom is not None
    reply = parse_window_reply(json.dumps({**BASE, "extra": 1}), custom)
    assert reply is not None
    assert reply.data == {}
    assert reply.title is None


def test_evidence_validation_and_bound() -> None:
    evidence = [
        {"page": 1, "quote": "a"},
        {"page": "2", "quote": "b"},
        {"page": 0, "quote": "c"},
        {"page": True, "quote": "d"},
        {"page": 1, "quote": "   "},
        {"page": 1, "quote": 5},
        "junk",
        {"page": 1, "quote": "a"},
        *[{"page": 3, "quote": f"q{i}"} for i in range(10)],
    ]
    reply = _reply(evidence=evidence)
    assert reply is not None
    assert reply.evidence == ((1, "a"), (2, "b"), (3, "q0"), (3, "q1"), (3, "q2"), (3, "q3"))
    missing = _reply(evidence=_DROP)
    assert missing is not None
    assert missing.evidence == ()
    wrong = _reply(evidence={"page": 1})
    assert wrong is not None
    assert wrong.evidence == ()


# --- anchoring --------------------------------------------------------------------

WINDOW = [
    PageInput(page_id=11, order=1, text="Roses are red,\nroses are red."),
    PageInput(page_id=12, order=2, text="Violets are blue"),
    PageInput(page_id=13, order=3, text=None),
]


def test_anchor_evidence_resolves_pages_in_the_window() -> None:
    anchors = anchor_evidence(
        [
            (1, "roses are red"),
            (2, "Violets"),
            (2, "Roses"),  # wrong page
            (1, "ROSES"),  # case differs
            (3, "x"),  # page without text
            (4, "Roses"),  # outside the window
            (0, "Roses"),
            (1, "roses are red"),  # duplicate
            (1, ""),
            (1, "R" * 281),
        ],
        WINDOW,
    )
    assert anchors == [
        EvidenceAnchor(11, 15, 28, "roses are red"),
        EvidenceAnchor(12, 0, 7, "Violets"),
    ]
    for anchor in anchors:
        page = next(p for p in WINDOW if p.page_id == anchor.page_id)
        assert page.text is not None
        assert page.text[anchor.anchor_start : anchor.anchor_end] == anchor.anchor_text
    assert anchors[0].to_json() == {
        "page_id": 11,
        "anchor_start": 15,
        "anchor_end": 28,
        "anchor_text": "roses are red",
    }


def test_anchor_evidence_first_occurrence() -> None:
    assert anchor_evidence([(1, "are red")], WINDOW) == [EvidenceAnchor(11, 6, 13, "are red")]


# --- spans --------------------------------------------------------------------------


def _r(detected: bool = True, before: bool = False, after: bool = False) -> WindowReply:
    return WindowReply(detected, 0.9, True, before, after)


@pytest.mark.parametrize(
    ("reply", "positions", "count", "span"),
    [
        (_r(detected=False), [0, 1, 2], 5, None),
        (_r(), [2, 3, 4], 6, (2, 4)),
        (_r(after=True), [2, 3, 4], 6, (2, 5)),
        (_r(after=True), [4, 5], 6, (4, 5)),  # capped at the last candidate
        (_r(before=True), [2, 3, 4], 6, (1, 4)),
        (_r(before=True), [0, 1, 2], 6, (0, 2)),  # start 0 stays
        (_r(before=True, after=True), [2, 3], 6, (1, 4)),
        (_r(), [3], 6, (3, 3)),
        (_r(), [], 6, None),
    ],
)
def test_window_span(
    reply: WindowReply, positions: list[int], count: int, span: tuple[int, int] | None
) -> None:
    assert window_span(reply, positions, count) == span
