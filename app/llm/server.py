"""A model on an OpenAI-compatible server, as a ``StreamingModel`` (issue 18, item 2).

llama.cpp's ``llama-server``, Ollama, LM Studio and llama-cpp-python's own server all
answer ``POST {base}/v1/chat/completions``.  Inkling sends the same messages it would give
a local model (the guardrail and the system text, the user text; for a vision model the
page images after the user text, as ``data:`` URIs), asks for a streamed reply (``"stream": true``,
server-sent events) so that a cancel is seen between tokens, and sends the reply's JSON
schema as the server's structured-output option:

1. ``response_format: {"type": "json_schema", "json_schema": {...}}`` (OpenAI, llama.cpp's
   server, Ollama, LM Studio);
2. if the server refuses that shape (a 4xx answer, or an error naming
   ``response_format``), ``{"type": "json_object", "schema": ...}`` (llama-cpp-python's
   server, which answers 500 to the first shape);
3. if it refuses that too, no constraint at all.

The shape that worked is remembered for the model's life.  Whatever comes back is
untrusted as always: the callers parse it leniently and validate it strictly, exactly as
a local model's reply.

Servers answer several requests at once (llama.cpp's ``--parallel`` slots, Ollama's
``OLLAMA_NUM_PARALLEL``, vLLM's batching): :meth:`ServerTextModel.prefetch` starts the
replies to a list of prompts (a notebook run's windows) on up to ``concurrency``
connections at a time, and :meth:`~ServerTextModel.complete` then hands each reply over, in
the caller's order, on the worker's thread.  A cancel stops every request in flight between
two chunks.

Only the standard library talks HTTP here (``http.client``): one connection per reply, a
connect timeout, a read timeout between chunks (a server that stalls ends in one
sentence), the reply's size bounded.  Every failure is a ``ModelError`` whose message is
one sentence naming the server, never the text that was sent.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlsplit

from app.domain.guardrail import guarded_system
from app.domain.model import Prompt
from app.domain.progress import Cancelled, CancelToken
from app.llm.errors import ModelError
from app.llm.protocols import GenerationStats
from app.llm.vision import vision_messages

CONNECT_TIMEOUT: Final = 5.0
"""Seconds to open a connection (a server that is down is known at once)."""
READ_TIMEOUT: Final = 120.0
"""Seconds a server may stay silent between two chunks of a reply (a large model's
prompt evaluation on a busy machine comes first)."""
MAX_REPLY_CHARS: Final = 64_000
"""A reply longer than this is cut (the callers' schemas bound far below it)."""
MAX_ERROR_BYTES: Final = 4_000
"""How much of an error answer is read (to tell a refused option from a failure)."""
DEFAULT_MAX_TOKENS: Final = 512
DEFAULT_CONCURRENCY: Final = 4
"""Requests a notebook run keeps in flight on a server (Settings ▸ Models)."""
MAX_CONCURRENCY: Final = 16
_POLL_SECONDS: Final = 0.05
"""How often the worker looks at its cancel flag while a prefetched reply is coming."""

_Stopped = Callable[[], bool]
_Reply = tuple[str, "GenerationStats"]


def _prompt_key(prompt: Prompt) -> tuple[str, str, str]:
    schema = json.dumps(prompt.json_schema, sort_keys=True)
    return (prompt.system, prompt.user, schema)


@dataclass(frozen=True)
class ServerAddress:
    """Where a model server is: ``base`` like ``http://127.0.0.1:8080`` (no ``/v1``)."""

    scheme: str
    host: str
    port: int
    prefix: str
    """The path before ``/v1`` (``""`` for most servers)."""

    @property
    def base(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}{self.prefix}"

    def path(self, endpoint: str) -> str:
        return f"{self.prefix}/v1/{endpoint}"

    @property
    def loopback(self) -> bool:
        """The server is on this computer (text sent to it never leaves it)."""
        return is_loopback_host(self.host)


def is_loopback_host(host: str) -> bool:
    if host.lower() in {"localhost", "localhost.localdomain"}:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_server_url(text: str) -> ServerAddress:
    """``http://host:port[/prefix][/v1]`` as a ``ServerAddress``; a ``ModelError`` (one
    sentence) for anything else.  ``http`` is assumed when no scheme is given."""
    raw = text.strip()
    if not raw:
        raise ModelError("Give the model server's address, such as http://127.0.0.1:8080.")
    if "://" not in raw:
        raw = f"http://{raw}"
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        raise ModelError(f"{text.strip()!r} is not a server address.") from None
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ModelError(
            f"{text.strip()!r} is not a server address; use http://HOST:PORT, such as "
            "http://127.0.0.1:8080."
        )
    if parts.username or parts.password or parts.query or parts.fragment:
        raise ModelError(
            "Give the server address without a user name, password, query or fragment."
        )
    prefix = parts.path.rstrip("/")
    if prefix.endswith("/v1"):
        prefix = prefix[: -len("/v1")]
    default_port = 443 if parts.scheme == "https" else 80
    return ServerAddress(parts.scheme, parts.hostname, port or default_port, prefix)


class _RefusedError(Exception):
    """The server answered 4xx to the request's shape (try the next one)."""


def _schema_formats(schema: dict[str, Any]) -> list[dict[str, Any] | None]:
    return [
        {"type": "json_schema", "json_schema": {"name": "reply", "schema": schema, "strict": True}},
        {"type": "json_object", "schema": schema},
        None,
    ]


class ServerTextModel:
    """A ``StreamingModel`` whose replies come from a model server (see the module)."""

    def __init__(
        self,
        address: ServerAddress,
        model: str,
        *,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        connect_timeout: float = CONNECT_TIMEOUT,
        read_timeout: float = READ_TIMEOUT,
        concurrency: int = 1,
    ) -> None:
        self.address = address
        self.model = model
        self.max_tokens = max_tokens
        self.concurrency = max(1, min(MAX_CONCURRENCY, concurrency))
        self.connect_timeout = connect_timeout
        self.read_timeout = read_timeout
        self.on_token: Callable[[int], None] | None = None
        self.last_stats: GenerationStats | None = None
        self.format_used: str | None = None
        """Which structured-output shape the server accepted (``json_schema``,
        ``json_object``, ``none``); ``None`` before the first constrained reply."""
        self._formats: list[dict[str, Any] | None] | None = None
        self._cancel: CancelToken | None = None
        self._closed = False
        self._pool: ThreadPoolExecutor | None = None
        self._ahead: dict[tuple[str, str, str], Future[_Reply]] = {}
        self._batch_stop = threading.Event()

    # ------------------------------------------------------------------ connecting

    @classmethod
    def connect(
        cls,
        address: ServerAddress,
        model: str | None = None,
        *,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        connect_timeout: float = CONNECT_TIMEOUT,
        read_timeout: float = READ_TIMEOUT,
        concurrency: int = 1,
    ) -> ServerTextModel:
        """Ask the server for its models (``GET /v1/models``) and use ``model`` (the
        first it lists when ``None``).  A ``ModelError`` when it does not answer, answers
        something else, or has no such model."""
        server = cls(
            address,
            model or "",
            max_tokens=max_tokens,
            connect_timeout=connect_timeout,
            read_timeout=read_timeout,
            concurrency=concurrency,
        )
        names = server.list_models()
        if model is None:
            if not names:
                raise ModelError(f"The model server at {address.base} lists no models.")
            server.model = names[0]
        elif names and model not in names:
            offered = ", ".join(names[:5])
            raise ModelError(
                f"The model server at {address.base} has no model {model!r}; it offers {offered}."
            )
        return server

    def list_models(self) -> list[str]:
        """The model names the server lists (``GET /v1/models``)."""
        connection = self._open()
        try:
            connection.request("GET", self.address.path("models"))
            response = connection.getresponse()
            raw = response.read(MAX_REPLY_CHARS)
            if response.status != 200:
                raise ModelError(
                    f"The model server at {self.address.base} answered {response.status} "
                    "when asked for its models; is it an OpenAI-compatible server?"
                )
        except OSError as exc:
            raise self._down(exc) from None
        finally:
            connection.close()
        try:
            data = json.loads(raw)
            items = data["data"] if isinstance(data, dict) else None
            if not isinstance(items, list):
                raise TypeError
            names = [str(m["id"]) for m in items if isinstance(m, dict) and "id" in m]
        except (ValueError, KeyError, TypeError):
            raise ModelError(
                f"The model server at {self.address.base} did not list its models as an "
                "OpenAI-compatible server does."
            ) from None
        return names

    # ------------------------------------------------------------------ StreamingModel

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self._cancel = token

    def _check_open(self) -> None:
        """Before a request: the model is not closed and the job not cancelled."""
        if self._closed:
            raise ModelError("The model server connection was closed.")
        self._check_cancel()

    def _check_cancel(self) -> None:
        if self._cancel is not None:
            self._cancel.raise_if_cancelled()

    def _job_cancelled(self) -> bool:
        return self._cancel is not None and self._cancel.cancelled

    def close(self) -> None:
        self._closed = True
        self._drop_prefetched()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def prefetch(self, prompts: Sequence[Prompt]) -> None:
        """Start the replies to ``prompts``, ``concurrency`` at a time, in this order;
        :meth:`complete` hands each over when asked for the same prompt.  What an earlier
        call started and nobody asked for is dropped (requests in flight stop).  With a
        concurrency of 1, or an empty list, nothing is started."""
        self._drop_prefetched()
        if self._closed or self.concurrency <= 1 or not prompts:
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.concurrency, thread_name_prefix="inkling-server")
        stop = threading.Event()
        self._batch_stop = stop

        def stopped() -> bool:
            return stop.is_set() or self._job_cancelled()

        for prompt in prompts:
            key = _prompt_key(prompt)
            if key not in self._ahead:
                self._ahead[key] = self._pool.submit(self._ask, prompt, None, stopped)

    def _drop_prefetched(self) -> None:
        self._batch_stop.set()
        for future in self._ahead.values():
            future.cancel()
        self._ahead.clear()

    def complete(self, prompt: Prompt) -> str:
        """The server's reply to ``prompt``, streamed (or started by :meth:`prefetch`);
        see the module for the schema.

        Raises Cancelled when the job is cancelled (between chunks), a ModelError (one
        sentence) when the server is down, stalls, or fails."""
        self._check_open()
        future = self._ahead.pop(_prompt_key(prompt), None)
        if future is None:
            text, self.last_stats = self._ask(prompt, self.on_token, self._job_cancelled)
            return text
        while True:
            try:
                text, self.last_stats = future.result(timeout=_POLL_SECONDS)
            except FutureTimeout:
                self._check_cancel()
                continue
            return text

    def complete_with_images(self, prompt: Prompt, images: Sequence[bytes]) -> str:
        """The reply of a vision model on the server to ``prompt`` about ``images`` (one
        per page, in order; sent as ``data:`` URIs in the user turn, as the OpenAI chat
        API has them).  A server whose model cannot see answers an error, or a reply that
        the callers' strict parsing refuses."""
        self._check_open()
        try:
            messages = vision_messages(prompt, images)
        except ValueError as exc:
            raise ModelError(f"A page image cannot be sent to the model server: {exc}.") from None
        text, self.last_stats = self._ask(prompt, self.on_token, self._job_cancelled, messages)
        return text

    def _ask(
        self,
        prompt: Prompt,
        on_token: Callable[[int], None] | None,
        stopped: _Stopped,
        messages: list[dict[str, Any]] | None = None,
    ) -> _Reply:
        """One request, with the structured-output shapes tried in turn (any thread).
        The system role leads with the guardrail, as a local model's does."""
        if messages is None:
            messages = [
                {"role": "system", "content": guarded_system(prompt.system)},
                {"role": "user", "content": prompt.user},
            ]
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "stream": True,
            "temperature": 0.0,
            "max_tokens": prompt.reply_budget(self.max_tokens),
        }
        if prompt.json_schema is None:
            return self._stream(body, on_token, stopped)
        formats = self._formats or _schema_formats(prompt.json_schema)
        for n, shape in enumerate(formats):
            request = dict(body)
            if shape is not None:
                request["response_format"] = self._with_schema(shape, prompt.json_schema)
            try:
                reply = self._stream(request, on_token, stopped)
            except _RefusedError:
                if n == len(formats) - 1:
                    raise ModelError(
                        f"The model server at {self.address.base} refused Inkling's request."
                    ) from None
                continue
            self._formats = formats[n:]
            self.format_used = "none" if shape is None else str(shape["type"])
            return reply
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    @staticmethod
    def _with_schema(shape: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
        """The remembered shape with this prompt's schema in it."""
        if shape["type"] == "json_schema":
            return {
                "type": "json_schema",
                "json_schema": {**shape["json_schema"], "schema": schema},
            }
        return {**shape, "schema": schema}

    # ------------------------------------------------------------------ HTTP

    def _open(self) -> http.client.HTTPConnection:
        a = self.address
        if a.scheme == "https":
            return http.client.HTTPSConnection(a.host, a.port, timeout=self.connect_timeout)
        return http.client.HTTPConnection(a.host, a.port, timeout=self.connect_timeout)

    def _down(self, exc: OSError) -> ModelError:
        if isinstance(exc, TimeoutError | socket.timeout):
            return ModelError(
                f"The model server at {self.address.base} did not answer in time; check "
                "that it is running, or choose another model in Settings."
            )
        reason = exc.strerror or exc.__class__.__name__
        return ModelError(
            f"The model server at {self.address.base} cannot be reached ({reason}); start "
            "it, or choose another model in Settings."
        )

    def _events(self, response: http.client.HTTPResponse) -> Iterator[dict[str, Any]]:
        """The JSON payloads of the server-sent events, until ``[DONE]`` or the end."""
        while True:
            line = response.readline(MAX_REPLY_CHARS)
            if not line:
                return
            text = line.decode("utf-8", errors="replace").strip()
            if not text.startswith("data:"):
                continue
            payload = text[len("data:") :].strip()
            if payload == "[DONE]":
                return
            try:
                event = json.loads(payload)
            except ValueError:
                continue  # untrusted: a malformed event is skipped
            if isinstance(event, dict):
                yield event

    def _stream(
        self, body: dict[str, Any], on_token: Callable[[int], None] | None, stopped: _Stopped
    ) -> _Reply:
        started = time.perf_counter()
        first_at: float | None = None
        generated = 0
        finish = "length"
        pieces: list[str] = []
        size = 0
        prompt_tokens = 0

        def stats(reason: str) -> GenerationStats:
            ended = time.perf_counter()
            first = first_at if first_at is not None else ended
            decode = ended - first
            return GenerationStats(
                prompt_tokens=prompt_tokens,
                evaluated_prompt_tokens=prompt_tokens,
                reused_prompt_tokens=0,
                generated_tokens=generated,
                seconds=ended - started,
                prompt_seconds=first - started,
                tokens_per_second=(generated - 1) / decode if generated > 1 and decode > 0 else 0.0,
                prompt_tokens_per_second=0.0,
                finish_reason=reason,
            )

        connection = self._open()
        response: http.client.HTTPResponse | None = None
        try:
            try:
                connection.request(
                    "POST",
                    self.address.path("chat/completions"),
                    body=json.dumps(body).encode("utf-8"),
                    headers={"Content-Type": "application/json", "Accept": "text/event-stream"},
                )
                if connection.sock is not None:
                    connection.sock.settimeout(self.read_timeout)
                response = connection.getresponse()
                if response.status != 200 and "response_format" in body:
                    said = response.read(MAX_ERROR_BYTES)
                    # 4xx, or (llama-cpp-python's server) a 500 naming the option
                    if response.status < 500 or b"response_format" in said:
                        raise _RefusedError()
                if response.status != 200:
                    raise ModelError(
                        f"The model server at {self.address.base} answered {response.status} "
                        f"({response.reason}); check its log."
                    )
                for event in self._events(response):
                    if stopped():
                        self.last_stats = stats("cancelled")
                        raise Cancelled()
                    usage = event.get("usage")
                    if isinstance(usage, dict) and isinstance(usage.get("prompt_tokens"), int):
                        prompt_tokens = usage["prompt_tokens"]
                    choices = event.get("choices")
                    if not isinstance(choices, list) or not choices:
                        continue
                    choice = choices[0] if isinstance(choices[0], dict) else {}
                    delta = choice.get("delta")
                    piece = delta.get("content") if isinstance(delta, dict) else None
                    if isinstance(piece, str) and piece:
                        if first_at is None:
                            first_at = time.perf_counter()
                        generated += 1
                        pieces.append(piece)
                        size += len(piece)
                        if on_token is not None:
                            on_token(generated)
                    reason = choice.get("finish_reason")
                    if isinstance(reason, str) and reason:
                        finish = reason
                    if size >= MAX_REPLY_CHARS:
                        finish = "length"
                        break
            except OSError as exc:
                self.last_stats = stats("error")
                raise self._down(exc) from None
            except http.client.HTTPException as exc:
                self.last_stats = stats("error")
                raise ModelError(
                    f"The model server at {self.address.base} sent a broken answer "
                    f"({exc.__class__.__name__}); check its log."
                ) from None
        finally:
            # the response holds the socket open after the connection lets go of it (a
            # "Connection: close" reply): close both, so that a cancelled reply really
            # hangs up and the server stops generating it
            if response is not None:
                response.close()
            connection.close()
        if stopped():
            self.last_stats = stats("cancelled")
            raise Cancelled()
        return "".join(pieces)[:MAX_REPLY_CHARS], stats(finish)
