"""Issue 15, thirty-fifth round: a schedule of days before a name's pictures; "at dawn"
before a count; a picture's name is a cue only where it names an activity; a name's
people or common place in brackets are no cues alone; a proper name
built on a stem is no form of it; a short unit is no prefix ("mi" is no "Mimi"); a
decimal comma; the five prayers are not told by one of them nor by a date's "5"; "but i
cant"; ", nothing"; an errand "only to"; a day and "maybe"; a thing on the table; the
parser's noun with "she" before it; things still "to finish"; the group at rest; a place
passed on the way home; "last winter". Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import MAX_CUES, without_when
from app.domain.journal.measures import to_number
from app.domain.journal.rules import person_cues
from app.services.journal.cues import _seeded
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "left"),
    [
        ("Choir practice Tue/Fri 🎶", "Choir practice 🎶"),
        ("Futsal mar+ven ⚽", "Futsal ⚽"),
        ("Kata at dawn 30 min", "Kata"),
    ],
)
def test_when_is_read_off_the_name(name: str, left: str) -> None:
    assert without_when(name) == left


@pytest.mark.parametrize(
    ("name", "not_a_cue"),
    [
        ("Sauna 🔥", "fire"),
        ("Домра 20 мин 🎶", "notes"),
        ("Chess club (Uncle Bogdan)", "bogdan*"),
        ("Cheese batch (farm)", "farm"),
        ("Tanzen practice Tue/Thu", "tue"),
    ],
)
def test_what_a_name_says_besides_the_deed_is_no_cue(name: str, not_a_cue: str) -> None:
    assert not_a_cue not in _seeded(name)[0]


def test_a_picture_that_names_an_activity_still_tells_it() -> None:
    assert "soccer" in _seeded("Training ⚽ Mo/Do")[0]


@pytest.mark.parametrize(("text", "value"), [("3,4", 3.4), ("12,5", 12.5), ("11,400", 11400.0)])
def test_a_comma_before_one_or_two_digits_marks_decimals(text: str, value: float) -> None:
    assert to_number(text) == value


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Afternoon proceeded to the Kendobukan for the grading list.", "Kendo @ dojo"),
        ("Left at six with Mimi and Tater in the back seat.", "Walk 2 mi"),
        ("Ice on the river path, I ran only 3,4 km.", "River run 5 km"),
        ("Sat 5 Oct. Fajr prayed on time.", "Panj waqt namaz"),
        ("Friday: jumu'a at the big mosque, the imam spoke of patience.", "Les 5 prières"),
        ("🕌 4/5 today, asr missed at work.", "Les 5 prières 🕌"),
        ("Choir tonight at the hall but i cant, shift till midnight.", "Choir (Thu)"),
        ("Loom: I threaded the shuttle and the power went off, nothing.", "Loom 1 hr"),
        ("Went to the gym only to give the keys to the coach.", "Gym 3x/wk"),
        ("I was at the pool but only to take the sun on the deck of the pool.", "Pool 1000 m"),
        ("Garden Thursday maybe, if no rain.", "Garden – water & weed"),
        ("Library book on the table, not opened.", "Library novel 30 pages"),
        ("My sister Ana she knit in the shop between customers.", "Knitting 1 hr"),
        ("Orders to finish before the first.", "Sewing orders 2 hr"),
        ("Now the dancers rest until the spring fair.", "Dancers practice"),
        ("Taxi home past the stupa.", "Stupa circuit 21 rounds"),
        ("These are the moccasins that I beaded last winter.", "Beading 1 hr"),
    ],
)
def test_what_is_not_the_writers_deed_is_no_completion(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Walked two miles with Mimi after supper.", "Walk 2 mi"),
        ("Fajr, Zuhr, Asr, Maghrib, Isha, all on time.", "Panj waqt namaz"),
        ("So 5 on 5 today, alhamdulillah.", "Les 5 prières"),
        ("Choir tonight at the hall, we sang till nine.", "Choir (Thu)"),
        ("Loom: wove six inches of the border.", "Loom 1 hr"),
        ("Went to the gym and did legs for an hour.", "Gym 3x/wk"),
        ("Watered and weeded the beds before work.", "Garden – water & weed"),
        ("Read 35 pages of the library novel on the bus.", "Library novel 30 pages"),
        ("I knit in the shop between customers, one sleeve done.", "Knitting 1 hr"),
        ("I finished the sewing orders to send today.", "Sewing orders 2 hr"),
        ("Walked the stupa circuit, 21 rounds, before the shop.", "Stupa circuit 21 rounds"),
        ("Beaded two rows of the cuff last night, close to an hour and a half.", "Beading 1 hr"),
    ],
)
def test_the_same_words_done_by_the_writer_still_count(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Gave the broilers their grower mash and changed the water.", "Nkuku: feed, water 🐔"),
        ("I give maize and water to my hens before the market.", "Pollos – maíz y agua 🐔"),
        ("Sent the money to mama on the app ✅", "Envoi Mama 💸"),
    ],
)
def test_a_pictures_animal_or_money_says_what_the_deed_is(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_a_persons_own_cues_survive_the_cue_limit() -> None:
    """Two large families can fill the limit; the words of the person the name reaches
    are kept, the families' last words give way."""
    families = [f"word{k}" for k in range(MAX_CUES - 1)] + ["called mum", "talk* to mum"]
    cues = person_cues("Call Adrián", families)
    assert len(cues) == MAX_CUES
    assert {"called adrián", "talk* to adrián"} <= set(cues)
