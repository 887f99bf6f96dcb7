"""Issue 15, thirteenth round: a full stop the tokenizer split off ends a sentence, the
items of a day before one comma are no subject, a hyphenated name word as people also
write it, "only" a number short of the name's, whom a name's work is done with, where on
the body and too general words are no cues alone, the thing a name works on doing it
("clippers oiled"), a thing left idle, "done early" before a deadline, a picture that
closes a thought. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.nlp.forms import word_forms
from app.nlp.parse import parse_entry
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import detect


def test_a_full_stop_split_off_by_the_tokenizer_ends_a_sentence() -> None:
    parsed = parse_entry("Drills done, 10 min. Rowed 2k. Dr. Patel rang.")
    starts = {parsed.tokens[a].text for a, _ in parsed.sentences}
    assert {"Rowed", "Drills"} <= starts
    assert "Patel" not in starts  # "Dr." is one token: no sentence ends there
    assert [n for n, _ in detect("Drills done, 10 min. Rowed 2k.", "Rowing")] == ["Rowing"]


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        ("Morning clinic, evening lit the candles and prayed.", "Evening prayer", "prayed"),
        (
            "Choir in the morning (we sang well!), then washed the car inside and out.",
            "Wash the car",
            "washed the car",
        ),
    ],
)
def test_the_items_of_a_day_before_one_comma_are_no_subject(
    body: str, name: str, quote: str
) -> None:
    found = detect(body, name)
    assert [n for n, _ in found] == [name]
    assert quote in found[0][1]
    assert "morning" not in found[0][1].lower()  # the quote leaves the other item out


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Did my push ups on the landing, 3 sets.", "Push-ups 3x20"),
        ("situps 3x20 before the bus", "Sit-ups 3x20"),
        ("Omega with breakfast.", "Omega-3"),
    ],
)
def test_a_hyphenated_name_word_as_people_also_write_it(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_an_exclusion_is_matched_only_as_written() -> None:
    found = detect("Went for a walk in the rain after tea.", "Walk")
    assert [n for n, _ in found] == ["Walk"]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Squats only 2 sets today, knee twinging.", False),
        ("Only two sets of squats, then the rain came.", False),
        ("Squats 3x12 and only 5 minutes of stretching after.", True),
    ],
)
def test_only_a_number_short_of_the_names_is_not_done(body: str, done: bool) -> None:
    assert bool(detect(body, "Squats 3x12")) is done


def test_whom_a_two_word_deed_is_done_with_is_no_cue_alone() -> None:
    cues, _ = effective_cues("Balance drills w/ Mrs Okafor", None)
    assert "okafor*" not in cues
    assert "balance*" in cues
    assert detect("Mrs Okafor grumpy at lunch, no appetite.", "Balance drills w/ Mrs Okafor") == []
    skype, _ = effective_cues("Skype with Nana", None)
    assert "nana" in skype  # one word says what: the tail says with whom it is done


def test_where_on_the_body_or_a_general_word_is_no_cue_alone() -> None:
    cues, _ = effective_cues("Paraffin dip hands", None)
    assert "hands*" not in cues
    assert "paraffin*" in cues
    assert detect("Hands stiff as boards this morning.", "Paraffin dip hands") == []
    work, _ = effective_cues("Wrist roller work", None)
    assert "work" not in work
    assert "wrist roller" in work
    alone, _ = effective_cues("Hands", None)
    assert "hands*" in alone  # nothing else says what


def test_making_the_bed_is_no_sleep() -> None:
    cues, _ = effective_cues("Make bed", None)
    assert "fell asleep" not in cues
    assert detect("Fell asleep on the sofa at nine.", "Make bed") == []


def test_the_thing_a_name_works_on_doing_it_is_done() -> None:
    assert [n for n, _ in detect("Shears sharpened. Lunch late.", "Sharpen shears")] == [
        "Sharpen shears"
    ]
    assert [n for n, _ in detect("Kites fly after lunch, an hour.", "Fly kites")] == ["Fly kites"]
    assert detect("My brother oiled the bike chain.", "Oil bike chain") == []


@pytest.mark.parametrize(
    "body",
    [
        "Kettlebell sitting in the hall staring at me again.",
        "The yoga mat just gathering dust behind the door.",
    ],
)
def test_a_thing_left_idle_is_not_done(body: str) -> None:
    assert detect(body, "Kettlebell swings", "Yoga mat") == []


def test_a_doing_done_lying_down_is_still_done() -> None:
    found = detect("Did the breathing exercises lying down, 10 min.", "Breathing exercises")
    assert [n for n, _ in found] == ["Breathing exercises"]


def test_done_early_meets_a_deadline() -> None:
    found = detect("Three invoices and the ledger, done early.", "Ledger done by 5pm")
    assert [n for n, _ in found] == ["Ledger done by 5pm"]
    assert detect("Ledger, nearly finished.", "Ledger done by 5pm") == []


def test_a_short_plural_has_its_singular() -> None:
    assert "hem" in word_forms("hems")
    assert "bin" in word_forms("bins")
    assert word_forms("bus") == ()


def test_a_picture_closes_a_thought_unless_it_shows_the_word_before_it() -> None:
    body = "coach said the set was tight 🔥🔥 uploaded the clip to my channel after"
    assert [n for n, _ in detect(body, "Upload a clip")] == ["Upload a clip"]
    assert detect("piano 🎹 lesson is Thursday, need to practise", "Piano practice") == []


def test_a_called_off_habit_in_quotes_is_not_done() -> None:
    assert detect("sick all day so 'make bed' is cancelled", "Make bed") == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Morse trainer, lesson 12, 18 wpm.", "CW 20 min"),
        ("Long ragchew with a station in Oslo on 40m.", "QSO a day"),
        ("Uploaded the log to QRZ after supper.", "QRZ upload"),
    ],
)
def test_amateur_radio_has_words_of_its_own(body: str, name: str) -> None:
    names = ("CW 20 min", "QSO a day", "QRZ upload")
    assert [n for n, _ in detect(body, *names)] == [name]


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        ("Quiz night! We came second, I did the music round.", "Pub quiz", "We came second"),
        ("Allotment. Dug over two beds before the rain came.", "Allotment", "Dug over two beds"),
    ],
)
def test_a_heading_reaches_on_to_the_sentence_that_tells_it(
    body: str, name: str, quote: str
) -> None:
    found = detect(body, name)
    assert [n for n, _ in found] == [name]
    assert quote in found[0][1]


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        ("Vitamins ✓. Forgot the plants again.", "Vitamins", "Vitamins ✓"),
        ("Quiz night! Nobody from work came.", "Pub quiz", "Quiz night"),
        ("Allotment — rained off. Read instead.", "Allotment", None),
    ],
)
def test_a_heading_that_says_enough_or_is_followed_by_no_deed_stays_short(
    body: str, name: str, quote: str | None
) -> None:
    found = detect(body, name)
    assert [q for _, q in found] == ([quote] if quote else [])
