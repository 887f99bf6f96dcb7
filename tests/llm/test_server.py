"""The model-server engine against a real OpenAI-compatible server on 127.0.0.1:
llama-cpp-python's own (``python -m llama_cpp.server``) serving the tiny generated GGUF.
Never a mock of the HTTP layer; the stalled and refused cases use real sockets too."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path

import pytest

from app.domain.guardrail import MEDICATION_GUARDRAIL
from app.domain.model import Prompt
from app.domain.progress import Cancelled, CancelToken
from app.llm import ModelError
from app.llm.server import ServerTextModel, is_loopback_host, parse_server_url
from tests.model_server import ScriptedServer, free_port

pytestmark = [pytest.mark.allow_hosts(["127.0.0.1"]), pytest.mark.timeless]

SCHEMA = {
    "type": "object",
    "properties": {"hits": {"type": "array", "maxItems": 2, "items": {"type": "integer"}}},
    "required": ["hits"],
    "additionalProperties": False,
}


def test_addresses_are_read_and_loopback_is_known() -> None:
    a = parse_server_url("127.0.0.1:8080/v1/")
    assert (a.scheme, a.host, a.port, a.prefix, a.base) == (
        "http",
        "127.0.0.1",
        8080,
        "",
        "http://127.0.0.1:8080",
    )
    assert a.path("chat/completions") == "/v1/chat/completions"
    assert a.loopback
    assert parse_server_url("http://localhost:11434").loopback
    assert parse_server_url("http://[::1]:8080").loopback
    assert parse_server_url("https://lab.example:8443/llm").path("models") == "/llm/v1/models"
    assert not parse_server_url("http://192.168.1.20:8080").loopback
    assert not is_loopback_host("gpu-box.local")
    for bad in ("", "ftp://host", "http://", "http://user:pw@127.0.0.1:1", "http://h:99999"):
        with pytest.raises(ModelError) as caught:
            parse_server_url(bad)
        assert str(caught.value).count(".") >= 1
        assert "\n" not in str(caught.value)


def test_a_reply_from_a_real_server_is_streamed_under_the_schema(llama_server: str) -> None:
    model = ServerTextModel.connect(parse_server_url(llama_server), max_tokens=48)
    assert model.model == "tiny"
    counted: list[int] = []
    model.on_token = counted.append
    reply = model.complete(Prompt("Reply with JSON.", "Which hits?", json_schema=SCHEMA))
    stats = model.last_stats
    assert stats is not None
    assert stats.finish_reason in {"stop", "length"}
    assert stats.generated_tokens == len(counted) > 0
    assert counted == list(range(1, len(counted) + 1))
    # llama-cpp-python's server refuses OpenAI's json_schema shape and takes its own
    assert model.format_used == "json_object"
    if stats.finish_reason == "stop":  # a complete reply is held to the schema
        data = json.loads(reply)
        assert set(data) == {"hits"}
        assert all(isinstance(n, int) for n in data["hits"])
    else:
        assert reply.startswith("{")
    # a reply with no schema is plain text
    assert isinstance(model.complete(Prompt("Say hi.", "Hi?")), str)


def test_an_unknown_model_name_is_one_sentence(llama_server: str) -> None:
    with pytest.raises(ModelError) as caught:
        ServerTextModel.connect(parse_server_url(llama_server), "llama-70b")
    assert str(caught.value) == (
        f"The model server at {llama_server} has no model 'llama-70b'; it offers tiny."
    )


def test_cancel_stops_between_tokens(llama_server: str) -> None:
    model = ServerTextModel.connect(parse_server_url(llama_server), "tiny", max_tokens=200)
    token = CancelToken()
    model.set_cancel_token(token)
    seen: list[int] = []

    def on_token(n: int) -> None:
        seen.append(n)
        if n == 3:
            token.cancel()

    model.on_token = on_token
    with pytest.raises(Cancelled):
        model.complete(Prompt("Write a long story.", "Once upon a time"))
    assert seen[:3] == [1, 2, 3]
    assert len(seen) <= 4  # stopped at the next chunk, not at the end of the reply
    assert model.last_stats is not None
    assert model.last_stats.finish_reason == "cancelled"
    with pytest.raises(Cancelled):  # a job cancelled before it starts never sends
        model.complete(Prompt("a", "b"))


def test_a_server_that_is_down_is_one_sentence() -> None:
    port = free_port()  # nothing listens there now
    with pytest.raises(ModelError) as caught:
        ServerTextModel.connect(parse_server_url(f"127.0.0.1:{port}"))
    message = str(caught.value)
    assert message.startswith(f"The model server at http://127.0.0.1:{port} cannot be reached (")
    assert message.endswith("start it, or choose another model in Settings.")


def test_a_server_that_stalls_ends_in_one_sentence(tmp_path: Path) -> None:
    """A real socket that accepts the request and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    held: list[socket.socket] = []

    def accept() -> None:
        try:
            conn, _ = listener.accept()
            held.append(conn)
        except OSError:
            pass

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    model = ServerTextModel(parse_server_url(f"127.0.0.1:{port}"), "m", read_timeout=0.5)
    started = time.monotonic()
    try:
        with pytest.raises(ModelError) as caught:
            model.complete(Prompt("s", "private words", json_schema=SCHEMA))
    finally:
        listener.close()
        for conn in held:
            conn.close()
    assert time.monotonic() - started < 10
    assert "did not answer in time" in str(caught.value)
    assert "private words" not in str(caught.value)


