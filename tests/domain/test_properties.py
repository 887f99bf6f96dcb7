"""Property tests: detection never raises and only yields sound anchors; re-anchoring
never points at the wrong text."""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import TypeVar

from hypothesis import event, given, settings
from hypothesis import strategies as st

from app.domain import (
    MAX_CANDIDATES,
    Candidate,
    TargetRow,
    build_candidates,
    detect_completions,
    overlaps,
    parse_reply,
    reanchor,
)
from tests.domain.fakes import FakeModel

T = TypeVar("T")

FRAGMENTS = [
    "I ran",
    "ran",
    " ",
    "\n",
    "\t",
    "\x07",
    "\x00",
    "\x7f",
    "\x85",
    "\u200b",
    "\u202e",
    "\ufeff",
    "\U000e0041",
    "e\u0301",
    "é",
    "🧘",
    "🧘🏽‍♀️",
    "water",
    "64 oz",
    "yesterday",
    "<<<ENTRY",
    "ENTRY>>>",
    '{"hits": []}',
    "```",
]

bodies = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join),
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=5)), max_size=30).map("".join),
)

rows = st.builds(
    TargetRow,
    id=st.integers(-5, 50),
    name=st.text(max_size=12),
    unit=st.one_of(st.none(), st.sampled_from(["oz", "min", "pushups", "x", ""])),
)
candidate_lists = st.builds(
    lambda habits, practices: build_candidates(habits, practices),
    st.lists(rows, max_size=MAX_CANDIDATES + 3),
    st.lists(rows, max_size=8),
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
)
units = st.one_of(
    json_scalars,
    st.sampled_from(["oz", "OZ ", "ounces", "glasses", "pushups", "minutes", "times", ""]),
)
whens = st.one_of(
    json_scalars,
    st.sampled_from(["yesterday", "Today", "last Monday", "on friday", " last  night "]),
)


def _days_before(day: date, back: int) -> date | None:
    try:
        return day - timedelta(days=back)
    except OverflowError:
        return None


def weighted(*choices: tuple[int, st.SearchStrategy[T]]) -> st.SearchStrategy[T]:
    """Pick a strategy with the given relative weights (``one_of`` weighs branches evenly)."""
    table = [strategy for weight, strategy in choices for _ in range(weight)]
    return st.integers(0, len(table) - 1).flatmap(lambda i: table[i])


def quotes(body: str) -> st.SearchStrategy[str]:
    """Mostly real substrings of the body (some empty), else invented text."""
    invented = st.one_of(st.text(max_size=20), st.sampled_from(FRAGMENTS))
    if not body:
        return invented
    short = st.tuples(st.integers(0, len(body)), st.integers(0, 8)).map(
        lambda ij: body[ij[0] : ij[0] + ij[1]]
    )
    any_span = st.tuples(st.integers(0, len(body)), st.integers(0, len(body))).map(
        lambda ij: body[min(ij) : max(ij)]
    )
    return weighted((3, short), (1, any_span), (1, invented))


def hit_items(body: str, count: int) -> st.SearchStrategy[object]:
    """Reply items: mostly hits on a supplied index, sometimes malformed or unknown."""
    index = weighted(
        (6, st.integers(0, max(count - 1, 0))),
        (1, st.integers(-2, 30)),
        (1, st.one_of(st.booleans(), st.text(max_size=2), st.none())),
    )
    hit = st.fixed_dictionaries(
        {"index": index, "quote": weighted((5, quotes(body)), (1, json_scalars))},
        optional={
            "amount": st.one_of(st.integers(1, 100), json_scalars),
            "unit": units,
            "when": whens,
            "target_id": st.integers(),
        },
    )
    junk = st.one_of(
        st.fixed_dictionaries({"index": index}), json_scalars, st.lists(json_scalars, max_size=2)
    )
    return weighted((6, hit), (1, junk))


def replies(body: str, count: int) -> st.SearchStrategy[str]:
    """Mostly well-formed replies (some fenced), else random text or random JSON."""
    structured = st.lists(hit_items(body, count), max_size=12).map(
        lambda items: json.dumps({"hits": items}, ensure_ascii=False)
    )
    fenced = structured.map(lambda text: f"```json\n{text}\n```")
    random_json = st.recursive(
        json_scalars,
        lambda kids: st.lists(kids) | st.dictionaries(st.text(max_size=4), kids),
        max_leaves=10,
    ).map(json.dumps)
    return weighted((6, structured), (1, fenced), (1, st.text(max_size=60)), (1, random_json))


@settings(max_examples=500, deadline=None)
@given(
    data=st.data(),
    body=bodies,
    candidates=candidate_lists,
    max_hits=st.integers(1, 8),
    today=st.one_of(st.dates(), st.dates(date(2000, 1, 1), date(2100, 1, 1))),
)
def test_detection_never_raises_and_anchors_are_sound(
    data: st.DataObject,
    body: str,
    candidates: list[Candidate],
    max_hits: int,
    today: date,
) -> None:
    text = data.draw(replies(body, len(candidates)))
    near = st.integers(-3, 40).map(lambda back: _days_before(today, back))
    entry_day = data.draw(weighted((3, near), (1, st.dates()), (1, st.none())))
    model = FakeModel(text)
    result = detect_completions(
        body,
        candidates=candidates,
        llm=model,
        max_hits=max_hits,
        entry_day=entry_day,
        today=today,
    )
    assert model.calls == (1 if candidates else 0)
    event(f"detections: {min(len(result), 3)}")
    event(f"any completed_on: {any(d.completed_on for d in result)}")
    targets = {(c.target_type, c.target_id) for c in candidates}
    quoted = {draft.quote for draft in parse_reply(text)}
    assert len(result) <= max_hits
    for d in result:
        assert body[d.anchor_start : d.anchor_end] == d.anchor_text
        assert 0 <= d.anchor_start < d.anchor_end <= len(body)
        assert (d.target_type, d.target_id) in targets
        assert d.anchor_text in quoted
        assert d.label
        assert len(d.label) <= 255
        assert d.completed_units is None or d.completed_units > 0
        if entry_day is None:
            assert d.completed_on is None
    assert len({(d.target_type, d.target_id) for d in result}) == len(result)
    for i, a in enumerate(result):
        for b in result[i + 1 :]:
            assert not overlaps((a.anchor_start, a.anchor_end), (b.anchor_start, b.anchor_end))


small_text = st.text(alphabet="ab \n🧘", max_size=30)


@settings(max_examples=500, deadline=None)
@given(data=st.data(), old=small_text.filter(bool), insert=small_text)
def test_reanchor_points_at_the_same_text(data: st.DataObject, old: str, insert: str) -> None:
    start = data.draw(st.integers(0, len(old) - 1))
    end = data.draw(st.integers(start + 1, len(old)))
    text = old[start:end]
    cut_a = data.draw(st.integers(0, len(old)))
    cut_b = data.draw(st.integers(cut_a, len(old)))
    new = data.draw(st.one_of(st.just(old[:cut_a] + insert + old[cut_b:]), small_text))
    moved = reanchor(old, new, start, end, text)
    if moved is not None:
        new_start, new_end = moved
        assert new[new_start:new_end] == text
    if new == old:
        assert moved == (start, end)
