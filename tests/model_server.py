"""llama-cpp-python's own OpenAI-compatible server on 127.0.0.1, serving the tiny
generated GGUF: the real model server the model-server engine is tested against (never a
mock of the HTTP layer).  Tests using it mark themselves ``allow_hosts(["127.0.0.1"])``."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MODEL_NAME = "tiny"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serve_llama(model: Path, log: Path, *, n_ctx: int = 512) -> Iterator[str]:
    """Start ``python -m llama_cpp.server`` on a free loopback port; yields its URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    with log.open("wb") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "llama_cpp.server",
                "--model",
                str(model),
                "--model_alias",
                MODEL_NAME,
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--n_ctx",
                str(n_ctx),
                "--n_threads",
                "1",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    tail = log.read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"the llama.cpp server did not start: {tail}") from None
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
