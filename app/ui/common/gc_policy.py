"""Garbage collection on the GUI thread only.

Python's cyclic collector runs on whichever thread happens to allocate when a threshold
is crossed.  In a Qt app that is dangerous twice over: a cycle holding a Python-owned
QObject would be destroyed on a worker thread (a crash), and a full collection on the
model's thread holds the GIL and freezes the window.  So, as Anki and calibre do, the
automatic collector is switched off and a GUI-thread timer collects instead, using the
same thresholds.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_INTERVAL_MS = 500


class GuiThreadCollector(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thresholds = gc.get_threshold()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def check(self) -> None:
        if gc.isenabled():  # a library switched it back on (srsly does, reading msgpack)
            gc.disable()
        collect_due(self._thresholds)

    def stop(self) -> None:
        """Back to the automatic collector (after a last collection here)."""
        self._timer.stop()
        gc.collect()
        if self._was_enabled:
            gc.enable()


def collect_due(thresholds: tuple[int, int, int]) -> int | None:
    """On the calling thread, collect the generations whose ``thresholds`` are crossed,
    as the automatic collector would; returns the generation collected, or None."""
    counts = gc.get_count()
    if counts[0] <= thresholds[0]:
        return None
    generation = 0
    if counts[1] > thresholds[1]:
        generation = 1
        if counts[2] > thresholds[2]:
            generation = 2
    gc.collect(generation)
    return generation
