"""merge_adjacent_spans and raws from replies."""

from __future__ import annotations

from app.domain import RawDetection, merge_adjacent_spans
from app.domain.notebooks import (
    DetectorDefinition,
    EvidenceAnchor,
    PageInput,
    WindowReply,
    aggregate,
    builtin_detector,
    jaccard,
    raw_from_reply,
)


def R(  # noqa: N802 - short constructor for readable tables
    start: int,
    end: int,
    confidence: float = 0.9,
    reason: str = "",
    title: str | None = None,
    finding_type: str = "poetry",
) -> RawDetection:
    return RawDetection(finding_type, start, end, confidence, reason, title)


def spans(raws: list[RawDetection]) -> list[tuple[int, int]]:
    return [(r.start, r.end) for r in raws]


def test_public_constructor_positional_fields() -> None:
    raw = RawDetection("poetry", 1, 2, 0.8, "why", "Title")
    assert (raw.finding_type, raw.start, raw.end, raw.confidence, raw.reason, raw.title) == (
        "poetry",
        1,
        2,
        0.8,
        "why",
        "Title",
    )
    assert raw.evidence == ()
    assert dict(raw.data) == {}
    assert list(raw.pages) == [1, 2]


def test_bad_spans_are_refused() -> None:
    for start, end in ((-1, 0), (3, 2)):
        try:
            RawDetection("x", start, end, 0.5)
        except ValueError:
            continue
        raise AssertionError("expected ValueError")


def test_jaccard() -> None:
    assert jaccard(0, 2, 0, 2) == 1.0
    assert jaccard(0, 2, 2, 4) == 0.2
    assert jaccard(0, 1, 1, 2) == 1 / 3
    assert jaccard(0, 3, 1, 2) == 0.5
    assert jaccard(0, 0, 2, 2) == 0.0


def test_threshold_is_inclusive() -> None:
    raws = [R(0, 0, 0.7), R(2, 2, 0.69), R(4, 4, 0.71)]
    assert spans(merge_adjacent_spans(raws, 0.7)) == [(0, 0), (4, 4)]


def test_threshold_zero_keeps_everything() -> None:
    raws = [R(0, 0, 0.0), R(5, 5, 0.0)]
    assert spans(merge_adjacent_spans(raws, 0.0)) == [(0, 0), (5, 5)]
    assert spans(merge_adjacent_spans(raws, 0.0, merge=False)) == [(0, 0), (5, 5)]


def test_without_merge_sorted_by_start_end_confidence_desc() -> None:
    raws = [R(2, 3, 0.8), R(0, 2, 0.75), R(2, 3, 0.95), R(2, 2, 0.9)]
    out = merge_adjacent_spans(raws, 0.7, merge=False)
    assert [(r.start, r.end, r.confidence) for r in out] == [
        (0, 2, 0.75),
        (2, 2, 0.9),
        (2, 3, 0.95),
        (2, 3, 0.8),
    ]


def test_overlapping_windows_merge_into_one_span() -> None:
    raws = [R(0, 2, 0.8, "a"), R(2, 4, 0.9, "b"), R(4, 5, 0.75, "c")]
    out = merge_adjacent_spans(raws, 0.7)
    assert len(out) == 1
    assert (out[0].start, out[0].end, out[0].confidence) == (0, 5, 0.9)
    assert out[0].reason == "a; b; c"


def test_touching_spans_merge_but_gaps_do_not() -> None:
    assert spans(merge_adjacent_spans([R(0, 1), R(2, 3)], 0.5)) == [(0, 3)]
    assert spans(merge_adjacent_spans([R(0, 1), R(3, 4)], 0.5)) == [(0, 1), (3, 4)]


def test_different_types_never_merge() -> None:
    raws = [R(0, 2, finding_type="poetry"), R(0, 2, finding_type="lists")]
    out = merge_adjacent_spans(raws, 0.5)
    assert sorted(r.finding_type for r in out) == ["lists", "poetry"]


def test_title_compatibility() -> None:
    # Missing titles are compatible with anything; equal ignoring case merge.
    out = merge_adjacent_spans([R(0, 1, title="Ode"), R(1, 2, title=None)], 0.5)
    assert spans(out) == [(0, 2)]
    assert out[0].title == "Ode"
    out = merge_adjacent_spans([R(0, 1, title=None), R(1, 2, title="Ode")], 0.5)
    assert spans(out) == [(0, 2)]
    assert out[0].title == "Ode"
    out = merge_adjacent_spans([R(0, 1, title="Ode"), R(1, 2, title="ODE")], 0.5)
    assert spans(out) == [(0, 2)]
    assert out[0].title == "Ode"
    # Different titles stay apart when they only touch.
    out = merge_adjacent_spans([R(0, 1, title="Ode"), R(2, 3, title="Elegy")], 0.5)
    assert spans(out) == [(0, 1), (2, 3)]


