"""Issue 15, seventh round: a count of minutes is a habit's only beside its own words; a
zero is none; a question mark belongs to its own thought; an "-ing" word of a habit's
name stays one of its words. Sentences of the test's own."""

from __future__ import annotations

from app.domain.journal.cues import seed_cues
from app.services.journal.cues import cue_families
from tests.services.test_cue_rules import detect


def test_minutes_alone_are_no_timed_habit() -> None:
    assert detect("I have ten minutes before the bus.", "Meditation 10 min") == []
    assert detect("Waited forty minutes for the train.", "Scales 15 min") == []
    # with the habit's own words beside them, the minutes count
    found = detect("Meditated for twenty minutes after breakfast.", "Meditation 10 min")
    assert [n for n, _ in found] == ["Meditation 10 min"]
    assert detect("Meditated for five minutes, no more.", "Meditation 10 min") == []


def test_a_count_of_other_units_needs_no_cue_beside_it() -> None:
    assert detect("Phone says 11,400 steps.", "Walk 10k steps")


def test_a_zero_count_is_none() -> None:
    assert detect("Drank like 0 water today, lips are cracked.", "Drink water") == []
    assert detect("Read zero pages again.", "Reading") == []
    assert detect("Drank 2 bottles of water.", "Drink water")


def test_a_question_closing_a_quotation_is_the_quoted_one() -> None:
    body = "I texted Sam this morning, just 'how did the interview go?', and he rang back."
    assert [n for n, _ in detect(body, "Text a friend")] == ["Text a friend"]
    # the writer's own question still blocks
    assert detect("Did I even stretch today?", "Stretching") == []


def test_a_question_after_a_dash_is_another_thought() -> None:
    body = "Took my vitamins - the new ones, which might be too strong I think?"
    assert [n for n, _ in detect(body, "Take vitamins")] == ["Take vitamins"]
    assert detect("Took my vitamins?", "Take vitamins") == []


def test_an_ing_word_of_the_name_stays_a_cue_beside_a_family() -> None:
    cues, _ = seed_cues("Sitting practice", cue_families())
    assert "sitting*" in cues  # the writer's own word
    assert "meditat*" in cues  # the family's
    morning, _ = seed_cues("Morning run", cue_families())
    assert "morning*" not in morning  # no doing


def test_a_cue_that_names_an_owner_is_no_deed() -> None:
    assert detect("Made soup like my nani's.", "Call nani") == []
    assert detect("Parked in the gym's car park and went home.", "Gym") == []
    # a cue with its verb is the deed, whoever's the person after it
    found = detect("I called Mum's sister in Leeds.", "Call family")
    assert [n for n, _ in found] == ["Call family"]


def test_a_bullet_journals_open_and_moved_tasks_are_not_done() -> None:
    body = "× 5k along the river\n• floss\n> sketch → sat\n- rain all day"
    assert [n for n, _ in detect(body, "Running", "Floss", "Sketch")] == ["Running"]
    # "•" alone is an ordinary bullet in an entry with no "×" key
    assert [n for n, _ in detect("• swam 20 lengths\n• read", "Swimming")] == ["Swimming"]


def test_an_item_answered_in_brackets_is_not_done() -> None:
    assert detect("floss (forgot)\nyoga (skipped)", "Floss", "Yoga") == []
    assert detect("floss (waterpik)", "Floss")


def test_what_was_done_instead_of_it_is_not_it() -> None:
    assert detect("Went for pints instead of the run.", "Running") == []
    assert detect("Ran instead of cycling.", "Running")


def test_a_zero_that_is_the_goal_is_done() -> None:
    assert detect("Archived everything, 0 unread.", "Inbox zero")
    assert detect("Read 0 pages.", "Reading") == []


def test_a_count_read_as_a_verb_leaves_no_one_else_in_a_log() -> None:
    assert [n for n, _ in detect("× sun salutations ×5 before work", "Yoga")] == ["Yoga"]
    # a real verb after the cue still makes it someone else's doing
    assert detect("Swim lessons cost a fortune these days.", "Swimming") == []


def test_a_quoted_title_is_no_one_else() -> None:
    body = "Finished 'Clean Architecture' finally, read the last 50 pages in bed."
    assert [n for n, _ in detect(body, "Read before bed")] == ["Read before bed"]
    assert detect("Tom read the last 50 pages to me.", "Read before bed") == []
