"""The window's task API: lanes, phases, progress, cancel, failures and the broadcast of
what changed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.domain.progress import Cancelled, Progress
from app.services.changes import Changes, OpResult
from app.services.journal import targets
from app.store import WriteWaits, open_database
from app.ui.common.tasks import WAITING_LABEL, Lane, Task, Tasks, Then
from tests.lock_holder import write_lock_held

WAIT = 5.0


@pytest.fixture
def tasks(qtbot: QtBot) -> Iterator[Tasks]:
    lanes = Tasks()
    yield lanes
    lanes.shutdown()


def test_work_runs_off_the_gui_thread_and_results_arrive_on_it(qtbot: QtBot, tasks: Tasks) -> None:
    gui = threading.get_ident()
    seen: dict[str, int] = {}

    def work() -> OpResult[int]:
        seen["work"] = threading.get_ident()
        return OpResult(7, Changes(entries=frozenset({3})))

    def done(value: OpResult[int]) -> None:
        seen["done"] = threading.get_ident()
        seen["value"] = value.value

    with qtbot.waitSignal(tasks.changed, timeout=5000) as changed:
        tasks.run(work, on_done=done)
    assert seen["work"] != gui
    assert seen["done"] == gui
    assert seen["value"] == 7
    assert changed.args == [Changes(entries=frozenset({3}))]
    assert tasks.pending == 0


def test_the_database_lane_applies_in_order_and_errors_reach_the_gui(
    qtbot: QtBot, tasks: Tasks
) -> None:
    order: list[int] = []
    for i in range(5):
        tasks.run(lambda i=i: order.append(i))
    with qtbot.waitSignal(tasks.failed, timeout=5000) as failed:
        tasks.run(lambda: 1 / 0)
    assert order == [0, 1, 2, 3, 4]
    assert isinstance(failed.args[0], ZeroDivisionError)

    caught: list[BaseException] = []
    with qtbot.waitSignal(tasks.busy_changed, timeout=5000, check_params_cb=lambda b: not b):
        tasks.run(lambda: int("x"), on_error=caught.append)
    assert isinstance(caught[0], ValueError)


def test_an_error_shown_in_place_can_also_reach_the_window(qtbot: QtBot, tasks: Tasks) -> None:
    shown: list[BaseException] = []
    reported: list[BaseException] = []
    tasks.failed.connect(reported.append)
    with qtbot.waitSignal(tasks.failed, timeout=5000):
        tasks.run(lambda: int("x"), on_error=shown.append, report_errors=True)
    assert len(shown) == 1
    assert isinstance(shown[0], ValueError)
    assert reported == shown

    def cancelled() -> None:
        raise Cancelled()

    with qtbot.waitSignal(tasks.busy_changed, timeout=5000, check_params_cb=lambda b: not b):
        tasks.run(cancelled, on_error=shown.append, report_errors=True)
    assert isinstance(shown[1], Cancelled)
    assert len(reported) == 1  # a cancel is not a failure to show


def test_unchanged_results_broadcast_nothing(qtbot: QtBot, tasks: Tasks) -> None:
    with qtbot.assertNotEmitted(tasks.changed, wait=200):
        tasks.run(lambda: OpResult(None))
        assert tasks.wait()
    with qtbot.waitSignal(tasks.changed, timeout=5000):
        tasks.run(lambda: OpResult(None, Changes(suggestions=frozenset({1}))))


def test_one_database_thread_never_runs_two_tasks_at_once(qtbot: QtBot, tasks: Tasks) -> None:
    threads: set[int] = set()
    lock = threading.Lock()
    running = [0, 0]  # now, most at once

    def work() -> None:
        with lock:
            threads.add(threading.get_ident())
            running[0] += 1
            running[1] = max(running)
        threading.Event().wait(0.002)
        with lock:
            running[0] -= 1

    for _ in range(20):
        tasks.run(work)
    assert tasks.wait()
    qtbot.wait(50)  # idle between the batches: the thread stays
    for _ in range(5):
        tasks.run(work)
    assert tasks.wait()
    qtbot.waitUntil(lambda: tasks.pending == 0)
    assert len(threads) == 1
    assert running[1] == 1


def test_the_long_lane_runs_beside_the_database_lane(qtbot: QtBot, tasks: Tasks) -> None:
    release = threading.Event()
    both_waiting = threading.Barrier(2, timeout=WAIT)
    finished: list[str] = []

    def long_work(name: str) -> str:
        both_waiting.wait()  # two long tasks at once, or this times out
        assert release.wait(WAIT)
        return name

    for name in ("first", "second"):
        tasks.run(lambda n=name: long_work(n), lane=Lane.LONG, on_done=finished.append)
    with qtbot.waitSignal(tasks.changed, timeout=5000):  # the database is not held up
        tasks.run(lambda: OpResult(None, Changes(entries=frozenset({1}))))
    assert finished == []
    release.set()
    qtbot.waitUntil(lambda: sorted(finished) == ["first", "second"])


def test_progress_and_cancel_reach_the_gui_thread(qtbot: QtBot, tasks: Tasks) -> None:
    gui = threading.get_ident()
    reports: list[tuple[int, int | None, bool]] = []
    errors: list[tuple[BaseException, bool]] = []
    task = Task()
    started = threading.Event()

    def work() -> None:
        task.report(Progress(0, 3))
        task.report(Progress(1, 3, "one"))
        started.set()
        while True:
            task.token.raise_if_cancelled("Stopped on request.")
            threading.Event().wait(0.005)

    tasks.run(
        work,
        lane=Lane.LONG,
        task=task,
        on_progress=lambda p: reports.append((p.done, p.total, threading.get_ident() == gui)),
        on_error=lambda e: errors.append((e, threading.get_ident() == gui)),
    )
    assert started.wait(WAIT)
    qtbot.waitUntil(lambda: len(reports) == 2)
    assert reports == [(0, 3, True), (1, 3, True)]
    assert tasks.busy
    with qtbot.assertNotEmitted(tasks.failed):
        task.cancel()
        qtbot.waitUntil(lambda: bool(errors))
    error, on_gui = errors[0]
    assert isinstance(error, Cancelled)
    assert str(error) == "Stopped on request."
    assert on_gui
    assert task.wait(0)
    assert not tasks.busy


def test_a_cancelled_task_without_on_error_is_not_a_failure(qtbot: QtBot, tasks: Tasks) -> None:
    task = Task()
    task.cancel()
    with qtbot.assertNotEmitted(tasks.failed, wait=200):
        tasks.run(task.token.raise_if_cancelled, task=task)
        assert tasks.wait()
    qtbot.waitUntil(lambda: tasks.pending == 0)


def test_phases_run_on_their_lanes_as_one_task(qtbot: QtBot, tasks: Tasks) -> None:
    threads: dict[str, int] = {}
    database: list[int] = []
    tasks.run(lambda: database.append(threading.get_ident()))
    assert tasks.wait()
    task = Task()
    progress: list[str] = []

    def read() -> Then[OpResult[str]]:
        threads["read"] = threading.get_ident()
        task.report(Progress(1, 2, "read"))
        return Then(Lane.DATABASE, store)

    def store() -> OpResult[str]:
        threads["store"] = threading.get_ident()
        task.report(Progress(2, 2, "stored"))
        return OpResult("kept", Changes(notebooks=frozenset({5})))

    done: list[str] = []
    with qtbot.waitSignal(tasks.changed, timeout=5000) as changed:
        tasks.run(
            read,
            lane=Lane.LONG,
            task=task,
            on_progress=lambda p: progress.append(p.label),
            on_done=lambda r: done.append(r.value),
        )
    assert done == ["kept"]
    assert changed.args == [Changes(notebooks=frozenset({5}))]
    assert threads["store"] == database[0]
    assert threads["read"] != database[0]
    assert progress == ["read", "stored"]


def test_changes_reach_every_subscriber(qtbot: QtBot, tasks: Tasks) -> None:
    first: list[Changes] = []
    second: list[Changes] = []
    tasks.changed.connect(first.append)
    tasks.changed.connect(second.append)
    change = Changes(tags=frozenset({"walks"}))
    tasks.run(lambda: OpResult(None, change))
    qtbot.waitUntil(lambda: bool(first) and bool(second))
    assert first == second == [change]


def test_shutdown_cancels_and_lets_the_last_phase_run(qtbot: QtBot) -> None:
    tasks = Tasks()
    stored: list[str] = []
    started = threading.Event()
    task = Task()

    def model() -> Then[OpResult[None]]:
        started.set()
        while not task.cancelled:  # a long run, until it is cancelled
            threading.Event().wait(0.005)
        return Then(Lane.DATABASE, record)

    def record() -> OpResult[None]:
        stored.append("cancelled")  # the run records that it was cancelled
        return OpResult(None, Changes(entries=frozenset({1})))

    tasks.run(model, lane=Lane.LONG, task=task)
    assert started.wait(WAIT)
    with qtbot.assertNotEmitted(tasks.changed, wait=200):
        assert tasks.shutdown(5000)
        assert stored == ["cancelled"]
    assert task.wait(0)


class _Holder:
    """Records the thread that drops the last reference to it."""

    def __init__(self, released: list[int]) -> None:
        self._released = released

    def __del__(self) -> None:
        self._released.append(threading.get_ident())


def test_a_lane_never_drops_the_last_reference_to_what_a_task_holds(
    qtbot: QtBot, tasks: Tasks
) -> None:
    """A Python-owned QObject destroyed on a lane's thread crashes Qt later: whatever a
    task's functions and outcome hold is released on the GUI thread, even when the caller
    let go of it while the task ran."""
    released: list[int] = []
    gate = threading.Event()

    def start() -> None:
        held = _Holder(released)  # by the first phase's function
        outcome = _Holder(released)  # returned by the second phase

        def second() -> object:
            return outcome

        def first() -> Then[object]:
            gate.wait(WAIT)  # until the caller has let go
            assert held is not None
            return Then(Lane.LONG, second)

        tasks.run(first, on_done=lambda _value: None, task=Task())
        # returning lets go of them: only the task holds them now

    start()
    gate.set()
    assert tasks.wait(int(WAIT * 1000))
    qtbot.waitUntil(lambda: tasks.pending == 0, timeout=5000)
    qtbot.waitUntil(lambda: len(released) == 2, timeout=5000)
    assert released == [threading.get_ident()] * 2


def test_a_task_waiting_for_another_inkling_says_so_in_its_progress(
    qtbot: QtBot, tasks: Tasks, tmp_path: Path
) -> None:
    waits = WriteWaits(limit=30)
    waits.listen(tasks.database_waiting)
    seen: list[Progress] = []
    done: list[object] = []
    with open_database(tmp_path / "inkling.sqlite3", waits) as db:
        with write_lock_held(db.path, seconds=1.5):
            with qtbot.waitSignal(tasks.waiting, timeout=5000):
                tasks.run(
                    lambda: targets.add_habit(db, "Swim"),
                    on_progress=seen.append,
                    on_done=done.append,
                )
            qtbot.waitUntil(lambda: bool(done), timeout=10_000)
        assert [t.name for t in targets.list_targets(db)] == ["Swim"]
    assert Progress(0, None, WAITING_LABEL) in seen
