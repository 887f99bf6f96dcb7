"""Issue 15, item 2: the seed lexicon knows how people tell of many more activities
(over 200 families), written from reasoning about language, and reading it stays fast.

Every sentence here is the test's own; none is taken from a labelled set."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import (
    Cue,
    CueError,
    WordIndex,
    families_from_json,
    find_cues,
    seed_cues,
)
from app.domain.parsed import Token
from app.nlp.parse import parse_text
from app.services.journal.cues import cue_families
from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        ("Did forty minutes of scales and two etudes before dinner.", "Violin practice", "scales"),
        ("Brought my lunch from home, no meal deal.", "Pack lunch", "Brought my lunch"),
        ("Took the dog out before the rain came.", "Walk the dog", "Took the dog out"),
        ("Cleared 60 cards in Anki on the bus.", "Flashcards", "60 cards"),
        ("Hoovered the landing and mopped the kitchen.", "Chores", "Hoovered"),
        ("Finger prick before lunch: 6.2.", "Blood sugar check", "Finger prick"),
        ("Rolled with the blue belts for an hour at the academy.", "BJJ", "Rolled"),
        ("Played nine holes with my brother in the drizzle.", "Golf", "nine holes"),
        ("Did the washing up straight after tea.", "Dishes", "washing up"),
        ("Put my drops in at 9 and again at bedtime.", "Eye drops", "Put my drops in"),
    ],
)
def test_activities_told_in_their_own_words_are_read(body: str, name: str, quote: str) -> None:
    found = detect(body, name)
    assert [n for n, _ in found] == [name]
    assert quote in found[0][1]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Read an article about magnesium and sleep.", "Take vitamins"),  # a topic
        ("We talked about running for most of the dinner.", "Running"),  # a topic
        ("Listened to a podcast about meditation.", "Meditation"),  # a topic
        ("The baby shower was lovely.", "Shower"),  # someone's party
        ("Brushed off the criticism and got on with it.", "Brush teeth"),  # an idiom
        ("Fast asleep by ten.", "Intermittent fasting"),  # an idiom
    ],
)
def test_look_alikes_in_the_new_families_are_not(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_about_as_roughly_is_no_topic() -> None:
    assert detect("Ran about 5k before work.", "Running")


def test_a_habits_name_pulls_in_only_its_own_families() -> None:
    """A family's name key must not capture unrelated habits."""

    def ids(name: str) -> set[str]:
        return {f.id for f in cue_families() if f.matches_name(name)}

    assert ids("Cold shower") == {"cold_shower"}  # not the washing family's "bath"
    assert "creative_writing" not in ids("Read fiction")
    assert "prayer" not in ids("Visit a church member")
    assert "date_night" not in ids("Focus time")
    assert "jump_rope" not in ids("Skipping breakfast")
    assert seed_cues("No alcohol", cue_families()) == ([], [])  # abstaining is never read


def test_the_word_index_finds_exactly_what_a_full_scan_finds() -> None:
    """The index only skips places a cue's first word cannot match, misspellings kept."""
    body = "Meditatted 10 min, then ran 5k and did the washing-up; streched after. Ran out of milk."
    parsed = parse_text(body)
    words = [t for t in parsed.tokens if t.pos != "SPACE" and t.text.strip()]
    index = WordIndex(words)
    cues = [c for f in cue_families() for c in f.cues]
    for text in cues:
        cue = Cue.parse(text)
        assert cue.find(words, index) == cue.find(words), text
    found = find_cues(parsed, ["meditat*", "ran", "stretch*"], ["ran out"])
    # the misspellings are found, and "Ran out" is excluded
    assert [parsed.tokens[m.first].text for m in found] == ["Meditatted", "ran", "streched"]


def _tok(text: str, *, known: bool) -> Token:
    return Token(0, 0, len(text), text, text.lower(), "VERB", "VBD", "ROOT", 0, 0, known=known)


def test_a_misspelt_word_is_still_a_start_for_an_exact_cue() -> None:
    words = [_tok("excercise", known=False)]
    assert Cue.parse("exercise").find(words, WordIndex(words)) == [(0, 1)]


