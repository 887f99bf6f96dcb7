"""Issue 15, fourteenth round: a habit named in another script is also read as the
writer types it in Latin letters, and a first name that opens a name is the deed when
whom it is done with follows. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.nlp.script import in_latin_letters
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import detect


def test_other_scripts_come_back_in_latin_letters() -> None:
    assert in_latin_letters("Бандура 30 мин") == "Bandura 30 min"
    assert in_latin_letters("Tập thở") == "Tap tho"
    assert in_latin_letters("Plain words") == "Plain words"


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Played bandura 35 min before the concert.", "Бандура 30 мин"),
        ("tap tho on the balcony, 10p", "Tập thở"),
        ("Bandura: played it 40 min.", "Бандура 30 мин"),
    ],
)
def test_a_name_in_another_script_is_read_in_latin_letters(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_name_in_another_script_still_needs_its_number() -> None:
    assert detect("Played bandura 10 min, then tea.", "Бандура 30 мин") == []


def test_a_unit_in_another_language_is_no_cue() -> None:
    cues, _ = effective_cues("Бандура 30 мин", None)
    assert "мин" not in cues
    assert "min" not in cues
    assert detect("Waited 30 мин for the bus.", "Бандура 30 мин") == []


def test_an_opening_first_name_followed_by_with_is_the_deed() -> None:
    cues, _ = effective_cues("Fidel with kids", None)
    assert "fidel*" in cues
    found = detect("Ten minutes of fidel with the kids after school.", "Fidel with kids")
    assert [n for n, _ in found] == ["Fidel with kids"]


def test_an_opening_first_name_before_what_is_done_is_still_a_person() -> None:
    cues, _ = effective_cues("Ellie to swimming", None)
    assert "ellie" not in cues


def test_a_name_word_with_the_names_number_is_a_cue_and_the_number_must_reach_it() -> None:
    assert [n for n, _ in detect("☑ cube 60 on the train", "Cube 50 solves")] == ["Cube 50 solves"]
    assert detect("☑ cube 30, ran out of time", "Cube 50 solves") == []


def test_a_names_opening_deed_is_the_better_quote_than_what_it_is_done_to() -> None:
    body = "did 9 cuts today, hands dead. posted the skin fade on the shop page after."
    found = detect(body, "Post a cut online")
    assert [n for n, _ in found] == ["Post a cut online"]
    assert "posted" in found[0][1]


def test_minutes_set_after_a_comma_belong_to_the_whole_sentence() -> None:
    body = "Recovery boots on the sofa watching the darts, 25 min."
    assert [n for n, _ in detect(body, "Normatec 20'")] == ["Normatec 20'"]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("tried muscle ups at the park, got 3 clean ones before my grip went", True),
        ("tried muscle ups at the park, got nowhere", False),
        ("want to try muscle ups at the park, got 2 weeks to learn", False),
    ],
)
def test_a_try_that_got_so_many_is_done(body: str, done: bool) -> None:
    assert bool(detect(body, "MU practice")) is done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("3 sets of 10 MB throws against the wall.", "Med ball 3x10"),
        ("Planche leans and tuck lever on the rings after work.", "Front lever practice"),
    ],
)
def test_skills_and_devices_of_a_sport_have_words_of_their_own(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]
