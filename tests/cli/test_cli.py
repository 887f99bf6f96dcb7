from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app import cli
from app.clock import FixedClock
from app.llm import ModelWorker
from tests.cli.helpers import run, run_json
from tests.services.conftest import ScriptedModel, hits


def test_habits_entries_and_their_json_shapes(isolated_dirs: Path) -> None:
    assert run_json("habit", "add", "Meditation") == {
        "id": 1,
        "target_type": "habit",
        "name": "Meditation",
    }
    run_json("habit", "add", "Drink water", "--unit", "oz", "--default-amount", "64")
    assert run_json("habit", "add", "Run", "--practice")["target_type"] == "practice"
    assert run_json("habit", "list") == {
        "items": [
            {"id": 1, "target_type": "habit", "name": "Meditation", "unit": None},
            {"id": 2, "target_type": "habit", "name": "Drink water", "unit": "oz"},
            {"id": 1, "target_type": "practice", "name": "Run", "unit": None},
        ]
    }
    entry = run_json("entry", "add", "--date", "2026-11-02", "--text", "Sat quietly.")
    assert run_json("entry", "show", str(entry["id"]))["body"] == "Sat quietly."
    assert (isolated_dirs / "inkling.sqlite3").exists()  # INKLING_DATA_DIR is honoured


def test_data_dir_option_wins_over_the_environment(tmp_path: Path, isolated_dirs: Path) -> None:
    other = tmp_path / "elsewhere"
    run_json("--data-dir", str(other), "habit", "add", "Read")
    run_json("habit", "add", "Floss", "--data-dir", str(other))
    assert [i["name"] for i in run_json("habit", "list", "--data-dir", str(other))["items"]] == [
        "Read",
        "Floss",
    ]
    assert run_json("habit", "list")["items"] == []


def test_a_file_longer_than_an_entry_is_refused_without_reading_it_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as file:
        file.truncate(64 * 1024**3)  # 64 GB, sparse: reading it whole would never end well
    code, _ = run("entry", "add", "--date", "2026-11-02", "--file", str(huge))
    assert code != 0
    err = capsys.readouterr().err
    assert err.endswith("huge.txt is longer than 200,000 characters, the most an entry can hold.\n")
    assert err.count("\n") == 1
    assert run_json("entry", "list") == {"items": []}


def test_entry_from_file_edit_and_delete(tmp_path: Path) -> None:
    text = tmp_path / "e.txt"
    text.write_text("Ran 5 km. ☀️", encoding="utf-8")
    entry = run_json("entry", "add", "--date", "2026-11-02", "--file", str(text))["id"]
    run_json("entry", "edit", str(entry), "--text", "Ran 6 km.")
    assert run_json("entry", "show", str(entry)) == {
        "id": entry,
        "date": "2026-11-02",
        "title": "",
        "body": "Ran 6 km.",
    }
    run_json("entry", "delete", str(entry))
    code, _ = run("entry", "show", str(entry))
    assert code == 1


def test_user_errors_are_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run("entry", "show", "7", "--json")
    err = capsys.readouterr().err
    assert code == 1
    assert out == ""
    assert err == "inkling: There is no journal entry with id 7.\n"
    code, _ = run("entry", "add", "--date", "2026-11-02", "--file", "/nonexistent/x.txt")
    assert code == 1
    assert capsys.readouterr().err.count("\n") == 1
    code, _ = run("habit", "add", "   ")
    assert code == 1


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch, tiny_model_path: Path) -> list[ScriptedModel]:
    """Detection through the CLI with a scripted model in place of llama.cpp."""
    made: list[ScriptedModel] = []
    reply = hits((0, "I meditated for twenty minutes"), (1, "I went for a run"))

    def start_worker(path: Path, settings: object) -> ModelWorker[ScriptedModel]:
        model = ScriptedModel(lambda p: reply)
        made.append(model)
        return ModelWorker(lambda: model)

    monkeypatch.setattr(cli, "start_worker", start_worker)
    monkeypatch.setenv("INKLING_MODEL", str(tiny_model_path))
    return made


BODY = (
    "This morning I meditated for twenty minutes by the window. Later I went for a run "
    "along the river. I planned to journal tonight but never got to it."
)


