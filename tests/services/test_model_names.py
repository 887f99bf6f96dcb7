"""Models are shown by human names, never the GGUF header's ("Smollm2 135M 8k Lc100K Mix1
Ep2"): the built-in default, the recommended list's titles, or a cleaned file name."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.llm import default_model_path, read_model_info
from app.services.models import names
from app.services.models.catalog import load_catalog


@pytest.mark.parametrize(
    ("file_name", "shown"),
    [
        ("tiny-random-llama.gguf", "Tiny Random Llama"),
        ("Llama-3.2-3B-Instruct-Q4_K_M.gguf", "Llama 3.2 3B Instruct"),
        ("mistral-7b-instruct-v0.3.Q8_0.gguf", "Mistral 7B Instruct v0.3"),
        ("phi-3-mini-4k-instruct-fp16.gguf", "Phi 3 Mini 4K Instruct"),
        ("gemma_2_2b_it.IQ4_XS.gguf", "Gemma 2 2B It"),
        ("q4_k_m.gguf", "q4_k_m.gguf"),  # nothing readable left: the file name itself
    ],
)
def test_a_file_name_is_cleaned(file_name: str, shown: str) -> None:
    assert names.clean_file_name(Path("/models") / file_name) == shown


def test_a_recommended_file_shows_the_lists_title(tmp_path: Path) -> None:
    entry = load_catalog().models[0]
    assert names.display_name(tmp_path / entry.filename) == entry.title


def test_the_embedded_default_is_named_as_built_in(tmp_path: Path) -> None:
    default = default_model_path()
    if default is None:
        pytest.skip("the embedded default model is not installed")
    header_name = read_model_info(default, cache_dir=tmp_path).name
    assert names.display_name(default) == "SmolLM2 135M Instruct (built in)"
    assert names.display_name(default) != header_name


def test_the_default_is_recognised_by_its_path_not_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = tmp_path / "shipped" / "whatever.gguf"
    shipped.parent.mkdir()
    shipped.write_bytes(b"GGUF")
    monkeypatch.setattr(names, "default_model_path", lambda: shipped)
    assert names.display_name(shipped) == names.BUILT_IN
    assert names.display_name(tmp_path / "smollm2-135m-instruct.gguf") == "Smollm2 135M Instruct"
