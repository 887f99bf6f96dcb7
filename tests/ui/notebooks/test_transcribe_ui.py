"""Transcribe pages on the notebook overview: progress, each page's status, cancel, and
the text editable afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.domain.notebooks.transcription import PageLines
from app.domain.progress import CancelToken
from app.llm import ocr
from app.services.notebooks import pages as notebooks
from app.services.notebooks.transcription import page_lines
from app.store import Database
from app.ui.common.messages import Tone
from app.ui.common.tasks import Tasks
from app.ui.notebooks.overview import NotebookOverview
from tests.ocr_files import need_tesseract, render_page

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


@pytest.fixture
def scans(db: Database, tmp_path: Path) -> int:
    folder = tmp_path / "scans"
    folder.mkdir()
    render_page(folder / "01.png", ["Dear Mary, we walked to Bristol."])
    render_page(folder / "02.png", ["Typed in already."])
    (folder / "02.txt").write_text("Typed in already.", encoding="utf-8")
    render_page(folder / "03.png", ["The rain kept on all day."])
    return notebooks.import_notebook(db, folder).value.id


def shown(qtbot: QtBot, db: Database, ops: Tasks, notebook: int) -> NotebookOverview:
    view = NotebookOverview(db, ops)
    qtbot.addWidget(view)
    view.show()
    view.show_notebook(notebook)
    qtbot.waitUntil(lambda: not view.is_busy and view.state is not None, timeout=10_000)
    return view


def test_transcribe_pages_lists_each_page_and_the_text_stays_editable(
    qtbot: QtBot, db: Database, ops: Tasks, scans: int
) -> None:
    need_tesseract()
    view = shown(qtbot, db, ops, scans)
    assert view.transcribe_button.isEnabled()
    assert view.engine_choice.currentData() == "tesseract"
    view.transcribe_button.click()
    assert not view.transcribe_button.isEnabled()
    assert view.cancel_button.isVisible()
    qtbot.waitUntil(lambda: view.running is None, timeout=60_000)
    statuses = [view.page_status.item(i).text() for i in range(view.page_status.count())]
    assert statuses == [
        "page 1: transcribed (1 line(s))",
        "page 2: skipped, it has text (force transcribes it again)",
        "page 3: transcribed (1 line(s))",
    ]
    assert view.progress.maximum() == 3
    assert view.progress.value() == 3
    assert view.message.text() == "Transcribed 2 of 3 page(s); skipped 1."
    assert view.message.tone == Tone.INFO
    first = notebooks.list_pages(db, scans)[0]
    assert "Bristol" in (first.text or "")
    assert page_lines(db, first.id) is not None
    notebooks.edit_page_text(db, first.id, "Dear Mary.")
    assert notebooks.get_page(db, first.id).text == "Dear Mary."


def test_cancel_stops_between_pages(
    qtbot: QtBot, db: Database, ops: Tasks, scans: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_tesseract()
    view = shown(qtbot, db, ops, scans)
    real = ocr.TesseractEngine.read

    def read_then_cancel(
        self: ocr.TesseractEngine, image: Path, cancel: CancelToken | None = None
    ) -> PageLines:
        result = real(self, image)
        assert cancel is not None
        cancel.cancel()  # the task's token, as Cancel sets it, while the page is read
        return result

    monkeypatch.setattr(ocr.TesseractEngine, "read", read_then_cancel)
    view.transcribe_pages()
    qtbot.waitUntil(lambda: view.running is None, timeout=60_000)
    assert view.page_status.count() == 1
    assert view.message.text() == ("Cancelled: transcribed 1 of 3 page(s) before stopping.")
    texts = [p.text for p in notebooks.list_pages(db, scans)]
    assert texts[0]
    assert texts[2] is None


def test_a_missing_engine_is_shown_in_one_sentence(
    qtbot: QtBot, db: Database, ops: Tasks, scans: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ocr, "tesseract_path", lambda: None)
    view = shown(qtbot, db, ops, scans)
    view.transcribe_pages()
    qtbot.waitUntil(lambda: view.running is None, timeout=10_000)
    assert view.message.tone == Tone.ERROR
    assert view.message.text().startswith("Tesseract is not installed; ")
    view.transcribe_pages(engine="vision")
    qtbot.waitUntil(lambda: view.running is None, timeout=10_000)
    assert view.message.text().startswith("No vision model is configured; ")
    assert notebooks.list_pages(db, scans)[0].text is None
