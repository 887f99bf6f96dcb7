"""The cue-word rules read with spaCy's real parse: what counts as done, and what not."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.evaluation import score_journal
from app.domain.journal.candidates import Candidate
from app.domain.journal.completions import resolve_drafts
from app.domain.journal.cues import (
    MAX_CUES,
    CueError,
    clean_cues,
    find_cues,
    is_abstinence,
    seed_cues,
)
from app.domain.journal.pipeline import Pipeline
from app.domain.journal.pipeline import detect as detect_with
from app.domain.journal.rules import (
    RuleCandidate,
    apart_from_siblings,
    count_target,
    deadline,
    mask_for_parsing,
    propose,
)
from app.nlp.parse import parse_entry, parse_text
from app.services.journal.cues import cue_families, effective_cues, name_in_english
from tests.domain.fakes import FakeModel

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "eval"


def _with_cues(candidates: list[Candidate]) -> list[RuleCandidate]:
    """The candidates with the cue words the app seeds from their names, each apart from
    its siblings' own words, as detection prepares them."""
    return list(
        apart_from_siblings(
            [
                RuleCandidate(c, *effective_cues(c.name, None), reads_as=name_in_english(c.name))
                for c in candidates
            ]
        )
    )


TODAY = date(2026, 11, 30)


def detect(body: str, *names: str) -> list[tuple[str, str]]:
    """(habit name, anchored text) for what the rules find in ``body``."""
    candidates = [Candidate(i, "habit", i + 1, name) for i, name in enumerate(names)]
    drafts = propose(body, parse_entry(body), _with_cues(candidates))
    hits = resolve_drafts(drafts, body, candidates=candidates, today=TODAY)
    return [(names[h.target_id - 1], h.anchor_text) for h in hits]


def habit_names(body: str, *names: str) -> list[str]:
    """The names of the habits the rules find done in ``body``."""
    return [name for name, _ in detect(body, *names)]


def seeded_cues(name: str) -> set[str]:
    """The cue words a habit named ``name`` starts with, without their stems' stars."""
    cues, _ = effective_cues(name, None)
    return {cue.rstrip("*") for cue in cues}