def _echo(user: str) -> str:
    return json.dumps({"hits": [len(user)]})


def test_prefetched_replies_come_back_in_the_callers_order_four_in_flight() -> None:
    prompts = [Prompt("s", "x" * n, json_schema=SCHEMA) for n in range(1, 7)]
    with ScriptedServer(_echo, delay=0.01, gate=4) as server:
        model = ServerTextModel.connect(parse_server_url(server.url), concurrency=4)
        model.prefetch(prompts)
        replies = [model.complete(p) for p in prompts]
    assert [json.loads(r)["hits"] for r in replies] == [[n] for n in range(1, 7)]
    assert server.max_in_flight == 4  # the server held four requests at once
    assert sorted(server.asked) == sorted(p.user for p in prompts)  # each asked once
    assert model.last_stats is not None
    assert model.last_stats.finish_reason == "stop"


def test_one_at_a_time_when_concurrency_is_one_and_after_the_batch_is_dropped() -> None:
    prompts = [Prompt("s", "x" * n, json_schema=SCHEMA) for n in range(1, 4)]
    with ScriptedServer(_echo, delay=0.01) as server:
        model = ServerTextModel.connect(parse_server_url(server.url), concurrency=1)
        model.prefetch(prompts)  # nothing is started ahead
        assert server.asked == []
        assert [model.complete(p) for p in prompts] == [_echo(p.user) for p in prompts]
        assert server.max_in_flight == 1
        # a dropped batch: what had not started is never sent; a later ask sends it anew
        eager = ServerTextModel.connect(parse_server_url(server.url), concurrency=2)
        eager.prefetch([Prompt("s", "y" * n, json_schema=SCHEMA) for n in range(1, 40)])
        eager.prefetch([])
        eager.close()
    assert sum(1 for a in server.asked if a.startswith("y")) < 39


def test_a_cancel_stops_the_prefetched_requests() -> None:
    prompts = [Prompt("s", "z" * n, json_schema=SCHEMA) for n in range(1, 5)]
    with ScriptedServer(lambda user: json.dumps({"hits": [1] * 20_000}), delay=0.01) as server:
        model = ServerTextModel.connect(parse_server_url(server.url), concurrency=4)
        token = CancelToken()
        model.set_cancel_token(token)
        model.prefetch(prompts)
        threading.Timer(0.2, token.cancel).start()
        with pytest.raises(Cancelled):
            model.complete(prompts[0])
        deadline = time.monotonic() + 30
        while server.in_flight and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.in_flight == 0  # every request in flight stopped between chunks
        assert server.finished == 0  # none ran to the end of its 40,000-character reply


def test_the_guardrail_leads_the_system_role_and_page_images_follow_the_request() -> None:
    with ScriptedServer(_echo) as server:
        model = ServerTextModel.connect(parse_server_url(server.url))
        model.complete(Prompt("Find hits.", "Which?", json_schema=SCHEMA))
        png = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
        model.complete_with_images(Prompt("Transcribe.", "The page:", SCHEMA), [png, png])
    text_request, vision_request = server.requests
    for request in server.requests:
        system = request["messages"][0]
        assert system["role"] == "system"
        assert system["content"].startswith(MEDICATION_GUARDRAIL)
    assert text_request["messages"][0]["content"].endswith("Find hits.")
    parts = vision_request["messages"][1]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url", "image_url"]
    assert parts[0]["text"] == "The page:"
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,iVBORw0KGgo")
    assert vision_request["response_format"]["json_schema"]["schema"] == SCHEMA


def test_an_image_no_one_can_read_is_one_sentence_and_nothing_is_sent() -> None:
    with ScriptedServer(_echo) as server:
        model = ServerTextModel.connect(parse_server_url(server.url))
        with pytest.raises(ModelError) as caught:
            model.complete_with_images(Prompt("s", "u"), [b"not an image at all"])
    assert server.requests == []
    assert str(caught.value).startswith("A page image cannot be sent to the model server:")
    assert "\n" not in str(caught.value)
