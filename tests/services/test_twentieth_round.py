"""Issue 15, twentieth round: a name's days in any language, one of two times of day, a
call that was only a message, fewer counted or less money than the name asks, purposes
and plans told with "so I can" and "to … later", a denied verb above an infinitive, the
writer's own "doesn't count", the place a name goes into only described, savings clubs
and remittances, under-12s, a child picked up. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE, is_day_word
from app.domain.journal.cues import seed_cues
from app.services.journal.cues import cue_families, effective_cues
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("Badminton (Mon/Wed/Fri)", "Badminton"),
        ("Chorprobe Di/Do", "Chorprobe"),
        ("Mercado de domingo", "Mercado"),
        ("Kaffestuga (tors)", "Kaffestuga"),
        ("Thurs. evening pottery", "evening pottery"),
        ("Sat in silence", "Sat in silence"),  # a verb, not a day
        ("Walk to/from work", "Walk to/from work"),
    ],
)
def test_a_names_schedule_is_taken_off(name: str, what: str) -> None:
    assert " ".join(SCHEDULE.sub(" ", name).split()) == what


def test_the_days_of_a_schedule_are_no_cues() -> None:
    cues, _ = seed_cues("Badminton (Tue/Thu/Sat)", cue_families())
    assert not {"tue", "thu", "sat", "sit", "sitting"} & set(cues)
    assert habit_names("Thu\nLong day at the office, home late.", "Shuttle (Tue/Thu/Sat)") == []
    assert habit_names("Sat, Mysore. Long drive with the kids.", "Shuttle (Tue/Thu/Sat)") == []


def test_a_day_written_in_another_language_is_no_cue_inside_it() -> None:
    assert is_day_word("Quinta-feira,") is False  # the punctuation is the caller's to strip
    assert is_day_word("Quinta-feira")
    assert is_day_word("Samstag")
    assert not is_day_word("feira")
    assert habit_names("Quinta-feira. Rain all morning.", "Feira de sábado") == []
    assert habit_names("Sábado, fui à feira com a Rosa.", "Feira de sábado") == ["Feira de sábado"]
    assert habit_names("Sunday league, we drew 2-2.", "Football") == ["Football"]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Took the morning tablet with my tea.", False),
        ("Morning pill yes, the evening one forgotten.", False),
        ("Took my morning and night pills.", True),
        ("Pills with breakfast and again after supper.", True),
    ],
)
def test_one_of_the_two_times_asked_is_half(body: str, done: bool) -> None:
    assert bool(habit_names(body, "Insulin pill morning & night")) is done


@pytest.mark.parametrize(
    "body",
    [
        "Tried to ring Noor but she was at work, so I only sent a voice message.",
        "Texted Noor a photo of the snow.",
        "Left Noor a voicemail about Sunday.",
    ],
)
def test_a_message_is_no_call(body: str) -> None:
    assert habit_names(body, "Call Noor") == []


def test_a_message_still_keeps_in_touch() -> None:
    assert habit_names("Texted Noor a photo of the snow.", "Text Noor") == ["Text Noor"]
    assert habit_names("Rang Noor at eight, an hour on the phone.", "Call Noor") == ["Call Noor"]


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("one revision block 4-5ish but mostly phone.", "revision block x2", False),
        ("two revision blocks, library till six.", "revision block x2", True),
        (
            "Only €5 I gave Señora Paz this week, she marked it half.",
            "Tanda €20 to Señora Paz",
            False,
        ),
        ("Gave Señora Paz €20 for the tanda.", "Tanda €20 to Señora Paz", True),
    ],
)
def test_fewer_or_less_than_the_name_asks(body: str, name: str, done: bool) -> None:
    assert bool(habit_names(body, name)) is done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Left work at five so I can make choir practice.", "Choir practice"),
        ("Printed the article to read later.", "Read 10 pages"),
        ("Stood at the back and didn't trust myself to sing.", "Singing practice"),
        (
            "rec was shut so Tia and i just walked around campus, doesnt count i guess.",
            "rec w/ Tia",
        ),
        ("Did the breathing on the bus, doesn't count really.", "Box breathing"),
    ],
)
def test_a_purpose_a_plan_or_the_writers_own_no(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_the_place_a_name_goes_into_only_described() -> None:
    assert habit_names("Sea was grey and wild this morning.", "Get in the sea") == []
    assert habit_names("Into the sea at seven, freezing.", "Get in the sea") == ["Get in the sea"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Paid Auntie Esi 30 cedis at the lorry park.", "Susu 30 daily"),
        ("Sent ₱5,000 to Kuya's account for the fees.", "Padala sa Cebu"),
        ("Did the Remitly after dinner, ₪900 for the rent.", "Padala to Nanay"),
        ("Had the under-14s on the pitch till dark.", "U14s coaching"),
        ("Got Lina from the Kita at four.", "Lina abholen"),
    ],
)
def test_how_people_tell_saving_sending_coaching_and_fetching(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_someone_else_picking_the_child_up_is_not_the_writers() -> None:
    assert habit_names("Papa picked her up at four from the Kita.", "Lina abholen") == []


def test_a_call_names_cues_leave_out_messages_but_a_text_names_keep_them() -> None:
    call, _ = effective_cues("Call Noor", None)
    text, _ = effective_cues("Text Noor", None)
    assert "texted" not in call
    assert "voice message*" not in call
    assert "texted" in text
    assert "rang" in call


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("I did Marta's sheet on the kitchen floor, all twelve.", "Shoulder rehab (Marta's sheet)"),
        ("went to dr kim's office hours and asked about the lab!!", "office hours"),
        (
            "Before sleep prayed the Glorious mysteries, thank you for Maria.",
            "Mysteries before sleep",
        ),
        ("Before work prayed the rosary.", "Rosary"),
        ("spent almost an hour on phone with Papa about the land.", "Call Papa"),
        ("I finally got Lorcan on the video, he's grand.", "WhatsApp Lorcan"),
        ("chatted w/ mum for an hour.", "Call Mum"),
    ],
)
def test_the_writers_own_deed_told_in_these_ways(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_another_cook_book_is_still_theirs() -> None:
    assert (
        habit_names("I took Nonna's book down from the shelf tonight.", "Cook from Nonna's book")
        == []
    )


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Gym skip today, I go sleep.", "Gym"),
        ("Month summary: course 2 modules, gym 11 times, ajo 30/30.", "Gym"),
        ("Weekly review: swim 3x, read most days.", "Swim"),
    ],
)
def test_a_skip_or_a_periods_tally_is_not_todays(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_heading_that_only_names_the_week_is_no_tally() -> None:
    assert habit_names("Week 3 of rehab: did the knee exercises.", "Knee exercises") == [
        "Knee exercises"
    ]


def test_what_someone_told_the_writer_to_do_is_not_done() -> None:
    assert habit_names("Told me to get walking every day, the doctor.", "Walk the park") == []
    assert habit_names("The physio told me to stretch, so I stretched for 10 min.", "Stretch") == [
        "Stretch"
    ]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Out in the shed from half 8 till near 12 roughing out the new panel.", "Carving 2 hrs"),
        ("Then Training at 17:30, the coach made us do sprints.", "Training ⚽"),
    ],
)
def test_carving_by_its_shed_and_a_name_opened_by_training(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_an_hour_in_the_shed_is_short_of_two() -> None:
    assert (
        habit_names("Only got about an hour in the shed before the grinder died.", "Carving 2 hrs")
        == []
    )


def test_done_for_the_writer_by_someone_else() -> None:
    assert (
        habit_names("My back hurt so Toninho water the horta for me today.", "Horta 30 min") == []
    )
    assert habit_names("Made spag bol for me and my sister.", "Cook tea") == ["Cook tea"]


def test_a_gerund_before_a_capital_is_a_groups_name_not_someone_reached() -> None:
    body = "Mr Quaye made us sing the anthem over and over because the tenors were flat."
    assert habit_names(body, "Singing Band rehearsal (Thu)") == ["Singing Band rehearsal (Thu)"]
