"""A person tagged in the imported file and found by the names detector too is one item
of the page (the findings stay stored apart, reviewing the item reviews both); a tag of
the file the user rejected is left out of the PAGE-XML export."""

from __future__ import annotations

from pathlib import Path

from app.domain.formats.page_xml import TextSpan
from app.domain.notebooks.definitions import builtin_detector
from app.domain.notebooks.reviews import ReviewStatus
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks.findings import FindingInfo, PageItem
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR, publish_imported
from app.services.transfer.notebook_export import export_page_xml
from app.store import Database
from app.store.notebooks import NotebookPage
from tests.services.test_imported_annotations import DIARY, DIARY_TEXT, diary, imported

EXPORTED = DIARY.replace('imageFilename="diary-01.png"', 'imageFilename="0001.png"')


def names_found(db: Database, notebook: int, *quotes: str) -> None:
    """A published names result finding ``quotes`` in the diary page (what spaCy might
    read, fixed here: "Jan Brui" of the split "Jan Brui-|ma", "Hope")."""
    names = builtin_detector("names")
    assert names is not None
    spans = [TextSpan("person", DIARY_TEXT.index(q), DIARY_TEXT.index(q) + len(q)) for q in quotes]
    with db.session() as session:
        page = session.query(NotebookPage).filter_by(notebook_id=notebook).one()
        publish_imported(session, notebook, [page], [spans], definition=names)


def items_by_title(db: Database, notebook: int) -> dict[str, PageItem]:
    """The page's items by title (the names detector's marked ``names:``)."""
    (page,) = notebooks.list_pages(db, notebook)
    return {
        ("names:" if i.finding.detector_id == "names" else "") + str(i.finding.title): i
        for i in findings.page_items(db, notebook, page.id)
    }


def one(db: Database, notebook: int, detector: str, title: str) -> FindingInfo:
    return next(
        f for f in findings.list_findings(db, notebook, detector_id=detector) if f.title == title
    )


def test_names_found_by_both_are_one_item_and_stay_two_findings(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    names_found(db, notebook, "Jan Brui", "Hope")
    items = items_by_title(db, notebook)
    bruima = items["Jan Bruima"]
    assert bruima.finding.detector_id == IMPORTED_DETECTOR
    assert [(f.detector_id, f.title) for f in bruima.also] == [("names", "Jan Brui")]
    assert items["names:Hope"].also == ()  # the file tags the ship, not a person
    assert items["Hope"].finding.finding_type == "ship"
    assert items["Marie"].also == ()
    assert len(items) == 8  # seven imported tags and one name the file does not tag

    result = findings.review_findings(db, bruima.ids, ReviewStatus.REJECTED)
    assert [v.review_status for v in result.value] == ["rejected", "rejected"]
    assert result.changes.findings == frozenset(bruima.ids)
    tagged = one(db, notebook, IMPORTED_DETECTOR, "Jan Bruima")
    found = one(db, notebook, "names", "Jan Brui")
    assert (tagged.review_status, found.review_status) == ("rejected", "rejected")
    assert [e.anchor_text for e in tagged.evidence] == ["Jan Brui-\nma"]  # never overwritten
    assert [e.anchor_text for e in found.evidence] == ["Jan Brui"]
    assert one(db, notebook, "names", "Hope").review_status == "unreviewed"

    accepted = findings.review_findings(db, bruima.ids, ReviewStatus.APPROVED)
    assert [v.review_status for v in accepted.value] == ["approved", "approved"]
    (page,) = notebooks.list_pages(db, notebook)
    assert "jan bruima" in page.tags


def test_a_rejected_imported_tag_is_left_out_of_the_export(db: Database, tmp_path: Path) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    findings.reject_finding(db, one(db, notebook, IMPORTED_DETECTOR, "Leiden").id)
    export = export_page_xml(db, notebook, tmp_path / "out").value
    assert export.findings == 6
    written = (tmp_path / "out" / "0001.xml").read_text(encoding="utf-8")
    assert written == EXPORTED.replace(" place {offset:6; length:6;}", "")  # nothing else
    again = notebooks.import_notebook(db, tmp_path / "out").value.id
    assert "place" not in {kind for kind, _value, _quotes in imported(db, again)}


def test_rejecting_a_merged_split_name_takes_both_pieces_out(db: Database, tmp_path: Path) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    names_found(db, notebook, "Jan Brui")
    findings.review_findings(
        db, items_by_title(db, notebook)["Jan Bruima"].ids, ReviewStatus.REJECTED
    )
    export_page_xml(db, notebook, tmp_path / "out")
    written = (tmp_path / "out" / "0001.xml").read_text(encoding="utf-8")
    assert written == EXPORTED.replace(" person {offset:4; length:9; continued:true;}", "").replace(
        " person {offset:0; length:2; continued:true;}", ""
    )
    again = notebooks.import_notebook(db, tmp_path / "out").value.id
    assert [value for kind, value, _ in imported(db, again) if kind == "names"] == ["Marie"]


def test_an_accepted_merged_name_is_not_tagged_twice_but_a_new_one_is_added(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    names_found(db, notebook, "Jan Brui", "Hope")
    items = items_by_title(db, notebook)
    findings.review_findings(db, items["Jan Bruima"].ids, ReviewStatus.APPROVED)
    findings.accept_finding(db, items["names:Hope"].finding.id)
    export_page_xml(db, notebook, tmp_path / "out")
    written = (tmp_path / "out" / "0001.xml").read_text(encoding="utf-8")
    assert written == EXPORTED.replace(
        "ship {offset:11; length:4;}", "ship {offset:11; length:4;} person {offset:11; length:4;}"
    )
