"""Issue 15, twenty-seventh round: restraint as other languages open it, where a thing is
done after what is done, an Arabic word with its article, a deadline before the evening, a
time at a line's start, day names in more languages, "missed" before a compound, hearts
that close a thought, a thing sitting with someone, an entry's own words in English, the
language a name is read in, habit names in more languages. Sentences of the test's own.
"""

from __future__ import annotations

import pytest

from app.domain.journal.cues import is_abstinence, without_when
from app.domain.journal.lines import LIST_MARK
from app.domain.journal.rules import item_starts
from app.nlp.gloss import entry_glosses, in_english, names_a_time
from app.nlp.parse import parse_entry
from tests.services.test_cue_rules import habit_names, seeded_cues


@pytest.mark.parametrize(
    "name",
    ["Pas de télé", "Plus d'alcool", "Pas d’écran après 22h", "Kein Zucker", "Geen snoep",
     "Fără cafea", "Sin refresco", "Nada de azúcar", "Sem refrigerante"],
)  # fmt: skip
def test_restraint_as_other_languages_open_it(name: str) -> None:
    assert is_abstinence(name)


@pytest.mark.parametrize("name", ["Pas de deux class", "Plus one workout", "Running"])
def test_a_ballet_step_or_a_word_alone_is_no_restraint(name: str) -> None:
    assert not is_abstinence(name)


def test_a_habit_kept_from_something_in_french_is_never_done() -> None:
    assert habit_names("Put my phone away at 9 and read instead.", "Pas de doomscroll") == []


def test_where_a_thing_is_done_is_not_what_is_done() -> None:
    logging = seeded_cues("Write sales in book")
    assert "novel" not in logging
    assert "audiobook" not in logging
    assert "wrote" in logging
    assert "read" in seeded_cues("Read in bed")  # the reading stands
    assert habit_names("Phone in the drawer through dinner ✔", "Phone in the drawer at dinner")


def test_an_arabic_word_is_also_read_without_its_article() -> None:
    assert "kahf" in seeded_cues("Al-Kahf on Friday")
    assert "mulk" in seeded_cues("Surah al-Mulk at night")
    assert habit_names("Friday. Read Surat el Kahf after Fajr.", "Al-Kahf on Friday") == [
        "Al-Kahf on Friday"
    ]


def test_a_deadline_before_the_evening_reads_an_early_hour_as_that_day() -> None:
    name = "Shutter up by 5"
    assert habit_names("4.52 shutter up, papers sorted by 6.", name) == [name]
    assert habit_names("Shutter up 5.40, overslept again.", name) == []
    assert habit_names("In bed 12.30, the film ran long.", "Bed by 11") == []  # a night's


def test_a_time_at_the_start_of_a_line_is_no_list_number() -> None:
    assert LIST_MARK.match("4.57 shutter up") is None
    assert LIST_MARK.match("4. shutter up") is not None
    assert LIST_MARK.match("12) call the bank") is not None


def test_day_names_in_more_languages_say_when() -> None:
    assert without_when("Lecție italiană (mar/joi)") == "Lecție italiană"
    assert not any(c.startswith("duminic") for c in seeded_cues("Liturghie duminică"))
    assert habit_names("Joi. Rained all day, the signora slept.", "Curs engleză (mar/joi)") == []


def test_missed_before_the_word_a_compound_names_is_not_done() -> None:
    name = "ARC rondo practice"
    assert habit_names("Missed ARC rondo practice, double shift again.", name) == []
    assert habit_names("ARC rondo practice after work, legs gone.", name) == [name]


def test_a_heart_or_a_sun_closes_what_comes_before_it() -> None:
    body = "Sunday ❤️ Walked the dog"
    assert body.index("Walked") in item_starts(body)
    assert item_starts("oats ☐ pills ☑") == frozenset()  # a log's boxes are no pictures


def test_a_thing_sitting_with_someone_is_read() -> None:
    name = "Al-Kahf on Friday"
    body = "Friday ☀️ Read el Kahf after lunch sitting with my aunt in the garden."
    assert habit_names(body, name) == [name]
    assert habit_names("Friday. The Kahf booklet still sitting on the shelf.", name) == []


def test_an_entrys_own_words_of_another_language_are_read_in_english() -> None:
    assert entry_glosses(["fui", "a", "misa", "con", "mi", "abuela"]) == {
        "misa": "mass",
        "abuela": "grandmother",
    }
    assert entry_glosses(["kar", "raha", "tha"]) == {}  # one word alone may be another's
    lemmas = {t.text: t.lemma for t in parse_entry("Fui a misa con la abuela.").tokens}
    assert lemmas["misa"] == "mass"


def test_a_name_is_read_in_the_language_of_its_words_of_substance() -> None:
    assert "prayers" in in_english("El salawat fi wa2tha")  # Arabic, not Spanish "el"


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Kwaia practice", "choir practice"),  # Tok Pisin
        ("Mari kuna Mhamha", "money to mother"),  # Shona
        ("Ubat pagi", "medicine morning"),  # Malay
    ],
)
def test_habit_names_in_more_languages(name: str, english: str) -> None:
    assert in_english(name) == english


def test_a_day_or_a_time_of_it_is_no_cue_of_its_own() -> None:
    assert names_a_time("poya")
    assert names_a_time("pagi")
    assert not any(c.startswith("poya") for c in seeded_cues("Poya sil"))
    assert "study" in seeded_cues("Prometric Qs x50")
