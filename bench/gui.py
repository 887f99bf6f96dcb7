"""The desktop window, offscreen: launch time, the GUI thread's longest stall while the
model reads an entry, opening an entry with 50 highlights, and the GUI thread's longest
stall while a worker decodes a 12-megapixel photo (the app's reader beside
``QImage.fromData``, which holds the interpreter lock).

The window is the app's own ``MainWindow`` over a temporary data folder, with its own
model bridge choosing the model as the app does (``--model``), and the app's GC policy.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from app.domain import CompletionDetected
from app.domain.journal.pipeline import Pipeline
from app.paths import database_path
from app.services.journal import detection, samples, targets
from app.services.journal import entries as journal
from app.services.settings import Settings, save_settings
from app.store import open_database
from bench.common import N_THREADS, Sizes, median, ms

HIGHLIGHTS = 50


class Heartbeat:
    """A GUI-thread timer that records the longest gap between two of its ticks."""

    def __init__(self, interval_ms: int = 5) -> None:
        self.longest = 0.0
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.longest = 0.0
        self._last = time.perf_counter()
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now

    def stop(self) -> float:
        self.timer.stop()
        self._tick()
        return self.longest


def wait_until(predicate: Callable[[], bool], timeout: float = 120.0) -> None:
    """Run the event loop until ``predicate()`` holds (checked every few milliseconds)."""
    deadline = time.perf_counter() + timeout
    loop = QEventLoop()
    timer = QTimer()
    timer.setInterval(2)

    def check() -> None:
        if predicate() or time.perf_counter() > deadline:
            loop.quit()

    timer.timeout.connect(check)
    timer.start()
    if not predicate():
        loop.exec()
    timer.stop()
    if not predicate():
        raise TimeoutError("the window did not get there in time")


def highlighted_folder(folder: Path) -> tuple[int, int]:
    """The sample journal plus an entry with 50 pending suggestions, stored by the
    detection service; returns (that entry's id, a plain entry's id)."""
    db = open_database(database_path(folder))
    try:
        sample = samples.load_sample_journal(db).value
        habits = [targets.add_habit(db, f"Practice item {k:02d}").value for k in range(HIGHLIGHTS)]
        sentences = [f"Step {k}: practised item {k:02d} for a while." for k in range(HIGHLIGHTS)]
        body = " ".join(sentences)
        entry = journal.add_entry(db, sample.entries[-1].day, body, title="Fifty things").value
        request = detection.prepare_detection(db, entry.id, pipeline=Pipeline.MODEL)
        found = []
        for k, habit in enumerate(habits):
            quote = f"practised item {k:02d}"
            start = body.index(quote)
            found.append(
                CompletionDetected("habit", habit.id, quote, start, start + len(quote), quote)
            )
        detection.store_detections(db, detection.DetectionReply(request, tuple(found)))
        return entry.id, sample.entries[0].id
    finally:
        db.close()


def bench_gui(
    model_path: Path, root: Path, sizes: Sizes, big_folder: Path | None
) -> dict[str, Any]:
    from app.ui.common.gc_policy import GuiThreadCollector
    from app.ui.shell.app import make_application, settle_heap
    from app.ui.shell.main_window import MainWindow

    folder = root / "gui"
    folder.mkdir()
    save_settings(folder, Settings(n_threads=N_THREADS, auto_detect=False))
    many_id, plain_id = highlighted_folder(folder)

    app = make_application(["inkling-bench"])
    collector = GuiThreadCollector(app)
    try:
        started = time.perf_counter()
        window = MainWindow(folder, cli_model=str(model_path))
        ready = [False]
        window.ready.connect(lambda: ready.__setitem__(0, True))
        window.show()
        window.start()
        wait_until(lambda: ready[0])
        launch_s = time.perf_counter() - started
        settle_heap()  # as the app does once the window is usable
        try:
            wait_until(lambda: _model_loaded(window))
            opens = _open_entry_times(window, many_id, plain_id, sizes.gui_opens)
            shown = len(window.entry_page.editor.shown) if window.entry_page else 0
            _show(window, plain_id)
            stall_s, tokens = _stall_during_detection(window)
            decode_stalls = _stall_during_photo_decode()
        finally:
            window.shutdown()
            window.deleteLater()
        launch_big_s = _launch_only(big_folder) if big_folder is not None else None
    finally:
        collector.stop()
        QApplication.processEvents()
        gc.collect()
    return {
        "launch_s": round(launch_s, 3),
        "gui_max_stall_ms": ms(stall_s),
        "detection_tokens": tokens,
        "open_entry_ms": ms(median(opens)),
        "open_entry_max_ms": ms(max(opens)),
        "highlights_shown": shown,
        **{f"photo_decode_stall_ms_{how}": ms(s) for how, s in decode_stalls.items()},
        "launch_big_journal_s": round(launch_big_s, 3) if launch_big_s is not None else None,
    }


def _model_loaded(window: Any) -> bool:
    worker = window.bridge.worker
    return worker is not None and bool(worker.model_loaded)


def _show(window: Any, entry_id: int) -> float:
    """Open an entry; seconds until its text and highlights are on screen."""
    shown = [False]

    def on_shown() -> None:
        if window.entry_page.entry_id == entry_id:
            shown[0] = True

    window.entry_page.suggestions_shown.connect(on_shown)
    try:
        started = time.perf_counter()
        window.open_entry(entry_id)
        wait_until(lambda: shown[0])
        return time.perf_counter() - started
    finally:
        window.entry_page.suggestions_shown.disconnect(on_shown)


def _open_entry_times(window: Any, many_id: int, plain_id: int, count: int) -> list[float]:
    times = []
    for _ in range(count):
        _show(window, plain_id)
        times.append(_show(window, many_id))
    return times


def _stall_during_detection(window: Any) -> tuple[float, int]:
    """The longest gap between ticks of a 5 ms GUI timer while the model reads the entry."""
    heartbeat = Heartbeat()
    tokens: list[int] = []
    window.bridge.progress.connect(lambda done, total: tokens.append(done))
    running = [True]

    def changed(value: bool) -> None:
        running[0] = value

    window.detector.running_changed.connect(changed)
    heartbeat.start()
    window.detect_action.trigger()
    wait_until(lambda: window.detector.running, timeout=30)
    wait_until(lambda: not running[0] and not window.detector.running, timeout=600)
    return heartbeat.stop(), max(tokens, default=0)


def _big_photo() -> bytes:
    """A 4000 × 3000 JPEG with enough detail that decoding it takes real work."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage, QImageWriter, QLinearGradient, QPainter

    image = QImage(4000, 3000, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    gradient = QLinearGradient(0, 0, 4000, 3000)
    gradient.setColorAt(0, QColor("teal"))
    gradient.setColorAt(1, QColor("orange"))
    painter.fillRect(image.rect(), gradient)
    for k in range(0, 4000, 9):
        painter.drawLine(k, 0, 4000 - k, 3000)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, b"jpeg")
    writer.setQuality(90)
    writer.write(image)
    return bytes(data.data())


