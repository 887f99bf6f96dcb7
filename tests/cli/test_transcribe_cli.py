"""``inkling notebook transcribe``: JSON summary, progress on stderr, refusals in one line."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.cli.helpers import run, run_json
from tests.ocr_files import LEFT, LINE_HEIGHT, TOP, need_tesseract, render_page


@pytest.fixture
def scans(tmp_path: Path) -> str:
    folder = tmp_path / "scans"
    folder.mkdir()
    render_page(folder / "01.png", ["Dear Mary, we walked to Bristol."])
    render_page(folder / "02.png", ["The rain kept on all day."])
    render_page(folder / "03.png", ["Candles and bread."])
    (folder / "03.txt").write_text("Candles and bread.", encoding="utf-8")
    return str(folder)


def test_transcribe_prints_a_summary_and_each_page_on_stderr(
    scans: str, capsys: pytest.CaptureFixture[str]
) -> None:
    need_tesseract()
    run_json("notebook", "import", scans)
    capsys.readouterr()
    doc = run_json("notebook", "transcribe", "1", "--pages", "1-3")
    err = capsys.readouterr().err
    assert doc["id"] == 1
    assert doc["engine"] == "tesseract"
    assert (doc["transcribed"], doc["skipped_with_text"], doc["failed"]) == (2, 1, 0)
    assert [(p["page"], p["status"], p["lines"]) for p in doc["pages"]] == [
        (1, "transcribed", 1),
        (2, "transcribed", 1),
        (3, "has_text", 0),
    ]
    assert "page 1: transcribed (1 line(s))" in err
    assert "page 3: skipped, it has text" in err
    pages = run_json("notebook", "pages", "1")["items"]
    assert "Bristol" in pages[0]["text"]
    again = run_json("notebook", "transcribe", "1", "--pages", "2", "--force")
    assert [p["status"] for p in again["pages"]] == ["transcribed"]
    code, out = run("notebook", "transcribe", "1", "--pages", "1")
    assert code == 0
    assert out == "Transcribed 0 of 1 page(s) of notebook 1 with tesseract; skipped 1.\n"


def test_refusals_are_one_sentence_and_exit_non_zero(
    scans: str, capsys: pytest.CaptureFixture[str]
) -> None:
    run_json("notebook", "import", scans)
    capsys.readouterr()
    for argv, code in (
        (("notebook", "transcribe", "9"), 1),
        (("notebook", "transcribe", "1", "--pages", "4"), 1),
        (("notebook", "transcribe", "1", "--pages", "x"), 1),
        (("notebook", "transcribe", "1", "--engine", "vision"), 1),
    ):
        exit_code, out = run(*argv, "--json")
        err = capsys.readouterr().err
        assert exit_code == code, argv
        assert out == ""
        assert err.startswith("inkling: "), err
        assert err.count("\n") == 1, err
    assert "no page 4" in run_err("notebook", "transcribe", "1", "--pages", "4", capsys=capsys)


def run_err(*argv: str, capsys: pytest.CaptureFixture[str]) -> str:
    run(*argv)
    return capsys.readouterr().err


def test_a_missing_tesseract_exits_2_in_one_sentence(
    scans: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.llm import ocr

    run_json("notebook", "import", scans)
    capsys.readouterr()
    monkeypatch.setattr(ocr, "tesseract_path", lambda: None)
    code, out = run("notebook", "transcribe", "1")
    err = capsys.readouterr().err
    assert (code, out) == (2, "")
    assert err == (
        "inkling: Tesseract is not installed; install the tesseract-ocr and "
        "tesseract-ocr-eng packages (scripts/bootstrap.sh does).\n"
    )


def test_export_page_xml_writes_each_transcribed_line_with_its_box(
    scans: str, tmp_path: Path
) -> None:
    need_tesseract()
    run_json("notebook", "import", scans)
    run_json("notebook", "transcribe", "1")
    dest = tmp_path / "export"
    run_json("export", "page-xml", "1", str(dest))
    ns = {"p": "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"}
    root = ElementTree.parse(dest / "0001.xml").getroot()
    page = root.find("p:Page", ns)
    assert page is not None
    assert (page.get("imageWidth"), page.get("imageHeight")) == ("1000", str(2 * TOP + 60))
    lines = page.findall(".//p:TextLine", ns)
    assert len(lines) == 1
    unicode = lines[0].find("p:TextEquiv/p:Unicode", ns)
    assert unicode is not None
    assert "Bristol" in (unicode.text or "")
    coords = lines[0].find("p:Coords", ns)
    assert coords is not None
    points = [tuple(int(v) for v in p.split(",")) for p in coords.get("points", "").split()]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert abs(min(xs) - LEFT) <= 8  # the line's own box, not a stripe of the whole page
    assert 300 < max(xs) < 900
    assert TOP - 5 <= min(ys) < max(ys) <= TOP + LINE_HEIGHT
    # page 3 was typed in: its line is a stripe of the page, as before
    typed = ElementTree.parse(dest / "0003.xml").getroot()
    coords = typed.find(".//p:TextLine/p:Coords", ns)
    assert coords is not None
    assert coords.get("points") == f"0,0 1000,0 1000,{2 * TOP + 60} 0,{2 * TOP + 60}"
