"""Transcribing a notebook's scans: text and boxes stored, detectors stale as after an
edit, pages with text skipped unless forced, cancel between pages, the vision route."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from app.domain import Prompt
from app.domain.notebooks.transcription import PageLines, TextLine, character_errors
from app.domain.progress import CancelToken, Progress
from app.llm import ModelWorker
from app.services.errors import InvalidInputError
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks import transcription
from app.services.notebooks.models import vision_runtime
from app.services.notebooks.runs import ModelIdentity, VisionModel, VisionRuntime, run_detector
from app.services.notebooks.transcription import PageOutcome, page_lines, transcribe_notebook
from app.services.settings import Settings, load_settings, save_settings
from app.store import Database
from tests.model_server import ScriptedServer
from tests.ocr_files import need_tesseract, render_page

PAGES = [
    ["I walked to the harbour with my sister.", "I bought bread and candles."],
    ["This page was typed in already."],
    ["We sailed home before the storm."],
]


@pytest.fixture
def notebook(db: Database, tmp_path: Path) -> int:
    folder = tmp_path / "scans"
    folder.mkdir()
    for number, lines in enumerate(PAGES, start=1):
        render_page(folder / f"{number:02}.png", lines)
    (folder / "02.txt").write_text("This page was typed in already.\n", encoding="utf-8")
    return notebooks.import_notebook(db, folder).value.id


def test_scans_become_page_text_with_line_boxes_and_detectors_go_stale(
    db: Database, notebook: int
) -> None:
    need_tesseract()
    run_detector(db, None, notebook, "first_person")
    assert notebook_runs.freshness(db, notebook, "first_person") == "ok"
    progress: list[Progress] = []
    seen: list[PageOutcome] = []
    result = transcribe_notebook(db, notebook, on_progress=progress.append, on_page=seen.append)
    summary = result.value
    assert [p.status for p in summary.pages] == ["transcribed", "has_text", "transcribed"]
    assert seen == list(summary.pages)
    assert [(p.done, p.total) for p in progress] == [(0, 3), (1, 3), (2, 3), (3, 3)]
    pages = notebooks.list_pages(db, notebook)
    assert result.changes.pages == {pages[0].id, pages[2].id}
    assert character_errors("\n".join(PAGES[0]), pages[0].text or "").rate < 0.05
    assert pages[0].transcribed_text == pages[0].text
    assert pages[1].text == "This page was typed in already.\n"
    lines = page_lines(db, pages[0].id)
    assert lines is not None
    assert lines.engine == "tesseract"
    assert len(lines.lines) == 2
    assert all(line.bounds is not None for line in lines.lines)
    assert page_lines(db, pages[1].id) is None
    assert notebook_runs.freshness(db, notebook, "first_person") == "stale"
    # the text stays editable; the boxes stay with the scan
    notebooks.edit_page_text(db, pages[0].id, "I walked home.")
    assert notebooks.get_page(db, pages[0].id).text == "I walked home."
    assert page_lines(db, pages[0].id) == lines


def test_pages_with_text_are_skipped_unless_forced_and_only_the_pages_asked_for(
    db: Database, notebook: int
) -> None:
    need_tesseract()
    first = transcribe_notebook(db, notebook, positions=[0]).value
    assert [(p.order, p.status) for p in first.pages] == [(0, "transcribed")]
    again = transcribe_notebook(db, notebook, positions=[0, 1]).value
    assert [p.status for p in again.pages] == ["has_text", "has_text"]
    page = notebooks.list_pages(db, notebook)[1]
    notebooks.edit_page_text(db, page.id, "An edit.")
    forced = transcribe_notebook(db, notebook, positions=[1], force=True)
    assert [p.status for p in forced.value.pages] == ["transcribed"]
    assert forced.changes.pages == {page.id}
    stored = notebooks.get_page(db, page.id)
    assert stored.edited_text is None
    assert "typed in already" in (stored.text or "")


def test_cancel_stops_between_pages_and_keeps_the_pages_done(db: Database, notebook: int) -> None:
    need_tesseract()
    token = CancelToken()

    def after(outcome: PageOutcome) -> None:
        token.cancel()

    summary = transcribe_notebook(db, notebook, on_page=after, cancel=token).value
    assert summary.cancelled
    assert [p.status for p in summary.pages] == ["transcribed"]
    pages = notebooks.list_pages(db, notebook)
    assert pages[0].text
    assert pages[2].text is None


def test_a_page_without_a_scan_or_with_a_broken_one_does_not_stop_the_others(
    db: Database, tmp_path: Path
) -> None:
    need_tesseract()
    folder = tmp_path / "mixed"
    folder.mkdir()
    render_page(folder / "01.png", PAGES[2])
    notebook = notebooks.import_notebook(db, folder).value.id
    page = notebooks.list_pages(db, notebook)[0]
    image = notebooks.image_file(db, page)
    assert image is not None
    image.write_bytes(b"\x89PNG\r\n\x1a\nbroken since the import")
    summary = transcribe_notebook(db, notebook).value
    assert [(p.status, p.message) for p in summary.pages] == [
        ("failed", "The page image cannot be read.")
    ]
    assert notebooks.get_page(db, page.id).text is None


def test_engines_are_checked_before_any_page(db: Database, notebook: int) -> None:
    with pytest.raises(InvalidInputError, match="no transcription engine called abbyy"):
        transcribe_notebook(db, notebook, engine="abbyy")
    with pytest.raises(InvalidInputError, match=r"^No vision model is configured; .*\.$"):
        transcribe_notebook(db, notebook, engine="vision")


class FakeVision:
    """A ``VisionModel`` that transcribes every page as the same two lines."""

    def __init__(self) -> None:
        self.prompts: list[Prompt] = []

    def set_cancel_token(self, token: CancelToken | None) -> None:
        pass

    def close(self) -> None:
        pass

    def complete_with_images(self, prompt: Prompt, images: Sequence[bytes]) -> str:
        assert len(images) == 1
        assert images[0].startswith(b"\x89PNG")
        self.prompts.append(prompt)
        return json.dumps({"lines": ["We sailed home", "before the storm."]})


def test_the_vision_route_transcribes_with_a_transcription_prompt(
    db: Database, notebook: int
) -> None:
    model = FakeVision()
    worker: ModelWorker[VisionModel] = ModelWorker(lambda: model, name="test-vision")
    runtime = VisionRuntime(worker, ModelIdentity("fake", "0" * 64, 4096, 512))
    try:
        summary = transcribe_notebook(
            db, notebook, engine=transcription.VISION, positions=[2], vision=runtime
        ).value
    finally:
        worker.close()
    assert [(p.status, p.lines) for p in summary.pages] == [("transcribed", 2)]
    assert model.prompts[0].json_schema == transcription.TRANSCRIPTION_SCHEMA
    page = notebooks.list_pages(db, notebook)[2]
    assert page.text == "We sailed home\nbefore the storm."
    stored = page_lines(db, page.id)
    assert stored is not None
    assert stored.engine == "vision"
    assert not stored.has_boxes


def _third_page_through_the_server(
    db: Database, notebook: int, data: Path
) -> transcription.TranscriptionSummary:
    """Transcribe page 3 with the vision runtime the settings in ``data`` give."""
    runtime = vision_runtime(data)
    assert runtime is not None
    assert runtime.identity.name.endswith(" on " + str(load_settings(data).server_url))
    try:
        return transcribe_notebook(
            db, notebook, engine=transcription.VISION, positions=[2], vision=runtime
        ).value
    finally:
        runtime.worker.close()


@pytest.mark.allow_hosts(["127.0.0.1"])
@pytest.mark.timeless
def test_the_vision_route_through_a_vision_model_on_the_model_server(
    db: Database, notebook: int, isolated_dirs: Path
) -> None:
    reply = json.dumps({"lines": ["We sailed home", "before the storm."]})
    with ScriptedServer(lambda _user: reply) as server:
        assert vision_runtime(isolated_dirs) is None  # no server, no projector: no vision
        save_settings(
            isolated_dirs, Settings(server_url=server.url, server_vision_model="scripted")
        )
        summary = _third_page_through_the_server(db, notebook, isolated_dirs)
        assert summary.engine == "vision"
    assert [(p.status, p.lines) for p in summary.pages] == [("transcribed", 2)]
    assert notebooks.list_pages(db, notebook)[2].text == "We sailed home\nbefore the storm."
    (request,) = server.requests
    assert request["model"] == "scripted"
    image = request["messages"][1]["content"][1]["image_url"]["url"]
    assert image.startswith("data:image/png;base64,")


@pytest.mark.allow_hosts(["127.0.0.1"])
@pytest.mark.timeless
def test_a_real_server_takes_the_image_request_and_its_reply_is_held_to_the_schema(
    db: Database, notebook: int, isolated_dirs: Path, llama_server: str
) -> None:
    """llama-cpp-python's real server accepts the OpenAI image content; its tiny text model
    cannot see, but the schema still holds its reply to the shape of a transcription
    (naming a model that can see is the person's part, README)."""
    save_settings(isolated_dirs, Settings(server_url=llama_server, server_vision_model="tiny"))
    summary = _third_page_through_the_server(db, notebook, isolated_dirs)
    (page,) = summary.pages
    assert page.status in ("transcribed", "failed")
    if page.status == "failed":  # cut at the token cap: one sentence, nothing stored
        assert page.message == "The vision model's reply was not a transcription."
        assert notebooks.list_pages(db, notebook)[2].text == ""
    else:
        stored = page_lines(db, notebooks.list_pages(db, notebook)[2].id)
        assert stored is not None
        assert stored.engine == "vision"
        assert len(stored.lines) == page.lines


def test_boxes_belong_to_the_scan_they_were_read_from(
    db: Database, notebook: int, tmp_path: Path
) -> None:
    page = notebooks.list_pages(db, notebook)[0]
    read = PageLines("tesseract", 10, 10, (TextLine("x", ((0, 0), (1, 0), (1, 1), (0, 1))),))
    transcription.store_page_lines(db, page.id, read, image_digest=page.image_digest)
    assert page_lines(db, page.id) == read
    other = render_page(tmp_path / "other.png", ["Another scan"])
    notebooks.attach_scan(db, page.id, other)
    assert page_lines(db, page.id) is None
    assert transcription.notebook_page_lines(db, notebook) == {}