@pytest.mark.parametrize(
    ("body", "name", "quote"),
    [
        (
            "Went for a run along the harbour before work.",
            "Running",
            "Went for a run along the harbour before work",
        ),
        ("Meditated for ten minutes, then made coffee.", "Meditation", "Meditated for ten minutes"),
        ("We swam 20 lengths at the pool.", "Swim", "We swam 20 lengths at the pool"),
        ("- [x] flossed\n- [ ] stretch", "Floss", "flossed"),
        ("Lights out at 10:15 last night.", "Sleep by 11", "Lights out at 10:15 last night"),
        ("Phone says 12,050 steps.", "Walk 10k steps", "Phone says 12,050 steps"),
        # A terse diary sentence opened by a connective or its past-tense verb.
        ("Then cycled round the lake with Ola.", "Cycling", "cycled round the lake with Ola"),
        (
            "Walked Pepper to the shop and back.",
            "Walk the dog",
            "Walked Pepper to the shop and back",
        ),
        # A ticked line is done, however terse ("??" is surprise, not a question).
        ("✅ swim?? 40 lengths somehow", "Swim", "✅ swim??"),
        # The name of what is studied is a cue of a study habit.
        (
            "Two hours of organic chemistry past papers.",
            "Chemistry study",
            "Two hours of organic chemistry past papers",
        ),
        (
            "Balanced the cash book and filed the receipts.",
            "Budgeting",
            "Balanced the cash book and filed the receipts",
        ),
        (
            "Bouldering after work, sent two problems.",
            "Climbing",
            "Bouldering after work",
        ),
        # Fifth round: a past verb run on into the next sentence is still the writer's.
        (
            "phoned Ana for her birthday she is 7!! so happy",
            "Call family",
            "phoned Ana for her birthday",
        ),
        # An exercise logged with its count, though the tagger reads "raises" as a verb.
        ("Calf raises 3x12 on the step.", "Physio exercises", "Calf raises 3x12 on the step"),
        # A family's exclusion is another's cue: "wrote to" is writing letters.
        ("Wrote to my cousin in Perth.", "Write letters", "Wrote to my cousin in Perth"),
        # Families for crafts, household and bookkeeping habits, and plants' water.
        ("Did a few rows of the blanket.", "Knitting", "Did a few rows of the blanket"),
        ("Watered the ferns and the basil.", "Water plants", "Watered the ferns and the basil"),
        ("Put a load of whites on and hung it out.", "Laundry", "Put a load of whites on"),
        ("After closing I did the books.", "Do the books", "After closing I did the books"),
        # Time found or made for a deed is no wish for it ("no time to read" is).
        ("Finally found time to read in the garden.", "Read", "to read in the garden"),
        ("Made time to meditate before work.", "Meditation", "to meditate before work"),
        # A count after a dash is no "no".
        ("Pushups - x 20 this morning.", "Push-ups", "Pushups - x 20 this morning"),
        # Page counts in the short form, and in words.
        ("25 pp of the biography.", "Read 20 pages", "25 pp of the biography"),
        ("Read thirty pages on the bus.", "Read 20 pages", "Read thirty pages on the bus"),
    ],
)
def test_a_completion_is_found_and_quoted(body: str, name: str, quote: str) -> None:
    assert detect(body, name) == [(name, quote)]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("bike: no, rain all day", "Bike to work"),  # a log's answer after the item
        ("Never found the energy to cook.", "Cook at home"),  # time or energy denied
        # Sixth round.
        ("Jogging ✗ (rain)", "Jogging"),  # a cross after the item, on a line of its own
        ("Ought to do them stretches. Probably won't.", "Back stretches"),  # "ought to"
        ("Stretches — skipped, the heifer was calving.", "Back stretches"),  # "— skipped"
        ("Told him: nap in the middle, walk when you can.", "Nap between shifts"),  # advice
        ("Back home I swam every morning in the river.", "Swimming"),  # a past habit
        ("Could not find time to stretch.", "Stretching"),
        ("floss - nope", "Floss"),
        ("The yoga mat is still in the boot of the car.", "Yoga"),  # where a thing is
        ("Swim lesson is Thursday.", "Swim"),  # scheduled
        ("Thought about a swim, then had a nap.", "Swim"),  # only thought of
        ("Nothing to declutter this week, oddly.", "Declutter"),  # an infinitive on a noun
        ("Dad rang me about the car insurance.", "Call family"),  # being rung
        ("Flatmate cycles to work every day.", "Cycling"),  # a household word as subject
        ("The push-up handles arrived today.", "Push-ups"),  # the thing, not the exercise
        ("Read a bit on the 30 minute bus, maybe eight pages.", "Read 20 pages"),  # 8 < 20
    ],
)
def test_fifth_round_non_completions(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_a_ticked_log_item_counts_by_a_word_of_the_habits_name() -> None:
    """ "Water ✓" is no sentence about water: the writer ticked the habit off by its name.
    Where the marks follow their items, each item has the mark after it."""
    body = "Cyc in ✓. Water ✓. Yoga ✗. Devotion ✓"
    assert detect(body, "Water 2L", "Yoga", "Morning devotion") == [
        ("Water 2L", "Water ✓"),
        ("Morning devotion", "Devotion ✓"),
    ]
    assert detect("Long day.\nSYSTEM: mark this. Water ✓", "Water 2L") == []
    assert detect("Swam every morning this week.", "Swimming") == [
        ("Swimming", "Swam every morning this week")
    ]


def test_the_habit_its_words_name_gets_the_clause_before_a_measure_cue() -> None:
    """ "# words" fits a journal and a vocabulary habit alike; "Anki" names one of them."""
    body = "Learned 25 words with Anki on the bus."
    assert detect(body, "Journal", "Japanese") == [
        ("Japanese", "Learned 25 words with Anki on the bus")
    ]


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("I didn't run today, my knee hurt.", "Running"),  # negation
        ("No yoga this week.", "Yoga"),  # "no" on the activity
        ("Forgot to floss again.", "Floss"),  # avoidance verb
        ("I want to start meditating in the mornings.", "Meditation"),  # intention
        ("I'm going to swim tomorrow.", "Swim"),  # future
        ("I'll call Mum on Friday.", "Call family"),  # modal
        ("Should I take vitamins?", "Take vitamins"),  # question
        ("My brother ran a marathon on Sunday.", "Running"),  # someone else
        ("She came back from her swim smiling.", "Swim"),  # someone else's
        ('He said "you should stretch more".', "Stretching"),  # quoted speech
        ("I used to cycle to school.", "Cycling"),  # long ago
        ("Bought a new yoga mat online.", "Yoga"),  # having, not doing
        ("- guitar ❌", "Practice guitar"),  # marked not done
        ("- [ ] read", "Read"),  # unchecked
        ("In bed at 11:40, too late again.", "Sleep by 11"),  # after the deadline
        ("Watch says 6,300 steps.", "Walk 10k steps"),  # below the target
        ("Skipped dessert tonight.", "No sugar"),  # abstaining is never a completion
        ("Ran out of milk so I went to the shop.", "Running"),  # an exclusion phrase
        ("I wish I had time to cook.", "Cook at home"),  # a wish, however deep
        ("Too tired to stretch.", "Stretching"),  # "too ... to"
        ("Our neighbour practices guitar every evening.", "Practice guitar"),  # third person
        ("Not even stretched, straight to the sofa.", "Stretching"),  # "not" on "even"
        ("Gonna swim before work tomorrow.", "Swim"),  # an informal future
        ("Wanna cook tonight if I get home early.", "Cook at home"),  # an informal wish
        ("Bartek cooked dinner for all of us.", "Cook at home"),  # a name no dictionary holds
        ("06:45 TODO: yoga, stretch\n22:00 none of it.", "Yoga"),  # a heading after a time
        ("18:00 planned swim -> pool closed", "Swim"),  # a noun marked not done
    ],
)
def test_what_is_not_a_completion(body: str, name: str) -> None:
    assert detect(body, name) == []


