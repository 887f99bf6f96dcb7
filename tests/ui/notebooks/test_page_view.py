"""The page view: highlights at the evidence anchors, whole-finding and per-page review with
the tags that follow, tag chips, editing that makes detectors stale, the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextFormat
from pytestqt.qtbot import QtBot

from app.domain import Prompt
from app.llm import ModelWorker
from app.services.notebooks import findings, tags
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.findings import FindingInfo
from app.store import Database
from app.ui.common.messages import Tone
from app.ui.common.tasks import Tasks
from app.ui.notebooks.look import type_colour
from app.ui.notebooks.page_view import FindingCard, PageView
from tests.archival_files import tiny_tiff
from tests.notebook_files import tiny_png
from tests.ui.notebooks.conftest import MODEL, ScriptedModel, window_reply

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")

Worker = Callable[[ScriptedModel], ModelWorker[ScriptedModel]]


def open_view(qtbot: QtBot, db: Database, ops: Tasks) -> PageView:
    view = PageView(db, ops)
    ops.changed.connect(view.refresh)
    qtbot.addWidget(view)
    view.resize(1200, 760)
    view.show()
    return view


def show(qtbot: QtBot, view: PageView, notebook: int, page_id: int) -> None:
    view.show_page(notebook, page_id)
    qtbot.waitUntil(
        lambda: (
            view.snapshot is not None and view.snapshot.page.id == page_id and not view.is_loading
        )
    )


def settle(qtbot: QtBot, view: PageView, ops: Tasks) -> None:
    qtbot.waitUntil(lambda: ops.pending == 0 and not view.is_loading)


def page_ids(db: Database, notebook: int) -> list[int]:
    return [p.id for p in notebooks.list_pages(db, notebook)]


def card(view: PageView, finding_id: int) -> FindingCard:
    return next(c for c in view.cards if c.finding.id == finding_id)


def run_poetry_over_pages_2_and_3(db: Database, notebook: int, make_worker: Worker) -> FindingInfo:
    """A poem found by a scripted model (structure not read) in the window of pages 1–3,
    anchored on page 2 and, once each, on pages 1 and 3 (so it spans the window)."""

    def reply(prompt: Prompt) -> str:
        if "Low Tide" in prompt.user and "TO DO" not in prompt.user:
            return window_reply(
                True,
                evidence=[
                    (2, "small grey words"),
                    (2, "Low Tide"),
                    (1, "Tuesday, 3 March"),
                    (3, "listening for the sentence"),
                ],
            )
        return window_reply(False)

    worker = make_worker(ScriptedModel(reply))
    run = notebook_runs.run_detector(db, worker, notebook, "poetry", model=MODEL).value
    [poem] = run.findings
    return poem


def test_findings_are_highlighted_at_their_evidence_with_a_colour_per_type(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    for detector in ("first_person", "names", "swear_words"):
        notebook_runs.run_detector(db, None, notebook, detector)
    first = notebooks.list_pages(db, notebook)[0]
    covering = [f for f in findings.list_findings(db, notebook) if first.id in f.page_ids]
    expected = sorted(
        (e.anchor_start, e.anchor_end, f.finding_type)
        for f in covering
        for e in f.evidence
        if e.page_id == first.id
    )
    assert {f.detector_id for f in covering} == {"first_person", "names"}

    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, first.id)
    selections = view.text_view.extraSelections()
    shown = sorted(
        (
            s.cursor.selectionStart(),
            s.cursor.selectionEnd(),
            next(
                f.finding_type
                for f in covering
                if f.id == s.format.property(QTextFormat.Property.UserProperty)
            ),
        )
        for s in selections
    )
    assert shown == expected  # the sample is ASCII: code points equal Qt positions
    text = first.text or ""
    for s in selections:
        assert s.cursor.selectedText() == text[s.cursor.selectionStart() : s.cursor.selectionEnd()]
        finding = next(
            f for f in covering if f.id == s.format.property(QTextFormat.Property.UserProperty)
        )
        fill = s.format.background().color()
        colour = type_colour(finding.finding_type)
        assert (fill.red(), fill.green(), fill.blue()) == (
            colour.red(),
            colour.green(),
            colour.blue(),
        )
    assert {text[a:b] for a, b, t in expected if t == "names"} == {"Anna", "Tom Baker"}
    assert view.legend_types == ["first_person", "names"]
    assert len(view.cards) == len(covering)
    assert all(c.page_row.isHidden() for c in view.cards)  # single-page findings
    anna = text.index("Anna")
    assert "PERSON: Anna" in view.tooltip_for(anna + 1)
    assert "Name" in view.tooltip_for(anna + 1)


@pytest.mark.usefixtures("model_only")
def test_accept_and_reject_a_page_and_the_whole_finding_with_its_tag(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, make_worker: Worker
) -> None:
    poem = run_poetry_over_pages_2_and_3(db, notebook, make_worker)
    ids = page_ids(db, notebook)
    assert poem.page_ids == (ids[0], ids[1], ids[2])
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, ids[1])
    text = view.snapshot.page.text if view.snapshot else ""
    [(start, end, _f), (start2, end2, _g)] = view._positions
    assert {text[start:end], text[start2:end2]} == {"Low Tide", "small grey words"}  # type: ignore[index]
    poem_card = card(view, poem.id)
    assert "Pages 1–3" in poem_card.facts_label.text()
    assert not poem_card.page_row.isHidden()

    # accept this page only: it gets the tag, the others do not
    qtbot.mouseClick(poem_card.accept_page_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "this page accepted" in card(view, poem.id).facts_label.text())
    stored = findings.get_finding(db, poem.id)
    assert stored.page_reviews == {ids[1]: "approved"}
    assert stored.review_status == "unreviewed"
    assert [("poetry" in p.tags) for p in notebooks.list_pages(db, notebook)[:3]] == [
        False,
        True,
        False,
    ]
    assert "poetry" in view.chips

    # reject the whole finding: every page rejected, the tag taken off
    qtbot.mouseClick(card(view, poem.id).reject_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: card(view, poem.id).finding.review_status == "rejected")
    stored = findings.get_finding(db, poem.id)
    assert set(stored.page_reviews.values()) == {"rejected"}
    assert all("poetry" not in p.tags for p in notebooks.list_pages(db, notebook))
    assert "poetry" not in view.chips
    assert not card(view, poem.id).apply_tag_button.isEnabled()

    # accept the whole finding: all its pages approved and tagged
    qtbot.mouseClick(card(view, poem.id).accept_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: card(view, poem.id).finding.review_status == "approved")
    assert set(findings.get_finding(db, poem.id).page_reviews.values()) == {"approved"}
    assert [("poetry" in p.tags) for p in notebooks.list_pages(db, notebook)] == [
        True,
        True,
        True,
        False,
        False,
        False,
    ]

    # reject one page: that page loses the tag
    qtbot.mouseClick(card(view, poem.id).reject_page_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "this page rejected" in card(view, poem.id).facts_label.text())
    assert findings.get_finding(db, poem.id).page_reviews[ids[1]] == "rejected"
    assert [("poetry" in p.tags) for p in notebooks.list_pages(db, notebook)[:3]] == [
        True,
        False,
        True,
    ]


@pytest.mark.usefixtures("model_only")
def test_apply_tag_tags_the_finding_pages(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, make_worker: Worker
) -> None:
    poem = run_poetry_over_pages_2_and_3(db, notebook, make_worker)
    view = open_view(qtbot, db, ops)
    ids = page_ids(db, notebook)
    show(qtbot, view, notebook, ids[2])
    with qtbot.waitSignal(view.status_message) as said:
        qtbot.mouseClick(card(view, poem.id).apply_tag_button, Qt.MouseButton.LeftButton)
    assert said.args == ["Tagged 3 pages."]
    assert [p.id for p in tags.pages_with_tag(db, "poetry")] == ids[:3]
    qtbot.waitUntil(lambda: "poetry" in view.chips)


def test_keyboard_moves_between_findings_and_reviews_the_current_one(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    notebook_runs.run_detector(db, None, notebook, "names")
    first = notebooks.list_pages(db, notebook)[0]
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, first.id)
    order = [c.finding.id for c in view.cards]
    names = [c.finding.tag_label for c in view.cards]
    assert names == ["Anna", "Tom Baker"]  # in reading order
    assert view.current_finding == order[0]
    qtbot.keyClick(view.text_view, Qt.Key.Key_J)
    assert view.current_finding == order[1]
    assert card(view, order[1]).current
    current = [
        s
        for s in view.text_view.extraSelections()
        if s.format.property(QTextFormat.Property.UserProperty) == order[1]
    ]
    assert current
    assert all(s.format.fontUnderline() for s in current)
    qtbot.keyClick(view.text_view, Qt.Key.Key_K)
    assert view.current_finding == order[0]
    qtbot.keyClick(view.text_view, Qt.Key.Key_K)  # wraps round
    assert view.current_finding == order[1]

    qtbot.keyClick(view.text_view, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: findings.get_finding(db, order[1]).review_status == "approved")
    assert "tom baker" in notebooks.get_page(db, first.id).tags
    qtbot.waitUntil(lambda: "tom baker" in view.chips)
    qtbot.keyClick(view.text_view, Qt.Key.Key_X)
    qtbot.waitUntil(lambda: findings.get_finding(db, order[1]).review_status == "rejected")
    assert "tom baker" not in notebooks.get_page(db, first.id).tags
    assert findings.get_finding(db, order[0]).review_status == "unreviewed"


def test_keyboard_moves_between_pages(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    ids = page_ids(db, notebook)
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, ids[0])
    assert view.page_label.text() == "Page 1 of 6"
    assert not view.prev_button.isEnabled()
    with qtbot.waitSignal(view.page_requested) as moved:
        qtbot.keyClick(view.text_view, Qt.Key.Key_PageDown)
    assert moved.args == [notebook, ids[1]]
    qtbot.waitUntil(lambda: view.snapshot is not None and view.snapshot.page.id == ids[1])
    assert view.page_label.text() == "Page 2 of 6"
    assert view.text_view.toPlainText().startswith("Low Tide")
    with qtbot.waitSignal(view.page_requested) as moved:
        qtbot.keyClick(view.text_view, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert moved.args == [notebook, ids[2]]
    with qtbot.waitSignal(view.page_requested) as moved:
        qtbot.keyClick(view.scan, Qt.Key.Key_PageUp)
    assert moved.args == [notebook, ids[1]]
    with qtbot.waitSignal(view.page_requested) as moved:
        qtbot.keyClick(view.text_view, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert moved.args == [notebook, ids[0]]
    qtbot.waitUntil(lambda: view.snapshot is not None and view.snapshot.page.id == ids[0])
    with qtbot.assertNotEmitted(view.page_requested):
        qtbot.keyClick(view.text_view, Qt.Key.Key_PageUp)  # already the first page


def test_adding_and_removing_a_tag_chip(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    tags.add_page_tags(db, page_ids(db, notebook)[3], ["Errands"])
    page = page_ids(db, notebook)[0]
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, page)
    assert view.chips == {}
    completer = view.tag_edit.completer()
    assert completer is not None
    assert "errands" in completer.model().stringList()  # type: ignore[attr-defined]
    qtbot.keyClicks(view.tag_edit, "Harbour  Walks")
    qtbot.keyClick(view.tag_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "harbour walks" in view.chips)
    assert notebooks.get_page(db, page).tags == ("harbour walks",)
    assert view.tag_edit.text() == ""
    colour = {t.slug: t.colour for t in tags.list_tags(db)}["harbour walks"]
    assert colour.lower() in view.chips["harbour walks"].styleSheet().lower()

    remove = [
        b
        for b in view.chips["harbour walks"].findChildren(type(view.prev_button))
        if b.text() == "×"
    ]
    qtbot.mouseClick(remove[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.chips == {})
    assert notebooks.get_page(db, page).tags == ()


def test_editing_the_text_saves_it_and_marks_the_detector_stale(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    notebook_runs.run_detector(db, None, notebook, "first_person")
    assert notebook_runs.detector_freshness(db, notebook)["first_person"] == "ok"
    page = notebooks.list_pages(db, notebook)[1]
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, page.id)
    assert view.text_view.isReadOnly()
    assert view.text_view.extraSelections()

    # cancel puts the text back
    qtbot.mouseClick(view.edit_button, Qt.MouseButton.LeftButton)
    assert not view.text_view.isReadOnly()
    assert view.save_button.isVisible()
    assert view.text_view.extraSelections() == []
    view.text_view.moveCursor(view.text_view.textCursor().MoveOperation.End)
    qtbot.keyClicks(view.text_view, " jk")  # letters type while editing
    assert view.text_view.toPlainText().endswith(" jk")
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert view.text_view.isReadOnly()
    assert view.text_view.toPlainText() == page.text

    # save writes the text; the first-person counter is stale now
    qtbot.mouseClick(view.edit_button, Qt.MouseButton.LeftButton)
    view.text_view.moveCursor(view.text_view.textCursor().MoveOperation.End)
    qtbot.keyClick(view.text_view, Qt.Key.Key_Return)
    qtbot.keyClicks(view.text_view, "I wrote this line myself.")
    with qtbot.waitSignal(view.status_message, timeout=10_000) as said:
        qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    assert "First person" in said.args[0]
    assert "stale" in said.args[0]
    assert view.message.text() == said.args[0]
    assert notebooks.get_page(db, page.id).edited_text == (page.text or "") + (
        "\nI wrote this line myself."
    )
    assert notebook_runs.detector_freshness(db, notebook)["first_person"] == "stale"
    assert view.text_view.isReadOnly()
    settle(qtbot, view, ops)
    assert view.text_view.toPlainText().endswith("myself.")


def test_the_scan_fits_the_width_and_zooms(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    folder = tmp_path / "scans"
    folder.mkdir()
    (folder / "001.png").write_bytes(tiny_png(90))
    (folder / "001.txt").write_text("A page with a scan.", encoding="utf-8")
    (folder / "002.png").write_bytes(tiny_png(200))
    with_scan = notebooks.import_notebook(db, folder, title="Scans").value.id
    page = page_ids(db, with_scan)[0]
    view = open_view(qtbot, db, ops)
    show(qtbot, view, with_scan, page)
    assert view.scan_stack.currentWidget() is view.scan
    assert view.scan.has_image
    assert view.scan.image_size().width() == 4
    qtbot.waitUntil(lambda: view.scan.zoom > 10)  # fit to width: 4 px stretched wide
    fitted = view.scan.zoom
    assert view.scan.fit_width
    view.zoom_out_button.click()
    assert view.scan.zoom == pytest.approx(fitted / 1.25)
    assert not view.scan.fit_width
    view.zoom_in_button.click()
    view.zoom_in_button.click()
    assert view.scan.zoom == pytest.approx(fitted * 1.25)
    view.fit_button.click()
    assert view.scan.zoom == pytest.approx(fitted)
    assert view.zoom_label.text() == f"{fitted:.0%}"


def test_a_page_without_a_scan_says_so(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, page_ids(db, notebook)[0])
    assert view.scan_stack.currentWidget() is view.no_scan_label
    page_id = page_ids(db, notebook)[0]
    assert view.no_scan_label.text() == (
        "No scan for this page (text only); attach one with Attach scan… or "
        f"`inkling notebook attach-scan {page_id} FILE`."
    )
    assert not view.zoom_in_button.isEnabled()
    assert view.no_findings_label.isVisible()


def test_attach_scan_from_the_page_view_shows_a_tiff(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int, tmp_path: Path
) -> None:
    view = open_view(qtbot, db, ops)
    page_id = page_ids(db, notebook)[0]
    show(qtbot, view, notebook, page_id)
    scan = tmp_path / "scan.tif"
    scan.write_bytes(tiny_tiff(6, 4))
    view.attach_scan(scan)
    qtbot.waitUntil(lambda: view.scan_stack.currentWidget() is view.scan and not view.is_loading)
    assert view.scan.has_image
    assert view.snapshot is not None
    assert view.snapshot.image is not None
    assert (view.snapshot.image.width(), view.snapshot.image.height()) == (6, 4)
    assert view.zoom_in_button.isEnabled()
    view.attach_scan(tmp_path / "missing.png")
    qtbot.waitUntil(lambda: view.message.tone is Tone.ERROR)
    assert view.message.text() == f"{tmp_path / 'missing.png'} does not exist."


def test_clicking_a_highlight_makes_its_finding_current(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    notebook_runs.run_detector(db, None, notebook, "names")
    first = notebooks.list_pages(db, notebook)[0]
    view = open_view(qtbot, db, ops)
    show(qtbot, view, notebook, first.id)
    tom = next(c.finding for c in view.cards if c.finding.tag_label == "Tom Baker")
    assert view.current_finding != tom.id
    cursor = view.text_view.textCursor()
    cursor.setPosition((first.text or "").index("Tom Baker") + 2)
    point = view.text_view.cursorRect(cursor).center()
    qtbot.mouseClick(view.text_view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert view.current_finding == tom.id
    assert card(view, tom.id).current


def test_the_line_under_the_scan_says_which_detectors_read_the_image(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    folder = tmp_path / "labels"
    folder.mkdir()
    (folder / "001.png").write_bytes(tiny_png(90))
    (folder / "001.txt").write_text("Tasting notes: hoppy.", encoding="utf-8")
    (folder / "002.png").write_bytes(tiny_png(200))  # a scan without text
    scans = notebooks.import_notebook(db, folder, title="Labels").value.id
    with_text, scan_only = page_ids(db, scans)
    view = open_view(qtbot, db, ops)
    assert not view.vision_configured
    show(qtbot, view, scans, with_text)
    line = view.image_readers_label
    assert line.isVisible()
    assert line.text() == (
        "No detector reads this image (no vision model configured; beer labels is skipped)."
    )

    view.set_vision_configured(True)
    assert line.text() == "Read from the image: Beer labels."

    # a page without text: the auto-mode prompt detectors read its image too
    show(qtbot, view, scans, scan_only)
    assert line.text().startswith("Read from the image: Poems, To-do lists, Lists, Quotations")
    assert line.text().endswith("and Beer labels.")
    view.set_vision_configured(False)
    assert "beer labels are skipped" in line.text()
    assert "poems, to-do lists" in line.text()


def test_the_vision_setting_can_be_given_up_front_and_a_page_without_a_scan_has_no_line(
    qtbot: QtBot, db: Database, ops: Tasks, notebook: int
) -> None:
    view = PageView(db, ops, vision_configured=True)
    qtbot.addWidget(view)
    view.show()
    assert view.vision_configured
    show(qtbot, view, notebook, page_ids(db, notebook)[0])
    assert not view.image_readers_label.isVisible()
