"""Cache identity, model routing and freshness of a detector's published result."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from app.domain.model import Prompt
from app.domain.notebooks.definitions import DetectorDefinition, thaw, vision_twin
from app.domain.notebooks.windows import PageInput

Route = Literal["text", "vision"]
Freshness = Literal["missing", "stale", "unavailable", "ok"]

MISSING: Final = "missing"
STALE: Final = "stale"
UNAVAILABLE: Final = "unavailable"
OK: Final = "ok"


def text_sha256(text: str | None) -> str | None:
    """Hex SHA-256 of a text's UTF-8 bytes; ``None`` for no text."""
    return None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()


def scope_fingerprint(pages: Sequence[PageInput]) -> list[dict[str, Any]]:
    """Per page, in the given order: ``{id, order, text_sha256, image_digest}``."""
    return [
        {
            "id": page.page_id,
            "order": page.order,
            "text_sha256": text_sha256(page.text),
            "image_digest": page.image_digest,
        }
        for page in pages
    ]


def canonical_json(value: Any) -> str:
    """Sorted keys, compact separators, ``ensure_ascii=False``; mappings and tuples are
    converted to plain JSON. Raises ``ValueError`` for NaN/Infinity."""
    return json.dumps(
        thaw(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def cache_identity(
    *,
    definition: DetectorDefinition,
    prompt_key: str,
    model_digest: str | None,
    scope: list[dict[str, Any]],
    generation: Mapping[str, Any],
) -> str:
    """Hex SHA-256 of the canonical JSON of: detector id and version, the prompt key, the
    config fingerprint (:meth:`DetectorDefinition.cache_config`, never auto-tag), the
    model digest, the scope fingerprint and the generation settings."""
    doc = {**_run_fields(definition, prompt_key, model_digest, generation), "scope": scope}
    return hashlib.sha256(canonical_json(doc).encode("utf-8")).hexdigest()


def _run_fields(
    definition: DetectorDefinition,
    prompt_key: str,
    model_digest: str | None,
    generation: Mapping[str, Any],
) -> dict[str, Any]:
    """What a run's identity and its windows' keys share."""
    return {
        "detector_id": definition.detector_id,
        "detector_version": definition.version,
        "prompt": prompt_key,
        "config": definition.cache_config(),
        "model_digest": model_digest,
        "generation": generation,
    }


def window_key(
    *,
    definition: DetectorDefinition,
    prompt_key: str,
    model_digest: str | None,
    generation: Mapping[str, Any],
    prompt: Prompt,
    pages: Sequence[PageInput],
) -> str:
    """The identity of one window's reply, under which a finished window is kept so that
    a run started again reads it instead of the model (``app.services.notebooks.
    checkpoints``): hex SHA-256 of the canonical JSON of what the run's cache identity
    holds that concerns this window (detector id, version and config, the prompt key,
    the model digest, the generation settings), the exact request (system and user text,
    reply schema) and the window's pages (text and image digests).  Any of them changed,
    and the window is read again; another page changed, and this window's key is not."""
    doc = {
        **_run_fields(definition, prompt_key, model_digest, generation),
        "request": {
            "system": prompt.system,
            "user": prompt.user,
            "schema": prompt.json_schema,
        },
        "pages": [
            {"text_sha256": text_sha256(page.text), "image_digest": page.image_digest}
            for page in pages
        ],
    }
    return hashlib.sha256(canonical_json(doc).encode("utf-8")).hexdigest()


ENGLISH_ONLY_ENGINES: Final = frozenset({"lexical_count", "ner_people"})
"""Engines that read English only and skip a page written in another language."""


def prompt_key_for(
    definition: DetectorDefinition,
    route: Route | None,
    ner_model: str | None = None,
    language: str | None = None,
) -> str:
    """``<prompt_id>@<version>`` (the vision twin's id when routed to vision);
    ``lexical:<matcher>``; ``ner:people:<ner model name>`` (``ner:people`` without one).
    An English-only engine's key ends with ``|language:<language>`` when ``language``
    (what decides which pages it skips as another language) is given: a page's language
    decides what such a run publishes."""
    if definition.engine in ENGLISH_ONLY_ENGINES:
        if definition.engine == "lexical_count":
            key = f"lexical:{definition.extra_config.get('matcher')}"
        else:
            key = f"ner:people:{ner_model}" if ner_model else "ner:people"
        return f"{key}|language:{language}" if language else key
    ref = definition.prompt_ref
    if ref is None:  # pragma: no cover - a validated prompt definition has one
        raise ValueError(f"Detector {definition.detector_id!r} has no prompt.")
    prompt_id = vision_twin(ref.prompt_id) if route == "vision" else ref.prompt_id
    return f"{prompt_id}@{ref.version}"


def route(
    definition: DetectorDefinition, *, page_has_text: bool, text_model: bool, vision_model: bool
) -> Route | None:
    """Which model reads a page: ``text`` needs a text model (and text); ``vision`` needs a
    vision-capable model; ``auto`` uses text when the page has text and a text model is
    configured, else vision when a vision model is, else ``None`` (the run's outcome is
    ``skipped_not_applicable`` with capability ``unavailable_model``). Lexical and NER
    detectors read text without a model: ``text`` when the page has text, else ``None``.
    """
    if definition.engine != "prompt":
        return "text" if page_has_text else None
    if definition.input_mode == "text":
        return "text" if text_model and page_has_text else None
    if definition.input_mode == "vision":
        return "vision" if vision_model else None
    if page_has_text and text_model:
        return "text"
    if vision_model:
        return "vision"
    return None


def freshness(
    definition: DetectorDefinition,
    published_identity: str | None,
    published_version: str | None,
    current_identity: str | None,
    dependency_available: bool,
) -> Freshness:
    """``missing`` when never published; ``stale`` when the published version differs
    from the definition's or the identity differs from the current one (an unknown
    current identity, ``None``, is not compared); ``unavailable`` when a dependency is
    missing; else ``ok``. Checked in that order."""
    if published_identity is None:
        return "missing"
    if published_version != definition.version:
        return "stale"
    if current_identity is not None and current_identity != published_identity:
        return "stale"
    if not dependency_available:
        return "unavailable"
    return "ok"
