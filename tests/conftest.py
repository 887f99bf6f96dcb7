"""Shared fixtures: every test runs against a temporary data folder, never the user's."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.fake_hub import FakeHub

# Qt runs offscreen in every test run (the Makefile sets it too).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# spaCy imports urllib3, which creates (never connects) an IPv6 socket at import time to
# probe for IPv6 support. Import it here, before pytest-socket blocks sockets per test,
# so that probe does not show up as a blocked socket. No test may open one.
import urllib3.util.connection  # noqa: F401


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point every standard location (data, config, cache, home) into ``tmp_path``."""
    data = tmp_path / "data"
    monkeypatch.setenv("INKLING_DATA_DIR", str(data))
    monkeypatch.delenv("INKLING_MODEL", raising=False)
    for var, sub in (
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_RUNTIME_DIR", "xdg-runtime"),
    ):
        folder = tmp_path / sub
        folder.mkdir(mode=0o700)
        monkeypatch.setenv(var, str(folder))
    return data


@pytest.fixture(scope="session")
def tiny_model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random-weights llama GGUF with a ChatML template (see tests/tiny_gguf.py)."""
    from tests.tiny_gguf import write_tiny_gguf

    return write_tiny_gguf(tmp_path_factory.mktemp("models") / "tiny-random-llama.gguf")


@pytest.fixture
def fake_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    """A model hub on 127.0.0.1 (tests/fake_hub.py); ``HF_ENDPOINT`` points at it and
    ``HF_HOME`` is in tmp.  Tests using it mark themselves ``allow_hosts(["127.0.0.1"])``."""
    from tests.fake_hub import serve_fake_hub

    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    with serve_fake_hub() as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        yield hub


@pytest.fixture(scope="session")
def roomy_tiny_model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny random model with a context that holds a whole detection prompt."""
    import tests.tiny_gguf as tiny

    saved = tiny.TINY_CONTEXT
    tiny.TINY_CONTEXT = 4096
    try:
        return tiny.write_tiny_gguf(tmp_path_factory.mktemp("models") / "tiny-4k.gguf")
    finally:
        tiny.TINY_CONTEXT = saved
