"""Issue 15, thirty-second round: the days as Papiamentu, Mauritian Creole, Galician,
Sicilian, Tatar, Maltese and Italian write them in a schedule; "tomorrow" in more
languages; a thing called off or none of it, said before it as the Romance languages and
the Creoles do; a shrug ("we'll see") after it; Chinese "not" after it and "went past"
before it; a present deed under an "if" that follows; whom a name's "for" or "with"
names, alone, only where the entry puts them so; kilos; the rosary as its Romance
languages say it. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "left"),
    [
        ("Ensayo koro (djaluna)", "Ensayo koro"),
        ("Klas kreol (lindi)", "Klas kreol"),
        ("Gaita (xoves)", "Gaita"),
        ("Bocce (mar/gio)", "Bocce"),
        ("Мунча (шимбә)", "Мунча"),
        ("Quddiesa (Ħadd)", "Quddiesa"),
        ("Lace club (tnejn/ħamis)", "Lace club"),
    ],
)
def test_the_days_of_more_languages_are_a_schedule(name: str, left: str) -> None:
    assert " ".join(SCHEDULE.sub(" ", name).split()) == left


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Ko'ẽrõ gym temprano, lo juro.", "Gym lunes/miércoles"),
        ("Demin mo al lapes avek Ravi.", "Lapes 2x/sem"),
        ("Se suspendió el ensayo por la lluvia.", "Ensayo coro"),
        ("Lapli tro for, kanselé kite.", "Kite Le Morne"),
        ("Muy cansado, así que nada de guitarra hoy.", "Guitarra 20 min"),
        ("Choir practice tonight, we'll see.", "Choir practice"),
        ("太極 沒去, 下雨.", "太極 6點"),
        ("騎車 經過 大廟, many people.", "大廟 拜拜"),
        ("We light the sauna tonight if the wood is dry.", "Sauna Saturday"),
        ("Sauna at Per's if his stove holds.", "Sauna Saturday"),
        ("Too tired fi bake tonight.", "Bake bread"),
    ],
)
def test_plans_cancellations_and_denials_of_more_languages_are_no_deed(
    body: str, name: str
) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Ran 5k by the river, we'll see how the knee is.", "Run 5k"),
        ("太極 不錯 today, legs warm.", "太極 6點"),
        ("Today I walk to the market even if tired.", "Walk 30 min"),
        ("Said the rosario before bed.", "Rosary daily"),
        ("Picked 41 kilos by noon.", "Tea picking 40kg+"),
    ],
)
def test_deeds_beside_those_words_are_still_read(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_short_of_a_count_in_kilos_is_no_deed() -> None:
    assert habit_names("Only 22 kilos picked, rain all afternoon.", "Tea picking 40kg+") == []


@pytest.mark.parametrize(
    "body",
    [
        "Nani call tonight, she sounds tired.",
        "Lunch kot Nani after work.",
        "Nani fer curry li mem zordi.",
    ],
)
def test_whom_a_name_cooks_for_named_alone_is_no_deed(body: str) -> None:
    assert habit_names(body, "Curry pou Nani (dimans)") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Made a big curry for Nani, she ate two plates.", "Curry pou Nani (dimans)"),
        ("Coach Aroha had us run the haka twice.", "Haka w/ Coach Aroha"),
    ],
)
def test_whom_a_name_names_where_the_entry_puts_them_so_is_read(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_a_long_line_of_notes_for_oneself_is_reminders_throughout() -> None:
    body = (
        "Notes for me: sweep the yard EARLY tomorrow before the heat. Ring Doris about the "
        "pastizzi for the band. Lace club Thursday — finish the third edging, she will check!!"
    )
    assert habit_names(body, "Lace club – 30 min") == []


def test_a_long_note_line_that_tells_the_day_is_still_read() -> None:
    body = (
        "Note to self: more white thread. Finished the third edging at lace club tonight, two "
        "hours of pins, and Doris said the corner is the neatest she has seen this year."
    )
    assert habit_names(body, "Lace club – 30 min") == ["Lace club – 30 min"]
