"""The notebook CLI contract: JSON shapes, exit codes, progress on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import cli
from app.domain import Prompt
from app.domain.progress import Cancelled
from app.llm import ModelWorker
from tests.cli.helpers import run, run_json
from tests.notebook_files import SAMPLE_NOTEBOOK
from tests.services.conftest import ScriptedModel

SAMPLE = str(SAMPLE_NOTEBOOK)
RUN_KEYS = {
    "detector_id",
    "attempt_state",
    "outcome",
    "capability",
    "warnings",
    "pages_scanned",
    "windows_scanned",
    "cache_hit",
    "page_counts",
    "findings",
}
FINDING_KEYS = {
    "id",
    "finding_type",
    "start_page",
    "end_page",
    "confidence",
    "reason",
    "detector_data",
    "review_status",
    "evidence",
}


def reply(prompt: Prompt) -> str:
    return json.dumps(
        {
            "detected": "Low Tide" in prompt.user,
            "confidence": 0.9,
            "starts_on_this_window": True,
            "continues_before": False,
            "continues_after": False,
            "reason": "a poem",
            "evidence": [
                {"page": 2, "quote": "small grey words"},
                {"page": 1, "quote": "Tuesday, 3 March"},
                {"page": 3, "quote": "listening for the sentence"},
            ],
        }
    )


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch, tiny_model_path: Path) -> list[ScriptedModel]:
    made: list[ScriptedModel] = []

    def start(path: Path, settings: object) -> ModelWorker[ScriptedModel]:
        model = ScriptedModel(reply)
        made.append(model)
        return ModelWorker(lambda: model)

    monkeypatch.setattr(cli, "start_text_worker", start)
    monkeypatch.setenv("INKLING_MODEL", str(tiny_model_path))
    return made


def test_import_list_and_pages() -> None:
    assert run_json("notebook", "import", SAMPLE, "--title", "Sample") == {
        "id": 1,
        "pages": 6,
        "imported": 6,
        "without_scan": 0,
        "skipped": [],
    }
    assert run_json("notebook", "list") == {"items": [{"id": 1, "title": "Sample", "pages": 6}]}
    pages = run_json("notebook", "pages", "1")["items"]
    assert [p["order"] for p in pages] == list(range(6))
    assert set(pages[0]) >= {"id", "order", "text", "tags"}
    assert pages[1]["text"].startswith("Low Tide")


def test_refusals_exit_1_with_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\xfa")
    for argv in (
        ("notebook", "import", str(bad)),
        ("notebook", "pages", "9"),
        ("detect", "notebook", "9", "--detector", "names"),
        ("finding", "accept", "4"),
        ("detector", "export", "custom/none"),
    ):
        code, out = run(*argv, "--json")
        err = capsys.readouterr().err
        assert code == 1, argv
        assert out == ""
        assert err.startswith("inkling: "), err
        assert err.count("\n") == 1, err
    assert run_json("notebook", "list") == {"items": []}


def test_detect_lexical_and_names_without_a_model(capsys: pytest.CaptureFixture[str]) -> None:
    run_json("notebook", "import", SAMPLE)
    doc = run_json("detect", "notebook", "1", "--detector", "swear_words", "--auto-tag")
    assert set(doc) >= RUN_KEYS
    assert doc["outcome"] == "success"
    assert doc["cache_hit"] is False
    assert [c["count"] for c in doc["page_counts"]] == [0, 0, 0, 1, 0, 3]
    for finding in doc["findings"]:
        assert set(finding) >= FINDING_KEYS
        assert set(finding["evidence"][0]) == {
            "page_id",
            "anchor_start",
            "anchor_end",
            "anchor_text",
        }
    assert "swear_words: 6/6 windows" in capsys.readouterr().err
    tagged = [p["tags"] for p in run_json("notebook", "pages", "1")["items"]]
    assert tagged[3] == ["swear_words"]
    assert tagged[5] == ["swear_words"]
    again = run_json("detect", "notebook", "1", "--detector", "swear_words")
    assert again["cache_hit"] is True
    ids = [p["id"] for p in run_json("notebook", "pages", "1")["items"]]
    names = run_json("detect", "notebook", "1", "--detector", "names", "--pages", f"{ids[0]}")
    assert names["page_counts"] is None
    assert {f["detector_data"]["name"] for f in names["findings"]} >= {"Anna", "Tom Baker"}


@pytest.mark.usefixtures("model_only")  # every window goes to the (scripted) model
def test_detect_with_the_model_then_review(scripted: list[ScriptedModel]) -> None:
    run_json("notebook", "import", SAMPLE)
    doc = run_json("detect", "notebook", "1", "--detector", "poetry")
    assert set(doc) >= RUN_KEYS
    assert (doc["attempt_state"], doc["outcome"], doc["windows_scanned"]) == (
        "succeeded",
        "success",
        3,
    )
    [finding] = doc["findings"]
    assert set(finding) >= FINDING_KEYS
    assert finding["evidence"][0]["anchor_text"] == "small grey words"
    assert scripted[0].closed
    assert run_json("detect", "notebook", "1", "--detector", "poetry")["cache_hit"] is True
    assert len(scripted[1].prompts) == 0  # the cache hit asked nothing
    forced = run_json("detect", "notebook", "1", "--detector", "poetry", "--force")
    assert forced["cache_hit"] is False

    listed = run_json("finding", "list", "1", "--detector", "poetry")["items"]
    fid = str(listed[0]["id"])
    assert (
        run_json("finding", "reject", fid, "--page", str(listed[0]["end_page"]))["review_status"]
        == "unreviewed"
    )
    assert run_json("finding", "tag", fid) == {"id": int(fid), "pages_changed": 2}
    assert run_json("finding", "accept", fid)["review_status"] == "approved"
    assert run_json("finding", "reject", fid)["review_status"] == "rejected"


def test_detect_all_runs_every_detector(scripted: list[ScriptedModel]) -> None:
    run_json("notebook", "import", SAMPLE)
    run_json("detector", "add", "--name", "Shopping", "--instruction", "Shopping lists.")
    doc = run_json("detect", "notebook", "1", "--detector", "all")
    runs = {r["detector_id"]: r for r in doc["items"]}
    assert len(runs) == 9
    assert runs["beer_labels"]["capability"] == "unavailable_model"
    assert runs["first_person"]["outcome"] == "success"
    assert all(set(r) >= RUN_KEYS for r in runs.values())


def test_detector_commands(tmp_path: Path) -> None:
    items = run_json("detector", "list")["items"]
    assert [i["detector_id"] for i in items][:2] == ["poetry", "todo_lists"]
    assert set(items[0]) == {"detector_id", "title", "engine", "scope", "version"}
    added = run_json(
        "detector",
        "add",
        "--name",
        "Dreams",
        "--instruction",
        "Dreams I wrote down.",
        "--scope",
        "page",
        "--no-adjacent",
        "--mode",
        "text",
        "--threshold",
        "1.5",
        "--id",
        "dreams",
    )
    assert added["detector_id"] == "custom/dreams"
    assert added["confidence_threshold"] == 1.0
    code, exported = run("detector", "export", "custom/dreams")
    assert code == 0
    assert json.loads(exported)["definition"] == added
    path = tmp_path / "dreams.json"
    path.write_text(exported, encoding="utf-8")
    assert run("detector", "import", str(path))[0] == 1  # duplicate id
    run_json("detector", "delete", "custom/dreams")
    assert run_json("detector", "import", str(path)) == {"detector_id": "custom/dreams"}
    run_json("notebook", "import", SAMPLE)
    fresh = run_json("detector", "list", "--notebook", "1")["items"]
    assert {i["freshness"] for i in fresh} <= {"missing", "unavailable"}
    assert run("detector", "delete", "poetry")[0] == 1


@pytest.mark.usefixtures("model_only")
def test_a_stopped_run_resumes_and_its_progress_says_so(
    monkeypatch: pytest.MonkeyPatch, tiny_model_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json("notebook", "import", SAMPLE)
    made: list[ScriptedModel] = []

    def stopping(prompt: Prompt) -> str:
        if len(made[0].prompts) == 2:
            raise Cancelled()  # stopped while the second window is read
        return reply(prompt)

    def start(path: Path, settings: object) -> ModelWorker[ScriptedModel]:
        model = ScriptedModel(stopping if not made else reply)
        made.append(model)
        return ModelWorker(lambda: model)

    monkeypatch.setattr(cli, "start_text_worker", start)
    monkeypatch.setenv("INKLING_MODEL", str(tiny_model_path))
    code, _ = run("detect", "notebook", "1", "--detector", "poetry", "--json")
    assert code == 130
    first = capsys.readouterr().err
    assert "poetry: 0/3 windows\n" in first  # no estimate before a window is read
    assert "poetry: 1/3 windows, under a minute left\n" in first
    assert "resuming" not in first
    doc = run_json("detect", "notebook", "1", "--detector", "poetry")
    assert (doc["windows_scanned"], doc["windows_reused"], doc["windows_total"]) == (3, 1, 3)
    assert len(made[1].prompts) == 2
    again = capsys.readouterr().err
    assert "poetry: 0/3 windows, resuming: 1 of 3 windows already read\n" in again
    assert (
        "poetry: 2/3 windows, under a minute left; resuming: 1 of 3 windows already read\n" in again
    )
    _, text = run("detect", "notebook", "1", "--detector", "poetry", "--force")
    assert "read by the run that stopped" not in text
