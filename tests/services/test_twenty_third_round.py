"""Issue 15, twenty-third round: what a habit's name says besides its deed (a person it
is done for or with, a first name that is also a word, a phone emoji), shares short of
the whole, "NG", gear named by its sport, a distance of another sport, and a walk to
another place. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.counts import ticked_name
from app.domain.journal.cues import whom_in
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import habit_names


def test_a_distance_told_beside_another_sport_is_not_the_names() -> None:
    assert habit_names("Sat. Long walk 14km with Ana, no erg.", "Row 5k") == []
    assert habit_names("Cycled 12 km to the depot. No run today.", "Run 10k") == []
    assert habit_names("Rowed 5.4k on the erg before work.", "Row 5k") == ["Row 5k"]
    assert habit_names("Swam 2.2km at the lido, then walked home.", "Swim 2km") == ["Swim 2km"]


@pytest.mark.parametrize(
    ("name", "not_a_cue"),
    [
        ("Kickabout w/ our Sami", "our"),
        ("Canning and preserves", "can"),
        ("Kelvin schoolwork", "kelvin"),
        ("Transfer $40 for Amara", "amara"),
    ],
)
def test_a_word_that_says_no_deed_is_no_cue_alone(name: str, not_a_cue: str) -> None:
    cues, _ = effective_cues(name, None)
    assert not_a_cue not in {cue.rstrip("*") for cue in cues}


def test_a_first_name_that_is_also_a_verb_stays_the_deed() -> None:
    cues, _ = effective_cues("Mark essays", None)
    assert "mark" in cues


def test_the_first_name_of_a_deed_is_cued_beside_its_words() -> None:
    assert (
        habit_names("Kelvin came round after school, his mum was late.", "Kelvin schoolwork") == []
    )
    cues, _ = effective_cues("Emir school pickup", None)
    assert "emir pickup*" in cues


def test_a_phone_in_a_name_asks_for_a_call() -> None:
    assert habit_names("After dinner I call Awa on whatsapp, 20 min.", "Woo Awa 📞") == [
        "Woo Awa 📞"
    ]
    cues, _ = effective_cues("Tour the park 🌳", None)
    assert not any("_" in cue for cue in cues)  # no emoji's code ("deciduous_tree")


def test_an_emoji_that_repeats_the_words_adds_nothing() -> None:
    cues, _ = effective_cues("Make bed 🛏️", None)
    assert "went to bed" not in cues
    assert habit_names("Went 4-2 in pools at the club night.", "Make bed 🛏️") == []


def test_whom_a_deed_is_for_is_no_ticked_item_of_it() -> None:
    assert whom_in("Wave $50 pour Awa") == {"awa"}
    assert whom_in("Walk seawall") == frozenset()
    body = "Mardi\n- call Awa ✔ 20 min\n- Wave ✖ next week"
    assert ticked_name(body, "Wave $50 pour Awa", None) is None
    assert habit_names(body, "Wave $50 pour Awa", "Woo Awa 📞") == ["Woo Awa 📞"]


@pytest.mark.parametrize(
    "body",
    [
        "06:00 run NG, typhoon warning.",
        "Fajr raté encore, alarm off.",
        "Chore chart 1/3 (only the bins).",
        "Prayers: 4/5 today.",
    ],
)
def test_an_item_marked_undone_or_short_of_the_whole(body: str) -> None:
    names = ("Run 5k", "Fajr on time", "Chore chart all 3", "Prayers x5")
    assert habit_names(body, *names) == []


def test_the_whole_share_is_done_and_a_date_is_no_share() -> None:
    assert habit_names("Chore chart 3/3!", "Chore chart all 3") == ["Chore chart all 3"]
    assert habit_names("Gym 3/4/25 legs and core", "Gym") == ["Gym"]


def test_gear_named_by_its_sport_is_a_thing() -> None:
    assert habit_names("Got proper running trainers at JD, £55.", "Couch to 5K") == []
    assert habit_names("06:10 running shoes in suitcase", "Run 5k") == []
    assert habit_names("Went running in the park after work.", "Run") == ["Run"]


def test_a_pill_ticked_is_a_pill_taken() -> None:
    assert habit_names("6:00 up, porridge, pill ✓", "Lisinopril after breakfast") == [
        "Lisinopril after breakfast"
    ]


def test_two_given_names_are_told_by_their_initials() -> None:
    assert habit_names("called jw from the bus to say sorry", "Call Jia Wen") == ["Call Jia Wen"]


def test_homework_told_by_what_it_is_on() -> None:
    assert habit_names("After tea we did the spelling words, all right but two.", "Homework") == [
        "Homework"
    ]


def test_a_walk_to_another_place_is_not_the_walk_to_the_named_one() -> None:
    name = "Walk down to the pond"
    assert habit_names("This morning I walked down to the postbox and back.", name) == []
    assert habit_names("Before tea I walked down to the pond, slow.", name) == [name]
    assert habit_names("walked to the bakery and the butchers", "Walk to the shops") == [
        "Walk to the shops"
    ]


def test_a_possessive_name_word_is_matched_as_the_tokens_split_it() -> None:
    assert habit_names("Went to St Mary's for the ten o'clock.", "Mass at St Mary's") == [
        "Mass at St Mary's"
    ]


def test_a_german_name_of_letters_to_the_grandchildren_is_glossed() -> None:
    name = "Brief an die Enkel"
    assert habit_names("After lunch I wrote to Lotte in Madison, two pages.", name) == [name]
    cues, _ = effective_cues(name, None)
    assert "dying" not in cues  # "die" is German "the", not the English verb


def test_what_the_place_of_a_walk_is_like_is_no_walk() -> None:
    assert (
        habit_names("Too wet, and the seawall is for the young ones today.", "Walk seawall") == []
    )
    assert habit_names("The creek is up over the low bridge.", "Walk down to the creek") == []
    assert habit_names("Walked the seawall to English Bay.", "Walk seawall") == ["Walk seawall"]
    assert habit_names("Tonight's examen was short.", "Daily Examen") == ["Daily Examen"]
    assert habit_names("The swim was lovely, a calm sea.", "Pool swim") == ["Pool swim"]


def test_a_jog_is_a_run_beside_its_distance() -> None:
    assert habit_names("Jogged 10.2k round the park, then a short walk.", "Run 10k") == ["Run 10k"]
