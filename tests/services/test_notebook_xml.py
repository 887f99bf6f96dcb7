"""PAGE-XML and ALTO notebooks: import (reading order, tags -> imported findings),
refusals that leave nothing behind, progress and cancel, export and the round trip."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from app.domain.formats.page_xml import PAGE_2019, parse_custom, parse_transcript
from app.domain.progress import Cancelled, CancelToken, Progress
from app.services.errors import InvalidInputError, ServiceError
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks import runs as notebook_runs
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR, PAGE_XML_SOURCE
from app.services.transfer.notebook_export import export_page_xml
from app.store import Database, open_database
from app.store.notebooks import DetectionRun, Finding, Notebook, NotebookPage
from tests.notebook_files import SAMPLE_NOTEBOOK as SAMPLE
from tests.notebook_files import TINY_JPEG, tiny_png
from tests.transcript_files import (
    ALTO_DOC,
    ALTO_TEXT,
    PAGE_2013_DOC,
    PAGE_2013_TEXT,
    PAGE_2019_TEXT,
    transcript_folder,
)


def counts(db: Database) -> tuple[int, int, int, int]:
    with db.session() as session:
        return tuple(  # type: ignore[return-value]
            int(session.scalar(select(func.count()).select_from(model)) or 0)
            for model in (Notebook, NotebookPage, DetectionRun, Finding)
        )


def leftovers(db: Database) -> list[Path]:
    root = db.path.parent / "pages"
    return sorted(root.rglob("*")) if root.exists() else []


def names_by_page(db: Database, notebook_id: int) -> list[list[tuple[str, list[str]]]]:
    """Per page (in order): (name, quotes) of each imported person finding."""
    pages = notebooks.list_pages(db, notebook_id)
    found = [
        f
        for f in findings.list_findings(db, notebook_id, detector_id=IMPORTED_DETECTOR)
        if f.finding_type == "names"
    ]
    return [
        sorted(
            (str(f.detector_data["name"]), [e.anchor_text for e in f.evidence])
            for f in found
            if f.start_page == page.id
        )
        for page in pages
    ]


# --------------------------------------------------------------------------- import


def test_a_folder_of_page_xml_and_alto_files_imports_in_natural_order(
    db: Database, tmp_path: Path
) -> None:
    folder = transcript_folder(tmp_path)
    reported: list[tuple[int, int]] = []
    result = notebooks.import_notebook(
        db, folder, on_progress=lambda p: reported.append((p.done, p.total))
    )
    view = result.value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == [PAGE_2013_TEXT, PAGE_2019_TEXT, ALTO_TEXT]
    for page, data in zip(pages, [tiny_png(10), TINY_JPEG, tiny_png(200)], strict=True):
        stored = notebooks.image_file(db, page)
        assert stored is not None
        assert stored.read_bytes() == data
    assert reported == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert result.changes.detectors == {IMPORTED_DETECTOR}
    assert len(result.changes.findings) == 4


def test_person_tags_become_imported_names_findings_at_page_offsets(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, transcript_folder(tmp_path)).value.id
    assert names_by_page(db, notebook) == [
        [("Ada Lovelace", ["Ada Lovelace"]), ("Charles", ["Charles"])],
        [("Ada", ["Ada"]), ("Mary Shelley", ["Mary\nShelley"])],
        [],
    ]
    page = notebooks.list_pages(db, notebook)[0]
    charles = next(
        f
        for f in findings.list_findings(db, notebook, detector_id=IMPORTED_DETECTOR)
        if f.title == "Charles"
    )
    assert [(e.page_id, e.anchor_start, e.anchor_end) for e in charles.evidence] == [
        (page.id, 54, 61)
    ]
    assert page.text is not None
    assert page.text[54:61] == "Charles"
    assert charles.review_status == "unreviewed"
    assert charles.tag_slug == "charles"


def test_the_imported_run_says_where_it_came_from_and_a_names_run_never_replaces_it(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, transcript_folder(tmp_path)).value.id
    run = notebook_runs.published_run(db, notebook, IMPORTED_DETECTOR)
    assert run is not None
    assert run.cache_identity == PAGE_XML_SOURCE
    assert run.message is not None
    assert "PAGE-XML" in run.message
    assert (run.attempt_state, run.outcome, run.route) == ("succeeded", "success", None)
    assert notebook_runs.published_run(db, notebook, "names") is None
    assert notebook_runs.freshness(db, notebook, "names") == "missing"
    accepted = next(f for f in run.findings if f.title == "Ada Lovelace")
    findings.accept_finding(db, accepted.id)

    rerun = notebook_runs.run_detector(db, None, notebook, "names").value
    assert rerun.published
    assert rerun.detector_id == "names"
    assert notebook_runs.freshness(db, notebook, "names") == "ok"
    kept = notebook_runs.published_run(db, notebook, IMPORTED_DETECTOR)
    assert kept is not None
    assert kept.id == run.id
    assert [f.id for f in kept.findings] == [f.id for f in run.findings]
    assert findings.get_finding(db, accepted.id).review_status == "approved"
    forced = notebook_runs.run_detector(db, None, notebook, "names", force=True).value
    assert forced.published
    assert notebook_runs.published_run(db, notebook, IMPORTED_DETECTOR) == kept


def test_reading_order_nested_groups_and_unordered_groups() -> None:
    doc = f"""<PcGts xmlns="{PAGE_2019}"><Page imageFilename="x.png">
      <ReadingOrder><OrderedGroup id="g">
        <UnorderedGroupIndexed id="u" index="1"><RegionRef regionRef="t"/></UnorderedGroupIndexed>
        <OrderedGroupIndexed id="o" index="0">
          <RegionRefIndexed index="2" regionRef="a"/><RegionRefIndexed index="1" regionRef="b"/>
        </OrderedGroupIndexed>
      </OrderedGroup></ReadingOrder>
      <TextRegion id="a"><TextLine><TextEquiv><Unicode>A</Unicode></TextEquiv></TextLine>
      </TextRegion>
      <TableRegion id="t"><TextRegion id="c"><TextLine><TextEquiv><Unicode>C</Unicode>
      </TextEquiv></TextLine></TextRegion></TableRegion>
      <TextRegion id="b"><TextLine><TextEquiv><Unicode>B</Unicode></TextEquiv></TextLine>
      </TextRegion>
      <TextRegion id="d"><TextLine><TextEquiv><Unicode>D</Unicode></TextEquiv></TextLine>
      </TextRegion></Page></PcGts>"""
    assert parse_transcript(doc.encode()).text == "B\nA\nC\nD"


def test_custom_attributes_parse_like_transkribus() -> None:
    assert parse_custom("readingOrder {index:0;} person {offset:4; length:11;firstname:Ada;}") == [
        ("readingOrder", {"index": "0"}),
        ("person", {"offset": "4", "length": "11", "firstname": "Ada"}),
    ]
    assert parse_custom("") == []


def test_a_transkribus_export_with_a_page_subfolder(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "export"
    (folder / "page").mkdir(parents=True)
    (folder / "scan-1.png").write_bytes(tiny_png())
    (folder / "page" / "scan-1.xml").write_text(PAGE_2013_DOC, encoding="utf-8")
    (folder / "mets.xml").write_text('<mets xmlns="http://www.loc.gov/METS/"/>', encoding="utf-8")
    (folder / "metadata.xml").write_text("<trpDocMetadata/>", encoding="utf-8")
    notebook = notebooks.import_notebook(db, folder).value.id
    assert [p.text for p in notebooks.list_pages(db, notebook)] == [PAGE_2013_TEXT]


def test_alto_without_a_file_name_uses_the_image_of_the_same_name(
    db: Database, tmp_path: Path
) -> None:
    folder = tmp_path / "alto"
    folder.mkdir()
    doc = ALTO_DOC.replace("<fileName>scan-3.png</fileName>", "")
    (folder / "p1.xml").write_text(doc, encoding="utf-8")
    (folder / "p1.jpeg").write_bytes(TINY_JPEG)
    page = notebooks.list_pages(db, notebooks.import_notebook(db, folder).value.id)[0]
    assert (page.text, page.image_path is not None) == (ALTO_TEXT, True)


# --------------------------------------------------------------------------- refusals


def _page(custom: str = "", text: str = "Met Ada today.", ns: str = PAGE_2019) -> str:
    return (
        f'<PcGts xmlns="{ns}"><Page imageFilename="p.png"><TextRegion id="r">'
        f'<TextLine id="l1" custom="{custom}"><TextEquiv><Unicode>{text}</Unicode>'
        "</TextEquiv></TextLine></TextRegion></Page></PcGts>"
    )


REFUSALS: list[tuple[str, bytes | str, str]] = [
    ("malformed", "<PcGts><Page>", "is not well-formed XML (line 1, column"),
    ("truncated", _page()[:-20], "is not well-formed XML"),
    ("utf8", _page().encode().replace(b"Ada", b"A\xffa"), "is not UTF-8 text"),
    ("namespace", _page(ns="http://example.com/page"), "is neither PAGE-XML"),
    ("alto9", ALTO_DOC.replace("ns-v4#", "ns-v9#"), "is neither PAGE-XML"),
    ("html", "<html><body>hi</body></html>", "its root element is html"),
    ("no-page", f'<PcGts xmlns="{PAGE_2019}"/>', "has no Page element"),
    ("no-layout", '<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"/>', "no Layout"),
    ("no-image-attr", _page().replace(' imageFilename="p.png"', ""), "has no imageFilename"),
    (
        "past-line-end",
        _page("person {offset:4; length:11;}"),
        "person tag (offset 4, length 11) that does not fit TextLine 'l1' (line 1)",
    ),
    ("bad-offset", _page("person {offset:x; length:3;}"), "whose offset is not a number"),
    ("negative", _page("person {offset:-1; length:3;}"), "whose offset is not a number"),
    ("empty-tag", _page("person {offset:1; length:0;}"), "does not fit"),
    ("bad-custom", _page("person offset 4"), "not in the form name {key:value;}"),
    ("bad-prop", _page("person {offset 4;}"), "that is not key:value"),
    ("dtd", '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', "declares a DTD"),
    (
        "bad-ref",
        _page().replace(
            '<TextRegion id="r">',
            '<ReadingOrder><OrderedGroup id="g"><RegionRefIndexed index="0" regionRef="zz"/>'
            '</OrderedGroup></ReadingOrder><TextRegion id="r">',
        ),
        "names region 'zz', which is not on the page",
    ),
    (
        "bad-index",
        _page().replace(
            '<TextRegion id="r">',
            '<ReadingOrder><OrderedGroup id="g"><RegionRefIndexed index="first" regionRef="r"/>'
            '</OrderedGroup></ReadingOrder><TextRegion id="r">',
        ),
        "index 'first' is not a number",
    ),
    ("string", ALTO_DOC.replace('<String CONTENT="tide"/>', "<String/>"), "without CONTENT"),
]


def _refusal_folder(tmp_path: Path, case: str, content: bytes | str) -> Path:
    folder = tmp_path / case
    folder.mkdir()
    (folder / "a.xml").write_text(PAGE_2013_DOC, encoding="utf-8")  # a good page first
    (folder / "scan-1.png").write_bytes(tiny_png())
    (folder / "p.png").write_bytes(tiny_png())
    (folder / "scan-3.png").write_bytes(tiny_png())
    data = content.encode() if isinstance(content, str) else content
    (folder / "b.xml").write_bytes(data)
    return folder


@pytest.mark.parametrize(("case", "content", "needle"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_strict_refusals_name_the_file_and_import_nothing(
    db: Database, tmp_path: Path, case: str, content: bytes | str, needle: str
) -> None:
    notebooks.import_notebook(db, transcript_folder(tmp_path))  # stays untouched
    before = counts(db), leftovers(db)
    folder = _refusal_folder(tmp_path, case, content)
    with pytest.raises(InvalidInputError) as caught:
        notebooks.import_notebook(db, folder, strict=True)
    message = str(caught.value)
    assert needle in message
    assert message.startswith(str(folder / "b.xml") + " ")
    assert message.endswith(".")
    assert "\n" not in message
    assert (counts(db), leftovers(db)) == before


@pytest.mark.parametrize(("case", "content", "needle"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_bad_page_is_skipped_and_reported_and_the_good_one_imported(
    db: Database, tmp_path: Path, case: str, content: bytes | str, needle: str
) -> None:
    folder = _refusal_folder(tmp_path, case, content)
    view = notebooks.import_notebook(db, folder).value
    assert [p.text for p in notebooks.list_pages(db, view.id)] == [PAGE_2013_TEXT]
    (skipped,) = view.skipped
    assert (skipped.path, skipped.item) == ("b.xml", "page b")
    assert needle in skipped.reason
    assert skipped.reason.startswith(str(folder / "b.xml") + " ")
    assert skipped.reason.endswith(".")
    assert "\n" not in skipped.reason


def test_a_source_with_no_valid_page_is_refused_in_one_sentence(
    db: Database, tmp_path: Path
) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "a.xml").write_text("<PcGts><Page>", encoding="utf-8")
    (folder / "b.xml").write_text("<html/>", encoding="utf-8")
    with pytest.raises(InvalidInputError) as caught:
        notebooks.import_notebook(db, folder)
    message = str(caught.value)
    assert message.startswith(f"Nothing in {folder} could be imported: 2 files or pages")
    assert "a.xml is not well-formed XML" in message
    assert "\n" not in message
    assert (counts(db), leftovers(db)) == ((0, 0, 0, 0), [])


def test_an_unreadable_scan_is_reported_and_the_page_keeps_its_text(
    db: Database, tmp_path: Path
) -> None:
    folder = tmp_path / "tiff"
    folder.mkdir()
    (folder / "a.xml").write_text(_page().replace("p.png", "p.tif"), encoding="utf-8")
    (folder / "p.tif").write_bytes(b"II*\x00")
    with pytest.raises(InvalidInputError, match=r"p\.tif is not a readable PNG, JPEG or TIFF"):
        notebooks.import_notebook(db, folder, strict=True)
    assert counts(db) == (0, 0, 0, 0)
    view = notebooks.import_notebook(db, folder).value
    (page,) = notebooks.list_pages(db, view.id)
    assert (page.text, page.image_path) == ("Met Ada today.", None)
    assert [(s.path, s.item) for s in view.skipped] == [("p.tif", "page a")]


def test_cancel_between_pages_imports_nothing(db: Database, tmp_path: Path) -> None:
    cancel = CancelToken()

    def progress(p: Progress) -> None:
        if p.done == 2:
            cancel.cancel()

    with pytest.raises(Cancelled):
        notebooks.import_notebook(
            db, transcript_folder(tmp_path), on_progress=progress, cancel=cancel
        )
    assert counts(db) == (0, 0, 0, 0)
    assert leftovers(db) == []


PAGE_LIKE = st.sampled_from(
    [
        _page(),
        _page("person {offset:4; length:3;}"),
        PAGE_2013_DOC,
        ALTO_DOC,
        "<PcGts>",
        "<!DOCTYPE x>",
        "person {offset:",
        f'xmlns="{PAGE_2019}"',
        "<TextLine custom='",
        "</Unicode>",
        "&amp;",
        "&#0;",
    ]
)


@st.composite
def page_files(draw: st.DrawFn) -> bytes:
    """Random bytes, or random XML-ish text cut and spliced from real pages."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=300))
    pieces = draw(st.lists(st.one_of(PAGE_LIKE, st.text(max_size=20)), max_size=6))
    text = "".join(pieces)
    if draw(st.booleans()) and text:
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.text(max_size=10)) + text[cut:]
    return text.encode("utf-8", "surrogatepass")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(page_files())
