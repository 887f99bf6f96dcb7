"""PAGE-XML in the notebook views: a folder of PAGE-XML/ALTO files imported from the
sidebar (its tags become imported findings), and Export PAGE-XML from the overview."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from app.domain.formats.skipped import Skipped
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR
from app.services.notebooks.pages import NotebookImported
from app.store import Database
from app.ui.common.messages import Tone
from app.ui.common.tasks import Tasks
from app.ui.notebooks.overview import NotebookOverview, export_folder
from app.ui.notebooks.page_view import PageView
from app.ui.notebooks.sidebar import REPORT_LINES, NotebookList, import_report
from tests.archival_files import (
    TOM_BAKER_PAGE,
    TRANSKRIBUS_PAGES,
    tom_baker_page,
    transkribus_page_folder,
)
from tests.transcript_files import PAGE_2013_TEXT, transcript_folder

pytestmark = pytest.mark.qt_log_ignore("^This plugin does not support propagateSizeHints")


def test_importing_a_page_xml_folder_from_the_sidebar(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = transcript_folder(tmp_path)
    view = NotebookList(db, ops)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: not view.is_busy)
    assert "PAGE-XML/ALTO" in view.import_folder_action.text()
    assert "PAGE-XML/ALTO" in view.message.text()
    asked: list[str] = []

    def pick(parent: object, caption: str, *args: object, **kwargs: object) -> str:
        asked.append(caption)
        return str(folder)

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(pick))
    with qtbot.waitSignal(view.imported, timeout=10_000) as imported:
        view.import_folder_action.trigger()
    qtbot.waitUntil(lambda: view.list.count() == 1 and not view.is_busy)
    assert "PAGE-XML or ALTO" in asked[0]
    assert view.progress.maximum() == 3  # page progress reached the bar
    assert view.progress.value() == 3
    assert (
        view.message.text()
        == "Imported transcripts (3 pages; 4 annotations kept from its PAGE-XML tags)."
    )
    assert view.list.item(0).text() == "transcripts\n3 pages"
    notebook = imported.args[0]
    assert notebooks.list_pages(db, notebook)[0].text == PAGE_2013_TEXT
    names = findings.list_findings(db, notebook, detector_id=IMPORTED_DETECTOR)
    assert sorted(f.title or "" for f in names) == [
        "Ada",
        "Ada Lovelace",
        "Charles",
        "Mary Shelley",
    ]


def test_a_bad_page_xml_file_is_skipped_and_listed_after_the_import(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    folder = transcript_folder(tmp_path)
    (folder / "page-10.xml").write_text("<alto>", encoding="utf-8")
    view = NotebookList(db, ops)
    qtbot.addWidget(view)
    view.show()
    view.import_path(folder)
    qtbot.waitUntil(lambda: not view.is_busy and view.list.count() == 1)
    assert view.message.tone is not Tone.ERROR
    assert view.message.text() == (
        "Imported transcripts (2 pages; 4 annotations kept from its PAGE-XML tags; "
        "1 files or pages skipped, listed below)."
    )
    assert view.import_report.isVisible()
    assert view.import_report.toPlainText() == (
        f"Skipped page-10.xml (page page-10): {folder / 'page-10.xml'} is not well-formed XML "
        "(line 1, column 7)."
    )


@pytest.mark.parametrize("layout", ["no-mets", "mets", "export-job"])
def test_a_transkribus_export_with_its_page_folder_from_the_sidebar(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path, layout: str
) -> None:
    document = transkribus_page_folder(tmp_path / "job" / "12", mets=layout != "no-mets")
    # the document's folder, or the export job's holding one collection with one document
    folder = tmp_path / "job" if layout == "export-job" else document
    view = NotebookList(db, ops)
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(view.imported, timeout=10_000) as imported:
        view.import_path(folder)
    qtbot.waitUntil(lambda: not view.is_busy and view.list.count() == 1)
    assert view.message.text() == (
        "Imported doc (3 pages; 1 annotation kept from its PAGE-XML tags)."
    )
    assert not view.import_report.isVisible()
    pages = notebooks.list_pages(db, imported.args[0])
    assert [p.text for p in pages] == [text for _, text in TRANSKRIBUS_PAGES]
    assert all(p.image_path for p in pages)


def test_a_folder_with_nothing_valid_says_which_file(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path
) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "page-10.xml").write_text("<alto>", encoding="utf-8")
    view = NotebookList(db, ops)
    qtbot.addWidget(view)
    view.import_path(folder)
    qtbot.waitUntil(lambda: not view.is_busy and view.message.tone is Tone.ERROR)
    assert (
        view.message.text()
        == f"{folder / 'page-10.xml'} is not well-formed XML (line 1, column 7)."
    )
    assert not view.import_report.isVisible()
    assert notebooks.list_notebooks(db) == []


def test_the_window_report_is_bounded_and_counts_pages_without_scans() -> None:
    book = NotebookImported(
        1,
        "Diary",
        3,
        datetime(2026, 1, 1, tzinfo=UTC),
        skipped=tuple(Skipped(f"p{i}.xml", "", f"p{i}.xml is bad.") for i in range(60)),
        without_scan=3,
    )
    lines = import_report(book).splitlines()
    assert len(lines) == 1 + REPORT_LINES + 1
    assert lines[0].startswith("3 page(s) came without a scan")
    assert lines[1] == "Skipped p0.xml: p0.xml is bad."
    assert lines[-1] == "…and 10 more (the command line lists them all)."


def test_export_page_xml_from_the_overview(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notebook = notebooks.import_notebook(db, transcript_folder(tmp_path), title="Letters").value.id
    view = NotebookOverview(db, ops, None)
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=10_000):
        view.show_notebook(notebook)
    imported = view.rows[IMPORTED_DETECTOR]
    assert imported.title.text() == "Imported annotations"
    assert imported.outcome.text() == "imported, no model ran"
    assert "PAGE-XML" in imported.outcome.toolTip()
    assert imported.freshness.text() == "Kept as imported"
    assert imported.findings.text() == "4 findings, 4 to review"
    assert [imported.run.isHidden(), imported.force.isHidden(), imported.auto_tag.isHidden()] == [
        True,
        True,
        True,
    ]
    assert view.rows["names"].freshness.text() == "Not run yet"
    target = tmp_path / "exports"
    target.mkdir()
    (target / "Letters (PAGE-XML)").mkdir()
    (target / "Letters (PAGE-XML)" / "old.xml").write_text("keep", encoding="utf-8")
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(target))
    )
    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(view, "_on_progress", lambda done, total: seen.append((done, total)))
    view.export_button.click()
    assert view.running is not None
    assert not view.export_button.isEnabled()
    assert view.progress_label.text() == "Exporting PAGE-XML…"
    qtbot.waitUntil(lambda: not view.is_busy, timeout=10_000)
    written = target / "Letters (PAGE-XML) 2"
    assert view.message.text() == f"Exported 3 page(s) with 4 finding(s) to {written}."
    assert sorted(p.name for p in written.glob("*.xml")) == ["0001.xml", "0002.xml", "0003.xml"]
    assert (target / "Letters (PAGE-XML)" / "old.xml").read_text(encoding="utf-8") == "keep"
    assert seen[-1] == (3, 3)
    assert view.export_button.isEnabled()
    assert not view.progress.isVisible()


def test_export_folder_names_are_safe() -> None:
    assert export_folder(Path("/x"), 'a/b: "c"?').name == "a-b- -c-- (PAGE-XML)"
    assert export_folder(Path("/x"), "...").name == "Notebook (PAGE-XML)"


def test_a_tag_rejected_in_the_page_view_is_left_out_of_the_export(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notebook = notebooks.import_notebook(db, tom_baker_page(tmp_path), title="Tom").value.id
    (page,) = notebooks.list_pages(db, notebook)
    pages = PageView(db, ops)
    ops.changed.connect(pages.refresh)
    qtbot.addWidget(pages)
    pages.show_page(notebook, page.id)
    qtbot.waitUntil(lambda: pages.snapshot is not None and not pages.is_loading)
    (card,) = pages.cards
    assert card.facts_label.text().startswith("Tagged in the imported file")
    card.reject_button.click()
    qtbot.waitUntil(lambda: ops.pending == 0 and not pages.is_loading)
    assert [f.review_status for f in findings.list_findings(db, notebook)] == ["rejected"]

    view = NotebookOverview(db, ops, None)
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=10_000):
        view.show_notebook(notebook)
    target = tmp_path / "exports"
    target.mkdir()
    monkeypatch.setattr(
        QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(target))
    )
    view.export_button.click()
    qtbot.waitUntil(lambda: not view.is_busy, timeout=10_000)
    written = target / "Tom (PAGE-XML)"
    assert view.message.text() == f"Exported 1 page(s) with 0 finding(s) to {written}."
    assert (written / "0001.xml").read_text(encoding="utf-8") == TOM_BAKER_PAGE.replace(
        ' custom="person {offset:0; length:9;}"', ' custom=""'
    ).replace('imageFilename="p1.png"', 'imageFilename="0001.png"')


def test_the_overview_shows_names_stale_when_the_language_decision_changes(
    qtbot: QtBot, db: Database, ops: Tasks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.nlp import language
    from app.services.notebooks import runs as notebook_runs

    notebook = notebooks.import_notebook(db, tom_baker_page(tmp_path)).value.id
    assert notebook_runs.run_detector(db, None, notebook, "names").value.published
    view = NotebookOverview(db, ops, None)
    qtbot.addWidget(view)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=10_000):
        view.show_notebook(notebook)
    assert view.rows["names"].freshness.text() == "Up to date"
    monkeypatch.setattr(language, "language_detector_id", lambda: "py3langid-9.9")
    with qtbot.waitSignal(view.loaded, timeout=10_000):
        view.show_notebook(notebook)
    assert view.rows["names"].freshness.text() == "Stale"
    assert view.rows[IMPORTED_DETECTOR].freshness.text() == "Kept as imported"
