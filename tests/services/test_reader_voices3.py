"""General rules added after the first run of ``eval/journal_voices3.jsonl`` (issue 15):
each in sentences of its own, not the set's: negative subjects, "let alone", "except",
"too tired for", an infinitive that is only wanted, a bare family subject, said prayers,
checklists that tick and cross on one line, distance intervals that are not sets, and
activities named by what is done (breathing techniques, a skatepark, a worksheet)."""

from __future__ import annotations

import pytest

from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        ("Morning kapalbhati, 5 rounds, then tea.", "Breathwork", "kapalbhati"),
        ("Spent the afternoon at the skatepark with Leo.", "Skateboarding", "skatepark"),
        ("Got through the physics worksheet after dinner.", "Homework", "worksheet"),
        ("Washed, then said my prayers before sleep.", "Evening prayer", "said my prayers"),
        ("Finished the sudoku on the train.", "Puzzles", "sudoku"),
        ("✔ read 10p ✘ floss ✔ stretch", "Stretching", "stretch"),
        ("Squats, then leg day proper: lunges and leg press.", "Strength training", "Squats"),
        ("Morning footing in the park, 6 km.", "Running", "footing"),
    ],
)
def test_activities_named_by_what_is_done_are_read(body: str, name: str, quote: str) -> None:
    found = detect(body, name)
    assert [n for n, _ in found] == [name]
    assert quote in found[0][1]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Nobody called this week.", "Call family"),  # a negative subject
        ("No one cooked, we had toast.", "Cook at home"),
        ("Too busy to breathe, let alone meditate.", "Meditation"),
        ("Everything ticked off except stretching.", "Stretching"),
        ("I was too tired for the gym after work.", "Gym"),
        ("Never found the energy to cook this week.", "Cook at home"),
        ("Had no time to read at all.", "Read"),
        ("Husband cooked a lovely risotto.", "Cook at home"),  # a bare family subject
        ("Grandma baked scones for everyone.", "Cook at home"),
        ("✔ read 10p ✘ floss ✔ stretch", "Floss"),  # crossed on a line that ticks others
        ("Track: 6 x 400 m off 60s.", "Strength training"),  # intervals, not sets
        ("Read a long essay on sleep.", "Journaling"),  # reading an essay is not writing
    ],
)
def test_what_is_not_done_is_not_read(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_the_ticked_items_of_a_crossed_line_are_still_read() -> None:
    found = detect("✔ read 10p ✘ floss ✔ stretch", "Read", "Floss", "Stretching")
    assert [n for n, _ in found] == ["Read", "Stretching"]
