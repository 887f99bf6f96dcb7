"""Detectors: the eight built-ins and the user's custom ones (stored in the database).

Custom detectors are compiled from a name and an instruction, exported and imported as
JSON (validated strictly), and deleted; each run keeps a snapshot of the definition.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import select

from app import clock
from app.domain.notebooks.definitions import (
    CUSTOM_PREFIX,
    DefinitionError,
    DetectorDefinition,
    builtin_detectors,
    compile_custom_detector,
)
from app.services.changes import Changes, OpResult
from app.services.errors import InvalidInputError, NotFoundError, RefusedError
from app.services.transfer.source_files import Source
from app.store import Database
from app.store.notebooks import CustomDetector

EXPORT_FORMAT = "inkling.detector"
EXPORT_VERSION = 1


@dataclass(frozen=True)
class DetectorInfo:
    detector_id: str
    title: str
    description: str
    engine: str
    scope: str
    input_mode: str
    version: str
    custom: bool


def _view(definition: DetectorDefinition) -> DetectorInfo:
    return DetectorInfo(
        definition.detector_id,
        definition.title,
        definition.description,
        definition.engine,
        definition.scope,
        definition.input_mode,
        definition.version,
        definition.is_custom,
    )


def _builtins() -> dict[str, DetectorDefinition]:
    return {d.detector_id: d for d in builtin_detectors()}


def _stored(row: CustomDetector) -> DetectorDefinition:
    try:
        return DetectorDefinition.from_json(row.definition)
    except DefinitionError as exc:  # pragma: no cover - stored definitions were validated
        raise RefusedError(f"The stored detector {row.detector_id} is damaged ({exc})") from exc


def get_definition(db: Database, detector_id: str) -> DetectorDefinition:
    """A built-in or custom definition by id."""
    found = _builtins().get(detector_id)
    if found is not None:
        return found
    with db.session(readonly=True) as session:
        row = session.scalar(
            select(CustomDetector).where(CustomDetector.detector_id == detector_id)
        )
        if row is None:
            raise NotFoundError(f"There is no detector {detector_id!r}.")
        return _stored(row)


def all_definitions(db: Database) -> list[DetectorDefinition]:
    """The built-ins in display order, then custom detectors by id."""
    with db.session(readonly=True) as session:
        rows = session.scalars(select(CustomDetector).order_by(CustomDetector.detector_id)).all()
        custom = [_stored(row) for row in rows]
    return [*builtin_detectors(), *custom]


def list_detectors(db: Database) -> list[DetectorInfo]:
    return [_view(d) for d in all_definitions(db)]


def _save(db: Database, definition: DetectorDefinition, *, replace: bool) -> OpResult[DetectorInfo]:
    if definition.detector_id in _builtins() or not definition.is_custom:
        raise RefusedError(
            f"{definition.detector_id!r} is not a custom detector id (custom ids start with "
            f"{CUSTOM_PREFIX!r})."
        )
    with db.session() as session:
        row = session.scalar(
            select(CustomDetector).where(CustomDetector.detector_id == definition.detector_id)
        )
        if row is not None and not replace:
            raise RefusedError(f"A detector with id {definition.detector_id!r} already exists.")
        if row is None:
            session.add(
                CustomDetector(detector_id=definition.detector_id, definition=definition.to_json())
            )
        else:
            row.definition = definition.to_json()
            row.updated_at = clock.utcnow()
    return OpResult(_view(definition), Changes(detectors=frozenset({definition.detector_id})))


def add_custom_detector(
    db: Database,
    *,
    name: str,
    instruction: str,
    scope: str = "notebook",
    adjacent_page_detection: bool = True,
    model_mode: str = "auto",
    confidence_threshold: float = 0.7,
    custom_id: str | None = None,
    replace: bool = False,
) -> OpResult[DetectorDefinition]:
    """Compile and store a custom detector; ``replace`` updates one with the same id."""
    if not instruction.strip():
        raise InvalidInputError("A custom detector needs an instruction.")
    if len(instruction.strip()) > 4000:
        raise InvalidInputError("A custom detector's instruction can be at most 4000 characters.")
    if scope not in ("page", "notebook"):
        raise InvalidInputError("A custom detector's scope is 'page' or 'notebook'.")
    if model_mode not in ("auto", "text", "vision"):
        raise InvalidInputError("A custom detector's mode is 'auto', 'text' or 'vision'.")
    definition = compile_custom_detector(
        name=name,
        instruction=instruction,
        scope=scope,
        adjacent_page_detection=adjacent_page_detection,
        model_mode=model_mode,
        confidence_threshold=confidence_threshold,
        custom_id=custom_id,
    )
    if definition is None:
        raise InvalidInputError(
            "This custom detector is not valid: check its name, id and confidence threshold."
        )
    result = _save(db, definition, replace=replace)
    return OpResult(definition, result.changes)


def export_detector(db: Database, detector_id: str) -> dict[str, Any]:
    """A JSON document holding the definition (built-ins can be exported too)."""
    definition = get_definition(db, detector_id)
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "definition": definition.to_json(),
    }


DETECTOR_FILE_MAX: Final = 1024 * 1024
"""Largest detector file imported (an export is a few kilobytes)."""


def import_detector_file(db: Database, path: Path) -> OpResult[DetectorInfo]:
    """:func:`import_detector` of the file at ``path`` (at most ``DETECTOR_FILE_MAX``)."""
    return import_detector(db, Source(path).read_bytes(path, limit=DETECTOR_FILE_MAX))


def import_detector(db: Database, document: str | bytes | dict[str, Any]) -> OpResult[DetectorInfo]:
    """Import a custom detector exported by :func:`export_detector` (or a bare definition).

    Validated strictly; an id that exists already is refused.
    """
    doc: Any = document
    if isinstance(document, str | bytes):
        try:
            doc = json.loads(document)
        except (ValueError, UnicodeDecodeError):
            raise InvalidInputError("The detector file is not valid JSON.") from None
    if isinstance(doc, dict) and "format" in doc:
        if doc.get("format") != EXPORT_FORMAT or doc.get("format_version") != EXPORT_VERSION:
            raise InvalidInputError("The file is not an Inkling detector export.")
        if set(doc) != {"format", "format_version", "definition"}:
            raise InvalidInputError("The detector export has unexpected fields.")
        doc = doc["definition"]
    try:
        definition = DetectorDefinition.from_json(doc)
    except DefinitionError as exc:
        message = str(exc).rstrip(".")
        raise InvalidInputError(f"The detector definition is not valid: {message}.") from None
    if not definition.is_custom:
        raise InvalidInputError(
            f"Only custom detectors (ids starting with {CUSTOM_PREFIX!r}) can be imported."
        )
    return _save(db, definition, replace=False)


def delete_detector(db: Database, detector_id: str) -> OpResult[None]:
    """Delete a custom detector; its past runs keep their snapshots."""
    if detector_id in _builtins():
        raise RefusedError(f"{detector_id!r} is built in and cannot be deleted.")
    with db.session() as session:
        row = session.scalar(
            select(CustomDetector).where(CustomDetector.detector_id == detector_id)
        )
        if row is None:
            raise NotFoundError(f"There is no detector {detector_id!r}.")
        session.delete(row)
    return OpResult(None, Changes(detectors=frozenset({detector_id})))