def test_different_titles_heavy_overlap_deduped_by_confidence() -> None:
    raws = [R(0, 2, 0.8, title="Ode"), R(0, 2, 0.9, title="Elegy")]
    out = merge_adjacent_spans(raws, 0.5)
    assert len(out) == 1
    assert out[0].title == "Elegy"


def test_dedupe_prefers_confidence_then_longer_span() -> None:
    # Titles differ so they do not merge; Jaccard(0..3, 1..3) = 0.75.
    raws = [R(0, 3, 0.8, title="A"), R(1, 3, 0.8, title="B"), R(1, 3, 0.85, title="C")]
    out = merge_adjacent_spans(raws, 0.5)
    assert [(r.start, r.end, r.title) for r in out] == [(1, 3, "C")]
    tie = merge_adjacent_spans([R(1, 3, 0.8, title="B"), R(0, 3, 0.8, title="A")], 0.5)
    assert [(r.start, r.end, r.title) for r in tie] == [(0, 3, "A")]


def test_dedupe_keeps_low_overlap_entries() -> None:
    # Jaccard(0..3, 3..6) = 1/7 < 0.5: both kept.
    raws = [R(0, 3, 0.8, title="A"), R(3, 6, 0.9, title="B")]
    assert spans(merge_adjacent_spans(raws, 0.5)) == [(0, 3), (3, 6)]


def test_reason_not_repeated_and_cut() -> None:
    out = merge_adjacent_spans([R(0, 1, reason="short lines"), R(1, 2, reason="short")], 0.5)
    assert out[0].reason == "short lines"
    out = merge_adjacent_spans([R(0, 1, reason=""), R(1, 2, reason="b")], 0.5)
    assert out[0].reason == "b"
    out = merge_adjacent_spans([R(0, 1, reason="x" * 1990), R(1, 2, reason="y" * 50)], 0.5)
    assert len(out[0].reason) == 2000
    assert out[0].reason.startswith("x" * 1990 + "; ")


def test_join_unions_evidence_and_keeps_data_of_higher_confidence() -> None:
    a1 = EvidenceAnchor(1, 0, 3, "abc")
    a2 = EvidenceAnchor(2, 0, 3, "def")
    first = RawDetection("poetry", 0, 1, 0.8, "a", None, (a1,), {"title": None, "n": 1})
    second = RawDetection("poetry", 1, 2, 0.9, "b", "T", (a1, a2), {"title": "T", "n": 2})
    out = merge_adjacent_spans([first, second], 0.5)
    assert len(out) == 1
    assert out[0].evidence == (a1, a2)
    assert dict(out[0].data) == {"title": "T", "n": 2}
    assert out[0].title == "T"
    weaker = RawDetection("poetry", 1, 2, 0.6, "b", None, (a2,), {"n": 3})
    out = merge_adjacent_spans([first, weaker], 0.5)
    assert dict(out[0].data) == {"title": None, "n": 1}


def test_final_order_by_start_end() -> None:
    raws = [
        R(8, 9, finding_type="lists"),
        R(0, 1, finding_type="poetry"),
        R(4, 4, finding_type="poetry"),
        R(0, 0, finding_type="lists"),
    ]
    out = merge_adjacent_spans(raws, 0.5)
    assert [(r.start, r.end) for r in out] == [(0, 0), (0, 1), (4, 4), (8, 9)]


def _def(detector_id: str) -> DetectorDefinition:
    d = builtin_detector(detector_id)
    assert d is not None
    return d


def test_raw_from_reply() -> None:
    window = [
        PageInput(1, 1, "first page"),
        PageInput(2, 2, "Shall I compare thee"),
    ]
    reply = WindowReply(
        True,
        0.8,
        True,
        False,
        True,
        "a sonnet",
        "Sonnet",
        {"title": "Sonnet", "boundaries": None},
        ((2, "Shall I"), (1, "nope")),
    )
    raw = raw_from_reply(_def("poetry"), reply, [3, 4], window, 6)
    assert raw == RawDetection(
        "poetry",
        3,
        5,
        0.8,
        "a sonnet",
        "Sonnet",
        (EvidenceAnchor(2, 0, 7, "Shall I"),),
        {"title": "Sonnet", "boundaries": None},
    )
    not_detected = WindowReply(False, 0.8, False, False, False)
    assert raw_from_reply(_def("poetry"), not_detected, [3, 4], window, 6) is None


def test_aggregate_follows_the_definition() -> None:
    raws = [R(0, 1, 0.75), R(1, 2, 0.8), R(5, 5, 0.5)]
    assert spans(aggregate(_def("poetry"), raws)) == [(0, 2)]
    names = _def("names")
    people = [R(0, 0, 1.0, finding_type="names"), R(0, 0, 1.0, finding_type="names")]
    assert len(aggregate(names, people)) == 2  # aggregation none: no merge, no dedupe
