"""Issue 15, twenty-fifth round: "not" as romanised Hindi and Urdu say it, a name that caps
a count, a language learned for a purpose, a maybe, meaning to, weary of a thing, the
person a call habit reaches doing it to another, "no." before a number, a line opened by
another language's "no", two named hours of prayer, habit names in more languages, whom a
class is taken with, and lexicon words. Sentences of the test's own.
"""

from __future__ import annotations

import pytest

from app.nlp.gloss import in_english
from tests.services.test_cue_rules import habit_names, seeded_cues


@pytest.mark.parametrize(
    "body",
    [
        "Subah walk nahi hua, baarish thi.",
        "aaj walk nahin kiya yaar",
        "walk karna bhool gaya, seedha class",
        "walk aaj bhi reh gaya",
    ],
)
def test_not_done_as_romanised_hindi_says_it(body: str) -> None:
    assert habit_names(body, "Evening walk 20 min") == []


def test_done_in_romanised_hindi_is_still_read() -> None:
    assert habit_names("shaam ko walk kiya 25 min, phir dal chawal", "Evening walk 20 min") == [
        "Evening walk 20 min"
    ]


@pytest.mark.parametrize("name", ["Coffee – 2 max", "Beers max 3", "Cigarettes 1 or less"])
def test_a_name_that_caps_a_count_is_restraint(name: str) -> None:
    assert seeded_cues(name) == set()


def test_a_name_called_max_is_no_cap() -> None:
    assert "walk" in seeded_cues("Walk Max")


def test_a_language_learned_for_a_purpose_is_the_language() -> None:
    cues = seeded_cues("Hiking English – 1 unit")
    assert "walk" not in cues
    assert "hiking" not in cues  # the purpose is no cue of its own either
    assert "duolingo" in cues
    assert "read" in seeded_cues("Read Portuguese")  # the reading, not only the language
    assert "walk" in seeded_cues("Walk & Spanish podcast")  # both


@pytest.mark.parametrize(
    "body",
    [
        "Maybe the pool on Friday if the ankle holds.",
        "Perhaps a swim after work, we'll see.",
    ],
)
def test_a_maybe_without_a_past_verb_is_a_hope(body: str) -> None:
    assert habit_names(body, "Swim") == []


def test_a_maybe_before_a_number_or_a_past_verb_is_still_told() -> None:
    assert habit_names("Maybe swam 30 lengths, lost count.", "Swim") == ["Swim"]
    assert habit_names("maybe 40 lengths at the pool tonight", "Swim") == ["Swim"]


@pytest.mark.parametrize(
    "body",
    [
        "Drove to the canal meaning to jog, sat in the car instead.",
        "Went out intending to jog and ended up at the bakery.",
    ],
)
def test_meaning_to_is_no_deed(body: str) -> None:
    assert habit_names(body, "Canal jog 5k") == []


@pytest.mark.parametrize(
    "body",
    [
        "Honestly so tired of the finger prick, skipped it.",
        "sick of stretching, it does nothing",
        "fed up with the flashcards this week",
    ],
)
def test_weary_of_a_thing_is_no_deed(body: str) -> None:
    assert habit_names(body, "Finger prick", "Stretching", "Flashcards") == []


def test_the_person_a_call_reaches_calling_someone_else_is_their_deed() -> None:
    assert habit_names("Nonna called Mum for an hour.", "Nonna call 📞") == []
    assert habit_names("Nonna sent a postcard from Bari.", "Nonna call 📞") == []
    assert habit_names("Rang Nonna after lunch, she's well.", "Nonna call 📞") == ["Nonna call 📞"]


def test_no_before_a_short_number_is_a_number() -> None:
    assert habit_names("Mock no. 4 done, 61%.", "Weekend mock") == ["Weekend mock"]
    assert habit_names("Mock no, too tired.", "Weekend mock") == []
    assert habit_names("Radio no. 4,500 steps only.", "Radio course") == []


@pytest.mark.parametrize("body", ["Sega lotu today, too much rain.", "Keine Lotu heute."])
def test_a_line_opened_by_another_languages_no(body: str) -> None:
    assert habit_names(body, "Lotu (Sunday)") == []


def test_two_named_hours_of_prayer_are_told_by_their_names() -> None:
    cues = seeded_cues("Lauds and Evensong")
    assert {"lauds", "evensong"} <= cues
    assert "pray" not in cues
    assert "went to ? church" not in cues
    assert habit_names("Pizza with the youth group after Mass.", "Lauds and Evensong") == []


def test_a_named_prayer_keeps_the_familys_cues_alone() -> None:
    assert "pray" in seeded_cues("Vespers")


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Mache 20 min", "walk 20 min"),
        ("Voye kòb bay manman", "send money"),
        ("Kawm ntawv", "study"),
        ("Boxtraining", "boxing"),
        ("Kassenbuch", "cash book"),
    ],
)
def test_habit_names_in_more_languages(name: str, english: str) -> None:
    assert english in in_english(name).lower()


def test_english_with_a_persons_name_another_language_holds_stays_english() -> None:
    assert in_english("Kids reading ✏️ Dawa/Tenzin") == "Kids reading ✏️ Dawa/Tenzin"
    assert "medicine" in in_english("Dawa ya asubuhi")  # Swahili: the morning medicine


def test_sending_money_home_is_no_budgeting_and_a_cash_book_no_reading() -> None:
    assert "sent money" in seeded_cues("Voye kòb Manman")
    assert "budget" not in seeded_cues("Voye kòb Manman")
    assert "bookkeeping" in seeded_cues("Kassenbuch abends")
    assert "chapter" not in seeded_cues("Kassenbuch abends")


def test_whom_a_class_is_taken_with_is_read_beside_them() -> None:
    assert {"with marta", "marta class"} <= seeded_cues("Inglés con Marta")
    assert "ravi" not in seeded_cues("Study with Ravi")
    assert habit_names("After dinner sat with Ravi over his fractions.", "Study with Ravi") == [
        "Study with Ravi"
    ]
    assert habit_names("Ravi at his cousin's tonight.", "Study with Ravi") == []


@pytest.mark.parametrize(
    ("name", "cue"),
    [
        ("Papa se VC", "vc"),
        ("Test sugar before lunch", "checked my sugar"),
        ("Ice tub 8 min", "ice bath"),
        ("MBA 90 min", "studied"),
    ],
)
def test_lexicon_words_of_this_round(name: str, cue: str) -> None:
    assert cue in seeded_cues(name)
