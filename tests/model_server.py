"""llama-cpp-python's own OpenAI-compatible server on 127.0.0.1, serving the tiny
generated GGUF: the real model server the model-server engine is tested against (never a
mock of the HTTP layer).  Tests using it mark themselves ``allow_hosts(["127.0.0.1"])``."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

MODEL_NAME = "tiny"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serve_llama(model: Path, log: Path, *, n_ctx: int = 512, n_threads: int = 1) -> Iterator[str]:
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
                str(n_threads),
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


class ScriptedServer:
    """A small OpenAI-compatible server on 127.0.0.1 whose replies a test writes
    (``reply_for(user_text) -> str``), streamed as server-sent events a few characters at
    a time; it counts the requests it holds at once.  Real sockets and real HTTP, for
    what llama-cpp-python's server cannot show: it answers one request at a time, so it
    cannot tell concurrent requests from sequential ones."""

    def __init__(
        self, reply_for: Callable[[str], str], *, delay: float = 0.0, gate: int = 1
    ) -> None:
        self.reply_for = reply_for
        self.delay = delay
        self.gate = gate
        """Each request waits (up to 10 s) until this many are held at once, so that a
        loaded machine cannot make concurrent requests look sequential."""
        self.in_flight = 0
        self.max_in_flight = 0
        self.asked: list[str] = []
        self.requests: list[dict[str, Any]] = []
        """Each request's JSON body, as the server received it."""
        self.finished = 0
        """Replies written to their end (a cancelled one is not)."""
        self._lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                del format, args

            def do_GET(self) -> None:
                body = json.dumps({"data": [{"id": "scripted"}]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                request = json.loads(self.rfile.read(length))
                user = request["messages"][-1]["content"]
                if isinstance(user, list):  # a vision request: its text part
                    user = next(p["text"] for p in user if p.get("type") == "text")
                with owner._lock:
                    owner.requests.append(request)
                    owner.asked.append(user)
                    owner.in_flight += 1
                    owner.max_in_flight = max(owner.max_in_flight, owner.in_flight)
                deadline = time.monotonic() + 10
                while owner.in_flight < owner.gate and time.monotonic() < deadline:
                    time.sleep(0.01)
                held = True

                def release() -> None:
                    # Before the last bytes go out: once the client has them it may send
                    # its next request, which must not find this one still counted.
                    nonlocal held
                    with owner._lock:
                        if held:
                            owner.in_flight -= 1
                            held = False

                try:
                    reply = owner.reply_for(user)
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    for start in range(0, len(reply), 4):
                        time.sleep(owner.delay)
                        delta = {"choices": [{"delta": {"content": reply[start : start + 4]}}]}
                        self.wfile.write(f"data: {json.dumps(delta)}\n\n".encode())
                        self.wfile.flush()
                    done = {"choices": [{"delta": {}, "finish_reason": "stop"}]}
                    with owner._lock:
                        owner.finished += 1
                    release()
                    self.wfile.write(f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode())
                    self.wfile.flush()
                except OSError:
                    pass  # the client went away (a cancel)
                finally:
                    release()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(timeout=5)
