"""The model-server engine from the command line (issue 18 item 2), against llama-cpp-
python's real server on 127.0.0.1: choosing it, reading an entry and a notebook through
it, the cache identity it gives runs, and the refusals (a server that is not on this
computer, one that is down)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.llm.server import parse_server_url
from app.paths import data_dir
from app.services.models import server as model_server
from app.services.notebooks.models import text_identity, text_model_or_none
from app.services.settings import Settings, load_settings, save_settings
from tests.cli.helpers import run, run_json
from tests.model_server import MODEL_NAME, free_port

on_loopback = pytest.mark.allow_hosts(["127.0.0.1"])
pytestmark = pytest.mark.timeless


@on_loopback
def test_a_loopback_server_is_chosen_and_reads_entries_and_notebooks(
    llama_server: str, tiny_model_path: Path
) -> None:
    assert run_json("model", "use", "--server", llama_server) == {
        "server": llama_server,
        "model": MODEL_NAME,
        "vision_model": None,
    }
    saved = load_settings(data_dir(None))
    assert (saved.server_url, saved.server_model, saved.server_confirmed) == (
        llama_server,
        MODEL_NAME,
        None,  # on this computer: nothing to confirm
    )
    assert run_json("model", "info") == {
        "server": llama_server,
        "model": MODEL_NAME,
        "source": "server",
    }
    # an entry read by the model, through the server (the tiny model finds nothing it
    # can anchor; what matters is that the request went there and came back clean)
    run_json("habit", "add", "Running")
    run_json("entry", "add", "--date", "2026-11-02", "--text", "Ran 5k along the river.")
    doc = run_json("detect", "entry", "1", "--pipeline", "model")
    assert doc["checked"] is True
    # notebook runs: the same requests; their cache identity names the server, not a file
    engine, identity = text_model_or_none(data_dir(None), None) or (None, None)
    assert engine == model_server.ServerChoice(parse_server_url(llama_server), MODEL_NAME)
    assert identity is not None
    assert identity.name == f"{MODEL_NAME} on {llama_server}"
    assert (
        identity.digest
        == engine.digest
        != text_identity(data_dir(None), tiny_model_path, Settings()).digest
    )
    # a file named for one run wins over the server; choosing a file gives the server up
    assert model_server.choose_server(data_dir(None), str(tiny_model_path)) is None
    run_json("model", "use", str(tiny_model_path))
    assert load_settings(data_dir(None)).server_url is None
    assert model_server.choose_server(data_dir(None)) is None


def test_a_server_elsewhere_needs_a_confirmation_and_nothing_is_saved_without_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run("model", "use", "--server", "http://192.168.1.20:8080")
    err = capsys.readouterr().err.strip()
    assert (code, out) == (1, "")
    assert err == (
        "inkling: 192.168.1.20 is not this computer: the text of your entries and pages would be "
        "sent there. Confirm with `inkling model use --server URL --yes`, or in Settings ▸ "
        "Models."
    )
    assert load_settings(data_dir(None)) == Settings()
    # a saved address that was never confirmed is refused where it would be used
    save_settings(data_dir(None), Settings(server_url="http://192.168.1.20:8080"))
    code, _ = run("detect", "entry", "1", "--pipeline", "model")
    assert code == 2
    assert "is not this computer" in capsys.readouterr().err
    confirmed = Settings(
        server_url="http://192.168.1.20:8080", server_confirmed="http://192.168.1.20:8080"
    )
    save_settings(data_dir(None), confirmed)
    chosen = model_server.choose_server(data_dir(None))
    assert chosen is not None
    assert chosen.name == "the first model on http://192.168.1.20:8080"


@on_loopback
def test_a_server_that_is_down_is_one_sentence_and_nothing_is_saved(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    code, _ = run("model", "use", "--server", url, "--model", "qwen")
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1
    assert err[0].startswith(f"inkling: The model server at {url} cannot be reached (")
    assert load_settings(data_dir(None)).server_url is None


def test_model_use_takes_one_kind_of_model(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("model", "use", "--default", "--server", "http://127.0.0.1:1")
    assert code == 1
    assert capsys.readouterr().err.strip() == (
        "inkling: Give a model path, --default or --server, not two of them."
    )
    assert json.dumps(load_settings(data_dir(None)).server_url) == "null"


@on_loopback
def test_a_vision_model_on_the_server_is_checked_and_kept(
    llama_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run("model", "use", "--server", llama_server, "--vision-model", "llava")
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err == (
        f"inkling: The model server at {llama_server} has no model 'llava'; it offers {MODEL_NAME}."
    )
    assert load_settings(data_dir(None)).server_url is None  # nothing saved
    doc = run_json("model", "use", "--server", llama_server, "--vision-model", MODEL_NAME)
    assert doc["vision_model"] == MODEL_NAME
    assert load_settings(data_dir(None)).server_vision_model == MODEL_NAME
    run_json("model", "use", "--default")  # giving the server up forgets its vision model
    assert load_settings(data_dir(None)).server_vision_model is None


def test_a_vision_model_needs_a_server(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run("model", "use", "--vision-model", "llava")
    assert code == 1
    assert capsys.readouterr().err.strip() == "inkling: --vision-model goes with --server."
