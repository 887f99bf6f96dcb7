# ruff: noqa: E501 - hand-written XML reads best one element per line
"""Tags people made in a PAGE-XML file are findings of their own source: every tag type
kept, never replaced by a detector run, split names joined; and the PAGE-XML export
writes the imported file back with only Inkling's accepted tags added."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from app.domain.formats.page_xml import PAGE_2019, TextSpan, parse_custom
from app.domain.notebooks.definitions import builtin_detector
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR, publish_imported
from app.services.transfer.notebook_export import export_page_xml
from app.store import Database
from app.store.notebooks import NotebookPage
from app.ui.notebooks.overview import load_overview, outcome_text
from tests.notebook_files import tiny_png

# Four lines in one region (plus a heading region without text tags): "Jan Brui-|ma" and
# "Ma¬|rie" are people split over lines; a place, a date (with its own property), an
# organization, a ship (a custom type) and an addition.  Words, coordinates, comments,
# a namespace prefix and attributes Inkling does not read must survive the export.
DIARY = f"""<?xml version="1.0" encoding="UTF-8"?>
<!-- written by hand for Inkling's tests -->
<PcGts xmlns="{PAGE_2019}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="{PAGE_2019} pagecontent.xsd">
  <Metadata><Creator>hand</Creator><Created>2024-05-06T07:08:09</Created><LastChange>2024-05-06T07:08:09</LastChange></Metadata>
  <Page imageFilename="diary-01.png" imageWidth="8" imageHeight="8">
    <TextRegion id="h" type="heading" custom="structure {{type:heading;}}">
      <Coords points="0,0 8,0 8,1 0,1"/>
    </TextRegion>
    <TextRegion id="r" custom="readingOrder {{index:1;}}" primaryLanguage="Dutch">
      <Coords points="0,1 8,1 8,8 0,8"/>
      <TextLine id="l1" custom="readingOrder {{index:0;}} person {{offset:4; length:9; continued:true;}}">
        <Coords points="0,1 8,1 8,2 0,2"/>
        <Baseline points="0,2 8,2"/>
        <Word id="w1"><Coords points="0,1 2,1 2,2 0,2"/><TextEquiv conf="0.9"><Unicode>Met</Unicode></TextEquiv></Word>
        <TextEquiv><Unicode>Met Jan Brui-</Unicode></TextEquiv>
      </TextLine>
      <TextLine id="l2" custom="readingOrder {{index:1;}} person {{offset:0; length:2; continued:true;}} place {{offset:6; length:6;}} date {{offset:16; length:5; when:1890-05-03;}}">
        <Coords points="0,2 8,2 8,3 0,3"/>
        <TextEquiv><Unicode>ma in Leiden on 3 May.</Unicode></TextEquiv>
      </TextLine>
      <!-- the next two lines name Marie -->
      <TextLine id="l3" custom="readingOrder {{index:2;}} organization {{offset:10; length:9;}} person {{offset:25; length:3; continued:true;}}">
        <Coords points="0,3 8,3 8,4 0,4"/>
        <TextEquiv><Unicode>I saw the Texel Co. with Ma¬</Unicode></TextEquiv>
      </TextLine>
      <TextLine id="l4" custom="readingOrder {{index:3;}} person {{offset:0; length:3; continued:true;}} add {{offset:4; length:2;}} ship {{offset:11; length:4;}}">
        <Coords points="0,4 8,4 8,5 0,5"/>
        <TextEquiv><Unicode>rie on the Hope.</Unicode></TextEquiv>
      </TextLine>
    </TextRegion>
  </Page>
