"""Issue 15, ninth round: a terse log puts the thing before what the writer did to it,
and a cue the tagger splits into subject and verb is still the writer's. Sentences of
the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import name_words
from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Water bottle emptied twice ✓", "Hydrate 2L"),
        ("my water bottle refilled 3x today", "Drink water"),
        ("Hill reps on the common, 6k all in", "Running"),
        ("Step count 9,412", "Walk"),
    ],
)
def test_a_thing_then_what_was_done_to_it_is_the_writers_deed(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("The dog drank water from the puddle.", "Drink water"),
        ("The bus ran late again.", "Running"),
        ("The dog walks to the park with the neighbour.", "Walk"),
        ("watering can is full and sitting next to them", "Water plants"),
        ("Skipped the heel drops, will double up tomorrow.", "Physio exercises"),
    ],
)
def test_a_thing_or_animal_that_does_it_is_not_the_writer(body: str, name: str) -> None:
    assert detect(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("cello no\nscales yes", "Cello practice"),
        ("no erg (knee)", "Rowing"),
        ("07:30 no swim, pool shut", "Swimming"),
        ("am I doing the pelvic exercises right, who knows", "Pelvic floor exercises"),
    ],
)
def test_a_log_item_answered_no_or_asked_about_is_not_done(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_an_item_followed_by_other_words_is_still_done() -> None:
    found = detect("cello no bother today, 30 min of scales", "Cello practice")
    assert [n for n, _ in found] == ["Cello practice"]


def test_prepositions_of_a_name_are_no_cues() -> None:
    assert name_words("Lunch away from desk") == ["lunch*", "desk"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Skipping 180 in a row, new best", "Skipping rope 10 min"),
        ("Clocks wound", "Wind the clocks"),
        ("Pram walk to the shops and back, 40 min", "Pram walk"),
        ("Our choir sang at the hospice.", "Choir"),
        ("Our little band played the accordion at the fete.", "Accordion"),
    ],
)
def test_the_writers_own_log_lines_and_groups(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Roommate cook pasta for us.", "Cook dinner"),
        ("My son played the accordion at school.", "Accordion"),
        ("Dinner cooked by Tom, lovely.", "Cook dinner"),
        ("Their band played the accordion all night.", "Accordion"),
    ],
)
def test_someone_elses_doing_in_a_log_stays_theirs(body: str, name: str) -> None:
    assert detect(body, name) == []
