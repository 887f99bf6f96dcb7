"""Issue 15, thirty-fourth round: the days as Luxembourgish, Turkmen, Māori, Chuvash,
Marshallese and Bambara write them in a schedule; "b4" says when; a day "next" or a
thing's "start" on a day is ahead; a plan's heading may open after a word or two ("So
plan:"); a log's time before a reminder; a phone switched off reaches no one; a place
passed in front of; a name's place and "at home"; a word in scare quotes; a novel is
read as well as written; "pray" with what is asked; a pill box "still full"; a rug's
size is no sets by reps; a compound's last part said alone; a call is no visit.
Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE
from app.domain.journal.cues import without_when
from app.nlp.gloss import compound_parts
from app.services.journal.cues import name_in_english
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "left"),
    [
        ("Schwammen (Mëttwoch)", "Schwammen"),
        ("Dutar (penşenbe)", "Dutar"),
        ("Waka ama (Rāhoroi)", "Waka ama"),
        ("Юрӑ (эрнекун)", "Юрӑ"),
        ("Kōrā meeting (Jarāde)", "Kōrā meeting"),
        ("Kora (alamisa)", "Kora"),
    ],
)
def test_the_days_of_more_languages_are_a_schedule(name: str, left: str) -> None:
    assert " ".join(SCHEDULE.sub(" ", name).split()) == left


def test_b4_says_when() -> None:
    assert without_when("Stretch b4 shift") == "Stretch"


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Swap the clinic shift of next jueves with Ana.", "Clinic shift (mar/jue)"),
        ("Seva at the gurdwara start Monday for the festival.", "Seva at the gurdwara"),
        ("Rest day. So plan: long ride Sunday, intervals Tue and Thu.", "Intervals (Tue/Thu)"),
        ("[8:15] REMEMBER choir dues, $20 to the treasurer!", "Choir dues $20 (Fri)"),
        ("Called Tomas twice, phone off.", "Call Tomas"),
        ("Drove Mum past the lake, passing in front of the old pool.", "Swim at the pool"),
        ("I pass in front of the temple with a customer at 6.", "Prayer @ temple"),
        ("Isha at home, the mosque too far with this ankle.", "Isha at the mosque"),
        ("Fajr I pray in the house today, not at the masjid.", "Fajr @ masjid"),
        ("My big 'walk' today was from the bus stop to the door.", "Walk 30 min"),
        ('Took the tram, the only "ride" today.', "Ride 40 km"),
        ("The call to prayer was starting, I pray God forgive me.", "Fajr @ masjid"),
        ("I pray the rain stops before the fair.", "Pray 10 min"),
        ("Back at 9 and the pill box: Tuesday still full.", "BP pill morning"),
        ("Ordered the new rug, 2 x 3 metr, big work.", "Exercise 10 min"),
        ("Called Gran to ask about her knee.", "Visit Gran"),
        ("I call the abuela by phone to tell her the news.", "Visitar a la abuela"),
    ],
)
def test_what_is_not_the_writers_deed_is_no_completion(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Read two chapters of the Murakami before lights out.", "Novel b4 lights out"),
        ("Wrote 800 words of the novel at the café.", "Novel 500 words"),
        ("Prayed Isha at the mosque with my brother.", "Isha at the mosque"),
        ("Did the clinic shift jueves, busy morning.", "Clinic shift (mar/jue)"),
        ("Called Tomas, we talked an hour.", "Call Tomas"),
        ("Walked 40 minutes along the canal.", "Walk 30 min"),
        ("Plan for the week done, then ran 5k.", "Run 5k"),
        ("Prayed Fajr at the masjid, then tea.", "Fajr @ masjid"),
        ("Took the BP pill with coffee.", "BP pill morning"),
        ("Squats 3 x 10 in the yard.", "Exercise 10 min"),
        ("Called round to Mam with the soup and the paper.", "Visit Mam"),
        ("Visited the abuela, we drank mate.", "Visitar a la abuela"),
    ],
)
def test_the_same_words_done_by_the_writer_still_count(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_a_compounds_last_part_is_said_alone() -> None:
    assert "pëll" in compound_parts("Bluttdrockpëll moies")
    assert name_in_english("Bluttdrockpëll moies") == "pill morning"
    assert habit_names("Took the Pëll with the coffee.", "Bluttdrockpëll moies 💊") == [
        "Bluttdrockpëll moies 💊"
    ]
