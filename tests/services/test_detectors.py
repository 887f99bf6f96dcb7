"""Custom detectors: compile, list, export, import (strict), delete."""

from __future__ import annotations

import json

import pytest

from app.services.errors import InvalidInputError, NotFoundError, RefusedError
from app.services.notebooks import detectors
from app.store import Database

BUILTINS = [
    "poetry",
    "todo_lists",
    "lists",
    "quotations",
    "beer_labels",
    "first_person",
    "swear_words",
    "names",
]


def test_builtins_then_custom_detectors(db: Database) -> None:
    assert [d.detector_id for d in detectors.list_detectors(db)] == BUILTINS
    definition = detectors.add_custom_detector(
        db, name="My dreams", instruction="  Dreams I wrote down.  ", scope="page"
    ).value
    assert definition.detector_id.startswith("custom/my-dreams-")
    assert definition.finding_type == definition.detector_id.replace("custom/", "custom:")
    assert (definition.scope, definition.window_size, definition.window_overlap) == ("page", 1, 0)
    listed = detectors.list_detectors(db)
    assert [d.detector_id for d in listed] == [*BUILTINS, definition.detector_id]
    assert listed[-1].custom
    assert detectors.get_definition(db, definition.detector_id) == definition


def test_invalid_custom_detectors_are_refused_in_one_sentence(db: Database) -> None:
    for kwargs, needle in (
        ({"instruction": "   "}, "needs an instruction"),
        ({"instruction": "x" * 4001}, "at most 4000"),
        ({"instruction": "ok", "scope": "page_window"}, "scope"),
        ({"instruction": "ok", "custom_id": "!!!"}, "not valid"),
    ):
        with pytest.raises(InvalidInputError, match=needle):
            detectors.add_custom_detector(db, name="X", **kwargs)  # type: ignore[arg-type]
    assert len(detectors.list_detectors(db)) == len(BUILTINS)


def test_export_import_roundtrip_and_duplicates(db: Database) -> None:
    definition = detectors.add_custom_detector(
        db,
        name="Garden",
        instruction="Mentions of my garden.",
        custom_id="garden",
        model_mode="text",
    ).value
    exported = detectors.export_detector(db, "custom/garden")
    assert exported["definition"] == definition.to_json()
    with pytest.raises(RefusedError, match="already exists"):
        detectors.import_detector(db, json.dumps(exported))
    detectors.delete_detector(db, "custom/garden")
    with pytest.raises(NotFoundError):
        detectors.get_definition(db, "custom/garden")
    imported = detectors.import_detector(db, json.dumps(exported).encode()).value
    assert imported.detector_id == "custom/garden"
    assert detectors.get_definition(db, "custom/garden") == definition


@pytest.mark.parametrize(
    ("document", "needle"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "other", "format_version": 1, "definition": {}}', "not an Inkling detector"),
        ('{"detector_id": "custom/x", "version": "1"}', "needs 'title'"),
        (
            '{"detector_id": "custom/x", "version": "1", "title": "X", "colour": "red"}',
            "Unknown detector definition field",
        ),
        (
            '{"detector_id": "poetry2", "version": "1", "title": "P", "prompt_ref": '
            '{"prompt_id": "p", "version": "1"}}',
            "Only custom detectors",
        ),
    ],
)
def test_import_is_strict(db: Database, document: str, needle: str) -> None:
    with pytest.raises(InvalidInputError, match=needle):
        detectors.import_detector(db, document)
    assert len(detectors.list_detectors(db)) == len(BUILTINS)


def test_builtins_cannot_be_deleted(db: Database) -> None:
    with pytest.raises(RefusedError, match="built in"):
        detectors.delete_detector(db, "poetry")
    with pytest.raises(NotFoundError):
        detectors.delete_detector(db, "custom/nope")
