"""Learning from the user (issue 15, item 1): proposals from their decisions, shown and
answered, never applied silently; the simulated user over a one-writer stream."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.domain.journal.learning import propose_cues, propose_exclusions
from app.services import evaluation
from app.services.errors import InvalidInputError, RefusedError
from app.services.journal import completions, cues, detection, learning, suggestions, targets
from app.services.journal import entries as journal
from app.store import Database
from tests.cli.helpers import run
from tests.services.test_evaluation import write_jsonl

DAY = date(2026, 11, 2)


def test_a_word_of_the_logged_days_is_proposed_and_a_common_word_is_not() -> None:
    done = ["40 lengths at the baths.", "Early at the baths, tired.", "Baths at lunch."]
    not_done = ["Tired after work.", "Tired. Rain.", "Lunch with Sam."]
    picked = propose_cues(done, not_done, cues=("swim*",))
    assert [(p.kind, p.phrase, p.support) for p in picked] == [("cue", "baths", 3)]
    # already read by its own or another habit's words, or answered before: not again
    assert propose_cues(done, not_done, cues=("bath*",)) == []
    assert propose_cues(done, not_done, cues=(), others=("baths",)) == []
    assert propose_cues(done, not_done, cues=(), answered={"baths"}) == []
    # once is not a pattern
    assert propose_cues(done[:1], not_done, cues=()) == []


def test_an_exclusion_needs_repeated_dismissals_and_no_accept() -> None:
    dismissed = ["skipped gym", "Skipped gym again", "gym bag"]
    got = propose_exclusions(dismissed, ["gym session"], cues=("gym",))
    assert [(p.kind, p.phrase, p.support) for p in got] == [("exclude", "skipped gym", 2)]
    assert propose_exclusions(dismissed, ["skipped gym, then went"], cues=("gym",)) == []
    assert propose_exclusions(dismissed[:1], [], cues=("gym",)) == []


def _entry(db: Database, day: date, body: str) -> int:
    entry = journal.add_entry(db, day, body).value
    detection.detect_entry(db, None, entry.id, today=day)
    return entry.id


def test_hand_logged_days_propose_words_and_accepting_one_changes_detection(
    db: Database,
) -> None:
    swim = targets.add_habit(db, "Swim").value
    targets.add_habit(db, "Read")
    for n, body in enumerate(["Early session at Kirkgate.", "Kirkgate at lunch, busy lane."]):
        _entry(db, DAY + timedelta(days=n), body)
        completions.log_completion(db, "habit", swim.id, DAY + timedelta(days=n))
    _entry(db, DAY + timedelta(days=2), "Work was long, quiet evening.")
    pending = learning.refresh_proposals(db).value
    kirkgate = next(p for p in pending if p.phrase == "kirkgate")
    assert (kirkgate.kind, kirkgate.target_id, kirkgate.support) == ("cue", swim.id, 2)
    assert kirkgate.question == "Add \u201ckirkgate\u201d to Swim's words?"
    # shown, never applied silently
    assert "kirkgate" not in cues.get_cues(db, "habit", swim.id).cues
    later = journal.add_entry(db, DAY + timedelta(days=3), "Kirkgate again before work.").value
    assert not detection.detect_entry(db, None, later.id, today=DAY).value.suggestions

    learning.accept_proposal(db, kirkgate.id)
    assert "kirkgate" in cues.get_cues(db, "habit", swim.id).cues
    with pytest.raises(RefusedError):
        learning.accept_proposal(db, kirkgate.id)
    again = journal.add_entry(db, DAY + timedelta(days=4), "Kirkgate again before work.").value
    found = detection.detect_entry(db, None, again.id, today=DAY).value.suggestions
    assert [(s.target_id, s.anchor_text) for s in found] == [
        (swim.id, "Kirkgate again before work")
    ]
    # an answered proposal never comes back
    assert all(p.phrase != "kirkgate" for p in learning.refresh_proposals(db).value)


def test_repeated_dismissals_propose_an_exclusion_that_detection_then_reads(
    db: Database,
) -> None:
    targets.add_habit(db, "Strength training")
    for n in range(2):
        day = DAY + timedelta(days=n)
        entry_id = _entry(db, day, "Parked at gym.")
        [pending] = suggestions.list_suggestions(db, entry_id=entry_id)
        suggestions.dismiss_suggestion(db, pending.id)
    [proposal] = [p for p in learning.refresh_proposals(db).value if p.kind == "exclude"]
    assert proposal.phrase == "at gym"
    assert proposal.question == "Stop reading \u201cat gym\u201d as Strength training?"
    learning.accept_proposal(db, proposal.id)
    entry = journal.add_entry(db, DAY + timedelta(days=5), "Parked at gym.").value
    assert not detection.detect_entry(db, None, entry.id, today=DAY).value.suggestions
    entry = journal.add_entry(db, DAY + timedelta(days=6), "Gym: squats and rows.").value
    assert detection.detect_entry(db, None, entry.id, today=DAY).value.suggestions


def _stream(n: int) -> list[dict[str, Any]]:
    cands = [
        {"index": 0, "target_type": "habit", "name": "Swim"},
        {"index": 1, "target_type": "habit", "name": "Read"},
    ]
    out = []
    for i in range(n):
        body = "Kirkgate baths at lunch." if i % 2 == 0 else "Work, then the bus home."
        exp = [{"index": 0, "evidence": "Kirkgate baths at lunch"}] if i % 2 == 0 else []
        day = (DAY + timedelta(days=i)).isoformat()
        out.append({"id": f"s{i}", "date": day, "body": body, "candidates": cands, "expected": exp})
    return out


def test_the_simulated_user_teaches_the_words_the_stream_uses(db: Database) -> None:
    stream = _stream(12)
    doc = evaluation.simulate_user(db, "s.jsonl", stream, window=4)
    assert doc["proposals_accepted"] >= 1
    assert doc["accepted"][0]["name"] == "Swim"
    assert doc["first"]["recall"] < doc["last"]["recall"] == 1.0
    assert doc["last"]["precision"] == 1.0


def test_a_stream_needs_dates_in_order_and_one_set_of_candidates(
    db: Database, tmp_path: Path, isolated_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stream = _stream(3)
    undated = [dict(stream[0], date="soon"), *stream[1:]]
    with pytest.raises(InvalidInputError, match="needs a \u201cdate\u201d"):
        evaluation.simulate_user(db, "s.jsonl", undated)
    with pytest.raises(InvalidInputError, match="dated before"):
        evaluation.simulate_user(db, "s.jsonl", stream[::-1])
    other = [*stream[:2], dict(stream[2], candidates=stream[2]["candidates"][:1])]
    with pytest.raises(InvalidInputError, match="other candidates"):
        evaluation.simulate_user(db, "s.jsonl", other)
    path = write_jsonl(tmp_path / "s.jsonl", _stream(6))
    code, out = run("eval", "journal", str(path), "--simulate-user", "--json")
    assert code == 0
    doc = json.loads(out)
    assert set(doc["first"]) >= {"precision", "recall"}
    assert set(doc["last"]) >= {"precision", "recall"}
    assert isinstance(doc["proposals_accepted"], int)


def test_cli_lists_accepts_and_dismisses_proposals(isolated_dirs: Path) -> None:
    assert run("habit", "add", "Swim")[0] == 0
    for n in range(2):
        day = (DAY + timedelta(days=n)).isoformat()
        assert run("entry", "add", "--date", day, "--text", "Kirkgate, 30 min.")[0] == 0
        assert run("completion", "log", "1", "--date", day)[0] == 0
    code, out = run("habit", "proposals")
    assert code == 0
    assert "Add \u201ckirkgate\u201d to Swim's words? (seen 2 times) [pending]" in out
    pid = int(out.split()[0])
    code, out = run("habit", "proposals", "--accept", str(pid), "--json")
    assert json.loads(out)["status"] == "accepted"
    assert "kirkgate" in run("habit", "cues", "1")[1]
    assert run("habit", "proposals", "--dismiss", str(pid))[0] != 0
