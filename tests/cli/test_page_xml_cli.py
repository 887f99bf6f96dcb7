"""``inkling notebook import`` of a PAGE-XML/ALTO folder and ``inkling export page-xml``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.archival_files import (
    TOM_BAKER_PAGE,
    TRANSKRIBUS_PAGES,
    tiny_tiff,
    tom_baker_page,
    transkribus_export,
    transkribus_page_folder,
)
from tests.cli.helpers import run, run_json
from tests.transcript_files import PAGE_2013_TEXT, transcript_folder


def test_import_then_export_then_import_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = transcript_folder(tmp_path)
    code, out = run("notebook", "import", str(folder), "--json")
    assert code == 0
    assert f"pages: 3/3 ({folder})" in capsys.readouterr().err
    imported = json.loads(out)
    assert imported["pages"] == 3
    code, out = run("finding", "list", str(imported["id"]), "--detector", "imported", "--json")
    assert sorted(f["detector_data"]["name"] for f in json.loads(out)["items"]) == [
        "Ada",
        "Ada Lovelace",
        "Charles",
        "Mary Shelley",
    ]

    dest = tmp_path / "exported"
    capsys.readouterr()
    code, out = run("export", "page-xml", str(imported["id"]), str(dest), "--json")
    assert code == 0
    assert json.loads(out) == {"folder": str(dest), "pages": 3, "findings": 4}
    assert "pages: 3/3" in capsys.readouterr().err
    code, out = run("notebook", "import", str(dest), "--json")
    again = json.loads(out)["id"]
    code, out = run("notebook", "pages", str(again), "--json")
    assert json.loads(out)["items"][0]["text"] == PAGE_2013_TEXT


def test_refusals_are_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = transcript_folder(tmp_path)
    (folder / "page-2.xml").write_text("<PcGts>", encoding="utf-8")
    code, out = run("notebook", "import", str(folder), "--json", "--strict")
    err = capsys.readouterr().err
    assert (code, out) == (1, "")
    source = folder / "page-2.xml"
    assert err.endswith(f"\ninkling: {source} is not well-formed XML (line 1, column 8).\n")
    code, _ = run("export", "page-xml", "99", str(tmp_path / "x"), "--json")
    assert code == 1
    assert capsys.readouterr().err == "inkling: There is no notebook with id 99.\n"
    assert not (tmp_path / "x").exists()


def test_import_reports_skipped_pages_and_strict_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = transcript_folder(tmp_path)
    (folder / "page-10.xml").write_text("<alto>", encoding="utf-8")
    code, out = run("notebook", "import", str(folder), "--json", "--strict")
    assert (code, out) == (1, "")
    code, out = run("notebook", "import", str(folder), "--json")
    assert code == 0
    imported = json.loads(out)
    assert (imported["imported"], imported["without_scan"]) == (2, 0)
    assert imported["skipped"] == [
        {
            "path": "page-10.xml",
            "item": "page page-10",
            "reason": f"{folder / 'page-10.xml'} is not well-formed XML (line 1, column 7).",
        }
    ]
    capsys.readouterr()
    code, out = run("notebook", "import", str(folder))
    assert code == 0
    assert out.splitlines()[1:] == [
        "Skipped 1 file(s) or page(s):",
        f"  page-10.xml (page page-10): {folder / 'page-10.xml'} is not well-formed XML "
        "(line 1, column 7).",
    ]


def test_a_text_only_import_then_attach_scan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = transkribus_export(tmp_path, scans=False)
    code, out = run("notebook", "import", str(folder / "mets.xml"))
    assert code == 0
    assert out.splitlines()[1] == (
        "3 page(s) have no scan (it is not in the export); "
        "attach one with `inkling notebook attach-scan PAGE_ID FILE`."
    )
    first = json.loads(run("notebook", "pages", "1", "--json")[1])["items"][0]
    assert (first["text"], first["image"]) == ("First flyleaf", None)
    scan = tmp_path / "scan.tif"
    scan.write_bytes(tiny_tiff())
    code, out = run("notebook", "attach-scan", str(first["id"]), str(scan), "--json")
    assert code == 0
    attached = json.loads(out)
    assert attached["id"] == first["id"]
    assert attached["image"].endswith(".tif")
    capsys.readouterr()
    code, out = run("notebook", "attach-scan", str(first["id"]), str(tmp_path / "nope.png"))
    assert (code, out) == (1, "")
    assert capsys.readouterr().err == f"inkling: {tmp_path / 'nope.png'} does not exist.\n"


def test_finding_list_page_shows_a_name_tagged_and_found_as_one_item(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notebook = run_json("notebook", "import", str(tom_baker_page(tmp_path)))["id"]
    assert run_json("detect", "notebook", str(notebook), "--detector", "names")
    page = run_json("notebook", "pages", str(notebook))["items"][0]["id"]
    items = run_json("finding", "list", str(notebook), "--page", str(page))["items"]
    assert [(i["detector_id"], i["detector_data"]["name"]) for i in items] == [
        ("imported", "Tom Baker"),
        ("names", "Anna"),
    ]
    tom = items[0]
    assert [(a["detector_id"], a["detector_data"]["name"]) for a in tom["also"]] == [
        ("names", "Tom Baker")
    ]
    capsys.readouterr()
    code, out = run("finding", "list", str(notebook), "--page", str(page))
    assert code == 0
    assert f"[imported tag, also found by names #{tom['also'][0]['id']}]" in out.splitlines()[0]

    # one command reviews both, in one go; each stays a finding of its own
    both = [str(tom["id"]), str(tom["also"][0]["id"])]
    reviewed = run_json("finding", "reject", *both)["items"]
    assert [(r["detector_id"], r["review_status"]) for r in reviewed] == [
        ("imported", "rejected"),
        ("names", "rejected"),
    ]
    assert run_json("finding", "accept", both[0])["review_status"] == "approved"
    again = run_json("finding", "list", str(notebook), "--page", str(page))["items"][0]
    assert (again["review_status"], again["also"][0]["review_status"]) == ("approved", "rejected")


def test_a_rejected_imported_tag_is_left_out_of_the_exported_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notebook = run_json("notebook", "import", str(tom_baker_page(tmp_path)))["id"]
    (tom,) = run_json("finding", "list", str(notebook), "--detector", "imported")["items"]
    run_json("finding", "reject", str(tom["id"]))
    dest = tmp_path / "out"
    assert run_json("export", "page-xml", str(notebook), str(dest))["findings"] == 0
    written = (dest / "0001.xml").read_text(encoding="utf-8")
    assert written == TOM_BAKER_PAGE.replace(
        ' custom="person {offset:0; length:9;}"', ' custom=""'
    ).replace('imageFilename="p1.png"', 'imageFilename="0001.png"')


@pytest.mark.parametrize("mets", [False, True], ids=["no-mets", "mets"])
def test_import_a_transkribus_export_with_its_page_folder(tmp_path: Path, mets: bool) -> None:
    folder = transkribus_page_folder(tmp_path, mets=mets)
    imported = run_json("notebook", "import", str(folder), "--strict")
    assert (imported["imported"], imported["without_scan"], imported["skipped"]) == (3, 0, [])
    pages = run_json("notebook", "pages", str(imported["id"]))["items"]
    assert [p["text"] for p in pages] == [text for _, text in TRANSKRIBUS_PAGES]
    assert all(p["image"] for p in pages)
    (ada,) = run_json("finding", "list", str(imported["id"]), "--detector", "imported")["items"]
    assert (ada["detector_data"]["name"], ada["start_page"]) == ("Ada Byron", pages[1]["id"])


def test_import_an_export_job_holding_one_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    job = tmp_path / "export_job_1"
    transkribus_page_folder(job / "1234", mets=True)
    imported = run_json("notebook", "import", str(job))
    assert (imported["imported"], imported["without_scan"]) == (3, 0)
    transkribus_page_folder(job / "1234", name="other")
    capsys.readouterr()
    code, out = run("notebook", "import", str(job))
    assert (code, out) == (1, "")
    assert capsys.readouterr().err == (
        f"inkling: {job / '1234'} holds 2 exported documents (doc, other); import each "
        "document's folder on its own.\n"
    )


def test_detector_list_says_names_is_stale_when_the_language_decision_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.nlp import language

    notebook = str(run_json("notebook", "import", str(tom_baker_page(tmp_path)))["id"])
    run_json("detect", "notebook", notebook, "--detector", "names")

    def freshness() -> dict[str, str]:
        listed = run_json("detector", "list", "--notebook", notebook)["items"]
        return {d["detector_id"]: d["freshness"] for d in listed}

    assert freshness()["names"] == "ok"
    assert run_json("detect", "notebook", notebook, "--detector", "names")["cache_hit"]
    monkeypatch.setattr(language, "language_detector_id", lambda: "py3langid-9.9")
    assert freshness()["names"] == "stale"
    again = run_json("detect", "notebook", notebook, "--detector", "names")
    assert (again["cache_hit"], freshness()["names"]) == (False, "ok")
