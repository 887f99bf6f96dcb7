"""Every model the app or the tests hand to a worker or the window implements the protocol
it is used through (``app/llm/protocols.py``); the annotations let mypy check the same."""

from __future__ import annotations

import threading

import pytest

from app.domain import Prompt, TextModel
from app.llm import (
    Cancelled,
    LlamaTextModel,
    ModelWorker,
    OwnedModel,
    StreamingModel,
    WholeReplyModel,
)
from app.screenshots.notebook_overview import RecordedNotebookModel
from app.screenshots.window import _IdleModel
from tests.services.conftest import ScriptedModel
from tests.services.test_vision import FakeVision
from tests.ui.journal.conftest import GatedModel

PROMPT = Prompt(system="s", user="u")


def test_the_llama_backend_is_a_streaming_model(tiny_model: LlamaTextModel) -> None:
    model: StreamingModel = tiny_model
    assert isinstance(model, StreamingModel)
    assert model.max_tokens > 0


def test_the_stand_ins_and_the_scripted_models_are_streaming_models() -> None:
    models: list[StreamingModel] = [
        _IdleModel(),
        RecordedNotebookModel(),
        ScriptedModel(lambda prompt: "{}"),
        GatedModel(lambda prompt: "{}"),
    ]
    for model in models:
        assert isinstance(model, StreamingModel), type(model).__name__
        assert isinstance(model, TextModel)
        assert model.on_token is None
        assert model.last_stats is None


def test_the_vision_fake_is_owned_by_its_worker() -> None:
    model: OwnedModel = FakeVision()
    assert isinstance(model, OwnedModel)


def test_a_whole_reply_model_honours_its_flag_and_reports_no_tokens() -> None:
    model = ScriptedModel(lambda prompt: "reply")
    counts: list[int] = []
    model.on_token = counts.append
    flag = threading.Event()
    model.set_cancel_event(flag)
    assert model.complete(PROMPT) == "reply"
    flag.set()
    with pytest.raises(Cancelled):
        model.complete(PROMPT)
    model.set_cancel_event(None)
    assert model.complete(PROMPT) == "reply"
    assert counts == []
    assert model.last_stats is None
    model.close()
    assert model.closed


def test_the_worker_binds_each_job_flag_and_closes_the_model() -> None:
    class Recorder(WholeReplyModel):
        def __init__(self) -> None:
            super().__init__()
            self.bound: list[threading.Event | None] = []

        def set_cancel_event(self, event: threading.Event | None) -> None:
            self.bound.append(event)
            super().set_cancel_event(event)

        def complete(self, prompt: Prompt) -> str:
            self.raise_if_cancelled()
            return "ok"

    model = Recorder()
    worker: ModelWorker[Recorder] = ModelWorker(lambda: model)
    assert worker.submit(lambda ctx: ctx.model.complete(PROMPT)).result(10) == "ok"
    assert worker.close(10)
    assert len(model.bound) == 2
    assert isinstance(model.bound[0], threading.Event)
    assert model.bound[1] is None
    assert model.closed