</PcGts>
"""
DIARY_TEXT = "Met Jan Brui-\nma in Leiden on 3 May.\nI saw the Texel Co. with Ma¬\nrie on the Hope."


def diary(tmp_path: Path) -> Path:
    folder = tmp_path / "diary"
    folder.mkdir()
    (folder / "diary-01.xml").write_text(DIARY, encoding="utf-8")
    (folder / "diary-01.png").write_bytes(tiny_png(40))
    return folder


def imported(db: Database, notebook: int) -> list[tuple[str, str, list[str]]]:
    """(finding type, value, verbatim quotes) of each imported finding."""
    return sorted(
        (f.finding_type, str(f.title), [e.anchor_text for e in f.evidence])
        for f in findings.list_findings(db, notebook, detector_id=IMPORTED_DETECTOR)
    )


def test_every_tag_type_is_kept_and_split_names_are_joined(db: Database, tmp_path: Path) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    assert notebooks.list_pages(db, notebook)[0].text == DIARY_TEXT
    assert imported(db, notebook) == [
        ("add", "on", ["on"]),
        ("date", "3 May", ["3 May"]),
        ("names", "Jan Bruima", ["Jan Brui-\nma"]),
        ("names", "Marie", ["Ma¬\nrie"]),
        ("organization", "Texel Co.", ["Texel Co."]),
        ("place", "Leiden", ["Leiden"]),
        ("ship", "Hope", ["Hope"]),
    ]
    person = next(
        f
        for f in findings.list_findings(db, notebook, detector_id=IMPORTED_DETECTOR)
        if f.title == "Jan Bruima"
    )
    assert (person.tag_slug, person.tag_label) == ("jan bruima", "Jan Bruima")
    assert person.detector_data["source_tag"] == "person"
    state = load_overview(db, None, notebook)
    rows = {d.definition.detector_id: d for d in state.detectors}
    assert (rows[IMPORTED_DETECTOR].freshness, rows[IMPORTED_DETECTOR].findings) == ("imported", 7)
    assert rows["names"].freshness == "missing"


def test_no_detector_run_replaces_or_stales_the_imported_tags(db: Database, tmp_path: Path) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    before = imported(db, notebook)
    place = next(
        f
        for f in findings.list_findings(db, notebook, detector_id=IMPORTED_DETECTOR)
        if f.finding_type == "place"
    )
    findings.reject_finding(db, place.id)
    for detector in ("first_person", "swear_words"):
        assert notebook_runs.run_detector(db, None, notebook, detector, force=True).value.published
    assert imported(db, notebook) == before
    assert findings.get_finding(db, place.id).review_status == "rejected"
    freshness = notebook_runs.detector_freshness(db, notebook)
    assert IMPORTED_DETECTOR not in freshness


def test_a_names_result_imported_by_an_older_version_still_shows(
    db: Database, tmp_path: Path
) -> None:
    text = tmp_path / "old.txt"
    text.write_text("Dear Anna Smit,", encoding="utf-8")
    notebook = notebooks.import_notebook(db, text).value.id
    names = builtin_detector("names")
    assert names is not None
    with db.session() as session:  # what earlier versions stored for person tags
        page = session.query(NotebookPage).filter_by(notebook_id=notebook).one()
        publish_imported(session, notebook, [page], [[TextSpan("person", 5, 14)]], definition=names)
    run = notebook_runs.published_run(db, notebook, "names")
    assert run is not None
    assert [f.title for f in run.findings] == ["Anna Smit"]
    assert outcome_text(run) == "imported, no model ran"
    rows = {d.definition.detector_id: d for d in load_overview(db, None, notebook).detectors}
    assert rows["names"].findings == 1
    assert IMPORTED_DETECTOR not in rows


def _without_added(root: ET.Element, added: str) -> list[tuple[str, dict[str, str], str]]:
    """Every element (tag, attributes, text) with the tags named ``added`` taken out of
    ``custom`` and ``imageFilename`` left out."""
    out = []
    for element in root.iter():
        attributes = dict(element.attrib)
        attributes.pop("imageFilename", None)
        if "custom" in attributes:
            attributes["custom"] = str(
                [tag for tag in parse_custom(attributes["custom"]) if tag[0] != added]
            )
        out.append((str(element.tag), attributes, (element.text or "").strip()))
    return out


def test_export_writes_the_imported_file_back_with_accepted_findings_added(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    run = notebook_runs.run_detector(db, None, notebook, "first_person").value
    assert [len(f.evidence) for f in run.findings] == [1]

    unreviewed = export_page_xml(db, notebook, tmp_path / "before").value
    assert unreviewed.findings == 7  # the imported ones, already in the file
    written = (tmp_path / "before" / "0001.xml").read_text(encoding="utf-8")
    assert written == DIARY.replace('imageFilename="diary-01.png"', 'imageFilename="0001.png"')

    findings.accept_finding(db, run.findings[0].id)
    export_page_xml(db, notebook, tmp_path / "after")
    data = (tmp_path / "after" / "0001.xml").read_bytes()
    original, exported = ET.fromstring(DIARY.encode()), ET.fromstring(data)
    assert _without_added(exported, "first_person") == _without_added(original, "first_person")
    line = next(e for e in exported.iter() if e.get("id") == "l3")
    assert parse_custom(line.get("custom", ""))[-1] == (
        "first_person",
        {"offset": "0", "length": "1"},
    )

    again = notebooks.import_notebook(db, tmp_path / "after").value.id
    assert notebooks.list_pages(db, again)[0].text == DIARY_TEXT
    assert imported(db, again) == [
        *imported(db, notebook)[:2],
        ("first_person", "I", ["I"]),
        *imported(db, notebook)[2:],
    ]


def test_a_page_whose_text_was_edited_is_written_afresh(db: Database, tmp_path: Path) -> None:
    notebook = notebooks.import_notebook(db, diary(tmp_path)).value.id
    page = notebooks.list_pages(db, notebook)[0]
    notebooks.edit_page_text(db, page.id, "Met Jan Bruima in Leiden.")
    export_page_xml(db, notebook, tmp_path / "out")
    written = (tmp_path / "out" / "0001.xml").read_text(encoding="utf-8")
    assert "Met Jan Bruima in Leiden." in written
    assert "<Word" not in written
