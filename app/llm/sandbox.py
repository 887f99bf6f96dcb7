"""What a model file controls runs in a child process under a time and a memory limit.

A GGUF file carries a chat template (Jinja code) and a header that says how much there is
to read; either can be hostile: a template that loops forever or builds a huge string, a
header that declares absurd counts.  ``Sandbox`` runs that work in a separate Python
process (``app/llm/sandbox_child.py``) that caps its own address space (``RLIMIT_AS``)
and dies with its parent; this side waits for each answer with a deadline and a cancel
flag, and kills the child when either runs out.  A killed child is started afresh on the
next request.

``read_header_isolated`` reads a GGUF header that way; ``ChatTemplate`` renders a model's
chat template that way (``check`` renders two probe conversations first, at load and
before a model is chosen).  Their failures are ``ModelError`` sentences.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.clock import now
from app.domain.progress import Cancelled, CancelToken
from app.llm.errors import ModelLoadError, NotGGUFError

_CHILD = Path(__file__).with_name("sandbox_child.py")
FROZEN_CHILD_FLAG = "--sandbox-child"
"""How the desktop bundle's executable (``packaging/``) is asked to run the child script:
a frozen app has no Python interpreter to hand a script to (``app/__main__.py``)."""
_POLL_SECONDS = 0.05
_STARTUP_SECONDS = 60.0
"""How long a child may take to start (Python and jinja2 on a busy machine); not counted
in a request's time limit."""
_MAX_REPLY_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """How long one request may take and how much more memory the child may use for it."""

    seconds: float = 10.0
    memory_bytes: int = 1024 * 1024 * 1024

    def describe_memory(self) -> str:
        return f"{self.memory_bytes / 1_000_000:.0f} MB"


TEMPLATE_LIMITS = Limits()
"""For rendering a chat template (a real one takes milliseconds and a few kilobytes)."""
HEADER_LIMITS = Limits(seconds=120.0, memory_bytes=2 * 1024 * 1024 * 1024)
"""For reading a GGUF header (a 150k-token vocabulary takes seconds); the file's own size
is added to the memory, since the reader maps it."""


def child_argv(memory_bytes: int) -> list[str]:
    """The command that starts a child: ``python -I sandbox_child.py``, or in the bundle
    its own executable with ``FROZEN_CHILD_FLAG``."""
    script = [str(_CHILD), str(memory_bytes), str(os.getpid())]
    if getattr(sys, "frozen", False):
        return [sys.executable, FROZEN_CHILD_FLAG, *script]
    return [sys.executable, "-I", *script]


