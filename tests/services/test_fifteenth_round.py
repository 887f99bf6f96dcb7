"""Issue 15, fifteenth round: what a log says after an item (crossed, moved to another
day, too hot, only half, left at home, done by someone else, on a condition), plan
lists, counts short of the name's, page ranges, and whom a message came from.
Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import habit_names

# --------------------------------------------------------------------------- seeding


def test_a_weekday_in_a_names_brackets_says_when_not_what() -> None:
    cues, _ = effective_cues("Kora lesson (Thurs)", None)
    assert "kora*" in cues or "kora" in cues
    assert not any(c.startswith("thur") for c in cues)
    cues, _ = effective_cues("Chess club Weds", None)
    assert not any(c.startswith("wed") for c in cues)


def test_with_in_another_language_is_no_cue() -> None:
    cues, _ = effective_cues("Bretonisch avec Yannick", None)
    assert "avec" not in cues


def test_water_the_bed_is_gardening_not_drinking_nor_sleep() -> None:
    cues, _ = effective_cues("Water the chilli bed", None)
    assert "watered" in cues
    assert "hydrat*" not in cues
    assert "asleep" not in cues
    assert habit_names("Watered the chillies after tea.", "Water the chilli bed") == [
        "Water the chilli bed"
    ]
    assert habit_names("Read two stories before bed.", "Water the chilli bed") == []


# --------------------------------------------------------------------------- said after


@pytest.mark.parametrize(
    "body",
    [
        # a cross right after the item, on a line too long to be read as a list line
        "Mon 9/2 — harp ✗ no time, the school run took forever. walked the long way to "
        "the office after, lovely light on the river today.",
        "- harp — too tired, straight to bed",
        "> harp → Friday\n• laundry",
        "- harp only half\n- laundry",
        "- harp pas fait\n- laundry",
        "- harp, if the neighbours are out\n- laundry",
    ],
)
def test_an_item_answered_no_after_it_is_not_done(body: str) -> None:
    assert habit_names(body, "Harp 20 min") == []


def test_a_cross_after_an_item_does_not_undo_a_mark_that_leads_it() -> None:
    assert habit_names("✓ harp ✗ laundry", "Harp practice") == ["Harp practice"]


def test_half_past_a_time_is_no_half_of_it() -> None:
    assert habit_names("Down at the pottery studio by half ten, threw four bowls.", "Pottery") == [
        "Pottery"
    ]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("- van check done by Marco, I only signed", "Van check"),
        ("left the kettlebell at my sister's again", "Kettlebell swings"),
        ("Kettlebell: left it in the boot of the car.", "Kettlebell swings"),
        ("The eye drops I left till lunchtime.", "Eye drops AM"),
        ("text from uncle Femi asking about the wedding", "Text uncle Femi"),
    ],
)
def test_done_by_another_left_behind_or_received_is_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_done_by_a_time_is_still_done() -> None:
    assert habit_names("van check done by 7, all fine", "Van check") == ["Van check"]


def test_asleep_before_it_is_not_done() -> None:
    assert habit_names("Dozed off before my reading again.", "Reading") == []


def test_a_question_someone_asks_about_it_is_not_done() -> None:
    assert habit_names("my cousin asked 'do you still play the kora?' and I laughed", "Kora") == []


def test_nobody_did_it() -> None:
    assert habit_names("nobody swim today, the pool was shut", "Swim") == []


# --------------------------------------------------------------------------- lists


def test_a_days_list_is_a_plan_until_an_item_is_marked_done() -> None:
    body = "Sat list:\n– harp → done, 25 min\n– ring Teodora about Easter\n– laundry"
    assert habit_names(body, "Harp practice", "Ring Teodora") == ["Harp practice"]


def test_a_gratitude_list_is_no_plan() -> None:
    body = "Gratitude list:\n- the swim this morning, cold and bright"
    assert habit_names(body, "Swim") == ["Swim"]


def test_a_bullet_journal_with_moved_and_open_tasks_and_none_done() -> None:
    body = "> harp → tomorrow\n• ring Teodora\n- quiet day"
    assert habit_names(body, "Harp practice", "Ring Teodora") == []


def test_a_plain_bullet_list_is_still_done() -> None:
    assert habit_names("• rang Teodora for an hour\n• laundry", "Ring Teodora") == ["Ring Teodora"]


# --------------------------------------------------------------------------- counts


def test_a_times_count_of_a_short_word_is_a_count() -> None:
    assert count_target("Hill run x3") == (3.0, "run")
    assert count_target("Sermon 4 pg") == (4.0, "page")


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("- hill reps x1 only, calf tight", False),
        ("- hill reps 2 laps only", False),
        ("- hill reps x3 before work", True),
    ],
)
def test_a_count_said_with_only_after_it(body: str, done: bool) -> None:
    assert (habit_names(body, "Hill reps x3") != []) is done


def test_only_so_many_of_another_thing_counted_falls_short() -> None:
    assert habit_names("chess puzzles: only 2 problems solved today", "Chess puzzles ×5") == []


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("sermon notes pp. 12–17, good", True),
        ("sermon notes p.12–14 only", False),
        ("sermon notes, chapter 12, pages 3-4", False),
    ],
)
def test_a_page_range_counts_its_pages(body: str, done: bool) -> None:
    assert (habit_names(body, "Sermon notes 5 pg") != []) is done


def test_degrees_are_no_count() -> None:
    assert habit_names("• hill reps — 35°, skipped", "Hill reps x3") == []
    assert habit_names("- hill reps 2 then home, 31 degrees in the shade", "Hill reps x3") == []


def test_a_count_blocked_in_one_sentence_is_looked_for_in_another() -> None:
    body = (
        "Back in school I read 5 pages of Gita every dawn. "
        "Tonight on the bus I read 5 pages of it again."
    )
    assert habit_names(body, "Gita 5 pages") == ["Gita 5 pages"]


def test_a_count_in_another_sentence_needs_the_habits_word_beside_it() -> None:
    body = "Back in school I played sitar 20 min every dawn. The bus took 40 min today."
    assert habit_names(body, "Sitar 20 min") == []


# --------------------------------------------------------------------------- whose and when


def test_a_dated_log_line_keeps_the_writer_as_the_doer() -> None:
    body = "Thu 14/3 — cycled to the depot in the hail, soaked."
    assert habit_names(body, "Cycle to the depot") == ["Cycle to the depot"]


def test_a_year_last_century_is_long_ago() -> None:
    assert habit_names("In 1974 I swam across the bay with my brother.", "Swim") == []


def test_every_single_day_is_a_habit_not_a_day() -> None:
    assert (
        habit_names("At school I practised harp every single day, two hours.", "Harp practice")
        == []
    )


def test_a_reminder_opening_a_long_paragraph_does_not_cover_the_whole_day() -> None:
    body = (
        "Note to self: the clocks go forward on Sunday. Long shift, slept badly, the "
        "heating went off twice and the boiler man never came back. Swam 30 lengths at "
        "lunch with Ines, which saved the day. Then ironing and an early night."
    )
    assert habit_names(body, "Swim") == ["Swim"]


# --------------------------------------------------------------------------- asked, quoted, taught


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("the 'practise scales daily' poster fell off the fridge", "Scales 10 min"),
        ("the pharmacist asked had I taken my iron before food and I said no", "Iron tablet"),
        ("Showed the new girl how to do the till count, she did it all herself", "Till count"),
        ("- floss — did I? no idea\n- laundry", "Floss"),
        ("Gran asked 'do you still do your scales?' and I went red", "Scales 10 min"),
    ],
)
def test_quoted_asked_or_taught_is_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_quote_closed_by_a_question_mark_does_not_cover_the_rest_of_the_line() -> None:
    body = "Texted Ola, just 'you ok? how's the knee?', and later did my scales for 15 min."
    assert habit_names(body, "Scales 10 min") == ["Scales 10 min"]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("kanji cards 18 on the tram, tired", False),
        ("kanji cards 35 on the tram", True),
        ("kanji cards 20 min on the tram", True),
    ],
)
def test_a_count_right_after_the_words_of_a_name_ending_in_its_count(body: str, done: bool) -> None:
    assert (habit_names(body, "Kanji cards 30") != []) is done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("- walk round the lake → sat on the bench after, ducks", "Lake walk"),
        ("Edited the video from the weekend, 40 min.", "Video editing"),
    ],
)
def test_an_arrow_to_a_verb_and_a_thing_from_somewhere_are_still_done(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_bird_calls_are_birds_and_a_bible_chapter_is_no_thesis() -> None:
    cues, _ = effective_cues("Bird calls 15 min", None)
    assert "rang" not in cues
    assert "bird call*" in cues
    cues, _ = effective_cues("Bible app chapter", None)
    assert "drafted" not in cues
    assert habit_names("Learned two bird calls by the river, 20 min.", "Bird calls 15 min") == [
        "Bird calls 15 min"
    ]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Run: left at 6, back by 7, legs fine", "Morning run"),
        ("Stretches done by the fire after supper.", "Stretches"),
    ],
)
def test_left_at_a_time_and_done_by_a_place_are_still_done(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]
