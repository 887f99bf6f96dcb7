"""Issue 15, twenty-eighth round: a miss or a skip denied is a deed done ("did not miss
choir"), the next one of a thing is a plan ("my next swim", "I tell her on next call"),
a sentence opened by "must" or "should" is an intention however it parses, a time of day
after a name's number is no unit ("Glycomet 500 morning": a dose), school maths told by
its topic, money sent to a person, a word of a name glossed as a kinship word is no cue
alone, and a short accented word of a name kept as written. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    "body",
    [
        "Choir I did not miss, eight o'clock sharp.",
        "Did not miss choir tonight even with the rain.",
        "Didn't skip choir, my throat was fine after all.",
        "I never miss choir and tonight was no different.",
    ],
)
def test_a_miss_or_a_skip_denied_is_a_deed(body: str) -> None:
    assert habit_names(body, "Choir (Tue)") == ["Choir (Tue)"]


@pytest.mark.parametrize(
    "body",
    [
        "Missed choir again, the bus never came.",
        "Skipped choir, too tired after the shift.",
        "Won't skip choir tomorrow, I promised Rita.",
    ],
)
def test_a_miss_or_a_skip_is_still_no_deed(body: str) -> None:
    assert habit_names(body, "Choir (Tue)") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Next swim Saturday with the club.", "Swim"),
        ("Nonna I tell her on next call about the wedding.", "Call nonna 📞"),
    ],
)
def test_the_next_one_is_a_plan(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_the_next_day_told_in_the_past_is_still_a_deed() -> None:
    assert habit_names("The next day I swam 2 km in the lake.", "Swim") == ["Swim"]


@pytest.mark.parametrize(
    "body",
    ["Must phone Johan.", "Should phone Johan."],
)
def test_a_sentence_opened_by_must_is_an_intention(body: str) -> None:
    assert habit_names(body, "Bel Johan (Durban)") == []


def test_a_call_made_is_still_told() -> None:
    assert habit_names("Phoned Johan about the ram.", "Ring Johan (Perth)") == [
        "Ring Johan (Perth)"
    ]


@pytest.mark.parametrize("name", ["Glycomet 500 morning", "Walk 30 daily"])
def test_a_time_of_day_after_a_number_is_no_unit(name: str) -> None:
    assert count_target(name) is None


def test_a_dose_in_the_name_does_not_ask_a_count_of_the_entry() -> None:
    body = "Took Glycomet with chai at 7, then the train."
    assert habit_names(body, "Glycomet 500 morning") == ["Glycomet 500 morning"]


@pytest.mark.parametrize(
    "body",
    [
        "Noor homework long division done, 40 min at the kitchen table.",
        "I help Noor with percentages after dinner.",
    ],
)
def test_school_maths_is_told_by_its_topic(body: str) -> None:
    assert habit_names(body, "Maths w/ Noor") == ["Maths w/ Noor"]


def test_money_to_a_person_is_sending_it() -> None:
    body = "Sent $200 to Kalo thru Western Union after class."
    assert habit_names(body, "Money to Kalo") == ["Money to Kalo"]


def test_a_kinship_word_glossed_is_no_cue_alone() -> None:
    cues, _ = effective_cues("Woo Yaay 📞", None)
    assert "yaay" not in cues


def test_a_short_accented_word_of_a_name_is_kept_as_written() -> None:
    cues, _ = effective_cues("Côr practice (Thursday)", None)
    assert any(cue.rstrip("*") == "côr" for cue in cues)


@pytest.mark.parametrize(
    "body",
    [
        "I hung up before it rang, she was asleep.",
        "Choir tonight at 8 but I was dead, told Carla to tell the maestro.",
        "Choir tonight at 8 but I was too tired, stayed home.",
    ],
)
def test_a_phone_ringing_or_a_night_too_tired_is_no_deed(body: str) -> None:
    name = "Call Rosa" if "rang" in body else "Choir (Tue)"
    assert habit_names(body, name) == []


def test_someone_named_by_whose_they_are_does_it() -> None:
    body = "Omkar's aai read Haripath in the evening with the neighbours."
    assert habit_names(body, "Haripath evening") == []


@pytest.mark.parametrize(
    "body",
    [
        "Went to choir but I was too tired to sing the solo.",
        "Before it got dark I rang Rosa, we talked an hour.",
    ],
)
def test_a_deed_with_a_tired_part_or_a_time_clause_is_still_told(body: str) -> None:
    name = "Call Rosa" if "Rosa" in body else "Choir (Tue)"
    assert habit_names(body, name) == [name]


def test_whom_a_sport_is_played_with_is_no_cue_of_its_own() -> None:
    cues, _ = effective_cues("Football w/ stage boys ⚽", None)
    assert not any(cue.startswith("stage") for cue in cues)
    assert "football" in cues


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("Sauna (šeštad.)", "Šeštadienis at last, but the lake was frozen."),
        ("Pintxo night (osteguna)", "Osteguna, rain all day, stayed in."),
    ],
)
def test_lithuanian_and_basque_days_in_a_name_are_when_not_what(name: str, body: str) -> None:
    assert habit_names(body, name) == []


def test_the_meal_a_pill_is_taken_with_is_still_a_cue() -> None:
    cues, _ = effective_cues("Atorvastatin w/ supper", None)
    assert any(cue.startswith("supper") for cue in cues)
