"""A tiny model hub on loopback for download tests (never the internet).

It answers what huggingface_hub's ``get_hf_file_metadata`` and ``http_get`` ask of
``/{owner}/{repo}/resolve/{revision}/{filename}``:

- ``HEAD``: ``X-Repo-Commit``, ``ETag`` and ``X-Linked-Etag`` (the file's SHA-256, as the
  hub gives for LFS files), ``X-Linked-Size`` and ``Content-Length``;
- ``GET``: the bytes, honouring ``Range: bytes=N-`` with ``206`` and ``Content-Range``;
- an unknown file: ``404`` with ``X-Error-Code: EntryNotFound``.

Tests mark themselves ``@pytest.mark.allow_hosts(["127.0.0.1"])`` so that pytest-socket
lets them connect to this server and nowhere else.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@dataclass
class HubRequest:
    method: str
    path: str
    range: str | None


@dataclass
class FakeHub:
    url: str = ""
    files: dict[str, bytes] = field(default_factory=dict)
    """``"owner/repo/filename"`` -> content."""
    published_sha256: dict[str, str] = field(default_factory=dict)
    """Overrides of the SHA-256 the hub publishes (to simulate a corrupt transfer)."""
    requests: list[HubRequest] = field(default_factory=list)
    chunk_delay: float = 0.0
    """Seconds to pause after each 16 KiB of a body (a slow connection, for cancel tests)."""

    def add(self, repo: str, filename: str, content: bytes) -> str:
        self.files[f"{repo}/{filename}"] = content
        return hashlib.sha256(content).hexdigest()

    def sha256(self, key: str) -> str:
        return self.published_sha256.get(key) or hashlib.sha256(self.files[key]).hexdigest()


def _handler(hub: FakeHub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return None

        def _key(self) -> str | None:
            parts = self.path.split("?")[0].strip("/").split("/")
            if len(parts) < 5 or parts[2] != "resolve":
                return None
            return "/".join([parts[0], parts[1], *parts[4:]])

        def _answer(self, with_body: bool) -> None:
            hub.requests.append(HubRequest(self.command, self.path, self.headers.get("Range")))
            key = self._key()
            if key is None or key not in hub.files:
                self.send_response(404)
                self.send_header("X-Error-Code", "EntryNotFound")
                self.send_header("X-Repo-Commit", COMMIT)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            content = hub.files[key]
            sha = hub.sha256(key)
            start = 0
            wanted = self.headers.get("Range")
            if with_body and wanted and wanted.startswith("bytes="):
                start = int(wanted[len("bytes=") :].split("-")[0])
            body = content[start:]
            self.send_response(206 if start else 200)
            self.send_header("X-Repo-Commit", COMMIT)
            self.send_header("ETag", f'"{sha}"')
            self.send_header("X-Linked-Etag", f'"{sha}"')
            self.send_header("X-Linked-Size", str(len(content)))
            self.send_header("Accept-Ranges", "bytes")
            if start:
                self.send_header(
                    "Content-Range", f"bytes {start}-{len(content) - 1}/{len(content)}"
                )
            self.send_header("Content-Length", str(len(body) if with_body else len(content)))
            self.end_headers()
            if with_body:
                for i in range(0, len(body), 16 * 1024):
                    self.wfile.write(body[i : i + 16 * 1024])
                    if hub.chunk_delay:
                        self.wfile.flush()
                        time.sleep(hub.chunk_delay)

        def do_HEAD(self) -> None:
            self._answer(with_body=False)

        def do_GET(self) -> None:
            self._answer(with_body=True)

    return Handler


@contextmanager
def serve_fake_hub() -> Iterator[FakeHub]:
    hub = FakeHub()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(hub))
    server.daemon_threads = True
    hub.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(
        target=server.serve_forever, args=(0.05,), name="fake-hub", daemon=True
    )
    thread.start()
    try:
        yield hub
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
