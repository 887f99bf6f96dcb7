"""Which model to use, what it is, and a worker thread that owns it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from app.domain.progress import CancelToken
from app.llm import (
    MODEL_ENV,
    LlamaTextModel,
    ModelError,
    ModelInfo,
    ModelWorker,
    StreamingModel,
    default_model_path,
    load_cancel_token,
    read_model_info,
    resolve_model_path,
    validate_model_file,
)
from app.paths import cache_dir
from app.services.settings import Settings, load_settings, save_settings


@dataclass(frozen=True)
class ModelChoice:
    path: Path
    source: str
    """``--model``, ``INKLING_MODEL``, ``settings`` or ``default``."""


def choose_model(
    data_dir: Path, cli_model: str | None, env: Mapping[str, str] | None = None
) -> ModelChoice:
    """The model to use: --model, else $INKLING_MODEL, else the saved setting, else the default."""
    env = os.environ if env is None else env
    saved = load_settings(data_dir).model_path
    path = resolve_model_path(cli_model, env, saved)
    if path is None:
        raise ModelError(
            "No model is configured and the embedded default model is not installed; "
            "run the setup again or pass --model PATH."
        )
    if cli_model:
        source = "--model"
    elif env.get(MODEL_ENV):
        source = MODEL_ENV
    elif saved:
        source = "settings"
    else:
        source = "default"
    return ModelChoice(path, source)


def model_info(data_dir: Path, path: Path) -> ModelInfo:
    return read_model_info(path, cache_dir=cache_dir(data_dir))


def check_model(data_dir: Path, path: Path, *, cancel: CancelToken | None = None) -> ModelInfo:
    """What a model file must pass before it is chosen: GGUF, a header llama.cpp reads, an
    architecture it knows, a chat template that formats a request in a child process under
    a time and a memory limit (``validate_model_file``); then its info.  Raises a
    ModelError (one sentence) or Cancelled."""
    validate_model_file(path, cancel=cancel)
    return model_info(data_dir, path)


def check_explicit_model(data_dir: Path, cli_model: str | None, env: Mapping[str, str]) -> None:
    """A model the person named for this run (``--model``, ``$INKLING_MODEL``) must be
    usable, whether or not the work at hand needs it; raises its ModelError otherwise."""
    for given in (cli_model, env.get(MODEL_ENV)):
        if given is not None and given.strip():
            check_model(data_dir, Path(given.strip()).expanduser())
            return


def use_model(data_dir: Path, path: Path | None) -> ModelInfo | None:
    """Check a GGUF file (``check_model``) and save it as the model to use (None: back to
    the default); a model server in use is no longer used.  A file that fails is never
    saved: the settings stay as they were."""
    settings = load_settings(data_dir).without_server()
    if path is None:
        save_settings(data_dir, settings.with_changes(model_path=None))
        default = default_model_path()
        return model_info(data_dir, default) if default else None
    info = check_model(data_dir, path)  # raises a ModelError on a bad file: nothing saved
    save_settings(data_dir, settings.with_changes(model_path=str(info.path)))
    return info


def start_worker(path: Path, settings: Settings) -> ModelWorker[StreamingModel]:
    """A worker whose thread loads the model, serves every call, and closes it."""

    def load() -> StreamingModel:
        return LlamaTextModel.load(
            path,
            n_ctx=settings.n_ctx,
            n_threads=settings.n_threads,
            n_gpu_layers=settings.n_gpu_layers,
            cancel=load_cancel_token(),
        )

    return ModelWorker(load)
