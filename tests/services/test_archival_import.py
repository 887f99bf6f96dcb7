"""Archival notebook layouts (issue 16 item 2): METS page order and file locations,
relative image paths kept inside the chosen folder, TIFF scans, PAGE 2010/2019 and ALTO
v2/v3, text-only pages when the scans are absent, and attaching a scan later."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.domain.formats.mets import MetsError, image_group, parse_mets, transcript_group
from app.domain.formats.page_xml import parse_transcript
from app.services.errors import InvalidInputError
from app.services.notebooks import findings
from app.services.notebooks import pages as notebooks
from app.services.notebooks.imported_findings import IMPORTED_DETECTOR
from app.services.transfer.notebook_import import image_kind, image_size
from app.store import Database
from tests.archival_files import (
    FLYLEAF_TEXTS,
    OCRD_METS,
    PAGE_2010,
    TRANSKRIBUS_PAGES,
    alto_doc,
    flyleaf_folder,
    ocrd_workspace,
    page_doc,
    sibling_folders,
    tiny_jpeg,
    tiny_tiff,
    transkribus_export,
    transkribus_page_folder,
)
from tests.notebook_files import tiny_png


def texts(db: Database, notebook_id: int) -> list[str | None]:
    return [p.text for p in notebooks.list_pages(db, notebook_id)]


# --------------------------------------------------------------------------- METS


def test_mets_gives_the_page_order_flyleaves_first(db: Database, tmp_path: Path) -> None:
    view = notebooks.import_notebook(db, flyleaf_folder(tmp_path)).value
    assert texts(db, view.id) == ["Page fIr", "Page fIIr", "Page 1"]
    assert view.skipped == ()
    assert all(p.image_path for p in notebooks.list_pages(db, view.id))


def test_mets_order_attribute_wins_over_document_order(db: Database, tmp_path: Path) -> None:
    view = notebooks.import_notebook(db, transkribus_export(tmp_path, scans=True)).value
    assert texts(db, view.id) == FLYLEAF_TEXTS
    assert view.without_scan == 0


def test_parse_mets_reads_pages_files_and_groups() -> None:
    pages = parse_mets(OCRD_METS.encode())
    assert [p.label for p in pages] == ["1", "2"]
    assert transcript_group(pages) == "OCR-D-GT-SEG-LINE"
    assert image_group(pages) == "OCR-D-IMG"
    assert [f.href for f in pages[0].files] == [
        "OCR-D-IMG/OCR-D-IMG_0001.tif",
        "OCR-D-GT-SEG-LINE/OCR-D-GT_0001.xml",
    ]
    assert parse_mets(b'<mets xmlns="http://www.loc.gov/METS/"/>') == []
    for bad, needle in [
        (b"<mets", "is not well-formed XML"),
        (b"<html/>", "is not a METS file"),
        (b'<!DOCTYPE x [<!ENTITY e "y">]><x/>', "declares a DTD"),
    ]:
        with pytest.raises(MetsError, match=needle):
            parse_mets(bad)


@pytest.mark.parametrize("choose_mets_file", [False, True], ids=["root", "mets.xml"])
def test_an_ocrd_workspace_with_tiff_scans(
    db: Database, tmp_path: Path, choose_mets_file: bool
) -> None:
    workspace = ocrd_workspace(tmp_path)
    chosen = workspace / "mets.xml" if choose_mets_file else workspace
    view = notebooks.import_notebook(db, chosen, title="GT").value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == ["Erste Seite", "Zweite Seite"]
    for number, page in enumerate(pages, start=1):
        image = notebooks.image_file(db, page)
        assert image is not None
        assert image.suffix == ".tif"
        assert image.read_bytes() == tiny_tiff(shade=number)


def test_a_malformed_mets_is_reported_and_pages_come_in_file_name_order(
    db: Database, tmp_path: Path
) -> None:
    folder = flyleaf_folder(tmp_path)
    (folder / "mets.xml").write_text("<mets:mets", encoding="utf-8")
    view = notebooks.import_notebook(db, folder).value
    assert texts(db, view.id) == ["Page fIIr", "Page fIr", "Page 1"]
    (skipped,) = view.skipped
    assert skipped.path == "mets.xml"
    assert "not well-formed XML" in skipped.reason
    assert skipped.reason.endswith("so the pages were put in file-name order.")
    with pytest.raises(InvalidInputError, match=r"mets\.xml is not well-formed XML"):
        notebooks.import_notebook(db, folder, strict=True)


def test_a_page_mets_lists_but_the_export_lacks_is_reported(db: Database, tmp_path: Path) -> None:
    folder = transkribus_export(tmp_path, scans=True)
    (folder / "page" / "0002_fIIr.xml").unlink()
    view = notebooks.import_notebook(db, folder).value
    assert texts(db, view.id) == ["First flyleaf", None, "Dear diary"]  # the scan alone
    (skipped,) = view.skipped
    assert (skipped.path, skipped.item) == ("page/0002_fIIr.xml", "page fIIr")
    assert skipped.reason.endswith("is listed in mets.xml but is not there.")


def test_mets_hrefs_never_lead_outside_the_chosen_folder(db: Database, tmp_path: Path) -> None:
    folder = transkribus_export(tmp_path, scans=False)
    (tmp_path / "secret.png").write_bytes(tiny_png())
    mets = (folder / "mets.xml").read_text(encoding="utf-8")
    (folder / "mets.xml").write_text(
        mets.replace('xlink:href="0001_fIr.jpg"', 'xlink:href="../secret.png"'), encoding="utf-8"
    )
    view = notebooks.import_notebook(db, folder).value
    assert [p.image_path for p in notebooks.list_pages(db, view.id)] == [None, None, None]
    (folder / "page" / "0001_fIr.xml").unlink()
    (folder / "page" / "0001_fIr.xml").symlink_to(tmp_path / "secret.png")
    with pytest.raises(InvalidInputError, match="links outside"):
        notebooks.import_notebook(db, folder)  # a link out refuses the import, strict or not


# --------------------------------------------------------------------------- scans


def test_a_relative_image_path_into_a_sibling_folder(db: Database, tmp_path: Path) -> None:
    view = notebooks.import_notebook(db, sibling_folders(tmp_path)).value
    (page,) = notebooks.list_pages(db, view.id)
    assert page.text == "Sibling page"
    image = notebooks.image_file(db, page)
    assert image is not None
    assert image.read_bytes() == tiny_png()


def test_a_sibling_scan_outside_the_chosen_folder_is_not_read(db: Database, tmp_path: Path) -> None:
    folder = sibling_folders(tmp_path)
    view = notebooks.import_notebook(db, folder / "xml").value  # images/ is outside
    (page,) = notebooks.list_pages(db, view.id)
    assert (page.text, page.image_path, view.without_scan) == ("Sibling page", None, 1)


def test_tiff_header_checks() -> None:
    tiff = tiny_tiff(5, 7)
    assert (image_kind(tiff), image_size(tiff)) == ("tiff", (5, 7))
    big_endian_header = b"MM\x00*" + (8).to_bytes(4, "big") + b"\x00\x00"
    assert image_kind(big_endian_header) is None  # a directory without sizes
    assert image_kind(b"II*\x00\xff\xff\xff\x7f") is None  # a directory past the end


def test_a_folder_of_tiff_scans_with_transcriptions(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "tiffs"
    folder.mkdir()
    (folder / "p1.tif").write_bytes(tiny_tiff())
    (folder / "p1.txt").write_text("Typed", encoding="utf-8")
    (folder / "p2.tiff").write_bytes(tiny_tiff(2, 2))
    view = notebooks.import_notebook(db, folder).value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == ["Typed", None]
    assert [Path(p.image_path or "").suffix for p in pages] == [".tif", ".tif"]


# --------------------------------------------------------------------------- versions


@pytest.mark.parametrize("version", [2, 3])
def test_alto_v2_and_v3(db: Database, tmp_path: Path, version: int) -> None:
    transcript = parse_transcript(alto_doc(version).encode())
    assert (transcript.format, transcript.text) == ("alto", f"Library OCR v{version}")
    folder = tmp_path / f"alto{version}"
    folder.mkdir()
    (folder / "0001.xml").write_text(alto_doc(version), encoding="utf-8")
    (folder / "scan.tif").write_bytes(tiny_tiff())
    (page,) = notebooks.list_pages(db, notebooks.import_notebook(db, folder).value.id)
    assert page.text == f"Library OCR v{version}"
    assert page.image_path is not None


def test_page_2010_reads() -> None:
    transcript = parse_transcript(page_doc("Old schema", "a.png", ns=PAGE_2010).encode())
    assert (transcript.format, transcript.text, transcript.image) == (
        "page-xml",
        "Old schema",
        "a.png",
    )


def test_alto_naming_a_tif_that_is_not_there_imports_the_text(db: Database, tmp_path: Path) -> None:
    folder = tmp_path / "newspaper"
    folder.mkdir()
    (folder / "0001.xml").write_text(alto_doc(2, "0001.tif"), encoding="utf-8")
    view = notebooks.import_notebook(db, folder).value
    (page,) = notebooks.list_pages(db, view.id)
    assert (page.text, page.image_path, view.without_scan, view.skipped) == (
        "Library OCR v2",
        None,
        1,
        (),
    )


# --------------------------------------------------------------------------- text only


def test_a_transkribus_export_without_scans_imports_text_only_pages(
    db: Database, tmp_path: Path
) -> None:
    folder = transkribus_export(tmp_path, scans=False)
    view = notebooks.import_notebook(db, folder, strict=True).value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == FLYLEAF_TEXTS
    assert [p.image_path for p in pages] == [None, None, None]
    assert (view.without_scan, view.skipped) == (3, ())


def test_a_scan_can_be_attached_later_and_replaced(db: Database, tmp_path: Path) -> None:
    folder = transkribus_export(tmp_path, scans=False)
    view = notebooks.import_notebook(db, folder).value
    first = notebooks.list_pages(db, view.id)[0]
    scan = tmp_path / "scan.tif"
    scan.write_bytes(tiny_tiff())
    result = notebooks.attach_scan(db, first.id, scan)
    assert result.changes.pages == frozenset({first.id})
    attached = notebooks.get_page(db, first.id)
    assert attached.text == "First flyleaf"
    old = notebooks.image_file(db, attached)
    assert old is not None
    assert old.read_bytes() == tiny_tiff()
    png = tmp_path / "better.png"
    png.write_bytes(tiny_png())
    notebooks.attach_scan(db, first.id, png)
    replaced = notebooks.image_file(db, notebooks.get_page(db, first.id))
    assert replaced is not None
    assert replaced.read_bytes() == tiny_png()
    assert not old.exists()
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\nnope")
    with pytest.raises(InvalidInputError, match=r"bad\.png is not a readable PNG, JPEG or TIFF"):
        notebooks.attach_scan(db, first.id, bad)
    assert (
        notebooks.get_page(db, first.id).image_path
        == replaced.relative_to(db.path.parent).as_posix()
    )


# --------------------------------------------------------------------------- Transkribus


@pytest.mark.parametrize("mets", [False, True], ids=["no-mets", "mets"])
def test_transkribus_page_folder_beside_the_scans(db: Database, tmp_path: Path, mets: bool) -> None:
    folder = transkribus_page_folder(tmp_path, mets=mets)
    view = notebooks.import_notebook(db, folder, strict=True).value
    pages = notebooks.list_pages(db, view.id)
    assert [p.text for p in pages] == [text for _, text in TRANSKRIBUS_PAGES]  # 0002 before 0010
    for page in pages:
        image = notebooks.image_file(db, page)
        assert image is not None
        assert image.read_bytes() == tiny_jpeg()
    assert (view.without_scan, view.skipped) == (0, ())
    (ada,) = findings.list_findings(db, view.id, detector_id=IMPORTED_DETECTOR)
    assert (ada.title, ada.start_page) == ("Ada Byron", pages[1].id)
    kept = notebooks.source_file(db, view.id, pages[1].id)
    assert kept.read_bytes() == (folder / "page" / "0002.xml").read_bytes()


def test_choosing_the_page_folder_of_a_transkribus_export_says_where_the_scans_are(
    db: Database, tmp_path: Path
) -> None:
    folder = transkribus_page_folder(tmp_path) / "page"
    view = notebooks.import_notebook(db, folder).value
    assert [p.image_path for p in notebooks.list_pages(db, view.id)] == [None, None, None]
    assert [s.path for s in view.skipped] == ["0001.xml", "0002.xml", "0010.xml"]
    assert view.skipped[0].reason.endswith(
        "which is in the folder above the one chosen; import the whole export folder to keep "
        "the scans."
    )


def test_an_export_job_folder_holding_one_document_imports_it(db: Database, tmp_path: Path) -> None:
    job = tmp_path / "export_job_1"
    document = transkribus_page_folder(job / "1234", mets=True, name="Diary 1890")
    view = notebooks.import_notebook(db, job, strict=True).value
    assert view.title == "Diary 1890"
    assert [p.text for p in notebooks.list_pages(db, view.id)] == [t for _, t in TRANSKRIBUS_PAGES]
    assert view.without_scan == 0
    (document / "page" / "0010.xml").write_text("<PcGts>", encoding="utf-8")
    skipped = notebooks.import_notebook(db, job).value.skipped
    assert [s.path for s in skipped] == ["1234/Diary 1890/page/0010.xml"]


def test_an_export_of_several_documents_is_refused_in_one_sentence(
    db: Database, tmp_path: Path
) -> None:
    job = tmp_path / "export_job_2"
    for name in ("Diary 1890", "Diary 1891"):
        transkribus_page_folder(job / "1234", name=name)
    with pytest.raises(InvalidInputError) as refused:
        notebooks.import_notebook(db, job)
    assert str(refused.value) == (
        f"{job / '1234'} holds 2 exported documents (Diary 1890, Diary 1891); import each "
        "document's folder on its own."
    )
    assert notebooks.list_notebooks(db) == []