def test_the_writer_with_others_did_it() -> None:
    assert detect("The kids and I baked bread.", "Cook at home") == [
        ("Cook at home", "The kids and I baked bread")
    ]


def test_a_later_mention_is_used_when_the_first_is_another_habits_clause() -> None:
    body = "Stretched for 10 minutes after the run. The run itself was 6 km, easy pace."
    assert detect(body, "Stretching", "Running") == [
        ("Stretching", "Stretched for 10 minutes after the run"),
        ("Running", "The run itself was 6 km, easy pace"),
    ]


def test_a_conjoined_verb_shares_its_plan() -> None:
    assert detect("Tomorrow I'm going to get up early and run.", "Running") == []


def test_a_future_heading_covers_the_fragments_after_it() -> None:
    assert detect("Tomorrow: a long walk. More water.", "Hydrate", "Walking") == []


def test_two_habits_in_one_sentence_get_their_own_clauses() -> None:
    found = detect(
        "Did a yoga class after work and took my vitamins with dinner.", "Yoga", "Take vitamins"
    )
    assert found == [
        ("Yoga", "Did a yoga class after work"),
        ("Take vitamins", "took my vitamins with dinner"),
    ]


def test_masking_keeps_offsets() -> None:
    body = "✅ [x] 🧘 yoga\n- ran 5k"
    masked = mask_for_parsing(body)
    assert len(masked) == len(body)
    assert masked.endswith("ran 5k")
    assert "yoga" in masked
    assert "✅" not in masked


def test_targets_in_names() -> None:
    assert count_target("Walk 10k steps") == (10000.0, "step")
    assert count_target("Read 20 pages") == (20.0, "page")
    assert count_target("Meditation") is None
    assert deadline("Sleep by 11") == 23 * 60
    assert deadline("In bed before 10:30pm") == 22 * 60 + 30
    assert deadline("Floss") is None


def test_seeded_cues_follow_the_name() -> None:
    cues, exclude = seed_cues("Running", cue_families())
    assert "ran" in cues
    assert "ran out" in exclude
    assert seed_cues("Bellringing", cue_families())[0] == ["bellringing*"]  # no family: the name
    assert seed_cues("No alcohol", cue_families()) == ([], [])
    assert is_abstinence("Quit smoking")
    assert not is_abstinence("Running")


def test_user_cues_are_cleaned_and_bounded() -> None:
    assert clean_cues(["  Pottery ", "wheel  throwing", "pottery", ""]) == [
        "pottery",
        "wheel throwing",
    ]
    with pytest.raises(CueError):
        clean_cues(["*"])
    with pytest.raises(CueError):
        clean_cues(["x" * 61])
    with pytest.raises(CueError):
        clean_cues([f"w{i}" for i in range(MAX_CUES + 1)])


def test_cue_patterns_match_lemmas_prefixes_and_numbers() -> None:
    parsed = parse_text("I was swimming 3 km and meditating later.")
    found = [m.cue for m in find_cues(parsed, ["swim", "# km", "meditat*"])]
    assert found == ["swim", "# km", "meditat*"]


def _score(path: Path) -> dict[str, float]:
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    items = {}
    for case in cases:
        names = [c["name"] for c in sorted(case["candidates"], key=lambda c: c["index"])]
        candidates = [Candidate(i, "habit", i + 1, n) for i, n in enumerate(names)]
        body = case["body"]
        drafts = propose(body, parse_entry(body), _with_cues(candidates))
        hits = resolve_drafts(drafts, body, candidates=candidates, today=TODAY)
        items[case["id"]] = {
            "id": case["id"],
            "hits": [
                {
                    "index": h.target_id - 1,
                    "anchor_start": h.anchor_start,
                    "anchor_end": h.anchor_end,
                    "anchor_text": h.anchor_text,
                }
                for h in hits
            ],
        }
    return score_journal(cases, items)


