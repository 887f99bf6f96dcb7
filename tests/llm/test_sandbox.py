"""What a model file controls (its chat template, its header) runs in a child process
under a time and a memory limit, can be cancelled, and fails in one sentence."""

from __future__ import annotations

import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from app.clock import FixedClock
from app.domain.progress import Cancelled, CancelToken
from app.llm import ModelLoadError
from app.llm.sandbox import ChatTemplate, Limits, check_chat_template, read_header_isolated
from tests.hostile_gguf import (
    CONSTANT_BOMB,
    DROPS_THE_TEXT,
    ENDLESS_LOOP,
    HOSTILE,
    HUGE_STRING,
    LOOPS_ON_CONTENT,
    NOT_JINJA,
    RECURSIVE_MACRO,
)
from tests.llm.conftest import assert_one_sentence
from tests.tiny_gguf import CHATML, NO_SYSTEM_TEMPLATE

LIMITS = Limits(seconds=1.5, memory_bytes=64 * 1024 * 1024)
MEMORY_FIRST = Limits(seconds=10, memory_bytes=LIMITS.memory_bytes)
"""For the templates that grow without end: time enough that the memory limit always ends
them first, however busy the machine (1.5 s can pass before they reach 64 MB)."""
HANG = 20.0
"""Far beyond any limit here: a check that takes this long did not stop at its limit."""
MODEL = Path("/models/hostile.gguf")


@pytest.mark.parametrize(
    ("template", "reason"),
    [
        (ENDLESS_LOOP, "did not finish within 1.5 seconds"),
        (RECURSIVE_MACRO, "recurses without end"),
        (HUGE_STRING, "needs more than 67 MB of memory"),
        (CONSTANT_BOMB, "needs more than 67 MB of memory"),
        (NOT_JINJA, "is not a valid Jinja template"),
        (DROPS_THE_TEXT, "drops the request text"),
        ("{{ raise_exception('no chat here') }}", "cannot format a request"),
    ],
    ids=["loop", "recursion", "huge string", "constant bomb", "not jinja", "drops", "raises"],
)
def test_a_hostile_chat_template_is_refused_within_its_limits(template: str, reason: str) -> None:
    started = time.monotonic()
    limits = MEMORY_FIRST if "memory" in reason else LIMITS
    with pytest.raises(ModelLoadError) as caught:
        check_chat_template(template, path=MODEL, limits=limits)
    assert time.monotonic() - started < HANG
    assert f"hostile.gguf could not be loaded (its chat template {reason})" in str(caught.value)
    assert_one_sentence(str(caught.value))


def test_real_templates_pass_and_say_whether_they_keep_the_system_message() -> None:
    assert check_chat_template(CHATML, path=MODEL, limits=LIMITS) is True
    assert check_chat_template(NO_SYSTEM_TEMPLATE, path=MODEL, limits=LIMITS) is False


def test_rendering_is_cancellable_and_the_renderer_comes_back() -> None:
    with ChatTemplate(LOOPS_ON_CONTENT, path=MODEL, limits=Limits(seconds=HANG)) as template:
        assert template.check() is True  # the probes do not say "slow"
        cancel = CancelToken()
        timer = threading.Timer(0.3, cancel.cancel)
        timer.start()
        started = time.monotonic()
        with pytest.raises(Cancelled):
            template.render([{"role": "user", "content": "a slow day"}], cancel=cancel)
        assert time.monotonic() - started < HANG / 2
        assert not template._sandbox.running  # the runaway child was killed
        prompt = template.render([{"role": "user", "content": "a quick day"}])
        assert prompt.endswith("<|im_start|>user\na quick day<|im_end|>\n<|im_start|>assistant\n")


def test_a_render_that_runs_out_of_time_fails_in_one_sentence() -> None:
    with ChatTemplate(LOOPS_ON_CONTENT, path=MODEL, limits=LIMITS) as template:
        with pytest.raises(ModelLoadError) as caught:
            template.render([{"role": "user", "content": "slow"}])
        assert "did not finish within 1.5 seconds" in str(caught.value)


def test_strftime_now_reads_the_apps_clock(clock: FixedClock) -> None:
    clock.set(datetime(2031, 7, 4, 9, 30, tzinfo=ZoneInfo("Europe/Paris")))
    source = "{{ strftime_now('%d %B %Y') }}{% for m in messages %}{{ m['content'] }}{% endfor %}"
    with ChatTemplate(source, path=MODEL, limits=LIMITS) as template:
        assert template.render([{"role": "user", "content": "!"}]) == "04 July 2031!"


def test_a_header_that_declares_an_absurd_array_is_read_within_the_limit(tmp_path: Path) -> None:
    path = HOSTILE["absurd array length"](tmp_path, b"")
    started = time.monotonic()
    with pytest.raises(ModelLoadError) as caught:
        read_header_isolated(path, path, limits=LIMITS)
    assert time.monotonic() - started < HANG
    # whichever limit it meets first ends it: time on a busy machine, memory on a quiet one
    message = str(caught.value)
    assert (
        "its header took more than 1.5 seconds to read" in message
        or "its header needs more than 67 MB of memory" in message
    )


def test_the_desktop_bundles_own_executable_runs_the_child(
    tiny_model_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A frozen app (packaging/inkling.spec) has no interpreter to run the child script
    # with: its executable is started again, told to run it (app/__main__.py). Stand-in:
    # an executable that starts Inkling's entry point as the bundle does, frozen.
    frozen = tmp_path / "inkling"
    frozen.write_text(
        f"#!/bin/sh\nexec {sys.executable} -c 'import runpy, sys; sys.frozen = True; "
        'runpy.run_module("app", run_name="__main__", alter_sys=True)\' "$@"\n'
    )
    frozen.chmod(0o755)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(frozen))
    fields, vocab_size = read_header_isolated(tiny_model_path, tiny_model_path.resolve())
    assert fields["general.architecture"] == "llama"
    assert vocab_size
