"""Issue 15, ninth round: a measure glued to its number ("3L", "180g", "500ml") is a
count, in the habit's name and in the entry; a count short of the name's is not done.
Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Drink 3L water", (3.0, "litre")),
        ("Water 1.5 l", (1.5, "litre")),
        ("2 litres of water", (2.0, "litre")),
        ("Protein 150g", (150.0, "gram")),
        ("Water 750ml", (0.75, "litre")),
        ("Read 20 pages", (20.0, "page")),
        ("Vitamin D", None),
    ],
)
def test_a_names_measure_is_its_count(name: str, target: tuple[float, str] | None) -> None:
    assert count_target(name) == target


def test_a_glued_measure_short_of_the_count_is_not_done() -> None:
    assert detect("Water intake 1.2L, rubbish.", "Drink 3L water") == []
    assert detect("Protein ~95g today", "Protein 150g") == []
    assert detect("Drank 500 ml at lunch.", "Water 1.5 l") == []


def test_a_glued_measure_that_reaches_the_count_is_done() -> None:
    found = detect("Water: 3.2L today, two big bottles.", "Drink 3L water")
    assert [n for n, _ in found] == ["Drink 3L water"]
    assert "3.2L" in found[0][1]
    assert [n for n, _ in detect("Drank 2 litres by six.", "Water 1.5 l")] == ["Water 1.5 l"]


def test_a_ticked_item_is_done_where_no_count_is_stated() -> None:
    assert [n for n, _ in detect("Water ✓\nYoga ✗", "Drink 3L water")] == ["Drink 3L water"]
