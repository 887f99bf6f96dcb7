"""Shared fixtures: every test runs against a temporary data folder, never the user's."""

from __future__ import annotations

import gc
import os
import zlib
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

import pytest
import time_machine
from hypothesis import settings

from app import clock as app_clock
from app.ui.common.gc_policy import collect_due

if TYPE_CHECKING:
    from tests.fake_hub import FakeHub

# Qt runs offscreen in every test run (the Makefile sets it too).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# spaCy imports urllib3, which creates (never connects) an IPv6 socket at import time to
# probe for IPv6 support. Import it here, before pytest-socket blocks sockets per test,
# so that probe does not show up as a blocked socket. No test may open one.
import urllib3.util.connection  # noqa: F401

# The time-travel passes (scripts/time_travel.py) run two sessions side by side: no shared
# example database between them, and no per-example deadline on a busy machine.  They are
# about dates, not inputs (the suite at today's date runs every example), so each property
# test runs at most TIME_TRAVEL_EXAMPLES examples there.
TIME_TRAVEL_EXAMPLES = 10
settings.register_profile(
    "time-travel", database=None, deadline=None, max_examples=TIME_TRAVEL_EXAMPLES
)

TIME_TRAVEL_ENV = "INKLING_TIME_TRAVEL"
"""``YYYY-MM-DDTHH:MM@Zone``: run the whole session from that local moment in that zone
(``scripts/time_travel.py`` sets it for CI's passes at fake dates)."""
_travel: time_machine.travel | None = None


_THRESHOLDS = gc.get_threshold()


@pytest.fixture(scope="session", autouse=True)
def collect_on_the_main_thread() -> Iterator[None]:
    """As the app does (``app.ui.common.gc_policy``): no automatic cyclic collection.

    The automatic collector runs on whichever thread allocates when a threshold is crossed.
    After a few hundred Qt tests the heap holds garbage cycles with Python-owned QObjects
    (widgets, task lanes); collected on a task lane's or a model's thread, one is destroyed
    off the GUI thread and Qt crashes later, at random.  So collection happens only on
    the main thread, between tests (``_collect_due_between_tests``)."""
    was_enabled = gc.isenabled()
    gc.disable()
    yield
    gc.collect()
    if was_enabled:
        gc.enable()


@pytest.fixture(autouse=True)
def _collect_due_between_tests(collect_on_the_main_thread: None) -> Iterator[None]:
    yield
    if gc.isenabled():  # a library switched it back on (srsly does, reading msgpack)
        gc.disable()
    collect_due(_THRESHOLDS)


def time_travel_destination(value: str) -> datetime:
    """``2026-12-31T23:59@Pacific/Kiritimati`` as an aware moment in that zone."""
    moment, _, zone = value.partition("@")
    return datetime.fromisoformat(moment).replace(tzinfo=ZoneInfo(zone or "UTC"))


def pytest_configure(config: pytest.Config) -> None:
    """Under ``INKLING_TIME_TRAVEL``, the system clock and zone start at that moment and
    tick on (time-machine: every stdlib clock and ``TZ``; monotonic clocks untouched)."""
    global _travel
    value = os.environ.get(TIME_TRAVEL_ENV)
    if value:
        _travel = time_machine.travel(time_travel_destination(value), tick=True)
        _travel.start()


SHARD_ENV = "INKLING_TIME_TRAVEL_SHARD"
"""``I/N``: a time-travel pass runs the tests marked ``dates`` and the I-th of N shares of
the others (``scripts/time_travel.py``: the passes together run every fast test once at a
fake moment, and the tests about dates at every one)."""


def parse_shard(value: str) -> tuple[int, int]:
    """``"2/7"`` as ``(2, 7)``; a clear error for anything else."""
    index, _, count = value.partition("/")
    if not (index.isdigit() and count.isdigit()) or not 0 <= int(index) < int(count):
        raise pytest.UsageError(f"{SHARD_ENV} must be I/N with 0 <= I < N, not {value!r}")
    return int(index), int(count)


def in_shard(nodeid: str, index: int, count: int) -> bool:
    """A test's share, stable across runs and machines (not Python's salted ``hash``)."""
    return zlib.crc32(nodeid.encode("utf-8")) % count == index


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under time travel, keep the pass's share of the tests (:data:`SHARD_ENV`), and cap
    the examples of property tests that set their own count (their ``@settings`` would
    otherwise override the profile's)."""
    if not os.environ.get(TIME_TRAVEL_ENV):
        return
    shard = os.environ.get(SHARD_ENV)
    if shard:
        index, count = parse_shard(shard)
        kept: list[pytest.Item] = []
        dropped: list[pytest.Item] = []
        for item in items:
            keep = item.get_closest_marker("dates") or in_shard(item.nodeid, index, count)
            (kept if keep else dropped).append(item)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)  # set by @settings
        if isinstance(own, settings) and own.max_examples > TIME_TRAVEL_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                own, max_examples=TIME_TRAVEL_EXAMPLES
            )


