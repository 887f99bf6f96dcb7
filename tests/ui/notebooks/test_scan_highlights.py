"""Evidence on the scan itself: the transcribed lines an anchor covers are outlined on
the page image, scaled as the image is shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.domain.notebooks.transcription import PageLines, TextLine, rectangle
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks.runs import run_detector
from app.services.notebooks.transcription import store_page_lines
from app.store import Database
from app.ui.common.tasks import Tasks
from app.ui.notebooks.look import type_colour
from app.ui.notebooks.page_view import PageView
from tests.ocr_files import render_page

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

LINES = ["We sailed at dawn.", "I kept the log myself.", "The wind dropped by noon."]


@pytest.fixture
def transcribed(db: Database, tmp_path: Path) -> tuple[int, int]:
    folder = tmp_path / "scan"
    folder.mkdir()
    render_page(folder / "01.png", LINES)  # 1000 × 260
    notebook = notebooks.import_notebook(db, folder).value.id
    page = notebooks.list_pages(db, notebook)[0]
    # as an engine read it: boxes in the scan's pixels (the page text is the three lines)
    read = PageLines(
        "tesseract",
        1000,
        260,
        tuple(
            TextLine(text, rectangle(40, 40 + 60 * n, 600, 80 + 60 * n))
            for n, text in enumerate(LINES)
        ),
    )
    store_page_lines(db, page.id, read, image_digest=page.image_digest)
    run_detector(db, None, notebook, "first_person")
    return notebook, page.id


def test_the_lines_evidence_covers_are_outlined_on_the_scan(
    qtbot: QtBot, db: Database, ops: Tasks, transcribed: tuple[int, int]
) -> None:
    notebook, page_id = transcribed
    found = findings.list_findings(db, notebook, detector_id="first_person")
    assert found
    anchored = {e.anchor_text for f in found for e in f.evidence}
    assert anchored == {"I"}
    view = PageView(db, ops)
    qtbot.addWidget(view)
    view.resize(1200, 760)
    view.show()
    view.show_page(notebook, page_id)
    qtbot.waitUntil(lambda: view.snapshot is not None and not view.is_loading)
    items = view.scan.box_items
    assert items  # every anchor sits on the second line
    for item in items:
        rect = item.polygon().boundingRect()
        assert (rect.left(), rect.top(), rect.right(), rect.bottom()) == (40, 100, 600, 140)
        assert item.pen().color() == type_colour(found[0].finding_type)
    assert any(item.pen().widthF() == 3.0 for item in items)  # the current finding
    # while the text is being edited the outlines are hidden
    view.edit_button.click()
    assert view.scan.box_items == []
    view.cancel_edit()
    qtbot.waitUntil(lambda: bool(view.scan.box_items))


def test_a_scan_replaced_since_the_transcription_shows_no_outlines(
    qtbot: QtBot, db: Database, ops: Tasks, transcribed: tuple[int, int], tmp_path: Path
) -> None:
    notebook, page_id = transcribed
    notebooks.attach_scan(db, page_id, render_page(tmp_path / "new.png", LINES[::-1]))
    view = PageView(db, ops)
    qtbot.addWidget(view)
    view.show()
    view.show_page(notebook, page_id)
    qtbot.waitUntil(lambda: view.snapshot is not None and not view.is_loading)
    assert view.snapshot is not None
    assert view.snapshot.lines is None
    assert view.cards
    assert view.scan.box_items == []
