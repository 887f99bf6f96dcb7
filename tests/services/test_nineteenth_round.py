"""Issue 15, nineteenth round: memories told as memories, durations in other languages'
units and counters, habits named in Chinese, Japanese or Korean script, a short word with
an accent naming the language, sets by reps short after "only", a speed that is no
distance, a walk to another place, a call the person made, and the name's own word
quoted first. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.nlp.gloss import in_english, run_in_words
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import detect, habit_names


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Rain all day. I remember that regatta, the whole town on the quay.", "Regatta"),
        ("We talked about summer '87 when we cycled the whole Danube path.", "Cycle 30 km"),
        ("I thought of Accra, when I was nine and Grandpa made me swim at dawn.", "Swim"),
    ],
)
def test_a_memory_is_not_todays_deed(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_remembering_to_do_it_is_still_a_deed() -> None:
    assert habit_names("I remembered to take my vitamins with lunch.", "Vitamins") == ["Vitamins"]


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Tesis 1 hora", (60.0, "minute")),
        ("Klavier 1 Std.", (60.0, "minute")),
        ("Türkçe 20 dk", (20.0, "minute")),
        ("尺八 20分", (20.0, "minute")),
        ("8000歩", (8000.0, "step")),
        ("걷기 30분", (30.0, "minute")),
    ],
)
def test_a_names_count_in_other_languages_units(name: str, target: tuple[float, str]) -> None:
    assert count_target(name) == target


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Thesis: 45 min, then the library closed.", False),
        ("2 horas of tesis at the café.", True),
        ("Cornet only 5 minits, my lip hurt.", False),
    ],
)
def test_durations_in_other_units_are_compared(body: str, done: bool) -> None:
    name = "Cornet 15 mins" if "Cornet" in body else "Tesis 1 hora"
    assert bool(habit_names(body, name)) is done


def test_a_name_in_japanese_script_is_read_and_keeps_its_own_words() -> None:
    assert in_english("尺八 20分") == "shakuhachi 20 min"
    assert in_english("8000歩") == "8000 steps"
    assert run_in_words("NHKラジオ英会話") == ["ラジオ", "英会話"]
    assert "書道" in effective_cues("書道 1枚", None)[0]


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("尺八 25分 after dinner.", "尺八 20分", True),
        ("尺八 10分 only, too tired.", "尺八 20分", False),
        ("Good day. 9,420歩.", "9000歩", True),
        ("Rain. 3,100歩.", "9000歩", False),
    ],
)
def test_counters_glued_to_numbers_are_counted(body: str, name: str, done: bool) -> None:
    assert bool(habit_names(body, name)) is done


def test_a_short_word_with_an_accent_names_the_language() -> None:
    assert in_english("Gọi cho Má") == "call to Má"
    assert habit_names("At nine I call Má, she is fine.", "Gọi cho Má") == ["Gọi cho Má"]


def test_the_glossed_persons_word_alone_is_no_call() -> None:
    cues = effective_cues("Annemi ara", None)[0]
    assert "mother*" not in cues
    assert "mother" not in cues
    assert habit_names("Mothers in the park with prams.", "Annemi ara") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Sled only 4 x 20m, legs gone.", "Sled push 6x20m"),
        ("Neck only 3x12 today.", "Neck 3x15"),
    ],
)
def test_sets_by_reps_short_after_only(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_body_part_with_sets_is_the_exercise() -> None:
    assert habit_names("Neck 3x15 with the harness.", "Neck 3x15") == ["Neck 3x15"]


def test_a_speed_is_no_distance() -> None:
    assert habit_names("Wind at 90 km/h all day, stayed in.", "Run 8 km") == []
    assert habit_names("Ran 10 km along the front.", "Run 8 km") == ["Run 8 km"]


def test_a_walk_to_another_place_is_not_the_walk_to_the_named_one() -> None:
    name = "Walk to Carn Point"
    assert habit_names("I walked from the car park to the chemist for bread.", name) == []
    assert habit_names("I walked out the road to Carn Point and back.", name) == [name]


def test_the_person_called_acting_is_not_the_writers_call() -> None:
    assert habit_names("wren left a voicemail while I was out.", "call wren") == []
    assert habit_names("called wren after work, an hour.", "call wren") == ["call wren"]


def test_a_hedge_in_the_name_is_no_cue() -> None:
    cues = effective_cues("Do a bit of baking", None)[0]
    assert "bit" not in cues
    assert "bak*" in cues


def test_a_business_s_books_are_bookkeeping_not_reading() -> None:
    name = "Shop books"
    assert habit_names("Read two chapters of my novel on the bus.", name) == []
    assert habit_names("Put all the receipts into QuickBooks after close.", name) == [name]


def test_a_log_item_answered_no_before_a_dash() -> None:
    assert habit_names("meds yes. pages no — overslept.", "3 pages before coffee", "meds") == [
        "meds"
    ]


def test_the_names_own_word_after_a_qualifier_is_quoted_first() -> None:
    [(_, quote)] = detect("Gym 6am before work. Squats 140kg, 5 sets of 5.", "Back squat 5x5")
    assert quote.startswith("Squats")


def test_a_walk_out_the_road_is_a_walk() -> None:
    assert habit_names("After tea I walked out the road to the cross.", "Evening walk") == [
        "Evening walk"
    ]


def test_a_cue_with_a_possessive_matches_as_the_tokens_split_it() -> None:
    assert habit_names("Made Mama's mujaddara for the week.", "Cook one of Mama's recipes") == [
        "Cook one of Mama's recipes"
    ]


def test_a_word_as_written_is_quoted_before_a_name_it_is_near() -> None:
    body = "Sanna and the boys come from Stockholm on the ferry. Evening all in sauna."
    [(_, quote)] = detect(body, "Sauna evening")
    assert quote == "Evening all in sauna"


def test_id_with_a_participle_is_had_not_would() -> None:
    assert habit_names("Good light, so I'd ten rows done before tea.", "Knit 10 rows") == [
        "Knit 10 rows"
    ]
    assert habit_names("I'd knit ten rows if I could see.", "Knit 10 rows") == []


def test_a_part_of_a_compound_name_is_its_own_cue() -> None:
    assert "avanto" in effective_cues("Avantouinti", None)[0]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Dev and I are doing a climbing session tuesday.", "Climb"),
        ("I'm seeing Mum on Friday for lunch.", "Visit Mum"),
    ],
)
def test_what_is_being_done_on_a_named_day_is_arranged(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_either_of_two_people_named_together_may_be_called() -> None:
    name = "Anruf Mama/Baba (Antep)"
    assert habit_names("Called Baba at lunch, he is fine.", name) == [name]
    assert habit_names("Called Mama after Isha.", name) == [name]
    assert habit_names("Rang the surgery about my knee.", "Call Mum/Dad") == []


def test_an_item_answered_no_after_an_ellipsis_is_not_done() -> None:
    assert habit_names("Class moved to Thursday. Tesis... no.", "Tesis 1 hora") == []
    assert habit_names("Tesis... two hours, chapter 3 done.", "Tesis 1 hora") == ["Tesis 1 hora"]
