"""Detection in the background: the GUI keeps breathing, cancel works, closing is clean."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.domain.progress import CancelToken
from app.llm import LlamaTextModel, ModelLoadError
from app.services.journal import suggestions
from app.services.journal.detection import CheckStatus, DetectionOutcome
from app.ui.common.model_bridge import ModelBridge
from app.ui.journal.review_panel import NOT_READ_YET
from app.ui.shell.app import settle_heap
from app.ui.shell.main_window import MainWindow
from bench.gui import Heartbeat
from tests.ui.journal.conftest import GatedModel, OpenWindow, scripted_reply, show_entry
from tests.ui.journal.helpers import query, selection_spans


def test_detection_with_the_tiny_model_never_stalls_the_gui(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path, roomy_tiny_model_path: Path
) -> None:
    def load() -> LlamaTextModel:
        return LlamaTextModel.load(roomy_tiny_model_path, n_ctx=4096, n_threads=1, max_tokens=48)

    bridge = ModelBridge(load, name="Tiny Random Llama")
    window = open_window(sample_dir, bridge)
    assert window.model_label.text() == "Model: Tiny Random Llama"
    show_entry(qtbot, window, 2)
    speeds: list[float] = []
    progress: list[tuple[int, int]] = []
    bridge.tokens_per_second.connect(speeds.append)
    bridge.progress.connect(lambda done, total: progress.append((done, total)))
    # As the app does once its window is up (app.ui.shell.app.settle_heap): a full collection on
    # the model thread holds the GIL, and after a hundred earlier tests the heap is big.
    settle_heap()
    heartbeat = Heartbeat()
    heartbeat.start()
    with qtbot.waitSignal(
        window.detector.running_changed, timeout=60_000, check_params_cb=lambda running: not running
    ):
        window.detect_action.trigger()
        qtbot.waitUntil(window.progress.isVisible, timeout=5000)
        assert window.cancel_button.isVisible()
    longest = heartbeat.stop()
    gc.unfreeze()
    print(f"\nlongest GUI stall during detection: {longest * 1000:.1f} ms")
    assert longest < 0.100
    assert not window.progress.isVisible()
    assert speeds
    assert speeds[-1] > 0
    assert window.speed_label.text().endswith("tokens/s")
    assert progress
    assert progress[-1][1] == 48
    bridge.close()


def test_cancel_mid_run(qtbot: QtBot, open_window: OpenWindow, sample_dir: Path) -> None:
    model = GatedModel(scripted_reply)
    bridge = ModelBridge(lambda: model, name="Gated")
    window = open_window(sample_dir, bridge)
    show_entry(qtbot, window, 2)
    window.detect_action.trigger()
    qtbot.waitUntil(model.entered.is_set, timeout=5000)
    assert window.cancel_button.isVisible()
    with qtbot.waitSignal(window.detector.cancelled, timeout=5000):
        qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.cancel_button.isVisible())
    assert window.entry_page.suggestions == []
    assert window.entry_page.panel.empty_text == NOT_READ_YET
    # the model still works afterwards
    model.gate.set()
    with qtbot.waitSignal(window.detector.finished, timeout=5000):
        window.detect_action.trigger()
    qtbot.waitUntil(lambda: len(window.entry_page.suggestions) == 2)
    assert set(selection_spans(window)) == {
        "Went for a run along the river",
        "Read 30 pages of the novel",
    }
    bridge.close()


def test_closing_during_a_run_cancels_and_closes_the_model(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path
) -> None:
    model = GatedModel(scripted_reply)
    bridge = ModelBridge(lambda: model, name="Gated")
    window = open_window(sample_dir, bridge)
    show_entry(qtbot, window, 2)
    window.detect_action.trigger()
    qtbot.waitUntil(model.entered.is_set, timeout=5000)
    window.close()
    assert model.closed
    assert bridge.closed
    assert window.db is None
    assert model.prompts == []  # cancelled before it replied


def test_typing_triggers_detection(qtbot: QtBot, window: MainWindow, model: object) -> None:
    page = window.entry_page
    show_entry(qtbot, window, 2)
    page.editor.setFocus()
    page.editor.moveCursor(page.editor.textCursor().MoveOperation.End)
    with qtbot.waitSignal(window.detector.finished, timeout=10_000):
        qtbot.keyClicks(page.editor, " Played guitar for half an hour.")
    qtbot.waitUntil(lambda: "Played guitar for half an hour" in selection_spans(window))
    stored = query(qtbot, window, lambda db: suggestions.list_suggestions(db, entry_id=2))
    assert {s.anchor_text for s in stored} >= {"Played guitar for half an hour"}


def test_auto_detect_off_waits_for_the_detect_button(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    show_entry(qtbot, window, 2)
    page.set_auto_detect(False)
    page.editor.moveCursor(page.editor.textCursor().MoveOperation.End)
    with qtbot.assertNotEmitted(window.detector.started, wait=600):
        qtbot.keyClicks(page.editor, " More.")
    with qtbot.waitSignal(window.detector.finished, timeout=5000):
        qtbot.mouseClick(page.detect_button, Qt.MouseButton.LeftButton)


def test_a_model_that_cannot_load_shows_a_way_forward(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path, tmp_path: Path
) -> None:
    def load() -> LlamaTextModel:
        raise ModelLoadError(tmp_path / "broken.gguf", "the file is damaged")

    bridge = ModelBridge(load, name="Broken")
    window = open_window(sample_dir, bridge)
    show_entry(qtbot, window, 2)
    with qtbot.waitSignal(window.detector.failed, timeout=5000):
        window.detect_action.trigger()
    page = window.entry_page
    assert page.banner.isVisible()
    assert "broken.gguf" in page.banner_text.text()
    assert page.banner_settings.isVisible() == page.can_open_settings
    assert not window.progress.isVisible()
    bridge.close()


class HeldAfterFirstToken(LlamaTextModel):
    """Real llama.cpp whose first sampled token waits (on the model thread) until a stop is
    asked for: a short reply cannot finish before the window closes, however loaded the
    machine is, so the test sees the cancel flag checked between tokens."""

    _held_cancel: CancelToken | None = None

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self._held_cancel = token
        super().set_cancel_token(token)

    @property
    def on_token(self) -> Callable[[int], None] | None:
        return self._held_on_token

    @on_token.setter
    def on_token(self, callback: Callable[[int], None] | None) -> None:
        def held(count: int) -> None:
            if callback is not None:
                callback(count)
            deadline = time.monotonic() + 30
            while count == 1 and time.monotonic() < deadline:
                token = self._held_cancel
                if token is not None and token.cancelled:
                    return
                time.sleep(0.005)

        self._held_on_token = held if callback is not None else None


def test_closing_while_llama_writes_stops_between_tokens(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path, roomy_tiny_model_path: Path
) -> None:
    loaded: list[LlamaTextModel] = []

    def load() -> LlamaTextModel:
        model = HeldAfterFirstToken.load(roomy_tiny_model_path, n_ctx=4096, n_threads=1)
        loaded.append(model)
        return model

    bridge = ModelBridge(load, name="Tiny Random Llama")
    window = open_window(sample_dir, bridge)
    show_entry(qtbot, window, 2)
    with qtbot.waitSignal(bridge.progress, timeout=20_000):  # tokens are flowing
        window.detect_action.trigger()
    started = time.perf_counter()
    window.close()
    seconds = time.perf_counter() - started
    assert bridge.closed
    assert loaded[0].closed  # closed on its own thread, before close() returned
    assert loaded[0].last_stats is not None
    assert loaded[0].last_stats.finish_reason == "cancelled"
    assert seconds < 2.0


def test_a_stale_result_is_stored_nowhere_and_detection_runs_again(
    qtbot: QtBot, open_window: OpenWindow, sample_dir: Path
) -> None:
    model = GatedModel(scripted_reply)
    bridge = ModelBridge(lambda: model, name="Gated")
    window = open_window(sample_dir, bridge)
    show_entry(qtbot, window, 2)
    page = window.entry_page
    window.detect_action.trigger()
    qtbot.waitUntil(model.entered.is_set, timeout=5000)
    # the person keeps writing while the model reads the old text
    page.editor.moveCursor(page.editor.textCursor().MoveOperation.End)
    qtbot.keyClicks(page.editor, " Played guitar for half an hour.")
    qtbot.waitUntil(lambda: not page.dirty, timeout=5000)  # saved
    with qtbot.waitSignal(window.detector.stale, timeout=5000):
        model.gate.set()
    # re-scheduled: the next reading sees the new text, guitar included
    with qtbot.waitSignal(window.detector.finished, timeout=10_000):
        pass
    qtbot.waitUntil(lambda: "Played guitar for half an hour" in selection_spans(window))
    assert len(model.prompts) == 2
    bridge.close()


def test_an_entry_the_rules_skipped_says_why(qtbot: QtBot, window: MainWindow) -> None:
    page = window.entry_page
    show_entry(qtbot, window, 2)
    reason = "The entry was not read: it is written in Dutch, and this reader knows English only."
    outcome = DetectionOutcome(2, CheckStatus.COMPLETED, (), (), False, skipped=reason)
    with qtbot.waitSignal(page.status_message, timeout=2000) as shown:
        page._detected(2, outcome)
    assert shown.args == [reason]
    assert page.panel.empty_text == reason
