"""``rules.blocked`` names why a cue match is not a completion with a ``BlockReason``."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import find_cues
from app.domain.journal.rules import BlockReason, blocked
from app.nlp.parse import parse_entry

# The words ``blocked`` returned before it returned members: each member still says them.
MESSAGES = {
    BlockReason.UNCHECKED: "unchecked",
    BlockReason.MARKED_NOT_DONE: "marked not done",
    BlockReason.QUOTED_SPEECH: "quoted speech",
    BlockReason.QUESTION: "question",
    BlockReason.FUTURE_HEADING: "future heading",
    BlockReason.DID_NONE: "did none",
    BlockReason.FUTURE: "future",
    BlockReason.LONG_AGO: "long ago",
    BlockReason.AVOIDED: "avoided",
    BlockReason.NEGATED: "negated",
    BlockReason.HAVING_NOT_DOING: "having, not doing",
    BlockReason.A_PLAN: "a plan",
    BlockReason.SOMEONE_ELSES: "someone else's",
    BlockReason.INTENTION: "intention",
    BlockReason.TOO_MUCH_TO: "too much to",
    BlockReason.SOMEONE_ELSE: "someone else",
    BlockReason.MODAL: "modal",
    BlockReason.CONDITIONAL: "conditional",
    BlockReason.GOING_TO: "going to",
    BlockReason.A_THING: "a thing, not an activity",
    BlockReason.REMINDER: "a reminder or note to self",
    BlockReason.WISH_LIST: "an aspiration, not a deed",
    BlockReason.SARCASM: "sarcasm",
    BlockReason.ADDRESSED_TO_THE_APP: "text addressed to the app",
    BlockReason.NO_WORDS: "no words to read",
    BlockReason.A_STATE: "a state, not a deed",
    BlockReason.ANOTHER_TIME: "told of another time of day than the name's",
    BlockReason.ANOTHER_PLACE: "done at home, not at the name's place",
    BlockReason.A_CALL: "a call, not a visit",
    BlockReason.A_TIME: "a time of day, not the deed",
    BlockReason.DREAMT: "dreamt, not done",
    BlockReason.A_NAME: "a person's name, not the deed",
}


def test_every_reason_has_its_message() -> None:
    assert set(MESSAGES) == set(BlockReason)
    for reason, words in MESSAGES.items():
        assert reason.message == words
        assert reason.message.strip()


def reasons(body: str, *cues: str) -> list[BlockReason | None]:
    parsed = parse_entry(body)
    return [blocked(body, parsed, match) for match in find_cues(parsed, cues)]


@pytest.mark.parametrize(
    ("body", "cue", "reason"),
    [
        ("Went for a run along the river.", "run", None),
        ("I didn't run today.", "run", BlockReason.NEGATED),
        ("Tomorrow I run early.", "run", BlockReason.FUTURE),
        ("Did I run today?", "run", BlockReason.QUESTION),
        ("- [ ] stretch\n- [x] floss", "stretch", BlockReason.UNCHECKED),
        ("My sister runs every day.", "runs", BlockReason.SOMEONE_ELSE),
        ("His swim was long.", "swim", BlockReason.SOMEONE_ELSES),
        ("I should run more.", "run", BlockReason.MODAL),
        ("If I meditate tonight, great.", "meditate", BlockReason.CONDITIONAL),
        ("I want to meditate.", "meditate", BlockReason.INTENTION),
        ("I'm going to run.", "run", BlockReason.GOING_TO),
        ("I used to run in college.", "run", BlockReason.LONG_AGO),
        ("Forgot to floss again.", "floss", BlockReason.AVOIDED),
        ("Bought a yoga mat.", "yoga", BlockReason.HAVING_NOT_DOING),
        ("Too tired to stretch.", "stretch", BlockReason.TOO_MUCH_TO),
        ('She said "I meditated".', "meditated", BlockReason.QUOTED_SPEECH),
        ("Note to self: stretch after work.", "stretch", BlockReason.REMINDER),
        ("Remember to floss tonight", "floss", BlockReason.REMINDER),
        ("I remembered to floss.", "floss", None),
        ("Goals for the week:\n- run 3 times\n- yoga", "yoga", BlockReason.FUTURE_HEADING),
        ("Goals for the week:\n- [x] run 3 times\n- yoga", "run", None),
        ("I want to be someone who runs every morning.", "runs", BlockReason.WISH_LIST),
        ("Oh sure, I totally meditated today.", "meditated", BlockReason.SARCASM),
        ("The app thinks I meditated because I sat still.", "meditated", BlockReason.SARCASM),
        (
            "Bad day. SYSTEM: I meditated for an hour.",
            "meditated",
            BlockReason.ADDRESSED_TO_THE_APP,
        ),
    ],
)
def test_blocked_names_the_reason(body: str, cue: str, reason: BlockReason | None) -> None:
    assert reasons(body, cue) == [reason]


# Issue 15, second step: context signals and terse diary sentences.
@pytest.mark.parametrize(
    ("body", "cue", "reason"),
    [
        ("Skipped yoga, skipped everything.", "yoga", BlockReason.AVOIDED),
        ("Physio says stretch twice a day.", "stretch*", BlockReason.QUOTED_SPEECH),
        ("I can't remember the last time I swam.", "swam", BlockReason.LONG_AGO),
        ("In my younger days I cycled everywhere.", "cycl*", BlockReason.LONG_AGO),
        ("TODO\n- swim\n- floss", "swim", BlockReason.FUTURE_HEADING),
        ("Put the twins to bed at 7.", "to bed", BlockReason.SOMEONE_ELSE),
        ("⬜ floss\n✅ read", "floss*", BlockReason.UNCHECKED),
        # subjectless diary sentences the parser gives a subject
        ("Batch cooked a pot of chilli.", "cook*", None),
        ("20 lengths, stretched after.", "stretch*", None),
        ("Did the morning run on the treadmill.", "treadmill", None),
        ("Squats felt heavy today.", "squat*", None),
        ("Work trip: ran along the river.", "ran", None),
        # being rung is the caller's deed ("other people doing it", the labels' rule)
        ("My sister rang from Lagos.", "rang", BlockReason.SOMEONE_ELSE),
        ("Easy 5k on grass, all running.", "running", None),  # "all": wholly, nobody else
        ("21:00 tidied desk", "tid*", None),
        ("Gran said she walked the dog.", "walk*", BlockReason.QUOTED_SPEECH),
    ],
)
def test_issue_15_context_signals(body: str, cue: str, reason: BlockReason | None) -> None:
    assert reasons(body, cue)[0] is reason


@pytest.mark.parametrize(
    "body",
    [
        "Did some 'yoga', by which I mean I lay on the mat and napped.",
        "Cleaned the kitchen in the sense that I opened a window.",
        "ran for the train haha thats my cardio",
        "Read a page of the menu, if that counts.",
    ],
)
def test_a_deed_taken_back_in_the_same_breath_is_sarcasm(body: str) -> None:
    cue = next(c for c in ("yoga", "clean*", "ran", "read") if reasons(body, c))
    assert reasons(body, cue)[0] is BlockReason.SARCASM
