from __future__ import annotations

import threading

from pytestqt.qtbot import QtBot

from app.services.changes import Changes, OpResult
from app.ui.ops import Operations


def test_work_runs_off_the_gui_thread_and_results_arrive_on_it(qtbot: QtBot) -> None:
    ops = Operations()
    gui = threading.get_ident()
    seen: dict[str, int] = {}

    def work() -> OpResult[int]:
        seen["work"] = threading.get_ident()
        return OpResult(7, Changes(entries=frozenset({3})))

    def done(value: OpResult[int]) -> None:
        seen["done"] = threading.get_ident()
        seen["value"] = value.value

    with qtbot.waitSignal(ops.changed, timeout=5000) as changed:
        ops.run(work, on_done=done)
    assert seen["work"] != gui
    assert seen["done"] == gui
    assert seen["value"] == 7
    assert changed.args == [Changes(entries=frozenset({3}))]
    assert ops.pending == 0


def test_operations_apply_in_order_and_errors_reach_the_gui(qtbot: QtBot) -> None:
    ops = Operations()
    order: list[int] = []
    for i in range(5):
        ops.run(lambda i=i: order.append(i))
    with qtbot.waitSignal(ops.failed, timeout=5000) as failed:
        ops.run(lambda: 1 / 0)
    assert order == [0, 1, 2, 3, 4]
    assert isinstance(failed.args[0], ZeroDivisionError)

    caught: list[BaseException] = []
    with qtbot.waitSignal(ops.busy_changed, timeout=5000, check_params_cb=lambda b: not b):
        ops.run(lambda: int("x"), on_error=caught.append)
    assert isinstance(caught[0], ValueError)


def test_unchanged_results_broadcast_nothing(qtbot: QtBot) -> None:
    ops = Operations()
    with qtbot.assertNotEmitted(ops.changed, wait=200):
        ops.run(lambda: OpResult(None))
        assert ops.wait()
    with qtbot.waitSignal(ops.changed, timeout=5000):
        ops.run(lambda: OpResult(None, Changes(suggestions=frozenset({1}))))