def test_an_exclusion_matches_only_as_written() -> None:
    """A misspelt cue word ("stretchd") is no misspelt idiom ("stretchy"): exclusions
    are matched as written, cues also within a small edit distance."""
    words = [_tok("stretchd", known=False)]
    assert Cue.parse("stretchy").find(words, WordIndex(words))
    assert not Cue.parse("stretchy").find(words, WordIndex(words), fuzzy=False)
    parsed = parse_text("stretchd 10 min")
    found = find_cues(parsed, ["stretch*"], ["stretchy"])
    assert [parsed.tokens[m.first].text for m in found] == ["stretchd"]


@pytest.mark.parametrize(
    ("body", "cue", "words"),
    [
        ("Made a proper dinner for once.", "made dinner", "Made a proper dinner"),
        ("Fed the neighbour's cat at noon.", "fed the cat", "Fed the neighbour's cat"),
        ("Cooked a big vegetable curry.", "cooked curry", "Cooked a big vegetable curry"),
    ],
)
def test_modifiers_may_stand_between_a_cues_words(body: str, cue: str, words: str) -> None:
    parsed = parse_text(body)
    [match] = find_cues(parsed, [cue])
    assert body[parsed.tokens[match.first].start : parsed.tokens[match.last].end] == words


@pytest.mark.parametrize(
    ("body", "cue"),
    [
        ("Made plans for dinner.", "made dinner"),  # "plans" is the object, not a modifier
        ("Made it. Dinner was late.", "made dinner"),  # across sentences
        ("10 min ✔ 2L ✘ walk", "# min walk"),  # a checklist's items, not one phrase
        ("went for a walk in the big park", "walk in the park"),  # exclusions: as written
    ],
)
def test_other_words_between_a_cues_words_break_it(body: str, cue: str) -> None:
    parsed = parse_text(body)
    if cue == "walk in the park":
        assert [m.cue for m in find_cues(parsed, ["walk*"], [cue])] == ["walk*"]
    else:
        assert find_cues(parsed, [cue]) == []


def test_the_time_a_habit_is_done_by_picks_no_family() -> None:
    cues, _ = seed_cues("Read before bed", cue_families())
    reading, _ = seed_cues("Read", cue_families())
    assert "went to bed" not in cues
    assert cues == reading
    assert detect("Went to bed at 23h.", "Read before bed") == []
    assert [n for n, _ in detect("Read two chapters in bed.", "Read before bed")] == [
        "Read before bed"
    ]
    # a name that opens with the time keeps it
    assert seed_cues("Before bed stretch", cue_families())[0]


def test_a_familys_words_are_read_by_kind_after_its_unsorted_ones() -> None:
    [family] = families_from_json(
        {
            "families": [
                {
                    "id": "bells",
                    "names": ["bellring"],
                    "cues": ["rang the bells"],
                    "places": ["up the tower"],
                    "verbs": ["rang a peal", "rang the bells"],
                    "units": ["# changes"],
                }
            ]
        }
    )
    assert family.cues == ("rang the bells", "rang a peal", "# changes", "up the tower")
    assert dict(family.kinds)["places"] == ("up the tower",)


@pytest.mark.parametrize(
    "item",
    [
        {"id": "bells", "names": ["bellring"]},  # no words at all
        {"id": "bells", "names": ["bellring"], "verbs": ["rang"], "sounds": ["dong"]},
        {"id": "bells", "names": ["bellring"], "verbs": ["rang *"]},
    ],
)
def test_a_malformed_family_is_refused(item: dict[str, object]) -> None:
    with pytest.raises(CueError):
        families_from_json({"families": [item]})


@pytest.mark.parametrize(
    ("name", "family", "picked"),
    [
        ("Skincare routine", "skiing", False),
        ("asleep by 1am", "sign_language", False),
        ("Skiing", "skiing", True),
        ("Jogging", "running", True),
        ("Call Mummy", "call_family", True),
        ("Bible study", "study", True),
        # a longer key is a stem; a family names the words it must not take
        ("Water plants", "plan_day", False),
        ("Shodo (calligraphy)", "call_family", False),
        ("duolingo japanese", "prayer", False),
        ("Harpsichord", "harp", False),
        ("Plan the day", "plan_day", True),
    ],
)
def test_a_short_name_key_matches_its_word_and_inflections_only(
    name: str, family: str, picked: bool
) -> None:
    [fam] = [f for f in cue_families() if f.id == family]
    assert fam.matches_name(name) is picked
