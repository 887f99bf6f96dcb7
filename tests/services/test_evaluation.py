"""Evaluation over labelled files: the app's code path, scored like the reference scorer."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from app.domain import Prompt
from app.domain.evaluation import score_journal, score_notebooks, sentence_spans
from app.domain.journal.pipeline import Pipeline
from app.llm import ModelWorker
from app.services import evaluation
from app.services.errors import InvalidInputError
from app.store import Database
from tests.services.conftest import ScriptedModel, hits

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "eval"
SCORER = SHARED / "score.py"

JOURNAL_CASES: list[dict[str, Any]] = [
    {
        "id": "a",
        "body": "I meditated for ten minutes. Tomorrow I will run by the river.",
        # the file lists the practice first; the app orders habits first
        "candidates": [
            {"index": 0, "target_type": "practice", "name": "Run"},
            {"index": 1, "target_type": "habit", "name": "Meditation"},
        ],
        "expected": [{"index": 1, "evidence": "I meditated for ten minutes"}],
    },
    {
        "id": "b",
        "body": "Drank water all day. Read three chapters.",
        "candidates": [
            {"index": 0, "target_type": "habit", "name": "Hydrate"},
            {"index": 1, "target_type": "habit", "name": "Read"},
        ],
        "expected": [],
    },
]


def reply_for(prompt: Prompt) -> str:
    """App indexes: entry a offers [Meditation, Run]; entry b offers [Hydrate, Read]."""
    if "I meditated" in prompt.user:
        return hits((0, "I meditated for ten minutes"))
    return hits((1, "Read three chapters"))


def write_jsonl(path: Path, cases: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
    return path


def test_journal_eval_maps_app_indexes_back_to_the_file(
    db: Database, make_worker: Callable[[ScriptedModel], ModelWorker[ScriptedModel]]
) -> None:
    model = ScriptedModel(reply_for)
    seen: list[tuple[int, int, str]] = []
    doc = evaluation.evaluate_journal(
        db,
        make_worker(model),
        JOURNAL_CASES,
        day=date(2026, 11, 2),
        on_progress=lambda p: seen.append((p.done, p.total, p.label)),
        pipeline=Pipeline.MODEL,
    )
    assert doc["items"] == [
        {
            "id": "a",
            "hits": [
                {
                    "index": 1,
                    "anchor_start": 0,
                    "anchor_end": 27,
                    "anchor_text": "I meditated for ten minutes",
                }
            ],
        },
        {
            "id": "b",
            "hits": [
                {
                    "index": 1,
                    "anchor_start": 21,
                    "anchor_end": 40,
                    "anchor_text": "Read three chapters",
                }
            ],
        },
    ]
    assert doc["metrics"] == {
        "precision": 0.5,
        "recall": 1.0,
        "f1": 0.6667,
        "tp": 1,
        "fp": 1,
        "fn": 0,
        "empty_entries_clean": 0.0,
        "anchors_not_matching_body": 0,
        "entries": 2,
    }
    assert seen == [(1, 2, "a"), (2, 2, "b")]
    assert len(model.prompts) == 2  # one shared model, one call per entry
    # each entry saw only its own candidates
    assert "Hydrate" not in model.prompts[0].user
    assert "Run" not in model.prompts[1].user


NOTEBOOK_CASES: list[dict[str, Any]] = [
    {
        "id": "n1",
        "title": "t",
        "pages": [
            "I went out. I came back, damn it.",
            "Nothing here for anyone.",
            "I think I said I would.",
        ],
        "expected": {
            "poetry": [],
            "names": [],
            "first_person": [2, 0, 3],
            "swear_words": [1, 0, 0],
        },
    }
]


def test_notebook_eval_counts_with_the_lexical_detectors(db: Database, tmp_path: Path) -> None:
    doc = evaluation.evaluate_notebooks(
        db,
        None,
        NOTEBOOK_CASES,
        workdir=tmp_path,
        detector_ids=["first_person", "swear_words"],
    )
    assert doc["items"] == [
        {"id": "n1", "findings": {"first_person": [2, 0, 3], "swear_words": [1, 0, 0]}}
    ]
    metrics = doc["metrics"]
    assert metrics["first_person"] == {"exact_pages": 1.0, "pages": 3}
    assert metrics["swear_words"] == {"exact_pages": 1.0, "pages": 3}
    assert metrics["notebooks"] == 1


def test_notebook_eval_names_use_page_positions(db: Database, tmp_path: Path) -> None:
    pytest.importorskip("spacy")
    cases = [
        {
            "id": "n2",
            "pages": ["Nothing.", "Yesterday Margaret Atwood wrote to Peter Smith."],
            "expected": {"names": [["Margaret Atwood", 1], ["Peter Smith", 1]]},
        }
    ]
    try:
        doc = evaluation.evaluate_notebooks(
            db, None, cases, workdir=tmp_path, detector_ids=["names"]
        )
    except InvalidInputError as exc:  # spaCy or its model is not installed
        pytest.skip(str(exc))
    names = doc["items"][0]["findings"]["names"]
    assert all(isinstance(n, str) and p in (0, 1) for n, p in names)
    assert doc["metrics"] == score_notebooks(cases, {"n2": doc["items"][0]})


def test_unknown_detector_is_refused(db: Database, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="beer_labels"):
        evaluation.evaluate_notebooks(
            db, None, NOTEBOOK_CASES, workdir=tmp_path, detector_ids=["beer_labels"]
        )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"id": "a", "body": "x", "candidates": [], "expected": []}\n{not json\n', "Line 2 of"),
        ("[1, 2]\n", "Line 1 of .* is not a JSON object"),
        ('{"id": "a", "body": "x", "expected": []}\n', "Line 1 of .* needs .candidates"),
        (
            '{"id": "a", "body": "x", "candidates": [], "expected": []}\n'
            '{"id": "a", "body": "y", "candidates": [], "expected": []}\n',
            "Line 2 of .* repeats the id",
        ),
        ("\n\n", "holds no labelled items"),
    ],
)
def test_malformed_journal_files_are_refused_naming_file_and_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidInputError, match=message) as info:
        evaluation.load_labelled(path, "journal")
    assert str(path) in str(info.value)


def test_missing_file_and_bad_notebook_lines_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="does not exist"):
        evaluation.load_labelled(tmp_path / "absent.jsonl", "journal")
    path = write_jsonl(tmp_path / "nb.jsonl", [{"id": "n", "pages": []}])
    with pytest.raises(InvalidInputError, match=r"Line 1 of .* needs .pages"):
        evaluation.load_labelled(path, "notebooks")


def test_sentence_spans_follow_the_reference_definition() -> None:
    body = 'Ran. "Fine!" she said\nthen… ok'
    assert sentence_spans(body) == [(0, 4), (4, 12), (12, 22), (22, 27), (27, 30)]


# --------------------------------------------------------------------------- parity


PARITY_JOURNAL: list[dict[str, Any]] = [
    *JOURNAL_CASES,
    {
        "id": "c",
        "body": "Walked the dog. Then I walked again!\nSwam.",
        "candidates": [
            {"index": 0, "target_type": "habit", "name": "Walk"},
            {"index": 1, "target_type": "habit", "name": "Swim"},
        ],
        "expected": [
            {"index": 0, "evidence": "Walked the dog"},
            {"index": 0, "evidence": "I walked again"},
            {"index": 1, "evidence": "not in the body"},
        ],
    },
    {"id": "d", "body": "Nothing.", "candidates": [], "expected": []},
]

PARITY_JOURNAL_ITEMS: list[dict[str, Any]] = [
    {"id": "a", "hits": [{"index": 1, "anchor_start": 2, "anchor_end": 5, "anchor_text": "med"}]},
    {"id": "b", "hits": []},
    {
        "id": "c",
        "hits": [
            {"index": 0, "anchor_start": 16, "anchor_end": 20, "anchor_text": "Then"},
            {"index": 0, "anchor_start": 0, "anchor_end": 3, "anchor_text": "wrong"},
            {"index": 0, "anchor_start": 0, "anchor_end": 6, "anchor_text": "Walked"},
            {"index": 1, "anchor_start": 37, "anchor_end": 41, "anchor_text": "Swam"},
        ],
    },
]

PARITY_NOTEBOOKS: list[dict[str, Any]] = [
    {
        "id": "n1",
        "pages": ["a", "b", "c", "d"],
        "expected": {
            "poetry": [[0, 1], [3, 3]],
            "lists": [[2, 2]],
            "quotations": [],
            "names": [["Ada Lovelace", 0], ["Bob", 2]],
            "first_person": [1, 0, 2, 0],
            "swear_words": [0, 0, 0, 1],
        },
    },
    {"id": "n2", "pages": ["x"], "expected": {"todo_lists": [[0, 0]], "first_person": [3]}},
]

PARITY_NOTEBOOK_ITEMS: list[dict[str, Any]] = [
    {
        "id": "n1",
        "findings": {
            "poetry": [[1, 3], [0, 0], [3, 3]],
            "lists": [[1, 1]],
            "quotations": [[0, 0]],
            "names": [["ada", 0], ["Lovelace", 0], ["Bob Jones", 2], ["Carol", 1]],
            "first_person": [1, 1, 2],
            "swear_words": [0, 0, 0, 1],
        },
    },
]


def reference(kind: str, labelled: Path, items: list[dict[str, Any]], tmp: Path) -> Any:
    predictions = tmp / f"{kind}-predictions.json"
    predictions.write_text(json.dumps({"items": items}), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(SCORER), kind, str(labelled), str(predictions)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


needs_scorer = pytest.mark.skipif(
    not SCORER.exists(), reason=f"the reference scorer {SCORER} is not present"
)


@needs_scorer
def test_journal_metrics_equal_the_reference_scorer(tmp_path: Path) -> None:
    labelled = write_jsonl(tmp_path / "j.jsonl", PARITY_JOURNAL)
    ours = score_journal(PARITY_JOURNAL, {str(i["id"]): i for i in PARITY_JOURNAL_ITEMS})
    assert ours == reference("journal", labelled, PARITY_JOURNAL_ITEMS, tmp_path)
    assert ours["anchors_not_matching_body"] == 1


@needs_scorer
def test_notebook_metrics_equal_the_reference_scorer(tmp_path: Path) -> None:
    labelled = write_jsonl(tmp_path / "n.jsonl", PARITY_NOTEBOOKS)
    ours = score_notebooks(PARITY_NOTEBOOKS, {str(i["id"]): i for i in PARITY_NOTEBOOK_ITEMS})
    assert ours == reference("notebooks", labelled, PARITY_NOTEBOOK_ITEMS, tmp_path)


@needs_scorer
def test_app_output_scores_the_same_in_the_reference(
    db: Database,
    tmp_path: Path,
    make_worker: Callable[[ScriptedModel], ModelWorker[ScriptedModel]],
) -> None:
    doc = evaluation.evaluate_journal(
        db, make_worker(ScriptedModel(reply_for)), JOURNAL_CASES, day=date(2026, 11, 2)
    )
    labelled = write_jsonl(tmp_path / "j.jsonl", JOURNAL_CASES)
    assert doc["metrics"] == reference("journal", labelled, doc["items"], tmp_path)
