"""Detector definitions: the built-ins, JSON import/export, and custom detectors."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from app import resources
from app.domain.formats.untrusted import brief
from app.domain.notebooks.tags import slugify

ENGINES: Final = ("prompt", "lexical_count", "ner_people")
SCOPES: Final = ("page", "page_window", "notebook")
INPUT_MODES: Final = ("auto", "text", "vision")
CANDIDATE_STRATEGIES: Final = ("all_pages",)
AGGREGATIONS: Final = ("merge_adjacent_spans", "none")
LEXICAL_MATCHERS: Final = ("first_person_i", "swear_words")

MAX_WINDOW_SIZE: Final = 50
MAX_ID_CHARS: Final = 200
MAX_TITLE_CHARS: Final = 200
MAX_DESCRIPTION_CHARS: Final = 4000
MAX_INSTRUCTION_CHARS: Final = 4000
CUSTOM_DESCRIPTION_CHARS: Final = 200
MAX_SLUG_CHARS: Final = 100
MAX_NAME_SLUG_CHARS: Final = 60

CUSTOM_PREFIX: Final = "custom/"
CUSTOM_FINDING_PREFIX: Final = "custom:"
CUSTOM_PROMPT_ID: Final = "custom_detect_v1"
PROMPT_VERSION: Final = "2"
"""The prompt version new definitions use: window data first with numbered lines, evidence
as line numbers (:mod:`app.domain.notebooks.prompts`). Version "1" (quotes copied from
the pages, the data last) is still understood, for stored custom detectors."""
CUSTOM_REPLY_SCHEMA_ID: Final = "custom_finding_v1"

_CACHE_BASE_KEYS: Final = (
    "confidence_threshold",
    "window_size",
    "window_overlap",
    "candidate_strategy",
    "input_mode",
    "scope",
    "engine",
    "aggregation_strategy",
)
_SLUG: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_VERSIONED: Final = re.compile(r"(.*)_v(\d+)")


class DefinitionError(ValueError):
    """A detector definition is invalid; the message is one clear sentence."""


@dataclass(frozen=True)
class PromptRef:
    """Which prompt a prompt detector uses: ``{prompt_id, version}``."""

    prompt_id: str
    version: str

    def key(self) -> str:
        """``<prompt_id>@<version>``."""
        return f"{self.prompt_id}@{self.version}"


def vision_twin(prompt_id: str) -> str:
    """The id of a prompt's vision twin: ``custom_detect_v1`` -> ``custom_detect_vision_v1``
    (``<id>_vision`` when the id has no ``_v<N>`` suffix). Idempotent."""
    if "_vision" in prompt_id:
        return prompt_id
    m = _VERSIONED.fullmatch(prompt_id)
    if m:
        return f"{m.group(1)}_vision_v{m.group(2)}"
    return f"{prompt_id}_vision"


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """A plain JSON-ready copy of a frozen value (mappings -> dict, tuples -> list)."""
    if isinstance(value, Mapping):
        return {str(k): thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value


def _check_json_value(value: Any, where: str) -> None:
    try:
        json.dumps(thaw(value), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise DefinitionError(f"{where} must hold only JSON values.") from exc


def _check_text(value: object, name: str, *, max_chars: int, allow_empty: bool = False) -> None:
    if not isinstance(value, str):
        raise DefinitionError(f"{name} must be a string.")
    if not allow_empty and not value.strip():
        raise DefinitionError(f"{name} must not be empty.")
    if len(value) > max_chars:
        raise DefinitionError(f"{name} must be at most {max_chars} characters.")


def _check_choice(value: object, name: str, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        raise DefinitionError(
            f"Unknown {name} {brief(value)}; expected one of {', '.join(choices)}."
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class DetectorDefinition:
    """Everything that decides what a detector does (``docs/notebooks.md``, "Detector
    definitions").

    Validated on construction (raises :class:`DefinitionError`). ``finding_type``
    defaults to ``detector_id``; ``model_requirements`` and ``extra_config`` are
    read-only mappings holding JSON values (lists become tuples).
    """

    detector_id: str
    version: str
    title: str
    description: str = ""
    engine: str = "prompt"
    prompt_ref: PromptRef | None = None
    scope: str = "page_window"
    input_mode: str = "auto"
    candidate_strategy: str = "all_pages"
    window_size: int = 3
    window_overlap: int = 1
    confidence_threshold: float = 0.7
    finding_type: str = ""
    aggregation_strategy: str = "merge_adjacent_spans"
    model_requirements: Mapping[str, Any] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )
    extra_config: Mapping[str, Any] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )

    def __post_init__(self) -> None:
        _check_text(self.detector_id, "detector_id", max_chars=MAX_ID_CHARS)
        if self.detector_id != self.detector_id.strip():
            raise DefinitionError("detector_id must not start or end with whitespace.")
        if self.detector_id.startswith(CUSTOM_PREFIX) and not _SLUG.fullmatch(
            self.detector_id[len(CUSTOM_PREFIX) :]
        ):
            raise DefinitionError("A custom detector_id must be 'custom/' followed by a slug.")
        _check_text(self.version, "version", max_chars=50)
        _check_text(self.title, "title", max_chars=MAX_TITLE_CHARS)
        _check_text(
            self.description, "description", max_chars=MAX_DESCRIPTION_CHARS, allow_empty=True
        )
        _check_choice(self.engine, "engine", ENGINES)
        if self.prompt_ref is not None:
            if not isinstance(self.prompt_ref, PromptRef):
                raise DefinitionError("prompt_ref must be a PromptRef.")
            _check_text(self.prompt_ref.prompt_id, "prompt_ref.prompt_id", max_chars=MAX_ID_CHARS)
            _check_text(self.prompt_ref.version, "prompt_ref.version", max_chars=50)
        if self.engine == "prompt" and self.prompt_ref is None:
            raise DefinitionError("A prompt detector needs a prompt_ref.")
        if self.engine != "prompt" and self.prompt_ref is not None:
            raise DefinitionError(f"A {self.engine} detector must not have a prompt_ref.")
        _check_choice(self.scope, "scope", SCOPES)
        _check_choice(self.input_mode, "input_mode", INPUT_MODES)
        _check_choice(self.candidate_strategy, "candidate_strategy", CANDIDATE_STRATEGIES)
        if not _is_int(self.window_size) or not 1 <= self.window_size <= MAX_WINDOW_SIZE:
            raise DefinitionError(f"window_size must be an integer from 1 to {MAX_WINDOW_SIZE}.")
        if not _is_int(self.window_overlap) or not 0 <= self.window_overlap < self.window_size:
            raise DefinitionError("window_overlap must be an integer from 0 to window_size - 1.")
        threshold = self.confidence_threshold
        if (
            isinstance(threshold, bool)
            or not isinstance(threshold, int | float)
            or not math.isfinite(threshold)
            or not 0.0 <= threshold <= 1.0
        ):
            raise DefinitionError("confidence_threshold must be a number from 0 to 1.")
        object.__setattr__(self, "confidence_threshold", float(threshold))
        if self.finding_type == "":
            object.__setattr__(self, "finding_type", self.detector_id)
        _check_text(self.finding_type, "finding_type", max_chars=MAX_ID_CHARS)
        _check_choice(self.aggregation_strategy, "aggregation_strategy", AGGREGATIONS)
        for name in ("model_requirements", "extra_config"):
            value = getattr(self, name)
            if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
                raise DefinitionError(f"{name} must be an object with string keys.")
            _check_json_value(value, name)
            object.__setattr__(self, name, _freeze(value))
        clash = sorted(set(self.extra_config) & set(_CACHE_BASE_KEYS))
        if clash:
            raise DefinitionError(f"extra_config must not redefine {clash[0]!r}.")
        if self.engine == "lexical_count":
            _check_choice(self.extra_config.get("matcher"), "lexical matcher", LEXICAL_MATCHERS)
            min_count = self.extra_config.get("min_count", 1)
            if not _is_int(min_count) or min_count < 0:
                raise DefinitionError("min_count must be a non-negative integer.")
        if self.detector_id.startswith(CUSTOM_PREFIX):
            instruction = self.extra_config.get("instruction")
            if not isinstance(instruction, str) or not instruction.strip():
                raise DefinitionError("A custom detector needs a non-empty instruction.")

    @property
    def is_custom(self) -> bool:
        """True for ``custom/<slug>`` detectors."""
        return self.detector_id.startswith(CUSTOM_PREFIX)

    def cache_config(self) -> dict[str, Any]:
        """The config fingerprint: threshold, window size/overlap, candidate strategy,
        input mode, scope, engine, aggregation, plus every extra_config key. Never auto-tag."""
        config: dict[str, Any] = {key: getattr(self, key) for key in _CACHE_BASE_KEYS}
        config.update(thaw(self.extra_config))
        return config

    def to_json(self) -> dict[str, Any]:
        """A plain JSON document of every field (``prompt_ref`` as an object or null)."""
        return {
            "detector_id": self.detector_id,
            "version": self.version,
            "title": self.title,
            "description": self.description,
            "engine": self.engine,
            "prompt_ref": (
                None
                if self.prompt_ref is None
                else {"prompt_id": self.prompt_ref.prompt_id, "version": self.prompt_ref.version}
            ),
            "scope": self.scope,
            "input_mode": self.input_mode,
            "candidate_strategy": self.candidate_strategy,
            "window_size": self.window_size,
            "window_overlap": self.window_overlap,
            "confidence_threshold": self.confidence_threshold,
            "finding_type": self.finding_type,
            "aggregation_strategy": self.aggregation_strategy,
            "model_requirements": thaw(self.model_requirements),
            "extra_config": thaw(self.extra_config),
        }

    @classmethod
    def from_json(cls, doc: object) -> DetectorDefinition:
        """Strictly validate and build a definition from a JSON document.

        Required: ``detector_id``, ``version``, ``title``; every other field takes its
        default when absent. Unknown fields, wrong types and bad values raise
        :class:`DefinitionError` with one clear sentence.
        """
        if not isinstance(doc, Mapping):
            raise DefinitionError("A detector definition must be a JSON object.")
        unknown = sorted(str(k) for k in doc if k not in _FIELDS)
        if unknown:
            raise DefinitionError(f"Unknown detector definition field {brief(unknown[0])}.")
        for key in ("detector_id", "version", "title"):
            if key not in doc:
                raise DefinitionError(f"A detector definition needs {key!r}.")
        kwargs: dict[str, Any] = {k: v for k, v in doc.items() if k != "prompt_ref"}
        ref = doc.get("prompt_ref")
        if ref is not None:
            if not isinstance(ref, Mapping) or set(ref) != {"prompt_id", "version"}:
                raise DefinitionError(
                    "prompt_ref must be an object with exactly prompt_id and version."
                )
            kwargs["prompt_ref"] = PromptRef(ref["prompt_id"], ref["version"])
        for key in ("model_requirements", "extra_config"):
            if key in kwargs and kwargs[key] is None:
                kwargs[key] = {}
        try:
            return cls(**kwargs)
        except DefinitionError:
            raise
        except (TypeError, ValueError) as exc:  # pragma: no cover - defensive
            raise DefinitionError(f"Invalid detector definition: {exc}.") from exc


_FIELDS: Final = frozenset(
    {
        "detector_id",
        "version",
        "title",
        "description",
        "engine",
        "prompt_ref",
        "scope",
        "input_mode",
        "candidate_strategy",
        "window_size",
        "window_overlap",
        "confidence_threshold",
        "finding_type",
        "aggregation_strategy",
        "model_requirements",
        "extra_config",
    }
)

SWEAR_LEXICON_ID: Final = "swear_words_en_v1"


STRUCTURE_RULES: Final = "structure_v8"
"""``extra_config["structure"]`` of the built-in detectors that read the pages' lines
first (:mod:`app.domain.notebooks.structure`); part of the cache identity, so results
read before those rules are stale."""


def _prompt_detector(
    detector_id: str,
    title: str,
    description: str,
    size: int,
    input_mode: str = "auto",
    *,
    structure: bool = True,
) -> DetectorDefinition:
    return DetectorDefinition(
        detector_id=detector_id,
        version="1",
        title=title,
        description=description,
        engine="prompt",
        prompt_ref=PromptRef(f"{detector_id}_detect_v1", PROMPT_VERSION),
        scope="page_window",
        input_mode=input_mode,
        window_size=size,
        window_overlap=1,
        confidence_threshold=0.7,
        aggregation_strategy="merge_adjacent_spans",
        extra_config={"structure": STRUCTURE_RULES} if structure else {},
    )


def builtin_detectors() -> list[DetectorDefinition]:
    """The eight built-in detectors (all version "1"), in display order.

    Reads the swear-word lexicon file to put its SHA-256 into ``extra_config``, so
    editing the lexicon changes the cache identity.
    """
    lexicon_digest = hashlib.sha256(resources.swear_lexicon()).hexdigest()
    lexical: dict[str, Any] = {
        "engine": "lexical_count",
        "scope": "page",
        "input_mode": "text",
        "confidence_threshold": 0.0,
        "aggregation_strategy": "none",
    }
    return [
        _prompt_detector("poetry", "Poems", "Poems: short ragged lines, stanzas, titles.", 3),
        _prompt_detector("todo_lists", "To-do lists", "Actionable checklists and to-do lists.", 2),
        _prompt_detector("lists", "Lists", "Other lists: shopping, inventories, outlines.", 2),
        _prompt_detector("quotations", "Quotations", "Quoted passages and epigraphs.", 3),
        _prompt_detector(
            "beer_labels",
            "Beer labels",
            "Pasted or sketched beer labels and tasting notes.",
            2,
            input_mode="vision",
            structure=False,
        ),
        DetectorDefinition(
            detector_id="first_person",
            version="1",
            title="First person",
            description="Counts the standalone word I on each page.",
            extra_config={"matcher": "first_person_i", "min_count": 1},
            **lexical,
        ),
        DetectorDefinition(
            detector_id="swear_words",
            version="1",
            title="Swear words",
            description="Counts swear words from a versioned lexicon on each page.",
            extra_config={
                "matcher": "swear_words",
                "lexicon_id": SWEAR_LEXICON_ID,
                "lexicon_sha256": lexicon_digest,
                "min_count": 1,
            },
            **lexical,
        ),
        DetectorDefinition(
            detector_id="names",
            version="1",
            title="Names",
            description="People named on each page (spaCy PERSON entities).",
            engine="ner_people",
            scope="page",
            input_mode="text",
            confidence_threshold=0.0,
            aggregation_strategy="none",
            model_requirements={"ner": "spacy"},
            extra_config={"entity_label": "PERSON"},
        ),
    ]


def builtin_detector(detector_id: str) -> DetectorDefinition | None:
    """The built-in detector with that id, or ``None``."""
    for definition in builtin_detectors():
        if definition.detector_id == detector_id:
            return definition
    return None


def custom_slug(name: str, instruction: str, custom_id: str | None = None) -> str:
    """The slug of a custom detector: the given id slugified (no hash), else the name
    slugified (``custom`` when empty) + ``-`` + the first 8 hex chars of SHA-256 of the
    trimmed instruction. Empty (invalid) when ``custom_id`` is given but slugifies to
    nothing or to more than 100 chars; a name-derived base is cut to 60 chars."""
    if custom_id is not None and custom_id.strip():
        slug = slugify(custom_id)
        return slug if len(slug) <= MAX_SLUG_CHARS else ""
    base = slugify(name)[:MAX_NAME_SLUG_CHARS].strip("-") or "custom"
    digest = hashlib.sha256(instruction.strip().encode("utf-8")).hexdigest()[:8]
    return f"{base}-{digest}"


def compile_custom_detector(
    *,
    name: str,
    instruction: str,
    scope: str = "notebook",
    adjacent_page_detection: bool = True,
    model_mode: str = "auto",
    confidence_threshold: float = 0.7,
    custom_id: str | None = None,
) -> DetectorDefinition | None:
    """Compile a user's custom detector; ``None`` when the input is invalid.

    Invalid: instruction empty or longer than 4000 chars after trimming; scope not
    ``page``/``notebook``; model_mode not ``auto``/``text``/``vision``; threshold not a
    finite number; a given id that slugifies to nothing. The threshold is clamped to
    0..1. Scope ``notebook`` with adjacent detection -> ``page_window`` 3/1; otherwise
    the given scope (``page`` or ``notebook``) with window 1/0. Prompt
    ``custom_detect_v1`` version :data:`PROMPT_VERSION` (routing picks the vision twin for
    vision).
    """
    values: tuple[object, ...] = (name, instruction, custom_id)
    if not (
        isinstance(values[0], str)
        and isinstance(values[1], str)
        and (values[2] is None or isinstance(values[2], str))
    ):
        return None
    text = instruction.strip()
    if not 1 <= len(text) <= MAX_INSTRUCTION_CHARS:
        return None
    if scope not in ("page", "notebook") or model_mode not in INPUT_MODES:
        return None
    if (
        isinstance(confidence_threshold, bool)
        or not isinstance(confidence_threshold, int | float)
        or math.isnan(confidence_threshold)
    ):
        return None
    threshold = min(1.0, max(0.0, float(confidence_threshold)))
    slug = custom_slug(name, text, custom_id)
    if not slug:
        return None
    windowed = scope == "notebook" and bool(adjacent_page_detection)
    title = " ".join(name.split())[:MAX_TITLE_CHARS] or slug
    return DetectorDefinition(
        detector_id=f"{CUSTOM_PREFIX}{slug}",
        version="1",
        title=title,
        description=text[:CUSTOM_DESCRIPTION_CHARS],
        engine="prompt",
        prompt_ref=PromptRef(CUSTOM_PROMPT_ID, PROMPT_VERSION),
        scope="page_window" if windowed else scope,
        input_mode=model_mode,
        window_size=3 if windowed else 1,
        window_overlap=1 if windowed else 0,
        confidence_threshold=threshold,
        finding_type=f"{CUSTOM_FINDING_PREFIX}{slug}",
        aggregation_strategy="merge_adjacent_spans",
        extra_config={"instruction": text},
    )
