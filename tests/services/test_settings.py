from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.paths import settings_path
from app.services.settings import (
    DEFAULT_CONTEXT,
    DEFAULT_THREADS,
    Settings,
    load_settings,
    save_settings,
)


def test_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    assert settings == Settings()
    assert settings.model_path is None
    assert settings.n_threads == DEFAULT_THREADS
    assert settings.n_ctx == DEFAULT_CONTEXT
    assert settings.auto_detect is True


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    chosen = Settings(model_path="/models/a.gguf", n_threads=6, n_ctx=8192, auto_detect=False)
    save_settings(tmp_path, chosen)
    assert load_settings(tmp_path) == chosen
    assert json.loads(settings_path(tmp_path).read_text(encoding="utf-8"))["auto_detect"] is False


@pytest.mark.parametrize("value", ["no", 0, 1, None, [], "false"])
def test_auto_detect_must_be_a_real_bool(tmp_path: Path, value: object) -> None:
    settings_path(tmp_path).write_text(json.dumps({"auto_detect": value}), encoding="utf-8")
    assert load_settings(tmp_path).auto_detect is True


def test_bad_values_fall_back_field_by_field(tmp_path: Path) -> None:
    settings_path(tmp_path).write_text(
        json.dumps(
            {
                "model_path": "",
                "n_threads": True,
                "n_ctx": -5,
                "auto_detect": False,
                "unknown": 1,
            }
        ),
        encoding="utf-8",
    )
    assert load_settings(tmp_path) == Settings(auto_detect=False)


@pytest.mark.parametrize(
    ("value", "kept"), [(-1, -1), (0, 0), (33, 33), (-2, 0), (1000, 0), (True, 0), ("4", 0)]
)
def test_gpu_layers_may_be_zero_or_all_and_nothing_else_out_of_range(
    tmp_path: Path, value: object, kept: int
) -> None:
    settings_path(tmp_path).write_text(json.dumps({"n_gpu_layers": value}), encoding="utf-8")
    assert load_settings(tmp_path).n_gpu_layers == kept
    save_settings(tmp_path, Settings(n_gpu_layers=-1))
    assert load_settings(tmp_path) == Settings(n_gpu_layers=-1)


@pytest.mark.parametrize(
    ("value", "kept"),
    [("clauses", "clauses"), ("quotes", "quotes"), ("lines", "quotes"), (3, "quotes")],
)
def test_the_model_reply_is_quotes_or_clauses(tmp_path: Path, value: object, kept: str) -> None:
    settings_path(tmp_path).write_text(json.dumps({"journal_model_reply": value}), encoding="utf-8")
    assert load_settings(tmp_path).journal_model_reply == kept


@pytest.mark.parametrize("text", ["{", "[1, 2]", "null", ""])
def test_damaged_file_gives_the_defaults(tmp_path: Path, text: str) -> None:
    settings_path(tmp_path).write_text(text, encoding="utf-8")
    assert load_settings(tmp_path) == Settings()


def test_older_file_without_auto_detect_turns_it_on(tmp_path: Path) -> None:
    settings_path(tmp_path).write_text(json.dumps({"n_threads": 3}), encoding="utf-8")
    assert load_settings(tmp_path) == Settings(n_threads=3, auto_detect=True)


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    folder = tmp_path / "fresh"
    save_settings(folder, Settings(n_threads=4))
    save_settings(folder, Settings(n_threads=5))
    assert [p.name for p in folder.iterdir()] == ["settings.json"]
    assert load_settings(folder).n_threads == 5
