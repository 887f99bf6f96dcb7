"""ModelWorker: one thread owns the model; FIFO jobs, cancellation, errors, shutdown."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.domain.progress import Cancelled, CancelToken, Progress
from app.llm import (
    Job,
    JobContext,
    LlamaTextModel,
    ModelNotFoundError,
    ModelWorker,
    Prompt,
    load_cancel_token,
)

WAIT = 10.0  # generous upper bound for anything that should take milliseconds


class FakeModel:
    """Records which thread calls it and what cancel tokens it is given."""

    def __init__(self) -> None:
        self.threads: dict[str, set[int]] = {}
        self.bound: list[CancelToken | None] = []
        self.closed = 0

    def _note(self, what: str) -> None:
        self.threads.setdefault(what, set()).add(threading.get_ident())

    def complete(self, prompt: Prompt) -> str:
        self._note("complete")
        return prompt.user.upper()

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self._note("set_cancel_token")
        self.bound.append(token)

    def close(self) -> None:
        self._note("close")
        self.closed += 1


class RecordingModel:
    """Wraps a real model and records the thread of every call."""

    def __init__(self, inner: LlamaTextModel) -> None:
        self.inner = inner
        self.threads: set[int] = set()

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.inner, name)
        if not callable(attribute):
            return attribute

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            self.threads.add(threading.get_ident())
            return attribute(*args, **kwargs)

        return wrapper


def fake_worker() -> tuple[ModelWorker[FakeModel], list[FakeModel], list[int]]:
    models: list[FakeModel] = []
    loader_threads: list[int] = []

    def loader() -> FakeModel:
        loader_threads.append(threading.get_ident())
        model = FakeModel()
        models.append(model)
        return model

    return ModelWorker(loader), models, loader_threads


def blocking_job(release: threading.Event, started: threading.Event) -> Callable[..., str]:
    def job(ctx: JobContext[Any]) -> str:
        started.set()
        assert release.wait(WAIT)
        return "released"

    return job


def test_every_model_call_happens_on_the_worker_thread(tiny_model_path: Path) -> None:
    records: list[RecordingModel] = []
    loader_threads: list[int] = []

    def loader() -> RecordingModel:
        loader_threads.append(threading.get_ident())
        model = RecordingModel(LlamaTextModel.load(tiny_model_path, n_threads=1, max_tokens=6))
        records.append(model)
        return model

    worker: ModelWorker[RecordingModel] = ModelWorker(loader)
    jobs = [
        worker.submit(lambda ctx, i=i: ctx.model.complete(Prompt(system="s", user=f"u{i}")))
        for i in range(3)
    ]
    for job in jobs:
        assert isinstance(job.result(WAIT), str)
    assert worker.close(WAIT)
    worker_thread = worker.thread_ident
    assert worker_thread is not None
    assert worker_thread != threading.get_ident()
    assert loader_threads == [worker_thread]
    assert records[0].threads == {worker_thread}  # complete, set_cancel_token and close
    assert records[0].inner.closed


def test_jobs_run_in_order_and_return_results() -> None:
    worker, models, loader_threads = fake_worker()
    with worker:
        order: list[int] = []
        jobs = [worker.submit(lambda ctx, i=i: order.append(i) or i) for i in range(5)]
        assert [job.result(WAIT) for job in jobs] == [0, 1, 2, 3, 4]
        assert order == [0, 1, 2, 3, 4]
        assert worker.model_loaded
        assert worker.load_error is None
    assert len(models) == 1
    assert loader_threads == [worker.thread_ident]


def test_cancel_token_is_bound_around_each_job() -> None:
    worker, models, _ = fake_worker()
    with worker:
        seen: list[CancelToken | None] = []
        job = worker.submit(lambda ctx: seen.append(ctx.model.bound[-1]))
        job.result(WAIT)
    assert models[0].bound[0] is seen[0] is not None
    assert models[0].bound[1] is None


def test_loader_runs_lazily_or_at_start() -> None:
    worker, models, _ = fake_worker()
    time.sleep(0.05)
    assert models == []
    worker.start()
    deadline = time.monotonic() + WAIT
    while not worker.model_loaded and time.monotonic() < deadline:
        time.sleep(0.005)
    assert worker.model_loaded
    assert len(models) == 1
    worker.close(WAIT)
    assert models[0].closed == 1
    assert not worker.model_loaded


def test_pending_job_cancelled_never_runs() -> None:
    worker, _, _ = fake_worker()
    with worker:
        release, started = threading.Event(), threading.Event()
        first = worker.submit(blocking_job(release, started))
        assert started.wait(WAIT)
        ran: list[str] = []
        second = worker.submit(lambda ctx: ran.append("second"))
        assert second.cancel()
        release.set()
        assert first.result(WAIT) == "released"
        with pytest.raises(Cancelled):
            second.result(WAIT)
        assert second.done()
        assert ran == []
        assert not first.cancel()  # already finished


def test_running_job_cancelled_between_tokens(tiny_model_path: Path) -> None:
    worker: ModelWorker[LlamaTextModel] = ModelWorker(
        lambda: LlamaTextModel.load(tiny_model_path, n_threads=1, max_tokens=400)
    )
    generating, cancel_sent = threading.Event(), threading.Event()
    counts: list[int] = []

    def on_token(count: int) -> None:
        counts.append(count)
        if count == 3:
            generating.set()
            assert cancel_sent.wait(WAIT)

    def job(ctx: JobContext[LlamaTextModel]) -> str:
        ctx.model.on_token = on_token
        try:
            return ctx.model.complete(Prompt(system="s", user="Write at length."))
        finally:
            ctx.model.on_token = None

    with worker:
        running = worker.submit(job)
        assert generating.wait(WAIT)
        assert running.running()
        running.cancel()  # from the test thread, while the model is mid-generation
        cancel_sent.set()
        with pytest.raises(Cancelled):
            running.result(WAIT)
        assert counts == [1, 2, 3]
        stats = worker.submit(lambda ctx: ctx.model.last_stats).result(WAIT)
        assert stats is not None
        assert stats.finish_reason == "cancelled"

        def short(ctx: JobContext[LlamaTextModel]) -> str:
            ctx.model.max_tokens = 5
            return ctx.model.complete(Prompt(system="s", user="again"))

        assert isinstance(worker.submit(short).result(WAIT), str)  # all fine afterwards


def test_job_can_poll_for_cancellation() -> None:
    worker, _, _ = fake_worker()
    with worker:
        started = threading.Event()

        def job(ctx: JobContext[FakeModel]) -> None:
            started.set()
            while True:
                ctx.check_cancelled()
                time.sleep(0.001)

        running = worker.submit(job)
        assert started.wait(WAIT)
        running.cancel()
        with pytest.raises(Cancelled):
            running.result(WAIT)


def test_loader_error_reaches_every_job(tmp_path: Path) -> None:
    missing = tmp_path / "gone.gguf"
    worker: ModelWorker[LlamaTextModel] = ModelWorker(lambda: LlamaTextModel.load(missing))
    jobs = [worker.submit(lambda ctx: "never") for _ in range(3)]
    for job in jobs:
        with pytest.raises(ModelNotFoundError, match="No model file was found"):
            job.result(WAIT)
    assert isinstance(worker.load_error, ModelNotFoundError)
    assert not worker.model_loaded
    later = worker.submit(lambda ctx: "never")
    with pytest.raises(ModelNotFoundError):
        later.result(WAIT)
    assert worker.close(WAIT)
    assert worker.close(WAIT)


def test_a_load_stops_with_the_job_that_waits_for_it_and_the_next_job_loads_again() -> None:
    tokens: list[CancelToken | None] = []
    loading = threading.Event()

    def loader() -> FakeModel:
        token = load_cancel_token()
        tokens.append(token)
        if len(tokens) == 1:  # a slow first load, stopped by the person
            loading.set()
            assert token is not None
            while not token.cancelled:
                time.sleep(0.01)
            raise Cancelled()
        return FakeModel()

    worker: ModelWorker[FakeModel] = ModelWorker(loader)
    first = worker.submit(lambda ctx: "first")
    assert loading.wait(WAIT)
    first.cancel()
    with pytest.raises(Cancelled):
        first.result(WAIT)
    assert worker.load_error is None  # cancelled is not broken
    assert worker.submit(lambda ctx: "second").result(WAIT) == "second"
    assert len(tokens) == 2
    assert load_cancel_token() is None  # only a worker's loader sees a token
    assert worker.close(WAIT)


def test_close_stops_a_load_started_ahead_of_any_job() -> None:
    loading = threading.Event()

    def loader() -> FakeModel:
        token = load_cancel_token()
        assert token is not None
        loading.set()
        while not token.cancelled:
            time.sleep(0.01)
        raise Cancelled()

    worker: ModelWorker[FakeModel] = ModelWorker(loader)
    worker.start()
    assert loading.wait(WAIT)
    assert worker.close(WAIT)


def test_close_cancels_running_and_pending_and_closes_the_model_on_its_thread() -> None:
    worker, models, _ = fake_worker()
    started = threading.Event()

    def endless(ctx: JobContext[FakeModel]) -> None:
        started.set()
        while True:
            ctx.check_cancelled()
            time.sleep(0.001)

    ran: list[int] = []
    running = worker.submit(endless)
    assert started.wait(WAIT)
    pending = [worker.submit(lambda ctx, i=i: ran.append(i)) for i in range(3)]
    assert worker.close(WAIT)
    for job in [running, *pending]:
        with pytest.raises(Cancelled):
            job.result(WAIT)
    assert ran == []
    assert models[0].closed == 1
    assert models[0].threads["close"] == {worker.thread_ident}
    assert worker.close(WAIT)  # idempotent
    assert models[0].closed == 1
    with pytest.raises(RuntimeError):
        worker.submit(lambda ctx: None)
    with pytest.raises(RuntimeError):
        worker.start()


def test_close_without_any_job() -> None:
    worker, models, _ = fake_worker()
    assert worker.close(WAIT)
    assert models == []


def test_job_exception_is_re_raised() -> None:
    worker, _, _ = fake_worker()
    with worker:

        def boom(ctx: JobContext[FakeModel]) -> None:
            raise ValueError("bad input")

        job = worker.submit(boom)
        with pytest.raises(ValueError, match="bad input"):
            job.result(WAIT)
        assert isinstance(job.exception(WAIT), ValueError)
        assert worker.submit(lambda ctx: 7).result(WAIT) == 7


def test_done_callbacks_and_progress_run_on_the_worker_thread() -> None:
    worker, _, _ = fake_worker()
    with worker:
        calls: list[tuple[str, Any, int]] = []
        done = threading.Event()

        def job(ctx: JobContext[FakeModel]) -> str:
            for i in range(3):
                ctx.report_progress(Progress(i + 1, 3))
            return "ok"

        submitted: Job[str] = worker.submit(
            job,
            on_progress=lambda p: calls.append(
                ("progress", (p.done, p.total), threading.get_ident())
            ),
        )
        submitted.add_done_callback(
            lambda j: (calls.append(("done", j.result(), threading.get_ident())), done.set())
        )
        assert done.wait(WAIT)
        ident = worker.thread_ident
        assert calls == [
            ("progress", (1, 3), ident),
            ("progress", (2, 3), ident),
            ("progress", (3, 3), ident),
            ("done", "ok", ident),
        ]
        late: list[int] = []
        submitted.add_done_callback(lambda j: late.append(threading.get_ident()))
        assert late == [threading.get_ident()]  # already done: called at once, here


def test_result_timeout() -> None:
    worker, _, _ = fake_worker()
    with worker:
        release, started = threading.Event(), threading.Event()
        job = worker.submit(blocking_job(release, started))
        with pytest.raises(TimeoutError):
            job.result(timeout=0.01)
        assert not job.done()
        release.set()
        assert job.result(WAIT) == "released"


def test_ctrl_c_received_by_another_thread_still_stops_a_wait_on_the_main_thread(
    ctrl_c_raises: None,
) -> None:
    """The kernel may hand a terminal's SIGINT to any thread; Python then runs its handler
    only when the main thread next runs bytecode.  An untimed wait never did, so Ctrl-C
    took effect only when the job ended by itself."""
    import signal

    assert threading.current_thread() is threading.main_thread()
    worker, _, _ = fake_worker()
    with worker:
        finished_by_itself = []

        def job(ctx: JobContext[FakeModel]) -> str:
            signal.raise_signal(signal.SIGINT)  # delivered to this (the worker's) thread
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                ctx.check_cancelled()
                time.sleep(0.01)
            finished_by_itself.append(True)
            return "finished"

        running = worker.submit(job)
        with pytest.raises(KeyboardInterrupt):
            running.wait()
        assert running.cancel_requested()
        with pytest.raises(Cancelled):
            running.result(WAIT)
        assert finished_by_itself == []
