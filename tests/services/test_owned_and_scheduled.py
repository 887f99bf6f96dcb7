"""Issue 15, ninth round: a thing one has is no deed; a day put on an activity is its
schedule; another doer named in Hindi or Urdu is not the writer; a habit kept on time
is not done late. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.candidates import Candidate
from app.domain.journal.cues import seed_cues
from app.domain.journal.explain import explain_miss
from app.domain.journal.rules import RuleCandidate
from app.nlp.parse import parse_entry
from app.services.journal.cues import cue_families
from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("I have a cushion by the window now.", "Sitting practice 10 min"),
        ("We own a kayak, it lives in the garage.", "Kayaking"),
        ("Friday is pottery, can't wait.", "Pottery class"),
        ("Priya ne aaj yoga kiya, main so raha tha", "Yoga"),
        ("usne gym join kiya finally", "Gym"),
        ("Took the evening pills at ten, two hours late.", "Meds on time"),
        ("Meds late again", "Meds on time"),
    ],
)
def test_not_the_writers_deed_of_the_day(body: str, name: str) -> None:
    assert detect(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Had a swim at the lido before work.", "Swimming"),
        ("I've got my run in before the rain.", "Running"),
        ("Maine aaj gym kiya, leg day", "Gym"),
        ("Took the evening pills at eight sharp.", "Meds on time"),
    ],
)
def test_the_writers_deed_of_the_day(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_late_deed_is_explained() -> None:
    body = "Took the evening pills at ten, two hours late."
    cues, exclude = seed_cues("Meds on time", cue_families())
    rc = RuleCandidate(Candidate(0, "habit", 1, "Meds on time"), tuple(cues), tuple(exclude))
    reasons = explain_miss(body, parse_entry(body), rc, (0, len(body)))
    assert "Meds on time is done on time: the cue's sentence says it was late" in reasons
