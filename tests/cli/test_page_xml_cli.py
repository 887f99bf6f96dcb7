"""``inkling notebook import`` of a PAGE-XML/ALTO folder and ``inkling export page-xml``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.archival_files import tiny_tiff, transkribus_export
from tests.cli.helpers import run
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
