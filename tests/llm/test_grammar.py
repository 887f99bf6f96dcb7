"""JSON-schema constrained replies: whatever the (random) model, the reply fits the schema."""

from __future__ import annotations

import json
from typing import Any

import pytest

import app.llm.llama_backend as backend
from app.llm import LlamaTextModel, Prompt

HITS = {
    "type": "object",
    "properties": {
        "hits": {
            "type": "array",
            "maxItems": 3,
            "items": {
                "type": "object",
                "properties": {
                    "index": {"type": "integer", "enum": [0, 1, 2]},
                    "quote": {"type": "string", "minLength": 1, "maxLength": 40},
                    "amount": {"type": "number"},
                    "unit": {"type": "string", "maxLength": 8},
                    "when": {"type": "string", "maxLength": 12},
                },
                "required": ["index", "quote"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["hits"],
    "additionalProperties": False,
}
MOOD = {
    "type": "object",
    "properties": {
        "mood": {"type": "string", "enum": ["good", "bad", "mixed"]},
        "note": {"type": "string", "maxLength": 30},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 6}, "maxItems": 4},
    },
    "required": ["mood", "note", "tags"],
    "additionalProperties": False,
}
FLAGS = {
    "type": "object",
    "properties": {
        "poem": {"type": "boolean"},
        "count": {"type": "integer"},
        "kind": {"enum": ["list", "quote", "prose"]},
    },
    "required": ["poem", "count", "kind"],
    "additionalProperties": False,
}
WORDS = {"type": "array", "items": {"type": "string", "maxLength": 10}, "maxItems": 5}
SCHEMAS = {"hits": HITS, "mood": MOOD, "flags": FLAGS, "words": WORDS}
USERS = ["I meditated for ten minutes.", "Roses are red.\nViolets are blue.", "{}", "Anna, 3x"]


def validate(value: Any, schema: dict[str, Any], where: str = "$") -> None:
    """A small validator for the subset of JSON Schema used here."""
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in enum"
    kind = schema.get("type")
    if kind == "object":
        assert isinstance(value, dict), where
        props = schema.get("properties", {})
        for name in schema.get("required", []):
            assert name in value, f"{where}: missing {name}"
        if schema.get("additionalProperties") is False:
            assert set(value) <= set(props), f"{where}: extra keys {set(value) - set(props)}"
        for name, item in value.items():
            if name in props:
                validate(item, props[name], f"{where}.{name}")
    elif kind == "array":
        assert isinstance(value, list), where
        assert len(value) <= schema.get("maxItems", len(value)), f"{where}: too many items"
        for i, item in enumerate(value):
            validate(item, schema["items"], f"{where}[{i}]")
    elif kind == "string":
        assert isinstance(value, str), where
        assert schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value))
    elif kind == "integer":
        assert isinstance(value, int), where
        assert not isinstance(value, bool), where
    elif kind == "number":
        assert isinstance(value, int | float), where
        assert not isinstance(value, bool), where
    elif kind == "boolean":
        assert isinstance(value, bool), where


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_constrained_replies_parse_and_fit(tiny_model: LlamaTextModel, name: str) -> None:
    schema = SCHEMAS[name]
    for user in USERS:
        reply = tiny_model.complete(
            Prompt(system="Reply with JSON.", user=user, json_schema=schema)
        )
        stats = tiny_model.last_stats
        assert stats is not None
        assert stats.finish_reason == "stop", f"ran out of tokens: {reply!r}"
        value = json.loads(reply)  # strict: no raw control characters either
        validate(value, schema)
    grammars = [g._grammar for g in tiny_model._grammars.values()]
    assert grammars
    assert all("\\x00-\\x1F" in g for g in grammars if "char ::=" in g)


def test_grammar_is_built_once_per_schema(
    tiny_model: LlamaTextModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    from llama_cpp.llama_grammar import LlamaGrammar

    built: list[str] = []
    real = LlamaGrammar.from_json_schema

    def counting(schema: str, verbose: bool = True) -> LlamaGrammar:
        built.append(schema)
        return real(schema, verbose=verbose)

    monkeypatch.setattr(LlamaGrammar, "from_json_schema", staticmethod(counting))
    tiny_model.max_tokens = 4
    for _ in range(3):
        tiny_model.complete(Prompt(system="s", user="u", json_schema=json.loads(json.dumps(MOOD))))
    assert len(built) == 1
    tiny_model.complete(Prompt(system="s", user="u", json_schema=FLAGS))
    assert len(built) == 2


def test_grammar_cache_is_bounded(
    tiny_model: LlamaTextModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backend, "GRAMMAR_CACHE_SIZE", 2)
    tiny_model.max_tokens = 2
    for n in range(1, 6):
        schema = {"type": "array", "items": {"type": "integer"}, "maxItems": n}
        tiny_model.complete(Prompt(system="s", user="u", json_schema=schema))
    assert len(tiny_model._grammars) == 2


def test_a_schema_that_cannot_be_a_grammar(tiny_model: LlamaTextModel) -> None:
    with pytest.raises(ValueError, match="grammar"):
        tiny_model.complete(Prompt(system="s", user="u", json_schema={"type": "nonsense"}))
