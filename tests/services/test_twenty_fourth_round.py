"""Issue 15, twenty-fourth round: a habit done twice a day, readings that are no count,
words of when or what a thing is like, money in a name, one named prayer for another, a
place with what is done there in brackets, errand runs, learners' memories, hopes, plans
under "I wanna:", streaks broken, sessions off, someone alone, signers' negation, watching
as the deed, a device's reading, alms to monks and old photos. Sentences of the test's own.
"""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import detect, habit_names, seeded_cues


@pytest.mark.parametrize(
    "body",
    [
        "Fed the calves, then milked in the morning only; Otieno did the evening.",
        "Milked at dawn with the lamp on, 6 litres.",
        "Milked in the evening, Otieno had done the morning.",
    ],
)
def test_a_habit_done_twice_a_day_is_not_done_once(body: str) -> None:
    assert habit_names(body, "Milking morning & evening") == []


@pytest.mark.parametrize(
    ("body", "quoted"),
    [
        ("Milked at six. Fixed the fence. Milked again at half four.", "Milked again"),
        ("Both milkings done, 14L.", "Both milkings done"),
        ("✔ milking a.m. — 6L\n✔ milking p.m. — 5L", "milking p.m."),
        ("Milked the cows morning and evening.", "Milked the cows morning and evening"),
    ],
)
def test_a_habit_done_twice_a_day_told_both_times(body: str, quoted: str) -> None:
    [(_, quote)] = detect(body, "Milking morning & evening")
    assert quoted in quote


def test_a_reading_is_no_count_of_things_counted_whole() -> None:
    body = "Pricked my finger after breakfast, 6.4, fine. Forgot the night one."
    assert habit_names(body, "Glucose prick x2") == []
    assert habit_names("Pricked twice today, 6.4 and 7.2.", "Glucose prick x2") == [
        "Glucose prick x2"
    ]
    assert habit_names("Both sugars done, 6.9 and 8.3.", "Finger prick x2") == ["Finger prick x2"]


@pytest.mark.parametrize(
    ("name", "not_a_cue"),
    [
        ("Deaf club (Fri)", "deaf"),
        ("Old photos with Ritva", "old"),
        ("Milking morning & evening", "morning"),
        ("Savings jar (200 bob)", "bob"),
        ("Fajr before work", "jummah"),
        ("Earth Treks (climb)", "earth"),
    ],
)
def test_a_word_that_says_no_deed_is_no_cue_alone(name: str, not_a_cue: str) -> None:
    assert not_a_cue not in seeded_cues(name)


def test_a_named_prayer_keeps_its_own_spellings() -> None:
    assert {"fajr", "fajar"} <= seeded_cues("Fajar at the masjid") | {"fajr"}
    assert "jummah" in seeded_cues("Pray 5 times")


def test_an_errand_run_is_a_fetch_not_a_race() -> None:
    name = "Madrassa run (Yusuf)"
    assert habit_names("Did 20 mins on the treadmill before work.", name) == []
    assert habit_names("Fetched the kids from their Quran class at six.", name) == [name]


@pytest.mark.parametrize(
    "body",
    [
        "When I small boy I run to the river every morning with my brother.",
        "Before when I fight in Bangkok I run 12 km every day.",
        "In high school I ran cross country for the county.",
    ],
)
def test_a_memory_as_a_learner_writes_it(body: str) -> None:
    assert habit_names(body, "Run 6 km") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Bed by 11 hopefully.", "Sleep 7h"),
        ("Slept thru fajr again, alarm on silent.", "Fajr before work"),
        ("anki streak broken (day 40 → 0)", "Anki 50 cards"),
        ("Nets were off again, the hall was booked.", "Nets (Sat)"),
        ("The dog went off up the hill on her own after a hare.", "Walk Bess up the hill"),
        ("Choir tonight — ME NOT go, too tired.", "Choir practice"),
        ("Quiz club tonight, I no go.", "Quiz club"),
        ("This Ramadan I wanna:\n- pray all 5 at the masjid\n- gym 3x a week", "Gym 3x a week"),
        ("Missed 2 video calls from Mama, I was in the lab.", "Video call Mama"),
    ],
)
def test_not_done_as_people_write_it(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_without_me_before_a_doing_is_no_one_else() -> None:
    body = "The reformer class went by without me once looking at the clock."
    assert habit_names(body, "Reformer Pilates") == ["Reformer Pilates"]
    assert habit_names("Nets were off the scale today, hit everything.", "Nets (Sat)") == [
        "Nets (Sat)"
    ]


def test_watching_is_the_deed_of_a_habit_done_by_watching() -> None:
    name = "YouTube English 20 min"
    assert habit_names("Last night I watch English on YouTube 30 min.", name) == [name]
    assert habit_names("Watched a video about yoga, 30 min.", "Yoga 20 min") == []


def test_a_device_that_reads_the_distance_is_nobody_else() -> None:
    assert habit_names("Loop of the park and back, watch say 5.3 mi.", "4mi run") == ["4mi run"]
    assert count_target("4mi run") == (4.0, "mi")
    assert count_target("Walk 10k steps") == (10000.0, "step")


def test_a_time_of_sleep_told_with_an_arrow_or_glued_hours() -> None:
    assert habit_names("slept 0030→0800, finally", "zzz ≥ 7h") == ["zzz ≥ 7h"]
    assert habit_names("8h sleep!!", "zzz ≥ 7h") == ["zzz ≥ 7h"]
    assert habit_names("only 5h sleep", "zzz ≥ 7h") == []


def test_alms_to_monks_and_old_photos() -> None:
    assert habit_names("Early I give rice to the monk at the corner.", "Tak bat 🙏") == [
        "Tak bat 🙏"
    ]
    assert habit_names("Put sticky rice in the bowl for 3 monk at the soi.", "Tak bat 🙏") == [
        "Tak bat 🙏"
    ]
    name = "Old photos with Ritva"
    assert habit_names("After supper we sat with the photo album for an hour.", name) == [name]


def test_a_teacher_the_family_reads_alone_stays_a_cue() -> None:
    assert "adriene" in seeded_cues("Adriene 🧘")


def test_one_named_prayer_is_not_five_in_french_either() -> None:
    name = "5 prières à l'heure"
    assert habit_names("Fajr ok, Dhuhr ok, then I slept through Isha.", name) == []
    assert habit_names("Prayed all 5 today, Fajr at the mosque.", name) == [name]


def test_a_short_question_after_the_result_is_asked_of_the_result() -> None:
    name = "Parkrun 5k (Sat)"
    assert habit_names("- parkrun 27:40, PB-ish?? legs gone.", name) == [name]
    assert habit_names("parkrun at 9, maybe?", name) == []
    assert habit_names("12,000 steps?? No, 7,800.", "10000 steps") == []


def test_done_now_for_an_event_next_week() -> None:
    name = "Choir (Sat)"
    assert habit_names(
        "Choir: we rehearsed the anthem for the concert next week, two hours.", name
    ) == [name]
    assert habit_names("Choir practice for the concert next week.", name) == []
