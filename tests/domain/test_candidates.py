"""build_candidates: ordering, offered removal, truncation."""

from __future__ import annotations

import logging

import pytest

from app.domain import MAX_CANDIDATES, Candidate, TargetRow, build_candidates


def test_habits_by_id_then_practices_by_id() -> None:
    habits = [TargetRow(30, "Journal"), TargetRow(10, "Meditation"), TargetRow(20, "Water", "oz")]
    practices = [TargetRow(9, "Yoga"), TargetRow(2, "Run")]
    assert build_candidates(habits, practices) == [
        Candidate(0, "habit", 10, "Meditation"),
        Candidate(1, "habit", 20, "Water", "oz"),
        Candidate(2, "habit", 30, "Journal"),
        Candidate(3, "practice", 2, "Run"),
        Candidate(4, "practice", 9, "Yoga"),
    ]


def test_practices_never_carry_a_unit() -> None:
    (practice,) = build_candidates([], [TargetRow(1, "Run", "km")])
    assert practice == Candidate(0, "practice", 1, "Run", None)


def test_offered_targets_removed_before_indexing() -> None:
    habits = [TargetRow(1, "A"), TargetRow(2, "B"), TargetRow(3, "C")]
    practices = [TargetRow(1, "P"), TargetRow(2, "Q")]
    result = build_candidates(habits, practices, offered={("habit", 2), ("practice", 1)})
    assert [(c.index, c.target_type, c.target_id) for c in result] == [
        (0, "habit", 1),
        (1, "habit", 3),
        (2, "practice", 2),
    ]


def test_offered_matches_type_and_id_together() -> None:
    result = build_candidates([TargetRow(5, "H")], [TargetRow(5, "P")], offered=[("practice", 5)])
    assert [(c.target_type, c.target_id) for c in result] == [("habit", 5)]


def test_everything_offered_leaves_nothing() -> None:
    assert build_candidates([TargetRow(1, "A")], [], offered={("habit", 1)}) == []


def test_accepts_any_iterables() -> None:
    result = build_candidates((TargetRow(i, f"h{i}") for i in (3, 1)), iter([TargetRow(7, "p")]))
    assert [c.target_id for c in result] == [1, 3, 7]


def test_repeated_rows_offered_once() -> None:
    result = build_candidates([TargetRow(1, "A"), TargetRow(1, "A")], [])
    assert result == [Candidate(0, "habit", 1, "A")]


def test_truncates_at_max_with_warning(caplog: pytest.LogCaptureFixture) -> None:
    habits = [TargetRow(i, f"habit {i}") for i in range(20, 0, -1)]
    practices = [TargetRow(i, f"practice {i}") for i in range(10)]
    with caplog.at_level(logging.WARNING, logger="app.domain.journal.candidates"):
        result = build_candidates(habits, practices)
    assert MAX_CANDIDATES == 25
    assert len(result) == 25
    assert [c.index for c in result] == list(range(25))
    assert [c.target_id for c in result[:20]] == list(range(1, 21))
    assert [(c.target_type, c.target_id) for c in result[20:]] == [
        ("practice", i) for i in range(5)
    ]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "30" in warnings[0].getMessage()


def test_exactly_max_is_not_truncated(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        result = build_candidates([TargetRow(i, "h") for i in range(25)], [])
    assert len(result) == 25
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_truncation_counts_after_offered_removal(caplog: pytest.LogCaptureFixture) -> None:
    habits = [TargetRow(i, "h") for i in range(27)]
    with caplog.at_level(logging.WARNING):
        result = build_candidates(habits, [], offered={("habit", 0), ("habit", 1)})
    assert [c.target_id for c in result] == list(range(2, 27))
    assert not caplog.records


def test_candidates_are_frozen() -> None:
    (candidate,) = build_candidates([TargetRow(1, "A")], [])
    with pytest.raises(AttributeError):
        candidate.index = 3  # type: ignore[misc]