class SandboxError(Exception):
    """The child answered with an error (``kind``, ``detail``), ran out of time
    (``timeout``) or died (``crashed``)."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind
        self.detail = detail


class Sandbox:
    """One child process serving requests in order; see the module docstring.

    Not thread-safe: one thread uses a sandbox (the model's, for a loaded model)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._process: subprocess.Popen[bytes] | None = None
        self._setup: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        process = self._process
        return process is not None and process.poll() is None

    def set_up(self, request: dict[str, Any], *, cancel: CancelToken | None = None) -> Any:
        """Send ``request`` now and again to every fresh child (state such as a template)."""
        self._setup = [request]
        return self.request(request, cancel=cancel, replay=False)

    def request(
        self,
        request: dict[str, Any],
        *,
        cancel: CancelToken | None = None,
        seconds: float | None = None,
        replay: bool = True,
    ) -> Any:
        """Send one request and return the child's answer.

        Raises SandboxError (an error, ``timeout`` or ``crashed``; the child is then
        stopped), Cancelled when ``cancel`` is set meanwhile (the child is stopped), and
        lets KeyboardInterrupt through after stopping the child.
        """
        with self._lock:
            try:
                if not self.running:
                    self._start(cancel)
                    if replay:
                        for setup in self._setup:
                            self._exchange(setup, cancel, seconds)
                return self._exchange(request, cancel, seconds)
            except SandboxError as failure:
                if failure.kind in ("timeout", "crashed", "memory"):
                    self._stop()
                raise
            except BaseException:
                self._stop()
                raise

    def close(self) -> None:
        """Stop the child; safe to call more than once."""
        with self._lock:
            self._stop()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the child

    def _start(self, cancel: CancelToken | None) -> None:
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "HOME")}
        env["OPENBLAS_NUM_THREADS"] = env["OMP_NUM_THREADS"] = "1"
        try:
            self._process = subprocess.Popen(
                child_argv(self.limits.memory_bytes),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
                close_fds=True,
            )
        except OSError as exc:
            raise SandboxError("crashed", exc.strerror or "") from exc
        if self._receive(cancel, _STARTUP_SECONDS) != "ready":
            raise SandboxError("crashed")

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def _exchange(
        self, request: dict[str, Any], cancel: CancelToken | None, seconds: float | None
    ) -> Any:
        process = self._process
        assert process is not None
        assert process.stdin is not None
        assert process.stdout is not None
        line = json.dumps(request, ensure_ascii=False).encode("utf-8") + b"\n"
        try:
            process.stdin.write(line)
            process.stdin.flush()
        except OSError as exc:  # the child is gone (a broken pipe)
            raise SandboxError("crashed") from exc
        return self._receive(cancel, self.limits.seconds if seconds is None else seconds)

    def _receive(self, cancel: CancelToken | None, seconds: float) -> Any:
        """The child's next answer, waited for at most ``seconds``."""
        process = self._process
        assert process is not None
        assert process.stdout is not None
        deadline = time.monotonic() + seconds
        fd = process.stdout.fileno()
        received = bytearray()
        while b"\n" not in received:
            if cancel is not None and cancel.cancelled:
                raise Cancelled()
            left = deadline - time.monotonic()
            if left <= 0:
                raise SandboxError("timeout")
            ready, _w, _x = select.select([fd], [], [], min(left, _POLL_SECONDS))
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise SandboxError("crashed")
            received += chunk
            if len(received) > _MAX_REPLY_BYTES:
                raise SandboxError("too_long")
        try:
            reply = json.loads(bytes(received))
        except ValueError as exc:
            raise SandboxError("crashed") from exc
        if not isinstance(reply, dict):
            raise SandboxError("crashed")
        if "error" in reply:
            raise SandboxError(str(reply["error"]), str(reply.get("detail") or ""))
        return reply.get("ok")


# ---------------------------------------------------------------------------- GGUF headers


def read_header_isolated(
    path: Path, resolved: Path, *, limits: Limits | None = None, cancel: CancelToken | None = None
) -> tuple[dict[str, Any], int | None]:
    """The metadata fields of a GGUF file (big tokenizer arrays left out) and its vocabulary
    size, read in a child process within ``limits`` (default ``HEADER_LIMITS``).  Raises
    NotGGUFError (damaged), ModelLoadError (unreadable, too slow, too much memory) or
    Cancelled."""
    limits = limits or HEADER_LIMITS
    with Sandbox(limits) as sandbox:
        try:
            answer = sandbox.request({"op": "header", "path": str(resolved)}, cancel=cancel)
        except SandboxError as failure:
            if failure.kind == "damaged":
                raise NotGGUFError(path, damaged=True) from failure
            raise ModelLoadError(path, _header_reason(failure, limits)) from failure
    if not isinstance(answer, dict) or not isinstance(answer.get("fields"), dict):
        raise NotGGUFError(path, damaged=True)
    vocab = answer.get("vocab_size")
    return answer["fields"], vocab if isinstance(vocab, int) else None


def _header_reason(failure: SandboxError, limits: Limits) -> str:
    if failure.kind == "timeout":
        return f"its header took more than {limits.seconds:g} seconds to read"
    if failure.kind == "memory":
        return f"its header needs more than {limits.describe_memory()} of memory"
    if failure.kind == "unreadable":
        return failure.detail or "it cannot be read"
    if failure.kind == "template_too_large":
        return "its chat template is far too large"
    return "its header could not be read"


# ---------------------------------------------------------------------------- chat template

_PROBE_SYSTEM = "inkling-system-probe-5c1e"
_PROBE_USER = "inkling-user-probe-5c1e"


