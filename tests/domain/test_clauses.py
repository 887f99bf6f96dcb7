"""The clause-numbered model path: clauses, schema, reply parsing, and the pipeline."""

from __future__ import annotations

import json
from datetime import date

import pytest

from app.domain import Candidate
from app.domain.journal.clauses import (
    MAX_CLAUSES,
    build_clause_prompt,
    clause_schema,
    parse_clause_reply,
    split_clauses,
)
from app.domain.journal.pipeline import ModelReply, Pipeline, detect
from app.domain.journal.rules import RuleCandidate
from tests.domain.fakes import FakeModel

BODY = "Long push to the café and back, then a nap. Did 3 sets of pushups; flossed.\nTomorrow: run."
CANDIDATES = [
    Candidate(0, "habit", 10, "Walk"),
    Candidate(1, "habit", 11, "Strength training"),
]


def test_clauses_are_verbatim_trimmed_spans_in_order() -> None:
    clauses = split_clauses(BODY)
    assert [c.number for c in clauses] == list(range(1, len(clauses) + 1))
    for clause in clauses:
        assert BODY[clause.start : clause.end] == clause.text
        assert clause.text == clause.text.strip()
        assert clause.text
    assert [c.text for c in clauses] == [
        "Long push to the café and back",
        "then a nap.",
        "Did 3 sets of pushups; flossed.",
        "Tomorrow: run.",
    ]


def test_a_one_word_piece_joins_its_neighbour() -> None:
    assert [c.text for c in split_clauses("Ugh. Swam 20 lengths, then sauna; bliss.")] == [
        "Ugh.",  # a sentence of its own stays one (clauses never cross sentences)
        "Swam 20 lengths",
        "then sauna; bliss.",
    ]
    # "flossed" alone after a semicolon is not a choice of its own
    assert "flossed." not in [c.text for c in split_clauses(BODY)]


def test_empty_and_blank_entries_have_no_clauses() -> None:
    assert split_clauses("") == []
    assert split_clauses(" \n\n  ") == []


def test_schema_allows_only_the_entry_s_clause_numbers() -> None:
    schema = clause_schema([0, 3], 4, 5)
    hit = schema["properties"]["hits"]["items"]
    assert hit["properties"]["clause"]["enum"] == [1, 2, 3, 4]
    assert hit["properties"]["index"]["enum"] == [0, 3]
    assert schema["properties"]["hits"]["maxItems"] == 5
    assert hit["required"] == ["index", "clause"]
    assert "quote" not in hit["properties"]


def test_prompt_numbers_the_clauses_inside_the_data_delimiters() -> None:
    clauses = split_clauses(BODY)
    prompt = build_clause_prompt(CANDIDATES, clauses, max_hits=5)
    assert "[2] then a nap." in prompt.user
    assert BODY not in prompt.system
    assert prompt.user.index("<<<ENTRY") < prompt.user.index("[1] Long push")
    with pytest.raises(ValueError, match="1 to 60 clauses"):
        build_clause_prompt(CANDIDATES, [], max_hits=5)


def test_reply_numbers_map_back_to_verbatim_text_and_bad_items_drop() -> None:
    clauses = split_clauses(BODY)
    reply = json.dumps(
        {
            "hits": [
                {"index": 1, "clause": 3, "amount": 3},
                {"index": 0, "clause": 99},
                {"index": True, "clause": 1},
                {"index": 0, "clause": "1"},
                "junk",
            ]
        }
    )
    drafts = parse_clause_reply(reply, clauses)
    assert [(d.index, d.quote, d.amount) for d in drafts] == [
        (1, "Did 3 sets of pushups; flossed.", 3)
    ]
    for bad in ("", "not json", "[]", '{"hits": 3}', None):
        assert parse_clause_reply(bad, clauses) == []


def _detect(model: FakeModel, body: str, shape: ModelReply) -> list[str]:
    found = detect(
        body,
        pipeline=Pipeline.MODEL,
        candidates=[RuleCandidate(c, ()) for c in CANDIDATES],
        parsed=None,
        llm=model,
        today=date(2026, 1, 10),
        model_reply=shape,
    )
    return [body[d.anchor_start : d.anchor_end] for d in found]


def test_pipeline_anchors_the_chosen_clause() -> None:
    model = FakeModel('{"hits": [{"index": 1, "clause": 3}]}')
    assert _detect(model, BODY, ModelReply.CLAUSES) == ["Did 3 sets of pushups; flossed."]
    assert "clause" in json.dumps(model.prompts[0].json_schema)


def test_an_entry_with_too_many_clauses_is_asked_with_quotes() -> None:
    body = " ".join(f"Line number {n} here." for n in range(MAX_CLAUSES + 1))
    model = FakeModel('{"hits": [{"index": 0, "quote": "Line number 7 here."}]}')
    assert _detect(model, body, ModelReply.CLAUSES) == ["Line number 7 here."]
    assert "quote" in json.dumps(model.prompts[0].json_schema)
