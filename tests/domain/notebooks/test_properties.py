"""Property tests: windows, merging, reply parsing and lexical offsets."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain import RawDetection, count_first_person, count_swear_words, merge_adjacent_spans
from app.domain.notebooks import (
    builtin_detectors,
    compile_custom_detector,
    default_lexicon,
    jaccard,
    parse_window_reply,
    plan_windows,
)

PROMPT_DETECTORS = [d for d in builtin_detectors() if d.engine == "prompt"]
_custom = compile_custom_detector(name="Dreams", instruction="Dreams I wrote down.")
assert _custom is not None
PROMPT_DETECTORS.append(_custom)


@settings(max_examples=300, deadline=None)
@given(
    count=st.integers(min_value=-3, max_value=60),
    size=st.integers(min_value=-2, max_value=12),
    overlap=st.integers(min_value=-3, max_value=14),
)
def test_plan_windows_properties(count: int, size: int, overlap: int) -> None:
    windows = plan_windows(count, size, overlap)
    if count <= 0:
        assert windows == []
        return
    covered = set()
    for window in windows:
        assert window, "windows are non-empty"
        assert window == list(range(window[0], window[-1] + 1)), "consecutive and sorted"
        assert window[0] >= 0
        assert window[-1] <= count - 1
        assert len(window) <= max(1, size)
        covered.update(window)
    assert covered == set(range(count))
    assert windows[0][0] == 0
    assert windows[-1][-1] == count - 1
    starts = [w[0] for w in windows]
    assert starts == sorted(set(starts))


raw_strategy = st.builds(
    lambda t, start, length, conf, reason, title: RawDetection(
        t, start, start + length, conf, reason, title
    ),
    st.sampled_from(["poetry", "lists", "custom:x"]),
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=0, max_value=5),
    st.floats(min_value=0.0, max_value=1.0, allow_nan=False),
    st.sampled_from(["", "a", "b", "short lines", "x" * 1500]),
    st.sampled_from([None, "Ode", "ode", "Elegy"]),
)


@settings(max_examples=300, deadline=None)
@given(
    raws=st.lists(raw_strategy, max_size=14),
    threshold=st.floats(min_value=0.0, max_value=1.0, allow_nan=False),
    merge=st.booleans(),
)
def test_merge_adjacent_spans_properties(
    raws: list[RawDetection], threshold: float, merge: bool
) -> None:
    out = merge_adjacent_spans(raws, threshold, merge)
    kept_in = [r for r in raws if r.confidence >= threshold]
    assert all(r.confidence >= threshold for r in out)
    assert [(r.start, r.end) for r in out] == sorted((r.start, r.end) for r in out)
    if not kept_in:
        assert out == []
        return
    lo, hi = min(r.start for r in kept_in), max(r.end for r in kept_in)
    assert all(lo <= r.start <= r.end <= hi for r in out)
    assert {r.finding_type for r in out} <= {r.finding_type for r in kept_in}
    assert all(len(r.reason) <= 2000 for r in out)
    if not merge:
        assert len(out) == len(kept_in)
        return
    for i, a in enumerate(out):
        for b in out[i + 1 :]:
            if a.finding_type == b.finding_type:
                assert jaccard(a.start, a.end, b.start, b.end) < 0.5


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["yes", "no", "1", "0", "true", "0.5", "mixed", "done"]),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=25,
)
KEYS = [
    "detected",
    "confidence",
    "starts_on_this_window",
    "continues_before",
    "continues_after",
    "reason",
    "evidence",
    "title",
    "boundaries",
    "items",
    "list_style",
    "list_kind",
    "item_count_estimate",
    "sample_items",
    "quote_kind",
    "attribution",
    "excerpt",
    "label_kind",
    "beer_name",
    "sample_text",
]
reply_docs = st.dictionaries(st.sampled_from(KEYS), json_values, max_size=len(KEYS))


@settings(max_examples=300, deadline=None)
@given(doc=reply_docs, index=st.integers(min_value=0, max_value=len(PROMPT_DETECTORS) - 1))
def test_parse_window_reply_never_raises_on_json(doc: dict[str, Any], index: int) -> None:
    definition = PROMPT_DETECTORS[index]
    text = json.dumps(doc)
    reply = parse_window_reply(text, definition)
    if reply is not None:
        assert 0.0 <= reply.confidence <= 1.0
        assert reply.reason is None or 0 < len(reply.reason) <= 2000
        assert len(reply.evidence) <= 6
        json.dumps(reply.data)  # data stays JSON-ready
    fenced = parse_window_reply(f"```json\n{text}\n```", definition)
    assert fenced == reply


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300), index=st.integers(min_value=0, max_value=5))
def test_parse_window_reply_never_raises_on_text(text: str, index: int) -> None:
    parse_window_reply(text, PROMPT_DETECTORS[index])


LEXICON_WORDS = [p for phrases in default_lexicon().categories.values() for p in phrases]
lexical_text = st.lists(
    st.sampled_from([*LEXICON_WORDS, "I", "i", "İ", "ß", "ẞ", "ﬀ", "Σ", "ŉ"])
    | st.text(max_size=6)
    | st.sampled_from([" ", "'", "-", "\n", "\u0301", "ǰ"]),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=lexical_text)
def test_lexical_offsets_slice_the_original_text(text: str) -> None:
    swear = count_swear_words(text)
    phrases = set(LEXICON_WORDS)
    last_end = 0
    for m in swear.matches:
        assert text[m.start : m.end] == m.text
        assert m.text.casefold() in phrases
        assert m.start >= last_end
        last_end = m.end
    assert swear.count == len(swear.matches) == sum(swear.category_counts.values())
    first = count_first_person(text)
    for m in first.matches:
        assert text[m.start : m.end] == m.text
        assert m.text in ("I", "i")
    assert first.count == len(first.matches)
    assert len(set(first.samples)) == len(first.samples) <= 12
