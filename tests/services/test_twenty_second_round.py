"""Issue 15, twenty-second round: function words as dialects, Creoles and quick spellers
write them (Scots "didnae", "nae", "the morra", "tae"; Jamaican "cyaan", "mi"; "tomoro",
"gona") read as the standard words. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import name_words
from app.domain.journal.measures import count_target
from app.domain.journal.rules import named_person
from app.domain.spellings import forms_of, standard
from app.nlp.gloss import in_english
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Nae gym the day, ma back's gone.", "Gym"),
        ("Choir the morra, cannae wait.", "Choir"),
        ("Didna make it tae choir.", "Choir"),
        ("Fiddle practice tomoro after skool.", "Fiddle practice"),
        ("I cyaan go a church dis week, mi knee.", "Church"),
        ("was gona do my stretches after tea", "Stretches"),
    ],
)
def test_a_dialect_or_quick_spelling_of_no_not_or_tomorrow_is_no_deed(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Got tae the pool at 7, did my lengths.", "Swim lengths"),
        ("Mi call Mavis after lunch.", "Call Mavis"),
        ("Gym done, then tea wi Gran.", "Gym"),
    ],
)
def test_the_deed_told_in_dialect_is_still_read(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_a_dialect_function_word_in_a_name_is_no_cue() -> None:
    assert name_words("Flowers up tae Grandad") == ["flowers*", "grandad*"]
    assert name_words("Guitar 3 songs thru") == ["guitar*", "songs*"]


def test_the_spellings_stand_for_standard_words() -> None:
    assert standard("Tae") == "to"
    assert standard("tomoro") == "tomorrow"
    assert standard("swim") == "swim"
    assert forms_of({"never"}) == {"neva"}
    assert "wid" in forms_of({"would"}, pieces=True)


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("Didn't make it to choir, the bus never came.", []),
        ("Never made it to the pool, traffic.", []),
        ("Made it to choir just in time.", ["Choir"]),
    ],
)
def test_making_it_to_a_place_or_event(body: str, found: list[str]) -> None:
    assert habit_names(body, "Choir", "Swim") == found


def test_a_name_the_tagger_misreads_still_does_it_for_the_writer() -> None:
    assert (
        habit_names("My knee was bad so Oriane water the plants for me.", "Water the plants") == []
    )


@pytest.mark.parametrize(
    ("name", "not_a_cue"),
    [
        ("Metformin (morning)", "morning"),
        ("PM run 8k+", "pm"),
        ("English class Minggu", "minggu"),
        ("Đi chùa Chủ Nhật", "chủ nhật"),
        ("Bedtime story w/ Mia", "fell asleep"),  # a story at bedtime, not sleep
    ],
)
def test_when_a_habit_is_done_is_no_cue(name: str, not_a_cue: str) -> None:
    cues, _ = effective_cues(name, None)
    assert not any(cue.rstrip("*") == not_a_cue for cue in cues)
    assert cues  # what is done still has its words


def test_a_bedtime_story_is_read_to_the_child() -> None:
    cues, _ = effective_cues("Bedtime story w/ Mia", None)
    assert "read ? a story" in cues


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Run 5k", (5.0, "km")),
        ("PM run 8k+", (8.0, "km")),
        ("Cycle 20km", (20.0, "km")),
        ("Run 5k w/ Sam", (5.0, "km")),
        ("Walk 10k", None),  # most often steps
        ("Walk 10k steps", (10000.0, "step")),
        ("Run under 5km", None),  # a limit
        ("Save 5k", None),
    ],
)
def test_a_distance_glued_to_its_number_is_the_count_a_name_asks(
    name: str, target: tuple[float, str] | None
) -> None:
    assert count_target(name) == target


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("Rowed 6k on the erg before work.", True),
        ("Rowed 3k, legs gone.", False),
        ("Bf rowed 10k on my erg and is smug about it.", False),
    ],
)
def test_a_distance_run_or_rowed_is_counted_in_kilometres(body: str, found: bool) -> None:
    assert (habit_names(body, "Row 5k") == ["Row 5k"]) is found


def test_a_runners_k_falls_short_of_the_distance_asked() -> None:
    assert habit_names("Evening only 6k jog slow.", "PM run 8k+") == []


@pytest.mark.parametrize(
    ("done", "found"),
    [("Just did 7km round the park.", False), ("Just did 12km round the park.", True)],
)
def test_a_distance_done_is_read_after_the_one_only_meant(done: str, found: bool) -> None:
    body = f"Long run was meant to be 30k with the club. {done}"
    assert (habit_names(body, "10km+ run") == ["10km+ run"]) is found


def test_a_name_in_another_script_is_read_in_english_not_by_its_letters() -> None:
    assert in_english("Біг у Стромовці 5 км").startswith("run ")
    assert habit_names("Big day at the office, no time for anything.", "Біг у Стромовці 5 км") == []
    found = habit_names("Ran the big loop in Stromovka, 5,2 km.", "Біг у Стромовці 5 км")
    assert found == ["Біг у Стромовці 5 км"]


def test_what_the_teacher_had_the_writer_do_the_writer_did() -> None:
    name = "Hula w/ Kumu Lehua (Tu/Th)"
    assert habit_names("Kumu Lehua had us run the kahiko like 12 times.", name) == [name]
    assert habit_names("Kumu Lehua had her students perform.", name) == []


@pytest.mark.parametrize(
    ("name", "person"),
    [
        ("Challah (Thurs)", None),  # a day, not whom
        ("Our Daily Bread", None),
        ("Call Coach Getaneh", ("getaneh", "dobj")),  # the title kept apart
        ("Ring Dr Osei", ("osei", "dobj")),
        ("Ring Edna", ("edna", "dobj")),
    ],
)
def test_the_person_a_name_reaches_is_no_day_and_no_title(
    name: str, person: tuple[str, str] | None
) -> None:
    assert named_person(name) == person


@pytest.mark.parametrize(
    ("body", "found"),
    [
        ("Morning was 16km progression, legs ok.", False),
        ("Evening 10km easy.", True),
        ("Long run 34km on the murram.", True),  # no time told
    ],
)
def test_a_name_for_one_time_of_day_is_not_done_at_the_other(body: str, found: bool) -> None:
    assert (habit_names(body, "PM run 8k+") == ["PM run 8k+"]) is found


def test_medicine_for_the_morning_taken_at_dinner_is_not_it() -> None:
    assert habit_names("Took the metformin with dinner.", "Metformin (morning)") == []
    assert habit_names("Took metformin.", "Metformin (morning)") == ["Metformin (morning)"]
