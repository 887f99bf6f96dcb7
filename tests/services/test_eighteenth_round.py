"""Issue 15, eighteenth round: a log's "not <participle>" after an item, a bullet
journal's list of bare tasks, fewer sets by reps than the name asks, the name's own word
quoted before its family's, a thing only cleaned, bought or packed, and habits named in
more languages. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.nlp.gloss import in_english
from app.services.journal.cues import effective_cues, name_in_english
from tests.services.test_cue_rules import detect, habit_names


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Ovid: not touched. Long day.", "Ovid, 10 lines"),
        ("Cello - not practised, the bow needs hair.", "Cello"),
        ("Txt: drafted, not sent, too late.", "Text Morag"),
    ],
)
def test_a_log_item_answered_not_done_is_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_log_item_answered_with_a_state_is_still_done() -> None:
    assert habit_names("Run: not tired at all, 5k in the rain.", "Run 5k") == ["Run 5k"]


def test_a_bullet_list_of_bare_tasks_is_a_plan() -> None:
    body = "03/02\n• inbox\n• piano\n• yoga\n(slept most of the day)"
    assert habit_names(body, "Piano", "Yoga") == []


def test_a_bullet_list_that_tells_deeds_is_a_log() -> None:
    body = "03/02\n• inbox zero\n• practised piano 30 min\n• yoga"
    assert "Piano" in habit_names(body, "Piano", "Yoga")


def test_fewer_sets_by_reps_than_the_name_asks_are_not_done() -> None:
    assert habit_names("Gym at 6. Squats - 3x5, then my back said no.", "Squats 5x5") == []
    assert habit_names("Gym at 6. Squats - 5x5, then my back said no.", "Squats 5x5") == [
        "Squats 5x5"
    ]


def test_the_names_own_word_is_quoted_before_its_familys() -> None:
    [(_, quote)] = detect("Sun. 0900 gym. Squat 5x5 @ 110, all clean reps.", "Squats 5x5")
    assert quote.startswith("Squat 5x5")


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("In the afternoon I was cleaning my cello with a soft cloth.", "Cello practice"),
        ("Bought a new yoga mat in town.", "Yoga"),
        ("Packed the banjo for the trip.", "Banjo"),
    ],
)
def test_a_thing_only_kept_or_got_is_no_deed(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_thing_kept_as_the_name_asks_is_the_deed() -> None:
    assert habit_names("Waxed the skis after lunch.", "Wax skis") == ["Wax skis"]


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Читать 20 страниц", "read 20 pages"),  # Russian
        ("Плавання 1 км", "swimming 1 kilometres"),  # Ukrainian
        ("Čitanje 30 min", "reading 30 min"),  # Croatian
    ],
)
def test_names_in_more_languages_read_in_english(name: str, english: str) -> None:
    assert in_english(name).lower() == english


def test_a_glossed_cyrillic_name_asks_for_its_count() -> None:
    assert count_target(name_in_english("Читать 20 страниц")) == (20.0, "page")
    assert habit_names("Before bed I read 25 pages of the novel.", "Читать 20 страниц") == [
        "Читать 20 страниц"
    ]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("did my 25 words on the app before the bus", "vocab 25/day"),
        ("Before bed 15 mins of Travis picking, slow.", "Fingerpicking 15 min"),
        ("After lunch I wrote four pages to Nkechi.", "Letter to Nkechi"),
    ],
)
def test_deeds_told_in_their_own_words(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Reading - nothing, the telly won.", "Read 25 pages"),
        ("zbor jutri, bring the folder", "Zbor"),
        ("Video call bukas pag may wifi sa port.", "Video call kids"),
        ("Amanhã tem aula with Fiona and I didn't do the homework.", "Aula with Fiona"),
    ],
)
def test_nothing_and_tomorrow_as_writers_leave_them(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_morning_in_another_language_is_no_tomorrow() -> None:
    assert habit_names("Caminé 5 km por la mañana.", "Walk 5 km") == ["Walk 5 km"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("After supper I wove for an hour and a half.", "Loom 1 hr"),
        ("Fed and watered the goats before the school run.", "Water & hay the goats"),
        ("Still did Polish 30 minutes with the workbook.", "Polski 30 min"),
    ],
)
def test_weaving_stock_and_a_language_named_in_itself(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_water_and_hay_for_animals_is_no_drink() -> None:
    cues, _ = effective_cues("Water & hay the goats", None)
    assert "drank water" not in cues
    assert "hauled water" in cues


def test_sitting_by_the_thing_is_not_using_it() -> None:
    assert habit_names("I sat by the loom with my coffee.", "Loom 1 hr") == []
    assert habit_names("I sat at the loom for an hour and a half.", "Loom 1 hr") == ["Loom 1 hr"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("0900Z 300 skips on the foredeck, 3 sets x100.", "Jump rope 300"),
        ("2100Z five decades in the cabin before sleep.", "Rosary"),
        ("First batch of pandesal since Manila, 120 pcs.", "Bake for crew"),
        ("Did the walk around before we left the depot.", "Pre-start check"),
    ],
)
def test_a_ships_clock_and_the_words_of_a_trade(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]
