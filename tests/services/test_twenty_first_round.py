"""Issue 15, twenty-first round: the five daily prayers counted by name, a grade's number
that is no count, calls named in Korean or with the person first, "i morgen", what was
not there or could not be done ("no lesson today", "impossible", "but I don't go"), a
thing put aside, neglect, a "NOTE:" before the item, a bare verb with a day, words that
are English words too read in another language's name, compounds read by their last
part. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.domain.journal.rules import named_person
from app.nlp.gloss import in_english
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Prayed dhuhr and asr at the office, slept through isha.", False),
        ("fajr, zohr, asr, maghrib ✔ — isha missed.", False),
        ("Salah: 3 today, the shift ran late.", False),
        ("Woke up for fajr and went back to sleep.", False),
        ("Prayed all five today, even fajr.", True),
        ("Fajr, dhuhr, asr, maghrib and isha, every one on time.", True),
        ("5/5 salah today.", True),
    ],
)
def test_the_five_prayers_are_counted_by_name(body: str, done: bool) -> None:
    assert (habit_names(body, "Five daily salah") == ["Five daily salah"]) is done


def test_prayers_named_for_a_habit_without_five_are_not_counted() -> None:
    assert habit_names("Prayed maghrib at the masjid.", "Pray") == ["Pray"]


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Gr 12 extra classes (Sat)", None),
        ("Psalm 23 by heart", None),
        ("Year 9 reading 20 pages", (20.0, "page")),
        ("Read 20 pages", (20.0, "page")),
    ],
)
def test_a_number_that_names_a_grade_or_chapter_is_no_count(
    name: str, target: tuple[float, str] | None
) -> None:
    assert count_target(name) == target


def test_a_call_named_with_the_person_first_or_in_korean() -> None:
    assert named_person("Omma call") == ("omma", "dobj")
    assert named_person("call a Teodoro") == ("teodoro", "dobj")  # "Llamar a Teodoro", glossed
    assert named_person("Call a friend") is None  # an article, not "to"
    cues, _ = effective_cues("omma 통화", None)
    assert "omma" not in cues  # the person alone is no call
    assert habit_names("Omma texted me a photo of the dog.", "omma 통화") == []
    assert habit_names("Talked with omma on the phone for an hour.", "omma 통화") == ["omma 통화"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Roing i morgen, too tired tonight.", "Roing 30 min"),
        ("Pottery no class today, the kiln is broken.", "Pottery class"),
        ("Pottery today but i dont go, my back.", "Pottery class"),
        ("Press-ups in the van impossible, no room.", "Press-ups 40"),
        ("Kept the cello aside because the twins came early.", "Cello 30 min"),
        ("The coach says I've been slack on the drills.", "Drills"),
        ("Long day. NOTE: insulin 10pm!! alarm broken.", "Insulin at 10"),
        ("Ring him back Saturday.", "Ring Tomasz"),
        ("Pétanque annulée — pluie.", "Pétanque du jeudi"),
        ("Chorprobe abgesagt, der Dirigent ist krank.", "Chorprobe"),
        ("Drill i morgen: casualty cards tonight.", "Drill"),
        ("Lent my skis to Agathe for the weekend.", "Skis 1h"),
        ("Drove past the pool on the way to work.", "Pool swim"),
        ("Marking due Friday and I have three classes left.", "Marking"),
        ("Productive day. 'went to the gym' aka walked past it and waved.", "Gym"),
    ],
)
def test_what_was_not_there_put_off_or_put_aside_is_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Pottery, no time for the walk after.", "Pottery class"),
        ("Slept badly. Note: did the drills at six anyway.", "Drills"),
        ("Rang Tomasz back on Saturday.", "Ring Tomasz"),
        ("Swim was lovely, due to the calm sea.", "Pool swim"),
        ("Borrowed Agathe's skis and did an hour on the piste.", "Skis 1h"),
    ],
)
def test_the_deed_still_reads_beside_those_words(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Lecture du jour", "reading of the day"),
        ("Lecture notes", "Lecture notes"),  # English: no French word beside it
        ("Spacer na przerwie", "walk on break"),
        ("Rückengymnastik 10 Min.", "exercises 10 Min."),
        ("Kovil (Fri)", "temple (Fri)"),
    ],
)
def test_names_in_other_languages_read_in_english(name: str, english: str) -> None:
    assert in_english(name) == english


def test_a_compound_is_not_read_by_a_last_part_that_says_when() -> None:
    assert in_english("Saunailta") == "Saunailta"  # the sauna's evening, not "evening"


def test_both_times_told_on_two_lines_of_a_log() -> None:
    name = "Check sugar AM/PM"
    assert habit_names("- sugar 7am: 110\n- sugar 9pm: 140", name) == [name]
    assert habit_names("- sugar 7am: 110\n- lunch with Ana", name) == []


def test_a_yarn_and_a_facetime_at_the_clock_are_calls() -> None:
    assert habit_names("Yarned with Bazza after tea for an hour.", "Ring Bazza") == ["Ring Bazza"]
    name = "FaceTime Liv + jentene"
    assert habit_names("FaceTime kl 19:30, the girls showed me their drawings.", name) == [name]


def test_a_place_after_an_at_sign_is_no_one_reached() -> None:
    assert named_person("Climb @ Momentum") is None
    name = "Climb @ Momentum"
    assert habit_names("Climbed with Ines, sent the yellow V2 at last.", name) == [name]


def test_a_temple_told_by_its_own_name() -> None:
    name = "Kovil (Fri)"
    assert habit_names("Went to Murugan temple with Vasanthi after lunch.", name) == [name]


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("Spanish app I open and close, too tired.", "Spanish 15 min", False),
        ("Journal: opened the notebook, stared at it, closed it.", "Journal", False),
        ("Opened the pool at 6, swam 40 lengths, closed the gate.", "Swim", True),
    ],
)
def test_a_thing_opened_and_closed_again_is_not_done(body: str, name: str, done: bool) -> None:
    assert (habit_names(body, name) == [name]) is done
