"""Guard against PySide6 releases whose ``emit`` leaks a reference to ``True``.

PySide6 6.12.0 on CPython 3.11 drops one reference to ``True`` per ``emit`` from
Python; a few hundred emits later the interpreter aborts ("bool_dealloc"). Inkling pins
a release without that bug; this test fails if the pin ever moves to one with it.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Sender(QObject):
    ping = Signal()


def test_emitting_does_not_leak_references_to_true() -> None:
    sender = _Sender()
    calls: list[int] = []
    sender.ping.connect(lambda: calls.append(1))
    before = sys.getrefcount(True)
    for _ in range(200):
        sender.ping.emit()
    assert len(calls) == 200
    assert sys.getrefcount(True) >= before - 5
