"""``inkling model list | use | recommended | download`` (downloads from a loopback hub)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.llm import sandbox
from app.llm.sandbox import Limits
from app.paths import settings_path
from app.services.models.catalog import load_catalog, models_dir
from tests.cli.test_cli import run, run_json
from tests.fake_hub import FakeHub
from tests.hostile_gguf import HOSTILE, NOT_JINJA, template_file


def test_list_shows_the_default_then_the_models_folder_and_which_is_in_use(
    isolated_dirs: Path, tiny_model_path: Path
) -> None:
    folder = models_dir(isolated_dirs)
    folder.mkdir(parents=True)
    copy = folder / "tiny.gguf"
    copy.write_bytes(tiny_model_path.read_bytes())

    listed = run_json("model", "list")
    assert listed["models_dir"] == str(folder)
    default, tiny = listed["models"]
    assert (default["is_default"], default["in_use"]) == (True, True)
    assert tiny["path"] == str(copy.resolve())
    assert (tiny["architecture"], tiny["in_use"], tiny["fits"]) == ("llama", False, True)
    assert tiny["needed_bytes"] > tiny["size_bytes"]

    run_json("model", "use", "tiny")  # a name from the list, not a path
    assert [m["in_use"] for m in run_json("model", "list")["models"]] == [False, True]
    code, out = run("model", "list")
    assert code == 0
    # human names, never the GGUF header's ("Tiny Random Llama", "Smollm2 135M 8k …")
    assert f"* Tiny: llama, {tiny['size_bytes'] / 1e6:.0f} MB" in out
    assert "  SmolLM2 135M Instruct (built in): " in out
    assert "Tiny Random Llama" not in out
    assert "Smollm2" not in out
    assert [m["title"] for m in listed["models"]] == ["SmolLM2 135M Instruct (built in)", "Tiny"]


def test_recommended_lists_the_curated_models_and_the_quality_to_expect(
    isolated_dirs: Path,
) -> None:
    shown = run_json("model", "recommended")
    names = [m["name"] for m in shown["models"]]
    assert names == [m.name for m in load_catalog().models]
    first = shown["models"][0]
    assert first["downloaded"] is False
    assert first["needed_bytes"] == first["ram_bytes"]
    assert {"repo", "filename", "license", "good_for", "context_length", "fits"} <= set(first)
    assert "2%" in shown["quality"]["default"]
    code, out = run("model", "recommended")
    assert code == 0
    assert "not been measured" in out
    assert "size from the hub" in out


def test_download_of_an_unknown_name_exits_1_with_one_sentence(
    isolated_dirs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run("model", "download", "gpt-17", "--json")
    assert (code, out) == (1, "")
    err = capsys.readouterr().err.strip()
    assert err == (
        "inkling: No recommended model is called 'gpt-17'; `inkling model recommended` lists them."
    )


@pytest.mark.allow_hosts(["127.0.0.1"])
def test_download_fetches_verifies_and_then_use_takes_the_name(
    isolated_dirs: Path,
    fake_hub: FakeHub,
    tiny_model_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    entry = load_catalog().models[0]
    sha = fake_hub.add(entry.repo, entry.filename, tiny_model_path.read_bytes())

    done = run_json("model", "download", entry.name)
    assert done["sha256"] == sha
    assert done["path"] == str(models_dir(isolated_dirs) / entry.filename)
    assert done["already_present"] is False
    assert done["fits"] is True
    assert f"Downloading {entry.name}: 100% (" in capsys.readouterr().err  # progress on stderr

    views = {m["name"]: m for m in run_json("model", "recommended")["models"]}
    assert views[entry.name]["downloaded"] is True
    assert run_json("model", "use", entry.name)["path"] == done["path"]
    assert run_json("model", "download", entry.name)["already_present"] is True


# ------------------------------------------------------------------ hostile model files


@pytest.fixture
def quick_limits(monkeypatch: pytest.MonkeyPatch) -> Limits:
    """Template checks stop after two seconds and 64 MB here (ten seconds and 1 GB by default)."""
    limits = Limits(seconds=2.0, memory_bytes=64 * 1024 * 1024)
    monkeypatch.setattr(sandbox, "TEMPLATE_LIMITS", limits)
    return limits


@pytest.mark.parametrize("name", list(HOSTILE))
def test_model_use_refuses_a_hostile_or_broken_file_and_keeps_the_settings(
    isolated_dirs: Path,
    tiny_model_path: Path,
    tmp_path: Path,
    quick_limits: Limits,
    capsys: pytest.CaptureFixture[str],
    name: str,
) -> None:
    run_json("model", "use", str(tiny_model_path))
    saved = settings_path(isolated_dirs).read_bytes()
    capsys.readouterr()
    hostile = HOSTILE[name](tmp_path, tiny_model_path.read_bytes())
    started = time.monotonic()
    code, out = run("model", "use", str(hostile), "--json")
    assert time.monotonic() - started < 30  # within its limits, not hung
    err = capsys.readouterr().err
    assert (code, out) == (2, "")
    assert err.startswith("inkling: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    assert hostile.name in err
    assert settings_path(isolated_dirs).read_bytes() == saved  # not saved as the choice


@pytest.mark.parametrize("how", ["--model", "INKLING_MODEL"])
def test_an_unusable_explicit_model_is_an_error_even_when_the_command_does_not_need_it(
    isolated_dirs: Path,
    tiny_model_path: Path,
    tmp_path: Path,
    quick_limits: Limits,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    how: str,
) -> None:
    run_json("entry", "add", "--date", "2026-11-02", "--text", "Meditated.")
    capsys.readouterr()
    bad = {
        "missing": tmp_path / "nowhere.gguf",
        "not jinja": template_file(NOT_JINJA)(tmp_path, b""),
        "wrong magic": HOSTILE["wrong magic"](tmp_path, tiny_model_path.read_bytes()),
    }
    for path in bad.values():
        if how == "--model":
            code, out = run("--model", str(path), "entry", "list", "--json")
        else:
            monkeypatch.setenv("INKLING_MODEL", str(path))
            code, out = run("entry", "list", "--json")
        err = capsys.readouterr().err
        assert (code, out) == (2, ""), err
        assert err.startswith("inkling: ")
        assert err.count("\n") == 1
        assert path.name in err
    monkeypatch.setenv("INKLING_MODEL", str(tiny_model_path))
    assert len(run_json("entry", "list")["items"]) == 1  # a usable one is fine
