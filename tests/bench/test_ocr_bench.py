"""``python -m bench --only ocr``: rendered pages read by each installed engine, their CER,
WER and pages per second tabled.  No timings are asserted."""

from __future__ import annotations

import random
from pathlib import Path

from PIL import Image

from bench import ocr
from tests.ocr_files import need_tesseract


def test_pages_are_rendered_clean_and_degraded_from_known_text(tmp_path: Path) -> None:
    pages = ocr.make_pages(tmp_path, 2, seed=3)
    assert [p.condition for p in pages] == list(ocr.conditions()) * 2
    assert pages[0].text == pages[1].text
    with Image.open(pages[0].image) as clean, Image.open(pages[1].image) as degraded:
        assert degraded.width < clean.width  # scaled down
    assert ocr.page_texts(8, seed=3) == ocr.page_texts(8, seed=3)
    assert len(set(ocr.page_texts(8, seed=3))) == 8
    ocr.render("x", tmp_path / "x.png", degraded=True, rng=random.Random(1))


def test_each_engine_gets_a_row_per_condition_and_the_table_says_rendered(tmp_path: Path) -> None:
    need_tesseract()
    rows = ocr.bench_ocr(tmp_path, pages=1)
    tesseract = [r for r in rows if r["engine"] == "tesseract"]
    assert [r["images"] for r in tesseract] == list(ocr.conditions())
    assert all(r["pages"] == 1 and r["pages_per_s"] > 0 for r in tesseract)
    assert tesseract[0]["cer"] < 0.1
    table = ocr.render_rows(rows).splitlines()
    assert table[0].startswith("| engine")
    assert "rendered, clean" in table[2]
