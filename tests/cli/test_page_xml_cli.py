"""``inkling notebook import`` of a PAGE-XML/ALTO folder and ``inkling export page-xml``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
    code, out = run("finding", "list", str(imported["id"]), "--detector", "names", "--json")
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
