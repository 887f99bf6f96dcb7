"""Issue 15, sixteenth round: a bullet journal's key beside its notes, a plan heading
with an aside, a log's "x" for no, a deed taken back after a dash, the thing named first
and then put off or denied, a call someone made to the writer, a subject the parser
hides behind a count, "Wed." as a day, a clause that runs into another habit's, and
things made ready for tomorrow. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import habit_names

# --------------------------------------------------------------------------- lists and logs


@pytest.mark.parametrize(
    "body",
    [
        # a bullet journal's open tasks beside its notes ("–") and events ("○")
        "04/11\n• kora\n• taxes\n– slept badly, the heating clanked all night",
        "04/11\n• kora\n○ dentist 3pm",
        # an open task after a "•" on a line that marks others done with "×"
        "04/11 × taxes × dentist: filling done • kora, string snapped",
        # a plan heading with an aside in brackets
        "my goals (new term, fresh start)\n- kora\n- taxes",
        # a log's "x" after the item for no
        "night notes: kora x. taxes x (too tired).",
        # the writer takes it back after a dash
        "21:00 played the kora for a bit — no, didn't, fell asleep on the sofa.",
        # the thing named first, then put off or denied
        "The kora I will practise after work.",
        "kora I'll do after dinner.",
        "The kora practice I did not get to, the kids were ill.",
        "Kora and taxes no (power cut).",
    ],
)
def test_a_logs_own_words_say_not_done(body: str) -> None:
    assert habit_names(body, "Kora practice", "Do taxes") == []


@pytest.mark.parametrize(
    "body",
    [
        "• practised kora\n• taxes",  # a "•" list that tells a deed is only a list
        "04/11 × kora × taxes",
        "kora x3 today, then taxes",  # a count, not a cross
        "Practised the kora for an hour, then we will see about taxes.",
    ],
)
def test_a_plain_list_and_a_count_stay_done(body: str) -> None:
    assert "Kora practice" in habit_names(body, "Kora practice", "Do taxes")


# --------------------------------------------------------------------------- who did it


def test_a_call_someone_made_to_the_writer_is_not_the_writers_call() -> None:
    assert habit_names("Halvard rang. He's moving to Bergen in June.", "Ring Halvard") == []
    assert habit_names("Rang Halvard. He's moving to Bergen in June.", "Ring Halvard") == [
        "Ring Halvard"
    ]


def test_a_friend_named_first_then_he_did_it() -> None:
    body = "my cousin Tenzin he did 60 push up at the camp to show off"
    assert habit_names(body, "Push-ups 40") == []


def test_wed_is_a_day_not_we_d() -> None:
    body = "Wed. Walked to the lighthouse and back before breakfast."
    assert habit_names(body, "Walk to the lighthouse") == ["Walk to the lighthouse"]


# --------------------------------------------------------------------------- what was done


def test_a_denial_beside_the_deed_says_it_was_something_else() -> None:
    body = "Watched the league highlights on my phone, not my game."
    assert habit_names(body, "Watch own game tape") == []
    body = "Watched my game tape on the laptop, not the highlights."
    assert habit_names(body, "Watch own game tape") == ["Watch own game tape"]


def test_made_ready_for_tomorrow_is_done_today() -> None:
    body = "after work i helped at the bakery, kneaded + shaped rolls for tmrw"
    assert habit_names(body, "Help at the bakery") == ["Help at the bakery"]
    assert habit_names("Bakery shift for tomorrow, 6am start.", "Help at the bakery") == []


def test_a_clause_that_runs_into_another_habits_keeps_its_own_part() -> None:
    body = "jogged the canal path, 3.1 mi on my watch then did 20 min scales + arpeggios after"
    assert sorted(habit_names(body, "Scales 20 min", "Run 3 miles")) == [
        "Run 3 miles",
        "Scales 20 min",
    ]


def test_a_thing_done_named_by_its_compound_is_the_deed() -> None:
    body = "On the roof I did throat breath exercise 10 min before work."
    assert habit_names(body, "Throat breathing", "Solve 5 maths problems") == ["Throat breathing"]


# --------------------------------------------------------------------------- more not done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        # only part of the way, said before or after the thing
        ("Windy again. only to the end of the lane on the bike and back.", "Cycle the coast road"),
        ("Walked as far as the bus shelter only, my hip.", "Walk to the harbour"),
        # done by someone the writer names by what they are
        ("Hens fed by the Petersen girl, I stayed in bed.", "Feed the hens"),
        # writing something else is no letter to the person
        ("Sat by the stove and wrote a shopping list for the week.", "Write to Ingrid"),
        # more of it, wished
        ("The physio says walk more. Walk more! In this sleet.", "Walk the sea wall"),
        # a regimen, not a day's deed
        ("Me, three tablets a day and still no better.", "Blood pressure tablets"),
        # a maybe
        ("Maybe I start Welsh again on Monday.", "Welsh 20 min"),
        # what the habit is done to did something else
        ("The chickens were noisy all night.", "Feed the chickens"),
        # a piece run through, not a run
        ("rehearsal 6-8, we ran the Sinfonietta like 4 times", "Run 2 miles"),
        # someone else sent to bed
        ("Got them to bed by 8, then finally sat down.", "Sleep by 11"),
    ],
)
def test_more_ways_a_log_says_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Cycled the coast road, just to see the water after the storm.", "Cycle the coast road"),
        ("Cycled 10 km along the canal just to clear my head.", "Cycling"),
        ("Milked the goats by seven, then porridge.", "Milk the goats"),
        ("Wrote a long letter to Ingrid by the stove.", "Write to Ingrid"),
        ("Took two tablets a day all week and felt better.", "Blood pressure tablets"),
        ("Fed the chickens at six, the fox had been round.", "Feed the chickens"),
        ("Ran 3 miles along the canal, twice round the lock.", "Run 2 miles"),
    ],
)
def test_and_what_stays_done(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


# --------------------------------------------------------------------------- deadlines, readings


@pytest.mark.parametrize(
    "body",
    [
        "Up at 4. Oven lit at 4:40, the loaves in by six.",  # a morning hour, no am
        "Oven lit at 3 in the night for the early orders.",
        "☐ oven ☐ starter\n(noon) ☑ oven ☑ starter",  # ticked, no hour stated
        "oven ✔ starter ✔",
    ],
)
def test_a_morning_deadline_reads_morning_hours_and_ticks(body: str) -> None:
    assert habit_names(body, "Light the oven by 5am") == ["Light the oven by 5am"]


@pytest.mark.parametrize(
    "body", ["Oven lit at 6:15, late again.", "☐ oven ☐ starter", "Overslept, the oven at 7."]
)
def test_a_morning_deadline_missed(body: str) -> None:
    assert habit_names(body, "Light the oven by 5am") == []


def test_an_evening_deadline_still_reads_small_hours_as_late() -> None:
    assert habit_names("Lights out 12:30, again.", "Lights out by 11") == []


def test_a_symbol_is_no_owner() -> None:
    body = "07:10 5 × 45 s bridge sprints, jogged back."
    assert habit_names(body, "Bridge sprints 5×") == ["Bridge sprints 5×"]


def test_an_instrument_shows_its_reading() -> None:
    body = "Dear Pieter, at noon the gauge showed +1.40, a quiet sea."
    assert habit_names(body, "Note the tide gauge") == ["Note the tide gauge"]
    assert habit_names("The gauge was broken again.", "Note the tide gauge") == []


def test_whom_a_thing_is_done_for_is_no_cue() -> None:
    cues, _ = effective_cues("Baon for the kids", None)
    assert "kids" not in cues
    body = "🙏 Vespers 6pm with the kids"
    assert habit_names(body, "Baon for the kids", "Evening vespers") == ["Evening vespers"]


def test_new_and_own_in_a_name_are_no_cues() -> None:
    for name in ("Spanish 15 new words", "Watch own match video"):
        cues, _ = effective_cues(name, None)
        assert "new" not in cues
        assert "own" not in cues
    body = "new group of cyclists today. typed this on the bus"
    assert habit_names(body, "Spanish 15 new words") == []


def test_put_off_for_tomorrow_stays_a_plan() -> None:
    body = "21:00 Welsh podcast queued for tomorrow"
    assert habit_names(body, "Welsh study") == []


def test_a_jab_before_a_meal_is_the_insulin() -> None:
    body = "Back by six, jab before tea as the nurse says, then the paper."
    assert habit_names(body, "Insulin before tea") == ["Insulin before tea"]
    assert habit_names("Got the flu jab at the chemist.", "Insulin before tea") == []


@pytest.mark.parametrize(
    "body",
    [
        "Papa send message about the rent, he is worried.",  # a kinship word as the doer
        "Sent the rent last month, so that's fine.",  # last month is not today
        "Paid the rent last week, so nothing today.",
    ],
)
def test_a_relative_as_doer_and_last_month_are_no_deed_today(body: str) -> None:
    assert habit_names(body, "Send the rent") == []


def test_the_rent_sent_today_still_counts() -> None:
    assert habit_names("Sent the rent this morning.", "Send the rent") == ["Send the rent"]
