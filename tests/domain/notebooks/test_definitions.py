"""Detector definitions: built-ins, cache config, JSON round trip, custom detectors."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from app import resources
from app.domain import DetectorDefinition, builtin_detectors, compile_custom_detector
from app.domain.notebooks import (
    DefinitionError,
    PromptRef,
    builtin_detector,
    vision_twin,
)
from app.domain.notebooks.definitions import PROMPT_VERSION

PROMPT_TABLE = {
    # id: (window size, input mode)
    "poetry": (3, "auto"),
    "todo_lists": (2, "auto"),
    "lists": (2, "auto"),
    "quotations": (3, "auto"),
    "beer_labels": (2, "vision"),
}


def test_eight_builtins_all_version_1() -> None:
    ids = [d.detector_id for d in builtin_detectors()]
    assert ids == [
        "poetry",
        "todo_lists",
        "lists",
        "quotations",
        "beer_labels",
        "first_person",
        "swear_words",
        "names",
    ]
    assert {d.version for d in builtin_detectors()} == {"1"}
    assert all(d.finding_type == d.detector_id for d in builtin_detectors())


@pytest.mark.parametrize("detector_id", sorted(PROMPT_TABLE))
def test_prompt_builtins_match_the_spec_table(detector_id: str) -> None:
    d = builtin_detector(detector_id)
    assert d is not None
    size, mode = PROMPT_TABLE[detector_id]
    assert d.engine == "prompt"
    assert d.scope == "page_window"
    assert (d.window_size, d.window_overlap) == (size, 1)
    assert d.input_mode == mode
    assert d.confidence_threshold == 0.7
    assert d.aggregation_strategy == "merge_adjacent_spans"
    assert d.candidate_strategy == "all_pages"
    assert d.prompt_ref == PromptRef(f"{detector_id}_detect_v1", PROMPT_VERSION)


@pytest.mark.parametrize("detector_id", ["first_person", "swear_words", "names"])
def test_page_builtins_match_the_spec_table(detector_id: str) -> None:
    d = builtin_detector(detector_id)
    assert d is not None
    assert d.scope == "page"
    assert d.input_mode == "text"
    assert d.confidence_threshold == 0.0
    assert d.aggregation_strategy == "none"
    assert d.prompt_ref is None
    assert d.engine == ("ner_people" if detector_id == "names" else "lexical_count")


def test_lexical_builtins_extra_config() -> None:
    first = builtin_detector("first_person")
    swear = builtin_detector("swear_words")
    assert first is not None
    assert swear is not None
    assert dict(first.extra_config) == {"matcher": "first_person_i", "min_count": 1}
    digest = hashlib.sha256(resources.swear_lexicon()).hexdigest()
    assert dict(swear.extra_config) == {
        "matcher": "swear_words",
        "lexicon_id": "swear_words_en_v1",
        "lexicon_sha256": digest,
        "min_count": 1,
    }


def test_builtin_detector_unknown_is_none() -> None:
    assert builtin_detector("nope") is None


def test_cache_config_has_exactly_the_spec_keys_plus_extra_config() -> None:
    swear = builtin_detector("swear_words")
    poetry = builtin_detector("poetry")
    assert swear is not None
    assert poetry is not None
    base = {
        "confidence_threshold",
        "window_size",
        "window_overlap",
        "candidate_strategy",
        "input_mode",
        "scope",
        "engine",
        "aggregation_strategy",
    }
    assert set(poetry.cache_config()) == base | {"structure"}  # its extra_config
    assert set(swear.cache_config()) == base | {
        "matcher",
        "lexicon_id",
        "lexicon_sha256",
        "min_count",
    }
    assert poetry.cache_config()["confidence_threshold"] == 0.7
    assert not any("tag" in key for key in swear.cache_config())


def test_definition_defaults_and_read_only_config() -> None:
    d = DetectorDefinition(
        detector_id="x",
        version="2",
        title="X",
        prompt_ref=PromptRef("poetry_detect_v1", "1"),
        extra_config={"a": [1, {"b": 2}]},
    )
    assert d.finding_type == "x"
    assert (d.window_size, d.window_overlap, d.confidence_threshold) == (3, 1, 0.7)
    assert d.engine == "prompt"
    assert d.aggregation_strategy == "merge_adjacent_spans"
    with pytest.raises(TypeError):
        d.extra_config["a"] = 1  # type: ignore[index]
    assert d.to_json()["extra_config"] == {"a": [1, {"b": 2}]}
    hash(d)  # hashable despite the mappings


@pytest.mark.parametrize("detector", builtin_detectors(), ids=lambda d: d.detector_id)
def test_json_round_trip(detector: DetectorDefinition) -> None:
    doc = detector.to_json()
    again = DetectorDefinition.from_json(doc)
    assert again == detector
    assert again.to_json() == doc


def test_custom_json_round_trip() -> None:
    custom = compile_custom_detector(name="Garden", instruction="Mentions of my garden.")
    assert custom is not None
    assert DetectorDefinition.from_json(custom.to_json()) == custom


def _doc(**changes: Any) -> dict[str, Any]:
    poetry = builtin_detector("poetry")
    assert poetry is not None
    doc = poetry.to_json()
    doc.update(changes)
    return doc


def test_from_json_minimal_document_takes_defaults() -> None:
    d = DetectorDefinition.from_json(
        {
            "detector_id": "mine",
            "version": "1",
            "title": "Mine",
            "prompt_ref": {"prompt_id": "custom_detect_v1", "version": "1"},
        }
    )
    assert d.scope == "page_window"
    assert d.finding_type == "mine"


@pytest.mark.parametrize(
    ("doc", "fragment"),
    [
        ([], "JSON object"),
        (_doc(engine="llm"), "engine"),
        (_doc(prompt_ref=None), "prompt_ref"),
        (_doc(prompt_ref={"prompt_id": "x"}), "prompt_ref"),
        (_doc(confidence_threshold=1.5), "confidence_threshold"),
        (_doc(confidence_threshold=-0.1), "confidence_threshold"),
        (_doc(confidence_threshold="0.5"), "confidence_threshold"),
        (_doc(confidence_threshold=True), "confidence_threshold"),
        (_doc(confidence_threshold=float("nan")), "confidence_threshold"),
        (_doc(scope="book"), "scope"),
        (_doc(input_mode="audio"), "input_mode"),
        (_doc(candidate_strategy="some"), "candidate_strategy"),
        (_doc(aggregation_strategy="sum"), "aggregation_strategy"),
        (_doc(window_size=0), "window_size"),
        (_doc(window_size=2.5), "window_size"),
        (_doc(window_overlap=3), "window_overlap"),
        (_doc(window_overlap=-1), "window_overlap"),
        (_doc(version=""), "version"),
        (_doc(version=1), "version"),
        (_doc(title=" "), "title"),
        (_doc(detector_id=""), "detector_id"),
        (_doc(detector_id="custom/Bad Slug"), "custom"),
        (_doc(colour="red"), "Unknown detector definition field"),
        (_doc(extra_config=[1]), "extra_config"),
        (_doc(extra_config={"scope": "page"}), "extra_config"),
        (_doc(extra_config={"x": float("inf")}), "extra_config"),
        (
            _doc(engine="lexical_count", prompt_ref=None, extra_config={"matcher": "x"}),
            "matcher",
        ),
        (_doc(engine="ner_people"), "prompt_ref"),
        ({"version": "1", "title": "T"}, "detector_id"),
    ],
)
def test_from_json_rejects_with_one_clear_sentence(doc: object, fragment: str) -> None:
    with pytest.raises(DefinitionError, match=fragment) as info:
        DetectorDefinition.from_json(doc)
    message = str(info.value)
    assert message.endswith(".")
    assert "\n" not in message


def test_threshold_zero_and_one_are_valid() -> None:
    assert DetectorDefinition.from_json(_doc(confidence_threshold=0)).confidence_threshold == 0
    assert DetectorDefinition.from_json(_doc(confidence_threshold=1)).confidence_threshold == 1


def test_definition_error_is_a_value_error() -> None:
    assert issubclass(DefinitionError, ValueError)


def test_vision_twin() -> None:
    assert vision_twin("custom_detect_v1") == "custom_detect_vision_v1"
    assert vision_twin("custom_detect_vision_v1") == "custom_detect_vision_v1"
    assert vision_twin("plain") == "plain_vision"


# --- custom detectors -------------------------------------------------------------


def _hash8(text: str) -> str:
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:8]


def test_custom_from_name_gets_slug_plus_instruction_hash() -> None:
    d = compile_custom_detector(name="Dreams I wrote down", instruction="  Dreams I recorded. ")
    assert d is not None
    slug = f"dreams-i-wrote-down-{_hash8('Dreams I recorded.')}"
    assert d.detector_id == f"custom/{slug}"
    assert d.finding_type == f"custom:{slug}"
    assert d.title == "Dreams I wrote down"
    assert d.version == "1"
    assert d.engine == "prompt"
    assert d.prompt_ref == PromptRef("custom_detect_v1", PROMPT_VERSION)
    assert dict(d.extra_config) == {"instruction": "Dreams I recorded."}
    assert d.description == "Dreams I recorded."
    assert (d.scope, d.window_size, d.window_overlap) == ("page_window", 3, 1)
    assert d.input_mode == "auto"
    assert d.confidence_threshold == 0.7
    assert d.aggregation_strategy == "merge_adjacent_spans"


def test_custom_instruction_change_changes_name_derived_slug() -> None:
    a = compile_custom_detector(name="Garden", instruction="Garden mentions.")
    b = compile_custom_detector(name="Garden", instruction="Garden mentions!")
    assert a is not None
    assert b is not None
    assert a.detector_id != b.detector_id


def test_custom_explicit_id_keeps_slug_when_instruction_changes() -> None:
    a = compile_custom_detector(name="G", instruction="one", custom_id="My Garden!")
    b = compile_custom_detector(name="Other", instruction="two", custom_id="my-garden")
    assert a is not None
    assert b is not None
    assert a.detector_id == b.detector_id == "custom/my-garden"
    assert a.finding_type == "custom:my-garden"


@pytest.mark.parametrize("name", ["", "   ", "!!!", "üï"])
def test_custom_empty_name_slug_is_custom(name: str) -> None:
    d = compile_custom_detector(name=name, instruction="x")
    assert d is not None
    assert d.detector_id == f"custom/custom-{_hash8('x')}"
    assert d.title


def test_custom_blank_id_falls_back_to_name() -> None:
    d = compile_custom_detector(name="Garden", instruction="x", custom_id="  ")
    assert d is not None
    assert d.detector_id == f"custom/garden-{_hash8('x')}"


@pytest.mark.parametrize("instruction", ["", "   \n\t", "x" * 4001, " " + "y" * 4001])
def test_custom_invalid_instruction_is_none(instruction: str) -> None:
    assert compile_custom_detector(name="Garden", instruction=instruction) is None


def test_custom_instruction_length_bound_is_after_trim() -> None:
    d = compile_custom_detector(name="Long", instruction="  " + "y" * 4000 + "  ")
    assert d is not None
    assert d.description == "y" * 200
    assert d.extra_config["instruction"] == "y" * 4000


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, ("page_window", 3, 1)),
        ({"adjacent_page_detection": False}, ("notebook", 1, 0)),
        ({"scope": "page"}, ("page", 1, 0)),
        ({"scope": "page", "adjacent_page_detection": False}, ("page", 1, 0)),
    ],
)
def test_custom_scope_mapping(kwargs: dict[str, Any], expected: tuple[str, int, int]) -> None:
    d = compile_custom_detector(name="G", instruction="x", **kwargs)
    assert d is not None
    assert (d.scope, d.window_size, d.window_overlap) == expected


@pytest.mark.parametrize(("given", "clamped"), [(-1, 0.0), (0, 0.0), (0.4, 0.4), (7, 1.0)])
def test_custom_threshold_is_clamped(given: float, clamped: float) -> None:
    d = compile_custom_detector(name="G", instruction="x", confidence_threshold=given)
    assert d is not None
    assert d.confidence_threshold == clamped


@pytest.mark.parametrize("mode", ["auto", "text", "vision"])
def test_custom_model_mode(mode: str) -> None:
    d = compile_custom_detector(name="G", instruction="x", model_mode=mode)
    assert d is not None
    assert d.input_mode == mode
    assert d.prompt_ref == PromptRef("custom_detect_v1", PROMPT_VERSION)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"scope": "page_window"},
        {"model_mode": "audio"},
        {"confidence_threshold": float("nan")},
        {"custom_id": "!!!"},
        {"custom_id": "a" * 101},
    ],
)
def test_custom_other_invalid_inputs_are_none(kwargs: dict[str, Any]) -> None:
    assert compile_custom_detector(name="G", instruction="x", **kwargs) is None


def test_custom_long_name_is_cut() -> None:
    d = compile_custom_detector(name="word " * 100, instruction="x")
    assert d is not None
    slug = d.detector_id.removeprefix("custom/")
    assert len(slug) <= 60 + 9
    assert not slug.startswith("-")
    assert "--" not in slug
