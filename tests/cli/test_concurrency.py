"""Two Inkling processes on one data folder: while another process holds the write lock
(a long import), reading commands work at once, writing commands wait visibly and then
succeed, and a wait that runs out ends in one sentence with nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run, run_json
from tests.lock_holder import write_lock_held


@pytest.fixture
def database(isolated_dirs: Path) -> Path:
    run_json("habit", "add", "Meditation")
    run_json("entry", "add", "--date", "2026-11-02", "--text", "Sat for twenty minutes.")
    return isolated_dirs / "inkling.sqlite3"


def test_reading_commands_work_while_another_process_writes(
    database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with write_lock_held(database) as holder:
        assert [h["name"] for h in run_json("habit", "list")["items"]] == ["Meditation"]
        assert len(run_json("entry", "list")["items"]) == 1
        assert run_json("notebook", "list")["items"] == []
        assert run_json("completion", "list")["items"] == []
        backup = run_json("backup", str(tmp_path / "copy.sqlite3"))
        assert Path(backup["path"]).exists()
        assert holder.poll() is None, "the reads did not wait for the writer to finish"
    assert "waiting" not in capsys.readouterr().err


def test_a_writing_command_waits_for_the_other_process_and_says_so(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    with write_lock_held(database, seconds=1.5):
        added = run_json("habit", "add", "Running")
    assert added["name"] == "Running"
    err = capsys.readouterr().err
    assert "inkling: waiting for another Inkling to finish writing…" in err
    assert "Traceback" not in err


def test_a_wait_that_runs_out_is_one_sentence_and_changes_nothing(
    database: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("INKLING_LOCK_WAIT", "1")
    capsys.readouterr()
    with write_lock_held(database):
        code, out = run("entry", "add", "--date", "2026-11-03", "--text", "Private words.")
    assert (code, out) == (2, "")
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "inkling: waiting for another Inkling to finish writing…"
    [sentence] = [line for line in lines if "waiting" not in line]
    assert sentence.startswith("inkling: Another Inkling was still writing to ")
    assert sentence.endswith("so nothing was changed; try again when it has finished.")
    assert "Private words" not in sentence
    assert "SQL" not in sentence
    assert len(run_json("entry", "list")["items"]) == 1
