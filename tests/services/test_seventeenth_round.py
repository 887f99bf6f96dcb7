"""Issue 15, seventeenth round: a thing still owed or left undone, a place closed for the
day, nobody doing it, everyone but the writer, a task put off with "=", a time asked for
in words ("an hour"), half of a thing counted, and the deed quoted rather than a count
that stands in a sentence of its own. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import detect, habit_names


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Weekly review still owed, again.", "Weekly review"),
        ("Boots still unpolished.", "Polish boots"),
        ("The violin untouched again.", "Violin"),
        ("Letter to Aunt Vi still unwritten; maybe Sunday.", "Letter to Aunt Vi"),
        ("Fiddle sits unplayed in its case.", "Fiddle"),
        ("Allotment still on the list.", "Allotment"),
    ],
)
def test_a_thing_still_owed_or_left_undone_is_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    "body",
    [
        "Weekly review done, finally.",
        "Boots polished till they shone.",
        "Ran the 10k unaided after the knee op.",  # "unaided" is how, not undone
    ],
)
def test_done_things_stay_done(body: str) -> None:
    assert habit_names(body, "Weekly review", "Polish boots", "Run 10k") != []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Pool closed (chlorine leak), so home.", "Swim"),
        ("Library shut all day for the strike.", "Library study"),
        ("The dishes nobody washed tonight.", "Wash dishes"),
        ("The hens no one fed till noon, and that was Dad.", "Feed hens"),
        ("Everybody danced the polka except me.", "Polka"),
        ("All of them swam in the lake but me.", "Swim"),
        ("essay = tomorrow's problem", "Essay 500 words"),
        ("taxes = next week", "Do taxes"),
    ],
)
def test_closed_nobody_everyone_else_and_put_off(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_place_that_closed_out_a_set_is_still_done() -> None:
    assert habit_names("Swim: closed out with 200 easy.", "Swim") == ["Swim"]


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Barrel organ – an hour", (60.0, "minute")),
        ("Walk half an hour", (30.0, "minute")),
        ("Piano twenty minutes", (20.0, "minute")),
        ("Screen time under an hour", None),  # a limit, not a count to reach
        ("Read a book", None),
    ],
)
def test_a_time_asked_for_in_words(name: str, target: tuple[float, str] | None) -> None:
    assert count_target(name) == target


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Twenty minutes at the barrel organ before the light went.", False),
        ("Two hours at the barrel organ, my back aches.", True),
        ("Played the organ for an hour and a half.", True),
    ],
)
def test_a_time_in_words_is_checked(body: str, done: bool) -> None:
    assert (habit_names(body, "Barrel organ – an hour") != []) is done


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Read half of the renal chapter before bed.", False),
        ("Read half a chapter, then slept.", False),
        ("Read a chapter and a half of pharmacology.", True),
        ("Read the whole renal chapter.", True),
    ],
)
def test_half_of_the_thing_counted_is_not_the_count(body: str, done: bool) -> None:
    assert (habit_names(body, "Pharmacology 1 chapter") != []) is done


def test_the_deed_is_quoted_when_its_time_stands_in_a_sentence_of_its_own() -> None:
    body = (
        "Spent the morning in the shed re-stringing the harp. The neighbours were out. "
        "Two hours, perhaps more, and my fingers are raw."
    )
    hits = detect(body, "Harp – an hour")
    assert [quote for _, quote in hits] == ["re-stringing the harp"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("The Ovid waits on the bedside table, open at Book II.", "Ovid, 10 lines"),
        ("The crates in the back bedroom stare at me every time I pass.", "Sort the crates"),
        ("Guitar sits in its case by the door.", "Guitar"),
        ("The loom gathers dust in the shed.", "Loom weaving"),
        ("A half-finished scarf in the basket, needles still in it.", "Knit the scarf"),
        ("Found the unfinished quilt under the bed.", "Quilt"),
    ],
)
def test_a_thing_left_idle_or_half_made_is_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Sat zazen for 30 minutes before breakfast.", "Zazen"),
        ("Guitar: sat down and played scales for twenty minutes.", "Guitar"),
        ("Finished the scarf at last, and wore it to church.", "Knit the scarf"),
    ],
)
def test_a_sitting_practice_and_a_finished_thing_stay_done(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_the_person_a_habit_is_done_with_doing_something_else_alone() -> None:
    assert habit_names("Tomas did the dishes again.", "Cards w/ Tomas") == []
    assert habit_names("Chess with Nadia after tea, she won.", "Chess w/ Nadia") == [
        "Chess w/ Nadia"
    ]