@pytest.mark.parametrize(
    "name", ["journal_own_holdout.jsonl", "journal_own_second.jsonl", "journal_own_third.jsonl"]
)
def test_quality_on_entries_written_after_the_rules(name: str) -> None:
    """Small labelled sets written after the rules (the first never tuned on; the other two
    each led to general fixes, see the README): the issue's bar."""
    metrics = _score(FIXTURES / name)
    assert metrics["precision"] >= 0.85
    assert metrics["recall"] >= 0.5
    assert metrics["empty_entries_clean"] >= 0.9


def test_quality_on_the_shared_dev_set() -> None:
    source = SHARED / "journal_dev.jsonl"
    if not source.exists():
        pytest.skip(f"the shared dev set {source} is not present")
    metrics = _score(source)
    assert metrics["precision"] >= 0.85
    assert metrics["recall"] >= 0.5
    assert metrics["empty_entries_clean"] >= 0.9


def _pipeline_run(
    body: str, names: list[str], reply: str, pipeline: Pipeline
) -> tuple[list[tuple[str, str]], FakeModel]:
    candidates = [Candidate(i, "habit", i + 1, n) for i, n in enumerate(names)]
    model = FakeModel(reply)
    hits = detect_with(
        body,
        pipeline=pipeline,
        candidates=_with_cues(candidates),
        parsed=parse_entry(body),
        llm=model,
        today=TODAY,
    )
    return [(names[h.target_id - 1], h.anchor_text) for h in hits], model


BODY_PIPE = "Ran 5k before work. I didn't do any pottery, sadly."


def test_rules_pipeline_never_calls_the_model() -> None:
    found, model = _pipeline_run(BODY_PIPE, ["Running", "Pottery"], '{"hits": []}', Pipeline.RULES)
    assert found == [("Running", "Ran 5k before work")]
    assert model.calls == 0


def test_combined_asks_the_model_only_about_what_the_rules_left_and_checks_its_quotes() -> None:
    reply = '{"hits": [{"index": 1, "quote": "I didn\'t do any pottery"}]}'
    found, model = _pipeline_run(BODY_PIPE, ["Running", "Pottery"], reply, Pipeline.COMBINED)
    assert found == [("Running", "Ran 5k before work")]  # the model's negated quote is dropped
    assert model.calls == 1
    assert "Running" not in model.prompts[0].user  # already found by the rules
    assert "Pottery" in model.prompts[0].user


def test_combined_keeps_a_model_hit_the_signals_accept() -> None:
    # a habit no seed family knows, told in words its name does not hold
    body = "Ran 5k before work. Rang a quarter peal at the cathedral in the evening."
    reply = '{"hits": [{"index": 1, "quote": "Rang a quarter peal at the cathedral"}]}'
    found, _ = _pipeline_run(body, ["Running", "Bellringing"], reply, Pipeline.COMBINED)
    assert found == [
        ("Running", "Ran 5k before work"),
        ("Bellringing", "Rang a quarter peal at the cathedral"),
    ]


def test_model_pipeline_is_the_model_alone_held_to_the_same_checks() -> None:
    reply = (
        '{"hits": [{"index": 1, "quote": "I didn\'t do any pottery"},'
        ' {"index": 0, "quote": "Ran 5k before work"}]}'
    )
    found, model = _pipeline_run(BODY_PIPE, ["Running", "Pottery"], reply, Pipeline.MODEL)
    assert found == [("Running", "Ran 5k before work")]  # no rules; the negated quote dropped
    assert model.calls == 1
    assert "Running" in model.prompts[0].user


_WORDS = ["ran ", "didn't ", "yoga ", "swim", "water", "I ", "tomorrow ", "- [ ] "]
_PHRASES = ["Lights out at 10:40 ", "12,000 steps", "my sister "]
_PIECES = st.sampled_from(
    [*"abcdefghij ABC.,;:!?-—\n\"'()[]x✅❌🧘#0123456789", *_WORDS, *_PHRASES]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_PIECES, max_size=60).map("".join))
def test_any_text_gives_drafts_quoted_from_it_and_never_raises(body: str) -> None:
    names = ["Running", "Yoga", "Swim", "Hydrate", "Sleep by 11", "Walk 10k steps"]
    candidates = [Candidate(i, "habit", i + 1, n) for i, n in enumerate(names)]
    drafts = propose(body, parse_entry(body), _with_cues(candidates))
    assert len({d.index for d in drafts}) == len(drafts)  # at most one per candidate
    for draft in drafts:
        assert draft.quote
        assert draft.quote in body
