"""The curated list of recommended models (``app/resources/models/recommended.json``), typed.

The list is data: each entry names a GGUF file on the model hub (repository, file name,
revision), with what a person needs to choose it (size, licence, context length, what it
is good for, roughly how much memory it needs at a 4,096-token context).  A size or
SHA-256 the list does not state is ``None``: the hub's own metadata supplies it when the
file is downloaded.  The list also carries the one-sentence quality statements the
welcome screen and the models page show, so the measured numbers live in one place.

``parse_catalog`` validates everything and raises ``CatalogError`` (one sentence) on the
first problem; nothing here reads files or touches the network.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

CATALOG_VERSION = 1
_SHA256 = re.compile(r"[0-9a-f]{64}")
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")
_REPO = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*")


class CatalogError(ValueError):
    """The list of recommended models is malformed; ``str()`` is one sentence."""


@dataclass(frozen=True)
class RecommendedModel:
    name: str
    """Short, unique, lower-case id used on the command line (``qwen2.5-1.5b-instruct``)."""
    title: str
    repo: str
    """The hub repository, ``owner/name``."""
    filename: str
    """The GGUF file in the repository (also its name in the models folder)."""
    revision: str
    size_bytes: int | None
    sha256: str | None
    """Lower-case hex; when stated, the hub's published SHA-256 must equal it."""
    license: str
    context_length: int
    good_for: str
    ram_bytes: int
    """Approximate memory needed to run it with a 4,096-token context."""


@dataclass(frozen=True)
class QualityStatements:
    default: str
    """What to expect from the embedded default model (measured)."""
    recommended: str
    """What to expect from the recommended models (not measured here)."""


@dataclass(frozen=True)
class ModelCatalog:
    models: tuple[RecommendedModel, ...]
    quality: QualityStatements

    def find(self, name: str) -> RecommendedModel | None:
        """The entry called ``name`` (case-insensitive), or one whose file is ``name``."""
        wanted = name.strip().lower()
        for model in self.models:
            if wanted in (model.name, model.filename.lower()):
                return model
        return None


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CatalogError(f"The recommended models list has no text for {key!r} in {where}.")
    return value.strip()


def _count(data: Mapping[str, Any], key: str, where: str, *, optional: bool) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise CatalogError(
            f"The recommended models list needs a positive whole number for {key!r} in {where}."
        )
    return value


def _model(data: Any, index: int) -> RecommendedModel:
    where = f"entry {index + 1}"
    if not isinstance(data, Mapping):
        raise CatalogError(f"The recommended models list has an {where} that is not an object.")
    name = _text(data, "name", where)
    where = f"entry {name!r}"
    if not _NAME.fullmatch(name):
        raise CatalogError(
            f"The recommended model name {name!r} must be lower-case letters, digits, '.', "
            "'-' or '_'."
        )
    repo = _text(data, "repo", where)
    if not _REPO.fullmatch(repo):
        raise CatalogError(f"The hub repository {repo!r} of {where} is not 'owner/name'.")
    filename = _text(data, "filename", where)
    if "/" in filename or "\\" in filename or not filename.lower().endswith(".gguf"):
        raise CatalogError(f"The file of {where} must be a plain .gguf file name.")
    sha256 = data.get("sha256")
    if sha256 is not None and (not isinstance(sha256, str) or not _SHA256.fullmatch(sha256)):
        raise CatalogError(f"The SHA-256 of {where} must be 64 lower-case hex digits or null.")
    revision = data.get("revision", "main")
    if not isinstance(revision, str) or not revision.strip():
        raise CatalogError(f"The revision of {where} must be a branch, tag or commit.")
    size_bytes = _count(data, "size_bytes", where, optional=True)
    context_length = _count(data, "context_length", where, optional=False)
    ram_bytes = _count(data, "ram_bytes", where, optional=False)
    assert context_length is not None
    assert ram_bytes is not None
    return RecommendedModel(
        name=name,
        title=_text(data, "title", where),
        repo=repo,
        filename=filename,
        revision=revision.strip(),
        size_bytes=size_bytes,
        sha256=sha256,
        license=_text(data, "license", where),
        context_length=context_length,
        good_for=_text(data, "good_for", where),
        ram_bytes=ram_bytes,
    )


def parse_catalog(data: Any) -> ModelCatalog:
    """Validate the decoded JSON of the list; raises CatalogError on the first problem."""
    if not isinstance(data, Mapping):
        raise CatalogError("The recommended models list must be a JSON object.")
    if data.get("version") != CATALOG_VERSION:
        raise CatalogError(
            f"The recommended models list has version {data.get('version')!r}; this Inkling "
            f"reads version {CATALOG_VERSION}."
        )
    quality = data.get("quality")
    if not isinstance(quality, Mapping):
        raise CatalogError("The recommended models list has no 'quality' statements.")
    statements = QualityStatements(
        default=_text(quality, "default", "'quality'"),
        recommended=_text(quality, "recommended", "'quality'"),
    )
    raw_models = data.get("models")
    if not isinstance(raw_models, list) or not raw_models:
        raise CatalogError("The recommended models list has no 'models'.")
    models = tuple(_model(item, i) for i, item in enumerate(raw_models))
    seen: set[str] = set()
    for model in models:
        for key in (model.name, model.filename.lower()):
            if key in seen:
                raise CatalogError(
                    f"The recommended models list names {key!r} twice; names and files must "
                    "be unique."
                )
            seen.add(key)
    return ModelCatalog(models=models, quality=statements)


def fits_in_memory(needed_bytes: int | None, available_bytes: int | None) -> bool | None:
    """Whether ``needed_bytes`` fit in ``available_bytes``; None when either is unknown."""
    if needed_bytes is None or available_bytes is None:
        return None
    return needed_bytes <= available_bytes


def size_text(n_bytes: int) -> str:
    """A byte count for people: ``"812 MB"``, ``"3.4 GB"``."""
    return f"{n_bytes / 1e9:.1f} GB" if n_bytes >= 1e9 else f"{max(n_bytes, 0) / 1e6:.0f} MB"
