"""Issue 15, thirtieth round: a terse "no" or "cancelled" after the thing ("Choir no",
"Kurs iptal"), a thing dreamt, heard from another, passed on the way or put on a
calendar, an alarm set for it, another's message quoted after a colon, someone going
somewhere at a log line's clock time, a thing named and then stayed home from, talk of
it as Gullah puts it, a code-switched "no" or "not" before it ("няма сън", "ga
ngajar"), the five daily prayers told as "all five" or short of them in Pashto and
Uyghur names, hours as other languages write them ("7ч", "1 jam"), and a schedule of
days with a time of day ("(Sun & Tue nite)"). Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE
from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import habit_names, seeded_cues


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Choir no, too tired after the late shift.", "Choir practice"),
        ("Pottery class no.", "Pottery class"),
        ("Yoga iptal, the teacher is ill.", "Yoga class"),
        ("Schwimmen – abgesagt.", "Schwimmen 30 min"),
        ("Dreamt last night I was swimming in the lake with my brother.", "Swim 30 min"),
        ("In my dream we walked the whole coast path.", "Coast path walk"),
        ("From next door I hear the cello again, the same scales.", "Cello 20 min"),
        ("Drove past the climbing gym on my way to the bank.", "Climbing gym"),
        ("Put in my planner: Thu pilates, Sat long run.", "Pilates"),
        ("Alarm for the swim set at 5:30.", "Swim 30 min"),
        ("Rosa text: pilates tonight?", "Pilates"),
        ("18:40 Ivo went gym, I stayed with the baby.", "Gym"),
        ("Pilates morning but I stayed home with the fever.", "Pilates"),
        ("At de market everybody talkin bout de choir trip.", "Choir practice"),
        ("Too cold fuh walk today.", "Walk to the pier"),
        ("Няма сън тази нощ, the ward was full.", "Сън 7ч след нощна"),
        ("Sabtu ga ngajar, dia ke rumah neneknya.", "Ngajari Rini menari"),
        ("Fell asleep on the sofa before the rosary.", "Rosary every night"),
    ],
)
def test_a_thing_not_done_however_it_is_told(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Choir practice went late, we did the Fauré twice.", "Choir practice"),
        ("Heard Mass at the cathedral at noon.", "Sunday Mass"),
        ("Did pilates, then stayed home for the evening.", "Pilates"),
        ("I wrote: gym done, legs heavy.", "Gym"),
        ("Walked down to the pier and back before the rain.", "Walk to the pier"),
        ("Paid a visit to Gran after lunch.", "Visit Gran"),
    ],
)
def test_a_thing_done_is_still_read(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("all five today, alhamdulillah", True),
        ("Namaz all 5 waqt ✓", True),
        ("Only bamdat and xuptan, the rest I missed in the rush.", False),
        ("19:40 makhustan at home", False),
        ("Juma at the big mosque with my cousin", False),
    ],
)
def test_the_five_daily_prayers_in_pashto_and_uyghur_names(body: str, done: bool) -> None:
    for name in ("Lmunz – pinza wakhta", "Namaz 5 waqit"):
        assert habit_names(body, name) == ([name] if done else []), name


def test_hours_as_other_languages_write_them() -> None:
    assert count_target("Сън 7ч след нощна") == (420.0, "minute")
    assert count_target("Latihan menjahit 1 jam") == (60.0, "minute")
    assert "jam" not in seeded_cues("Latihan menjahit 1 jam")
    assert habit_names("After the shift I slept 3 hours on the sofa.", "Сън 7ч след нощна") == []


@pytest.mark.parametrize(
    "name",
    ["Praise house (Sun & Tue nite)", "Chorale (Mon am)", "Sanshin (火・木)", "Mem (wo + snein)"],
)
def test_a_schedule_of_days_with_its_time_of_day_is_when(name: str) -> None:
    assert SCHEDULE.search(name) is not None
    assert not {"sun", "tue", "nite", "mon", "snein"} & set(seeded_cues(name))
