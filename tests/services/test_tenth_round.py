"""Issue 15, tenth round: ticked items are sentences of their own, a noun set off by a
comma is no doer, a name's "when" picks nothing, durations compare across units, a
habit that names its person is not done by reaching someone else, and a few plain
ways of saying it was not done. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.candidates import Candidate
from app.domain.journal.cues import name_words, seed_cues, stem_of, without_when
from app.domain.journal.explain import explain_miss
from app.domain.journal.rules import (
    RuleCandidate,
    count_target,
    deadline,
    item_starts,
    named_person,
)
from app.nlp.parse import parse_entry
from app.services.journal.cues import cue_families
from tests.services.test_cue_rules import detect


def test_each_ticked_item_of_a_log_line_starts_a_sentence() -> None:
    body = "vitamins ✔ cycled in because the car is dead\n✔ sit 10 min ✔ 2L ✘ walk"
    starts = item_starts(body)
    assert {body[k : k + 6] for k in starts} == {"cycled", "2L ✘ w", "walk"}
    parsed = parse_entry(body)
    sentence_of = {t.text: t.sent for t in parsed.tokens}
    assert sentence_of["vitamins"] != sentence_of["cycled"]
    assert sentence_of["2L"] != sentence_of["walk"]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Zwift 1h ✅ stretch ✅", "Cycling"),
    ],
)
def test_a_ticked_item_is_read_on_its_own(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Library for the exam, walked both ways though Sam offered a lift.", "Walk"),
        ("Said grace, cooked a stew, washed up.", "Cook at home"),
    ],
)
def test_a_noun_set_off_by_a_comma_is_what_the_day_was_not_who_did_it(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("Stretch in the evening", "Stretch"),
        ("Tea when the baby sleeps", "Tea"),
        ("Friday run", "run"),
        ("Walk in the morning before work", "Walk"),
        ("Pack lunch the night before", "Pack lunch"),
        ("Salad for lunch", "Salad"),
        ("Walk in the evening light", "Walk in the evening light"),
        ("Morning pages", "Morning pages"),
        ("Sunday", "Sunday"),
    ],
)
def test_when_a_habit_is_done_is_not_what_is_done(name: str, what: str) -> None:
    assert without_when(name) == what


def test_a_day_in_a_name_is_no_cue() -> None:
    cues, _ = seed_cues("Friday fast", cue_families())
    assert not any(cue.startswith("friday") for cue in cues)
    assert name_words(without_when("Friday fast")) == ["fast"]
    assert detect("It's Friday, the weekend starts.", "Friday fast") == []


def test_at_bedtime_is_when_not_sleep() -> None:
    assert detect("Bedtime was a battle again.", "Read to the kids at bedtime") == []


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("Sleep 7h", (420.0, "minute")),
        ("Spanish 1 hour", (60.0, "minute")),
        ("Tempo ride 45'", (45.0, "minute")),
        ("Practice 90min", (90.0, "minute")),
        ("V2 swim 30 min", (30.0, "minute")),
        ("Screen time under 2h", None),
        ("Phone < 3 hours", None),
    ],
)
def test_a_duration_in_a_name_is_a_count_in_minutes(
    name: str, target: tuple[float, str] | None
) -> None:
    assert count_target(name) == target


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("Only slept 5 hours, the baby again.", "Sleep 7h", False),
        ("Slept 7h20, bliss.", "Sleep 7h", True),
        ("Just 25 minutes of Spanish today.", "Spanish 1 hour", False),
        ("Spanish for an hour and a half", "Spanish 1 hour", True),
        ("Group ride 2h05 with the club", "Tempo ride 45'", True),
    ],
)
def test_durations_compare_across_units(body: str, name: str, done: bool) -> None:
    assert bool(detect(body, name)) is done


def test_a_less_than_sign_is_a_deadline() -> None:
    assert deadline("Lights out <22:30") == 22 * 60 + 30
    assert detect("lights out 00:40, again", "Lights out <22:30") == []


@pytest.mark.parametrize(
    ("name", "person"),
    [
        ("Ring Grandad", ("grandad", "dobj")),
        ("Phone Bridget", ("bridget", "dobj")),
        ("Visit Mum", ("mum", "dobj")),
        ("Write to Anouk", ("anouk", "to")),
        ("Walk to St Paul's", None),
        ("Pack Ella's lunch", None),
        ("Call a friend", None),
    ],
)
def test_the_person_a_habit_reaches(name: str, person: tuple[str, str] | None) -> None:
    assert named_person(name) == person


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Rang the council about the bins.", False),
        ("Phoned Priya for her birthday.", False),
        ("Phoned Bridget after lunch.", True),
        ("Rang her after tea, she's well.", True),
        ("Phoned my sister, we laughed.", True),
    ],
)
def test_reaching_someone_else_is_not_the_named_persons_call(body: str, done: bool) -> None:
    assert bool(detect(body, "Phone Bridget")) is done


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Thursday again, and I broke the fast before noon.", "Thursday fast"),
        ("Cooked nothing, toast for tea.", "Cook at home"),
        ("Gym at 6am my arse lol", "Gym"),
    ],
)
def test_plain_ways_of_saying_it_was_not_done(body: str, name: str) -> None:
    assert detect(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Ran the hills and they kicked my ass.", "Running"),
        ("kayakin on the lake at dawn", "Kayaking"),
    ],
)
def test_it_was_done_all_the_same(body: str, name: str) -> None:
    assert [n for n, _ in detect(body, name)] == [name]


def test_a_misspelt_prefix_takes_only_english_endings() -> None:
    assert detect("Morning karakia with the kids", "Paddling") == []


def test_a_name_that_uses_a_word_in_a_sense_its_family_excludes_does_not_take_it() -> None:
    gym = next(f for f in cue_families() if f.matches_name("Gym"))
    excluded = next(p for p in gym.exclude if "gym " in p and not {"*", "#"} & set(p))
    assert not gym.matches_name(f"Sort the {excluded}")
    assert gym.matches_name("Gym session")


@pytest.mark.parametrize(
    ("stem", "word", "takes"),
    [
        ("plan", "planned", True),
        ("plan", "plans", True),
        ("plan", "plank", False),
        ("read", "reading", True),
        ("read", "ready", False),
        ("swim", "swimming", True),
        ("cycl", "cycle", True),
        ("cycl", "cyclist", True),
        ("medit", "meditation", True),
        ("ga", "gaya", True),
    ],
)
def test_a_short_stem_takes_only_its_own_inflections(stem: str, word: str, takes: bool) -> None:
    assert stem_of(stem, word) is takes


def test_a_ticked_plank_is_no_meal_plan() -> None:
    found = detect("- plank ✓\n- the rest ✗", "Cook from the meal plan", "Plank")
    assert [n for n, _ in found] == ["Plank"]


@pytest.mark.parametrize(
    ("body", "name", "done"),
    [
        ("hydr ✅ stretch ✅", "Hydration", True),
        ("mob ✔ walk ✔", "Mobility", True),
        ("hydr was rubbish today", "Hydration", False),
        ("hy ✅", "Hydration", False),
    ],
)
def test_a_ticked_log_item_may_shorten_the_habits_word(body: str, name: str, done: bool) -> None:
    assert bool(detect(body, name)) is done


def test_a_call_that_reaches_someone_else_is_explained() -> None:
    body = "Rang the council about the bins."
    cues, exclude = seed_cues("Phone Bridget", cue_families())
    rc = RuleCandidate(Candidate(0, "habit", 1, "Phone Bridget"), tuple(cues), tuple(exclude))
    reasons = explain_miss(body, parse_entry(body), rc, (0, len(body)))
    assert (
        "Phone Bridget reaches Bridget: the cue's verb may reach someone or something else"
        in reasons
    )


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("- [~] stretched, knee sore", False),
        ("- [/] stretching", False),
        ("- [>] stretch (moved to Friday)", False),
        ("- [-] stretching, cancelled", False),
        ("- [x] stretched", True),
    ],
)
def test_a_box_marked_partly_done_moved_or_cancelled_is_not_done(body: str, done: bool) -> None:
    assert bool(detect(body, "Stretching")) is done