class ChatTemplate:
    """A model's chat template, rendered in a sandbox (see the module docstring).

    ``check`` validates it (two probe conversations) and says whether it keeps a system
    message; ``render`` formats one request.  Close it to stop the child."""

    def __init__(
        self,
        source: str,
        *,
        path: Path,
        bos_token: str = "",
        eos_token: str = "",
        limits: Limits | None = None,
    ) -> None:
        """``limits``: per request; default ``TEMPLATE_LIMITS`` (read at call time)."""
        self.source = source
        self.path = path
        self._setup = {
            "op": "template",
            "template": source,
            "bos_token": bos_token,
            "eos_token": eos_token,
            "now": now().isoformat(),
        }
        self._sandbox = Sandbox(limits or TEMPLATE_LIMITS)
        self._ready = False

    @property
    def limits(self) -> Limits:
        return self._sandbox.limits

    def _failure(self, failure: SandboxError) -> ModelLoadError:
        limits = self.limits
        reasons = {
            "timeout": f"its chat template did not finish within {limits.seconds:g} seconds",
            "memory": f"its chat template needs more than {limits.describe_memory()} of memory",
            "recursion": "its chat template recurses without end",
            "syntax": "its chat template is not a valid Jinja template",
            "template_too_large": "its chat template is far too large",
            "too_long": "its chat template writes a far too long prompt",
            "crashed": "its chat template stopped the renderer",
        }
        return ModelLoadError(
            self.path, reasons.get(failure.kind, "its chat template cannot format a request")
        )

    def render(
        self,
        messages: list[dict[str, str]],
        *,
        cancel: CancelToken | None = None,
        add_generation_prompt: bool = True,
    ) -> str:
        """The prompt for ``messages``; raises ModelLoadError (one sentence) or Cancelled."""
        try:
            if not self._ready:
                self._sandbox.set_up(self._setup, cancel=cancel)
                self._ready = True
            prompt = self._sandbox.request(
                {
                    "op": "render",
                    "messages": messages,
                    "add_generation_prompt": add_generation_prompt,
                },
                cancel=cancel,
            )
        except SandboxError as failure:
            raise self._failure(failure) from failure
        if not isinstance(prompt, str):
            raise self._failure(SandboxError("crashed"))
        return prompt

    def check(self, *, cancel: CancelToken | None = None) -> bool:
        """Render a probe with a system message and one without: True when the template
        keeps the system message, False when it drops it.  Raises ModelLoadError when it
        cannot format a plain request (or loops, or eats memory), Cancelled when asked."""
        probe = [
            {"role": "system", "content": _PROBE_SYSTEM},
            {"role": "user", "content": _PROBE_USER},
        ]
        try:
            rendered = self.render(probe, cancel=cancel)
            if _PROBE_SYSTEM in rendered and _PROBE_USER in rendered:
                return True
        except ModelLoadError as exc:
            cause = exc.__cause__
            if not isinstance(cause, SandboxError) or cause.kind not in ("raised", "render"):
                raise  # a loop, a memory bomb, a syntax error: no second chance
        rendered = self.render([{"role": "user", "content": _PROBE_USER}], cancel=cancel)
        if _PROBE_USER not in rendered:
            raise ModelLoadError(self.path, "its chat template drops the request text")
        return False

    def close(self) -> None:
        self._sandbox.close()
        self._ready = False

    def __enter__(self) -> ChatTemplate:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def check_chat_template(
    source: str,
    *,
    path: Path,
    bos_token: str = "",
    eos_token: str = "",
    limits: Limits | None = None,
    cancel: CancelToken | None = None,
) -> bool:
    """Validate a chat template in a child process (see ``ChatTemplate.check``)."""
    with ChatTemplate(
        source, path=path, bos_token=bos_token, eos_token=eos_token, limits=limits
    ) as template:
        return template.check(cancel=cancel)


__all__ = [
    "HEADER_LIMITS",
    "TEMPLATE_LIMITS",
    "ChatTemplate",
    "Limits",
    "Sandbox",
    "SandboxError",
    "check_chat_template",
    "read_header_isolated",
]
