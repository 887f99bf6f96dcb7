"""Issue 15, thirty-sixth round: a case ending after an apostrophe on a name ("Todi'ya");
the person first and where they are after, before a call's picture; the name's own words
after the one it reaches are no one else reached; "back in" a place and "used to" in a
clause of its own are no time gone; a speech verb after the deed with words of its own;
a device held up to others is no device's claim; a hyphened word's parts said alone;
"reached" someone on the phone; a name's own word matched by another cue still leads.
Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import without_case_ending
from app.domain.journal.rules import named_person
from tests.services.test_cue_rules import detect, habit_names


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("Todi'ya", "Todi"),
        ("Helsinki'de", "Helsinki"),
        ("Ayşe’ye", "Ayşe"),
        ("Mum's", "Mum's"),
        ("Don't", "Don't"),
        ("O'Brien", "O'Brien"),
    ],
)
def test_a_case_ending_after_an_apostrophe_is_read_off_a_name(word: str, stem: str) -> None:
    assert without_case_ending(word) == stem


@pytest.mark.parametrize(
    ("name", "person"),
    [
        ("Anya'ya zvonok Kazan 📞", "anya"),
        ("mother Tbilisi 📞 Wed/Sun", "mother"),
        ("Ring Edna", "edna"),
        ("Woo Yaay 📞", "yaay"),
    ],
)
def test_whom_a_call_reaches(name: str, person: str) -> None:
    assert named_person(name) == (person, "dobj")


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("21:10 called Anya, she laughed at my singing.", "Anya'ya zvonok Kazan 📞"),
        ("Youth group: 14 today, rook endings again.", "Town Chess youth group Mon/Wed ♟"),
        ("17:00-18:30 wrestling, 9 boys, mats back in the hall.", "Wrestling training (boys)"),
        (
            "I played the zither in the evening, 25 minutes, the tune my grandmother used to hum.",
            "Zither 20 min",
        ),
        ("Send Amina 50 on the app she say thank you.", "Send money to Amina"),
        (
            "Called granny on video from the corridor, she held the phone up to the goats so they "
            "congratulate me too.",
            "Granny video call",
        ),
        ("Kumayl at the imambargah with my mother tonight.", "Dua-e-Kumayl Thu night"),
        ("Finally reached Auntie Bisi after three tries!", "Call Auntie Bisi 📞"),
    ],
)
def test_the_writers_deed_is_found(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("I used to play the zither every evening.", "Zither 20 min"),
        ("Back in the day I wrestled every week.", "Wrestling training (boys)"),
        ("The app claims I meditated today, I did not.", "Meditate 10 min"),
        ("Coach says go for a swim tomorrow.", "Swim 1 km"),
    ],
)
def test_what_is_not_done_today_is_still_no_completion(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_the_names_own_word_leads_when_another_cue_reads_it() -> None:
    """A glossed word ("kylby", the sauna) still marks the sentence of the deed over a
    date line that only says the day the name also names."""
    body = "08.03 suovattu. Cold and bright. Evening kylby with the neighbours, three rounds."
    [(name, quote)] = detect(body, "Kylby suovattu")
    assert name == "Kylby suovattu"
    assert "kylby" in quote
