"""Issue 15, twenty-ninth round: a log item the name's own picture stands for ("✅ 📿",
"✅ апа 📞 20 мин"), a habit of keeping from a thing named with another language's "no"
or a sign of it forbidden, units and thousands as other languages write them ("5 mín",
"12к", "13 450"), a hope put in God's hands, a deed said undone after it ("Dad VP miss"),
a word of how that is no cue alone ("Bain froid"), "nothing with", steps climbed, a meal
that says when, a code-switched "no", "I am to", a thing talked of, slept through or done
in one's head, a thing only named the kind of ("airag sellers"), and a trailing "Sun" of a
name. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.journal.cues import is_abstinence
from app.domain.journal.measures import count_target
from tests.services.test_cue_rules import habit_names, seeded_cues


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("✅ 📿 before sleep", "Rosaryo before tulog 📿"),
        ("✅ апа 📞 15 мин, she had already made tea", "Анама 📞 звонок"),
        ("❌ 💪\n✅ 📿", "Rosaryo before tulog 📿"),
    ],
)
def test_a_log_item_the_names_own_picture_stands_for_is_done(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    "body",
    [
        "📿 tomorrow ✅",
        "📿 — maybe later ✅",
        "- [ ] 📿",
        "❌ 📿 ✅ 💪 40 min",
        "The big wooden 📿 from Mama hangs over my bunk, 3 decades a night when I can.",
    ],
)
def test_the_picture_planned_crossed_or_in_a_sentence_is_no_log(body: str) -> None:
    assert habit_names(body, "Rosaryo before tulog 📿") == []


@pytest.mark.parametrize(
    "name", ["Ii snus", "Ei alkoholia", "Архигүй 🚫", "Vape 🚭", "Şekersiz çay"]
)
def test_a_habit_of_keeping_from_a_thing_in_other_words(name: str) -> None:
    assert is_abstinence(name)


@pytest.mark.parametrize("name", ["Sessiz yürüyüş", "Eid prayers", "Sjósund 5 mín+ 🌊"])
def test_a_silent_walk_and_a_prayer_are_no_abstinence(name: str) -> None:
    assert not is_abstinence(name)


def test_units_and_thousands_as_other_languages_write_them() -> None:
    assert count_target("12к шаг (Mi Band)") == (12000.0, "step")
    assert count_target("Sjósund 5 mín+ 🌊") == (5.0, "minute")
    assert "mín" not in seeded_cues("Sjósund 5 mín+ 🌊")
    assert "mín" not in seeded_cues("Bakteygjur 10 mín")


@pytest.mark.parametrize(
    ("body", "done"),
    [
        ("Mi Band says 14 210 шаг, most of it on the platforms.", True),
        ("Mi Band 4 300 шаг only, a day in the depot.", False),
    ],
)
def test_thousands_a_space_sets_apart(body: str, done: bool) -> None:
    name = "12к шаг (Mi Band)"
    assert habit_names(body, name) == ([name] if done else [])


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Insha'Allah fajr at the station mosque before sunrise.", "Fajr namaz ⏰"),
        ("Dad VP miss, his battery again.", "VP Dad (Syracuse)"),
        ("Horses rest day, the mares are tired.", "Morning gallop 🐎"),
        ("Gym skipped, the ship rolling too much.", "Gym 30 mins 💪"),
        ("Nothing with the herd today, only papers.", "Herd check 🛷"),
        ("One can at lunch only.", "Prep lunches"),
        ("Fajr I sleep through, the alarm dead.", "Fajr namaz ⏰"),
        ("I am to phone Calum on Wednesday as usual.", "Phone Calum ☎️"),
        ("By the fire we spoke of the peats and the old days.", "Cutting the peats"),
        ("In the ice bath I sing the hymn in my head so as not to think.", "Choir 🎶"),
        ("Market full of kumis sellers from the road.", "Kumis 1 litre"),
        ("Tired, walay gym karon.", "Gym 30 mins 💪"),
        ("Ihttin early I take the scooter to the herd.", "Herd check 🛷"),
        ("Carried her bags and helped her up the steps.", "10k steps"),
    ],
)
def test_said_but_not_done(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Prayed fajr at 05:10, the platform still dark.", "Fajr namaz ⏰"),
        ("Galloped them to the ovoo and back, 12 km.", "Morning gallop 🐎"),
        ("Went out along the sea wall all the way to Big Red.", "Walk out to Big Red"),
        ("Took my pill at 6:40 before anything.", "Losartan + aspirin"),
        ("After dinner I did the gym, 40 mins on the rower.", "Gym 30 mins 💪"),
    ],
)
def test_done_and_told(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("Bain froid 10' + étirements", "froid"),
        ("Muscu extra 45'", "extra"),
        ("Prep lunches Sun 🍱", "sun"),
    ],
)
def test_a_word_of_how_or_when_is_no_cue_alone(name: str, word: str) -> None:
    assert word not in seeded_cues(name)