def _stall_during_photo_decode(rounds: int = 3) -> dict[str, float]:
    """The longest gap between ticks of a 5 ms GUI timer while a worker thread decodes a
    big photo ``rounds`` times, by the app's reader (a thumbnail, as the entry shows)
    and by ``QImage.fromData`` (whole, as Inkling did before), side by side."""
    import threading

    from PySide6.QtGui import QImage

    from app.ui.common.images import read_image

    data = _big_photo()
    ways: dict[str, Callable[[], object]] = {
        "reader_thumbnail": lambda: read_image(data, height=56),
        "reader_whole": lambda: read_image(data),
        "fromdata_whole": lambda: QImage.fromData(data),
    }
    stalls: dict[str, float] = {}
    for how, decode in ways.items():
        heartbeat = Heartbeat()
        heartbeat.start()

        def work(decode: Callable[[], object] = decode) -> None:
            for _ in range(rounds):
                decode()

        worker = threading.Thread(target=work)
        worker.start()
        wait_until(lambda: not worker.is_alive(), timeout=120)  # noqa: B023 (called in this round only)
        worker.join()
        stalls[how] = heartbeat.stop()
    return stalls


def _launch_only(folder: Path) -> float:
    """Launch to usable window on an existing (big) data folder; the model is not loaded."""
    from app.ui.common.model_bridge import ModelBridge
    from app.ui.shell.main_window import MainWindow

    bridge = ModelBridge(None, name="", problem="No model in this measurement.")
    started = time.perf_counter()
    window = MainWindow(folder, bridge=bridge)
    ready = [False]
    window.ready.connect(lambda: ready.__setitem__(0, True))
    window.show()
    window.start()
    try:
        wait_until(lambda: ready[0], timeout=600)
        return time.perf_counter() - started
    finally:
        window.shutdown()
        window.deleteLater()
        bridge.close()