def pytest_unconfigure(config: pytest.Config) -> None:
    global _travel
    if _travel is not None:
        _travel.stop()
        _travel = None


def pytest_report_header(config: pytest.Config) -> str | None:
    value = os.environ.get(TIME_TRAVEL_ENV)
    if not value:
        return None
    return f"time travel: started at {time_travel_destination(value).isoformat()} ({value})"


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point every standard location (data, config, cache, home) into ``tmp_path``."""
    data = tmp_path / "data"
    monkeypatch.setenv("INKLING_DATA_DIR", str(data))
    monkeypatch.delenv("INKLING_MODEL", raising=False)
    for var, sub in (
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_RUNTIME_DIR", "xdg-runtime"),
    ):
        folder = tmp_path / sub
        folder.mkdir(mode=0o700)
        monkeypatch.setenv(var, str(folder))
    return data


CLOCK_START = datetime(2026, 11, 18, 9, 30, tzinfo=ZoneInfo("Europe/London"))
"""Where the ``clock`` fixture starts: a Wednesday morning in London (tests move it)."""


@pytest.fixture
def clock() -> Iterator[app_clock.FixedClock]:
    """Inkling's clock, standing still at ``CLOCK_START`` until the test moves it
    (``clock.set(datetime(..., tzinfo=ZoneInfo(...)))``, ``clock.advance(...)``); the
    system clock again afterwards. Every "today" and "now" in the app reads it."""
    fixed = app_clock.FixedClock(CLOCK_START)
    with app_clock.using(fixed):
        yield fixed


@pytest.fixture(autouse=True)
def _system_clock_between_tests() -> Iterator[None]:
    """A test that sets Inkling's clock by hand must put it back."""
    yield
    current = app_clock.set_clock(app_clock.SystemClock())
    assert isinstance(current, app_clock.SystemClock), f"a test left {current!r} set"


@pytest.fixture(scope="session")
def tiny_model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random-weights llama GGUF with a ChatML template (see tests/tiny_gguf.py)."""
    from tests.tiny_gguf import write_tiny_gguf

    return write_tiny_gguf(tmp_path_factory.mktemp("models") / "tiny-random-llama.gguf")


@pytest.fixture
def fake_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    """A model hub on 127.0.0.1 (tests/fake_hub.py); ``HF_ENDPOINT`` points at it and
    ``HF_HOME`` is in tmp.  Tests using it mark themselves ``allow_hosts(["127.0.0.1"])``."""
    from tests.fake_hub import serve_fake_hub

    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    with serve_fake_hub() as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.url)
        yield hub


@pytest.fixture(scope="session")
def llama_server(
    roomy_tiny_model_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """llama-cpp-python's real OpenAI-compatible server on 127.0.0.1 with the tiny model
    (tests/model_server.py), started once for the session by the first test that asks;
    its URL.  Tests using it mark themselves ``allow_hosts(["127.0.0.1"])``."""
    from tests.model_server import serve_llama

    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    with serve_llama(roomy_tiny_model_path, log, n_ctx=4096) as url:
        yield url


@pytest.fixture(scope="session")
def roomy_tiny_model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny random model with a context that holds a whole detection prompt."""
    import tests.tiny_gguf as tiny

    saved = tiny.TINY_CONTEXT
    tiny.TINY_CONTEXT = 4096
    try:
        return tiny.write_tiny_gguf(tmp_path_factory.mktemp("models") / "tiny-4k.gguf")
    finally:
        tiny.TINY_CONTEXT = saved


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt during the test, as in a terminal.  A suite started
    in the background (``cmd &`` in a script) inherits SIGINT ignored, and Python then
    installs no handler of its own."""
    import signal

    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.fixture
def model_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notebook runs on the model path alone: the built-in prompt detectors do not read
    the pages' structure first (for tests about windows, replies, runs and reviews, not
    about what the lines show)."""
    from app.services.notebooks import batch
    from app.services.notebooks import runs as notebook_runs

    monkeypatch.setattr(notebook_runs, "structure_of", lambda *args, **kwargs: None)
    monkeypatch.setattr(batch, "structure_of", lambda *args, **kwargs: None)
