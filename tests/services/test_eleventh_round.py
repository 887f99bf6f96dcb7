"""Issue 15, eleventh round: a habit's own words in every form (spaCy's irregular forms,
singulars), what a family says of a mother said of the habit's own person, a call that
did not get through, a bracket after a tick, a verbless phrase spliced to the next
clause by a comma, "nowhere", "so no …", "… but didn't … a thing", and a count written
"x12". Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.measures import count_target
from app.domain.journal.rules import person_cues
from app.nlp.forms import word_forms
from app.services.journal.cues import effective_cues
from tests.services.test_cue_rules import detect


def test_a_word_has_its_irregular_forms_and_its_singular() -> None:
    assert {"sat"} <= set(word_forms("sit"))
    assert {"lie", "lay", "lain"} <= set(word_forms("lying"))
    assert {"rang", "rung"} <= set(word_forms("ring"))
    assert word_forms("knives") == ("knife",)
    assert word_forms("flashcards") == ("flashcard",)
    assert "fee" not in word_forms("feed")  # a verb of its own, not a form of "fee"
    assert word_forms("walk") == ()


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Lay flat on the sofa for half an hour after lunch.", "Lie flat after lunch"),
        ("Sat in stillness by the window for a while.", "Sit in stillness"),
        ("Did the flashcard deck on the bus.", "Flashcards"),
        ("Fed the goldfish at 8.", "Feed the goldfish"),
    ],
)
def test_a_habit_is_read_in_every_form_of_its_own_words(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_weekdays_short_name_before_a_date_is_the_day() -> None:
    assert detect("Sat 3 Oct: rained all day, stayed in.", "Sit in stillness") == []
    assert detect("Sat, 12/9 - nothing to report.", "Sit in stillness") == []


def test_what_a_family_says_of_a_mother_is_said_of_the_habits_own_person() -> None:
    cues, _ = effective_cues("Call Bunmi", None)
    assert {"rang bunmi", "spoke to bunmi", "video with bunmi"} <= set(cues)
    assert person_cues("Call family", ["rang mum"]) == ["rang mum"]  # nobody named
    assert detect("Then video with Bunmi and her twins.", "Call Bunmi") == [
        ("Call Bunmi", "video with Bunmi and her twins")
    ]


@pytest.mark.parametrize(
    "body",
    [
        "Phoned Bunmi but it went to voicemail.",
        "Rang Bunmi, no answer.",
        "Tried Bunmi on video but the line kept dropping.",
    ],
)
def test_a_call_that_did_not_get_through_is_no_call(body: str) -> None:
    assert detect(body, "Call Bunmi") == []


def test_a_call_that_got_through_still_counts() -> None:
    assert detect("Rang Bunmi, long chat about the wedding.", "Call Bunmi") == [
        ("Call Bunmi", "Rang Bunmi")
    ]


def test_a_bracket_after_a_tick_is_more_of_that_item() -> None:
    found = detect("hook ✓ (three rows), walk ✗ (rain)", "Crochet a row", "Walk")
    assert [n for n, _ in found] == ["Crochet a row"]


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Pilates today, next week the class moves to Friday.", True),
        ("Pilates class at nine, tomorrow I rest.", True),
        ("Pilates, I will do it tomorrow.", False),  # the topic of what follows
        ("Pilates tomorrow, promise.", False),
    ],
)
def test_a_verbless_phrase_spliced_to_a_clause_keeps_its_own_time(body: str, done: bool) -> None:
    assert bool(detect(body, "Pilates")) is done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Walked nowhere, the ice was too bad.", "Walk"),
        ("Storm all afternoon so no bike ride.", "Cycling"),
        ("Guitar out on the stand but didn't play a thing.", "Practice guitar"),
    ],
)
def test_plainly_not_done(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_but_nothing_else_is_still_done() -> None:
    assert [
        n for n, _ in detect("Went to the pool but didn't do anything else after.", "Swim")
    ] == ["Swim"]


def test_a_count_written_with_an_x_is_a_count_to_reach() -> None:
    assert count_target("Burpees x30") == (30.0, "burpee")
    assert count_target("Sun salutations 12x") == (12.0, "salutation")
    assert count_target("Rest lying down 2x") is None  # "down" is nothing to count
    assert count_target("Floss 2x") == (2.0, "floss")
    assert detect("Did only 15 burpees, legs gone.", "Burpees x30") == []
    assert [n for n, _ in detect("30 burpees done before breakfast.", "Burpees x30")] == [
        "Burpees x30"
    ]


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("Crossword finished on the bus, all but one clue.", "Crossword", True),
        ("Band practice ran late, we did the new set twice.", "Band practice", True),
        ("Tom's run went well, he beat his time.", "Running", False),
        ("Saw the whole running club go past the bakery.", "Running", False),
    ],
)
def test_the_activity_as_the_subject_of_how_it_went_is_the_writers(
    body: str, name: str, done: bool
) -> None:
    assert bool(detect(body, name)) is done


def test_two_words_of_the_name_side_by_side_are_a_cue_beside_the_family() -> None:
    cues, _ = effective_cues("Swear jar savings", None)
    assert "swear jar" in cues
    assert [
        n for n, _ in detect("Emptied my coins into the swear jar after work.", "Swear jar savings")
    ] == ["Swear jar savings"]
    assert detect("The swear jar is on the shelf by the door.", "Swear jar savings") == []


@pytest.mark.parametrize(
    ("name", "kept", "left"),
    [
        ("Protein shake", {"shake*"}, set()),
        ("Bike check before shift", {"check*"}, {"shift"}),
        ("Water 2L", set(), {"water*"}),  # the family's own word: its cues read it
        ("Cook, no takeaway", set(), {"takeaway*"}),  # what the name rules out
        ("Morning pages", {"pages*", "page"}, {"morning*"}),  # when, not what
        ("Stretches for back", set(), {"back"}),  # where on the body
    ],
)
def test_a_names_own_words_stand_beside_its_familys(
    name: str, kept: set[str], left: set[str]
) -> None:
    cues, _ = effective_cues(name, None)
    assert kept <= set(cues)
    assert not left & set(cues)


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("Shake after the gym, chocolate one.", "Protein shake", True),
        ("Checked the tyres and chain before my shift.", "Bike check before shift", True),
        ("Sleet all morning, so no skipping rope.", "Skipping rope", False),
    ],
)
def test_the_names_own_words_are_read(body: str, name: str, done: bool) -> None:
    assert bool(detect(body, name)) is done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("The plan was to bake bread tonight, then the oven died.", "Bake bread"),
        ("My goal is to swim before work from Monday.", "Swim"),
        ("In my grandmother's time the rosary was said every evening.", "Evening rosary"),
    ],
)
def test_what_a_plan_was_and_another_generations_time_are_not_done(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_two_capitals_in_a_name_are_a_word_it_is_read_by() -> None:
    cues, _ = effective_cues("BG check AM", None)
    assert "bg" in cues
    assert "am" not in cues
    assert [n for n, _ in detect("Fasting BG 6.1 before breakfast.", "BG check AM")] == [
        "BG check AM"
    ]
