"""Issue 15, thirty-third round: the days as Bislama, Corsican, Occitan, Chechen, Sakha
and Konkani write them in a schedule; "tomorrow" in more languages; Tetum's "no" before
a thing kept from; "nite" a time; a call said just before whom it did not reach; a place
only passed; a bare "need" before the deed; a word the glossary reads in an entry of its
language is no misspelling; a name after a title, the entry itself being written, a
thing going on, and a night's count are no deed. Sentences of the test's own."""

from __future__ import annotations

import pytest

from app.domain.days import SCHEDULE
from app.domain.journal.cues import is_abstinence
from app.domain.journal.measures import count_target
from app.domain.journal.rules import named_person
from app.nlp.parse import parse_entry
from tests.services.test_cue_rules import habit_names


@pytest.mark.parametrize(
    ("name", "left"),
    [
        ("Jos (Sande)", "Jos"),
        ("Paghjella (ghjovi)", "Paghjella"),
        ("Cantada (dimenge)", "Cantada"),
        ("Борц (кхаара)", "Борц"),
        ("Балык (субуота)", "Балык"),
        ("Choir (aitar)", "Choir"),
    ],
)
def test_the_days_of_more_languages_are_a_schedule(name: str, left: str) -> None:
    assert " ".join(SCHEDULE.sub(" ", name).split()) == left


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Aban wash the motorbike after school.", "Wash motorbike"),
        ("Tumoro mi wash the boat.", "Wash the boat"),
        ("Deman choir practice at the chapel.", "Choir practice"),
        ("Wed nite shift again, 10 to 6.", "Youth nite Fri"),
        ("Call Aisen 3 times on whatsapp, no answer.", "Aisen video call"),
        ("Passed the Hanuman mandir on the way home.", "Mandir visit (Tue)"),
        ("Drove out past the boat landing just to look.", "Tobacco at the landing"),
        ("Payday, so I need send Mum money for the rent.", "Send money Mum"),
        ("Fr Rosario made the altos repeat the psalm.", "Rosary before sleep"),
        ("It is late and here I am writing this instead.", "Write lesson plans"),
        ("Lights on at Holy Spirit, some novena going on.", "Rosary before sleep"),
        ("Night 3 of 5 on the ward, quiet.", "Rosary before sleep"),
        ("Evening wrote the thesis, only ~300 words.", "Thesis 500 words"),
        ("Firewood in the shed getting low, must do it at the weekend.", "Firewood 1 hr"),
        ("Firewood enough in the shed for 2 weeks.", "Firewood 1 hr"),
        ("The scooter's back tyre is looking low.", "Scooter: wash + tyre air"),
        ("The scale is dead, so no number today.", "Scale every morning"),
        ("Fajr I prayed on the bus after sunrise, qada, not in time.", "Fajr on time"),
        ("Sat on the bench and watch them do tai chi.", "Tai chi 6am"),
        ("Saw the boys play futsal after school.", "Futsal"),
        ('Opened Duolingo, the owl said "on fire!!" but I didn\'t do the lesson.', "Duolingo"),
        ("Opened the vocab app on the bus but eyes closing.", "Vocab app 15 min"),
    ],
)
def test_what_is_not_the_writers_deed_is_no_completion(body: str, name: str) -> None:
    assert habit_names(body, name) == []


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Called Fr Rosario about the feast.", "Call Fr Rosario"),
        ("Writing this by candlelight, ten minutes.", "Journal 10 min"),
        ("Choir practice went on till 10, my voice is gone.", "Choir practice"),
        ("Washed the motorbike after school.", "Wash motorbike"),
        ("Prayed the rosary before sleep.", "Rosary before sleep"),
        ("Night: the Sorrowful Mysteries done in bed.", "Rosary before sleep"),
        ("Night wrote the cash book, tallied.", "Cash book – nightly"),
        ("Wrote ~600 words of the thesis.", "Thesis 500 words"),
        ("Ran the short loop, 6k, legs fine.", "Run 5k"),
        ("Walked barefoot on the beach at low tide.", "Walk barefoot"),
        ("Sang the alto line, then opened the app on the bus but fell asleep.", "Choir"),
        ("Did tai chi with the group, then watched them do the fan form.", "Tai chi 6am"),
    ],
)
def test_the_same_words_done_by_the_writer_still_count(body: str, name: str) -> None:
    assert habit_names(body, name) == [name]


def test_tetum_no_before_a_thing_is_a_habit_kept_from() -> None:
    assert is_abstinence("Lá hemu kafé depois 3pm")
    assert not is_abstinence("Lava motor")


def test_a_word_read_in_its_language_is_no_misspelling() -> None:
    parsed = parse_entry("Mi wokbaot long moning wetem pikinini blong mi.")
    moning = next(t for t in parsed.tokens if t.text == "moning")
    assert moning.lemma == "morning"
    assert moning.known


@pytest.mark.parametrize(
    "name", ["Stall at 16 de Julio (Thu/Sun)", "Feira 9 de Julho", "Savings Bs 50 semanal"]
)
def test_a_date_in_a_places_name_and_how_often_are_no_count(name: str) -> None:
    assert count_target(name) is None


def test_an_amount_in_a_name_reaches_no_one() -> None:
    assert named_person("Savings club K200 – Fri") is None
    assert named_person("Phone Bamayo – Kasama") == ("bamayo", "dobj")
