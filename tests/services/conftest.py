from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.domain import Prompt
from app.llm import ModelWorker, WholeReplyModel
from app.store import Database, open_database


class ScriptedModel(WholeReplyModel):
    """A model whose reply is computed from the prompt by a test function; records calls.

    A ``StreamingModel`` that writes its reply whole: no tokens, no stats."""

    def __init__(self, reply: Callable[[Prompt], str]) -> None:
        super().__init__()
        self.reply = reply
        self.prompts: list[Prompt] = []
        self.threads: set[int] = set()

    def complete(self, prompt: Prompt) -> str:
        self.raise_if_cancelled()
        self.prompts.append(prompt)
        self.threads.add(threading.get_ident())
        return self.reply(prompt)


def hits(*pairs: tuple[int, str], **extra: object) -> str:
    return json.dumps({"hits": [{"index": i, "quote": q, **extra} for i, q in pairs]})


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "inkling.sqlite3")
    yield database
    database.close()


@pytest.fixture
def make_worker() -> Iterator[Callable[[ScriptedModel], ModelWorker[ScriptedModel]]]:
    workers: list[ModelWorker[ScriptedModel]] = []

    def make(model: ScriptedModel) -> ModelWorker[ScriptedModel]:
        worker: ModelWorker[ScriptedModel] = ModelWorker(lambda: model)
        workers.append(worker)
        return worker

    yield make
    for worker in workers:
        worker.close()
