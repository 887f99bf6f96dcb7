"""A person tagged in the imported PAGE-XML file and found by the names detector too is
one item in the page view (one card, one highlight, "also found by names"); reviewing it
reviews both findings, which stay stored apart."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextFormat
from pytestqt.qtbot import QtBot

from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR
from app.store import Database
from app.ui.common.tasks import Tasks
from app.ui.notebooks.page_view import PageView
from tests.archival_files import TOM_BAKER_LINES as LINES
from tests.archival_files import tom_baker_page
from tests.ui.notebooks.test_page_view import open_view, settle, show

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def tagged_and_found(db: Database, tmp_path: Path) -> tuple[int, int]:
    """The notebook and page id: imported, then names run over it."""
    notebook = notebooks.import_notebook(db, tom_baker_page(tmp_path)).value.id
    assert notebook_runs.run_detector(db, None, notebook, "names").value.published
    (page,) = notebooks.list_pages(db, notebook)
    return notebook, page.id


def tom(db: Database, notebook: int) -> list[tuple[str, str]]:
    """(detector, review status) of each stored finding of Tom Baker."""
    return sorted(
        (f.detector_id, f.review_status)
        for f in findings.list_findings(db, notebook)
        if f.title == "Tom Baker"
    )


def test_a_name_tagged_and_found_is_one_card_and_one_highlight(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    notebook, page_id = tagged_and_found(db, tmp_path)
    assert tom(db, notebook) == [(IMPORTED_DETECTOR, "unreviewed"), ("names", "unreviewed")]
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, page_id)

    titles = [c.title_label.text() for c in view.cards]
    assert titles == ["Name: Anna", "Name: Tom Baker"]
    merged = view.cards[1]
    assert merged.finding.detector_id == IMPORTED_DETECTOR
    assert [f.detector_id for f in merged.item.also] == ["names"]
    assert merged.facts_label.text().startswith("Imported tag, also found by names · Page 1")
    assert merged.accessibleName() == "Finding: Name — imported tag, also found by names"
    assert "also found by" not in view.cards[0].facts_label.text()

    text = "\n".join(LINES)
    shown = sorted(
        (
            text[s.cursor.selectionStart() : s.cursor.selectionEnd()],
            s.format.property(QTextFormat.Property.UserProperty),
        )
        for s in view.text_view.extraSelections()
    )
    assert shown == sorted([("Anna", view.cards[0].finding.id), ("Tom Baker", merged.finding.id)])
    tip = view.tooltip_for(text.index("Tom Baker") + 1)
    assert tip.count("<b>") == 1
    assert "imported tag, also found by names" in tip


def test_reviewing_the_merged_item_reviews_both_findings(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    notebook, page_id = tagged_and_found(db, tmp_path)
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, page_id)
    merged = view.cards[1]
    ids = set(merged.item.ids)

    with qtbot.waitSignal(view.status_message) as said:
        qtbot.mouseClick(merged.reject_button, Qt.MouseButton.LeftButton)
    assert said.args == ["Rejected the name (the imported tag and the names finding)."]
    assert tom(db, notebook) == [(IMPORTED_DETECTOR, "rejected"), ("names", "rejected")]
    settle(qtbot, view, ops)
    merged = next(c for c in view.cards if c.finding.id in ids)
    assert set(merged.item.ids) == ids  # still one item once reviewed
    assert not merged.reject_button.isEnabled()
    assert "Rejected" in merged.facts_label.text()

    view.select_finding(merged.finding.id)
    qtbot.keyClick(view.text_view, Qt.Key.Key_A)  # the keyboard reviews both too
    qtbot.waitUntil(
        lambda: tom(db, notebook) == [(IMPORTED_DETECTOR, "approved"), ("names", "approved")]
    )
    assert "tom baker" in notebooks.get_page(db, page_id).tags
    settle(qtbot, view, ops)
    assert not view.cards[1].accept_button.isEnabled()


def test_a_review_of_one_source_alone_shows_on_the_merged_card(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    notebook, page_id = tagged_and_found(db, tmp_path)
    found = next(
        f
        for f in findings.list_findings(db, notebook, detector_id="names")
        if f.title == "Tom Baker"
    )
    findings.reject_finding(db, found.id)  # from the CLI, say
    view: PageView = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, page_id)
    merged = view.cards[1]
    assert "Unreviewed (imported), rejected (names)" in merged.facts_label.text()
    assert merged.accept_button.isEnabled()
    assert merged.reject_button.isEnabled()
