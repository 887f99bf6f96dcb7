"""``--explain``: every miss and false hit of a journal evaluation, with its reason."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.domain.journal.candidates import Candidate
from app.domain.journal.explain import PASSED, cue_verdicts, explain_hit, explain_miss
from app.domain.journal.pipeline import Pipeline
from app.domain.journal.rules import RuleCandidate, mask_for_parsing
from app.nlp.parse import parse_text
from app.services import evaluation
from app.store import Database
from tests.cli.helpers import run
from tests.services.test_evaluation import write_jsonl


def _rc(name: str, cues: tuple[str, ...], exclude: tuple[str, ...] = ()) -> RuleCandidate:
    return RuleCandidate(Candidate(0, "habit", 1, name), cues, exclude)


def test_verdicts_name_the_blocking_signal_and_the_exclusion() -> None:
    body = "I didn't swim today. We ran out of milk."
    parsed = parse_text(mask_for_parsing(body))
    swim = cue_verdicts(body, parsed, _rc("Swim", ("swim*",)))
    assert [(v.text, v.reason) for v in swim] == [("swim", "negated")]
    ran = cue_verdicts(body, parsed, _rc("Running", ("ran",), ("ran out",)))
    assert [(v.text, v.reason) for v in ran] == [("ran", "an exclusion phrase covers it")]


def test_a_miss_says_no_cue_or_the_signal_and_a_false_hit_its_cue() -> None:
    body = "Made dal and rice. Reminder: floss tonight. Swam 20 lengths."
    parsed = parse_text(mask_for_parsing(body))
    cook = explain_miss(body, parsed, _rc("Cook at home", ("cook*",)), (0, 18))
    assert cook == ["no cue word found (cues: cook*)"]
    floss = explain_miss(body, parsed, _rc("Floss", ("floss*",)), (19, 43))
    assert len(floss) == 1
    assert floss[0].startswith("cue \u201cfloss*\u201d in \u201cfloss\u201d blocked:")
    assert "passed" not in floss[0]
    sugar = explain_miss(body, parsed, _rc("No sugar", ()), (0, 18))
    assert "not doing" in sugar[0]
    swim = explain_hit(body, parsed, _rc("Swim", ("swam",)), (44, 61))
    assert swim == [f"cue \u201cswam\u201d in \u201cSwam\u201d {PASSED}"]


CASES: list[dict[str, Any]] = [
    {
        "id": "x",
        "body": ("Rang a quarter peal. Skipped the gym, obviously. Plan: swim on Friday."),
        "candidates": [
            {"index": 0, "target_type": "habit", "name": "Bellringing"},
            {"index": 1, "target_type": "habit", "name": "Swim"},
            {"index": 2, "target_type": "habit", "name": "Strength training"},
        ],
        "expected": [{"index": 0, "evidence": "Rang a quarter peal"}],
    },
    {
        "id": "y",
        "body": "Vacuumed the flat.",
        "candidates": [{"index": 0, "target_type": "habit", "name": "Tidy up"}],
        "expected": [{"index": 0, "evidence": "Vacuumed the flat"}],
    },
]


def test_evaluation_explains_each_miss_and_false_hit(db: Database) -> None:
    doc = evaluation.evaluate_journal(
        db, None, CASES, day=date(2026, 11, 2), pipeline=Pipeline.RULES, explain=True
    )
    x, y = doc["items"]
    assert [m["name"] for m in x["explain"]["misses"]] == ["Bellringing"]
    assert x["explain"]["misses"][0]["reasons"][0].startswith("no cue word found")
    assert x["explain"]["misses"][0]["evidence"] == "Rang a quarter peal"
    # every false hit is listed with the cue that passed; a hit that matched is not
    assert all(f["reasons"] for f in x["explain"]["false_hits"])
    assert len(x["explain"]["false_hits"]) == doc["metrics"]["fp"]
    assert y["explain"] == {"misses": [], "false_hits": []}
    plain = evaluation.evaluate_journal(
        db, None, CASES[1:], day=date(2026, 11, 3), pipeline=Pipeline.RULES
    )
    assert "explain" not in plain["items"][0]


def test_cli_explain_in_text_and_json(
    tmp_path: Path, isolated_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labelled = write_jsonl(tmp_path / "j.jsonl", CASES)
    code, out = run("eval", "journal", str(labelled), "--explain", "--pipeline", "rules")
    assert code == 0
    assert "    miss 0 Bellringing: \u201cRang a quarter peal\u201d" in out
    assert "      - no cue word found (cues: bellringing*" in out
    code, out = run("eval", "journal", str(labelled), "--explain", "--json", "--pipeline", "rules")
    assert code == 0
    doc = json.loads(out)
    assert doc["items"][0]["explain"]["misses"][0]["index"] == 0
