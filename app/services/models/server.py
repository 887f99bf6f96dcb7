"""A model server as the engine (issue 18, item 2): choosing it, checking it, its worker.

The server is chosen with ``inkling model use --server URL [--model NAME]`` (and its
address kept in the settings); it then answers every prompt instead of the GGUF file,
unless a file is named for one run (``--model PATH``, ``$INKLING_MODEL``).  A server on
this computer (a loopback address) is accepted silently; any other address is refused
until the person confirms, once, that the text of their entries and pages will be sent
there (``--yes``).  Choosing a GGUF file or the default stops using the server.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from app.llm import MODEL_ENV, ModelError, ModelWorker, StreamingModel
from app.llm.server import DEFAULT_MAX_TOKENS, ServerAddress, ServerTextModel, parse_server_url
from app.services.errors import RefusedError
from app.services.settings import Settings, load_settings, save_settings


@dataclass(frozen=True)
class ServerChoice:
    address: ServerAddress
    model: str | None
    """The model asked for; None: the first the server lists."""

    @property
    def name(self) -> str:
        """How the app names it: ``qwen2.5:7b on http://127.0.0.1:11434``."""
        what = self.model or "the first model"
        return f"{what} on {self.address.base}"

    @property
    def digest(self) -> str:
        """Stands for the model's SHA-256 in a notebook run's cache identity."""
        key = f"server\0{self.address.base}\0{self.model or ''}"
        return hashlib.sha256(key.encode("utf-8")).hexdigest()


def not_confirmed(address: ServerAddress) -> str:
    return (
        f"{address.host} is not this computer: the text of your entries and pages would be "
        "sent there. Confirm with `inkling model use --server URL --yes`, or in Settings ▸ "
        "Models."
    )


def choose_server(
    data_dir: Path, cli_model: str | None = None, env: Mapping[str, str] | None = None
) -> ServerChoice | None:
    """The model server to use instead of a GGUF file; None when none is chosen or a file
    is named for this run.  A ModelError when the saved address is unusable or was never
    confirmed (it is not on this computer)."""
    env = os.environ if env is None else env
    if (cli_model and cli_model.strip()) or env.get(MODEL_ENV, "").strip():
        return None
    settings = load_settings(data_dir)
    if settings.server_url is None:
        return None
    address = parse_server_url(settings.server_url)
    if not address.loopback and settings.server_confirmed != address.base:
        raise ModelError(not_confirmed(address))
    return ServerChoice(address, settings.server_model)


def connect(
    server: ServerChoice, *, max_tokens: int = DEFAULT_MAX_TOKENS, concurrency: int = 1
) -> ServerTextModel:
    """Reach the server and check it serves the model (a ModelError otherwise)."""
    return ServerTextModel.connect(
        server.address, server.model, max_tokens=max_tokens, concurrency=concurrency
    )


def check_server(url: str, model: str | None = None) -> ServerChoice:
    """Reach the server at ``url`` and check it has ``model`` (None: take the first it
    lists); the server as it would be used.  A ModelError (one sentence) otherwise."""
    address = parse_server_url(url)
    return ServerChoice(address, ServerTextModel.connect(address, model).model)


def use_server(
    data_dir: Path,
    url: str,
    model: str | None = None,
    *,
    confirmed: bool = False,
    concurrency: int | None = None,
    vision_model: str | None = None,
) -> ServerChoice:
    """Check the server answers and has ``model`` (the first it lists when None), then
    save it as the engine (with ``concurrency``, the requests a notebook run keeps in
    flight, when given, and ``vision_model``, the server's model that reads page images,
    checked the same way).  An address that is not this computer's is refused
    (``RefusedError``, nothing saved) unless ``confirmed``."""
    address = parse_server_url(url)
    if not address.loopback and not confirmed:
        raise RefusedError(not_confirmed(address))
    reached = check_server(url, model)
    if vision_model is not None:
        check_server(url, vision_model)
    settings = load_settings(data_dir)
    save_settings(
        data_dir,
        settings.with_changes(
            server_url=address.base,
            server_model=reached.model,
            server_confirmed=None if address.loopback else address.base,
            server_concurrency=settings.server_concurrency if concurrency is None else concurrency,
            server_vision_model=vision_model,
        ),
    )
    return reached


def stop_using_server(data_dir: Path) -> None:
    settings = load_settings(data_dir)
    if settings.server_url is not None:
        save_settings(data_dir, settings.without_server())


def vision_server(data_dir: Path, cli_model: str | None = None) -> ServerChoice | None:
    """The server's vision model (Settings ``server_vision_model``) when the server is
    the engine; None otherwise.  A ModelError as :func:`choose_server`."""
    server = choose_server(data_dir, cli_model)
    name = load_settings(data_dir).server_vision_model
    if server is None or name is None:
        return None
    return ServerChoice(server.address, name)


def start_server_worker(
    server: ServerChoice, settings: Settings, *, max_tokens: int = DEFAULT_MAX_TOKENS
) -> ModelWorker[StreamingModel]:
    """A worker whose thread talks to the server (the same jobs, cancel and close as a
    GGUF model's worker); of ``settings`` only ``server_concurrency`` applies (the server
    has its own threads and context)."""
    concurrency = settings.server_concurrency

    def load() -> StreamingModel:
        return connect(server, max_tokens=max_tokens, concurrency=concurrency)

    return ModelWorker(load, name="inkling-model-server")
