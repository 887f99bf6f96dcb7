"""Issue 15, thirty-first round: people counted as who did it ("300 people swim"), a
present deed under an "if" ("if not rain we start again our walks"), a given name a
habit's name types without its marks said with them in the entry ("su Egle", "Eglė"),
and the days as Haitian and Cape Verdean Creole, Icelandic, Lithuanian, Mongolian,
Armenian and Nepali write them in a schedule, which are never what is done. Sentences
of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE, is_day_word
from app.domain.journal.rules import named_person
from tests.services.test_cue_rules import habit_names, seeded_cues


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Hot day, maybe 200 people swim at the lagoon.", "Swim 30 lengths"),
        ("Twelve kids ran the whole loop with the coach.", "Run the loop"),
        ("if no wind we start again our rides, slowly", "Bike ride w/ Ana"),
        ("If the pool is open I swim before work.", "Swim 30 lengths"),
    ],
)
def test_others_counted_and_a_condition_are_no_deed(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("30 lengths, swam after the late shift.", "Swim 30 lengths"),
        ("If I'm honest, we cycled too far today.", "Bike ride w/ Ana"),
    ],
)
def test_a_count_of_the_deed_and_a_past_deed_after_if_are_read(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Eglė 25 min, animals and colours.", "Lietuviu k. su Egle 20 min"),
        ("Skyped Zoë after dinner.", "Skype Zoe"),
    ],
)
def test_a_name_typed_without_its_marks_is_said_with_them(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("name", "left"),
    [
        ("Domino na klubi (sesta)", "Domino na klubi"),
        ("Klas angle (mad/jed)", "Klas angle"),
        ("Kór (þri/fim)", "Kór"),
        ("Krepšinis antradieniais", "Krepšinis"),
        ("Misa domingu", "Misa"),
        ("Sakk-kör (sze)", "Sakk-kör"),
        ("Puja (sombar)", "Puja"),
    ],
)
def test_days_in_more_languages_are_a_schedule(name: str, left: str) -> None:
    assert SCHEDULE.sub("", name).strip() == left


@pytest.mark.parametrize("word", ["Dimanch", "Domingu", "Fimmtudagur", "Пүрэв", "Կիրակի"])
def test_a_day_in_more_languages_is_a_day(word: str) -> None:
    assert is_day_word(word)


def test_a_day_in_a_schedule_is_no_cue() -> None:
    assert "sesta" not in [c.rstrip("*") for c in seeded_cues("Dominó na klubi (sesta)")]
    assert habit_names("Sesta\nShift till 6, knees bad.", "Dominó na klubi (sesta)") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Took the pill after breakfast, then the market.", "Հաբ առավոտյան"),
        ("Two games of chess at the library with the juniors.", "Sakk játszma"),
    ],
)
def test_a_habit_named_in_armenian_or_hungarian_is_read(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_a_word_a_foreign_name_glosses_is_its_own_beside_a_family_that_has_it() -> None:
    body = "After supper, three games of rapid on the laptop."
    names = ("Rapid – 3 játszma", "Chess club (Wed)")
    assert habit_names(body, *names) == ["Rapid – 3 játszma"]


def test_a_word_a_sibling_writes_stays_the_siblings() -> None:
    body = "08:00-08:30 on ice alone at the rink."
    assert habit_names(body, "Edge work on ice 30 min", "Avanto dip") == ["Edge work on ice 30 min"]


@pytest.mark.parametrize(
    ("name", "who"),
    [
        ("Dorje lai phone (Solu)", "dorje"),
        ("mom рүү call (Arkhangai)", "mom"),
        ("Call Mom (Manila)", "mom"),
        ("Mummy ko call", "mummy"),
    ],
)
def test_the_person_a_call_reaches_is_not_where_they_are(name: str, who: str) -> None:
    assert named_person(name) == (who, "dobj")


def test_whom_a_deed_is_done_with_is_no_deed_where_the_sentence_says_none() -> None:
    body = "Roselène and me we stay inside watching the football, no walk nothing."
    assert habit_names(body, "Mache ak Roselène 30 min") == []


def test_whom_a_deed_is_done_with_still_shows_it_where_nothing_undoes_it() -> None:
    body = "Roselène and me walk to the market and back, 35 minute."
    assert habit_names(body, "Mache ak Roselène 30 min") == ["Mache ak Roselène 30 min"]
