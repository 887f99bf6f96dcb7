"""Fixtures for the journal window tests: a data folder with the sample journal and
suggestions, a scripted model behind a real ModelBridge, and the main window over them."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.domain import Prompt
from app.domain.journal.pipeline import Pipeline
from app.domain.progress import Cancelled, CancelToken
from app.llm import ModelWorker
from app.paths import database_path
from app.services.journal import detection, samples
from app.services.journal import entries as journal
from app.store import open_database
from app.ui.common.model_bridge import ModelBridge
from app.ui.shell.main_window import MainWindow
from tests.services.conftest import ScriptedModel

TODAY = date(2026, 11, 6)
_CANDIDATE = re.compile(r"^(\d+)\. (.+?) \(", re.MULTILINE)

# (target name, quote) pairs the scripted model "finds" whenever the quote is in the entry
FINDINGS: tuple[tuple[str, str], ...] = (
    ("Meditation", "meditated for fifteen minutes"),
    ("Drink water", "Drank 64 oz of water"),
    ("Running", "Went for a run along the river"),
    ("Read", "Read 30 pages of the novel"),
    ("Guitar", "Played guitar for half an hour"),
    ("Floss", "Flossed before bed"),
)


def scripted_reply(prompt: Prompt) -> str:
    indexes = {name: int(i) for i, name in _CANDIDATE.findall(prompt.user)}
    found = []
    for name, quote in FINDINGS:
        if name in indexes and quote in prompt.user:
            item: dict[str, object] = {"index": indexes[name], "quote": quote}
            if name == "Drink water":
                item.update(amount=64, unit="oz")
            found.append(item)
    return json.dumps({"hits": found})


class GatedModel(ScriptedModel):
    """A scripted model that waits for ``gate`` (or its cancel token) before replying."""

    def __init__(self, reply: Callable[[Prompt], str]) -> None:
        super().__init__(reply)
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.cancel_token: CancelToken | None = None

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self.cancel_token = token

    def complete(self, prompt: Prompt) -> str:
        self.entered.set()
        while not self.gate.wait(0.01):
            if self.cancel_token is not None and self.cancel_token.cancelled:
                raise Cancelled()
        return super().complete(prompt)


@pytest.fixture
def sample_dir(tmp_path: Path) -> Path:
    """A data folder holding the sample journal; entry 1 has two pending suggestions."""
    folder = tmp_path / "inkling-data"
    folder.mkdir()
    db = open_database(database_path(folder))
    try:
        samples.load_sample_journal(db)
        model = ScriptedModel(scripted_reply)
        with ModelWorker(lambda: model) as worker:
            first = journal.list_entries(db)[0]
            detection.detect_entry(db, worker, first.id, today=TODAY, pipeline=Pipeline.MODEL)
    finally:
        db.close()
    return folder


@pytest.fixture
def model() -> ScriptedModel:
    return ScriptedModel(scripted_reply)


@pytest.fixture
def bridge(model: ScriptedModel) -> Iterator[ModelBridge]:
    b = ModelBridge(lambda: model, name="Scripted test model")
    yield b
    b.close()


OpenWindow = Callable[..., MainWindow]


@pytest.fixture
def open_window(qtbot: QtBot) -> Iterator[OpenWindow]:
    windows: list[MainWindow] = []

    def make(
        folder: Path, bridge: ModelBridge, pipeline: Pipeline = Pipeline.MODEL, **kwargs: object
    ) -> MainWindow:
        """A started window; its detector reads with ``pipeline`` (these tests script the
        model's replies, so by default the model reads, not the cue-word rules)."""
        window = MainWindow(folder, bridge=bridge, **kwargs)  # type: ignore[arg-type]
        qtbot.addWidget(window)
        windows.append(window)
        window.entry_page.detect_timer.setInterval(200)
        window.show()
        with qtbot.waitSignal(window.ready, timeout=10_000):
            window.start()
        window.detector.set_pipeline(pipeline)
        return window

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def window(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path, bridge: ModelBridge
) -> MainWindow:
    """The window on the sample data, showing the first entry (the one with suggestions)."""
    w = open_window(sample_dir, bridge)
    show_entry(qtbot, w, 1)
    return w


def show_entry(qtbot: QtBot, window: MainWindow, entry_id: int) -> None:
    with qtbot.waitSignal(window.entry_page.suggestions_shown, timeout=5000):
        window.open_entry(entry_id)
    qtbot.waitUntil(lambda: window.entry_page.entry_id == entry_id)
