"""Issue 15, twenty-sixth round: a name key of several words read from the start of a
word, "without" as the languages around English say it, why a thing was done after it, the
kin a call habit reaches named first, "with" written "c/", what one has to do, a deed in
scare quotes, a drink kept free of something, a common place in brackets, the stems of
Romance infinitives, habit names in more languages, and lexicon words. Sentences of the
test's own.
"""

from __future__ import annotations

import pytest

from app.domain.journal.rules import named_person
from app.nlp.gloss import in_english
from tests.services.test_cue_rules import habit_names, seeded_cues


def test_a_name_key_of_several_words_starts_and_ends_a_word() -> None:
    assert "fed the cat" not in seeded_cues("Note the catch")  # no pet in "the catch"
    assert "fed the cat" in seeded_cues("Feed the cats")


def test_hw_is_homework() -> None:
    assert "homework" in seeded_cues("HW before games")
    assert habit_names("hw ✅ maths sheet", "HW before games") == ["HW before games"]


@pytest.mark.parametrize(
    "body",
    [
        "Sábado sem yoga, too much rain.",
        "Domingo sin yoga, the studio was shut.",
        "pagod na, wala nang yoga tonight",
        "walang yoga ngayon",
    ],
)
def test_without_as_the_languages_around_english_say_it(body: str) -> None:
    assert habit_names(body, "Yoga") == []


def test_why_a_thing_was_done_after_it_is_no_plan() -> None:
    body = "Went to the early Mass since tomorrow we leave for the coast."
    assert habit_names(body, "Sunday Mass") == ["Sunday Mass"]
    assert habit_names("Mass tomorrow since the priest is away.", "Sunday Mass") == []


def test_the_kin_a_call_reaches_is_named_before_where_they_are() -> None:
    assert named_person("Mama 📞 Lagos") == ("mama", "dobj")
    assert habit_names("After supper I call mama, we talk an hour.", "Mama 📞 Lagos") == [
        "Mama 📞 Lagos"
    ]


def test_with_written_c_slash_reaches_the_person_after_it() -> None:
    assert named_person("call c/ a Lia") == ("lia", "with")
    assert habit_names("Video with Lia after dinner, she showed me her school.", "Call c/ a Lia")


@pytest.mark.parametrize(
    "body",
    [
        "I have to call mum tonight, no time now.",
        "I get to call mum but I no know what to tell her.",
    ],
)
def test_what_one_has_to_do_is_not_done(body: str) -> None:
    assert habit_names(body, "Call Mum") == []


def test_what_one_had_to_do_is_told_as_done() -> None:
    assert habit_names("I had to call mum twice before she answered.", "Call Mum") == ["Call Mum"]


def test_a_deed_in_scare_quotes_is_not_done() -> None:
    body = 'A whole afternoon of "studying" at the library: I mostly napped.'
    assert habit_names(body, "Study at the library") == []
    assert habit_names("Studying at the library all afternoon.", "Study at the library") == [
        "Study at the library"
    ]


@pytest.mark.parametrize("name", ["Tea without sugar", "Чай без сахара", "Weekend without phone"])
def test_a_thing_kept_free_of_something_is_restraint(name: str) -> None:
    assert seeded_cues(name) == set()


def test_an_english_function_word_is_no_compound_of_another_language() -> None:
    assert in_english("Tea without sugar") == "Tea without sugar"  # not Dutch "hout", wood


def test_a_common_place_in_brackets_is_no_cue_of_its_own() -> None:
    cues = seeded_cues("Bookkeeping (shop)")
    assert "bookkeeping" in cues
    assert not {"shop", "shopping", "shopped"} & cues


def test_the_stem_of_a_romance_infinitive_tells_its_other_forms() -> None:
    assert "estir" in seeded_cues("Estirar 10 min")
    assert habit_names("Estiré 12 min después del rodillo.", "Estirar 10 min") == ["Estirar 10 min"]
    assert "along" not in seeded_cues("Alongar costas")  # "along" is English


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("Sund 1 km", "swim 1 km"),
        ("Kóræfing", "choir practice"),
        ("Oogdruppels", "eye drops"),
        ("Videochamada", "video call"),
        ("Alongamento", "stretching"),
        ("記帳 daily", "bookkeeping daily"),
    ],
)
def test_habit_names_in_more_languages(name: str, english: str) -> None:
    assert in_english(name) == english


def test_a_garden_bed_is_no_bed_to_sleep_in() -> None:
    assert habit_names("Fell asleep in the chair before bed.", "Rose beds") == []
    assert habit_names("Mulched the rose beds with the leaves.", "Rose beds") == ["Rose beds"]


@pytest.mark.parametrize(
    "body",
    [
        "I been playing that fiddle since I was 12, for my grandad.",
        "Thinking today about when I start fiddle, I was 15, in the church hall.",
    ],
)
def test_a_life_told_from_an_age_is_no_deed_of_today(body: str) -> None:
    assert habit_names(body, "Fiddle practice") == []


def test_a_time_told_after_when_is_no_age() -> None:
    body = "Fiddle practice at 7, when we were 10 minutes in the power went."
    assert habit_names(body, "Fiddle practice") == ["Fiddle practice"]


def test_a_quarter_of_an_hour_is_fifteen_minutes() -> None:
    assert habit_names("Knitting only a quarter of an hour, eyes tired.", "Knit 30 min") == []
    assert habit_names("Knitted three quarters of an hour.", "Knit 30 min") == ["Knit 30 min"]
    assert habit_names("Prjónaði, knitted 40 min.", "Prjóna 30 mín") == ["Prjóna 30 mín"]


def test_another_named_prayer_is_not_the_one_named() -> None:
    assert "juma" not in seeded_cues("Fajr on time")
    assert "juma" in seeded_cues("Jummah")


def test_icelandic_i_reaches_the_person_after_it() -> None:
    assert named_person("call í Jónu") == ("jónu", "dobj")


def test_a_learners_present_with_a_day_after_it_is_a_plan() -> None:
    assert habit_names("Dana did not answer, we talk Sunday.", "Call Dana & Eli") == []
    assert habit_names("Sunday I cook rice and beans for the week.", "Cook for the week") == [
        "Cook for the week"
    ]


@pytest.mark.parametrize(
    "body",
    [
        "Rafa from the choir did his exam already, passed with 18.",
        "The girls from choir came round for soup.",
    ],
)
def test_a_thing_that_only_says_who_someone_is_is_not_done(body: str) -> None:
    assert habit_names(body, "Choir practice") == []


def test_going_with_someone_from_it_is_still_done() -> None:
    assert habit_names("Went to choir with Rafa from work.", "Choir practice") == ["Choir practice"]
