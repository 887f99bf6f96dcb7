"""Issue 15, thirty-seventh round: a log's thing right before the deed done to it; a list
line's noun compound read as a subject; "non stop" and "blowing" an instrument are no
skipping; a year in a story someone tells is not the deed's; a "for … tomorrow" readies
what was done today; "so no …" later in a sentence of something named; a learner's "I
not touch"; a share of an hour in a name; one prayer is not told by another; a habit's
"(all year)"; "BP" and "dip" name their families; Asturian days; what a plan was; a
heading's thing someone named did; a thing only stared at; "half hour" (and "one and
half hour"); "got" someone on the phone for a while; a first word a glossary reads as a
thing is no person. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE
from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Bagpipe ½h 🎶", (30.0, "minute")),
        ("Tabla 1/2 hr", (30.0, "minute")),
        ("Walk 1½ hours", (90.0, "minute")),
        ("Garden 1 hr", (60.0, "minute")),
    ],
)
def test_a_share_of_an_hour_in_a_name_is_read_as_its_minutes(
    name: str, target: tuple[float, str]
) -> None:
    assert count_target(name) == target


def test_asturian_days_in_brackets_are_a_schedule() -> None:
    assert SCHEDULE.sub("", "Band practice (mar+xue)").strip() == "Band practice"


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Afternoon at the plot with Sam, yam weeding 2 hrs, hot one.", "Yam plot 1 hr"),
        ("1. River run 6.1 km, 34 min ✔\n2. Ledger balanced", "Riverside run 6 km"),
        ("Nearly 3h blowing the bagpipe non stop at the feast.", "Bagpipe ½h 🎶"),
        (
            "Rang Grandpa Ole from the car park, twenty minutes of him telling me about "
            "skating on the fjord in 1951.",
            "Ring Grandpa Ole ☎️",
        ),
        (
            "Choir tonight at the church hall, we rehearsed the carol for the school tomorrow.",
            "Choir – church hall, Thurs",
        ),
        ("Morning reading 132/84, a bit high.", "Dad BP morning 🩺"),
        ("Cove at 8am, proper swim out to the buoy and back.", "Dip at North beach 🌊"),
        ("Mum pressure 138/85 before breakfast.", "Mum BP morning 🩺"),
        ("Studied pharmacology one and half hour in the library.", "Pharmacology 1 hr"),
        ("Got Nana for twenty minutes after tea.", "Call Nana 📞"),
        ("Out in the vaka at 5am past the reef, two fish.", "Vaka out b4 sunrise 🎣"),
    ],
)
def test_the_writers_deed_is_found(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        (
            "Mum went to her sister in town for two days, so no pressure check.",
            "Mum BP morning 🩺",
        ),
        ("The rug I not touch, my eyes are tired.", "Rug – 2 rows daily"),
        ("Bagpipe only 10 min, the drone was off.", "Bagpipe ½h 🎶"),
        ("Zuhr I pray in the small room at the hospital.", "Sabah namaz before work"),
        ("Went down to the North prom at dusk, all year it is lovely.", "Dip at North beach 🌊"),
        ("Plan was barn, horses, but the rain came.", "Horses w/ Ana at the barn"),
        ("Ledger: Marta closed it because I left early.", "Close shop ledger (daily)"),
        ("Me, I stared at my eagle panel for a while.", "Carve 1hr — eagle panel"),
        ("In the workshop I only look at the bowls drying.", "Lacquer bowls in the workshop"),
        ("Yam only half hour, the rain came down hard.", "Yam plot 1 hr"),
    ],
)
def test_what_is_not_done_is_still_no_completion(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_so_no_after_the_writers_own_deed_does_not_undo_it() -> None:
    assert habit_names("Ran 5k this morning, so no gym.", "Run 5k") == ["Run 5k"]
