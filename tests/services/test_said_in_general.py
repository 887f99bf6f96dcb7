"""Issue 15, ninth round: a present "is" that says what an activity is, costs or is like
is no deed of the day; one that reports it done is. Sentences of the test's own."""

from __future__ import annotations

import pytest

from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Sauna is twelve euro now, daylight robbery.", "Sauna"),
        ("Yoga is my favourite hour of the week.", "Yoga"),
        ("Crosswords are a waste of a good pencil, says Dad.", "Crossword"),
    ],
)
def test_what_an_activity_is_like_is_no_deed(body: str, name: str) -> None:
    assert detect(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Sauna was lovely after the cold.", "Sauna"),
        ("Swim is done for the week.", "Swimming"),
        ("Run today is 5k along the river, easy pace.", "Running"),
    ],
)
def test_a_present_is_that_reports_it_done_is_a_deed(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_kilogram_is_no_count_of_grams() -> None:
    assert detect("Those 59kg lifters benching double bodyweight is insane.", "Protein 150g") == []
