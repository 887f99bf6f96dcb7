"""Settings kept as a small JSON file in the data folder (so each data folder is self-contained)."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from app.paths import settings_path

DEFAULT_THREADS = 2
DEFAULT_CONTEXT = 4096
MAX_GPU_LAYERS = 999
MAX_SERVER_CONCURRENCY = 16


_PATH_FIELDS = (
    "model_path",
    "vision_model_path",
    "vision_projector",
    "models_dir",
    "server_url",
    "server_model",
    "server_vision_model",
    "server_confirmed",
)
"""Optional text settings: a non-empty string, else None."""
_CHOICES: dict[str, tuple[str, ...]] = {
    "journal_pipeline": ("rules", "model", "combined"),
    "journal_model_reply": ("quotes", "clauses"),
}
_RANGES: dict[str, tuple[int, int]] = {
    "n_gpu_layers": (-1, MAX_GPU_LAYERS),
    "server_concurrency": (1, MAX_SERVER_CONCURRENCY),
}
"""Whole-number settings that may be zero or negative, with their bounds."""


@dataclass(frozen=True)
class Settings:
    model_path: str | None = None
    vision_model_path: str | None = None
    """A multimodal GGUF for vision detectors (needs ``vision_projector`` too)."""
    vision_projector: str | None = None
    """The vision projector (``mmproj`` GGUF) that goes with ``vision_model_path``."""
    n_threads: int = DEFAULT_THREADS
    n_ctx: int = DEFAULT_CONTEXT
    n_gpu_layers: int = 0
    """Layers llama.cpp puts on the GPU: 0 none (the CPU does everything), -1 all. Only a
    llama-cpp-python built with CUDA, Metal or Vulkan has a GPU to use (README)."""
    auto_detect: bool = True
    """Look for completions automatically a few seconds after the user stops typing."""
    journal_pipeline: str = "rules"
    """Who reads journal entries: "rules" (cue words in context), "model", "combined"."""
    journal_model_reply: str = "quotes"
    """How the model points at its evidence in an entry: "quotes" (copied) or "clauses"
    (the numbers of the entry's clauses; for stronger models that paraphrase quotes)."""
    server_url: str | None = None
    """An OpenAI-compatible model server that answers instead of a GGUF file (its base
    address, ``http://127.0.0.1:8080``); None: the GGUF model in-process."""
    server_model: str | None = None
    """The model the server is asked for (None: the first it lists)."""
    server_vision_model: str | None = None
    """A model on the same server that reads page images (a vision model: Ollama's
    ``llava`` or ``qwen2.5vl``, a ``llama-server`` started with ``--mmproj``): the vision
    route of transcription and vision detectors when no local projector is set; None:
    none."""
    server_concurrency: int = 4
    """Requests a notebook run keeps in flight on the server at once (servers answer
    several together); 1 sends one window at a time."""
    server_confirmed: str | None = None
    """The server address the person confirmed sending their text to (needed for one that
    is not on this computer)."""
    models_dir: str | None = None
    """Where downloaded GGUF models go and are listed from (default: ``models/`` in the data
    folder)."""

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def without_server(self) -> Settings:
        """The model server given up: its address, its models (text and vision)."""
        return replace(self, server_url=None, server_model=None, server_vision_model=None)


def load_settings(data_dir: Path) -> Settings:
    """Read the settings; a missing or damaged file gives the defaults."""
    try:
        raw = json.loads(settings_path(data_dir).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    defaults = Settings()
    values: dict[str, Any] = {}
    for f in fields(Settings):
        value = raw.get(f.name, getattr(defaults, f.name))
        default = getattr(defaults, f.name)
        if f.name in _PATH_FIELDS:
            values[f.name] = value if isinstance(value, str) and value else None
        elif f.name in _CHOICES:
            values[f.name] = value if value in _CHOICES[f.name] else default
        elif isinstance(default, bool):  # before int: a bool is an int in Python
            values[f.name] = value if isinstance(value, bool) else default
        elif f.name in _RANGES:
            low, high = _RANGES[f.name]
            ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
            values[f.name] = value if ok else default
        elif isinstance(value, int) and not isinstance(value, bool) and value > 0:
            values[f.name] = value
        else:
            values[f.name] = default
    return Settings(**values)


def save_settings(data_dir: Path, settings: Settings) -> None:
    """Write atomically: the old file stays intact until the new one is complete."""
    path = settings_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings.", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(settings), fh, indent=2, sort_keys=True)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