def test_the_default_rules_read_an_entry_without_loading_the_model(
    scripted: list[ScriptedModel],
) -> None:
    run_json("habit", "add", "Meditation")
    run_json("habit", "add", "Run", "--practice")
    run_json("habit", "add", "Journal")
    entry = run_json("entry", "add", "--date", "2026-11-02", "--text", BODY)["id"]
    doc = run_json("detect", "entry", str(entry))
    assert [(s["target_name"], s["anchor_text"]) for s in doc["suggestions"]] == [
        ("Meditation", "This morning I meditated for twenty minutes by the window"),
        ("Run", "Later I went for a run along the river"),
    ]  # "I planned to journal tonight but never got to it" is not a completion
    assert scripted == []  # no model was loaded


def test_detect_accept_dismiss_flow(
    scripted: list[ScriptedModel], capsys: pytest.CaptureFixture[str]
) -> None:
    run_json("habit", "add", "Meditation")
    run_json("habit", "add", "Run", "--practice")
    entry = run_json("entry", "add", "--date", "2026-11-02", "--text", BODY)["id"]
    doc = run_json("detect", "entry", str(entry), "--pipeline", "model")
    assert doc["entry_id"] == entry
    assert doc["checked"] is True
    first, second = doc["suggestions"]
    assert set(first) >= {
        "id",
        "target_type",
        "target_id",
        "target_name",
        "label",
        "anchor_start",
        "anchor_end",
        "anchor_text",
        "status",
        "completed_units",
        "completed_on",
    }
    assert BODY[first["anchor_start"] : first["anchor_end"]] == first["anchor_text"]
    assert (first["target_name"], second["target_name"]) == ("Meditation", "Run")
    assert scripted[0].closed  # the worker closed the model

    assert run("suggestion", "accept", str(first["id"]))[0] == 0
    assert run("suggestion", "accept", str(first["id"]))[0] == 0  # quiet no-op
    assert run("suggestion", "dismiss", str(second["id"]))[0] == 0
    assert run("suggestion", "dismiss", str(second["id"]))[0] == 0
    capsys.readouterr()
    assert run("suggestion", "dismiss", str(first["id"]))[0] == 1
    assert run("suggestion", "accept", str(second["id"]))[0] == 1
    assert capsys.readouterr().err.count("\n") == 2

    pending = run_json("suggestion", "list", "--status", "pending")
    assert pending == {"items": []}
    assert run_json("completion", "list") == {
        "items": [
            {
                "target_type": "habit",
                "target_id": 1,
                "day": "2026-11-02",
                "amount": None,
                "suggestion_id": first["id"],
            }
        ]
    }


@pytest.mark.parametrize(
    ("content", "needle"),
    [(None, "No model file was found"), (b"not a model at all" * 10, "GGUF")],
)
def test_a_bad_model_is_one_clear_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, needle: str
) -> None:
    model = tmp_path / "model.gguf"
    if content is not None:
        model.write_bytes(content)
    run_json("habit", "add", "Meditation")
    run_json("entry", "add", "--date", "2026-11-02", "--text", "Meditated.")
    capsys.readouterr()
    for argv in (("model", "info"), ("detect", "entry", "1", "--pipeline", "model")):
        code, out = run("--model", str(model), *argv, "--json")
        err = capsys.readouterr().err
        assert code == 2
        assert out == ""
        assert err.startswith("inkling: ")
        assert err.count("\n") == 1
        assert needle in err
        assert "Traceback" not in err


def test_model_info_and_use(tiny_model_path: Path) -> None:
    info = run_json("--model", str(tiny_model_path), "model", "info")
    assert info["architecture"] == "llama"
    assert len(info["sha256"]) == 64
    assert info["size_bytes"] == tiny_model_path.stat().st_size
    run_json("model", "use", str(tiny_model_path))
    assert run_json("model", "info")["path"] == str(tiny_model_path.resolve())


def test_what_is_not_dated_is_dated_with_the_users_today(
    isolated_dirs: Path, clock: FixedClock
) -> None:
    # the evening of the day New York springs forward: UTC is already on the 15th
    clock.set(datetime(2027, 3, 14, 23, 30, tzinfo=ZoneInfo("America/New_York")))
    run_json("habit", "add", "Floss")
    assert run_json("completion", "log", "1")["day"] == "2027-03-14"
    entry = run_json("entry", "add", "--text", "Flossed.")
    assert run_json("entry", "show", str(entry["id"]))["date"] == "2027-03-14"