def test_random_page_files_import_or_refuse_cleanly(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    db = open_database(root / "inkling.sqlite3")
    try:
        folder = root / "notebook"
        folder.mkdir()
        (folder / "p.png").write_bytes(tiny_png())
        (folder / "scan-1.png").write_bytes(tiny_png())
        (folder / "scan-3.png").write_bytes(tiny_png())
        (folder / "page.xml").write_bytes(data)
        try:
            view = notebooks.import_notebook(db, folder).value
        except ServiceError:
            assert counts(db) == (0, 0, 0, 0)
            assert leftovers(db) == []
        else:
            assert counts(db)[:2] == (1, 1)
            assert view.pages == 1
    finally:
        db.close()


# --------------------------------------------------------------------------- export


def test_export_then_import_gives_the_same_texts_and_names(db: Database, tmp_path: Path) -> None:
    first = notebooks.import_notebook(db, transcript_folder(tmp_path)).value.id
    dest = tmp_path / "out"
    reported: list[tuple[int, int]] = []
    done = export_page_xml(
        db, first, dest, on_progress=lambda p: reported.append((p.done, p.total))
    ).value
    assert (done.pages, done.findings, done.folder) == (3, 4, dest)
    assert reported[-1] == (3, 3)
    assert sorted(p.name for p in dest.iterdir()) == [
        "0001.png",
        "0001.xml",
        "0002.jpg",
        "0002.xml",
        "0003.png",
        "0003.xml",
    ]
    second = notebooks.import_notebook(db, dest).value.id
    assert [p.text for p in notebooks.list_pages(db, second)] == [
        p.text for p in notebooks.list_pages(db, first)
    ]
    assert [p.image_digest for p in notebooks.list_pages(db, second)] == [
        p.image_digest for p in notebooks.list_pages(db, first)
    ]
    assert names_by_page(db, second) == names_by_page(db, first)


def test_export_writes_other_detectors_and_skips_rejected_and_stale_anchors(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, SAMPLE, title="Sample").value.id
    page = notebooks.list_pages(db, notebook)[0]
    assert page.text is not None
    notebook_runs.run_detector(db, None, notebook, "names")
    found = findings.list_findings(db, notebook, detector_id="names")
    on_page = [f for f in found if f.start_page == page.id]
    assert len(on_page) == 2, "the sample's first page names Anna and Tom Baker"
    rejected = on_page[0]
    findings.reject_finding(db, rejected.id)
    with db.session() as session:  # another detector's evidence, on two lines
        first_break = page.text.index("\n")
        run = session.scalars(select(DetectionRun).where(DetectionRun.published)).one()
        session.add(
            Finding(
                run_id=run.id,
                notebook_id=notebook,
                detector_id="poetry",
                detector_version="1",
                start_page_id=page.id,
                end_page_id=page.id,
                page_ids=[page.id],
                finding_type="poetry",
                confidence=0.9,
                evidence=[
                    {
                        "page_id": page.id,
                        "anchor_start": first_break - 3,
                        "anchor_end": first_break + 4,
                        "anchor_text": page.text[first_break - 3 : first_break + 4],
                    },
                    {"page_id": page.id, "anchor_start": 0, "anchor_end": 3, "anchor_text": "no!"},
                ],
            )
        )
    export_page_xml(db, notebook, tmp_path / "out")
    xml = (tmp_path / "out" / "0001.xml").read_text(encoding="utf-8")
    assert xml.count("poetry {") == 2
    assert "poetry {offset:0; length:3;" not in xml  # the anchor that no longer matches
    assert "continued:true;" in xml
    names = [f for f in on_page if f.id != rejected.id]
    assert xml.count("person {") == sum(len(f.evidence) for f in names)
    assert not (tmp_path / "out" / "0001.png").exists()  # text-only pages name no image
    again = notebooks.import_notebook(db, tmp_path / "out").value.id
    assert [p.text for p in notebooks.list_pages(db, again)] == [
        p.text for p in notebooks.list_pages(db, notebook)
    ]

    only_accepted = export_page_xml(db, notebook, tmp_path / "accepted", accepted_only=True)
    assert only_accepted.value.findings == 0
    assert "person {" not in (tmp_path / "accepted" / "0001.xml").read_text(encoding="utf-8")


def test_export_refuses_a_folder_with_files_and_leaves_nothing_on_cancel(
    db: Database, tmp_path: Path
) -> None:
    notebook = notebooks.import_notebook(db, transcript_folder(tmp_path)).value.id
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="is not an empty folder"):
        export_page_xml(db, notebook, busy)
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]
    cancel = CancelToken()
    empty = tmp_path / "empty"
    empty.mkdir()

    def progress(p: Progress) -> None:
        if p.done == 1:
            cancel.cancel()

    with pytest.raises(Cancelled):
        export_page_xml(db, notebook, empty, on_progress=progress, cancel=cancel)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    assert list(empty.iterdir()) == []
