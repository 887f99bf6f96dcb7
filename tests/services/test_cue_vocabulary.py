"""Issue 15: activities told in their own vocabulary, misspelt words, checklists and
logs are read; eaten dishes, games of pool, plan lists and notes to self are not."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import (
    MAX_CUES,
    Cue,
    asks_a_call,
    name_phrases,
    name_words,
    seed_cues,
)
from app.domain.parsed import Token
from app.services.journal.cues import cue_families
from tests.services.test_cue_rules import detect


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        ("Swam 40 lengths at the leisure centre pool.", "Swimming", "Swam 40 lengths"),
        ("Sat for 15 minutes counting breaths before breakfast.", "Meditation", "Sat for 15"),
        ("Made a big pot of dal for the week.", "Cook at home", "Made a big pot of dal"),
        ("Finally sorted out the wardrobe.", "Tidy up", "sorted out the wardrobe"),
        ("meditatted 10 min this morning", "Meditation", "meditatted 10 min"),
        ("✅ stretchd\n✅ flossed\n☐ read", "Stretching", "stretchd"),
        ("07:10 — 5k easy run, legs heavy", "Running", "5k easy run"),
        ("Rode 30 km along the canal route.", "Cycling", "Rode 30 km"),
        ("Talked to nani on whatsapp for an hour.", "Call family", "Talked to nani"),
        ("Grilled salmon for dinner with rice.", "Cook at home", "Grilled"),
        ("Weeded the veg patch and sowed carrots.", "Gardening", "Weeded the veg patch"),
        ("Lip trills and scales for ten minutes.", "Practice singing", "Lip trills"),
        ("Drank 3 cups water today.", "Hydrate", "Drank 3 cups water"),
        ("Telephoned my aunt in Leeds.", "Call family", "Telephoned my aunt"),
        ("Prepared a fish pie for the grandchildren.", "Cook at home", "Prepared a fish pie"),
        ("Did push-ups between meetings.", "Strength training", "push-ups"),
        ("practised gutiar after tea", "Practice guitar", "gutiar"),
        ("bed 22:15, phone in the kitchen", "Sleep by 11", "bed 22:15"),
        ("Bench 4x6 and rows.", "Strength training", "Bench 4x6"),
        ("I make dal and rice for the family.", "Cook at home", "I make dal"),
        ("Videocall with my parents after dinner.", "Call family", "Videocall"),
        ("Spent a while counting the breath.", "Meditation", "counting the breath"),
        ("Retired at half past ten with the radio.", "Sleep by 11", "Retired at half past ten"),
        ("Calf raises and gentle stretches.", "Stretching", "stretches"),
    ],
)
def test_own_words_are_read(body: str, name: str, quote: str) -> None:
    found = detect(body, name)
    assert [n for n, _ in found] == [name]
    assert quote in found[0][1]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Ate grilled fish at the harbour.", "Cook at home"),
        ("Played pool with Sam at the pub.", "Swimming"),
        ("Plan for later:\n- swim\n- stretch", "Swimming"),
        ("Note to self: floss tonight.", "Floss"),
        ("Looked at the cookbook for an hour.", "Cook at home"),
        ("Sat by the pool with a book.", "Swimming"),  # a place, not a swim
        ("Kept a steady tempo on the metronome.", "Running"),  # a musical word
        ("A long walk after dinner.", "Walk 10k steps"),  # a walk of no stated length
        ("The garden is a mess of leaves.", "Gardening"),  # a place, not gardening
        ("Ice bath 5 min after the match.", "Cold shower"),  # not a shower
        ("Nodded off at quarter to one.", "Sleep by 11"),  # a time told in words, too late
    ],
)
def test_look_alikes_are_not(body: str, name: str) -> None:
    assert detect(body, name) == []


def _tok(text: str, *, known: bool) -> Token:
    return Token(0, 0, len(text), text, text.lower(), "VERB", "VBD", "ROOT", 0, 0, known=known)


def test_misspellings_match_only_unknown_long_words_with_the_same_first_letter() -> None:
    cue = Cue.parse("stretch*")
    assert cue.find([_tok("streched", known=False)])
    assert not cue.find([_tok("streched", known=True)])  # a dictionary word is as written
    assert Cue.parse("exercise").find([_tok("excercise", known=False)])
    assert not Cue.parse("cooked").find([_tok("looked", known=False)])  # other first letter
    assert not Cue.parse("yoga").find([_tok("yogaa", known=False)])  # short words: exact only
    assert Cue.parse("made ? curry").find(
        [_tok("made", known=True), _tok("a", known=True), _tok("curry", known=True)]
    )


def test_a_walk_is_counted_by_its_distance_and_foreign_thousands() -> None:
    assert detect("Walked the coast path, a good seven miles.", "Walk 10k steps")
    assert not detect("Walked the coast path, two miles.", "Walk 10k steps")
    assert detect("Caminé al trabajo y la app dice 10.400 pasos.", "Walk 10k steps")


def test_emoji_log_items_are_read_item_by_item() -> None:
    body = "🏃 5k ✅ 📖 ✅\n💧 ❌"
    assert [n for n, _ in detect(body, "Running", "Read", "Hydrate")] == ["Running", "Read"]
    # words beside the emoji are read as words, not as what the emoji stands for
    assert [n for n, _ in detect("🧘 10 min stretch done", "Yoga", "Stretching")] == ["Stretching"]
    assert detect("TODO\n🏃 5k", "Running") == []  # under a plan heading


def test_every_seed_family_is_seeded_whole() -> None:
    """A habit gets all of a family's words: none is cut by the cue limit (a name that
    asks for a call is read by the family's words of a call, not of a message)."""
    for family in cue_families():
        assert len(family.cues) <= MAX_CUES, family.id
        name = next(n for n in family.names if not asks_a_call(n))
        cues, _ = seed_cues(name, [family])
        whole = list(dict.fromkeys(family.cues))
        assert cues[: len(whole)] == whole
        own = set(cues[len(whole) :])  # the name's own words: all if kept, else its doings
        assert own <= set(name_words(name)) | set(name_phrases(name))
        if family.keeps_name:
            assert own | set(whole) >= set(name_words(name))


def test_a_family_of_how_a_thing_is_studied_keeps_the_habits_own_words() -> None:
    cues, _ = seed_cues("Thermodynamics study", cue_families())
    assert "thermodynamics*" in cues  # what is studied
    assert "past paper*" in cues  # how studying is told
    walk, _ = seed_cues("Walk the dog", cue_families())
    assert "dog" not in walk  # the one walked, not the deed ("the dog looked at me")
