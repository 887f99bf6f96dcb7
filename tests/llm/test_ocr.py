"""The on-device OCR engines on page images drawn here with known text."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from app.domain.notebooks.transcription import character_errors
from app.domain.progress import Cancelled, CancelToken
from app.llm import ocr
from app.llm.ocr import OcrError, TesseractEngine, open_engine, tesseract_lines
from tests.ocr_files import LEFT, LINE_HEIGHT, TOP, need_tesseract, render_page

LINES = [
    "The quick brown fox jumps over the lazy dog.",
    "Dear Mary, we walked to Bristol on Tuesday.",
    "Paid three shillings for bread and candles.",
]

TSV = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
    "1\t1\t0\t0\t0\t0\t0\t0\t500\t200\t-1\t\n"
    "4\t1\t1\t1\t1\t0\t10\t10\t300\t30\t-1\t\n"
    "5\t1\t1\t1\t1\t1\t10\t12\t100\t28\t96.5\tDear\n"
    "5\t1\t1\t1\t1\t2\t120\t10\t190\t30\t95.1\tMary,\n"
    "5\t1\t1\t1\t2\t1\t10\t60\t80\t30\t91.0\t \n"
    '5\t1\t2\t1\t1\t1\t12\t100\t50\t20\t90.0\t"quoted\n'
    "5\t2\t1\t1\t1\t1\t10\t10\t100\t28\t96.5\tSecond-page\n"
)


def test_tesseract_tsv_words_become_lines_boxed_around_their_words() -> None:
    lines = tesseract_lines(TSV)
    assert [line.text for line in lines] == ["Dear Mary,", '"quoted']
    assert lines[0].bounds == (10, 10, 310, 40)
    assert lines[1].bounds == (12, 100, 62, 120)


def test_tesseract_reads_a_drawn_page_with_a_box_around_each_line(tmp_path: Path) -> None:
    need_tesseract()
    image = render_page(tmp_path / "page.png", LINES)
    read = TesseractEngine().read(image)
    assert (read.engine, read.width, read.height) == ("tesseract", 1000, 2 * TOP + 3 * 60)
    assert len(read.lines) == 3
    assert character_errors("\n".join(LINES), read.text).rate < 0.05
    for number, line in enumerate(read.lines):
        assert line.bounds is not None
        left, top, right, bottom = line.bounds
        assert abs(left - LEFT) <= 8
        assert TOP + LINE_HEIGHT * number - 5 <= top < bottom <= TOP + LINE_HEIGHT * (number + 1)
        assert right > 500


def test_tesseract_stops_when_cancelled_and_reports_an_unreadable_image(tmp_path: Path) -> None:
    need_tesseract()
    image = render_page(tmp_path / "page.png", LINES)
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        TesseractEngine().read(image, token)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    with pytest.raises(OcrError, match="cannot be read"):
        TesseractEngine().read(broken)


def test_a_missing_engine_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ocr, "tesseract_path", lambda: None)
    with pytest.raises(OcrError, match=r"^Tesseract is not installed; install .*\.$"):
        open_engine("tesseract")
    with pytest.raises(OcrError, match="no OCR engine called"):
        open_engine("abbyy")


def test_rapidocr_reads_a_drawn_page_when_installed_else_says_so(tmp_path: Path) -> None:
    if importlib.util.find_spec("rapidocr_onnxruntime") is None:  # optional, not installed
        with pytest.raises(OcrError, match=r"^RapidOCR is not installed; install "):
            open_engine("rapidocr")
        return
    image = render_page(tmp_path / "page.png", LINES)
    read = open_engine("rapidocr").read(image)
    assert len(read.lines) == 3
    assert character_errors("\n".join(LINES), read.text).rate < 0.1
    assert all(len(line.points) == 4 for line in read.lines)
