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


@pytest.mark.parametrize(
    "body",
    [
        "Flute nil.",
        "Flute n/a, away at the coast.",
        "Flute untouched. Bed early.",
        "Flute not tonight.",
        "Flute: packed, not started.",
    ],
)
def test_a_log_item_answered_no_after_it_is_not_done(body: str) -> None:
    assert detect(body, "Flute 20m") == []


def test_no_between_a_cues_words_denies_it() -> None:
    assert detect("It was Sunday but I did no seva at all.", "Seva") == []


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Slept 2230-0610.", True),
        ("Slept 23:40–05:10, alarm early.", False),
        ("Slept 0100-0600.", False),
    ],
)
def test_a_span_of_clock_times_is_how_long_it_lasted(body: str, done: bool) -> None:
    assert bool(detect(body, "7h sleep")) is done


@pytest.mark.parametrize(("body", "done"), [("Flute 10m.", False), ("Flute 25m.", True)])
def test_m_after_a_number_is_minutes_unless_the_habit_goes_a_distance(
    body: str, done: bool
) -> None:
    assert bool(detect(body, "Flute 20m")) is done
    assert [n for n, _ in detect("Swam 800m in the lido.", "Swim 400m")] == ["Swim 400m"]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Ran the shop all afternoon.", False),
        ("Had to run the bins out before the lorry came.", False),
        ("Ran the river loop twice.", True),
        ("Ran 6k after work.", True),
    ],
)
def test_run_with_a_thing_as_its_object_is_no_run(body: str, done: bool) -> None:
    assert bool(detect(body, "Run")) is done


def test_someone_described_after_a_comma_is_the_doer() -> None:
    body = "Marta, the new carer, took Mum around the park this morning."
    assert detect(body, "Walk with Mum") == []


def test_did_hung_on_a_noun_with_someone_else_before_it() -> None:
    assert detect("lena did pamela reif abs on facetime, i watched", "Pamela Reif abs") == []
    found = detect("i did pamela reif abs on facetime", "Pamela Reif abs")
    assert [n for n, _ in found] == ["Pamela Reif abs"]


@pytest.mark.parametrize(
    "body",
    [
        "Did Ama's stretches after her bath.",
        "When I got in I did her stretches before supper.",
    ],
)
def test_a_habit_done_for_someone_it_names_takes_their_possessive(body: str) -> None:
    assert [n for n, _ in detect(body, "Ama's stretches")] == ["Ama's stretches"]


def test_another_days_or_someone_elses_possessive_still_blocks() -> None:
    assert detect("Legs dead from Saturday's run.", "Run") == []
    assert detect("Borrowed Nan's cookbook from the shelf.", "Cook from Nan's book") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Tonight's examen was short but honest.", "Daily Examen"),
        ("Did the Bible app plan, it was on Ruth.", "Bible app plan"),
        ("Map drill: 20 min with last year's regional map.", "Map drill 15 min"),
        ("Txt'd the girls 2100.", "Text the girls"),
    ],
)
def test_todays_possessive_a_names_own_plan_and_a_things_year_are_no_block(
    body: str, name: str
) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Ring Nan from the station (plan).", "Ring Nan"),
        ("Flute in kit bag, no time.", "Flute 20m"),
        ("The only laps today were round the supermarket.", "Pool laps x3"),
        ("Did the morning prayer only, rest of the rosary left.", "Rosary"),
    ],
)
def test_a_plan_mark_a_packed_thing_another_sense_and_a_part_left_are_not_done(
    body: str, name: str
) -> None:
    assert detect(body, name) == []


def test_only_half_is_short_of_one() -> None:
    assert detect("Read only half chapter before sleep.", "Read 1 chapter") == []


def test_whom_a_name_reaches_is_no_cue_alone() -> None:
    cues, _ = effective_cues("Text Morag + girls", None)
    assert "girls" not in cues
    assert detect("Girls in the same room tonight.", "Text Morag + girls") == []


def test_a_person_by_their_initial() -> None:
    found = detect("Txt'd M + girls 2100.", "Text Morag + girls")
    assert [n for n, _ in found] == ["Text Morag + girls"]


def test_a_count_goes_on_past_a_split_the_parser_made_in_a_line() -> None:
    body = "📚 Dutch listening 20 min on the tram\n✅ suncream x2"
    assert detect(body, "Dutch study 30m") == []


def test_the_thing_done_read_as_the_subject_of_how() -> None:
    found = detect("I did the examen lying down tonight.", "Daily Examen")
    assert [n for n, _ in found] == ["Daily Examen"]
    assert detect("My husband did the examen lying down.", "Daily Examen") == []


@pytest.mark.parametrize(("body", "done"), [("twice", True), ("once", False)])
def test_twice_counts_for_a_name_of_so_many_times(body: str, done: bool) -> None:
    found = detect(f"Grandad's inhaler {body} today, his sats 95.", "Grandad's inhaler 2x")
    assert bool(found) is done


def test_set_out_but_turned_back_is_not_there_and_back() -> None:
    body = "Set out for the pier but turned back at the chapel, too windy."
    assert detect(body, "Down the pier and back") == []
    assert detect("Down the pier and back before tea.", "Down the pier and back")


def test_a_call_that_all_failed_is_no_call() -> None:
    for body in (
        "Try video call to Nia three time, all fail, signal so slow.",
        "Video call to Nia three times, all failed, signal so slow.",
    ):
        assert detect(body, "Video call Nia") == []


def test_gatka_is_a_martial_art_and_keeps_its_own_word() -> None:
    found = detect("At the hall I sparred with Jasdeep for forty minutes.", "Gatka practice")
    assert [n for n, _ in found] == ["Gatka practice"]
    assert [n for n, _ in detect("Gatka at the hall tonight, good.", "Gatka practice")]


def test_no_because_after_an_item_is_not_done() -> None:
    assert detect("abs no bc i had tryouts and my legs are dead", "Pamela Reif abs") == []


def test_an_item_answered_no_is_not_done_by_the_numbers_beside_it() -> None:
    body = "Riyaz zero, throat raw from nine hours of talking."
    assert detect(body, "Riyaz 30 min") == []
    assert detect("Riyaz 40 minutes, throat fine.", "Riyaz 30 min")


def test_a_number_counted_in_another_measure_is_no_count_of_the_habit() -> None:
    body = "Grandad is in the ward, the nurses do his inhaler every four hours."
    assert detect(body, "Grandad's inhaler 2x") == []
    assert detect("Grandad's inhaler given 2 times today.", "Grandad's inhaler 2x")


@pytest.mark.parametrize("body", ["✔ made bed\n✖ footwork", "footwork ✖ (rest day)", "❎ footwork"])
def test_every_cross_marks_an_item_not_done(body: str) -> None:
    assert detect(body, "Footwork 15'") == []
