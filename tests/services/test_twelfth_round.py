"""Issue 15, twelfth round: a name's word its families never say is the writer's own
("Clarinette"), whom a habit is for or done with names no family of its own ("Soup for
Dad", "Driving w/ mom"), the verb an "-ing" or "-ysis" name word is made from, things
called off or only thought about, a date weeks away, a person of the name doing
something else, money in a name is no count to reach, a likeness of school days is no
school day, and a class as the activity's subject. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.nlp.forms import word_forms
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Fútbol with the cousins after lunch, two goals.", "Fútbol Saturdays"),
        ("Clarinette for twenty minutes before dinner.", "Clarinette practice"),
    ],
)
def test_a_word_a_family_is_named_by_but_never_says_is_read(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_word_the_family_says_in_its_phrases_is_still_left_to_them() -> None:
    cues, _ = effective_cues("Water 2L", None)
    assert "water" not in cues
    assert "water*" not in cues
    assert detect("Water meh.", "Water 2L") == []


def test_whom_a_habit_is_for_or_done_with_names_no_family() -> None:
    soup, _ = effective_cues("Broth for Dad", None)
    assert "rang" not in soup
    assert "phoned" not in soup
    driving, _ = effective_cues("Driving w/ mom", None)
    assert "rang" not in driving
    assert "behind the wheel" in driving
    book, _ = effective_cues("Bake from Gran's book", None)
    assert "chapter*" not in book
    assert "bak*" in book
    homework, _ = effective_cues("Homework with Lina", None)
    assert len(homework) > 20  # helping with homework keeps its family


def test_an_ing_word_and_an_ysis_noun_have_their_verbs_forms() -> None:
    assert {"drive", "drove", "driven"} <= set(word_forms("driving"))
    assert {"swim", "swam"} <= set(word_forms("swimming"))
    assert "dialyse" in word_forms("dialysis")
    assert word_forms("evening") == ()  # a time of day, no "even"


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Drove to the coast and back with Dad.", "Driving with Dad"),
        ("Dialysed for four hours with a podcast on.", "Home dialysis"),
    ],
)
def test_a_habit_is_read_by_the_verb_of_its_name(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Chess club this week cancel, the hall is flooded.", "Chess club"),
        ("Karate cancelled again because of the strike.", "Karate"),
        ("Skip tai chi because of the wind.", "Tai chi"),
        ("Logged nothing, too tired.", "Log meals"),
        ("Ate nothing worth logging.", "Log meals"),
        ("Thought about going to see Aunt Rose but the car wouldn't start.", "Visit Aunt Rose"),
        ("Considering a swim if the sun comes out.", "Swim"),
        ("The dressing I let the nurse do, she was here anyway.", "Change dressing"),
        ("TOEFL in three weeks, panicking.", "TOEFL essay"),
    ],
)
def test_called_off_thought_about_left_to_others_or_weeks_away_is_not_done(
    body: str, name: str
) -> None:
    assert detect(body, name) == []


def test_thought_about_then_done_after_all_is_done() -> None:
    found = detect("Thought about skipping, but swam twenty lengths anyway.", "Swim")
    assert [n for n, _ in found] == ["Swim"]


def test_the_habits_person_doing_something_else_is_not_the_deed() -> None:
    assert detect("Marta took the kids to the park because I worked late.", "Pay Marta") == []
    assert [n for n, _ in detect("Paid Marta for the week.", "Pay Marta")] == ["Pay Marta"]


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("$20 to the fund", None),
        ("300 zł to savings", None),
        ("£5 in the pot", None),
        ("Plank 3 хв", (3.0, "minute")),
        ("Read 20 pages", (20.0, "page")),
    ],
)
def test_money_in_a_name_is_no_count_and_other_languages_minutes_are(
    name: str, target: tuple[float, str] | None
) -> None:
    assert count_target(name) == target


def test_a_money_habit_is_not_done_by_any_number() -> None:
    assert detect("Essay stopped at 150 words when time ran out.", "$20 to the fund") == []


def test_a_likeness_to_school_days_and_a_habit_kept_now_are_today() -> None:
    found = detect("I did barre at home for 30 minutes, all like in school in Lviv.", "Barre")
    assert [n for n, _ in found] == ["Barre"]
    found = detect("Receipts folder done, easy because I keep it every day now.", "Receipts")
    assert [n for n, _ in found] == ["Receipts"]


def test_a_class_of_the_activity_as_subject_is_the_writers() -> None:
    found = detect("The spin class went by in a blur.", "Spin class")
    assert [n for n, _ in found] == ["Spin class"]


def test_a_cue_saying_another_candidates_own_word_is_left_to_it() -> None:
    found = detect("Bouldered for two hours, sent three problems.", "Hangboard 10'", "Boulder")
    assert [n for n, _ in found] == ["Boulder"]
    alone = detect("Bouldered for two hours.", "Hangboard 10'")  # its family's word, alone
    assert [n for n, _ in alone] == ["Hangboard 10'"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Recited the whole sonnet in the shower, no slips.", "Poem by heart"),
        ("Went out with my poles along the canal, 50 minutes.", "Nordic walking"),
        ("Tested before breakfast, 6.1.", "Sugar check before breakfast"),
        ("Played in the league against the Hillhead lot, won two ends.", "Bowls"),
        ("Donation of $15 sent this morning.", "$15 to the clinic fund"),
        ("Threw arrows for twenty minutes, hit double top twice.", "Darts practice"),
        ("Took my meds with breakfast.", "Lisinopril"),
        ("After that, the game with my team, we lost 2-0.", "Fútbol domingo"),
    ],
)
def test_more_of_how_people_say_they_did_it(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_drug_by_its_stem_is_a_medicine_but_a_magazine_is_not() -> None:
    meds, _ = effective_cues("Sertraline", None)
    assert "took my meds" in meds
    magazine, _ = effective_cues("Read a magazine", None)
    assert "took my meds" not in magazine


def test_a_cross_in_another_sentence_of_the_line_is_that_items() -> None:
    body = "gym 18:30–20:45 flashed the pink v4 in the cave. rehab bands ✗ forgot."
    found = detect(body, "Boulder sesh", "Pulley rehab")
    assert [n for n, _ in found] == ["Boulder sesh"]


def test_a_share_of_the_names_number_is_short_of_it() -> None:
    assert detect("anki 32/50 (train died).", "Anki 50") == []
    assert [n for n, _ in detect("anki 50/50 ✓", "Anki 50")] == ["Anki 50"]


def test_a_first_name_a_habit_opens_with_is_who_not_what() -> None:
    cues, _ = effective_cues("Ellie to swimming", None)
    assert "ellie" not in cues
    assert "ellie*" not in cues
    assert detect("Pushed Ellie round the park in the buggy.", "Ellie to swimming") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("There is a recipe for lemon cake in the tin box.", "Bake from Gran's book"),
        ("Aced the quiz, all thanks to the flashcards.", "Flashcards"),
        ("Marshalled at the race instead of running it.", "Parkrun"),
        ("Put the apron back without cooking anything.", "Cook dinner"),
    ],
)
def test_a_thing_there_is_a_reason_or_something_else_in_its_place_is_not_done(
    body: str, name: str
) -> None:
    assert detect(body, name) == []
