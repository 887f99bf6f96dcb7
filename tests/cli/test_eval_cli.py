"""``inkling eval journal|notebooks``: output shapes, refusals, and the real model (slow)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app import cli
from app.llm import ModelWorker
from tests.cli.helpers import run
from tests.services.conftest import ScriptedModel
from tests.services.test_evaluation import JOURNAL_CASES, NOTEBOOK_CASES, reply_for, write_jsonl

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "eval"


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch, tiny_model_path: Path) -> list[ScriptedModel]:
    made: list[ScriptedModel] = []

    def start_worker(path: Path, settings: object) -> ModelWorker[ScriptedModel]:
        model = ScriptedModel(reply_for)
        made.append(model)
        return ModelWorker(lambda: model)

    monkeypatch.setattr(cli, "start_worker", start_worker)
    monkeypatch.setenv("INKLING_MODEL", str(tiny_model_path))
    return made


def test_eval_journal_json_and_table(
    scripted: list[ScriptedModel],
    tmp_path: Path,
    isolated_dirs: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    labelled = write_jsonl(tmp_path / "j.jsonl", JOURNAL_CASES)
    code, out = run("eval", "journal", str(labelled), "--json", "--pipeline", "model")
    assert code == 0
    doc: dict[str, Any] = json.loads(out)
    assert [(i["id"], [h["index"] for h in i["hits"]]) for i in doc["items"]] == [
        ("a", [1]),
        ("b", [1]),
    ]
    assert doc["metrics"]["precision"] == 0.5
    assert doc["metrics"]["recall"] == 1.0
    assert "entries: 2/2 (b)" in capsys.readouterr().err
    assert len(scripted) == 1  # one worker for the whole file
    assert not (isolated_dirs / "inkling.sqlite3").exists()  # a temporary data folder only

    code, out = run("eval", "journal", str(labelled), "--pipeline", "model")
    assert code == 0
    assert "completions    precision 0.500  recall 1.000  F1 0.667" in out
    assert "empty clean    0.000" in out


def test_eval_notebooks_lexical_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labelled = write_jsonl(tmp_path / "n.jsonl", NOTEBOOK_CASES)
    code, out = run(
        "eval", "notebooks", str(labelled), "--detectors", "first_person,swear_words", "--json"
    )
    assert code == 0, capsys.readouterr().err
    doc = json.loads(out)
    assert doc["items"][0]["findings"] == {"first_person": [2, 0, 3], "swear_words": [1, 0, 0]}
    assert doc["metrics"]["first_person"] == {"exact_pages": 1.0, "pages": 3}
    code, out = run("eval", "notebooks", str(labelled), "--detectors", "swear_words")
    assert code == 0
    assert "swear_words    exact pages 1.000  (3 pages)" in out


def test_eval_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("eval", "journal", str(tmp_path / "absent.jsonl"), "--json")
    assert code == 1
    assert (
        capsys.readouterr().err
        == f"inkling: The file {tmp_path / 'absent.jsonl'} does not exist.\n"
    )

    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(JOURNAL_CASES[0]) + "\n{oops\n", encoding="utf-8")
    code, out = run("eval", "journal", str(bad), "--json")
    err = capsys.readouterr().err
    assert (code, out) == (1, "")
    assert err.startswith(f"inkling: Line 2 of {bad} is not valid JSON")
    assert err.count("\n") == 1

    labelled = write_jsonl(tmp_path / "n.jsonl", NOTEBOOK_CASES)
    code, _ = run("eval", "notebooks", str(labelled), "--detectors", "beer_labels")
    assert code == 1
    assert "--detectors takes" in capsys.readouterr().err

    journal = write_jsonl(tmp_path / "j.jsonl", JOURNAL_CASES)
    not_a_model = tmp_path / "model.gguf"
    not_a_model.write_bytes(b"not a gguf file")
    code, _ = run(
        "eval", "journal", str(journal), "--model", str(not_a_model), "--pipeline", "model"
    )
    assert code == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.slow
def test_eval_journal_with_the_default_model(tmp_path: Path) -> None:
    source = SHARED / "journal_dev.jsonl"
    if not source.exists():
        pytest.skip(f"the shared dev set {source} is not present")
    lines = [line for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    sample = tmp_path / "first5.jsonl"
    sample.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    code, out = run("eval", "journal", str(sample), "--json", "--pipeline", "model")
    assert code == 0
    doc = json.loads(out)
    assert [i["id"] for i in doc["items"]] == [json.loads(line)["id"] for line in lines[:5]]
    for item, line in zip(doc["items"], lines[:5], strict=True):
        body = json.loads(line)["body"]
        for hit in item["hits"]:
            assert set(hit) == {"index", "anchor_start", "anchor_end", "anchor_text"}
            assert body[hit["anchor_start"] : hit["anchor_end"]] == hit["anchor_text"]
    assert set(doc["metrics"]) >= {"precision", "recall", "f1", "empty_entries_clean"}
    assert doc["metrics"]["entries"] == 5
    assert doc["metrics"]["anchors_not_matching_body"] == 0
