"""The vision route up to llama-cpp-python's multimodal chat handler (no multimodal model
is installed here, so the handler and ``Llama`` are replaced by recording fakes)."""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from app.domain import Prompt
from app.domain.guardrail import MEDICATION_GUARDRAIL
from app.domain.progress import CancelToken
from app.llm import ModelWorker
from app.llm.vision import LlamaVisionModel, image_data_uri, vision_messages
from app.services.notebooks import models as notebook_models
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import ModelIdentity, VisionModel, VisionRuntime, run_detector
from app.services.settings import load_settings, save_settings
from app.store import Database
from tests.notebook_files import TINY_JPEG, tiny_png

LABEL = json.dumps(
    {
        "detected": True,
        "confidence": 0.95,
        "starts_on_this_window": True,
        "continues_before": False,
        "continues_after": False,
        "reason": "a pasted bottle label",
        "label_kind": "bottle_label",
        "beer_name": "Harbour Stout",
    }
)


class FakeVision:
    """A ``VisionModel``: replies with a canned label; its worker binds and closes it."""

    def __init__(self) -> None:
        self.calls: list[tuple[Prompt, list[bytes]]] = []
        self.cancel_token: CancelToken | None = None
        self.closed = False

    def set_cancel_token(self, token: CancelToken | None) -> None:
        self.cancel_token = token

    def close(self) -> None:
        self.closed = True

    def complete_with_images(self, prompt: Prompt, images: Sequence[bytes]) -> str:
        if self.cancel_token is not None:
            self.cancel_token.raise_if_cancelled()
        self.calls.append((prompt, list(images)))
        return LABEL


def test_messages_carry_images_as_data_uris_after_the_request() -> None:
    prompt = Prompt(system="Reply with JSON.", user="PAGE 1 [scan attached]", json_schema=None)
    messages = vision_messages(prompt, [tiny_png(), TINY_JPEG])
    assert messages[0]["role"] == "system"
    assert messages[0]["content"].startswith(MEDICATION_GUARDRAIL)
    user = messages[1]["content"]
    assert user[0] == {"type": "text", "text": "PAGE 1 [scan attached]"}
    urls = [part["image_url"]["url"] for part in user[1:]]
    assert urls[0].startswith("data:image/png;base64,")
    assert urls[1].startswith("data:image/jpeg;base64,")
    assert base64.b64decode(urls[1].split(",", 1)[1]) == TINY_JPEG
    with pytest.raises(ValueError, match="PNG, JPEG, or a TIFF"):
        image_data_uri(b"GIF89a")  # a header and nothing else


def test_a_tiff_scan_is_sent_as_a_png_no_larger_than_the_projector_needs() -> None:
    import io

    from PIL import Image

    from app.llm.vision import MAX_SIDE

    scan = Image.new("L", (3000, 1500), color=200)
    scan.putpixel((10, 10), 0)
    raw = io.BytesIO()
    scan.save(raw, format="TIFF", compression="tiff_lzw")
    url = image_data_uri(raw.getvalue())
    assert url.startswith("data:image/png;base64,")
    with Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))) as sent:
        assert (sent.format, sent.mode, sent.size) == ("PNG", "RGB", (MAX_SIDE, MAX_SIDE // 2))
    with pytest.raises(ValueError, match="can be read"):
        image_data_uri(raw.getvalue()[:200])  # a truncated TIFF


def test_load_uses_the_llava_handler_with_the_projector(
    tiny_model_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import llama_cpp
    import llama_cpp.llama_chat_format as chat_format

    made: dict[str, Any] = {}

    class Handler:
        def __init__(self, clip_model_path: str, verbose: bool = True) -> None:
            made["clip"] = clip_model_path

    class Llama:
        def __init__(self, **kwargs: Any) -> None:
            made["llama"] = kwargs

        def create_chat_completion(self, **kwargs: Any) -> dict[str, Any]:
            made["request"] = kwargs
            return {"choices": [{"message": {"content": LABEL}}]}

        def close(self) -> None:
            made["closed"] = True

    monkeypatch.setattr(chat_format, "Llava15ChatHandler", Handler)
    monkeypatch.setattr(llama_cpp, "Llama", Llama)
    model = LlamaVisionModel.load(tiny_model_path, tiny_model_path, n_ctx=2048)
    assert made["clip"] == str(tiny_model_path.resolve())
    assert isinstance(made["llama"]["chat_handler"], Handler)
    assert made["llama"]["n_ctx"] == 2048
    schema = {"type": "object"}
    reply = model.complete_with_images(Prompt("s", "u", schema), [tiny_png()])
    assert reply == LABEL
    assert made["request"]["temperature"] == 0.0
    assert made["request"]["response_format"] == {"type": "json_object", "schema": schema}
    model.close()
    assert made["closed"]


def test_a_missing_projector_is_one_clear_model_error(
    tiny_model_path: Path, tmp_path: Path
) -> None:
    from app.llm import ModelError

    with pytest.raises(ModelError, match="No model file was found"):
        LlamaVisionModel.load(tiny_model_path, tmp_path / "mmproj.gguf")


def test_vision_windows_send_the_page_images(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "labels"
    folder.mkdir()
    (folder / "1.png").write_bytes(tiny_png(50))
    (folder / "2.jpg").write_bytes(TINY_JPEG)
    notebook = notebooks.import_notebook(db, folder).value.id
    fake = FakeVision()
    worker: ModelWorker[VisionModel] = ModelWorker(lambda: fake)
    try:
        runtime = VisionRuntime(worker, ModelIdentity("vision", "v" * 64, 4096, 512))
        run = run_detector(db, None, notebook, "beer_labels", vision=runtime).value
        again = run_detector(db, None, notebook, "beer_labels", vision=runtime).value
    finally:
        worker.close()
    assert (run.route, run.outcome) == ("vision", "success")
    [(prompt, images)] = fake.calls
    assert images == [tiny_png(50), TINY_JPEG]
    assert "is attached as image 1" in prompt.user
    [finding] = run.findings
    assert finding.detector_data["beer_name"] == "Harbour Stout"
    assert again.cache_hit
    # without text, no vision model: nothing can read the pages
    assert run_detector(db, None, notebook, "beer_labels", force=True).value.capability == (
        "unavailable_model"
    )


def test_vision_runtime_comes_from_the_settings(tiny_model_path: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert notebook_models.vision_runtime(data, str(tiny_model_path)) is None
    projector = tmp_path / "mmproj.gguf"
    projector.write_bytes(tiny_model_path.read_bytes())
    save_settings(data, load_settings(data).with_changes(vision_projector=str(projector)))
    runtime = notebook_models.vision_runtime(data, str(tiny_model_path))
    assert runtime is not None
    try:
        assert len(runtime.identity.digest) == 64
        assert runtime.identity.name.endswith("mmproj.gguf")
    finally:
        runtime.worker.close()
