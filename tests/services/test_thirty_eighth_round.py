"""Issue 15, thirty-eighth round: a terse past verb the parser read as a participle; a
checklist item the name's picture stands for, with a remark after it; a currency's short
name after a name's number; a clock written "5h30"; "logged in"; "if one counts"; a
Creole "gwain" and a "Promise myself:" line; going to someone's home is visiting them; a
person's word alone is no visit; a word denied at the opening of a sentence denies the
same thing later in it; a call not answered; kin before a past verb did it; rowing,
paddling and their pictures; a name's "in the book" is where, not reading; a time gone
said in an aside in brackets.
Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    "name",
    ["Tontine 5000 FCFA", "Chama 200 KES", "Savings 300 MT (Fri)", "Susu 20 cedis"],
)
def test_money_after_a_names_number_is_no_count(name: str) -> None:
    assert count_target(name) is None


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Sunday.\n\nPhoned Thandeka after Mass, half an hour of news.", "Phone Thandeka (Sun)"),
        ("Tuesday\n☎️ ✅ Gran – she has a new cat, of course", "Ring Gran ☎️"),
        ("Sat\n✅ Tomasz call 📞 he is well, snow there already", "Call Tomasz 📞"),
        ("Went to Nokomis's after the shift, she made bannock.", "Visit Nokomis 🏠"),
        ("Rowed", "Gig – out on the water 🚣"),
        ("17:00-18:30 on the water, 11 km, flat calm.", "Sea kayak 🛶"),
        ("Walked at 5h30, a 1h40 walk.", "Walk 1h"),
        ("Sketched the leaf border for the gate, in the book.", "Pattern – 1 new in the book"),
        (
            "Flashcards for my nephew (he is in school till four) done before lunch.",
            "Flashcards 20",
        ),
    ],
)
def test_the_writers_deed_is_found(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Drove a client to the market at 7. 3000 Fbu, good start.", "Tontine 2000 Fbu"),
        ("6h45 – garden with the boys before school.", "Garden 1h"),
        ("Walked at 5h30, a 40 min walk only.", "Walk 1h"),
        ("I logged in to the parish page to see the photos.", "Sermon log ✍️"),
        (
            "I did my exercises today, if one counts carrying the paint up and down the ladder.",
            "Knee exercises x20",
        ),
        ("When mi reach town mi gwain call Mervin.", "Call Mervin 📞"),
        ("Promise myself: call Mervin Friday, no excuses.", "Call Mervin 📞"),
        ("Thanked Nokomis for the fish on the phone.", "Visit Nokomis 🏠"),
        ("No court today, too late, the lights at the court were already off.", "Court 🏀"),
        ("Rang Tomasz but they don't answer, only voice message.", "Call Tomasz 📞"),
        ("Mom video called Tomasz for an hour while I was at work.", "Call Tomasz 📞"),
    ],
)
def test_what_is_not_done_is_still_no_completion(body: str, name: str) -> None:
    assert habit_names(body, name) == []


def test_a_deed_turned_round_after_a_denial_is_still_found() -> None:
    assert habit_names("No gym today, but I ran 5k on the treadmill.", "Run 5k") == ["Run 5k"]
