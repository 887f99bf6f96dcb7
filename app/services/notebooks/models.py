"""The models notebook runs use: the text model (as for journals) and, when configured,
a vision model (a multimodal GGUF with its ``mmproj`` projector, or a vision model on
the model server)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from app.llm import LlamaTextModel, ModelError, ModelWorker, StreamingModel, load_cancel_token
from app.llm.llama_backend import DEFAULT_MAX_TOKENS
from app.llm.vision import LlamaVisionModel
from app.services.models.choice import choose_model, model_info
from app.services.models.server import (
    ServerChoice,
    choose_server,
    connect,
    start_server_worker,
    vision_server,
)
from app.services.notebooks.runs import ModelIdentity, VisionModel, VisionRuntime
from app.services.settings import Settings, load_settings

TextEngine = Path | ServerChoice
"""What answers a notebook's prompts: a GGUF file in-process, or a model server."""


def text_identity(data_dir: Path, engine: TextEngine, settings: Settings) -> ModelIdentity:
    """The text model's identity: its SHA-256 (a server's: of its address and model name)
    and the generation settings."""
    if isinstance(engine, ServerChoice):
        return ModelIdentity(engine.name, engine.digest, settings.n_ctx, DEFAULT_MAX_TOKENS)
    info = model_info(data_dir, engine)
    return ModelIdentity(info.name, info.sha256, settings.n_ctx, DEFAULT_MAX_TOKENS)


def start_text_worker(engine: TextEngine, settings: Settings) -> ModelWorker[StreamingModel]:
    if isinstance(engine, ServerChoice):
        return start_server_worker(engine, settings, max_tokens=DEFAULT_MAX_TOKENS)
    path = engine

    def load() -> StreamingModel:
        return LlamaTextModel.load(
            path,
            n_ctx=settings.n_ctx,
            n_threads=settings.n_threads,
            n_gpu_layers=settings.n_gpu_layers,
            max_tokens=DEFAULT_MAX_TOKENS,
            cancel=load_cancel_token(),
        )

    return ModelWorker(load, name="inkling-notebook-model")


def text_model_or_none(
    data_dir: Path, cli_model: str | None
) -> tuple[TextEngine, ModelIdentity] | None:
    """The configured text model (a model server when one is chosen) and its identity;
    None when no model is configured at all.

    A configured model that is missing or not GGUF, or a server never confirmed, raises
    its ModelError (one sentence).
    """
    settings = load_settings(data_dir)
    server = choose_server(data_dir, cli_model)
    if server is not None:
        return server, text_identity(data_dir, server, settings)
    try:
        choice = choose_model(data_dir, cli_model)
    except ModelError:
        return None  # nothing configured and no embedded default: prompt runs skip
    return choice.path, text_identity(data_dir, choice.path, settings)


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def vision_runtime(data_dir: Path, cli_model: str | None = None) -> VisionRuntime | None:
    """A vision runtime when a projector is configured (its model: ``vision_model_path``,
    else the text model), or else when the model server is the engine and names a vision
    model; None otherwise.  The model loads (or is reached) on first use."""
    settings = load_settings(data_dir)
    if not settings.vision_projector:
        return _server_vision_runtime(data_dir, cli_model, settings)
    projector = Path(settings.vision_projector).expanduser()
    if settings.vision_model_path:
        model_path = Path(settings.vision_model_path).expanduser()
    else:
        model_path = choose_model(data_dir, cli_model).path
    info = model_info(data_dir, model_path)
    try:
        projector_digest = _file_digest(projector)
    except OSError as exc:
        raise ModelError(
            f"The vision projector {projector} cannot be read ({exc.strerror})."
        ) from exc
    identity = ModelIdentity(
        f"{info.name} + {projector.name}",
        hashlib.sha256(f"{info.sha256}:{projector_digest}".encode()).hexdigest(),
        settings.n_ctx,
        DEFAULT_MAX_TOKENS,
    )

    def load() -> VisionModel:
        return LlamaVisionModel.load(
            model_path,
            projector,
            n_ctx=settings.n_ctx,
            n_threads=settings.n_threads,
            n_gpu_layers=settings.n_gpu_layers,
        )

    worker: ModelWorker[VisionModel] = ModelWorker(load, name="inkling-vision-model")
    return VisionRuntime(worker, identity)


def _server_vision_runtime(
    data_dir: Path, cli_model: str | None, settings: Settings
) -> VisionRuntime | None:
    """The server's vision model as the vision route (Settings ``server_vision_model``)."""
    server = vision_server(data_dir, cli_model)
    if server is None:
        return None
    identity = ModelIdentity(server.name, server.digest, settings.n_ctx, DEFAULT_MAX_TOKENS)

    def load() -> VisionModel:
        return connect(server, max_tokens=DEFAULT_MAX_TOKENS)

    worker: ModelWorker[VisionModel] = ModelWorker(load, name="inkling-vision-server")
    return VisionRuntime(worker, identity)
