"""Models one step away: the local GGUF files, the recommended list, and downloads.

- ``list_models``: the embedded default and every ``*.gguf`` in the models folder
  (``models/`` in the data folder, or ``Settings.models_dir``), with what the GGUF header
  says, whether it is in use, and whether it fits in the memory that is free now.
- ``recommended_models``: the curated list (``app/resources/models/recommended.json``), each
  with whether it is downloaded and whether it fits.
- ``download_model``: the only network access in Inkling, and only when asked.  It goes
  through ``huggingface_hub`` (so ``HF_ENDPOINT``, ``HF_TOKEN`` and proxies work as they do
  for every hub client): the file's metadata (``get_hf_file_metadata``: commit, size and
  the LFS SHA-256 the hub publishes as its ETag), then the bytes (``http_get``) into
  ``<file>.part`` beside the final name, resuming from a partial file left by an earlier
  attempt (an HTTP Range request).  ``hf_hub_download`` itself is not used because
  huggingface_hub 2.4 downloads into a uniquely named temporary file that it deletes on
  any failure, so an interrupted download could never resume.  Progress is reported
  through the progress-bar class the library drives, and cancelling raises from that
  bar's ``update`` (so a cancel takes effect at the next chunk, 10 MB at most).  The
  finished file's SHA-256 is computed and compared with the hub's; only a match is moved
  to its final name, a mismatch is deleted.  A file lock (in the data folder's cache)
  keeps two windows or commands from downloading the same file at once.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

from app import resources
from app.domain.models_catalog import (
    CatalogError,
    ModelCatalog,
    QualityStatements,
    RecommendedModel,
    fits_in_memory,
    parse_catalog,
)
from app.domain.progress import Cancelled, CancelToken, Progress, ProgressFn
from app.llm import (
    ModelError,
    available_memory_bytes,
    default_model_path,
    estimate_memory_bytes,
    read_model_info,
)
from app.paths import cache_dir
from app.services.errors import InvalidInputError, NotFoundError, ServiceError
from app.services.models.choice import choose_model
from app.services.settings import load_settings

MODELS_FOLDER = "models"
PARTIAL_SUFFIX = ".part"
ENDPOINT_ENV = "HF_ENDPOINT"
DOWNLOAD_CANCELLED = "The download was cancelled."


class DownloadError(ServiceError):
    """A download failed or was refused; ``str()`` is one sentence."""


# ----------------------------------------------------------------------------- the list


def load_catalog(path: Path | None = None) -> ModelCatalog:
    """The recommended models list shipped in ``app/resources/models`` (or another file in
    its shape); a missing or malformed file is an InvalidInputError."""
    shown = path or resources.RECOMMENDED_MODELS
    try:
        text = resources.recommended_models() if path is None else path.read_text("utf-8")
        data = json.loads(text)
    except OSError as exc:
        raise InvalidInputError(
            f"The recommended models list {shown} cannot be read ({exc.strerror or exc})."
        ) from exc
    except ValueError as exc:
        raise InvalidInputError(
            f"The recommended models list {shown} is not valid JSON ({exc})."
        ) from exc
    try:
        return parse_catalog(data)
    except CatalogError as exc:
        raise InvalidInputError(str(exc)) from exc


@functools.cache
def quality_statements() -> QualityStatements | None:
    """What to expect from the default and the recommended models (from the shipped list),
    or None when the list cannot be read (the list's own error shows where it is used)."""
    try:
        return load_catalog().quality
    except InvalidInputError:
        return None


def models_dir(data_dir: Path) -> Path:
    """Where downloaded models go: ``Settings.models_dir``, else ``models/`` in the data folder."""
    configured = load_settings(data_dir).models_dir
    return Path(configured).expanduser() if configured else data_dir / MODELS_FOLDER


# ----------------------------------------------------------------------------- memory


@dataclass(frozen=True)
class MemoryFit:
    needed_bytes: int | None
    """Estimated bytes to run the model (weights, KV cache, scratch), or None if unknown."""
    available_bytes: int | None
    """``MemAvailable`` now, or None where the system does not say."""

    @property
    def fits(self) -> bool | None:
        return fits_in_memory(self.needed_bytes, self.available_bytes)


# ----------------------------------------------------------------------------- local models


@dataclass(frozen=True)
class LocalModel:
    path: Path
    name: str
    architecture: str | None
    size_bytes: int
    context_length: int | None
    is_default: bool
    in_use: bool
    recommended: str | None
    """The recommended list's name for this file, if it is one of them."""
    fit: MemoryFit
    problem: str | None = None
    """Why the file cannot be used (damaged, not GGUF), in one sentence; None when fine."""


def _model_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.gguf") if p.is_file())
    except OSError:
        return []


def _in_use(data_dir: Path, cli_model: str | None, env: Mapping[str, str] | None) -> Path | None:
    try:
        return choose_model(data_dir, cli_model, env).path.expanduser().resolve()
    except (ModelError, OSError):
        return None


def _describe(
    data_dir: Path,
    path: Path,
    *,
    is_default: bool,
    in_use: Path | None,
    catalog: ModelCatalog,
    n_ctx: int,
    available: int | None,
) -> LocalModel:
    entry = catalog.find(path.name)
    resolved = path.resolve()
    try:
        info = read_model_info(path, cache_dir=cache_dir(data_dir))
    except ModelError as exc:
        size = path.stat().st_size if path.exists() else 0
        return LocalModel(
            path=resolved,
            name=path.stem,
            architecture=None,
            size_bytes=size,
            context_length=None,
            is_default=is_default,
            in_use=resolved == in_use,
            recommended=entry.name if entry else None,
            fit=MemoryFit(None, available),
            problem=str(exc),
        )
    context = min(n_ctx, info.context_length) if info.context_length else n_ctx
    needed = estimate_memory_bytes(info.header, n_ctx=context, file_size=info.size_bytes)
    return LocalModel(
        path=info.path,
        name=info.name,
        architecture=info.architecture,
        size_bytes=info.size_bytes,
        context_length=info.context_length,
        is_default=is_default,
        in_use=info.path == in_use,
        recommended=entry.name if entry else None,
        fit=MemoryFit(needed, available),
    )


def list_models(
    data_dir: Path,
    cli_model: str | None = None,
    *,
    catalog: ModelCatalog | None = None,
    env: Mapping[str, str] | None = None,
) -> list[LocalModel]:
    """The embedded default (if installed) then every GGUF in the models folder.

    The headers are read through the model-info cache, so only a new file costs a read.
    """
    catalog = catalog or load_catalog()
    settings = load_settings(data_dir)
    in_use = _in_use(data_dir, cli_model, env)
    available = available_memory_bytes()
    found: list[LocalModel] = []
    default = default_model_path()
    paths: list[tuple[Path, bool]] = [(default, True)] if default is not None else []
    paths += [(p, False) for p in _model_files(models_dir(data_dir))]
    for path, is_default in paths:
        found.append(
            _describe(
                data_dir,
                path,
                is_default=is_default,
                in_use=in_use,
                catalog=catalog,
                n_ctx=settings.n_ctx,
                available=available,
            )
        )
    return found


def describe_model_file(
    data_dir: Path, path: Path, cli_model: str | None = None, *, catalog: ModelCatalog | None = None
) -> LocalModel:
    """One model file as ``list_models`` describes it (header, in use, memory fit)."""
    default = default_model_path()
    return _describe(
        data_dir,
        path,
        is_default=default is not None and default.resolve() == path.resolve(),
        in_use=_in_use(data_dir, cli_model, None),
        catalog=catalog or load_catalog(),
        n_ctx=load_settings(data_dir).n_ctx,
        available=available_memory_bytes(),
    )


def resolve_model_reference(data_dir: Path, reference: str) -> Path:
    """A path for ``inkling model use``: an existing file, else a file in the models folder
    (by file name or stem), else a downloaded recommended model by its name.  Anything else
    comes back as the path it names, so that using it fails in one sentence."""
    given = Path(reference).expanduser()
    if given.exists():
        return given
    folder = models_dir(data_dir)
    for candidate in (folder / reference, folder / f"{reference}.gguf"):
        if candidate.is_file():
            return candidate
    entry = load_catalog().find(reference) if os.sep not in reference else None
    if entry is not None:
        downloaded = folder / entry.filename
        if downloaded.is_file():
            return downloaded
        raise InvalidInputError(
            f"{entry.name} is not downloaded yet; run `inkling model download {entry.name}` first."
        )
    return given


# ----------------------------------------------------------------------------- recommended


@dataclass(frozen=True)
class RecommendedInfo:
    model: RecommendedModel
    path: Path | None
    """The downloaded file in the models folder, or None."""
    partial_bytes: int
    """Bytes of an interrupted download that the next download resumes from."""
    fit: MemoryFit
    """Against the list's approximate memory need (a 4,096-token context)."""


def recommended_models(
    data_dir: Path, *, catalog: ModelCatalog | None = None
) -> list[RecommendedInfo]:
    catalog = catalog or load_catalog()
    folder = models_dir(data_dir)
    available = available_memory_bytes()
    views: list[RecommendedInfo] = []
    for model in catalog.models:
        final = folder / model.filename
        partial = _partial_path(final)
        views.append(
            RecommendedInfo(
                model=model,
                path=final if final.is_file() else None,
                partial_bytes=partial.stat().st_size if partial.is_file() else 0,
                fit=MemoryFit(model.ram_bytes, available),
            )
        )
    return views


# ----------------------------------------------------------------------------- download


@dataclass(frozen=True)
class DownloadResult:
    model: RecommendedModel
    path: Path
    size_bytes: int
    sha256: str | None
    """The verified SHA-256 (None when the file was already there and not re-read)."""
    resumed_from: int
    """Bytes that an earlier, interrupted download had already fetched."""
    already_present: bool


def _partial_path(final: Path) -> Path:
    return final.with_name(final.name + PARTIAL_SUFFIX)


def _sidecar_path(final: Path) -> Path:
    return final.with_name(final.name + PARTIAL_SUFFIX + ".json")


def _progress_bar_class(progress: ProgressFn | None, cancel: CancelToken | None) -> type:
    """A minimal tqdm look-alike for huggingface_hub's ``http_get``: it reports the bytes
    done and raises ``Cancelled`` from ``update`` once ``cancel`` is cancelled."""

    class _Bar:
        def __init__(self, *_args: Any, total: int | None = None, initial: int = 0, **_kw: Any):
            self.n = initial
            self.total = total
            if progress is not None:
                progress(Progress(self.n, self.total))

        def update(self, n: int | float | None = 1) -> None:
            if cancel is not None:
                cancel.raise_if_cancelled(DOWNLOAD_CANCELLED)
            self.n += int(n or 0)
            if progress is not None:
                progress(Progress(self.n, self.total))

        def close(self) -> None:
            return None

        def __enter__(self) -> _Bar:
            return self

        def __exit__(
            self,
            exc_type: type[BaseException] | None,
            exc: BaseException | None,
            tb: TracebackType | None,
        ) -> None:
            return None

    return _Bar


def _quiet_hub() -> Any:
    """huggingface_hub's constants, with its telemetry off.

    With telemetry on, building the request headers fetches an "agent harness" registry
    from the hub (``/api/agent-harnesses``): a request the user did not ask for.  The
    documented switch is ``HF_HUB_DISABLE_TELEMETRY``, read once at import, so it is set
    in the environment (for a first import) and on the imported constants."""
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    from huggingface_hub import constants

    constants.HF_HUB_DISABLE_TELEMETRY = True
    return constants


def _hub_error(exc: Exception, model: RecommendedModel, endpoint: str) -> DownloadError | None:
    """One sentence for a failure of the hub, the network or the disk (None: not one)."""
    import httpx2
    from huggingface_hub.errors import (
        GatedRepoError,
        HfHubHTTPError,
        OfflineModeIsEnabled,
        RemoteEntryNotFoundError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    where = f"{model.repo}/{model.filename}"
    if isinstance(exc, OfflineModeIsEnabled):
        message = "HF_HUB_OFFLINE is set, so Inkling may not download models; unset it to download."
    elif isinstance(exc, GatedRepoError):
        message = (
            f"The hub only gives {model.repo} to signed-in users who accepted its licence; "
            "accept it on the hub and log in with `hf auth login`, then try again."
        )
    elif isinstance(exc, RemoteEntryNotFoundError | RevisionNotFoundError):
        message = f"The hub has no file {where}; the recommended list may be out of date."
    elif isinstance(exc, RepositoryNotFoundError):
        message = (
            f"The hub has no repository {model.repo} (or it is private); nothing was downloaded."
        )
    elif isinstance(exc, HfHubHTTPError):
        status = exc.response.status_code if exc.response is not None else "an error"
        message = f"The hub answered {status} for {where}; try again later."
    elif isinstance(exc, httpx2.HTTPError):
        message = (
            f"Inkling could not download {model.filename} from {endpoint} "
            f"({exc.__class__.__name__}); check the connection and run it again to resume."
        )
    elif isinstance(exc, OSError) and exc.errno is not None:
        message = (
            f"{model.filename} could not be written to the models folder "
            f"({exc.strerror or exc}); free some space or choose another folder."
        )
    elif isinstance(exc, OSError):  # huggingface_hub's "consistency check failed"
        message = f"The download of {model.filename} ended early; run it again to resume."
    else:
        return None
    return DownloadError(message)


def _fetch_metadata(model: RecommendedModel, endpoint: str | None) -> tuple[str, str, int | None]:
    """``(download_url, sha256, size)`` from the hub's metadata for the file."""
    from huggingface_hub import get_hf_file_metadata, hf_hub_url

    url = hf_hub_url(model.repo, model.filename, revision=model.revision, endpoint=endpoint)
    meta = get_hf_file_metadata(url, endpoint=endpoint)  # no retries: fail fast, resume later
    sha256 = (meta.etag or "").strip('"').lower()
    if len(sha256) != 64 or any(c not in "0123456789abcdef" for c in sha256):
        raise DownloadError(
            f"The hub publishes no SHA-256 for {model.filename}, so it cannot be verified and "
            "was not downloaded."
        )
    if model.sha256 is not None and model.sha256 != sha256:
        raise DownloadError(
            f"The hub's {model.filename} is not the file Inkling recommends (its SHA-256 "
            "differs from the list's), so it was not downloaded."
        )
    return meta.location, sha256, meta.size


def _hub_headers(url: str, location: str) -> dict[str, str]:
    """The library's headers (user agent, token); the token only goes to the hub itself."""
    from huggingface_hub.utils._headers import build_hf_headers

    headers: dict[str, str] = build_hf_headers(library_name="inkling")
    if urlsplit(url).netloc != urlsplit(location).netloc:
        headers.pop("authorization", None)
    return headers


def _read_sidecar(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _sha256_of(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def download_model(
    data_dir: Path,
    name: str,
    *,
    on_progress: ProgressFn | None = None,
    cancel: CancelToken | None = None,
    catalog: ModelCatalog | None = None,
    endpoint: str | None = None,
) -> DownloadResult:
    """Download a recommended model into the models folder, verified against the hub's SHA-256.

    Resumes a partial file of the same hub file; raises NotFoundError (no such name),
    Cancelled (``cancel`` was cancelled; the partial file stays for a resume) or DownloadError
    (the hub, the network or the checksum; one sentence).  ``endpoint`` defaults to
    ``$HF_ENDPOINT``, read at call time, else the public hub.
    """
    catalog = catalog or load_catalog()
    model = catalog.find(name)
    if model is None:
        raise NotFoundError(
            f"No recommended model is called {name!r}; `inkling model recommended` lists them."
        )
    folder = models_dir(data_dir)
    final = folder / model.filename
    if final.is_file():
        return DownloadResult(model, final, final.stat().st_size, None, 0, already_present=True)
    if cancel is not None:
        cancel.raise_if_cancelled(DOWNLOAD_CANCELLED)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DownloadError(
            f"The models folder {folder} cannot be created ({exc.strerror or exc})."
        ) from exc

    constants = _quiet_hub()
    from huggingface_hub.utils._fixes import WeakFileLock

    endpoint = endpoint or os.environ.get(ENDPOINT_ENV) or constants.ENDPOINT
    with contextlib.ExitStack() as stack:
        try:  # one download of a file at a time (another window or command may be at it)
            locks = cache_dir(data_dir) / "downloads"
            locks.mkdir(parents=True, exist_ok=True)
            stack.enter_context(WeakFileLock(locks / f"{final.name}.lock", timeout=0.2))
        except TimeoutError as exc:
            raise DownloadError(
                f"{model.filename} is already being downloaded by another Inkling window or "
                "command; wait for it to finish."
            ) from exc
        return _download_locked(model, final, endpoint, on_progress, cancel)


def _download_locked(
    model: RecommendedModel,
    final: Path,
    endpoint: str,
    progress: ProgressFn | None,
    cancel: CancelToken | None,
) -> DownloadResult:
    from huggingface_hub.file_download import http_get

    if final.is_file():  # the other download finished while we waited
        return DownloadResult(model, final, final.stat().st_size, None, 0, already_present=True)
    partial, sidecar = _partial_path(final), _sidecar_path(final)
    try:
        location, sha256, size = _fetch_metadata(model, endpoint)
        known = _read_sidecar(sidecar)
        resume = partial.stat().st_size if partial.is_file() else 0
        if known.get("sha256") != sha256 or (size is not None and resume > size):
            resume = 0  # another version of the file, or junk: start again
        sidecar.write_text(
            json.dumps({"repo": model.repo, "filename": model.filename, "sha256": sha256}),
            encoding="utf-8",
        )
        with partial.open("r+b" if resume else "wb") as handle:
            handle.seek(resume)
            handle.truncate()
            http_get(
                location,
                handle,
                resume_size=resume,
                headers=_hub_headers(f"{endpoint}/{model.repo}", location),
                expected_size=size,
                displayed_filename=model.filename,
                tqdm_class=_progress_bar_class(progress, cancel),
            )
    except (ServiceError, Cancelled):
        raise
    except Exception as exc:
        error = _hub_error(exc, model, endpoint)
        if error is None:
            raise
        raise error from exc

    actual = _sha256_of(partial)
    if actual != sha256:
        partial.unlink(missing_ok=True)
        sidecar.unlink(missing_ok=True)
        raise DownloadError(
            f"The downloaded {model.filename} does not match the SHA-256 the hub publishes, "
            "so it was deleted; try the download again."
        )
    os.replace(partial, final)
    sidecar.unlink(missing_ok=True)
    return DownloadResult(model, final, final.stat().st_size, sha256, resume, already_present=False)
