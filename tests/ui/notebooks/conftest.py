"""Fixtures for the notebook views: a database with the sample notebook, the tasks, and
scripted models (no language model runs) for prompt detectors."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.llm import ModelWorker
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity
from app.store import Database, open_database
from app.ui.common.tasks import Tasks
from app.ui.notebooks.runner import DetectorRunner
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.services.conftest import ScriptedModel, make_worker

__all__ = ["ScriptedModel", "make_worker"]  # shared with tests/services: one scripted model

MODEL = ModelIdentity("scripted", "0" * 64, 4096, 512)


def window_reply(
    detected: bool,
    *,
    evidence: list[tuple[int, str]] | None = None,
    confidence: float = 0.9,
    before: bool = False,
    after: bool = False,
    reason: str = "short ragged lines in stanzas",
) -> str:
    """A prompt detector's window reply (``evidence``: 1-based page in window, quote)."""
    return json.dumps(
        {
            "detected": detected,
            "confidence": confidence,
            "starts_on_this_window": True,
            "continues_before": before,
            "continues_after": after,
            "reason": reason,
            "evidence": [{"page": p, "quote": q} for p, q in (evidence or [])],
        }
    )


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "inkling.sqlite3")
    yield database
    database.close()


@pytest.fixture
def ops(qtbot: QtBot) -> Iterator[Tasks]:
    tasks = Tasks()
    yield tasks
    tasks.wait()


@pytest.fixture
def notebook(db: Database) -> int:
    return notebooks.import_notebook(db, SAMPLE, title="Sample").value.id


@pytest.fixture
def make_runner(
    db: Database, make_worker: Callable[[ScriptedModel], ModelWorker[ScriptedModel]]
) -> Callable[[ScriptedModel], DetectorRunner]:
    def make(model: ScriptedModel) -> DetectorRunner:
        return DetectorRunner(db, make_worker(model), MODEL)

    return make
