"""changed_region and reanchor: the editing rules."""

from __future__ import annotations

import pytest

from app.domain import changed_region, reanchor

OLD = "I ran. Then I swam. Later I read."
TEXT = "I swam"
START = OLD.index(TEXT)
END = START + len(TEXT)


def anchor_in(new: str) -> tuple[int, int] | None:
    return reanchor(OLD, new, START, END, TEXT)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("abc", "abc", (3, 3, 3)),
        ("abc", "abXc", (2, 2, 3)),
        ("abXc", "abc", (2, 3, 2)),
        ("abc", "aYc", (1, 2, 2)),
        ("", "new", (0, 0, 3)),
        ("old", "", (0, 3, 0)),
        ("aa", "aaa", (2, 2, 3)),  # the suffix never crosses the prefix
        ("aaa", "aa", (2, 3, 2)),
        ("xab", "yab", (0, 1, 1)),
    ],
)
def test_changed_region(old: str, new: str, expected: tuple[int, int, int]) -> None:
    assert changed_region(old, new) == expected
    start, old_end, new_end = expected
    assert old[:start] + new[start:new_end] + old[old_end:] == new


def test_identical_bodies_unchanged() -> None:
    assert anchor_in(OLD) == (START, END)


def test_edit_wholly_after_keeps() -> None:
    assert anchor_in(OLD.replace("I read.", "I slept a lot.")) == (START, END)


def test_edit_wholly_before_shifts_by_length_change() -> None:
    new = OLD.replace("I ran.", "I ran very far.")
    assert anchor_in(new) == (START + 9, END + 9)
    assert new[START + 9 : END + 9] == TEXT


def test_deletion_before_shifts_back() -> None:
    new = OLD.replace("I ran. ", "")
    assert anchor_in(new) == (START - 7, END - 7)


def test_replacement_ending_at_anchor_start_shifts() -> None:
    new = "Well, " + OLD[START:]  # "I ran. Then " -> "Well, "
    assert anchor_in(new) == (6, 6 + len(TEXT))


def test_replacement_starting_at_anchor_end_keeps() -> None:
    new = OLD[:END] + " fast!"
    assert anchor_in(new) == (START, END)


def test_insertion_exactly_at_start_shifts() -> None:
    new = OLD[:START] + "quickly, " + OLD[START:]
    assert changed_region(OLD, new) == (START, START, START + 9)
    assert anchor_in(new) == (START + 9, END + 9)


def test_insertion_exactly_at_end_keeps() -> None:
    new = OLD[:END] + " far" + OLD[END:]
    assert changed_region(OLD, new) == (END, END, END + 4)
    assert anchor_in(new) == (START, END)


def test_touching_edit_moves_unique_text() -> None:
    old = "Note: I swam today."
    new = "I swam, note: today."
    start = old.index(TEXT)
    assert reanchor(old, new, start, start + len(TEXT), TEXT) == (0, len(TEXT))


def test_insertion_inside_the_anchor_is_stale() -> None:
    new = OLD[: START + 2] + "happily " + OLD[START + 2 :]
    assert anchor_in(new) is None


def test_edit_destroying_the_text_is_stale() -> None:
    assert anchor_in(OLD.replace("swam", "swum")) is None


def test_deleting_everything_is_stale() -> None:
    assert anchor_in("") is None


def test_touching_edit_with_copies_in_old_is_stale() -> None:
    old = "I swam. Later I swam again."
    new = "I swum. Later I swam again."
    assert reanchor(old, new, 0, 6, TEXT) is None  # never jumps to the sibling copy


def test_touching_edit_with_copies_in_new_is_stale() -> None:
    old = "Note: I swam today."
    start = old.index(TEXT)
    once = "I swam. Note: I swum today."
    twice = "I swam. I swam. Note: I swum today."
    assert reanchor(old, once, start, start + len(TEXT), TEXT) == (0, len(TEXT))
    assert reanchor(old, twice, start, start + len(TEXT), TEXT) is None


def test_overlapping_copies_count_as_copies() -> None:
    assert reanchor("aa", "aaa", 0, 2, "aa") == (0, 2)  # an insertion at the end keeps it
    # The edit touches the anchor; "aa" occurs twice (overlapping) in "aaa": stale.
    assert reanchor("baab", "aaa", 1, 3, "aa") is None
    assert reanchor("baab", "caac", 1, 3, "aa") == (1, 3)


def test_sibling_copy_untouched_edit_keeps_own_position() -> None:
    old = "run. run. run."
    new = "run. run. run. And a walk."
    assert reanchor(old, new, 5, 8, "run") == (5, 8)
    assert reanchor(old, "Morning: " + old, 5, 8, "run") == (14, 17)


@pytest.mark.parametrize(
    ("start", "end", "text"),
    [(START, END, "I swum"), (END, START, ""), (-1, 3, "x"), (0, 0, ""), (0, 999, OLD)],
)
def test_invalid_anchor_is_stale(start: int, end: int, text: str) -> None:
    assert reanchor(OLD, OLD + "!", start, end, text) is None


def test_insertion_at_start_shifts_even_with_sibling_copies() -> None:
    old = "I swam. I swam."
    new = "I swam. Then I swam."
    assert reanchor(old, new, 8, 14, TEXT) == (13, 19)


def test_replacement_before_shifts_even_with_sibling_copies() -> None:
    old = "I swam. So I swam."
    new = "I swam. Again, I swam."
    assert changed_region(old, new) == (8, 10, 14)
    assert reanchor(old, new, 11, 17, TEXT) == (15, 21)
